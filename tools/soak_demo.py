"""Long demos stay healthy: play many computer-against-computer games in the page at full
speed and report console errors and memory at the start, every N games and the end.

The page (headless Debian Chromium) plays the games one after the other, as a visitor's
demo would: both players the computer, demo speed Fast, a low level; each game starts
with the hook's newGame once the last one is over (or cut at --max-plies).  The figures
are taken on a fresh game with the demo paused (Pause, then Resume), after a garbage
collection, so the rows compare like with like:

- JS heap: the page's used JavaScript heap (CDP Runtime.getHeapUsage), and its DOM nodes
  and event listeners (CDP Memory.getDOMCounters);
- wasm: the page's Pyodide WebAssembly memory (HEAP8.length; it grows, never shrinks);
- py objects: Python objects the page's collector tracks; proxies: live PyProxies made
  since the start (Pyodide's allocation tracing, turned on by the hook's memory(true));
- worker objs: the AI worker's Python objects (the worker's WebAssembly memory is out of
  reach: PyScript keeps its interpreter private, and Chromium measures a worker's memory
  only for cross-origin isolated pages).

Usage: python3 tools/soak_demo.py [--games 100] [--every 10] [--level 1]
                                  [--game tablut vut vault pux uos] [--max-plies 300]
"""

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from browser import CHROMIUM, LAUNCH_ARGS, READY_TIMEOUT_MS, serve  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

GAME_OVER = """cap => document.body.dataset.result
    || document.querySelectorAll('#move-list li').length >= cap"""
SOUND_ENDS_MS = 1500  # the longest sound (webapp/words/sounds.py) lasts under a second
COLUMNS = (("games", 6), ("plies", 7), ("secs", 7), ("JS heap MB", 11), ("DOM nodes", 10),
           ("listeners", 10), ("wasm MB", 8), ("py objects", 11), ("proxies", 8), ("worker objs", 12))


def measure(page, cdp, trace=False):
    """The figures of the table's columns (after games, plies, seconds)."""
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")["usedSize"]
    dom = cdp.send("Memory.getDOMCounters")
    python = page.evaluate("trace => window.boardgames.memory(trace)", trace)
    worker = python["worker"] or {"objects": None}
    return (heap / 1e6, dom["nodes"], dom["jsEventListeners"], python["wasm"] / 1e6, python["objects"],
            python["proxies"], worker["objects"])


def row(values):
    cells = []
    for (_, width), value in zip(COLUMNS, values):
        text = "-" if value is None else f"{value:.1f}" if isinstance(value, float) else str(value)
        cells.append(text.rjust(width))
    return "".join(cells)


def start_game(page, game_id):
    result = page.evaluate("id => window.boardgames.newGame(id)", game_id)
    if not result["ok"]:
        sys.exit(f"soak_demo: {game_id}: {result['error']}")


def measured_start(page, cdp, game_id, trace=False):
    """Start `game_id` and take the figures before its first move (the demo paused
    meanwhile), so every row is taken in the same state: a fresh game, nothing thought,
    no sound playing (its audio nodes hold event listeners until it ends)."""
    page.click("#pause")
    start_game(page, game_id)
    page.wait_for_timeout(SOUND_ENDS_MS)
    figures = measure(page, cdp, trace)
    page.click("#pause")  # Resume
    return figures


def finish_game(page, max_plies):
    """Wait until the demo ends the game or reaches `max_plies`; returns (plies, winner
    or 'draw' or 'cut')."""
    page.wait_for_function(GAME_OVER, arg=max_plies, timeout=0, polling=250)
    plies = page.evaluate("document.querySelectorAll('#move-list li').length")
    return plies, page.evaluate("document.body.dataset.result") or "cut"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--every", type=int, default=10, help="print the figures every N games")
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--game", nargs="+", default=["tablut", "vut", "vault", "pux", "uos"],
                        help="games played in turn")
    parser.add_argument("--max-plies", type=int, default=300, help="a game still on after this is cut")
    args = parser.parse_args()
    server = serve(ROOT)
    site = f"http://127.0.0.1:{server.server_address[1]}"
    errors, warnings, results = [], [], {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        page = browser.new_context(viewport={"width": 1100, "height": 850}).new_page()
        page.on("console", lambda m: (errors if m.type == "error" else warnings if m.type == "warning"
                                      else []).append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{site}/index.html?game={args.game[0]}&computer=both&level={args.level}")
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
        page.select_option("#speed", "fast")
        page.wait_for_selector("body[data-worker='ready']", state="attached", timeout=READY_TIMEOUT_MS)
        cdp = page.context.new_cdp_session(page)
        print(f"{args.games} demo games of {', '.join(args.game)} at level {args.level}, "
              f"cut at {args.max_plies} plies")
        print("".join(name.rjust(width) for name, width in COLUMNS))
        start = measured_start(page, cdp, args.game[0], trace=True)
        print(row((0, 0, 0.0) + start))
        plies, began = 0, time.monotonic()
        for number in range(1, args.games + 1):
            played, outcome = finish_game(page, args.max_plies)
            plies += played
            results[outcome] = results.get(outcome, 0) + 1
            following = args.game[number % len(args.game)]
            if number % args.every == 0 or number == args.games:
                end = measured_start(page, cdp, following)
                print(row((number, plies, time.monotonic() - began) + end), flush=True)
            else:
                start_game(page, following)
        browser.close()
    server.shutdown()
    print("results: " + ", ".join(f"{name} {count}" for name, count in sorted(results.items())))
    growth = [f"{name} {b - a:+.1f}" if isinstance(a, float) else f"{name} {b - a:+d}"
              for (name, _), a, b in zip(COLUMNS[3:], start, end) if a is not None and b is not None]
    print("growth over the run: " + ", ".join(growth))
    print(f"console: {len(errors)} errors, {len(warnings)} warnings")
    for text in errors[:20]:
        print("  error:", text[:300])
    for text in sorted(set(warnings))[:10]:
        print("  warning:", text[:300])


if __name__ == "__main__":
    main()
