"""Embeds and the board before Python, as readers meet them: a class page on another site
(`localhost` framing `127.0.0.1`, whose storage this Chromium refuses) with three embedded
games that cost nothing until touched; a board on screen half a second after navigation;
the live board taking the picture's place and playing the click made on it; the site
folder under a path; a sandboxed frame; the embed parameters and bad ones."""

import re

import pytest

from browser import READY_TIMEOUT_MS, serve
from page_helpers import (REFUSED_STORAGE, Watch, class_page, click_cell, engine_modules, modules_asked_for,
                          open_sheet, play_by_clicks, ready, screen_pixels, state)
from boardgames import get_game
from webapp.drawing.layout import Layout, board_cells
from webapp.drawing.render import PALETTES
from webapp.words.sharing import NOT_SAVED

RUNTIME = re.compile(r"\.wasm$|/python_stdlib\.zip$")


class HeldEngine:
    """Holds back the runtime's two big files, so that Python cannot start (and keep the
    page's thread busy) before the test has looked at and clicked the picture of the board;
    `release()` lets them through."""

    def __init__(self, page):
        self.page, self.routes = page, []
        page.route(RUNTIME, lambda route: self.routes.append(route))

    def release(self):
        for route in self.routes:
            route.continue_()
        self.page.unroute(RUNTIME)  # (which lets through any that came meanwhile)


def preview_points(owner, game_id, cells, options=None, flipped=False):
    """Viewport (x, y) of cells' centres on the board's picture, before Python runs."""
    box = owner.locator("#preview").bounding_box()
    layout = Layout(board_cells(get_game(game_id, **(options or {}))), box["width"], box["height"],
                    flipped=flipped)
    return [(box["x"] + x, box["y"] + y) for x, y in map(layout.center, cells)]


def preview_point(owner, game_id, cell, options=None):
    return preview_points(owner, game_id, [cell], options)[0]


def colour(text):
    return [int(text[i:i + 2], 16) for i in (1, 3, 5)]


def assert_board_shown(page, owner, game_id, options=None, theme="light", screenshot=None):
    """The screen (or `screenshot`) shows the setup: empty cells in their colour, men on theirs."""
    game = get_game(game_id, **(options or {}))
    men = game.men(game.new())
    marks = game.special_cells
    cells = [c for c in board_cells(game) if not c.ghost and c.name not in marks]
    empty = [c for c in cells if c.name not in men][:5]
    taken = [c for c in cells if c.name in men][:5]
    points = preview_points(owner, game_id, [c.name for c in empty + taken], options)
    pixels = screen_pixels(page, points, screenshot)
    for cell, pixel in zip(empty + taken, pixels):
        expected = colour(PALETTES["wood"][theme][cell.shade])
        near = all(abs(a - b) <= 6 for a, b in zip(pixel[:3], expected))
        assert near == (cell.name not in men), (game_id, cell.name, pixel, expected)


