"""Settings as a visitor meets them: chosen in the panel, seen on the board at once, kept
for the next visit; a dark theme chosen on a light system."""

from browser import READY_TIMEOUT_MS
from page_helpers import click_cell, close_sheet, open_sheet, state


def corner_pixel(page):
    """The canvas's top-left pixel (the board's background) as [r, g, b]."""
    return page.evaluate("""() => Array.from(document.getElementById('board').getContext('2d')
        .getImageData(2, 2, 1, 1).data.slice(0, 3))""")


def cell_size(page):
    a1 = page.evaluate("window.boardgames.squareCenter('a1')")
    b1 = page.evaluate("window.boardgames.squareCenter('b1')")
    return b1["x"] - a1["x"]


def test_settings_change_the_board_at_once_and_come_back_on_the_next_visit(context, site):
    page = context.new_page()
    page.goto(f"{site}/index.html?game=tablut")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
    assert corner_pixel(page) == [0xf4, 0xef, 0xe6], "the light theme by default here"
    open_sheet(page, "settings")
    page.select_option("#setting-theme", "dark")
    assert page.get_attribute("html", "data-theme") == "dark"
    assert corner_pixel(page) == [0x1d, 0x1f, 0x24]
    before = cell_size(page)
    page.select_option("#setting-coordinates", "false")
    assert cell_size(page) > before * 1.05, "without coordinates the board takes their room"
    page.select_option("#setting-motion", "false")
    moved = state(page)["motions"]
    close_sheet(page, "settings")  # (back to the board)
    click_cell(page, "d1")
    click_cell(page, "d3")
    assert state(page)["moves"] == ["d1-d3"] and state(page)["motions"] == moved
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
    assert page.input_value("#setting-theme") == "dark" and page.input_value("#setting-coordinates") == "false"
    assert corner_pixel(page) == [0x1d, 0x1f, 0x24]
    assert page.inner_text("#message") == ""
