"""Review in the page: how long the AI worker takes to go over a 100-move game at the
review's default search per position (webapp/worker/computer.py REVIEW_SECONDS), how
long until the first mark shows in the move list, and the longest freeze of the page
meanwhile (the gaps of a 10 ms timer).  The games are seeded computer games (node
budgets, with random moves mixed in so they last 100 moves).
Usage: python3 tools/bench_review.py [--games tablut vut pux] [--moves 100]
"""

import argparse
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))

from browser import CHROMIUM, LAUNCH_ARGS, READY_TIMEOUT_MS, serve  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from boardgames.ai import choose_move  # noqa: E402
from webapp.state.session import Session  # noqa: E402
from webapp.words import sharing  # noqa: E402

WATCH = """() => {
    window.reviewBench = {start: performance.now(), first: null, gaps: [], last: performance.now()};
    const bench = window.reviewBench;
    const timer = setInterval(() => {
        const now = performance.now(); bench.gaps.push(now - bench.last); bench.last = now;
        if (bench.first === null && document.querySelector('#move-list .mark')) bench.first = now - bench.start;
        const found = window.boardgames.state().analysis;
        if (found && found.done) { bench.done = now - bench.start; clearInterval(timer); }
    }, 10);
}"""


def lasting(game, state, move):
    """Whether `move` neither ends the game nor lets the opponent win at once."""
    after = game.play(state, move)
    return game.result(after) is None and all(game.result(game.play(after, reply)) is None
                                              for reply in game.legal(after))


def seeded_game(game_id, moves, seed=1):
    """A session of `moves` moves: the computer on a small node budget, a random move
    one time in three, and never a move that ends the game or lets it end next (so the
    game lasts)."""
    rng = random.Random(seed)
    session = Session(game_id)
    while len(session.moves) < moves:
        game, state = session.game, session.state
        move = choose_move(game, state, nodes=150, seed=rng.randrange(10**6)) if rng.random() > 0.33 else None
        if move is None or not lasting(game, state, move):
            safe = [m for m in sorted(game.legal(state)) if lasting(game, state, m)]
            move = rng.choice(safe or sorted(game.legal(state)))
        session.play(move)
        if session.result is not None:
            raise RuntimeError(f"the {game_id} game ended at move {len(session.moves)}: try another seed")
    return session


def measure(browser, site, session):
    page = browser.new_context(viewport={"width": 1100, "height": 850}).new_page()
    page.goto(sharing.page_link(f"{site}/index.html", session, 2))
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
    page.evaluate(WATCH)
    page.click("#analyse")
    page.wait_for_function("window.reviewBench.done !== undefined", timeout=300_000, polling=100)
    bench = page.evaluate("window.reviewBench")
    marks = len(page.evaluate("window.boardgames.state().analysis.marks"))
    page.context.close()
    return bench["first"] / 1000, bench["done"] / 1000, max(bench["gaps"]), marks


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["tablut", "vut", "pux"])
    parser.add_argument("--moves", type=int, default=100)
    args = parser.parse_args()
    server = serve(ROOT)
    site = f"http://127.0.0.1:{server.server_address[1]}"
    print(f"Review of a {args.moves}-move game in the page's AI worker (goal: first mark within 2 s, "
          "the whole game within 30 s)")
    print(f"{'game':<10}{'first mark s':>14}{'whole game s':>14}{'max freeze ms':>15}{'marks':>7}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        for game_id in args.games:
            first, done, gap, marks = measure(browser, site, seeded_game(game_id, args.moves))
            first_text = f"{first:.2f}" if first is not None else "none"
            print(f"{game_id:<10}{first_text:>14}{done:>14.2f}{gap:>15.0f}{marks:>7}", flush=True)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
