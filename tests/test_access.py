"""Keyboard cursor movement (screen directions, flip, diamonds, cylinder) and the words
screen readers get (webapp/words/access.py)."""

import pytest

from boardgames import get_game
from webapp.words.access import announcement, cell_words, move_cursor, start_cell
from webapp.drawing.layout import Layout, board_cells
from webapp.state.session import Session


def layout_of(game_id, flipped=False):
    return Layout(board_cells(get_game(game_id)), 600, 600, flipped=flipped)


def walk(layout, cell, keys):
    for key in keys.split():
        cell = move_cursor(layout, cell, f"Arrow{key}")
    return cell


def test_square_board_moves_one_cell_and_stops_at_the_edge():
    layout = layout_of("tablut")
    assert walk(layout, "e5", "Up") == "e6"
    assert walk(layout, "e5", "Down Left") == "d4"
    assert walk(layout, "e5", "Right Right Right Right Right Right") == "i5"
    assert walk(layout, "a1", "Left") == "a1" and walk(layout, "a1", "Down") == "a1"


def test_flipped_board_follows_the_screen():
    layout = layout_of("tablut", flipped=True)
    assert walk(layout, "e5", "Up") == "e4"
    assert walk(layout, "e5", "Left") == "f5"


def test_cylinder_wraps_sideways_but_not_up_and_down():
    layout = layout_of("vut-cylindrical")
    assert walk(layout, "a3", "Left") == "i3"
    assert walk(layout, "i3", "Right") == "a3"
    assert walk(layout, "a9", "Up") == "a9"
    plain = layout_of("vut")
    assert walk(plain, "a3", "Left") == "a3"


def test_uos_diamonds_go_straight_to_the_nearest_cell():
    layout = layout_of("uos")
    # h8 is file 7, rank 7 (odd): equally near diamonds are taken towards lower ones
    assert walk(layout, "h8", "Up") == "g9" and walk(layout, "g9", "Down") == "h8"
    assert walk(layout, "h8", "Right") == "i7" and walk(layout, "i7", "Left") == "h8"
    assert walk(layout, "h8", "Right Right") == "j8"
    assert walk(layout, "h8", "Up Up Up Up") == "h12"
    assert walk(layout, "a1", "Down") == "a1"
    assert walk(layout, "a1", "Left") == "a1"
    # every cell can be reached: the cursor never gets stuck in a corner
    seen, todo = {"a1"}, ["a1"]
    while todo:
        cell = todo.pop()
        for key in ("Up", "Down", "Left", "Right"):
            nxt = walk(layout, cell, key)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == set(layout.by_name)


@pytest.mark.parametrize("game_id", ["tablut", "uos", "vut-7x7"])
def test_cursor_starts_in_the_middle_or_where_asked(game_id):
    layout = layout_of(game_id)
    middle = {"tablut": "e5", "uos": "h8", "vut-7x7": "d4"}[game_id]
    assert start_cell(layout) == middle
    assert start_cell(layout, "a1") == "a1"
    assert start_cell(layout, "z99") == middle


def test_cell_words_name_the_man_and_the_selection():
    session = Session("tablut")
    assert cell_words(session, "e5") == "e5: white king"
    assert cell_words(session, "a1") == "a1: empty"
    session.click("d1")
    assert cell_words(session, "d1") == "d1: black soldier, selected"
    assert cell_words(session, "d3") == "d3: empty, can move here"


def test_announcement_of_a_capture_and_of_the_end():
    session = Session("tablut", fen="9/9/9/9/4K4/9/3s5/4Ss3/9 b")
    assert announcement(session, 0) == "Black to move."
    session.play("d3-d2")
    assert announcement(session, 0) == "Black d3 to d2, captures e2. White to move."
    session.play("e5-e6")
    session.undo()
    assert announcement(session, 2) == "A move taken back. White to move."
    assert announcement(Session("tablut"), 2) == "2 moves taken back. Black to move."
    escape = Session("tablut")
    for move in "a4-a3 e6-h6 a3-a2 e5-e6 a2-a1 e6-c6 b5-b4 c6-c9".split():
        escape.play(move)
    assert announcement(escape, 7) == \
        "White c6 to c9. White wins: the king escaped to the edge."


@pytest.mark.parametrize("game_id", ["uos", "tablut", "vut-cylindrical"])
@pytest.mark.parametrize("flipped", [False, True])
def test_the_opposite_arrow_always_comes_back(game_id, flipped):
    layout = layout_of(game_id, flipped)
    opposite = {"Up": "Down", "Down": "Up", "Left": "Right", "Right": "Left"}
    for cell in layout.by_name:
        for key, back in opposite.items():
            there = walk(layout, cell, key)
            assert there == cell or walk(layout, there, back) == cell, (cell, key)
