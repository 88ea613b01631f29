"""Scripted endings (e2e/data/endings.txt) played in a shared page: the set-up moves go
through the hook's `play`, the decisive ones by real clicks; then the page must announce
the result in its status, `state().result` and `body[data-result]`.  Also the helpers
the UOS and VUT page tests share."""

import os

import pytest

from page_helpers import click_cell, play_by_clicks, state
from tables import read_table

DATA = os.path.join(os.path.dirname(__file__), "data", "endings.txt")


def endings(family):
    """pytest params (game id, fen or None, hook moves, click moves, winner, reason) of
    the rows whose game id is `family` or starts with `family-`."""
    rows = []
    for game_id, fen, hooked, clicked, winner, reason in read_table(DATA, 6):
        if game_id.split("-")[0] == family:
            rows.append(pytest.param(game_id, None if fen == "-" else fen, hooked.split(),
                                     clicked.split(), winner, reason,
                                     id=f"{game_id}-{reason.split()[-1]}"))
    return rows


def centre(page, name):
    """Viewport (x, y) of a cell's centre."""
    point = page.evaluate("name => window.boardgames.squareCenter(name)", name)
    assert point is not None, f"no cell {name}"
    return point["x"], point["y"]


def canvas_pixel(page, x, y):
    """RGBA of the board's canvas at viewport point (x, y): what was really drawn there."""
    return page.evaluate("""([x, y]) => {
        const c = document.getElementById('board'), r = c.getBoundingClientRect(), k = c.width / r.width;
        return Array.from(c.getContext('2d').getImageData((x - r.left) * k, (y - r.top) * k, 1, 1).data);
    }""", [x, y])


def start(page, game_id, fen=None):
    """A new game in the shared page, from the setup or from `fen`."""
    result = page.evaluate("([id, fen]) => window.boardgames.newGame(id, fen)", [game_id, fen])
    assert result["ok"], result["error"]
    assert state(page)["game"] == game_id


def rulings(page):
    """[(bold lead, whole text)] of the rules panel's Rulings list (read while it is closed)."""
    return [tuple(item) for item in page.evaluate("""() => {
        const h = [...document.querySelectorAll('#rules-body h3')].find(e => e.textContent === 'Rulings');
        return h ? [...h.nextElementSibling.children].map(li => [
            li.querySelector('strong') ? li.querySelector('strong').textContent : '', li.textContent]) : [];
    }""")]


def play_ending(page, game_id, fen, hooked, clicked, winner, reason):
    start(page, game_id, fen)
    for move in hooked:
        result = page.evaluate("m => window.boardgames.play(m)", move)
        assert result["ok"], f"{move}: {result['error']}"
    for move in clicked:
        assert state(page)["result"] is None, f"the game ended before {move}"
        play_by_clicks(page, move)
    s = state(page)
    assert s["result"] == {"winner": None if winner == "draw" else winner, "reason": reason}
    assert s["legal"] == []
    status = page.inner_text("#status")
    if winner == "draw":
        assert status == f"Draw: {reason}"
    else:
        assert status == f"{winner.capitalize()} wins: {reason}"
    assert page.get_attribute("body", "data-result") == winner
    assert page.inner_text("#result-reason") == reason[0].upper() + reason[1:] + "."
    page.click("#result-close")  # the card over the board: closed to look at the board
    click_cell(page, clicked[-1].split("-")[1])
    assert "game is over" in page.inner_text("#message")
