"""The VUT family: every rule and ruling (docs/rulings.md) pinned by a
position.

Positions are written as men lists (tests/positions.py): `"Oe5 pa9"` = a White piece on
e5 and a Black pawn on a9.
"""

import pytest

from boardgames import GAME_IDS, get_game
from boardgames.ai import choose_move
from boardgames.vut import VUT_GAMES
from helpers import table_rows
from positions import position

VUT_IDS = ("vut", "vut-royal", "vut-extermination", "vut-extinction", "vut-connection",
           "vut-cylindrical", "vut-intervention", "vut-7x7", "vut-11x11")


def destinations(game, state, cell):
    return {m.split("-")[1] for m in game.legal(state) if m.split("-")[0] == cell}


def test_registry_lists_the_nine_variants_in_rules_order():
    assert tuple(cls.id for cls in VUT_GAMES) == VUT_IDS
    assert tuple(i for i in GAME_IDS if i.startswith("vut")) == VUT_IDS
    assert GAME_IDS.index("vut") < GAME_IDS.index("tablut")
    for game_id in VUT_IDS:
        game = get_game(game_id)
        assert game.id == game_id
        assert game.name and game.summary and game.rules and game.rulings
        assert all(isinstance(text, str) and text for text in game.rules + game.rulings)


def test_page_facts_grid_centre_wrap():
    royal, cylinder, small = get_game("vut-royal"), get_game("vut-cylindrical"), get_game("vut-7x7")
    assert royal.grid.names[royal.centre] == "e5" and not royal.wrap
    assert cylinder.wrap and cylinder.grid.wrap_files and cylinder.centre is None
    assert (small.grid.width, small.piece_range, small.pawn_range) == (7, 1, 2)
    assert get_game("vut-11x11").grid.size == 121


# Setup move counts, by hand: VUT 9x9: the pieces are boxed in by their own pawns and
# the board edge; each pawn may only go forward 1, 2 or 3 cells: 9 x 3 = 27.  Royal: 8
# pawns x 3 + the e-pawn 1 (e5 is closed) + 8 pieces stepping back to rank 1 (not the
# king's e1) + the king to d1/f1 = 35.  Extermination setup: 9 pawns step back to rank
# 1, 9 pieces go 1 or 2 forward = 27.  7x7: 7 pawns x 2 = 14.  11x11: 11 x 3 = 33.
SETUP_MOVES = {"vut": 27, "vut-royal": 35, "vut-extermination": 27, "vut-extinction": 27,
               "vut-connection": 27, "vut-cylindrical": 27, "vut-intervention": 27,
               "vut-7x7": 14, "vut-11x11": 33}


@pytest.mark.parametrize("game_id", VUT_IDS)
def test_setup_move_count(game_id):
    game = get_game(game_id)
    assert len(game.legal(game.new())) == SETUP_MOVES[game_id]


