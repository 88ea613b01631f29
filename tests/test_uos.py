"""UOS (rulings: docs/rulings.md): the diamond board, every man's
moves, the king's shrinking range, check counters, mate, stalemate, the draws, position
texts and the page helpers.

Positions are written as men on cells ("Kh8 ka11 Rc5", uppercase White) and turned into
position texts by `position`; unless a case says otherwise the move number is 10 (so
a few checks may already have been given) and the half-move clock 0.
"""

import pytest

from boardgames import get_game
from boardgames.ai import choose_move
from boardgames.uos import BOARD

GAME = get_game("uos")
KINGS = "Kg15 ko5"  # two kings off every line the tested men use


def position(men, turn="w", checks=(0, 0), clock=0, number=10):
    cells = ["."] * BOARD.size
    for man in men.split():
        cells[BOARD.index(man[1:])] = man[0]
    return f"{BOARD.board_text(''.join(cells))} {turn} {checks[0]} {checks[1]} {clock} {number}"


def destinations(text, cell):
    """The cells the man on `cell` may move to."""
    return {move.split("-")[1] for move in GAME.legal(GAME.new(text)) if move.split("-")[0] == cell}


def cells(text):
    return set(text.split())


# -- the board -----------------------------------------------------------------------

def test_board_cells_names_colours_and_drawing():
    assert BOARD.size == 113
    assert BOARD.colours.count("black") == 64 and BOARD.colours.count("white") == 49
    assert BOARD.names[:9] == ["a1", "c1", "e1", "g1", "i1", "k1", "m1", "o1", "b2"]
    assert BOARD.names[-1] == "o15"
    assert BOARD.row_widths == [8, 7] * 7 + [8]
    drawn = {name: (x, y, shape, shade) for name, x, y, shape, shade, ghost in BOARD.drawing_cells()}
    assert drawn["a1"] == (0, 0, "diamond", 1) and drawn["b2"] == (1, 1, "diamond", 0)
    assert drawn["h8"] == (7, 7, "diamond", 0) and drawn["o15"] == (14, 14, "diamond", 1)
    for missing in ("b1", "a2", "h9", "p1", "a16"):
        assert missing not in drawn
        with pytest.raises(ValueError, match="no cell"):
            BOARD.index(missing)
    # A white square shares its four edges with the black squares around it.
    b2 = BOARD.index("b2")
    assert {BOARD.names[ray[0]] for ray in BOARD.diagonal_rays[b2]} == {"a1", "c1", "a3", "c3"}
    a1 = BOARD.index("a1")
    assert sorted(tuple(BOARD.names[j] for j in ray) for ray in BOARD.orthogonal_rays[a1]) == [
        ("a3", "a5", "a7", "a9", "a11", "a13", "a15"), ("c1", "e1", "g1", "i1", "k1", "m1", "o1")]
    assert GAME.grid is BOARD


# -- each man's moves ----------------------------------------------------------------

