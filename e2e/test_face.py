"""The page's face: the board first and whole on a laptop and a phone, one activity at a
time beside (or under) it, one action bar of icons with a menu for the rest, keys for the
actions, nothing moving as Python takes over, and no sideways overflow or clipped text in
any language at the sizes readers use (css/style.css, py/webapp/panels/activity_panel.py)."""

import json
import os

import pytest

from boardgames import texts
from browser import ROOT
from page_helpers import (close_sheet, menu_item, open_ready, open_sheet, play_by_clicks, screen_pixels,
                          show_activity, state)

LAPTOP = {"width": 1366, "height": 768}
PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]
AXE = os.path.join(ROOT, "node_modules", "axe-core", "axe.min.js")

# The interactive controls a reader sees (in the viewport, not hidden): their ids or words.
CONTROLS_IN_VIEW = """() => [...document.querySelectorAll("button, select, input, textarea, a[href], summary")]
  .filter((e) => { const r = e.getBoundingClientRect();
                   return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden"
                          && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth; })
  .map((e) => e.id || e.textContent.trim())"""
# The box of an element in the viewport: [left, top, right, bottom]
BOX = "(selector) => { const r = document.querySelector(selector).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
# Layout shifts not caused by the reader's input, from the page's start (an init script gathers them)
SHIFTS = """window.boardgamesShifts = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) {
  if (!entry.hadRecentInput) window.boardgamesShifts.push(entry.value); } }).observe({type: "layout-shift", buffered: true});"""
# Text clipped by its box, or wider than it: [id or tag, text]
CLIPPED = """() => [...document.querySelectorAll("button, label, summary, h1, h2, h3, p, li, span, a, legend, dt, dd, kbd")]
  .filter((e) => e.getClientRects().length && !e.closest("[hidden], dialog:not([open]), .visually-hidden") && e.textContent.trim()
          && getComputedStyle(e).visibility !== "hidden" && e.scrollWidth > e.clientWidth + 1
          && !["auto", "scroll"].includes(getComputedStyle(e).overflowX))
  .map((e) => [e.id || e.tagName.toLowerCase(), e.textContent.trim().slice(0, 60)])"""


def box(page, selector):
    return page.evaluate(BOX, selector)


def in_view(page, selector):
    """Whether the element is wholly inside the viewport."""
    left, top, right, bottom = box(page, selector)
    size = page.viewport_size
    return left >= -1 and top >= -1 and right <= size["width"] + 1 and bottom <= size["height"] + 1 and bottom > top


def shown_in_list(page, selector, holder):
    """Whether the element is wholly in view inside its scrolling `holder` and the viewport."""
    left, top, right, bottom = box(page, selector)
    h_left, h_top, h_right, h_bottom = box(page, holder)
    return in_view(page, selector) and top >= h_top - 1 and bottom <= h_bottom + 1


def play_moves(page, count):
    """Play `count` legal moves through the hook (each the (7i+3)th of the legal moves)."""
    return page.evaluate("""(count) => { for (let i = 0; i < count; i++) { const s = window.boardgames.state();
        if (s.result) break; window.boardgames.play(s.legal[(i * 7 + 3) % s.legal.length]); }
        return window.boardgames.state().moves.length; }""", count)


@pytest.fixture
def sized(browser, watch):
    """sized(viewport, url, touch=False) -> a ready page in a fresh context of that size."""
    contexts = []

    def opener(viewport, url, touch=False):
        context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
        context.add_init_script(SHIFTS)
        contexts.append(context)
        return open_ready(context, watch, url)

    yield opener
    for context in contexts:
        context.close()
    assert watch.foreign_requests() == [] and watch.console_errors == []