# (variant, men, side to move, cell, the cells its man may move to)
MOVES = [
    ("vut", "Oe5 Pa1 pi9", "w", "e5", "e6 e7 e4 e3 d5 c5 f5 g5"),
    ("vut", "Pe5 Oa1 pi9", "w", "e5", "e6 e7 e8 e4 e3 e2 d5 c5 b5 f5 g5 h5"),
    ("vut", "Pe5 pe7 Oc5 Of4 pi9", "w", "e5", "e6 e4 e3 e2 d5 f5 g5 h5"),  # no jumping
    ("vut", "Oa1 Pb1 pi9", "w", "a1", "a2 a3"),  # the edge stops a man: no wrap
    ("vut", "Pe5 oe6 pi9", "b", "e6", "e7 e8 d6 c6 f6 g6"),
    ("vut-7x7", "Od4 Pa1 pg7", "w", "d4", "d5 d3 c4 e4"),
    ("vut-7x7", "Pd4 pg7", "w", "d4", "d5 d6 d3 d2 c4 b4 e4 f4"),
    ("vut-11x11", "Pf6 pk11", "w", "f6", "f7 f8 f9 f5 f4 f3 e6 d6 c6 g6 h6 i6"),
    # Royal: only kings enter e5; other men neither stop on it nor pass over it.
    ("vut-royal", "Ke1 ke9 Pe2 pa9", "w", "e2", "e3 e4 d2 c2 b2 f2 g2 h2"),
    ("vut-royal", "Ke1 ke9 Oc5 pa9", "w", "c5", "d5 b5 a5 c6 c7 c4 c3"),
    ("vut-royal", "Kd5 ke9 Pa2 pa9", "w", "d5", "e5 c5 d6 d4"),
    ("vut-royal", "Ke1 ke6 Pa2 pa9", "b", "e6", "e5 e7 d6 f6"),
    # Cylinder: files a and i are neighbours.
    ("vut-cylindrical", "Pa3 pe9", "w", "a3", "a4 a5 a6 a2 a1 b3 c3 d3 i3 h3 g3"),
    ("vut-cylindrical", "Ob5 Pa1 pe9", "w", "b5", "a5 i5 c5 d5 b6 b7 b4 b3"),
    ("vut-cylindrical", "Pa3 Oh3 pe9", "w", "a3", "a4 a5 a6 a2 a1 b3 c3 d3 i3"),
]


@pytest.mark.parametrize("game_id,men,turn,cell,expected", MOVES)
def test_moves_of_a_man(game_id, men, turn, cell, expected):
    game = get_game(game_id)
    state = game.new(fen=position(game, men, turn))
    assert destinations(game, state, cell) == set(expected.split())


# (variant, men, move, the cells of the men it captures).  White moves.
CAPTURES = [
    ("vut", "Pe2 pe4 Oe5 pa9", "e2-e3", "e4"),                    # closed by a piece
    ("vut", "Oe2 pe4 Pe5 pa9", "e2-e3", "e4"),                    # closed by a pawn
    ("vut", "Pe2 oe4 Pe5 pa9", "e2-e3", "e4"),                    # a piece is taken too
    ("vut", "Pe2 Oc5 od5 pe6 Pe7 pf5 Og5 pa9", "e2-e5", "d5 e6 f5"),  # all at once
    ("vut", "Pe2 pd5 pf5 pa9", "e2-e5", ""),                      # between two enemies: safe
    ("vut", "Pa2 Od5 pe5 Of5 pi9", "a2-a3", ""),                  # only the moved man closes
    ("vut", "Pe2 pe4 pa9", "e2-e3", ""),                          # nothing behind
    ("vut", "Pb2 pa5 pi9", "b2-b5", ""),                          # no edge custody in VUT
    ("vut", "Pb2 pa4 Oi4 pe9", "b2-b4", ""),                      # no wrap in VUT
    # Edge custody: extermination family only (figure 6, a double capture in a corner).
    ("vut-extermination", "Pb2 pa5 pi9", "b2-b5", "a5"),
    ("vut-extermination", "Pb5 pa2 pb1 pi9", "b5-b2", "a2 b1"),
    ("vut-extinction", "Pb5 Oi1 pa2 ob1 pi9 oi8", "b5-b2", "a2 b1"),
    ("vut-connection", "Pb2 pa5 pf9 pg9 ph9 pi9 Pa1 Pc1 Pd1 Pe1", "b2-b5", "a5"),
    ("vut-royal", "Ke1 ke9 Pb2 pa5 pi8", "b2-b5", ""),
    ("vut-cylindrical", "Pb2 pa5 pi9", "b2-b5", ""),
    # Cylinder (figure 9): custodies wrap around the joined edge.
    ("vut-cylindrical", "Pa3 oh3 Og3 pe9", "a3-i3", "h3"),
    ("vut-cylindrical", "Pb2 pa4 Oi4 pe9", "b2-b4", "a4"),
    # Intervention: a pawn moving between two enemies takes both; pieces cannot.
    ("vut-intervention", "Pe2 od5 of5 pa9", "e2-e5", "d5 f5"),
    ("vut-intervention", "Pc5 pe4 pe6 pa9", "c5-e5", "e4 e6"),
    ("vut-intervention", "Pe2 pd5 pf5 oe6 Pe7 pa9", "e2-e5", "d5 f5 e6"),  # figure 10 right
    ("vut-intervention", "Oe3 od5 of5 pa9", "e3-e5", ""),
    ("vut-intervention", "Pe2 od5 Of5 pa9", "e2-e5", ""),
    ("vut-7x7", "Pd2 oc4 oe4 pa7", "d2-d4", "c4 e4"),
    ("vut-7x7", "Od3 oc4 oe4 pa7", "d3-d4", ""),
    ("vut", "Pe2 od5 of5 pa9", "e2-e5", ""),
    ("vut-11x11", "Pe2 pe4 Oe5 pa11", "e2-e3", "e4"),
    # Royal: kings are never captured, never close a custody, capture nothing.
    ("vut-royal", "Kh1 kd4 Oe4 Pc2 pa9", "c2-c4", ""),
    ("vut-royal", "Kc6 ki9 pc5 Pc2 pa9", "c2-c4", ""),
    ("vut-royal", "Kc4 ki9 pd3 Oe3 pa9", "c4-c3", ""),
    ("vut-royal", "Oc4 Kh1 ki9 pd3 Oe3 pa9", "c4-c3", "d3"),
]


