"""The "Set up position" panel: a puzzle typed in, a position placed by clicks, and a
bad position text refused with the engine's reason while the game goes on."""

from page_helpers import click_cell, menu_item, new_game, play_by_clicks, state


def open_setup(page):
    menu_item(page, "setup-open")
    assert page.is_visible("#setup")


def test_a_typed_puzzle_is_played_to_its_end(module_page):
    page = module_page
    new_game(page, "tablut")
    open_setup(page)
    assert page.input_value("#setup-text") == state(page)["fen"]
    puzzle = "3s5/9/9/9/4K4/9/9/9/9 w"  # the king escapes in one move, but not up
    page.fill("#setup-text", puzzle)
    assert page.input_value("#setup-turn") == "w"
    assert state(page)["fen"] != puzzle, "typing alone does not start the game"
    page.click("#setup-start")
    assert page.is_hidden("#setup")
    assert state(page)["fen"] == puzzle and state(page)["moves"] == []
    assert "Started from the position set up" in page.inner_text("#message")
    play_by_clicks(page, "e5-a5")
    assert state(page)["result"] == {"winner": "white", "reason": "the king escaped to the edge"}


def test_a_position_placed_by_clicks_is_started(module_page):
    page = module_page
    new_game(page, "tablut")
    open_setup(page)
    page.click("#setup-clear")
    assert page.input_value("#setup-text") == "9/9/9/9/9/9/9/9/9 b"
    page.click("#setup-palette button:has-text('White king')")
    assert page.get_attribute("#setup-palette button:has-text('White king')", "aria-pressed") == "true"
    click_cell(page, "c3")
    page.click("#setup-palette button:has-text('Black soldier')")
    for cell in ("c5", "a3", "a4"):
        click_cell(page, cell)
    click_cell(page, "a4")  # the same man again takes it off
    page.select_option("#setup-turn", "w")
    text = "9/9/9/9/2s6/9/s1K6/9/9 w"
    assert page.input_value("#setup-text") == text  # the text follows every click
    assert state(page)["moves"] == [], "clicks while setting up play no moves"
    page.click("#setup-start")
    s = state(page)
    assert s["fen"] == text and s["game"] == "tablut"
    assert "c3-c4" in s["legal"]


def test_a_bad_position_text_keeps_the_game(module_page):
    page = module_page
    new_game(page, "tablut")
    play_by_clicks(page, "d1-d3")
    before = state(page)
    open_setup(page)
    page.fill("#setup-text", "9/9/9/9/4K4/4K4/9/9/9 w")
    page.click("#setup-start")
    assert "Tablut has one king, the text has 2" in page.inner_text("#message")
    assert page.is_visible("#setup"), "the editor stays open to fix the text"
    page.fill("#setup-text", "9/9/9 w")
    assert "the board has 3 rows, expected 9" in page.inner_text("#message")
    page.click("#setup-cancel")
    after = state(page)
    assert after["fen"] == before["fen"] and after["moves"] == ["d1-d3"]
    play_by_clicks(page, "e4-d4")  # the game goes on


def test_uos_counters_are_typed_and_vault_keeps_its_size(module_page):
    page = module_page
    new_game(page, "uos")
    open_setup(page)
    text = "8/7/8/7/8/7/8/7/8/Q6/6R1/1K5/8/7/1k6 w 0 3 0 40"
    page.fill("#setup-text", text)
    page.click("#setup-start")
    assert state(page)["fen"] == text
    page.select_option("#game-select", "vault")
    page.select_option("#option-size", "6")
    open_setup(page)
    page.click("#setup-clear")
    page.click("#setup-palette button:has-text('White pawn')")
    click_cell(page, "a1")
    page.click("#setup-palette button:has-text('Black pawn')")
    click_cell(page, "f6")
    page.click("#setup-start")
    s = state(page)
    assert s["fen"] == "5p/6/6/6/6/P5 w" and s["options"] == {"size": 6}


def test_the_editor_works_by_keyboard(module_page):
    page = module_page
    new_game(page, "tablut")
    open_setup(page)
    page.click("#setup-clear")
    page.focus("#board")
    if state(page)["cursor"] is None:
        page.keyboard.press("ArrowUp")  # shows the cursor
    page.keyboard.press("ArrowLeft")
    cell = state(page)["cursor"]
    page.keyboard.press("Enter")  # places the chosen man, the palette's first: White's king
    assert page.get_attribute("#board", "aria-label") == f"{cell}: white king"
    assert "K" in page.input_value("#setup-text")
    page.click("#setup-cancel")
    assert page.is_hidden("#setup") and state(page)["moves"] == []
