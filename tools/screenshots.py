"""The README's pictures, taken in headless Debian Chromium from the page as served (run
`make vendor` first) and written to docs/screenshots/: a game on a laptop (1366x768), a
review on a laptop, a game on a phone (390x844, touch), and one mid-game picture per game
family on a laptop.  Mid-game positions are those of the puzzle table (real ones); the
reviewed game is the computer's own (Beginner against Beginner, seeded, a node budget a move), so every run takes
the same pictures.

Usage: python3 tools/screenshots.py
"""

import os
import sys
from urllib.parse import urlencode

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))

from boardgames import get_game  # noqa: E402
from boardgames.ai import choose_move  # noqa: E402
from boardgames.puzzles import game_from_spec, puzzles_for  # noqa: E402
from browser import CHROMIUM, LAUNCH_ARGS, READY_TIMEOUT_MS, serve  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

FAMILIES = ("vut", "tablut", "vault", "pux", "uos")
OUT = os.path.join(ROOT, "docs", "screenshots")
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
REVIEWED = ("vut", 36)  # the game and the number of moves of the reviewed game


def query(game_id):
    """The link of a mid-game position of the game: its hardest puzzle's."""
    puzzle = puzzles_for(game_id)[-1]
    game = game_from_spec(puzzle.spec)
    return urlencode({"game": game_id, **{k: str(v) for k, v in game.chosen.items()}, "fen": puzzle.position})


def computer_game(game_id, plies):
    """The moves of a game the computer plays against itself at its first level, seeded."""
    game = get_game(game_id)
    state, moves = game.new(), []
    for ply in range(plies):
        if game.result(state) is not None:
            break
        move = choose_move(game, state, level=1, seed=ply, nodes=300)
        moves.append(move)
        state = game.apply(state, move)
    return moves


def shoot(page, name):
    page.evaluate("document.activeElement && document.activeElement.blur()")
    path = os.path.join(OUT, f"{name}.png")
    page.screenshot(path=path)
    print(f"{path}: {os.path.getsize(path) // 1024} kB")


def main():
    os.makedirs(OUT, exist_ok=True)
    server = serve(ROOT)
    site = f"http://127.0.0.1:{server.server_address[1]}"

    def opened(context, link):
        page = context.new_page()
        page.goto(f"{site}/index.html?{link}")
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
        return page

    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            laptop = browser.new_context(viewport=LAPTOP)
            for game_id in FAMILIES:
                shoot(opened(laptop, query(game_id)), game_id)
            shoot(opened(laptop, query("tablut")), "laptop")
            game_id, plies = REVIEWED
            page = opened(laptop, urlencode({"game": game_id, "moves": " ".join(computer_game(game_id, plies))}))
            page.evaluate("window.boardgames.analyse()")
            marked = page.evaluate("window.boardgames.state().analysis.marks.map((m) => m.ply)")
            page.click(f"#move-list button[data-index='{marked[len(marked) // 2]}']")
            shoot(page, "review")
            phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
            shoot(opened(phone, query("pux")), "phone")
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