@pytest.mark.parametrize("game_id,men,move,taken", CAPTURES)
def test_captures(game_id, men, move, taken):
    game = get_game(game_id)
    state = game.new(fen=position(game, men))
    after = game.play(state, move)
    src, dst = move.split("-")
    expected = [t for t in men.split() if t[1:] not in taken.split() and t[1:] != src]
    expected.append(next(t[0] for t in men.split() if t[1:] == src) + dst)
    assert game.fen(after) == position(game, " ".join(expected), "b")
    assert sorted(after.last[1]) == sorted(taken.split())
    assert after.last[0] == move
    assert game.is_noisy(state, move) == bool(taken)
    assert after.history == ((after.key,) if taken else state.history + (after.key,))


WHITE_PAWN_RACE = {"winner": "white", "reason": "a white pawn reached the farthest rank"}
PAWNLESS = {"winner": None, "reason": "both sides have lost all their pawns"}

# (variant, men, side to move, move or None, expected result after it)
RESULTS = [
    ("vut", "Pe6 pa9", "w", "e6-e9", WHITE_PAWN_RACE),
    ("vut", "Pe6 pa2", "b", "a2-a1", {"winner": "black",
                                      "reason": "a black pawn reached the farthest rank"}),
    ("vut", "Oe7 Pa2 pa8", "w", "e7-e9", None),                   # a piece does not win
    ("vut-11x11", "Pe8 pa11", "w", "e8-e11", WHITE_PAWN_RACE),
    ("vut-7x7", "Pe5 pa7", "w", "e5-e7", WHITE_PAWN_RACE),
    ("vut-cylindrical", "Pe6 pa9", "w", "e6-e9", WHITE_PAWN_RACE),
    ("vut-intervention", "Pe6 pa9", "w", "e6-e9", WHITE_PAWN_RACE),
    ("vut-royal", "Ke1 ke9 Pa6 pi8", "w", "a6-a9", WHITE_PAWN_RACE),
    ("vut-extermination", "Pe6 oa5", "w", "e6-e9", None),         # no pawn race here
    ("vut-extinction", "Pe6 Oa1 oa5 pi5", "w", "e6-e9", None),
    ("vut-connection", "Pe6 Pa1 Pb1 Pc1 oa5 pi5 pi4 pi3", "w", "e6-e9", None),
    # Who wins first: a typed-in position won for both sides goes to the side that moved.
    ("vut", "Pa9 pi1", "b", None, WHITE_PAWN_RACE),
    ("vut", "Pa9 pi1", "w", None, {"winner": "black",
                                   "reason": "a black pawn reached the farthest rank"}),
    # Capturing the last pawn: a draw in VUT, not in Royal / extermination; extinction wins.
    ("vut", "Oe2 pe4 Oe5 oa9", "w", "e2-e3", PAWNLESS),
    ("vut-cylindrical", "Oe2 pe4 Oe5 oa9", "w", "e2-e3", PAWNLESS),
    ("vut-intervention", "Oe2 pe4 Oe5 oa9", "w", "e2-e3", PAWNLESS),
    ("vut-7x7", "Oe2 pe4 Oe5 oa7", "w", "e2-e3", PAWNLESS),
    ("vut-11x11", "Oe2 pe4 Oe5 oa9", "w", "e2-e3", PAWNLESS),
    ("vut-royal", "Kh1 ki9 Oc2 pc4 Oc5 oa9", "w", "c2-c3", None),
    ("vut-extermination", "Oe2 pe4 Oe5 oa9", "w", "e2-e3", None),
    ("vut-extinction", "Oe2 pe4 Oe5 oa9 Pi1", "w", "e2-e3",
     {"winner": "white", "reason": "all Black's pawns were captured"}),
    ("vut-extinction", "Pe2 oe4 Pe5 pa9 Oi1", "w", "e2-e3",
     {"winner": "white", "reason": "all Black's pieces were captured"}),
    ("vut-extinction", "Oa1 pi9", "w", None, {"winner": "black",  # both extinct: mover wins
                                              "reason": "all White's pawns were captured"}),
    ("vut-extermination", "Pe2 pe4 Oe5", "w", "e2-e3",
     {"winner": "white", "reason": "all Black's men were captured"}),
    ("vut-extermination", "Pb5 pa2 pb1", "w", "b5-b2",
     {"winner": "white", "reason": "all Black's men were captured"}),
    # Royal: a king on e5 wins at once; a lone king is no reason for a draw.
    ("vut-royal", "Kd5 ki9 Pa2 pa9", "w", "d5-e5",
     {"winner": "white", "reason": "the white king reached the centre"}),
    ("vut-royal", "Kd1 ke4 Pa2 pa9", "b", "e4-e5",
     {"winner": "black", "reason": "the black king reached the centre"}),
    ("vut-royal", "Ka1 ki9", "w", None, None),
    # No legal move loses.
    ("vut", "oa9 Oa8 Ob9 Pe2", "b", None, {"winner": "white", "reason": "Black has no legal move"}),
    ("vut-royal", "Ka1 pa2 ob1 ki9", "w", None,
     {"winner": "black", "reason": "White has no legal move"}),
    # Connection: the chain e1-e4-e7-e9 (pawn, pawn, pawn, piece links of 3, 3, 2).
    ("vut-connection", "Pe1 Pe4 Pe7 Od9 pa5 pb5 pc5 pd5", "w", "d9-e9",
     {"winner": "white", "reason": "a white chain links rank 1 and rank 9"}),
    ("vut-connection", "Oe1 Pe4 Pe7 Od9 pa5 pb5 pc5 pd5", "w", "d9-e9",  # pawn reaches piece
     {"winner": "white", "reason": "a white chain links rank 1 and rank 9"}),
    ("vut-connection", "Oe1 Oe4 Pe7 Od9 Pa2 pa5 pb5 pc5 pd5", "w", "d9-e9", None),  # 2 < 3
    ("vut-connection", "Pe1 Pe4 Pe7 Od8 pa5 pb5 pc5 pd5", "w", "d8-d9", None),
    # A Black move that opens the line e4-e7 completes White's chain: White wins ...
    ("vut-connection", "Pe1 Pe4 Pe7 Oe9 pe6 pa5 pb5 pc5", "b", "e6-f6",
     {"winner": "white", "reason": "a white chain links rank 1 and rank 9"}),
    # ... unless the same move completes the mover's chain f9-f6-f3-f1.
    ("vut-connection", "Pe1 Pe4 Pe7 Oe9 pe6 of9 pf3 of1", "b", "e6-f6",
     {"winner": "black", "reason": "a black chain links rank 1 and rank 9"}),
    # Too few men to build a chain: Black's 4 pieces span at most 6 ranks.
    ("vut-connection", "Pe2 pe4 Oe5 oa9 ob9 oc9 oi9 Pa1 Pb1 Pc1", "w", "e2-e3",
     {"winner": "white", "reason": "Black has too few men left to build a chain"}),
    ("vut-connection", "Pe2 oe4 Oe5 oa9 ob9 oc9 pi9 Pa1 Pb1 Pc1", "w", "e2-e3", None),
    ("vut-connection", "Oa1 oi9", "w", None,  # both short of men: the side that moved wins
     {"winner": "black", "reason": "White has too few men left to build a chain"}),
]


