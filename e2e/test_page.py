"""The page as a player meets it: start-up, click-to-move, feedback, endings, computer."""

import os

import pytest

from page_helpers import click_cell, open_sheet, play_by_clicks, state
from tables import read_table

DATA = os.path.join(os.path.dirname(__file__), "data", "scripted_games.txt")


def scripted_games():
    rows = []
    for game_id, moves, winner, reason in read_table(DATA, 4):
        rows.append(pytest.param(game_id, moves.split(), winner, reason,
                                 id=f"{game_id}-{winner}-{len(moves.split())}"))
    return rows


def canvas_pixel(page, name):
    """RGBA of the canvas at a cell's centre, to see what was really drawn there."""
    return page.evaluate("""name => {
        const c = document.getElementById('board'), p = window.boardgames.squareCenter(name);
        const r = c.getBoundingClientRect(), k = c.width / r.width;
        return Array.from(c.getContext('2d').getImageData((p.x - r.left) * k, (p.y - r.top) * k, 1, 1).data);
    }""", name)


def test_page_gets_ready_offline_with_tablut(open_page):
    page = open_page("?game=tablut")
    s = state(page)
    assert s["game"] == "tablut"
    assert s["fen"] == "3sss3/4s4/4S4/s3S3s/ssSSKSSss/s3S3s/4S4/4s4/3sss3 b"
    assert len(s["legal"]) == 80 and s["result"] is None and s["moves"] == []
    assert page.inner_text("#status") == "Black to move"
    assert page.is_hidden("#loading")
    # no request left 127.0.0.1 and no console error: checked by the fixture


def test_selecting_a_black_man_shows_its_destinations(open_page):
    page = open_page("?game=tablut")
    before = canvas_pixel(page, "d2")
    click_cell(page, "d1")
    s = state(page)
    assert s["selected"] == "d1"
    assert s["targets"] == ["a1", "b1", "c1", "d2", "d3", "d4"]
    assert canvas_pixel(page, "d2") != before, "a destination hint is drawn on d2"
    click_cell(page, "d1")
    assert state(page)["selected"] is None


def test_wrong_clicks_get_gentle_feedback(open_page):
    page = open_page("?game=tablut")
    click_cell(page, "e5")  # White's king, but Black is to move
    assert "Black is to move" in page.inner_text("#message")
    click_cell(page, "b2")  # an empty cell
    assert "pick one of your men" in page.inner_text("#message")
    click_cell(page, "d1")
    click_cell(page, "f3")  # not a destination of d1
    assert page.inner_text("#message") == "d1 cannot move to f3."
    assert state(page)["moves"] == []


def test_moves_by_clicks_change_the_position(open_page):
    page = open_page("?game=tablut")
    play_by_clicks(page, "d1-d3")
    s = state(page)
    assert s["fen"] == "3sss3/4s4/4S4/s3S3s/ssSSKSSss/s3S3s/3sS4/4s4/4ss3 w"
    assert page.inner_text("#status") == "White to move"
    assert page.inner_text("#move-list") == "d1-d3"
    page.click("#undo")
    assert state(page)["moves"] == [] and page.inner_text("#status") == "Black to move"
    page.click("#redo")
    assert state(page)["moves"] == ["d1-d3"]


@pytest.mark.parametrize("game_id,moves,winner,reason", scripted_games())
def test_scripted_games_end_and_the_page_says_so(open_page, game_id, moves, winner, reason):
    page = open_page(f"?game={game_id}")
    for move in moves:
        play_by_clicks(page, move)
    s = state(page)
    assert s["result"] == {"winner": winner, "reason": reason}
    assert s["legal"] == []
    assert page.inner_text("#status") == f"{winner.capitalize()} wins: {reason}"
    assert page.get_attribute("body", "data-result") == winner
    click_cell(page, moves[0].split("-")[0])
    assert "game is over" in page.inner_text("#message")


def test_the_computer_takes_a_side(open_page):
    page = open_page("?game=tablut")
    page.select_option("#player-w", "computer")
    play_by_clicks(page, "d1-d3")
    page.wait_for_function("window.boardgames.state().moves.length === 2", timeout=30_000)
    s = state(page)
    assert s["moves"][0] == "d1-d3" and s["fen"].endswith(" b")
    page.click("#undo")  # back to the human's turn: both moves taken back
    assert state(page)["moves"] == []


def test_an_unknown_game_in_the_url_is_explained(open_page):
    page = open_page("?game=chess")
    assert "no game 'chess'" in page.inner_text("#message")
    assert state(page)["legal"], "the page still offers a playable game"


def test_a_broken_start_shows_a_readable_error(context, site, watch):
    page = context.new_page()
    page.route("**/pyscript.toml", lambda route: route.fulfill(
        status=200, body='interpreter = "./vendor/pyodide/pyodide.mjs"\n[files]\n"./py/nothing.py" = "./x/"\n'))
    page.goto(f"{site}/index.html")
    page.wait_for_selector("#loading.failed", timeout=120_000)
    text = page.inner_text("#loading")
    assert "could not start" in text
    assert "Traceback" not in text and "File \"" not in text
    assert page.get_attribute("body", "data-ready") is None


def test_the_game_list_describes_every_game_and_starts_one(open_page):
    page = open_page("?game=tablut")
    open_sheet(page, "games")
    entries = page.locator("#game-list button")
    assert entries.count() == 13
    texts = entries.all_inner_texts()
    assert any(t.startswith("Tablut") and "break out to the edge" in t for t in texts)
    assert all("\n" in t and len(t.split("\n", 1)[1]) > 20 for t in texts), "each has a description"
    page.click("#game-list button[data-game='pux']")
    assert state(page)["game"] == "pux"
    assert page.inner_text("#game-summary").startswith("Stones move")
    assert not page.locator("#games").evaluate("d => d.open")