def test_a_class_page_on_another_site_shows_three_boards_and_starts_only_the_touched_one(browser, site, site_dir,
                                                                                           tmp_path):
    embeds = {"tablut": "game=tablut", "vault": "game=vault&size=8&theme=dark",
              "vut": "game=vut&moves=c2-c5+i8-i5&viewer=1"}
    frames_html = "".join(f'<iframe title="{name}" src="{site}/index.html?embed=1&{query}" width="420" '
                          f'height="480" style="border:0"></iframe>' for name, query in embeds.items())
    html = f"<h1>Today's games</h1>{frames_html}"
    with class_page(browser, tmp_path, html, {"width": 1320, "height": 700}) as (page, seen):
        frames = {name: page.frame(url=re.compile(re.escape(query))) for name, query in embeds.items()}
        for frame in frames.values():
            frame.wait_for_selector("#preview.drawn", state="attached")
            frame.wait_for_function("performance.getEntriesByName('board-shown').length === 1")
            assert frame.is_visible("#play")
            frame.wait_for_load_state("load")
            assert frame.evaluate("document.body.dataset.engine") == "waiting", "the page decided to wait"
        engine = [u for u in seen.requests if re.search(r"\.wasm$|pyodide|/core\.js$", u)]
        assert engine == [], "no engine before a reader touches a board"
        assert frames["tablut"].evaluate(REFUSED_STORAGE), "a cross-site frame: storage is refused"
        assert_board_shown(page, frames["tablut"], "tablut")
        assert_board_shown(page, frames["vault"], "vault", {"size": 8}, theme="dark")
        assert frames["vut"].inner_text("#preview-note") == "Loading your game\u2026"

        # A reader clicks a man on the Tablut board: its engine starts and the man is selected.
        page.mouse.click(*preview_point(frames["tablut"], "tablut", "d1"))
        tablut = frames["tablut"]
        ready(tablut)
        assert state(tablut)["selected"] == "d1"
        # (with no offline copy here, the click asked for PyScript's modules at once)
        asked = modules_asked_for(tablut)
        assert asked == engine_modules(site_dir) and len(asked) > 3
        frame_box = page.locator("iframe[title=tablut]").bounding_box()
        point = tablut.evaluate("name => window.boardgames.squareCenter(name)", "d3")
        page.mouse.click(frame_box["x"] + point["x"], frame_box["y"] + point["y"])
        assert state(tablut)["moves"] == ["d1-d3"]
        assert tablut.inner_text("#message") == ""  # an embed saves nothing and says nothing of it
        for name in ("vault", "vut"):
            assert not frames[name].evaluate(
                "performance.getEntriesByType('resource').some(e => e.name.endsWith('.wasm'))")
            assert frames[name].evaluate("document.body.dataset.ready") is None


@pytest.mark.parametrize("query,game_id,options", [
    ("?game=tablut", "tablut", {}),
    ("?game=vault&size=6", "vault", {"size": 6}),
    ("?game=uos", "uos", {}),
    ("?game=pux", "pux", {}),
    ("?game=vut-cylindrical", "vut-cylindrical", {}),
    ("?embed=1&game=vut-royal", "vut-royal", {}),
])
def test_a_first_visit_shows_the_board_before_any_engine_byte(browser, site, query, game_id, options):
    """With the runtime held back, the page still paints its board: the picture waits for
    nothing of the engine's.  (How soon it is painted is a benchmark figure: tools/bench_load.py.)"""
    context = browser.new_context(viewport={"width": 1100, "height": 850})  # a first visit
    seen = Watch()
    try:
        page = seen.follow(context.new_page())
        engine = HeldEngine(page)
        page.goto(f"{site}/index.html{query}", wait_until="commit")
        page.wait_for_function("performance.getEntriesByName('board-shown').length === 1")
        assert_board_shown(page, page, game_id, options)
        assert page.evaluate("document.body.dataset.ready") is None, "the picture, not a live board"
        engine.release()
        assert seen.console_errors == [] and seen.foreign_requests() == []
    finally:
        context.close()


@pytest.mark.parametrize("viewport,touch", [({"width": 1100, "height": 850}, False),
                                            ({"width": 360, "height": 740}, True)], ids=["desktop", "phone"])
def test_the_live_board_takes_the_pictures_place_and_plays_the_click_made_on_it(browser, site, viewport, touch):
    context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    seen = Watch()
    try:
        page = seen.follow(context.new_page())
        engine = HeldEngine(page)
        page.goto(f"{site}/index.html?game=vault&size=6", wait_until="commit")
        page.wait_for_selector("#preview.drawn", state="attached")
        picture = page.locator("#preview").bounding_box()
        cells = ["d3", "e4", "c5", "f6", "e1"]  # empty and occupied, away from a1 and its moves
        points = preview_points(page, "vault", cells, {"size": 6})
        seen_before = screen_pixels(page, points)
        a1 = preview_point(page, "vault", "a1", {"size": 6})
        (page.touchscreen.tap if touch else page.mouse.click)(*a1)
        assert "your click is kept" in page.inner_text("#loading-text")
        engine.release()
        ready(page)
        live = page.locator("#board").bounding_box()
        assert all(abs(live[k] - picture[k]) < 0.5 for k in ("x", "y", "width", "height")), (picture, live)
        assert state(page)["selected"] == "a1", "the click on the picture selected the man"
        for cell, before, after in zip(cells, seen_before, screen_pixels(page, points)):
            assert all(abs(a - b) <= 8 for a, b in zip(before, after)), (cell, before, after)
        assert page.is_hidden("#preview") and page.is_hidden("#loading")
        assert seen.console_errors == [] and seen.foreign_requests() == []
    finally:
        context.close()