@pytest.mark.parametrize("game_id,men,turn,move,expected", RESULTS)
def test_results(game_id, men, turn, move, expected):
    game = get_game(game_id)
    state = game.new(fen=position(game, men, turn))
    if move is not None:
        assert game.result(state) is None
        state = game.play(state, move)
    assert game.result(state) == expected
    assert (game.legal(state) == []) == (expected is not None)


# (pawns, pieces) -> how many ranks the longest possible chain spans
CHAIN_SPANS = [((0, 0), 0), ((1, 0), 0), ((0, 1), 0), ((2, 1), 6), ((4, 0), 9),
               ((0, 4), 6), ((0, 5), 8), ((1, 3), 8), ((1, 4), 10), ((9, 9), 51)]


@pytest.mark.parametrize("men,span", CHAIN_SPANS)
def test_longest_possible_chain(men, span):
    game = get_game("vut-connection")
    pawns, pieces = men
    board = "P" * pawns + "O" * pieces + "." * (81 - pawns - pieces)
    assert game.longest_chain(board, "w") == span


@pytest.mark.parametrize("game_id", VUT_IDS)
def test_threefold_repetition_draws(game_id):
    game = get_game(game_id)
    kings = "Kh1 kh9 " if game.tables.kings else ""
    n = game.size
    state = game.new(fen=position(game, f"{kings}Oa1 Pc2 Pd2 Pf1 oa{n} pc{n - 1} pd{n - 1} pf{n}"))
    shuffle = ["a1-b1", f"a{n}-b{n}", "b1-a1", f"b{n}-a{n}"] * 2
    for move in shuffle[:-1]:
        state = game.play(state, move)
        assert game.result(state) is None
    state = game.play(state, shuffle[-1])
    assert state.repetitions() == 3
    assert game.result(state) == {"winner": None, "reason": "threefold repetition"}


