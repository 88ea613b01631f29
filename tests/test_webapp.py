"""The page's logic without a browser: layout geometry, click-to-move, undo, drawing."""

import pytest

from helpers import drawn

from webapp.drawing.layout import Layout, board_cells
from webapp.drawing.render import THEMES
from webapp.state.session import COMPUTER, HUMAN, Session
from webapp.state.view import View

from boardgames import GAME_IDS, get_game


@pytest.mark.parametrize("flipped", [False, True])
def test_every_cell_centre_hits_its_own_cell(flipped):
    layout = Layout(board_cells(get_game("vut")), 500, 430, flipped=flipped)
    for name in layout.by_name:
        assert layout.cell_at(*layout.center(name)) == name
    assert layout.cell_at(1, 1) is None  # the label margin is not a cell


def test_flipping_turns_the_board_round():
    plain = Layout(board_cells(get_game("vut")), 450, 450)
    flipped = Layout(board_cells(get_game("vut")), 450, 450, flipped=True)
    assert plain.center("a1") == pytest.approx(flipped.center("i9"))
    labels = dict((t, (x, y)) for t, x, y in flipped.labels())
    assert labels["a"][0] > labels["i"][0], "files read right to left when flipped"
    assert labels["a"][1] == pytest.approx(labels["i"][1])


def test_wrapped_files_have_clickable_ghosts():
    layout = Layout(board_cells(get_game("vut-cylindrical")), 550, 450)
    ghosts = [c for c in layout.cells if c.ghost]
    assert len(ghosts) == 18
    left_ghost = next(c for c in ghosts if c.name == "i3" and c.x < 0)
    assert layout.cell_at(*layout.to_px(left_ghost.x, left_ghost.y)) == "i3"


def test_click_to_move_selects_then_moves():
    session = Session("tablut")
    assert session.click("d1") is None and session.selected == "d1"
    assert sorted(session.destinations("d1")) == ["a1", "b1", "c1", "d2", "d3", "d4"]
    assert session.click("d3") == "d1-d3"
    assert session.moves == ["d1-d3"] and session.selected is None
    assert session.status() == "White to move"


@pytest.mark.parametrize("clicks,message", [
    (["e5"], "That is a white king: Black is to move."),
    (["b2"], "Black to move: pick one of your men."),
    (["d1", "f3"], "d1 cannot move to f3."),
    (["e9"], "That soldier has no legal move."),
])
def test_useless_clicks_explain_themselves(clicks, message):
    session = Session("tablut")
    for cell in clicks:
        session.click(cell)
    assert session.message == message
    assert session.moves == []


def test_undo_against_the_computer_returns_to_the_humans_turn():
    session = Session("tablut", players={"b": HUMAN, "w": COMPUTER})
    session.play("d1-d3")
    session.play("e3-d3" if "e3-d3" in session.legal() else session.legal()[0])
    assert session.undo()
    assert session.moves == [] and session.state.turn == "b"
    assert session.redo() and session.moves == ["d1-d3"]


def test_redo_is_dropped_by_a_new_move():
    session = Session("tablut")
    session.play("d1-d3")
    session.undo()
    session.play("d1-d2")
    assert not session.redo()


def test_illegal_move_leaves_the_game_unchanged():
    session = Session("tablut")
    with pytest.raises(ValueError, match="illegal move 'e5-e1'"):
        session.play("e5-e1")
    assert session.moves == [] and len(session.states) == 1


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_man_is_drawn_on_its_own_cell_in_its_sides_colour(game_id, theme):
    session = Session(game_id)
    view = View()
    view.theme = theme
    ctx, layout = drawn(session, view)
    colours = THEMES[theme]
    men = session.men()
    for side_colour, white in ((colours["white_man"], True), (colours["black_man"], False)):
        cells = ctx.cells_filled(layout, side_colour)
        assert cells == {cell for cell, man in men.items() if man.isupper() == white}
        for cell in cells:  # a man fills most of its cell, not a dot
            parts = [m for m in ctx.fills(side_colour) if m.near(layout.center(cell), layout.unit)]
            span = max(max(m.box[2] for m in parts) - min(m.box[0] for m in parts),
                       max(m.box[3] for m in parts) - min(m.box[1] for m in parts))
            assert span >= layout.inner_radius(layout.by_name[cell]) * 0.9
    texts = {t.text for t in ctx.texts}
    assert {"a", "1"} <= texts


@pytest.mark.parametrize("players,moves,words", [
    ({"w": HUMAN, "b": HUMAN}, "a4-a3 e6-h6 a3-a2 e5-e6 a2-a1 e6-c6 b5-b4 c6-c9",
     ("White wins", "The king escaped to the edge.")),
    ({"w": HUMAN, "b": COMPUTER}, "a4-a3 e6-h6 a3-a2 e5-e6 a2-a1 e6-c6 b5-b4 c6-c9",
     ("You won!", "The king escaped to the edge.")),
    ({"w": COMPUTER, "b": HUMAN}, "a4-a3 e6-h6 a3-a2 e5-e6 a2-a1 e6-c6 b5-b4 c6-c9",
     ("You lost", "The king escaped to the edge.")),
    ({"w": HUMAN, "b": HUMAN}, "d1-d3", None),
])
def test_the_result_card_speaks_to_the_human_against_the_computer(players, moves, words):
    session = Session("tablut", players=players)
    for move in moves.split():
        session.play(move)
    assert session.result_words() == words