def test_the_site_folder_under_a_path_starts_plays_and_then_works_offline(browser, site_dir, tmp_path):
    (tmp_path / "games").symlink_to(site_dir)
    server = serve(str(tmp_path))
    base = f"http://127.0.0.1:{server.server_address[1]}/games/"
    context = browser.new_context(viewport={"width": 1100, "height": 850})
    seen = Watch()
    try:
        page = seen.follow(context.new_page())
        page.goto(f"{base}?game=tablut")
        ready(page)
        play_by_clicks(page, "d1-d3")
        assert page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)") == base
        server.shutdown()
        server.server_close()
        page.goto(f"{base}?game=vault&size=8")
        ready(page)
        assert state(page)["options"] == {"size": 8}
        play_by_clicks(page, "a1-a2")
        assert seen.console_errors == [] and seen.foreign_requests() == []
    finally:
        context.close()
        server.server_close()


def test_a_sandboxed_frame_on_another_site_plays_without_storage_or_offline_copy(browser, site, tmp_path):
    html = (f'<iframe sandbox="allow-scripts allow-same-origin" title="game" '
            f'src="{site}/index.html?game=tablut" width="1000" height="800"></iframe>')
    with class_page(browser, tmp_path, html, {"width": 1100, "height": 850}) as (page, _):
        frame = page.frame(url=re.compile("game=tablut"))
        ready(frame)
        assert frame.evaluate(REFUSED_STORAGE)
        assert frame.inner_text("#message") == NOT_SAVED  # one quiet note
        box = page.locator("iframe").bounding_box()
        for cell in ("d1", "d3"):
            point = frame.evaluate("name => window.boardgames.squareCenter(name)", cell)
            page.mouse.click(box["x"] + point["x"], box["y"] + point["y"])
        assert state(frame)["moves"] == ["d1-d3"]
        open_sheet(frame, "share")
        frame.click("#copy-link")  # refused here: the link is selected instead, and said so
        frame.wait_for_function("/link/i.test(document.getElementById('message').textContent)")
        assert frame.evaluate("navigator.serviceWorker.controller") is None


RECORD = "d1-d3+e3-f3+a4-a3"


def test_the_viewer_steps_through_a_record_by_buttons_and_keys(open_page):
    page = open_page(f"?embed=1&autostart=1&game=tablut&moves={RECORD}&viewer=1&ply=1&flip=1&theme=dark")
    assert state(page)["reviewing"] == 1 and page.is_visible("#viewer")
    assert page.inner_text("#viewer-text") == "Move 1 of 3: d1-d3"
    page.keyboard.press("ArrowRight")
    assert state(page)["reviewing"] == 2
    page.click("#viewer-last")
    assert state(page)["reviewing"] is None and page.is_disabled("#viewer-forward")
    page.keyboard.press("Home")
    assert state(page)["reviewing"] == 0
    assert page.inner_text("#viewer-text") == "Start position (move 0 of 3)"
    assert page.is_disabled("#viewer-back") and page.is_hidden("#review")
    a1, a9 = (page.evaluate("n => window.boardgames.squareCenter(n)", n) for n in ("a1", "a9"))
    assert a1["y"] < a9["y"] and a1["x"] > a9["x"] - 1, "flip=1: Black's side at the bottom"
    assert page.get_attribute("html", "data-board") == "dark"
    click_cell(page, "d1")  # a past position does not play
    assert state(page)["moves"] == RECORD.split("+")


def test_autoplay_plays_the_record_through_and_a_fragment_opens_at_a_move(open_page):
    page = open_page(f"?embed=1&autostart=1&game=tablut&moves={RECORD}&viewer=1&autoplay=1&speed=0.2")
    page.wait_for_function("window.boardgames.state().reviewing == null", timeout=20_000)
    assert page.inner_text("#viewer-play") == "Autoplay"
    assert page.get_attribute("#viewer-play", "aria-pressed") == "false"
    page.goto(page.url.replace("&autoplay=1", "") + "#2")
    ready(page)
    assert state(page)["reviewing"] == 2


