"""Playwright fixtures: our static site (site/, written afresh by tools/build_site.py as
`make site` does) served on 127.0.0.1 by a plain static server, and Debian's Chromium.

Every page a test opens records the requests it makes and the console errors it logs;
a request to any other host, or a console error, fails the test at teardown.
"""

import base64
import functools
import http.server
import os
import sys
import threading
from urllib.parse import urlparse

import pytest
from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "py"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
READY_TIMEOUT_MS = 120_000


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory):
    handler = functools.partial(QuietHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture(scope="session")
def site_dir():
    """The site folder, written afresh from the sources (tools/build_site.py)."""
    if not os.path.isdir(os.path.join(ROOT, "vendor", "pyodide")):
        pytest.fail("vendor/ is missing: run `make vendor` (make test does it)")
    import build_site
    build_site.build()
    return build_site.SITE


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


class Watch:
    """What a page did that a test should know about."""

    def __init__(self, host_page=None):
        self.requests = []
        self.console_errors = []
        self.host_page = host_page  # an embedding page on another site, allowed

    def foreign_requests(self):
        return [u for u in self.requests
                if urlparse(u).scheme not in ("data", "blob") and urlparse(u).hostname != "127.0.0.1"
                and not (self.host_page and u.startswith(self.host_page))]

    def follow(self, page):
        """Record what `page` (and its frames) request and log as errors."""
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        page.on("pageerror", lambda e: self.console_errors.append(str(e)))
        return page


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


def state(page):
    return page.evaluate("window.boardgames.state()")


def click_cell(page, name):
    point = page.evaluate("name => window.boardgames.squareCenter(name)", name)
    assert point is not None, f"no cell {name} on the board"
    page.mouse.click(point["x"], point["y"])


def play_by_clicks(page, move):
    """Play a from-to move with two real clicks and check it was played."""
    before = len(state(page)["moves"])
    src, dst = move.split("-")
    click_cell(page, src)
    click_cell(page, dst)
    after = state(page)["moves"]
    assert len(after) == before + 1 and after[-1] == move, page.inner_text("#message")


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


def new_game(page, game_id):
    result = page.evaluate("id => window.boardgames.newGame(id)", game_id)
    assert result["ok"], result["error"]
    assert state(page)["game"] == game_id


def screen_pixels(page, points, screenshot=None):
    """RGBA at viewport points [(x, y)] of a screenshot (taken now unless given; decoded by
    the browser): what the reader sees, whatever drew it (the preview's SVG or the canvas)."""
    png = base64.b64encode(screenshot or page.screenshot()).decode()
    return page.evaluate("""async ([png, points]) => {
        const bitmap = await createImageBitmap(await (await fetch("data:image/png;base64," + png)).blob());
        const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d");
        ctx.drawImage(bitmap, 0, 0);
        return points.map(([x, y]) => Array.from(ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data));
    }""", [png, [list(p) for p in points]])