def test_capture_starts_a_new_history():
    game = get_game("vut")
    state = game.new(fen=position(game, "Pe2 pe4 Oe5 pa9 Oa1 oi9"))
    for move in ["a1-b1", "i9-h9", "b1-a1", "h9-i9"]:
        state = game.play(state, move)
    assert state.repetitions() == 2
    after = game.play(state, "e2-e3")
    assert after.history == (after.key,)


BAD_TEXTS = [
    ("vut", "ooooooooo/ppppppppp/9/9/9/9/9/PPPPPPPP/OOOOOOOOO w", "row 8 has 8 cells"),
    ("vut", "ooooooooo/ppppppppp/9/9/9/9/PPPPPPPPP/OOOOOOOOO w", "8 rows, expected 9"),
    ("vut", "ooooooooo/ppppppppp/9/9/9/4X4/9/PPPPPPPPP/OOOOOOOOO w", "unknown man 'X'"),
    ("vut", "ooooooooo/ppppppppp/9/9/4K4/9/9/PPPPPPPPP/OOOOOOOOO w", "unknown man 'K'"),
    ("vut-extermination", "9/ppppppppp/ooooooooo/4k4/9/9/OOOOOOOOO/PPPPPPPPP/9 w",
     "unknown man 'k'"),
    ("vut", "ooooooooo/ppppppppp/9/9/4O4/9/9/PPPPPPPPP/OOOOOOOOO w",
     "White has 10 pieces, more than the 9"),
    ("vut", "ooooooooo/ppppppppp/9/9/4p4/9/9/PPPPPPPPP/OOOOOOOOO w",
     "Black has 10 pawns, more than the 9"),
    ("vut-7x7", "ooooooo/ppppppp/7/7/3p3/PPPPPPP/OOOOOOO w", "Black has 8 pawns"),
    ("vut", "ooooooooo/ppppppppp/9/9/9/9/9/PPPPPPPPP/OOOOOOOOO x", "side to move"),
    ("vut", "ooooooooo/ppppppppp/9/9/9/9/9/PPPPPPPPP/OOOOOOOOO w 0", "fields"),
    ("vut-7x7", "ooooooooo/ppppppppp/9/9/9/9/9/PPPPPPPPP/OOOOOOOOO w", "rows, expected 7"),
    ("vut-11x11", "ooooooooo/ppppppppp/9/9/9/9/9/PPPPPPPPP/OOOOOOOOO w", "rows, expected 11"),
    ("vut-royal", "4k4/ooooooooo/ppppppppp/9/4K4/9/PPPPPPPPP/OOOOOOOOO/4K4 w",
     "White must have exactly one king"),
    ("vut-royal", "9/ooooooooo/ppppppppp/9/9/9/PPPPPPPPP/OOOOOOOOO/4K4 w",
     "Black must have exactly one king"),
    ("vut-royal", "4k4/ooooooooo/pppp1pppp/9/4p4/9/PPPPPPPPP/OOOOOOOOO/4K4 w",
     "only a king may stand on the centre e5"),
]