MOVES = [
    # (position, cell, its destinations)
    # Open board, centre h8 (a white square) or i9 next to it (knights keep to black).
    (position(KINGS + " Rh8"), "h8", "b8 d8 f8 j8 l8 n8 h2 h4 h6 h10 h12 h14 g7 g9 i7 i9"),
    (position(KINGS + " Bh8"), "h8", "a1 b2 c3 d4 e5 f6 g7 i9 j10 k11 l12 m13 n14 o15 "
                                     "o1 n2 m3 l4 k5 j6 i7 g9 f10 e11 d12 c13 b14 a15 "
                                     "f8 j8 h6 h10"),
    (position(KINGS + " Qh8"), "h8", "a1 b2 c3 d4 e5 f6 g7 i9 j10 k11 l12 m13 n14 o15 "
                                     "o1 n2 m3 l4 k5 j6 i7 g9 f10 e11 d12 c13 b14 a15 "
                                     "b8 d8 f8 j8 l8 n8 h2 h4 h6 h10 h12 h14"),
    (position(KINGS + " Ni9"), "i9", "k13 k5 g13 g5 m11 m7 e11 e7"),
    (position(KINGS + " Ph8"), "h8", "f8 d8 j8 l8 h6 h4 h10 h12"),
    # Edges and corners.
    (position(KINGS + " Ra1"), "a1", "a3 a5 a7 a9 a11 a13 a15 c1 e1 g1 i1 k1 m1 o1 b2"),
    (position(KINGS + " Ba1"), "a1", "b2 c3 d4 e5 f6 g7 h8 i9 j10 k11 l12 m13 n14 o15 c1 a3"),
    (position(KINGS + " Bb8"), "b8", "a7 a9 c9 d10 e11 f12 g13 h14 i15 "
                                     "c7 d6 e5 f4 g3 h2 i1 d8 b6 b10"),
    (position(KINGS + " Na1"), "a1", "c5 e3"),
    (position(KINGS + " Pa1"), "a1", "a3 a5 c1 e1"),
    # The queen on the right edge; her own king on g15 ends the ray m9-h14.
    (position(KINGS + " Qn8"), "n8", "l8 j8 h8 f8 d8 b8 n6 n4 n2 n10 n12 n14 o9 o7 "
                                     "m9 l10 k11 j12 i13 h14 m7 l6 k5 j4 i3 h2 g1"),
    # Blocked slides: an own man stops the slide before it, an enemy is taken; the
    # rook's extra diagonal step and the bishop's extra orthogonal step never capture.
    (position(KINGS + " Rh8 Ph12 pl8 pg7"), "h8", "h10 h6 h4 h2 j8 l8 f8 d8 b8 g9 i7 i9"),
    (position(KINGS + " Bh8 Pj10 pf6 ph10"), "h8", "i9 i7 j6 k5 l4 m3 n2 o1 g7 f6 "
                                                   "g9 f10 e11 d12 c13 b14 a15 f8 j8 h6"),
    # Pawn: no step onto or over a man, no orthogonal capture, diagonal capture of
    # enemies only (g9 yes, own i7 no), a double step stops before the man on h4.
    (position(KINGS + " Ph8 Ph10 pf8 pg9 Pi7 ph4"), "h8", "h6 j8 l8 g9"),
    # Black's pawns move the same way, in all four directions.
    (position(KINGS + " ph8 Pg7", "b"), "h8", "f8 d8 j8 l8 h6 h4 h10 h12 g7"),
    # The bishop pinned to its king moves along the pin only.
    (position("Ka1 Bc3 qg7 ko5"), "c3", "b2 d4 e5 f6 g7"),
    # The knight shields its king (range 1 after 3 checks) from Black's unchecked
    # king 4 steps away: it may leave only with a check, which cuts that range to 3.
    (position("Ka1 Nc3 ke5", checks=(3, 0)), "c3", "a7 g1"),
    # With its own king unchecked, leaving is a discovered check by that king: legal.
    (position("Ka1 Nc3 ke5"), "c3", "a7 g1 e7 g5"),
]


@pytest.mark.parametrize("text,cell,expected", MOVES)
def test_moves_of_each_man(text, cell, expected):
    assert destinations(text, cell) == cells(expected)


def test_in_check_only_moves_that_answer_the_check():
    # The rook on a9 checks the king on a1 (range 1 after 3 checks): the king steps to
    # b2 (c1 is on the black king's diagonal), the rook blocks on a5, the knight takes.
    text = position("Ka1 Re5 Ne11 ra9 ko13", "w", checks=(3, 0))
    assert GAME.in_check(GAME.new(text))
    assert set(GAME.legal(GAME.new(text))) == {"a1-b2", "e5-a5", "e11-a9"}


# -- the king's range ----------------------------------------------------------------

RANGE_1 = "f8 j8 h6 h10 g7 g9 i7 i9"
RANGE_2 = RANGE_1 + " d8 l8 h4 h12 f6 f10 j6 j10"
RANGE_3 = RANGE_2 + " b8 n8 h2 h14 e5 e11 k5 k11"
UNLIMITED = RANGE_3 + " d4 c3 b2 a1 d12 c13 b14 a15 l4 m3 n2 o1 l12 m13 n14 o15"
KING_RANGES = [
    # (checks White's king has received, its range, its destinations from h8)
    (0, None, UNLIMITED),
    (1, 3, RANGE_3),
    (2, 2, RANGE_2),
    (3, 1, RANGE_1),
    (7, 1, RANGE_1),
]


@pytest.mark.parametrize("checks,reach,expected", KING_RANGES)
def test_king_range_shrinks_with_each_check(checks, reach, expected):
    # Black's king on a11 (range 1 after 3 checks) covers none of these cells.
    state = GAME.new(position("Kh8 ka11", "w", checks=(checks, 3)))
    assert GAME.king_range(state, "w") == reach
    assert GAME.king_range(state, "b") == 1
    assert destinations(GAME.fen(state), "h8") == cells(expected)


