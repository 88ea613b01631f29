"""The computer in the page (the page counterpart of tools/bench_ai.py): per level, how
long the computer takes to answer and how long the page is frozen meanwhile.

On Tablut, Black (human) plays d1-d3 and White (computer) answers.  From the human's
move to the answer, a 10 ms timer in the page records the gaps between its ticks: the
longest gap is the worst freeze a player sees.  Measured with the AI worker, and with
the worker blocked so the search runs on the page's thread (the fallback).
Usage: python3 tools/bench_ai_page.py [--levels 1 2 3 4]
"""

import argparse
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from browser import CHROMIUM, LAUNCH_ARGS, READY_TIMEOUT_MS, serve  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

RECORD_TICKS = """() => {
    window.ticks = []; let last = performance.now();
    const timer = setInterval(() => {
        const now = performance.now(); window.ticks.push(now - last); last = now;
        if (document.querySelectorAll('#move-list li').length >= 2) clearInterval(timer);
    }, 10);
}"""


def measure(page, level):
    """(seconds to the computer's move, longest gap in ms, ticks) at `level`."""
    page.evaluate("window.boardgames.newGame('tablut')")
    page.select_option("#level", str(level))
    assert page.evaluate("window.boardgames.play('d1-d3')")["ok"]
    page.evaluate(RECORD_TICKS)
    page.wait_for_function("document.querySelectorAll('#move-list li').length >= 2",
                           timeout=60_000, polling=50)
    gaps = page.evaluate("window.ticks")
    return sum(gaps) / 1000, max(gaps), len(gaps)


def run(browser, site, levels, worker):
    context = browser.new_context(viewport={"width": 1100, "height": 850})
    page = context.new_page()
    if not worker:
        page.route("**/worker.toml", lambda route: route.abort())
    page.goto(f"{site}/index.html?game=tablut")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
    page.select_option("#player-w", "computer")
    if worker:
        page.wait_for_selector("body[data-worker='ready']", state="attached", timeout=READY_TIMEOUT_MS)
    rows = [(level, *measure(page, level)) for level in levels]
    context.close()
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, nargs="+", default=[1, 2, 3, 4])
    args = parser.parse_args()
    server = serve(ROOT)
    site = f"http://127.0.0.1:{server.server_address[1]}"
    print("Tablut, White's answer to d1-d3: seconds to move, longest gap between 10 ms ticks")
    print(f"{'where the search runs':<24}{'level':>6}{'move s':>9}{'max gap ms':>12}{'ticks':>7}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        for worker, label in ((True, "AI worker"), (False, "page thread (fallback)")):
            for level, seconds, gap, ticks in run(browser, site, args.levels, worker):
                print(f"{label:<24}{level:>6}{seconds:>9.2f}{gap:>12.0f}{ticks:>7}")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
