"""History review, saving, sharing and embedding, in the page by real clicks and keys."""

import re

from browser import READY_TIMEOUT_MS
from page_helpers import click_cell, close_sheet, new_game, open_sheet, play_by_clicks, state
from endings import canvas_pixel, centre


def ready(page):
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)


def test_history_review_shows_past_positions_and_holds_the_game(module_page):
    page = module_page
    new_game(page, "tablut")
    play_by_clicks(page, "d1-d3")
    play_by_clicks(page, "e3-f3")
    page.wait_for_function("!window.boardgames.state().moving")  # (the man has slid off e3)
    live = canvas_pixel(page, *centre(page, "e3"))  # e3 emptied by the second move
    page.click("#move-list li:nth-child(1) button")
    assert state(page)["reviewing"] == 1
    assert page.inner_text("#review-text") == "Reviewing move 1 (d1-d3) of 2"
    assert page.is_visible("#back-to-game")
    assert canvas_pixel(page, *centre(page, "e3")) != live  # the white man is back on e3
    click_cell(page, "d9")  # a move in the past position is the side to move's (a variation's first)
    click_cell(page, "d8")
    assert state(page)["moves"] == ["d1-d3", "e3-f3"] and state(page)["reviewing"] == 1
    assert page.inner_text("#message") == "White to move: pick one of your men."
    # the computer waits while a past position is shown, and plays once back in the game
    page.select_option("#level", "1")
    page.select_option("#player-b", "computer")
    assert page.is_hidden("#thinking") and state(page)["reviewing"] == 1
    page.keyboard.press("Escape")
    assert state(page)["reviewing"] is None and page.is_hidden("#review")
    page.wait_for_function("window.boardgames.state().moves.length === 3", timeout=60_000)
    page.select_option("#player-b", "human")
    # undo and hint leave the review first
    page.click("#move-list li:nth-child(2) button")
    page.click("#undo")
    assert state(page)["reviewing"] is None and state(page)["moves"] == ["d1-d3", "e3-f3"]
    assert canvas_pixel(page, *centre(page, "e3")) == live
    page.click("#move-list li:nth-child(1) button")
    page.click("#hint")  # a hint is for the game in progress: the review ends
    assert state(page)["reviewing"] is None
    page.wait_for_function("window.boardgames.state().hint !== null", timeout=60_000)


def test_the_game_is_saved_and_an_unreadable_save_is_set_aside(module_page):
    page = module_page
    new_game(page, "tablut")
    play_by_clicks(page, "d1-d3")
    play_by_clicks(page, "e3-f3")
    before = state(page)
    page.reload()
    ready(page)
    after = state(page)
    assert (after["game"], after["fen"], after["moves"]) == ("tablut", before["fen"], ["d1-d3", "e3-f3"])
    page.evaluate("localStorage.setItem('boardgames.saved', '{garbage')")
    page.reload()
    ready(page)
    assert page.inner_text("#message").startswith("Your saved game could not be restored")
    assert page.evaluate("localStorage.getItem('boardgames.saved.unreadable')") == "{garbage"
    move = state(page)["legal"][0]
    play_by_clicks(page, move)  # a new game, playable
    assert page.evaluate("JSON.parse(localStorage.getItem('boardgames.saved')).moves") == [move]


def test_share_link_opens_the_same_game_and_records_load(module_page):
    page = module_page
    new_game(page, "vault")
    page.select_option("#option-size", "8")
    play_by_clicks(page, "a1-b2")
    play_by_clicks(page, "h8-g7")
    shared = state(page)
    open_sheet(page, "share")
    link = page.input_value("#share-link")
    assert re.search(r"\?game=vault&size=8&moves=a1-b2\+h8-g7$", link), link
    page.click("#copy-link")  # the clipboard may be refused: either way the page says so
    page.wait_for_function("/link/i.test(document.getElementById('message').textContent)")
    other = page.context.new_page()
    other.goto(link)
    ready(other)
    opened = state(other)
    other.close()
    assert (opened["options"], opened["fen"], opened["moves"]) == ({"size": 8}, shared["fen"], shared["moves"])

    record = page.input_value("#record-text")
    assert record.endswith("1. a1-b2 h8-g7\n") and '[Options "size=8"]' in record
    new_game(page, "tablut")
    page.fill("#record-paste", record)
    page.click("#load-record")
    loaded = state(page)
    assert (loaded["game"], loaded["fen"], loaded["moves"]) == ("vault", shared["fen"], shared["moves"])
    assert page.input_value("#game-select") == "vault" and page.input_value("#option-size") == "8"
    page.fill("#record-paste", '[Game "tablut"]\n1. d1-d3 d3-d1')
    page.click("#load-record")
    message = page.inner_text("#message")
    assert message.startswith("That record could not be loaded: move 2 (d3-d1)"), message
    assert message.endswith("Your game is unchanged.")
    assert state(page)["moves"] == shared["moves"] and state(page)["game"] == "vault"
    close_sheet(page, "share")


def test_bad_link_parameters_are_explained_and_computer_sets_the_players(module_page, site):
    page = module_page
    page.goto(f"{site}/index.html?game=vault&size=7&computer=black&level=9&moves=a1-a2+zz")
    ready(page)
    message = page.inner_text("#message")
    assert "Vault has no board size '7' (choose 6, 8, 10, 12); showing 10 \u00d7 10." in message
    assert "level must be 1 to 4; '9' ignored." in message and "move 2 (zz)" in message
    s = state(page)
    assert s["game"] == "vault" and s["options"] == {} and s["moves"] == []
    assert page.input_value("#player-b") == "computer" and page.input_value("#player-w") == "human"
    assert page.input_value("#level") == "2"
    play_by_clicks(page, "a1-a2")  # White is human: the page is playable
    page.select_option("#player-b", "human")


def test_the_board_plays_inside_an_iframe(module_page, site):
    host = f"{site}/embed-host.html"
    page = module_page.context.new_page()
    page.route(host, lambda route: route.fulfill(content_type="text/html", body=(
        "<!doctype html><title>Class page</title><h1>Our lesson</h1>"
        f'<iframe src="{site}/index.html?embed=1&autostart=1&game=tablut" width="400" height="450" '
        'style="border:0;display:block" title="Board game"></iframe>')))
    page.goto(host)
    frame = page.frame(url=re.compile(r"embed=1"))
    ready(frame)
    assert frame.is_hidden("#game-select") and frame.is_hidden("#move-list") and frame.is_hidden("#share")
    frame.click("#menu-button")  # nor does the embed's menu offer Share
    assert frame.is_visible("#rules-open") and frame.is_hidden("#share-open")
    page.keyboard.press("Escape")  # (the menu closes)
    assert frame.is_hidden("#menu")
    assert frame.is_visible("#status") and frame.is_visible("#undo") and frame.is_visible("#new-game")
    full = frame.locator("#full-site")
    assert full.is_visible() and full.get_attribute("target") == "_blank"
    assert full.get_attribute("href") == f"{site}/index.html?game=tablut"
    assert frame.evaluate("""() => document.documentElement.scrollHeight <= innerHeight
                                   && document.documentElement.scrollWidth <= innerWidth""")
    box = page.locator("iframe").bounding_box()
    for cell in ("d1", "d3"):
        point = frame.evaluate("name => window.boardgames.squareCenter(name)", cell)
        page.mouse.click(box["x"] + point["x"], box["y"] + point["y"])
    assert state(frame)["moves"] == ["d1-d3"]
    assert frame.inner_text("#status") == "White to move"
    assert full.get_attribute("href") == f"{site}/index.html?game=tablut&moves=d1-d3"
    page.close()
