"""What the e2e tests share: the page's hook state, clicks on cells, games switched, the
pixels a reader sees, and a class page on another site framing ours.  Test modules import
these from here, never from each other or from conftest."""

import base64
import contextlib
import json
import os
import re
import sys
from urllib.parse import urlparse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))

from browser import READY_TIMEOUT_MS, serve  # noqa: E402

# interpreter.mjs warns when the page imports a standard module its stdlib zip left out
# (the build's list is then short): as much a failure as an error.
LEFT_OUT = "left out of the page's stdlib"


def counts_as_error(message):
    """Whether a console message fails a test: an error, or the warning above."""
    return message.type == "error" or LEFT_OUT in message.text


REFUSED_STORAGE = "() => { try { localStorage.length; return false; } catch (e) { return true; } }"


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
        page.on("console", lambda m: counts_as_error(m) and self.console_errors.append(m.text))
        page.on("pageerror", lambda e: self.console_errors.append(str(e)))
        return page


def engine_modules(site_dir):
    """PyScript's modules the site's start.js asks for at once (tools/build_site.py lists them)."""
    with open(os.path.join(site_dir, "start.js")) as f:
        return json.loads(re.search(r"const ENGINE_MODULES = (\[.*\]);", f.read()).group(1))


def modules_asked_for(frame):
    """The hrefs of the modules `frame` (a page or a frame) asked for ahead (modulepreload links)."""
    return frame.evaluate("[...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href'))")


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
    after = state(page)["moves"]  # (the computer may have answered already)
    assert len(after) > before and after[before] == move, page.inner_text("#message")


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


def open_ready(context, watch, url):
    """A new page of `context`, followed by `watch`, at `url`, once it is ready."""
    page = watch.follow(context.new_page())
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
    return page


def ready(page_or_frame):
    page_or_frame.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)


@contextlib.contextmanager
def class_page(browser, tmp_path, html, viewport, init_script=None):
    """A page on another site (`localhost`, served from tmp_path) holding `html`, opened
    in a fresh context (running `init_script` in every frame, if given): yields it and its
    Watch; at the end its frames must have made no request elsewhere and logged no console
    error."""
    (tmp_path / "class.html").write_text(f"<!doctype html><meta charset='utf-8'><title>Class page</title>"
                                         f"<link rel='icon' href='data:,'>{html}")
    server = serve(str(tmp_path))
    url = f"http://localhost:{server.server_address[1]}/class.html"
    context = browser.new_context(viewport=viewport)
    if init_script:
        context.add_init_script(init_script)
    seen = Watch(host_page=url.rsplit("/", 1)[0])
    try:
        page = seen.follow(context.new_page())
        page.goto(url)
        yield page, seen
        assert seen.console_errors == [] and seen.foreign_requests() == []
    finally:
        context.close()
        server.shutdown()


def menu_item(page, item_id):
    """Click an item of the menu under the board (it opens the menu first)."""
    if page.get_attribute("#menu-button", "aria-expanded") != "true":
        page.click("#menu-button")
    page.click(f"#{item_id}")


def open_sheet(page, name):
    """Open one of the menu's windows: "share", "games", "rules", "settings" or "keys"."""
    menu_item(page, f"{name}-open")
    page.wait_for_selector(f"dialog#{name}[open]")


def close_sheet(page, name):
    page.click(f"dialog#{name} .sheet-close")
    page.wait_for_selector(f"dialog#{name}:not([open])", state="attached")


def show_activity(page, name):
    """Show an activity beside the board ("play", "friend", "review", "learn"): its tab, or
    on a phone (no tabs) the menu's item."""
    if page.is_visible(f"#tab-{name}"):
        page.click(f"#tab-{name}")
    else:
        page.click("#menu-button")
        page.click(f"#menu [data-activity='{name}']")
    page.wait_for_selector(f"#panel-{name}:not([hidden])", state="attached")
