"""UOS in the page: the diamond board's cells answer clicks (near their corners too, and
touch), moves on black and white squares, check shown on the board and in the panel,
each king's range, and a mate and a stalemate announced."""

import pytest

from page_helpers import play_by_clicks, state
from endings import canvas_pixel, centre, endings, play_ending, rulings, start


def unit(page):
    """Half a diamond's diagonal in page pixels (a1 and c1 are 2 units apart)."""
    return (centre(page, "c1")[0] - centre(page, "a1")[0]) / 2


def near_corner(page, name, dx, dy):
    """A point 85% of the way from a cell's centre to the corner (dx, dy) (screen axes)."""
    x, y = centre(page, name)
    u = unit(page) * 0.85
    return x + dx * u, y + dy * u


def touch(page, x, y):
    """A touch on the canvas, as a finger's pointerdown."""
    page.evaluate("""([x, y]) => document.getElementById('board').dispatchEvent(new PointerEvent(
        'pointerdown', {clientX: x, clientY: y, pointerType: 'touch', isPrimary: true, bubbles: true}))""", [x, y])


def test_all_113_cells_are_on_the_board(module_page):
    start(module_page, "uos")
    files = "abcdefghijklmno"
    names = [f"{f}{r}" for r in range(1, 16) for f in files if files.index(f) % 2 == (r - 1) % 2]
    assert len(names) == 113
    points = {name: centre(module_page, name) for name in names}
    assert len(set(points.values())) == 113
    assert module_page.evaluate("window.boardgames.squareCenter('b1')") is None, "b1 is no UOS cell"
    lead, text = rulings(module_page)[0]
    assert lead == "Setup reconstructed:" and text.startswith("Setup reconstructed: the text's diagram")


def test_clicks_near_corners_and_touch_move_on_black_and_white_squares(module_page):
    page = module_page
    start(page, "uos")
    assert page.inner_text("#status") == "White to move"
    before = canvas_pixel(page, *centre(page, "d4"))
    page.mouse.click(*near_corner(page, "c3", 0, -1))  # the bishop on black c3, top corner
    s = state(page)
    assert s["selected"] == "c3"
    assert s["targets"] == sorted(m.split("-")[1] for m in s["legal"] if m.startswith("c3-"))
    assert "d4" in s["targets"] and canvas_pixel(page, *centre(page, "d4")) != before, "hint on d4"
    page.mouse.click(*near_corner(page, "d4", -1, 0))  # white square d4, left corner
    assert state(page)["moves"] == ["c3-d4"]
    touch(page, *near_corner(page, "e13", 1, 0))  # Black's pawn, right corner, by touch
    assert state(page)["selected"] == "e13"
    touch(page, *near_corner(page, "e11", 0, 1))
    assert state(page)["moves"] == ["c3-d4", "e13-e11"]
    play_by_clicks(page, "d4-e5")  # from a white square to a black one
    assert state(page)["fen"].split()[1:] == ["b", "0", "0", "1", "2"]


def test_check_is_marked_and_king_ranges_shrink(module_page):
    page = module_page
    start(page, "uos")
    notes = page.inner_text("#notes")
    assert "White king's range: unlimited (0 checks received)" in notes
    assert "Black king's range: unlimited (0 checks received)" in notes
    mate = next(p.values for p in endings("uos") if p.values[4] == "white")
    moves = mate[2] + mate[3]
    for move in moves[:36]:
        assert page.evaluate("m => window.boardgames.play(m)", move)["ok"]
    king = centre(page, "n2")
    ring = (king[0] + unit(page) * 0.69, king[1])  # where the dashed ring round a king starts
    quiet = canvas_pixel(page, *ring)
    assert page.inner_text("#status") == "White to move"
    play_by_clicks(page, "l6-h2")  # the queen from a white square to a white square, check
    assert page.inner_text("#status") == "Check! Black to move"
    assert canvas_pixel(page, *ring) != quiet, "the checked king is marked on the board"
    notes = page.inner_text("#notes")
    assert "White king's range: 3 steps (1 check received)" in notes
    assert "Black king's range: 1 step (4 checks received)" in notes
    page.evaluate("window.noteBefore = document.querySelector('#notes li')")
    play_by_clicks(page, "n2-o1")
    assert page.inner_text("#status") == "White to move"
    assert page.evaluate("window.noteBefore.isConnected"), "unchanged notes are not re-announced"


@pytest.mark.parametrize("game_id,fen,hooked,clicked,winner,reason", endings("uos"))
def test_uos_endings_are_announced(module_page, game_id, fen, hooked, clicked, winner, reason):
    play_ending(module_page, game_id, fen, hooked, clicked, winner, reason)


def test_a_bad_start_position_is_refused(module_page):
    start(module_page, "uos")
    result = module_page.evaluate("window.boardgames.newGame('uos', '8/7 w')")
    assert not result["ok"] and result["error"]
    assert state(module_page)["game"] == "uos" and state(module_page)["moves"] == []
