"""The VUT family in the page: every variant loads and takes a move by clicks, each kind
of ending is announced, the cylinder's ghost cells take clicks across the seam, Royal
VUT's centre is marked, and reconstructed setups are marked in the rules panel."""

import pytest

from page_helpers import play_by_clicks, state
from endings import canvas_pixel, centre, endings, play_ending, rulings, start

# every variant, with a first move for White (a man forward as far as it may go)
FIRST_MOVES = {"vut": "e2-e5", "vut-royal": "e3-e4", "vut-extermination": "e3-e5",
               "vut-extinction": "e3-e5", "vut-connection": "e3-e5", "vut-cylindrical": "e2-e5",
               "vut-intervention": "e2-e5", "vut-7x7": "d2-d4", "vut-11x11": "f2-f5"}


def test_the_picker_offers_the_nine_variants(module_page):
    ids = module_page.evaluate("[...document.querySelectorAll('#game-select option')].map(o => o.value)")
    assert sorted(i for i in ids if i.split("-")[0] == "vut") == sorted(FIRST_MOVES)


@pytest.mark.parametrize("game_id,move", FIRST_MOVES.items())
def test_every_variant_loads_and_moves_by_clicks(module_page, game_id, move):
    start(module_page, game_id)
    s = state(module_page)
    assert s["moves"] == [] and s["result"] is None and s["fen"].endswith(" w")
    assert move in s["legal"]
    play_by_clicks(module_page, move)
    assert state(module_page)["fen"].endswith(" b")
    assert module_page.inner_text("#status") == "Black to move"
    lead, text = rulings(module_page)[0]
    assert lead == "Setup reconstructed:", text


@pytest.mark.parametrize("game_id,fen,hooked,clicked,winner,reason", endings("vut"))
def test_each_kind_of_ending_is_announced(module_page, game_id, fen, hooked, clicked, winner, reason):
    play_ending(module_page, game_id, fen, hooked, clicked, winner, reason)


def test_a_move_across_the_cylinders_seam_by_its_ghost_cell(module_page):
    page = module_page
    start(page, "vut-cylindrical")
    play_by_clicks(page, "a2-a3")
    play_by_clicks(page, "e8-e7")
    (ax, ay), (bx, _) = centre(page, "a3"), centre(page, "b3")
    page.mouse.click(ax, ay)
    assert "i3" in state(page)["targets"]
    page.mouse.click(ax - (bx - ax), ay)  # the ghost of i3, left of a3
    assert state(page)["moves"][-1] == "a3-i3"
    (ix, iy) = centre(page, "i3")
    page.mouse.click(ix, iy)  # back again through the ghost of a3, right of i3
    assert state(page)["selected"] is None, "Black is to move: i3 cannot be picked"
    play_by_clicks(page, "e7-e6")
    page.mouse.click(ix, iy)
    page.mouse.click(ix + (bx - ax), iy)
    assert state(page)["moves"][-1] == "i3-a3"


def test_the_royal_centre_is_marked(module_page):
    start(module_page, "vut-royal")
    assert canvas_pixel(module_page, *centre(module_page, "e5")) != \
        canvas_pixel(module_page, *centre(module_page, "c5")), \
        "e5 and c5 have the same shade: only the centre's mark tells them apart"
