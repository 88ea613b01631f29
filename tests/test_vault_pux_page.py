"""The page's help for Vault and Pux without a browser: Pux's move builder (carried
pieces, destinations per carried set), Vault's jump lines and far-rank warnings, board
size options, agreed draws, and the scripted games the e2e tests click through."""

import itertools
import os

import pytest
from helpers import destinations_carrying, drawn as drawn_board

from boardgames import get_game
from tables import read_table
from boardgames.core import Overlay
from webapp.drawing.render import THEMES
from webapp.state.session import Session
from webapp.state.view import View

GAMES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                     "e2e", "data", "vault_pux_games.txt")


def scripted_games():
    """(game id, options, moves, winner, reason) of each line of the e2e data file."""
    rows = []
    for game_id, option, moves, winner, reason in read_table(GAMES, 5):
        options = {} if option == "-" else {option.split("=")[0]: int(option.split("=")[1])}
        rows.append((game_id, options, moves.split(), winner, reason))
    return rows


def drawn(session, hover=None):
    view = View()
    view.hover = hover
    ctx, layout = drawn_board(session, view)
    return layout, ctx.calls


def strokes_in(calls, colour):
    """The path calls (moveTo/lineTo points) between setting `colour` and the next colour."""
    points, current = [], None
    for name, args in calls:
        if name == "set strokeStyle":
            current = args[0]
        elif name in ("moveTo", "lineTo") and current == colour:
            points.append((name, tuple(round(v, 6) for v in args)))
    return points


def at(layout, name):
    return tuple(round(v, 6) for v in layout.center(name))


# -- Pux: the move builder -----------------------------------------------------------------
def test_pux_selection_offers_the_orthogonal_neighbours_to_carry():
    session = Session("pux")
    session.click("b2")
    assert session.extra_choices() == ["b1", "c2"]
    builder = session.builder()
    assert builder["title"] == "Move potential: 4"  # b2 plus b1, c1, c2
    assert builder["choices"] == [("b1", False), ("c2", False)]
    assert sorted(session.destinations("b2")) == ["a2", "a3", "b3", "b4", "b5", "b6", "c3", "d4", "e5", "f6"]


def test_toggling_a_carried_piece_changes_the_destinations_and_the_move_played():
    session = Session("pux")
    session.click("b2")
    assert session.toggle_extra("b1") and session.extras == {"b1"}
    assert session.message == "b2 carries b1."
    assert sorted(session.destinations("b2")) == ["a2", "a3", "b3", "b4"]
    assert session.builder()["choices"] == [("b1", True), ("c2", False)]
    assert "at most 2 cells (MP 4 / 2 pieces)" in " ".join(session.builder()["lines"])
    assert session.click("c2", extra=True) is None and session.extras == {"b1", "c2"}
    assert sorted(session.destinations("b2")) == ["a2", "a3", "b3", "c3"]  # MP 4 / 3 pieces: one cell
    session.click("c2", extra=True)  # a shift-click again puts it down
    assert session.extras == {"b1"}
    assert session.click("b4") == "b2,b1-b4"
    assert session.men()["b4"] == "S" and session.men()["b3"] == "S" and "b1" not in session.men()
    assert session.extras == frozenset() and session.selected is None


def test_a_piece_that_cannot_be_carried_is_explained():
    session = Session("pux")
    session.click("b2")
    assert not session.toggle_extra("d4")
    assert session.message == "b2 cannot carry d4."
    assert session.extras == frozenset()


def test_selecting_another_piece_drops_the_carried_set():
    session = Session("pux")
    session.click("b2")
    session.toggle_extra("b1")
    session.click("g2")
    assert session.selected == "g2" and session.extras == frozenset()


def pux_positions():
    game = get_game("pux")
    yield game.new()
    moves = next(moves for game_id, _, moves, _, _ in scripted_games() if game_id == "pux")
    state = game.new()
    for move in moves[:9]:
        state = game.play(state, move)
    yield state


@pytest.mark.parametrize("position", range(2))
def test_destinations_per_carried_set_are_the_engines(position):
    state = list(pux_positions())[position]
    game = get_game("pux")
    session = Session("pux", fen=game.fen(state))
    checked = 0
    for cell in sorted(session.movable_cells()):
        session.click(cell)
        options = session.extra_choices()
        for size in range(len(options) + 1):
            for carried in itertools.combinations(options, size):
                session.extras = frozenset(carried)
                assert sorted(session.destinations(cell)) == sorted(destinations_carrying(game, state, cell, carried))
                checked += 1
        session.click(cell)  # deselect
    assert checked > 40


