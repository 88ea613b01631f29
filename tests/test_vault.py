"""Vault (rulings: docs/rulings.md): walks, mirror jumps, captures,
the start-of-turn win, sizes, and the page helpers.  Positions are 6x6 unless a size is given."""

import pytest

from boardgames import get_game
from boardgames.vault import Vault

# A jump lands on the mirror cell 2B - A over any friendly pawn B: a1 over b3 lands
# on c5 (not a straight line) and captures; a1 over a3 lands on a5 past the enemies on
# a2 and a4 (cells in between do not matter).  Walks never capture.
MIXED = "5p/p1p3/p5/PP4/p5/P5 w"
# a1 over a2 would land on the friendly a3, a3 over a2 on the friendly a1: not allowed.
COLUMN = "p4p/6/6/P5/P5/P5 w"

LEGAL = [
    (MIXED, {"a1-a5", "a1-b1", "a1-b2", "a1-c5", "a3-b2", "a3-b4", "a3-c3",
             "b3-b2", "b3-b4", "b3-c2", "b3-c3", "b3-c4"}),
    (COLUMN, {"a1-a5", "a1-b1", "a1-b2", "a2-a4", "a2-b1", "a2-b2", "a2-b3",
              "a3-a4", "a3-b2", "a3-b3", "a3-b4"}),
    # Black moves by the same rules, in any direction: f6 over f4 lands on f2.
    ("5p/6/5p/6/6/P5 b", {"f6-e5", "f6-e6", "f6-f5", "f6-f2",
                          "f4-e3", "f4-e4", "f4-e5", "f4-f3", "f4-f5"}),
]

PLAYS = [
    # (position, move, position after, captured cells)
    (MIXED, "a1-c5", "5p/p1P3/p5/PP4/p5/6 b", ("c5",)),
    (MIXED, "a1-a5", "5p/P1p3/p5/PP4/p5/6 b", ("a5",)),
    (MIXED, "b3-c4", "5p/p1p3/p1P3/P5/p5/P5 b", ()),
]

RESULTS = [
    # (position, result)
    ("P5/6/6/p5/6/6 w", {"winner": "white", "reason": "White starts its turn on the far rank"}),
    ("6/6/6/P5/6/p5 b", {"winner": "black", "reason": "Black starts its turn on the far rank"}),
    # The side NOT to move on its far rank has not won yet: it must survive a turn.
    ("P5/5p/6/6/6/6 b", None),
    # Both sides on their far ranks: only the side to move meets the start-of-turn win.
    ("P5/6/6/6/6/5p w", {"winner": "white", "reason": "White starts its turn on the far rank"}),
    ("P5/6/6/6/6/5p b", {"winner": "black", "reason": "Black starts its turn on the far rank"}),
    # No legal move at the start of the turn loses: a3 is walled in and cannot jump.
    ("6/6/pp4/Pp4/pp4/6 w", {"winner": "black", "reason": "White has no legal move"}),
    ("6/6/6/6/6/PPPPPP b", {"winner": "white", "reason": "Black has no legal move"}),
]

BAD_TEXTS = [
    ("pppppp/6/6/6/6/PPPPPP w", 8, "8x8"),  # a 6x6 text in an 8x8 game
    ("pppppp/p5/6/6/6/PPPPPP w", 6, "at most 6"),
    ("6/6/6/6/6/PPPPPP w", 6, "black has just moved"),
    ("pppppp/6/6/6/6/PPPPPP", 6, "fields"),
    ("pppppp/6/6/6/6/PPPPPQ w", 6, "unknown man"),
]


def vault(size=6):
    return get_game("vault", size=size)


@pytest.mark.parametrize("fen,expected", LEGAL)
def test_legal_moves(fen, expected):
    game = vault()
    assert set(game.legal(game.new(fen=fen))) == expected


@pytest.mark.parametrize("fen,move,after,captured", PLAYS)
def test_play(fen, move, after, captured):
    game = vault()
    state = game.play(game.new(fen=fen), move)
    assert game.fen(state) == after
    assert state.last == (move, captured)
    assert game.is_noisy(game.new(fen=fen), move) == bool(captured)


@pytest.mark.parametrize("fen,result", RESULTS)
def test_results(fen, result):
    game = vault()
    state = game.new(fen=fen)
    assert game.result(state) == result
    assert bool(game.legal(state)) == (result is None)


def test_far_rank_win_waits_for_the_start_of_the_turn():
    game = vault()
    reached = game.play(game.new(fen="6/P4p/6/6/6/6 w"), "a5-a6")
    assert game.result(reached) is None  # Black may still capture it or win first
    assert game.result(game.play(reached, "f5-f4")) == RESULTS[0][1]


def test_threefold_repetition_draws_and_captures_clear_history():
    game = vault()
    state = game.new()
    cycle = ["a1-b2", "f6-e5", "b2-a1", "e5-f6"]
    for move in cycle:
        state = game.play(state, move)
    assert game.result(state) is None and state.repetitions() == 2
    for move in cycle:
        state = game.play(state, move)
    assert game.result(state) == {"winner": None, "reason": "threefold repetition"}
    captured = game.play(game.new(fen=MIXED), "a1-c5")
    assert len(captured.history) == 1


@pytest.mark.parametrize("size", [6, 8, 10, 12])
def test_sizes_and_setups(size):
    game = vault(size)
    rows = ["p" * size] + [str(size)] * (size - 2) + ["P" * size]
    assert game.setup == "/".join(rows) + " w"
    assert game.grid.width == size


def test_default_size_and_bad_sizes():
    assert get_game("vault").setup == "pppppppppp/10/10/10/10/10/10/10/10/PPPPPPPPPP w"
    for bad in (7, 14, "10"):
        with pytest.raises(ValueError):
            get_game("vault", size=bad)
    with pytest.raises(ValueError, match="size"):
        Vault(size=9)


@pytest.mark.parametrize("fen,size,message", BAD_TEXTS)
def test_bad_position_texts(fen, size, message):
    with pytest.raises(ValueError, match=message):
        vault(size).new(fen=fen)


@pytest.mark.parametrize("move,pivot", [("a1-c5", "b3"), ("a1-a5", "a3"), ("f6-b2", "d4"),
                                        ("a1-b2", None), ("c3-c2", None)])
def test_jump_pivot(move, pivot):
    assert vault().jump_pivot(move) == pivot


@pytest.mark.parametrize("move", ["a1-b3", "a1-a4", "a1-a7", "a1a2", "", None, "a1-a1"])
def test_jump_pivot_rejects_non_moves(move):
    with pytest.raises(ValueError):
        vault().jump_pivot(move)


def test_evaluate_prefers_material_and_progress():
    game = vault()
    assert game.evaluate(game.new()) == 0
    ahead = game.new(fen=MIXED)  # White to move, two pawns down
    assert game.evaluate(ahead) < 0
    assert game.evaluate(game.new(fen="5p/p1p3/p5/PP4/p5/P5 b")) > 0
    advanced, behind = game.new(fen="p5/6/P5/6/6/6 w"), game.new(fen="p5/6/6/6/P5/6 w")
    assert game.evaluate(advanced) > game.evaluate(behind)
