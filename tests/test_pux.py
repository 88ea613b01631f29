"""Pux (rulings: docs/rulings.md): move potential, plain moves,
transport, captures, the lateral rule, promotion, the worked examples of the text and
the page helpers."""

import pytest

from helpers import destinations_carrying

from boardgames import get_game

SETUP = "1ssssss1/1ssssss1/8/8/8/8/1SSSSSS1/1SSSSSS1 w -"
# The text's capture sample, reconstructed (its figure is missing): Black can capture
# any one of the three advanced White pieces b5 (MP 2), c4 (MP 3), d4 (MP 2), and
# nothing else (e7 reaches e2 but both have MP 6).
CAPTURE_SAMPLE = "1ssssss1/1ssss1s1/5s2/1S6/2SS4/8/3SSS2/1SSSSSS1 b -"
LONE_PROMOTED = "8/8/8/8/3D4/8/8/7s w -"
# d3 has MP 4 (itself, the promoted d4 counting 2, c2): carrying the promoted d4 is
# carrying ONE piece, so the pair may go 4 // 2 = 2 cells.
CARRY_PROMOTED = "7s/8/8/8/3D4/3S4/2S5/8 w -"
SIDEWAYS = "8/8/8/8/2sSS3/8/8/8 w -"
SIDEWAYS_MOVES = {"d4,c4-c4", "d4,c4-c5", "d4,c4-d5", "d4,c4-e5", "d4,e4-c5", "d4,e4-d5",
                  "d4,e4-e4", "d4,e4-e5", "d4-b6", "d4-c5", "d4-d5", "d4-d6", "d4-e5", "d4-f6",
                  "d4:c4", "e4,d4-d5", "e4,d4-e5", "e4,d4-f4", "e4,d4-f5", "e4-c6", "e4-d5",
                  "e4-e5", "e4-e6", "e4-f4", "e4-f5", "e4-g4", "e4-g6"}

MOVE_POTENTIAL = [
    (SETUP, {"b2": 4, "c2": 6, "b1": 4, "c1": 6, "g7": 4, "d8": 6}),
    (CAPTURE_SAMPLE, {"b5": 2, "c4": 3, "d4": 2, "b7": 4, "c7": 6, "d7": 6, "f6": 3, "e7": 6, "e2": 6}),
    (CARRY_PROMOTED, {"d3": 4, "d4": 3, "c2": 2}),
]

LEGAL = [
    # (position, moves that must be listed, moves that must not)
    (SETUP, {"b2,b1-b4", "b2,b1c2-c3", "b2-b6", "b2-f6", "b2-a2", "c2-h7", "b1-a1", "c1,c2-c4"},
     {"b2,b1c2-c4",  # 4 // 3 = 1 cell only
      "b2,b1-b5",  # 4 // 2 = 2 cells only
      "b2,b1-c3",  # b1 would land on c2, which stays occupied
      "b2-b7", "b2:b7",  # b7 is 5 cells away, b2 has MP 4
      "c2:c7",  # equal MP (6 and 6): no capture
      "c2-c1", "b2-c2", "b2-b1", "c1-c3"}),  # no backward move, no moving onto or over a friend
    (CAPTURE_SAMPLE, {"b7:b5", "d7:b5", "c7:c4", "f6:d4"}, {"e7:e2", "b7,c7-b5", "c7,c8:c4"}),
    (CARRY_PROMOTED, {"d3,d4-d5", "d3,d4-b5", "d3-h7"}, {"d3,d4-d6"}),
    # A piece may carry an enemy neighbour along; d3 (MP 2) may also capture it (2 > 1).
    ("7s/8/8/8/3s4/3S4/4S3/8 w -", {"d3,d4-d4", "d3,d4-c3", "d3:d4"}, {"d3,d4-d5"}),
]

EXACT_LEGAL = [
    # A lone promoted piece (MP 2) goes 1 or 2 cells in all 8 directions.
    (LONE_PROMOTED, {"d4-d5", "d4-d6", "d4-c5", "d4-b6", "d4-e5", "d4-f6", "d4-c4", "d4-b4",
                     "d4-e4", "d4-f4", "d4-d3", "d4-d2", "d4-c3", "d4-b2", "d4-e3", "d4-f2"}),
    (SIDEWAYS, SIDEWAYS_MOVES),
    # Black's lateral flag does not restrict White.
    ("8/8/8/8/2sSS3/8/8/8 w b", SIDEWAYS_MOVES),
    # With White's last move sideways, every sideways move goes: the sideways capture
    # d4:c4 and the sideways transports too.
    ("8/8/8/8/2sSS3/8/8/8 w w", {"d4,c4-c5", "d4,c4-d5", "d4,c4-e5", "d4,e4-c5", "d4,e4-d5",
                                 "d4,e4-e5", "d4-b6", "d4-c5", "d4-d5", "d4-d6", "d4-e5", "d4-f6",
                                 "e4,d4-d5", "e4,d4-e5", "e4,d4-f5", "e4-c6", "e4-d5", "e4-e5",
                                 "e4-e6", "e4-f5", "e4-g6"}),
]