@pytest.mark.parametrize("game_id,text,message", BAD_TEXTS)
def test_bad_position_texts(game_id, text, message):
    with pytest.raises(ValueError, match=message):
        get_game(game_id).new(fen=text)


GOOD_TEXTS = [
    ("vut-royal", "4k4/ooooooooo/ppppppppp/9/4K4/9/PPPPPPPPP/OOOOOOOOO/9 b"),  # won: parses
    ("vut-cylindrical", "o8/9/9/9/9/9/9/9/8P w"),
    ("vut-11x11", "ooooooooooo/11/11/11/11/5P5/11/11/11/11/OOOOOOOOOOO b"),
    ("vut-7x7", "7/7/7/3p3/7/7/7 w"),
]


@pytest.mark.parametrize("game_id,text", GOOD_TEXTS)
def test_texts_round_trip(game_id, text):
    game = get_game(game_id)
    assert game.fen(game.new(fen=text)) == text


def test_illegal_move_messages():
    game = get_game("vut")
    state = game.new()
    with pytest.raises(ValueError, match="has no man on e8"):
        game.play(state, "e8-e7")
    with pytest.raises(ValueError, match="from-to along a file or rank"):
        game.play(state, "e2-f3")
    with pytest.raises(ValueError, match="illegal move 'e2-e6'"):
        game.play(state, "e2-e6")  # a pawn goes at most 3 cells


# (variant, men, side to move, which side the evaluation must favour)
EVALUATIONS = [
    ("vut", "Pe7 Pa2 pa8 pb8", "w", "w"),            # an advanced pawn
    ("vut", "Pe7 Pa2 pa8 pb8", "b", "w"),
    ("vut", "Pa2 Pb2 Oc1 pa8", "b", "w"),            # material
    ("vut-royal", "Ke4 ke9 Pa2 pa8", "w", "w"),       # a king near the centre
    ("vut-extermination", "Pa2 Pb2 pa8", "w", "w"),
    ("vut-extinction", "Pa3 Pb3 Oc2 Od2 pa8 ob8 oc8 od8", "b", "w"),  # Black's last pawn
    ("vut-connection", "Pa1 Pe1 Pe4 Pe7 pa8 pb8 pc8 pd8", "b", "w"),  # a long chain
]