def test_a_capture_is_ringed_and_a_carried_destination_is_not():
    game = get_game("pux")
    state = game.play(game.play(game.new(), "b2,b1-b4"), "g7,g8-g5")
    session = Session("pux", fen=game.fen(state))
    session.click("c2")
    assert session.destinations("c2")["g6"] == ["c2:g6"]
    assert "A ringed cell is a capture" in " ".join(session.builder()["lines"])
    layout, calls = drawn(session)
    ring = THEMES["light"]["capture_ring"]
    rings = [args for name, args in calls if name == "arc" and args[:2] == layout.center("g6")]
    assert rings and any(c == ("set strokeStyle", (ring,)) for c in calls)
    # b1 carrying b2 may land on b2 (b2 moves on to b3): a dot, not a capture ring.
    session = Session("pux")
    session.click("b1")
    session.toggle_extra("b2")
    assert "b2" in session.destinations("b1")
    layout, calls = drawn(session)
    assert ("set strokeStyle", (ring,)) not in calls
    dashed = [args for name, args in calls if name == "setLineDash" and args[0]]
    assert dashed, "the carried piece gets a dashed frame"


def test_pux_tells_the_side_that_moved_sideways_it_may_not_now():
    game = get_game("pux")
    state = game.play(game.play(game.new(), "b2-a2"), "g7-g6")
    session = Session("pux", fen=game.fen(state))
    assert session.notes() == ["White moved sideways last turn, so it may not move sideways now."]
    assert not any(game.move_cells(m)[0][1] == game.move_cells(m)[1][1] for m in session.legal())


# -- Vault -----------------------------------------------------------------------------------
def test_vault_draws_the_last_jump_through_its_pivot():
    session = Session("vault", options={"size": 6})
    for move in ("c1-c2", "d6-d5", "b1-d3"):
        session.play(move)
    assert session.game.overlays(session.state, []) == [Overlay("line", ("b1", "c2", "d3"), "last")]
    layout, calls = drawn(session)
    line = strokes_in(calls, THEMES["light"]["last_mark"])
    assert ("moveTo", at(layout, "b1")) in line and ("lineTo", at(layout, "d3")) in line
    px, py = layout.center("c2")
    d = layout.unit * 0.3
    assert ("moveTo", (round(px, 6), round(py - d, 6))) in line, "a diamond marks the pivot c2"


def test_vault_draws_the_jump_under_the_pointer_for_the_selected_pawn():
    session = Session("vault", options={"size": 6})
    session.play("c1-c2")
    session.play("d6-d5")
    session.click("b1")
    assert "d3" in session.destinations("b1")
    layout, calls = drawn(session, hover="d3")
    line = strokes_in(calls, THEMES["light"]["select"])
    assert ("moveTo", at(layout, "b1")) in line and ("lineTo", at(layout, "d3")) in line
    layout, calls = drawn(session, hover="b2")  # a walk: no line
    assert ("lineTo", at(layout, "b2")) not in strokes_in(calls, THEMES["light"]["select"])


def test_a_pawn_on_the_far_rank_is_flagged():
    session = Session("vault", options={"size": 6})
    moves = next(moves for game_id, _, moves, _, _ in scripted_games() if game_id == "vault")
    for move in moves[:-1]:
        session.play(move)
    assert session.game.far_rank_pawns(session.state) == ["d6"]
    assert Overlay("pennant", ("d6",)) in session.game.overlays(session.state, [])
    assert session.notes() == ["White's pawn on d6 wins next turn unless captured."]
    layout, calls = drawn(session)
    x, y = layout.center("d6")
    pole = round(x + layout.inner_radius(layout.by_name["d6"]) * 0.55, 6)
    assert any(name == "lineTo" and round(args[0], 6) == pole for name, args in calls)
    session.play(moves[-1])
    assert session.notes() == [] and session.result["winner"] == "white"


def test_agreed_draw_ends_the_game_and_undo_takes_it_back():
    session = Session("vault")
    session.play("a1-a2")
    session.agree_draw()
    assert session.result == {"winner": None, "reason": "drawn by agreement"}
    assert session.status() == "Draw: drawn by agreement"
    assert session.legal() == [] and not session.to_move_is_computer()
    with pytest.raises(ValueError, match="drawn by agreement"):
        session.play("a10-a9")
    assert session.click("a10") is None and session.message.startswith("The game is over")
    with pytest.raises(ValueError, match="already over"):
        session.agree_draw()
    assert session.undo()
    assert session.result is None and session.moves == ["a1-a2"]
    session.play("a10-a9")
    assert session.undo() and session.undo() and session.moves == []


# -- the scripted e2e games ---------------------------------------------------------------------
@pytest.mark.parametrize("game_id,options,moves,winner,reason", scripted_games())
def test_scripted_games_end_as_the_e2e_tests_expect(game_id, options, moves, winner, reason):
    game = get_game(game_id, **options)
    state = game.new()
    for move in moves:
        assert game.result(state) is None
        state = game.play(state, move)
    assert game.result(state) == {"winner": winner, "reason": reason}
    if game_id == "pux":
        assert any("," in m for m in moves) and any(":" in m for m in moves)
    else:
        assert any(game.jump_pivot(m) and state_captures(game, moves, m) for m in moves)


def state_captures(game, moves, move):
    """True if `move` captured in the game `moves`."""
    state = game.new()
    for m in moves:
        state = game.play(state, m)
        if m == move:
            return bool(state.last[1])
    return False