def test_a_laptop_shows_the_board_whole_beside_the_panel_with_few_controls(sized, site):
    page = sized(LAPTOP, f"{site}/index.html?game=vut")
    board, side = box(page, "#board-box"), box(page, "#side")
    assert in_view(page, "#board-box") and in_view(page, "#actions") and in_view(page, "#side")
    assert board[2] <= side[0], "the side panel is beside the board"
    assert board[3] - board[1] >= 0.8 * (768 - 48 - 52), "the board takes the window's height"
    controls = page.evaluate(CONTROLS_IN_VIEW)
    assert len(controls) <= 14, controls
    assert {"new-game", "undo", "redo", "flip", "hint", "menu-button", "tab-play", "tab-review"} <= set(controls)
    assert page.evaluate("document.documentElement.scrollWidth") == 1366
    assert page.evaluate("document.documentElement.scrollHeight") <= 768, "the page does not scroll"


@pytest.mark.parametrize("viewport", PHONES, ids=["390x844", "360x640"])
def test_a_phone_shows_the_whole_board_under_a_one_line_header(sized, site, viewport):
    page = sized(viewport, f"{site}/index.html?game=vut", touch=True)
    left, top, right, bottom = box(page, "#board-box")
    assert top <= 120 and in_view(page, "#board-box") and in_view(page, "#actions")
    assert right - left >= viewport["width"] - 30, "the board takes the phone's width"
    assert box(page, "#topbar")[3] - box(page, "#topbar")[1] <= 52, "one line"
    assert box(page, "#actions")[1] >= bottom - 1, "the action bar under the board"
    controls = page.evaluate(CONTROLS_IN_VIEW)
    assert len(controls) <= 10, controls
    assert page.is_hidden("#tabs"), "on a phone the activities are the menu's"
    assert page.evaluate("document.documentElement.scrollWidth") == viewport["width"]


def test_the_board_follows_the_window_and_a_turned_phone(sized, site):
    page = sized(PHONES[0], f"{site}/index.html?game=tablut", touch=True)
    before = page.evaluate("[document.getElementById('board').width, window.devicePixelRatio]")
    page.set_viewport_size({"width": 844, "height": 390})  # turned: the panel goes beside the board
    page.wait_for_function(f"document.getElementById('board').width !== {before[0]}")
    board, side = box(page, "#board-box"), box(page, "#side")
    assert in_view(page, "#board-box") and in_view(page, "#actions") and board[2] <= side[0]
    canvas = box(page, "#board")
    assert [round(a) for a in canvas] == [round(b) for b in board], "the canvas fills its box"
    assert page.evaluate("document.getElementById('board').width") == round((board[2] - board[0]) * before[1])
    play_by_clicks(page, "d1-d3")  # clicks still land on their cells


@pytest.mark.parametrize("url", ["index.html?game=vut", "index.html?embed=1&autostart=1&game=tablut",
                                 "index.html?embed=1&game=vut&viewer=1&moves=e2-e3+e8-e7&autostart=1"])
def test_nothing_moves_when_python_takes_over(sized, site, url):
    page = sized({"width": 400, "height": 450} if "embed" in url else LAPTOP, f"{site}/{url}")
    page.wait_for_timeout(300)  # (the first drawings after the take-over)
    shift = sum(page.evaluate("window.boardgamesShifts"))
    assert shift <= 0.05, f"layout shift {shift:.3f}"
    # (a rare race, so also its cause: the first paint waits for the whole layout to be read)
    assert page.evaluate("""() => { const wait = document.querySelector("head link[rel=expect][blocking=render]");
        const layout = document.getElementById("layout"), after = wait && document.querySelector(wait.getAttribute("href"));
        return Boolean(after) && !layout.contains(after)
            && Boolean(layout.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING); }""")


def test_the_picture_and_the_canvas_keep_one_box(browser, site, watch):
    context = browser.new_context(viewport=LAPTOP)
    try:
        page = watch.follow(context.new_page())
        page.goto(f"{site}/index.html?embed=1&game=vut")  # waits for a click: the picture stays
        page.wait_for_selector("#preview.drawn")
        picture = box(page, "#preview")
        page.click("#play")
        page.wait_for_selector("body[data-ready='1']", state="attached")
        assert box(page, "#board") == picture and page.is_hidden("#preview")
    finally:
        context.close()