def test_king_gives_check_and_counters_are_updated_before_the_legality_test():
    # h12-d12 puts White's king 3 diagonal steps from Black's on a15.  With 1 check
    # received Black's king would reach 3, but the check makes it 2: the move is legal.
    state = GAME.new(position("Kh12 ka15", "w", checks=(0, 1)))
    assert "h12-d12" in GAME.legal(state)
    after = GAME.play(state, "h12-d12")
    assert GAME.fen(after) == position("Kd12 ka15", "b", checks=(0, 2), clock=1)
    assert GAME.in_check(after) and GAME.king_range(after, "b") == 2
    # With no check received yet, Black's king reaches 3 after the check: illegal.
    unchecked = GAME.new(position("Kh12 ka15", "w"))
    assert "h12-d12" not in GAME.legal(unchecked)
    with pytest.raises(ValueError, match="illegal move"):
        GAME.play(unchecked, "h12-d12")


CHECKS = [
    # (men, side to move, checks, move, men after, checks after, clock after)
    ("Ka1 kg15 Rc5", "w", (0, 0), "c5-c15", "Ka1 kg15 Rc15", (0, 1), 1),
    ("Ka1 kg15 Rc5", "w", (0, 2), "c5-c15", "Ka1 kg15 Rc15", (0, 3), 1),
    # A discovered check counts; a double check counts once.
    ("Ka1 ki15 Rc15 Ne15", "w", (0, 0), "e15-a13", "Ka1 ki15 Rc15 Na13", (0, 1), 1),
    ("Ka1 ki15 Rc15 Ne15", "w", (0, 0), "e15-g11", "Ka1 ki15 Rc15 Ng11", (0, 1), 1),
    ("Ka1 ki15 Ne15", "w", (0, 0), "e15-g11", "Ka1 ki15 Ng11", (0, 1), 1),
    # A pawn checks from a diagonal neighbour (and its move resets the clock).
    ("Kc1 kh8 Pg5", "w", (0, 0), "g5-g7", "Kc1 kh8 Pg7", (0, 1), 0),
    # Black checking White counts on White's king.
    ("Ka1 kg15 rc5", "b", (0, 0), "c5-c1", "Ka1 kg15 rc1", (1, 0), 1),
    # A move that gives no check leaves the counters alone.
    ("Ka1 kg15 Rc5", "w", (0, 0), "c5-c13", "Ka1 kg15 Rc13", (0, 0), 1),
]


@pytest.mark.parametrize("men,turn,checks,move,men_after,checks_after,clock", CHECKS)
def test_check_counters(men, turn, checks, move, men_after, checks_after, clock):
    after = GAME.play(GAME.new(position(men, turn, checks)), move)
    number = 10 if turn == "w" else 11
    assert GAME.fen(after) == position(men_after, "b" if turn == "w" else "w", checks_after,
                                       clock, number)
    assert GAME.in_check(after) == (checks_after != checks)


# -- results -------------------------------------------------------------------------

RESULTS = [
    # (position, result)
    # Bare kings play on: White's long-range king mates Black's range-1 king on a1.
    (position("Kc3 ka1", "b", checks=(0, 3)), {"winner": "white", "reason": "checkmate"}),
    (position("Ke3 ka1", "w", checks=(0, 2)), None),
    # Both kings reach 1: Black's king cannot move and is not in check.
    (position("Kc3 ka1", "b", checks=(3, 3)), {"winner": None, "reason": "stalemate"}),
    (position("Ka1 ko13 Nc15", "w", clock=100, number=60),
     {"winner": None, "reason": "fifty-move rule: 50 moves each without a capture or pawn move"}),
    (position("Ka1 ko13 Nc15", "w", clock=99, number=60), None),
    (GAME.setup, None),
]


@pytest.mark.parametrize("text,expected", RESULTS)
def test_results(text, expected):
    state = GAME.new(text)
    assert GAME.result(state) == expected
    assert bool(GAME.legal(state)) == (expected is None)