def test_bad_embed_parameters_show_the_default_board_then_explain(context, site, watch):
    page = watch.follow(context.new_page())
    page.goto(f"{site}/index.html?embed=1&game=chess&theme=pink&speed=fast")  # waits for a touch
    page.wait_for_selector("#preview.drawn", state="attached")
    assert page.input_value("#game-select") == "vut"
    assert_board_shown(page, page, "vut")
    page.click("#play")
    ready(page)
    message = page.inner_text("#message")
    assert "There is no game 'chess' here" in message
    assert "theme must be light, dark or auto; 'pink' ignored." in message
    assert "speed must be seconds a move, 0.2 to 30; 'fast' ignored." in message
    assert state(page)["game"] == "vut" and state(page)["legal"]
    assert watch.console_errors == [] and watch.foreign_requests() == []


def test_a_linked_or_saved_game_is_announced_not_passed_off_as_the_setup(browser, site, watch):
    # (no offline copy: on the second visit the loader would read the runtime from it, not
    # ask for it, and Python could take the picture's place before the click)
    context = browser.new_context(viewport={"width": 1100, "height": 850}, service_workers="block")
    try:
        page = watch.follow(context.new_page())
        for url in (f"{site}/index.html?game=tablut&moves=d1-d3", f"{site}/index.html"):  # a link, then the save
            engine = HeldEngine(page)
            page.goto(url, wait_until="commit")
            page.wait_for_selector("#preview.drawn", state="attached")
            assert page.input_value("#game-select") == "tablut"
            assert page.is_visible("#preview-note") and page.inner_text("#preview-note") == "Loading your game\u2026"
            assert page.inner_text("#status") == "Loading your game\u2026"
            page.mouse.click(*preview_point(page, "tablut", "e3"))  # the picture is not the game: not kept
            assert "kept" not in page.inner_text("#loading-text")
            engine.release()
            ready(page)
            assert state(page)["moves"] == ["d1-d3"] and state(page)["selected"] is None
    finally:
        context.close()
    assert watch.console_errors == [] and watch.foreign_requests() == []


# Every state the loading bar and its words pass through, recorded as the page changes them.
RECORD_PROGRESS = """
window.progressSeen = [];
document.addEventListener("DOMContentLoaded", () => {
  const bar = document.getElementById("loading-bar"), text = document.getElementById("loading-text");
  const record = () => {
    const now = [bar.value, text.textContent], last = progressSeen[progressSeen.length - 1];
    if (!last || last[0] !== now[0] || last[1] !== now[1]) progressSeen.push(now);
  };
  new MutationObserver(record).observe(document.getElementById("loading"),
    {subtree: true, attributes: true, childList: true, characterData: true});
});
"""


def test_the_progress_bar_follows_the_download_and_the_start(context, site, watch):
    page = watch.follow(context.new_page())
    network = context.new_cdp_session(page)
    network.send("Network.enable")
    network.send("Network.emulateNetworkConditions", {  # 20 Mbit/s: the download takes seconds
        "offline": False, "latency": 20, "downloadThroughput": 2_500_000, "uploadThroughput": 2_500_000})
    page.add_init_script(RECORD_PROGRESS)
    page.goto(f"{site}/index.html?game=tablut", wait_until="commit")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
    samples = page.evaluate("window.progressSeen")
    values = [value for value, _ in samples]
    assert values == sorted(values), "the bar never goes back"
    downloading = {value for value, text in samples if text.startswith("Downloading the game engine")}
    assert len(downloading) >= 5, "the bar moves while the runtime downloads"
    later = {text for _, text in samples} - {"Downloading the game engine\u2026"}
    assert later & {"Starting Python\u2026", "Loading the games\u2026", "Setting up the board\u2026"}
    assert max(values) >= 0.8
    # a first visit this slow downloads no snapshot (made here, on a thread of its own) and the gzipped wasm
    assert page.evaluate("[boardgamesPython.how, boardgamesPython.wasm]") == ["made", "gzipped"]
    assert watch.console_errors == [] and watch.foreign_requests() == []