@pytest.mark.parametrize("game_id,men,turn,favoured", EVALUATIONS)
def test_evaluation_favours(game_id, men, turn, favoured):
    game = get_game(game_id)
    score = game.evaluate(game.new(fen=position(game, men, turn)))
    assert (score > 0) == (turn == favoured)


# (variant, side to move, men where the side ahead hunts better, men where it hunts worse):
# the same material lead and the same custody threats, so only the hunt tells them apart
HUNTS = [
    ("vut-extermination", "w", "Pc6 Pd6 Oe6 pe9", "Pc2 Pd2 Oe2 pe9"),   # hunters close in
    ("vut-extermination", "b", "pc6 pd6 oe6 Pe9", "pc2 pd2 oe2 Pe9"),   # for Black too
    ("vut-extermination", "w", "Pa1 Pc3 Oe3 Oe4 pi9", "Pa1 Pb2 Pc3 Oe3 Oe4 pi9 pb8"),  # trades
    ("vut-extermination", "w", "Pb2 Pc3 Oe3 pa5", "Pb2 Pc3 Oe3 pe5"),   # the prey at the edge
    ("vut-extinction", "w", "Pc6 Pd6 Oe6 Oa4 pe9 oi9", "Pc2 Pd2 Oe2 Oa4 pe9 oi9"),
]


@pytest.mark.parametrize("game_id,turn,better,worse", HUNTS)
def test_the_side_ahead_hunts(game_id, turn, better, worse):
    game = get_game(game_id)
    scores = [game.evaluate(game.new(fen=position(game, men, turn))) for men in (better, worse)]
    assert scores[0] > scores[1]


# Black's third rank in the setup with 0, 1, 2, 3 and 4 of its men taken, White to move:
# on a full board each man White wins must score more than the last (the hunt, worth
# about two men's moves and steps on a full board, once made the first man score below 0)
MEN_TAKEN = """
| ooooooooo | 1oooooooo | 1o1oooooo | 1o1o1oooo | 1o1o1o1oo |
"""


@pytest.mark.parametrize("game_id", ["vut-extermination", "vut-extinction"])
def test_every_man_won_on_a_full_board_scores_more(game_id):
    game = get_game(game_id)
    scores = [game.evaluate(game.new(fen=f"9/ppppppppp/{rank}/9/9/9/OOOOOOOOO/PPPPPPPPP/9 w"))
              for rank in table_rows(MEN_TAKEN)[0]]
    assert scores[0] == 0 and all(later > earlier + 50 for earlier, later in zip(scores, scores[1:]))


# (game, a position of level 2's own games, the moves there that take a man no reply wins
# back): the Strong takes one (it once let most such men be: a man won scored below even)
FREE_MEN = """
| vut-extermination | 9/pp1ppp1pp/1op1o1o2/oo4opo/3o1OOO1/1Oo3O2/OO1POP2O/PP1P1PPPP/9 w      | d3-d4       |
| vut-extermination | 9/pp1ppp1pp/1op1oO1o1/oo2o2po/3o2OOO/3O2O2/OO1POP3/P1PP1PPPP/9 b      | e6-f6 h7-g7 |
| vut-extinction    | 3p5/ppp2pppp/oo1o3o1/1o2po1oo/4oOO2/1O2O2OO/OOPOP4/PP1P1PPPP/9 w      | d3-d5       |
| vut-extinction    | 4p4/ppPpo3p/2o2o3/oo2ppo2/5o1po/1OOOO2p1/OO1P3OO/1P1P1PPPP/6P2 b      | e9-c9       |
"""


@pytest.mark.parametrize("game_id,fen,takes", table_rows(FREE_MEN))
def test_the_strong_takes_a_man_left_for_nothing(game_id, fen, takes):
    game = get_game(game_id)
    assert choose_move(game, game.new(fen=fen), level=3, nodes=6000, seed=1) in takes.split()