PLAYS = [
    # (position, move, position after, captured cells, history cleared)
    (SETUP, "b2,b1-b4", "1ssssss1/1ssssss1/8/8/1S6/1S6/2SSSSS1/2SSSSS1 b -", (), False),
    (SETUP, "b2,b1c2-c3", "1ssssss1/1ssssss1/8/8/8/2SS4/2SSSSS1/2SSSSS1 b -", (), False),
    (CAPTURE_SAMPLE, "c7:c4", "1ssssss1/1s1ss1s1/5s2/1S6/2sS4/8/3SSS2/1SSSSSS1 w -", ("c4",), True),
    (CARRY_PROMOTED, "d3,d4-d5", "7s/8/3D4/3S4/8/8/2S5/8 b -", (), False),
    # The lateral field: a sideways move sets the mover's flag, any other move clears it.
    (SIDEWAYS, "d4:c4", "8/8/8/8/2S1S3/8/8/8 b w", ("c4",), True),
    ("8/8/8/8/2sSS3/8/8/8 w wb", "e4-e5", "8/8/8/4S3/2sS4/8/8/8 b b", (), False),
    ("2SS4/8/8/8/8/8/8/7s w b", "d8,c8-e8", "3DD3/8/8/8/8/8/8/7s b wb", (), True),
    # Promotion: a single stone ending on the last rank, while its side has < 12 stones.
    ("8/3S4/8/8/8/8/8/s7 w -", "d7-d8", "3D4/8/8/8/8/8/8/s7 b -", (), True),
    ("S7/8/8/8/8/8/3s4/8 b b", "d2-d1", "S7/8/8/8/8/8/8/3d4 w -", (), True),
    # ... not with 12 stones on the board,
    ("s7/3S4/8/8/8/8/1SSSSS2/1SSSSSS1 w -", "d7-d8", "s2S4/8/8/8/8/8/1SSSSS2/1SSSSSS1 b -", (), False),
    # ... short of stones (11): the moving piece first, then carried ones by file, rank,
    ("s7/2SS4/8/8/8/8/1SSS4/1SSSSSS1 w -", "d7,c7-d8", "s1SD4/8/8/8/8/8/1SSS4/1SSSSSS1 b -", (), True),
    ("s7/2SDS3/8/8/8/8/1S6/1SSSSSS1 w -", "d7,c7e7-d8", "s1DDS3/8/8/8/8/8/1S6/1SSSSSS1 b -", (), True),
    # ... and never the enemy's stones carried to their own last rank.
    ("7S/8/8/8/8/8/3sD3/8 w -", "e2,d2-e1", "7S/8/8/8/8/8/8/3sD3 b -", (), False),
]

RESULTS = [
    ("8/8/8/8/8/8/3S4/8 b -", {"winner": "white", "reason": "White captured all enemy stones"}),
    ("3s4/8/8/8/8/8/8/8 w w", {"winner": "black", "reason": "Black captured all enemy stones"}),
    # a1 can only move sideways, and Black's last move was sideways: no legal move loses.
    ("8/8/8/8/8/8/8/s6S b b", {"winner": "white", "reason": "Black has no legal move"}),
    ("8/8/8/8/8/8/8/s6S b -", None),
]

BAD_TEXTS = [
    ("1ssssss1/1ssssss1/8/8/8/8/1SSSSSS1/DSSSSSS1 w -", "14 stones"),
    ("1ssssss1/sssssss1/8/8/8/8/1SSSSSS1/1SSSSSS1 w -", "13 stones"),
    (SETUP.replace(" -", " bw"), "lateral"),
    (SETUP.replace(" -", " x"), "lateral"),
    (SETUP.replace(" -", ""), "fields"),
    ("8/8/8/8/8/8/1SSSSSS1/1SSSSSS1 w -", "black has just moved"),
    ("1ssssss1/1ssssss1/8/8/8/8/1SSSSSS1/1SSSSSK1 w -", "unknown man"),
]