def test_playing_keeps_the_board_status_and_last_move_in_view(sized, site):
    page = sized(LAPTOP, f"{site}/index.html?game=vut")
    assert play_moves(page, 24) == 24
    last = "#move-list button[data-index='24']"
    assert in_view(page, "#board-box") and in_view(page, "#status")
    assert shown_in_list(page, last, "#move-list"), "the last move is in view"


def test_a_review_shows_board_graph_moves_and_words_together(sized, site):
    page = sized(LAPTOP, f"{site}/index.html?game=vut")
    play_moves(page, 40)
    page.evaluate("window.boardgames.analyse()")
    assert page.is_visible("#panel-review") and page.get_attribute("#tab-review", "aria-selected") == "true"
    page.click("#move-list button[data-index='30']")
    for selector in ("#board-box", "#analysis-graph", "#analysis-move"):
        assert in_view(page, selector), selector
    assert page.inner_text("#analysis-move").strip(), "the words on the chosen move"
    assert shown_in_list(page, "#move-list button[data-index='30']", "#move-list")


@pytest.mark.parametrize("viewport", [LAPTOP, PHONES[0]], ids=["laptop", "phone"])
def test_one_activity_at_a_time(sized, site, viewport):
    phone = viewport["width"] < 500
    page = sized(viewport, f"{site}/index.html?game=tablut", touch=phone)
    panels = {"play": "#players", "friend": "#friend-start", "review": "#analyse", "learn": "#learn"}
    for name, inside in panels.items():
        show_activity(page, name)
        shown = [other for other in panels if page.is_visible(f"#panel-{other}")]
        assert shown == [name] and page.is_visible(inside)
        assert page.is_visible("#moves") == (name != "learn"), "the moves beside play, friend and review"
        if not phone:
            assert page.get_attribute(f"#tab-{name}", "aria-selected") == "true"
    page.click("#learn")  # the lesson: Learn's panel shows it, and leaving it goes back
    assert state(page)["coach"]["kind"] == "lesson" and page.is_visible("#coach")
    show_activity(page, "play")
    assert state(page)["coach"] is None and page.is_visible("#players")
    menu_item(page, "setup-open")  # Set up: from the menu, in the panel's place
    assert page.is_visible("#setup") and page.is_hidden("#panel-play")
    page.click("#setup-cancel")
    assert page.is_visible("#panel-play")


def test_the_action_bar_has_icons_labels_tooltips_and_keys(sized, site):
    page = sized(LAPTOP, f"{site}/index.html?game=vut&lang=de")
    german = {"new-game": "Neue Partie", "undo": "Zurück", "flip": "Drehen", "hint": "Tipp", "menu-button": "Menü"}
    for button_id in ("new-game", "undo", "redo", "flip", "hint", "menu-button"):
        label = page.get_attribute(f"#{button_id}", "aria-label")
        assert label and label != page.inner_text(f"#{button_id}"), "an icon, named for a screen reader"
        assert page.get_attribute(f"#{button_id}", "title")
    assert page.get_attribute("#menu-button", "aria-label") == german["menu-button"]
    assert page.get_attribute("#flip", "title").endswith("(F)"), "the tooltip gives the key"
    # the icons are drawn: over each button's icon some pixels are ink, unlike the button round it
    for button_id in ("new-game", "flip", "hint", "menu-button"):
        left, top, right, bottom = box(page, f"#{button_id} .icon")
        grid = [(left + (right - left) * i / 8, top + (bottom - top) * j / 8) for i in range(1, 8) for j in range(1, 8)]
        pixels = screen_pixels(page, [(left - 3, top - 3), *grid])
        inked = [p for p in pixels[1:] if sum(abs(a - b) for a, b in zip(p[:3], pixels[0][:3])) > 150]
        assert 3 <= len(inked) < len(grid) // 2, (button_id, len(inked))


