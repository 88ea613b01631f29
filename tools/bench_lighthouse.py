"""Lighthouse scores of the page as deployed, the full page and an embed (Tablut): what an
audit in Chrome's DevTools or PageSpeed Insights would show, beside bench_load.py's own
timings.  Each is run `--runs` times (3; one run's performance varies by up to ten points
here) by Lighthouse 12.2.3 (npm, node_modules) in Debian's Chromium with its default mobile
preset (a phone's screen, simulated slow CPU and link), on the site built into a temporary
folder (the JSON reports go there too); for each run it prints the four category scores
(performance, accessibility, best practices, SEO), the cumulative layout shift, the total
blocking time and the other weighted timings (first and largest contentful paint, speed
index), then each page's median performance; and, for a category below 100 in the page's
median run, the scored audits that fell short there, so a reader sees why.  The bare
PyScript page is not measured (bench_load.py builds it inline, not in a helper to reuse).
Usage: python3 tools/bench_lighthouse.py [--runs N]
"""

import argparse
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs of each page (3)")
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        site = os.path.join(folder, "site")
        build_site.build(site)
        server = serve(site)
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        reports = {}
        for name, path in PAGES.items():
            print(f"Lighthouse (mobile): {name}, {runs} runs ...", flush=True)
            reports[name] = [run_lighthouse(base + path, os.path.join(folder, f"{name}-{run}.json"))
                             for run in range(runs)]
        server.shutdown()
    print(f"\n{'page':<6} {'performance':>11} {'accessibility':>13} {'best practices':>14} {'SEO':>4} "
          f"{'CLS':>6} {'TBT ms':>7} {'FCP s':>6} {'LCP s':>6} {'SI s':>6}")
    measured = {}
    for name, page_reports in reports.items():
        done = [report for report in page_reports if report]
        for report in done:
            audits = report["audits"]
            print(f"{name:<6} {score(report, 'performance'):>11} {score(report, 'accessibility'):>13} "
                  f"{score(report, 'best-practices'):>14} {score(report, 'seo'):>4} "
                  f"{audits['cumulative-layout-shift']['numericValue']:6.3f} "
                  f"{audits['total-blocking-time']['numericValue']:7.0f} "
                  + " ".join(f"{audits[audit]['numericValue'] / 1000:6.2f}" for audit in
                             ("first-contentful-paint", "largest-contentful-paint", "speed-index")))
        if done:
            ranked = sorted(done, key=lambda report: report["categories"]["performance"]["score"] or 0)
            measured[name] = ranked[len(ranked) // 2]
            print(f"{name:<6} median performance {score(measured[name], 'performance')} of {len(done)} runs")
    for name, report in measured.items():
        for category, label in CATEGORIES.items():
            if score(report, category) != "100":
                print(f"\n{name}, {label} {score(report, category)}: audits below full marks")
                for audit_id, title, value in failed_audits(report, category):
                    print(f"  {audit_id:<34} {title}" + (f" ({value})" if value else ""))
        errored = [audit_id for audit_id, audit in report["audits"].items() if audit["scoreDisplayMode"] == "error"]
        if errored:  # (one with a weight would leave its category without a score: "-")
            print(f"\n{name}: audits Lighthouse could not run here (not scored):", ", ".join(errored))
    if any(not report for page_reports in reports.values() for report in page_reports):
        sys.exit(1)


if __name__ == "__main__":
    main()
