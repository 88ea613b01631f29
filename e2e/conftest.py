"""Playwright fixtures: our static site (site/, written afresh by tools/build_site.py as
`make site` does) served on 127.0.0.1 by a plain static server, and Debian's Chromium.

Every page a test opens records the requests it makes and the console errors it logs;
a request to any other host, or a console error, fails the test at teardown.  The helpers
the tests share live in page_helpers.py; test modules never import each other.
"""

import os
import sys

import pytest
from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "py"))

from browser import CHROMIUM, LAUNCH_ARGS, READY_TIMEOUT_MS, serve  # noqa: E402
from page_helpers import Watch  # noqa: E402


@pytest.fixture(scope="session")
def site_dir():
    """The site folder, written afresh from the sources (tools/build_site.py)."""
    if not os.path.isdir(os.path.join(ROOT, "vendor", "pyodide")):
        pytest.fail("vendor/ is missing: run `make vendor` (make test does it)")
    import build_site
    site = os.environ.get("E2E_SITE", build_site.SITE)  # (another folder: two runs at once)
    build_site.build(site)
    return site


@pytest.fixture(scope="session")
def site(site_dir):
    """Base URL of the site folder, served by a plain static server."""
    server = serve(site_dir)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `apt-get install -y chromium` (make test does it)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def watch():
    return Watch()


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport={"width": 1100, "height": 850})
    yield ctx
    ctx.close()


@pytest.fixture
def open_page(context, site, watch):
    """open_page(query="") -> a ready page of the site."""
    opened = []

    def opener(query="", page=None):
        page = watch.follow(page or context.new_page())
        page.goto(f"{site}/index.html{query}")
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
        opened.append(page)
        return page

    yield opener
    assert watch.foreign_requests() == [], "the page must not leave its own origin"
    assert watch.console_errors == []


@pytest.fixture(scope="module")
def module_page(browser, site):
    """One ready page shared by a test module (start-up costs seconds); tests switch games
    with `new_game(page, id)`.  Foreign requests and console errors fail the module."""
    ctx = browser.new_context(viewport={"width": 1100, "height": 850})
    seen = Watch()
    page = seen.follow(ctx.new_page())
    page.goto(f"{site}/index.html")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
    yield page
    ctx.close()
    assert seen.foreign_requests() == []
    assert seen.console_errors == []


