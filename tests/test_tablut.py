"""Tablut: every rule and ruling (docs/rulings.md) pinned by a position.

Positions are men lists (tests/positions.py): `K` the king, `S` a Swede, `s` a Muscovite.
"""

import pytest

from boardgames import get_game
from positions import position

GAME = get_game("tablut")


def state_of(men, turn):
    return GAME.new(fen=position(GAME, men, turn))


def destinations(state, cell):
    return {m.split("-")[1] for m in GAME.legal(state) if m.split("-")[0] == cell}


def test_black_moves_first_from_the_setup():
    state = GAME.new()
    assert state.turn == "b"
    assert GAME.fen(state) == "3sss3/4s4/4S4/s3S3s/ssSSKSSss/s3S3s/4S4/4s4/3sss3 b"
    assert len(GAME.legal(state)) == 80


MOVES = [
    # men, side to move, cell, its destinations -- why
    ("Kh8 sd5 Sd7 Sb5", "b", "d5", {"d6", "d4", "d3", "d2", "d1", "c5"}),  # rook lines; the throne stops it
    ("Kc5 sa1", "w", "c5", {"a5", "b5", "d5", "e5", "f5", "g5", "h5", "i5",
                            "c1", "c2", "c3", "c4", "c6", "c7", "c8", "c9"}),  # the king stops on and passes the throne
    ("Sc5 Kh2 sa9", "w", "c5", {"a5", "b5", "d5", "c1", "c2", "c3", "c4", "c6", "c7", "c8", "c9"}),  # Swedes don't pass it
    ("Kh2 se4", "b", "e4", {"a4", "b4", "c4", "d4", "f4", "g4", "h4", "i4", "e1", "e2", "e3"}),  # nor Muscovites
]


@pytest.mark.parametrize("men,turn,cell,expected", MOVES)
def test_moves_of_a_man(men, turn, cell, expected):
    assert destinations(state_of(men, turn), cell) == expected


CAPTURES = [
    # men, side to move, move, captured cells -- why
    ("Kh2 Sd4 sd3 sa5", "b", "a5-d5", {"d4"}),             # custody
    ("Kg4 Sc4 sd4 sa9", "w", "g4-e4", {"d4"}),              # the armed king closes a custody
    ("Sc4 Se4 sd1 Kh2", "b", "d1-d4", set()),               # moving between two enemies is safe
    ("Se4 sa3 Kh2", "b", "a3-e3", set()),                   # the empty throne is not hostile
    ("Sd4 sd3 Sc5 sb5 sd9 Kh2", "b", "d9-d5", {"d4", "c5"}),  # several captures at once
    ("Kb8 Sc4 sd4 Sh3", "w", "h3-e3", set()),               # only the moved man closes a custody
    ("Kh2 Sb7 sa7 sd5", "b", "d5-c5", set()),               # no capture against the board edge
]


@pytest.mark.parametrize("men,turn,move,taken", CAPTURES)
def test_captures(men, turn, move, taken):
    before = state_of(men, turn)
    after = GAME.play(before, move)
    assert set(after.last[1]) == taken
    for cell in taken:
        assert cell not in GAME.men(after)
    assert len(GAME.men(after)) == len(GAME.men(before)) - len(taken)


RESULTS = [
    # men, side to move, move, result after it (None: the game goes on) -- why
    ("Kc3 sb3 sd3 sc2 sc8", "b", "c8-c4", ("black", "the king was captured")),  # four sides
    ("Ke4 sd4 sf4 sa3", "b", "a3-e3", ("black", "the king was captured")),      # three + the throne
    ("Kc3 sb3 sd3 sa2", "b", "a2-c2", None),                                    # three without the throne
    ("Ke5 sd4 sf4 se3 sa9", "w", "e5-e4", None),            # the king walking into the enclosure is safe
    ("Kc3 sb3 sd3 sc2 sc4 sa9 Sh8", "b", "a9-a8", None),    # a Muscovite elsewhere does not capture
    ("Kb2 sh8", "w", "b2-b1", ("white", "the king escaped to the edge")),       # any edge cell wins
    ("Kd4 sh8 Sf6", "w", "d4-d9", ("white", "the king escaped to the edge")),
    ("Kd4 sa1 Sa2 Sb1 si9 Sh9 Si8", "w", "d4-d5", ("white", "Black has no legal move")),  # no move loses
    ("Kc3 sb3 sd3 sc2 sc4 sa9", "b", "a9-a8", ("black", "White has no legal move")),  # the enclosed king alone
]


@pytest.mark.parametrize("men,turn,move,expected", RESULTS)
def test_results(men, turn, move, expected):
    after = GAME.play(state_of(men, turn), move)
    result = GAME.result(after)
    if expected is None:
        assert result is None and GAME.legal(after)
    else:
        assert result == {"winner": expected[0], "reason": expected[1]}
        assert GAME.legal(after) == []


def test_threefold_repetition_draws():
    state = state_of("Kc3 sg7", "w")
    shuffle = ["c3-c4", "g7-g6", "c4-c3", "g6-g7"]
    for move in shuffle * 2:
        assert GAME.result(state) is None
        state = GAME.play(state, move)
    assert GAME.result(state) == {"winner": None, "reason": "threefold repetition"}


def test_a_capture_starts_a_new_history():
    state = GAME.play(state_of("Kh2 Sd4 sd3 sa5 sa9", "b"), "a5-d5")
    assert state.history == (state.key,)


@pytest.mark.parametrize("text,message", [
    ("3sss3/4s4/4S4/s3S3s/ssSSKSSss/s3S3s/4S4/4s4/3sss3", "2 fields"),
    ("3sss3/4s4/4S4/s3S3s/ssSSKSSss/s3S3s/4S4/4s4/3sss3 x", "side to move"),
    ("3sss3/4s4/4S4/s3S3s/ssSSSSSss/s3S3s/4S4/4s4/3sss3 b", "only the king may stand on the throne"),
    ("K8/9/9/9/9/9/9/9/8K b", "one king"),
    ("9/9/9/9/9/9/9/9 b", "8 rows, expected 9"),
    ("9/9/9/9/9/9/9/9/8Q b", "unknown man 'Q'"),
    ("sssssssss/sssssssss/9/9/9/9/9/9/4K4 w", "too many men"),
])
def test_bad_position_texts(text, message):
    with pytest.raises(ValueError, match=message):
        GAME.new(fen=text)


def test_illegal_moves_say_so_and_change_nothing():
    state = GAME.new()
    with pytest.raises(ValueError, match="illegal move 'e5-e1'"):
        GAME.play(state, "e5-e1")  # White's king, but Black is to move
    with pytest.raises(ValueError, match="illegal move 'd1-d5'"):
        GAME.play(state, "d1-d5")  # d5 holds a Swede: a man stops on empty cells only
    assert GAME.fen(state) == GAME.setup