# (game, position, side ahead, plies): both sides at the Strong level, the side ahead wins
# within the plies.  The extinction rows are the endgame suite's (tests/data/won_endings.txt)
# with at most 4 men behind.
WON_ENDINGS = [
    ("vut-extermination", "9/9/6o2/9/9/3O5/2O6/4P4/9 w", "white", 60),
    ("vut-extinction", "9/1Oo4p1/2P1P1O2/6O2/4O2P1/9/9/9/9 b", "white", 60),
    ("vut-extinction", "9/9/9/po7/oo5pp/3op2op/6oOP/2o1P2O1/9 w", "black", 60),
]


@pytest.mark.parametrize("game_id,fen,ahead,plies", WON_ENDINGS)
def test_the_computer_converts_a_won_ending(game_id, fen, ahead, plies):
    """Both sides at the Strong level: the side three men up wins, without shuffling."""
    game = get_game(game_id)
    state = game.new(fen=fen)
    for ply in range(plies):
        if game.result(state):
            break
        state = game.play(state, choose_move(game, state, level=3, nodes=2000, seed=ply))
    assert (game.result(state) or {}).get("winner") == ahead


def test_goal_moves_are_noisy():
    royal = get_game("vut-royal")
    state = royal.new(fen=position(royal, "Kd5 ki9 Pa6 pi8"))
    assert royal.is_noisy(state, "d5-e5") and royal.is_noisy(state, "a6-a9")
    assert not royal.is_noisy(state, "a6-a8") and not royal.is_noisy(state, "d5-d6")


# (men, side to move, the side to move's threats: its king's steps beside the centre e5)
ROYAL_THREATS = [
    ("Ke3 ki9 Pa2 pi8", "w", "e3-e4"),
    ("Kd4 ki9 Pa2 pi8", "w", "d4-d5 d4-e4"),
    ("Kd4 ki9 Pd5 pi8", "w", "d4-e4"),        # his own man on d5
    ("Kd4 ki9 Pa2 od5 pi8", "w", "d4-e4"),    # an enemy man on d5
    ("Ke2 ki9 Pa2 pi8", "w", ""),             # three steps from the centre
    ("Kd5 ki9 Pa2 pi8", "w", ""),             # beside it already: his step there is a win, noisy
    ("Ke1 kf6 Pa2 pi8", "b", "f6-e6 f6-f5"),
    ("Kd4 kf6 Pa2 pi8", "b", "f6-e6 f6-f5"),  # only the side to move's king
]


@pytest.mark.parametrize("men,turn,threats", ROYAL_THREATS)
def test_a_king_stepping_beside_the_centre_is_a_threat(men, turn, threats):
    royal = get_game("vut-royal")
    state = royal.new(fen=position(royal, men, turn))
    assert sorted(royal.threat_moves(state)) == sorted(threats.split())
    assert sorted(m for m in royal.moves(state) if royal.is_threat(state, m)) == sorted(threats.split())
    assert not set(royal.threat_moves(state)) & set(royal.noisy_moves(state))
    plain = get_game("vut")
    plain_state = plain.new(fen=position(plain, "Pe3 Pd4 pi8", turn))
    assert plain.threat_moves(plain_state) == [] and not any(plain.is_threat(plain_state, m) for m in plain.moves(plain_state))


# (men, side to move, whether it is threatened: the other side's king beside the centre,
# who steps onto it next unless the side to move wins at once)
THREATENED = [
    ("Ke4 ki9 Pa2 pi8", "b", True),
    ("Ke4 ki9 Pa2 pi8", "w", False),   # his own king: White wins now
    ("Ke3 ki9 Pa2 pi8", "b", False),   # two steps away
    ("Ka1 kf5 Pa2 pi8", "w", True),
    ("Ke4 kd5 Pa2 pi8", "b", True),    # both beside: Black, to move, wins first (a noisy move)
]


@pytest.mark.parametrize("men,turn,threatened", THREATENED)
def test_a_king_beside_the_centre_threatens(men, turn, threatened):
    royal = get_game("vut-royal")
    assert royal.threatened(royal.new(fen=position(royal, men, turn))) is threatened
    plain = get_game("vut")
    assert not plain.threatened(plain.new(fen=position(plain, "Pe4 pi8", turn)))