def test_king_mates_king():
    after = GAME.play(GAME.new(position("Ke3 ka1", "w", checks=(0, 2))), "e3-c3")
    assert GAME.fen(after) == position("Kc3 ka1", "b", checks=(0, 3), clock=1)
    assert GAME.result(after) == {"winner": "white", "reason": "checkmate"}


def test_fifty_move_rule_counts_quiet_half_moves_only():
    text = position("Ka1 ko13 Nc15 nm1 Pg7", "w", clock=99, number=60)
    quiet = GAME.play(GAME.new(text), "c15-e11")
    assert quiet.counters[0] == 100 and GAME.result(quiet)["reason"].startswith("fifty-move")
    pawn = GAME.play(GAME.new(text), "g7-g9")
    assert pawn.counters[0] == 0 and GAME.result(pawn) is None
    capture = GAME.play(GAME.play(GAME.new(text), "g7-g9"), "m1-k5")
    assert capture.counters[0] == 1
    taken = GAME.play(GAME.new(position("Ka1 ko13 Nc15 ne11", "w", clock=99, number=60)),
                      "c15-e11")
    assert taken.counters[0] == 0 and taken.last == ("c15-e11", ("e11",))
    assert GAME.result(taken) is None


REPETITIONS = [
    # (men, four moves that come back to the start)
    ("Ka1 ko13 Nc15 nm1", ["c15-e11", "m1-k5", "e11-c15", "k5-m1"]),
    # Pawns step back too: their moves reset the clock but do not end a repetition.
    ("Ka1 ko13 Pg7 pm3", ["g7-g9", "m3-m5", "g9-g7", "m5-m3"]),
]


@pytest.mark.parametrize("men,shuffle", REPETITIONS)
def test_threefold_repetition_ignores_move_counters(men, shuffle):
    state = GAME.new(position(men))
    for ply, move in enumerate(shuffle * 2, start=1):
        assert GAME.result(state) is None, ply
        state = GAME.play(state, move)
    assert state.repetitions() == 3
    assert GAME.result(state) == {"winner": None, "reason": "threefold repetition"}


# -- position texts ------------------------------------------------------------------

SETUP_ROWS = GAME.setup.split()[0].split("/")


def with_row(number, row):
    rows = list(SETUP_ROWS)
    rows[number - 1] = row
    return "/".join(rows) + " w 0 0 0 1"


BAD_TEXTS = [
    # (text, words of the error message)
    (with_row(1, "qn1pP1RK1"), "row 1 has 9 cells, expected 8"),
    (with_row(2, "8"), "row 2 has 8 cells, expected 7"),
    ("/".join(SETUP_ROWS[:-2]) + "/QN1Pp1rk w 0 0 0 1", "14 rows, expected 15"),
    (with_row(1, "qn1pP1RX"), "unknown man 'X'"),
    (with_row(1, "qn1pP1KK"), "White must have exactly one king, the text has 2"),
    (position("Ka1 Qc1"), "Black must have exactly one king, the text has 0"),
    (with_row(5, "1p4R1"), "White has 3 rooks; an army has at most 2"),
    (position("Ka1 ko13 nb2"), "white square"),
    (position("Kh8 ka15", "w"), "Black, not to move, is in check"),
    (position("Ka1 ko13 ra9", "w"), "White is in check, so its king's check count cannot be 0"),
    (GAME.setup.replace(" w ", " x "), "side to move"),
    (GAME.setup.rsplit(" ", 1)[0], "6 fields"),
    (GAME.setup[:-1] + "0", "move number starts at 1"),
    (GAME.setup[:-3] + "x 1", "half-move clock must be a whole number"),
    (GAME.setup.replace(" 0 0 0 ", " 01 0 0 "), "checks received by White's king must be a whole"),
    (GAME.setup.replace(" 0 0 0 ", " 0 -1 0 "), "checks received by Black's king must be a whole"),
    (GAME.setup.replace(" 0 0 0 1", " 2 0 0 2"), "too few to give the checks counted"),
    (GAME.setup.replace(" 0 0 0 1", " 0 0 3 2"), "half-move clock 3 exceeds"),
    (position("Ka1 ko13", clock=101, number=60), "half-move clock 101 exceeds"),
]