def test_keys_do_what_the_buttons_do(sized, site):
    page = sized(LAPTOP, f"{site}/index.html?game=vut")
    play_by_clicks(page, "e2-e3")
    play_by_clicks(page, "e8-e7")
    page.locator("body").press("u")
    assert state(page)["moves"] == ["e2-e3"]
    page.locator("body").press("r")
    assert state(page)["moves"] == ["e2-e3", "e8-e7"]
    page.locator("body").press("ArrowLeft")
    assert state(page)["reviewing"] == 1
    page.locator("body").press("Home")
    assert state(page)["reviewing"] == 0
    page.locator("body").press("Escape")
    assert state(page)["reviewing"] is None
    flipped = page.evaluate("window.boardgames.squareCenter('a1').y")
    page.locator("body").press("f")
    assert page.evaluate("window.boardgames.squareCenter('a1').y") < flipped
    page.locator("body").press("?")
    page.wait_for_selector("dialog#keys[open]")
    keys = page.inner_text("#keys-list")
    assert "Turn the board round" in keys and "Take back a move" in keys
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#keys:not([open])", state="attached")
    page.locator("body").press("m")
    assert page.is_visible("#menu") and page.get_attribute("#menu-button", "aria-expanded") == "true"
    page.keyboard.press("Escape")
    assert page.is_hidden("#menu")


def test_the_menu_opens_every_window_and_closes(sized, site):
    page = sized(PHONES[0], f"{site}/index.html?game=tablut", touch=True)
    for name, inside in (("share", "#share-link"), ("games", "#game-list button"), ("rules", "#rules-body h3"),
                         ("settings", "#setting-theme"), ("keys", "#keys-list kbd")):
        open_sheet(page, name)
        assert page.is_visible(inside) and page.is_hidden("#menu")
        close_sheet(page, name)
    menu_item(page, "sound")
    assert page.get_attribute("#sound", "aria-pressed") == "false"
    page.mouse.click(5, 300)  # a press outside closes the menu
    assert page.is_hidden("#menu")


def test_the_embed_keeps_its_small_frame_and_gains_the_action_bar(sized, site):
    page = sized({"width": 400, "height": 450}, f"{site}/index.html?embed=1&autostart=1&game=tablut")
    for selector in ("#status", "#board-box", "#new-game", "#undo", "#redo", "#flip", "#hint", "#menu-button",
                     "#full-site"):
        assert in_view(page, selector), selector
    assert page.is_hidden("#game-select") and page.is_hidden("#tabs") and page.is_hidden("#players")
    page.click("#menu-button")
    assert page.is_visible("#rules-open") and page.is_hidden("#share-open") and page.is_hidden("#settings-open")
    assert page.evaluate("document.documentElement.scrollWidth") == 400