@pytest.fixture(scope="module")
def game():
    return get_game("pux")


@pytest.mark.parametrize("fen,expected", MOVE_POTENTIAL)
def test_move_potential(game, fen, expected):
    state = game.new(fen=fen)
    assert {cell: game.move_potential(state, cell) for cell in expected} == expected


@pytest.mark.parametrize("fen,listed,unlisted", LEGAL)
def test_legal_moves_include_and_exclude(game, fen, listed, unlisted):
    moves = set(game.legal(game.new(fen=fen)))
    assert listed <= moves
    assert not unlisted & moves


def test_capture_sample_allows_exactly_the_three_advanced_targets(game):
    moves = game.legal(game.new(fen=CAPTURE_SAMPLE))
    captures = {m for m in moves if game.parse_move(m)[3]}
    assert captures == {"b7:b5", "d7:b5", "c7:c4", "d7:d4", "f6:d4"}


@pytest.mark.parametrize("fen,expected", EXACT_LEGAL)
def test_exact_legal_moves(game, fen, expected):
    assert set(game.legal(game.new(fen=fen))) == expected


def test_setup_move_count(game):
    moves = game.legal(game.new())
    # Hand count: 68 plain moves and 202 transports (see perft.txt).
    assert len(moves) == 270
    assert sum("," in m for m in moves) == 202


@pytest.mark.parametrize("fen,move,after,captured,cleared", PLAYS)
def test_play(game, fen, move, after, captured, cleared):
    state = game.play(game.new(fen=fen), move)
    assert game.fen(state) == after
    assert state.last == (move, captured)
    assert (len(state.history) == 1) == cleared


@pytest.mark.parametrize("fen,result", RESULTS)
def test_results(game, fen, result):
    state = game.new(fen=fen)
    assert game.result(state) == result
    assert bool(game.legal(state)) == (result is None)


def test_threefold_repetition_draws(game):
    state = game.new(fen="3d4/8/8/8/8/8/8/3D4 w -")
    for _ in range(2):
        for move in ("d1-d2", "d8-d7", "d2-d1", "d7-d8"):
            assert game.result(state) is None
            state = game.play(state, move)
    assert game.result(state) == {"winner": None, "reason": "threefold repetition"}


def test_second_sideways_move_is_refused_with_a_reason(game):
    state = game.new(fen="8/8/8/8/2sSS3/8/8/8 w w")
    with pytest.raises(ValueError, match="sideways"):
        game.play(state, "e4-f4")


@pytest.mark.parametrize("fen,message", BAD_TEXTS)
def test_bad_position_texts(game, fen, message):
    with pytest.raises(ValueError, match=message):
        game.new(fen=fen)


@pytest.mark.parametrize("move,parsed", [
    ("b2,b1c2-c3", ("b2", ("b1", "c2"), "c3", False)),
    ("b2,b1-b4", ("b2", ("b1",), "b4", False)),
    ("b7:b5", ("b7", (), "b5", True)),
    ("b2-b4", ("b2", (), "b4", False)),
])
def test_parse_move_and_move_cells(game, move, parsed):
    assert game.parse_move(move) == parsed
    assert game.move_cells(move) == (parsed[0], parsed[2])


@pytest.mark.parametrize("move", ["", None, "b2", "b2,-b3", "b7,b6:b5", "b2,b1c-c3",
                                  "z9-a1", "b2-b9", "b2,b1c2"])
def test_parse_move_rejects_bad_text(game, move):
    with pytest.raises(ValueError):
        game.parse_move(move)


@pytest.mark.parametrize("cell,carried,expected", [
    ("b2", ("b1", "c2"), {"b3", "c3", "a3", "a2"}),  # hand count: forward, both diagonals, left
    ("b2", ("c2",), {"b3", "b4", "c3", "d4", "a3", "a2"}),
    ("c1", (), set()),
    ("b1", (), {"a2", "a1"}),
])
def test_destinations(game, cell, carried, expected):
    found = destinations_carrying(game, game.new(), cell, carried)
    assert set(found) == expected and len(found) == len(expected)


def test_move_potential_of_an_empty_cell_is_an_error(game):
    with pytest.raises(ValueError, match="no piece on d4"):
        game.move_potential(game.new(), "d4")


def test_evaluate(game):
    assert game.evaluate(game.new()) == 0
    ahead = game.play(game.new(fen=CAPTURE_SAMPLE), "c7:c4")  # White to move, a stone down
    assert game.evaluate(ahead) < 0