@pytest.mark.parametrize("text,message", BAD_TEXTS)
def test_bad_position_texts(text, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        GAME.new(text)


def test_position_text_round_trips_and_fields():
    text = position("Ka1 ko13 Nc15 Bb2 qh8 pn14", "b", checks=(2, 1), clock=7, number=12)
    state = GAME.new(text)
    assert GAME.fen(state) == text
    assert state.extra == (2, 1) and state.counters == (7, 12)
    assert text == "1N6/6p/7k/7/8/7/8/3q3/8/7/8/7/8/B6/K7 b 2 1 7 12"
    assert GAME.new(text).key == GAME.new(position("Ka1 ko13 Nc15 Bb2 qh8 pn14", "b",
                                                     checks=(2, 1), clock=0, number=30)).key


BAD_MOVES = [
    # (position, move, the error message)
    (GAME.setup, "b1-c3", "illegal move 'b1-c3': there is no cell 'b1'"),
    (GAME.setup, "a1-a3", "illegal move 'a1-a3'$"),
    (GAME.setup, "a15-a13", "illegal move 'a15-a13': White has no man on a15"),
    (GAME.setup, "c1e5", "not a move like"),
    (position("Ka1 Bc3 qg7 ko5"), "c3-d2", "it would leave White's king in check"),
]


@pytest.mark.parametrize("text,move,message", BAD_MOVES)
def test_bad_moves_say_why(text, move, message):
    with pytest.raises(ValueError, match=message):
        GAME.play(GAME.new(text), move)


# -- setup, page helpers and AI hooks ---------------------------------------------------

def test_setup():
    state = GAME.new()
    men = GAME.men(state)
    assert len(men) == 32 and men["o15"] == "K" and men["o1"] == "k" and men["a1"] == "Q"
    assert "".join(sorted(men.values())) == "BBKNNPPPPPPPPQRRbbknnppppppppqrr"
    assert len(GAME.legal(state)) == 74
    assert not GAME.in_check(state)
    assert GAME.king_range(state, "w") is None and GAME.king_range(state, "b") is None


def test_evaluation_and_noisy_moves():
    setup = GAME.new()
    assert GAME.evaluate(setup) == 0  # the setup is symmetric
    rich = position("Ka1 ko13 Qh8")
    assert GAME.evaluate(GAME.new(rich)) > 800
    assert GAME.evaluate(GAME.new(rich.replace(" w ", " b "))) < -800
    # A king with a longer range is worth more.
    assert GAME.evaluate(GAME.new(position("Kh8 ka11", checks=(0, 3)))) > 0
    state = GAME.new(position("Ka1 ko13 Nc15 ne11"))
    assert GAME.is_noisy(state, "c15-e11") and not GAME.is_noisy(state, "c15-g11")


# Lone kings against a side far ahead (men, checks received by White's and Black's king):
# nothing promotes, so only mate wins.  Without the mop-up the Strong level mated none of
# them within 40 plies (the third in 63, the others not in 150); the first is from an
# arena game.
LONE_KINGS = [
    ("Kn12 Bi9 Nm11 Pn14 Pm13 Po13 kj12", (3, 49)),
    ("Kh8 Rc3 Pk5 kf12", (0, 0)),
    ("Kg3 Rc3 Ra5 km13", (0, 0)),
    ("Kh8 Bc3 Nk5 Pe5 Pg5 kf12", (1, 2)),
]


@pytest.mark.parametrize("men,checks", LONE_KINGS)
def test_the_computer_mates_a_lone_king(men, checks):
    """Both sides at the Strong level (a small node budget): White mates within 40 plies."""
    state = GAME.new(position(men, checks=checks, number=120))
    for ply in range(40):
        if GAME.result(state):
            break
        state = GAME.play(state, choose_move(GAME, state, level=3, nodes=2000, seed=ply))
    assert GAME.result(state) == {"winner": "white", "reason": "checkmate"}


def test_the_mop_up_drives_the_lone_king_to_the_rim():
    """Far ahead against a lone king, the side ahead scores his steps from the middle,
    his free cells and its own king's steps to him; not so with men enough to defend."""
    middle, corner = position("Ke1 Qc1 Rm3 kh8"), position("Ke1 Qc1 Rm3 ka15")
    assert GAME.evaluate(GAME.new(corner)) > GAME.evaluate(GAME.new(middle)) + 150
    assert GAME.features(GAME.new(middle)) is None  # not the weights' to rate
    defended = position("Ke1 Qc1 Rm3 Ra5 Bi1 kh8 pc13 pe13 pg13 pi13 pk13")
    assert GAME.features(GAME.new(defended)) is not None
