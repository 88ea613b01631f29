"""Lighthouse scores of the page as deployed, the full page and an embed (Tablut): what an
audit in Chrome's DevTools or PageSpeed Insights would show, beside bench_load.py's own
timings.  Each is run once by Lighthouse 12.2.3 (npm, node_modules) in Debian's Chromium
with its default mobile preset (a phone's screen, simulated slow CPU and link), on the site
built into a temporary folder (the JSON reports go there too); for each it prints the four
category scores (performance, accessibility, best practices, SEO), the cumulative layout
shift and the total blocking time, and, for a category below 100, the scored audits that
fell short there, so a reader sees why.  The bare PyScript page is not measured
(bench_load.py builds it inline, not in a helper to reuse).
Usage: python3 tools/bench_lighthouse.py
"""

import json
import os
import subprocess
import sys
import tempfile

import build_site
from browser import CHROMIUM, LAUNCH_ARGS, serve

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIGHTHOUSE = os.path.join(ROOT, "node_modules", ".bin", "lighthouse")
CATEGORIES = {"performance": "performance", "accessibility": "accessibility",
              "best-practices": "best practices", "seo": "SEO"}
PAGES = {"page": "index.html", "embed": "index.html?embed=1&game=tablut"}
UNSCORED = ("informative", "notApplicable", "manual")


def run_lighthouse(url, report_path):
    """Lighthouse's JSON report of `url`, or None (and a line saying why) if it failed."""
    command = ["node", LIGHTHOUSE, url, "--chrome-flags=" + " ".join(["--headless=new", *LAUNCH_ARGS]),
               "--only-categories=" + ",".join(CATEGORIES), "--output=json", f"--output-path={report_path}"]
    done = subprocess.run(command, env={**os.environ, "CHROME_PATH": CHROMIUM}, capture_output=True, text=True)
    if done.returncode != 0 or not os.path.isfile(report_path):
        last_lines = done.stderr.strip().splitlines()[-3:]
        reason = f"exit {done.returncode}" if done.returncode else "no report written"
        print(f"Lighthouse failed on {url} ({reason}):", *last_lines, sep="\n  ")
        return None
    with open(report_path) as f:
        return json.load(f)


def failed_audits(report, category):
    """(id, title, displayValue) of the scored audits in `category` below full marks."""
    audits = [report["audits"][ref["id"]] for ref in report["categories"][category]["auditRefs"]]
    return [(audit["id"], audit["title"], audit.get("displayValue", "")) for audit in audits
            if audit["scoreDisplayMode"] not in UNSCORED and audit["score"] is not None and audit["score"] < 1]


def score(report, category):
    value = report["categories"][category]["score"]
    return "-" if value is None else str(round(value * 100))


def main():
    with tempfile.TemporaryDirectory() as folder:
        site = os.path.join(folder, "site")
        build_site.build(site)
        server = serve(site)
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        reports = {}
        for name, path in PAGES.items():
            print(f"Lighthouse (mobile): {name} ...", flush=True)
            reports[name] = run_lighthouse(base + path, os.path.join(folder, name + ".json"))
        server.shutdown()
    measured = {name: report for name, report in reports.items() if report}
    print(f"\n{'page':<6} {'performance':>11} {'accessibility':>13} {'best practices':>14} {'SEO':>4} "
          f"{'CLS':>6} {'TBT ms':>7}")
    for name, report in measured.items():
        audits = report["audits"]
        print(f"{name:<6} {score(report, 'performance'):>11} {score(report, 'accessibility'):>13} "
              f"{score(report, 'best-practices'):>14} {score(report, 'seo'):>4} "
              f"{audits['cumulative-layout-shift']['numericValue']:6.3f} "
              f"{audits['total-blocking-time']['numericValue']:7.0f}")
    for name, report in measured.items():
        for category, label in CATEGORIES.items():
            if score(report, category) != "100":
                print(f"\n{name}, {label} {score(report, category)}: audits below full marks")
                for audit_id, title, value in failed_audits(report, category):
                    print(f"  {audit_id:<34} {title}" + (f" ({value})" if value else ""))
        errored = [audit_id for audit_id, audit in report["audits"].items() if audit["scoreDisplayMode"] == "error"]
        if errored:  # (one with a weight would leave its category without a score: "-")
            print(f"\n{name}: audits Lighthouse could not run here (not scored):", ", ".join(errored))
    if len(measured) < len(reports):
        sys.exit(1)


if __name__ == "__main__":
    main()