LANGUAGES = [*texts.LANGUAGES, texts.PSEUDO]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_sideways_overflow_or_clipped_text_in_any_language(browser, site, watch, language):
    context = browser.new_context(viewport=LAPTOP)
    try:
        page = open_ready(context, watch, f"{site}/index.html?game=vault&lang={language}")
        play_moves(page, 6)
        for width, height in ((1366, 768), (1280, 720), (390, 844), (360, 640)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(100)
            for name in ("play", "friend", "review", "learn"):
                show_activity(page, name)
                assert page.evaluate("document.documentElement.scrollWidth") <= width, (width, name)
                assert page.evaluate(CLIPPED) == [], (width, name)
            page.click("#menu-button")
            assert page.evaluate(CLIPPED) == [], (width, "menu")
            page.keyboard.press("Escape")
        rtl = language in texts.RIGHT_TO_LEFT
        page.set_viewport_size(LAPTOP)
        board, side = box(page, "#board-box"), box(page, "#side")
        assert (side[2] <= board[0]) if rtl else (board[2] <= side[0]), "Arabic mirrored, the others not"
        tabs = [box(page, f"#tab-{name}")[0] for name in ("play", "friend", "review", "learn")]
        assert tabs == sorted(tabs, reverse=rtl)
    finally:
        context.close()
    assert watch.console_errors == []


def axe_violations(page, context=None):
    """axe-core's violations on the page (or inside `context`, a selector): [(id, targets)]."""
    page.add_script_tag(path=AXE)
    found = page.evaluate("async (context) => (await axe.run(context || document)).violations"
                          ".map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))])", context)
    return found


@pytest.mark.parametrize("viewport", [LAPTOP, PHONES[0]], ids=["laptop", "phone"])
def test_no_accessibility_violations(sized, site, viewport):
    phone = viewport["width"] < 500
    page = sized(viewport, f"{site}/index.html?game=tablut", touch=phone)
    assert axe_violations(page) == []
    show_activity(page, "review")
    page.click("#menu-button")
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    open_sheet(page, "share")
    assert axe_violations(page, "#share") == []
    embed = sized({"width": 400, "height": 450}, f"{site}/index.html?embed=1&autostart=1&game=vut")
    assert axe_violations(embed) == []


def test_the_face_texts_are_translated(sized, site):
    """The new words of the page (tabs, menu, keys) in each catalogue."""
    with open(os.path.join(ROOT, "vendor", "locale", "de.json")) as f:
        german = json.load(f)
    page = sized(LAPTOP, f"{site}/index.html?game=vut&lang=de")
    assert page.inner_text("#tab-review").strip() == german["Review"]
    assert page.get_attribute("#menu-button", "aria-label") == german["Menu"]
    assert page.inner_text("#keys-open").strip() == german["Keyboard shortcuts"]


# Every feature of the page, and the clicks or taps from the board that bring its control
# into view (docs/page.md lists them): "menu X" is the menu's item X; "tab X" the tab X on
# a laptop, the menu's item on a phone.
FEATURES = """
feature                          | control               | path
new game, undo, redo, flip, hint | #hint                 | -
another game                     | #game-select          | -
players and the computer's level | #level                | -
the moves, a past position       | #moves-title          | -
captured men                     | #captured             | -
play a friend by link            | #friend-start         | tab friend
play live on this network        | #live-host            | tab friend
the computer's review            | #analyse              | tab review
the engine's evaluation          | #eval-toggle          | tab review
drawing on the board             | #draw-toggle          | tab review
a lesson                         | #learn                | tab learn
puzzles                          | #puzzles              | tab learn
set up a position                | #setup-palette button | menu setup-open
link, record, pictures, embed    | #share-link           | menu share-open
load a record                    | #record-paste         | menu share-open
all games, with summaries        | #game-list button     | menu games-open
rules and rulings                | #rules-body h3        | menu rules-open
settings, language               | #setting-language     | menu settings-open
sound                            | #sound                | menu
keyboard shortcuts               | #keys-list kbd        | menu keys-open
"""


@pytest.mark.parametrize("viewport", [LAPTOP, PHONES[1]], ids=["laptop", "phone"])
def test_every_feature_is_two_clicks_from_the_board(sized, site, viewport):
    phone = viewport["width"] < 500
    page = sized(viewport, f"{site}/index.html?game=tablut", touch=phone)
    for row in [[cell.strip() for cell in line.split("|")] for line in FEATURES.strip().splitlines()[1:]]:
        feature, control, path = row
        clicks = []
        if path.startswith("tab "):
            name = path.split()[1]
            clicks = ["#menu-button", f"#menu [data-activity='{name}']"] if phone else [f"#tab-{name}"]
        elif path.startswith("menu"):
            clicks = ["#menu-button", *(f"#{item}" for item in path.split()[1:])]
        assert len(clicks) <= 2, feature
        for selector in clicks:
            page.click(selector)
        target = page.locator(control).first
        target.scroll_into_view_if_needed()
        assert target.is_visible(), feature
        page.keyboard.press("Escape")  # a window, the menu or the editor's focus: back to the board
        if page.is_visible("#setup"):
            page.click("#setup-cancel")
        show_activity(page, "play")
