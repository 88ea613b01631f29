"""Median time from navigation to ready, over cold loads, of our page and of the floor.

The floor is a bare PyScript page with an empty script, on the same vendored runtime and
the same kind of local server.  Each load uses a fresh browser context (empty cache).
Prints both medians and their ratio.  Usage: python3 tools/bench_load.py [--loads 5]
"""

import argparse
import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "e2e"))

from conftest import CHROMIUM, LAUNCH_ARGS, serve  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

BARE_PAGE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="icon" href="data:,">
<script type="module" src="./vendor/pyscript/core.js"></script></head><body>
<script type="py" config='{"interpreter": "./vendor/pyodide/pyodide.mjs"}'>
from pyscript import document
document.body.dataset.ready = "1"
</script></body></html>"""


def cold_load_seconds(browser, url):
    context = browser.new_context()
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=180_000)
    elapsed = time.perf_counter() - start
    context.close()
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as bare_root:
        with open(os.path.join(bare_root, "index.html"), "w") as f:
            f.write(BARE_PAGE)
        os.symlink(os.path.join(ROOT, "vendor"), os.path.join(bare_root, "vendor"))
        ours, bare = serve(ROOT), serve(bare_root)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            times = {"our page": [], "bare PyScript (floor)": []}
            for _ in range(args.loads):  # interleaved, so machine load hits both alike
                times["our page"].append(cold_load_seconds(
                    browser, f"http://127.0.0.1:{ours.server_address[1]}/index.html"))
                times["bare PyScript (floor)"].append(cold_load_seconds(
                    browser, f"http://127.0.0.1:{bare.server_address[1]}/index.html"))
            browser.close()
        ours.shutdown()
        bare.shutdown()
    medians = {name: statistics.median(t) for name, t in times.items()}
    print(f"cold loads: {args.loads} each, navigation to ready (median, min-max)")
    for name, t in times.items():
        print(f"  {name:<24} {medians[name]:6.2f} s   ({min(t):.2f}-{max(t):.2f})")
    print(f"  ratio ours / floor       {medians['our page'] / medians['bare PyScript (floor)']:6.2f}")


if __name__ == "__main__":
    main()
