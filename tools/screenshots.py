"""The README's pictures: one screenshot of the page per game family, mid-game (a
position of the puzzle table, so it is a real one), taken in headless Debian Chromium
from the page as served (run `make vendor` first), written to docs/screenshots/.

Usage: python3 tools/screenshots.py [--width 1100] [--height 760]
"""

import argparse
import os
import sys
from urllib.parse import urlencode

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))

from boardgames.puzzles import game_from_spec, puzzles_for  # noqa: E402
from browser import CHROMIUM, LAUNCH_ARGS, READY_TIMEOUT_MS, serve  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

FAMILIES = ("vut", "tablut", "vault", "pux", "uos")
OUT = os.path.join(ROOT, "docs", "screenshots")


def query(game_id):
    """The link of a mid-game position of the game: its hardest puzzle's."""
    puzzle = puzzles_for(game_id)[-1]
    game = game_from_spec(puzzle.spec)
    return urlencode({"game": game_id, **{k: str(v) for k, v in game.chosen.items()}, "fen": puzzle.position})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=1100)
    parser.add_argument("--height", type=int, default=760)
    args = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    server = serve(ROOT)
    site = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            context = browser.new_context(viewport={"width": args.width, "height": args.height})
            page = context.new_page()
            for game_id in FAMILIES:
                page.goto(f"{site}/index.html?{query(game_id)}")
                page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
                page.evaluate("document.getElementById('board').focus(); document.activeElement.blur()")
                path = os.path.join(OUT, f"{game_id}.png")
                page.screenshot(path=path)
                print(f"{path}: {os.path.getsize(path) // 1024} kB")
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
