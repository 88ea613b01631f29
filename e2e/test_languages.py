"""The page in the reader's language: each shipped language shows its own words (a full
page and an embed of two families), the pseudo-language finds unmarked text and text that
overflows its box, Arabic lays the page out right to left while the board takes clicks
on the right cells, a lesson step is played in German, the language menu, and a broken
deploy without a catalogue still starts in English."""

import gzip
import os

import pytest

import i18n
from boardgames import lessons, texts
from browser import READY_TIMEOUT_MS
from page_helpers import click_cell, close_sheet, open_ready, open_sheet, play_by_clicks, ready, show_activity, state

i18n.load_babel()

# Every visible text run on the page and in the frames: [text, the element's id or tag].
VISIBLE_TEXTS = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue.trim().replace(/\\s+/g, " ");
    const box = node.parentElement;
    if (!text || !box || box.closest("script, style, template, [hidden], [aria-hidden='true']")) continue;
    if (!box.getClientRects().length || getComputedStyle(box).visibility === "hidden") continue;
    const block = box.closest("li, p, label, button, h1, h2, h3, summary, option, legend, div") || box;
    found.push([text, box.id || box.tagName.toLowerCase(), box.closest("#move-list, select") ? "data" : "",
                block.textContent.trim()]);
  }
  return found;
}"""
# Elements whose text is wider than their box.
OVERFLOWING = """() => Array.from(document.querySelectorAll("button, label, summary, h1, h2, h3, p, li, span, a, option"))
  .filter((e) => e.getClientRects().length && !e.closest("[hidden]") && e.scrollWidth > e.clientWidth + 1
          && getComputedStyle(e).overflowX === "visible" && e.textContent.trim())
  .map((e) => [e.id || e.tagName.toLowerCase(), e.textContent.trim().slice(0, 60)])"""
FOREIGN = [language for language in texts.LANGUAGES if language != texts.ENGLISH]
ACTIVITIES = ("play", "friend", "review", "learn")
SHEETS = ("settings", "rules", "share", "games", "keys")


def translations(language):
    """{English text: its translation} where the two differ."""
    catalog = i18n.read(os.path.join(i18n.LOCALE, f"{language}.po"), language)
    return {m.id: m.string for m in catalog if isinstance(m.id, str) and m.id and m.string and m.string != m.id}


def english_left(page, language):
    """The visible texts still in English though the catalogue translates them."""
    translated = translations(language)
    return [(text, where) for text, where, _kind, _block in page.evaluate(VISIBLE_TEXTS) if text in translated]


@pytest.mark.parametrize("language", FOREIGN)
def test_each_language_shows_its_own_words(context, site, watch, language):
    page = open_ready(context, watch, f"{site}/index.html?game=tablut&lang={language}")
    assert page.get_attribute("html", "lang") == language
    assert page.get_attribute("html", "dir") == ("rtl" if language in texts.RIGHT_TO_LEFT else "ltr")
    assert state(page)["lang"] == language
    for activity in ACTIVITIES:  # each activity beside the board, the menu, the Settings
        show_activity(page, activity)
        assert english_left(page, language) == [], activity
    page.click("#menu-button")
    assert english_left(page, language) == [], "the menu"
    open_sheet(page, "settings")
    assert english_left(page, language) == []
    for game_id in ("vut", "pux"):
        embed = open_ready(context, watch, f"{site}/index.html?embed=1&autostart=1&game={game_id}&lang={language}")
        assert english_left(embed, language) == []
    assert watch.foreign_requests() == [] and watch.console_errors == []


def is_pseudo(text, block):
    """A text in the pseudo-language (or a part of one, as a rule's bold lead), or one that
    stays as it is (moves, numbers, the languages' own names)."""
    return text.startswith("[") or block.startswith("[") and block.endswith("]") or \
        not any(c.isalpha() for c in text.replace("x", "")) or text in texts.LANGUAGES.values()


@pytest.mark.parametrize("viewport", [{"width": 1100, "height": 850}, {"width": 390, "height": 800}])
def test_the_pseudo_language_leaves_no_text_unmarked_or_overflowing(browser, site, watch, viewport):
    context = browser.new_context(viewport=viewport, has_touch=viewport["width"] < 500)
    try:
        page = open_ready(context, watch, f"{site}/index.html?game=vut&lang=qps")
        play_by_clicks(page, "e2-e4")

        def check(shown):
            # (a letter key in the list of keys stays as the keyboard shows it)
            unmarked = [(text, where) for text, where, kind, block in page.evaluate(VISIBLE_TEXTS)
                        if not kind and not is_pseudo(text, block) and not (where == "kbd" and len(text) == 1)]
            assert unmarked == [], shown
            assert page.evaluate(OVERFLOWING) == [], shown

        for activity in ACTIVITIES:  # each activity beside the board, the menu, each of its windows
            show_activity(page, activity)
            check(activity)
        page.click("#menu-button")
        check("the menu")
        for sheet in SHEETS:
            open_sheet(page, sheet)
            check(sheet)
            close_sheet(page, sheet)
    finally:
        context.close()
    assert watch.console_errors == []


def test_arabic_is_right_to_left_and_the_board_takes_clicks_on_the_right_cells(context, site, watch):
    page = open_ready(context, watch, f"{site}/index.html?game=tablut&lang=ar")
    assert page.get_attribute("html", "dir") == "rtl"
    board = page.locator("#board").bounding_box()
    panel = page.locator("#side").bounding_box()
    assert panel["x"] + panel["width"] <= board["x"] + 1, "the side panel is on the left of the board"
    play_by_clicks(page, "d1-d3")
    assert state(page)["moves"] == ["d1-d3"]
    assert page.evaluate("window.boardgames.squareCenter('a1').x < window.boardgames.squareCenter('i1').x")
    viewer = open_ready(context, watch, f"{site}/index.html?embed=1&autostart=1&game=tablut&viewer=1&moves=d1-d3&lang=ar")
    first, last = (viewer.locator(f"#viewer-{name}").bounding_box() for name in ("first", "last"))
    assert first["x"] > last["x"], "the start of the game is on the right"
    assert viewer.evaluate("getComputedStyle(document.querySelector('#viewer-back .icon')).transform") == \
        "matrix(-1, 0, 0, 1, 0, 0)", "its arrow points right, towards the start"


def test_an_unknown_language_is_english_without_a_word(context, site, watch):
    page = open_ready(context, watch, f"{site}/index.html?game=tablut&lang=xx")
    assert state(page)["lang"] == "en" and page.get_attribute("html", "lang") == "en"
    assert page.inner_text("#message") == "" and page.inner_text("#settings-open") == "Settings"


def test_a_lesson_step_in_german(context, site, watch):
    german = translations("de")
    lesson = lessons.lesson_for("vut")
    step = lesson.steps[0]
    page = open_ready(context, watch, f"{site}/index.html?game=vut&learn=1&lang=de")
    assert page.inner_text("#coach-title") == german[lesson.title]
    assert german[step.ask] in page.inner_text("#coach-ask")
    click_cell(page, "e1")
    click_cell(page, "e2")  # a typical wrong move: explained in German, not played
    assert state(page)["moves"] == [] and page.inner_text("#coach-feedback") == german[step.wrong_moves["e1-e2"]]
    play_by_clicks(page, step.accept[0])
    assert page.inner_text("#coach-feedback") == german[step.right]


def test_the_language_menu_opens_the_page_again_in_that_language(context, site, watch):
    page = open_ready(context, watch, f"{site}/index.html?game=tablut")
    assert state(page)["lang"] == "en"
    open_sheet(page, "settings")
    with page.expect_navigation():
        page.select_option("#setting-language", "sv")
    ready(page)
    assert state(page)["lang"] == "sv" and page.get_attribute("html", "lang") == "sv"
    assert page.inner_text("#settings-open") == translations("sv")["Settings"]
    page.goto(f"{site}/index.html?game=tablut")  # the choice is kept
    ready(page)
    assert state(page)["lang"] == "sv"


def test_a_missing_catalogue_falls_back_to_english_and_the_game_starts(context, site):
    page = context.new_page()
    notes = []
    page.on("console", lambda m: notes.append((m.type, m.text)))
    page.route("**/vendor/locale/fr.*", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"{site}/index.html?game=tablut&lang=fr")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
    assert state(page)["lang"] == "en"
    assert page.inner_text("#settings-open") == "Settings"
    click_cell(page, "d1")
    click_cell(page, "d3")
    assert state(page)["moves"] == ["d1-d3"]
    assert len([text for kind, text in notes if "catalogue" in text]) == 1  # one console note, no alarm
    assert [text for kind, text in notes if kind == "error" and "Failed to load resource" not in text] == []


def test_a_catalogue_the_host_sent_already_unzipped_is_read_as_it_is(context, site):
    """Python's catalogue is served gzipped (<lang>.mo.gz) and unzipped by start.js; a host
    that sends it with Content-Encoding: gzip has the browser unzip it first: the page
    takes those bytes as they are, and speaks French all the same."""
    with open(os.path.join(i18n.ROOT, "vendor", "locale", "fr.mo.gz"), "rb") as f:
        unzipped = gzip.decompress(f.read())
    page = context.new_page()
    page.route("**/vendor/locale/fr.mo.gz", lambda route: route.fulfill(status=200, body=unzipped))
    page.goto(f"{site}/index.html?game=tablut&lang=fr")
    ready(page)
    assert state(page)["lang"] == "fr"
    assert page.inner_text("#status") == translations("fr")["Black to move"]  # a word of Python's
