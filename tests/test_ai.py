"""The computer opponent (boardgames.ai) for every registered game, and Tablut's AI hooks.

Searches here run on node budgets, so they are fast and reproducible; the tests of the
levels' time budgets run the search on a fake clock.
"""

import os
import random

import pytest

from boardgames import GAME_IDS, ai, get_game, tablut
from boardgames.ai import LEVEL_NAMES, LEVELS, MAX_DEPTH, Searcher, choose_move
from boardgames.core import State
from helpers import table_rows

LEVELS_DOC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "computer.md")

SIDE = {"w": "white", "b": "black"}

# (position, the winning move, or None when every level must find any winning move)
TABLUT_WINS_IN_ONE = [
    ("3s5/9/9/9/9/s2K4s/9/9/9 w", "d4-d1"),  # the king's one open line
    ("9/9/9/9/9/3sKs3/9/4s4/9 b", "e2-e3"),  # the third Muscovite beside the throne
]
# (position, the only move that does not lose at once)
TABLUT_ONLY_DEFENCES = [
    ("3s5/9/9/9/9/s2K4s/9/s8/9 b", "a2-d2"),  # block the king's open line
    ("9/1S7/9/9/9/3sK3s/4s4/9/5s3 w", None),  # f1-f4 would capture the king
]
# (position, move, is it noisy)
TABLUT_NOISY = [
    ("9/7K1/9/9/9/9/2Ss5/9/4S4 w", "e1-e3", True),  # custody of d3
    ("9/7K1/9/9/9/9/2Ss5/9/4S4 w", "e1-e2", False),
    ("3s5/9/9/9/9/s2K4s/9/s8/9 b", "a2-d2", True),  # blocks the king's one open line
    ("3s5/9/9/9/9/s2K4s/9/s8/9 b", "a2-c2", False),
    ("9/7K1/9/9/9/9/2Ss5/9/4S4 w", "h8-h9", True),  # the king escapes
    ("9/7K1/9/9/9/9/2Ss5/9/4S4 w", "h8-g8", False),
    ("9/9/9/9/9/3sKs3/9/4s4/9 b", "e2-e3", True),  # the king is captured
    ("9/9/9/9/9/3sKs3/9/4s4/9 b", "e2-d2", False),
    ("9/9/9/9/9/2sSK4/9/9/9 w", "e4-f4", False),  # the man between two enemies is safe
    ("9/9/9/9/9/s1S1K4/9/9/9 b", "a4-b4", False),  # the king is no Muscovite's partner
    ("9/9/9/9/9/1sS1K4/9/2s6/9 b", "c2-c3", False),  # no custody across an empty cell
    ("9/9/9/9/9/1sS1K4/9/9/9 w", "e4-d4", False),
    ("9/9/9/9/9/1Ss1K4/9/9/9 w", "e4-d4", True),  # the armed king closes a custody
]

# (game, position ("": the setup), moves played from it, the moves that would put all the
# mover's men back on cells they held within the last plies, or in a game of `new_ground`
# move a man onto a cell the mover's men left: scored ai.SHUFFLE less when the computer plays)
SHUFFLES = [
    ("vut", "", "a2-a4 a8-a6", {"a4-a2"}),
    ("vut", "", "a2-a4 a8-a6 b2-b3 b8-b7", {"b3-b2"}),  # a4-a2 would not put them all back
    ("vut", "", "a2-a4 a8-a6 a4-a5", {"a6-a8"}),  # Black's too
    ("vut", "", "a2-a4", set()),  # nothing to go back to yet
    ("vut-extinction", "", "a3-a5 a7-a6", {"a5-a3", "a2-a3", "b3-a3"}),  # new ground: a3 was left
    ("tablut", "9/7K1/9/9/9/9/2Ss5/9/4S4 w", "h8-h7 d3-d4", {"h7-h8"}),
]

# (game, position ("": the setup), moves played from it, plies since the last capture
# then, what a draw is worth to the side to move there: level (within half a man) from 100
# plies, half a man; from 200, a man or two up, its score and half a man, or down, half a
# man; 3 men up or down (extermination, 7x7), nothing; in a game with a taste for trades
# (extermination) both from fewer plies as the board empties, in proportion to the share
# of the setup's men on it, at least 0.3 (from 30 and 60 plies); where progress is quiet (connection:
# Game.quiet_progress), nothing before 200)
DEAD_POSITIONS = """
| vut               | ""                                                  | e2-e3 e8-e7 | 100 |  50 |
| vut               | ""                                                  | e2-e3 e8-e7 |  99 |   0 |
| vut               | ""                                                  | e2-e3 e8-e7 |   2 |   0 |
| vut               | ooooooooo/1pppppppp/9/9/9/9/9/PPPPPPPPP/OOOOOOOOO w | e2-e3 e8-e7 | 199 |   0 |
| vut               | ooooooooo/1pppppppp/9/9/9/9/9/PPPPPPPPP/OOOOOOOOO w | e2-e3 e8-e7 | 200 | 153 |
| vut               | ooooooooo/1pppppppp/9/9/9/9/9/PPPPPPPPP/OOOOOOOOO w | e2-e3       | 200 |  50 |
| vut-extermination | ""                                                  | e3-e4 e7-e6 | 100 |  50 |
| vut-extermination | 9/pppppp3/ooooooooo/9/9/9/OOOOOOOOO/PPPPPPPPP/9 w   | e3-e4 e7-e6 | 300 |   0 |
| vut-extermination | 9/pppppp3/ooooooooo/9/9/9/OOOOOOOOO/PPPPPPPPP/9 w   | e3-e4       | 300 |   0 |
| vut-extermination | 9/3pp4/9/9/9/9/9/3PP4/9 w                           | d2-d3 d8-d7 |  29 |   0 |
| vut-extermination | 9/3pp4/9/9/9/9/9/3PP4/9 w                           | d2-d3 d8-d7 |  30 |  50 |
| vut-extermination | 9/ppppppppp/9/9/9/9/9/PPPPPPPPP/9 w                 | e2-e3 e8-e7 |  49 |   0 |
| vut-extermination | 9/ppppppppp/9/9/9/9/9/PPPPPPPPP/9 w                 | e2-e3 e8-e7 |  50 |  50 |
| vut-extermination | 9/3pp4/9/9/9/9/9/PPPP5/9 w                          | d2-d3 d8-d7 |  59 |   0 |
| vut-extermination | 9/3pp4/9/9/9/9/9/PPPP5/9 w                          | d2-d3 d8-d7 |  60 | 243 |
| vut-extermination | 9/3pp4/9/9/9/9/9/PPPPP4/9 w                         | d2-d3 d8-d7 | 150 |   0 |
| vut               | 9/3pp4/9/9/9/9/9/3PP4/9 w                           | d2-d3 d8-d7 |  99 |   0 |
| vut-connection    | ""                                                  | e3-e4 e7-e6 | 100 |   0 |
| vut-connection    | ""                                                  | e3-e4 e7-e6 | 199 |   0 |
| vut-connection    | ""                                                  | e3-e4 e7-e6 | 200 |  50 |
| vut-7x7           | ""                                                  | a2-a3 a6-a5 | 150 |  50 |
| vut-7x7           | ooooooo/2ppppp/7/7/7/PPPPPPP/OOOOOOO w              | g2-g3 g6-g5 | 200 | 256 |
| vut-7x7           | ooooooo/3pppp/7/7/7/PPPPPPP/OOOOOOO w               | g2-g3 g6-g5 | 200 |   0 |
"""


def aged(state, plies):
    """`state` as reached `plies` plies after the last capture (the earlier positions
    stand for ones no later position repeats: an empty board, no side to move)."""
    earlier = (("." * len(state.board), ""),) * (plies + 1 - len(state.history))
    return State(state.board, state.turn, state.extra, earlier + state.history[:-1], state.last, state.counters)


def played(game_id, fen, moves):
    game = get_game(game_id)
    state = game.new(fen=fen or None)
    for move in moves.split():
        state = game.play(state, move)
    return game, state


def random_position(game, rng, plies):
    """A position after up to `plies` random moves that is not over (the last such)."""
    state = game.new()
    for _ in range(plies):
        moves = game.legal(state)
        after = game.play(state, rng.choice(moves)) if moves else state
        if game.result(after) is not None:
            break
        state = after
    return state


def winning_moves(game, state):
    side = SIDE[state.turn]
    return [m for m in game.legal(state)
            if (game.result(game.apply(state, m)) or {}).get("winner") == side]


def decisive_playout(game, rng, tries=10):
    """The positions of a random game that ended with a win (None after `tries` draws).

    Captures are preferred, so that games won by taking every man end too."""
    for _ in range(tries):
        states = [game.new()]
        for _ in range(game.ply_cap):
            moves = game.legal(states[-1])
            if not moves:
                break
            noisy = [m for m in moves if game.is_noisy(states[-1], m)]
            states.append(game.play(states[-1], rng.choice(noisy or moves)))
        if (game.result(states[-1]) or {}).get("winner"):
            return states
    return None


def near_the_end(game, rng, keep, games=3):
    """Positions of the last plies of decisive random games that `keep` accepts."""
    found = []
    for _ in range(games):
        states = decisive_playout(game, rng)
        if states is None:
            break
        found.extend(state for state in states[-5:-1] if keep(game, state))
    if not found:
        pytest.skip(f"{game.id}: random games gave no such position")
    return found


def defensible(game, state):
    """Not won at once, some moves lose at once and some do not."""
    if winning_moves(game, state):
        return False
    losing = [bool(winning_moves(game, game.apply(state, m))) for m in game.legal(state)]
    return any(losing) and not all(losing)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_legal_move_from_setup_and_mid_game(game_id):
    game = get_game(game_id)
    rng = random.Random(game_id)
    positions = [game.new()] + [random_position(game, rng, rng.randrange(4, 40)) for _ in range(2)]
    for state in positions:
        for level in LEVELS:
            assert choose_move(game, state, level=level, nodes=200, seed=level) in game.legal(state)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_wins_in_one_near_the_end_of_random_games(game_id):
    game = get_game(game_id)
    for state in near_the_end(game, random.Random(1), winning_moves)[:3]:
        winners = winning_moves(game, state)
        for level in LEVELS:
            assert choose_move(game, state, level=level, nodes=200, seed=level) in winners


@pytest.mark.parametrize("fen, move", TABLUT_WINS_IN_ONE)
def test_tablut_wins_in_one(fen, move):
    game = get_game("tablut")
    state = game.new(fen)
    for level in LEVELS:
        for seed in range(3):
            assert choose_move(game, state, level=level, nodes=500, seed=seed) == move


@pytest.mark.parametrize("fen, move", TABLUT_ONLY_DEFENCES)
def test_tablut_avoids_losing_at_once(fen, move):
    game = get_game("tablut")
    state = game.new(fen)
    safe = [m for m in game.legal(state) if not winning_moves(game, game.play(state, m))]
    assert safe and len(safe) < len(game.legal(state))
    if move is not None:
        assert safe == [move]
    for level in (2, 3, 4):
        for seed in range(3):
            assert choose_move(game, state, level=level, nodes=3000, seed=seed) in safe


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_avoids_losing_at_once_near_the_end_of_random_games(game_id):
    game = get_game(game_id)
    for seed, state in enumerate(near_the_end(game, random.Random(2), defensible)[:2]):
        move = choose_move(game, state, level=2, nodes=3000, seed=seed)
        assert not winning_moves(game, game.apply(state, move))


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_node_budget_makes_the_move_reproducible(level):
    game = get_game("tablut")
    state = random_position(game, random.Random(5), 12)
    moves = {choose_move(game, state, level=level, nodes=1500, seed=9) for _ in range(2)}
    assert len(moves) == 1


def test_the_beginner_varies_its_play():
    game = get_game("tablut")
    state = game.new()
    beginner = {choose_move(game, state, level=1, nodes=1500, seed=s) for s in range(8)}
    assert len(beginner) > 1


def test_searcher_resumes_and_only_deepens():
    game = get_game("tablut")
    state = random_position(game, random.Random(3), 10)
    searcher = Searcher(game, state, level=4, seed=1, nodes=20000)
    assert searcher.best_move in game.legal(state)
    searcher.think(0.001)
    assert searcher.best_move in game.legal(state)
    depths = [searcher.depth]
    while not searcher.think(0.05):
        depths.append(searcher.depth)
        assert searcher.best_move in game.legal(state)
    depths.append(searcher.depth)
    assert depths == sorted(depths) and depths[-1] >= 2
    assert searcher.done and searcher.nodes >= 20000
    assert searcher.think(1.0)  # finished: no more work


class FakeClock:
    """Stands for the `time` module in boardgames.ai: each look at the clock is `step`
    seconds after the one before."""

    def __init__(self, step):
        self.now, self.step = 0.0, step

    def perf_counter(self):
        self.now += self.step
        return self.now


LOOKS = 40  # looks at the fake clock (one every CHECK_EVERY nodes) in a level's budget


def small_game():
    """Vault 6x6: few root moves, so that the look at each for a win in one leaves
    most of a level's budget to the search."""
    game = get_game("vault", size=6)
    return game, game.new()


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_level_thinks_until_its_time_is_spent_or_its_depth_reached(monkeypatch, level):
    budget = LEVELS[level].seconds
    look = budget / LOOKS
    clock = FakeClock(look)
    monkeypatch.setattr(ai, "time", clock)
    game, state = small_game()
    searcher = Searcher(game, state, level=level, seed=1)
    assert searcher.think()
    assert searcher.depth == LEVELS[level].depth or budget <= searcher.elapsed
    assert searcher.elapsed <= budget + 2 * look and clock.now <= budget + 3 * look
    assert searcher.depth >= 2 and searcher.best_move in game.legal(state)


def test_the_default_level_answers_within_its_budget_in_slices(monkeypatch):
    """choose_move uses level 2's budget; think(slice) stops at the slice and goes on."""
    look = LEVELS[2].seconds / LOOKS
    clock = FakeClock(look)
    monkeypatch.setattr(ai, "time", clock)
    game, state = small_game()
    choose_move(game, state)
    assert clock.now <= LEVELS[2].seconds + 3 * look
    searcher = Searcher(game, state, level=4, seed=1)
    start = clock.now
    assert not searcher.think(0.1)
    assert 0.1 <= clock.now - start <= 0.1 + 3 * look
    assert 0.1 <= searcher.elapsed <= 0.1 + 2 * look


def test_levels_grow_stronger_and_the_docs_describe_them():
    levels = [LEVELS[level] for level in sorted(LEVELS)]
    assert sorted(LEVEL_NAMES) == sorted(LEVELS) == [1, 2, 3, 4]
    assert len(set(LEVEL_NAMES.values())) == len(LEVELS)
    for weaker, stronger in zip(levels, levels[1:]):
        assert weaker.depth < stronger.depth and weaker.seconds < stronger.seconds
        assert weaker.margin >= stronger.margin
    with open(LEVELS_DOC) as f:
        rows = {line.split("|")[1].strip(): line for line in f
                if line.startswith("| ") and ". " in line[:6]}
    for level, name in LEVEL_NAMES.items():
        row = rows[f"{level}. {name}"]
        assert row.rstrip().endswith(f"| {LEVELS[level].seconds:g} s |"), row
        if LEVELS[level].depth < MAX_DEPTH:
            assert f"{LEVELS[level].depth} plies" in row, row
        if LEVELS[level].margin:
            assert f"({LEVELS[level].margin / 100:g})" in row or "near-equal" in row, row


@pytest.mark.parametrize("game_id,fen,moves,shuffles", SHUFFLES)
def test_moves_back_to_where_the_men_stood_score_less_when_playing(game_id, fen, moves, shuffles):
    game, state = played(game_id, fen, moves)
    assert Searcher(game, state, level=3, nodes=100).shuffles == dict.fromkeys(shuffles, ai.SHUFFLE)
    assert Searcher(game, state, level=3, nodes=100, scored=True).shuffles == {}  # a review's scores are true


@pytest.mark.parametrize("game_id,fen,moves,plies,contempt", table_rows(DEAD_POSITIONS))
def test_a_dead_position_is_one_the_computer_is_glad_to_draw(game_id, fen, moves, plies, contempt):
    game, state = played(game_id, fen, moves)
    state = aged(state, int(plies))
    assert len(state.history) == int(plies) + 1
    assert Searcher(game, state, level=3, nodes=100).contempt == int(contempt)
    assert Searcher(game, state, level=3, nodes=100, scored=True).contempt == 0  # a review's scores are true


# (game, a position the search meets below the setup with White to move, what the taste
# for trades adds to its score for the side to move there): each man off the board counts
# Game.trade_taste for the searching side, against it for the other
TRADE_TASTES = """
| vut-extermination | 9/ppppppppp/1oooooooo/9/9/9/1OOOOOOOO/PPPPPPPPP/9 w | 60  |
| vut-extermination | 9/ppppppppp/1oooooooo/9/9/9/OOOOOOOOO/PPPPPPPPP/9 b | -30 |
| vut-extinction    | 9/ppppppppp/1o1oooooo/9/9/9/1OOOOOOOO/PPPPPPPPP/9 b | -90 |
| vut               | 9/ppppppppp/1oooooooo/9/9/9/1OOOOOOOO/PPPPPPPPP/9 w | 0   |
"""


@pytest.mark.parametrize("game_id,fen,taste", table_rows(TRADE_TASTES))
def test_the_computer_has_a_taste_for_trades_where_games_are_won_by_taking_men(game_id, fen, taste):
    game = get_game(game_id)
    root, state = game.new(), game.new(fen=fen)
    assert Searcher(game, root, level=3, nodes=100)._evaluate(state) == game.evaluate(state) + int(taste)
    assert Searcher(game, root, level=3, nodes=100, scored=True)._evaluate(state) == game.evaluate(state)


@pytest.mark.parametrize("level", [2, 3, 4])
@pytest.mark.parametrize("fen,live_plies,dead_plies", [("", 9, 100), ("ooooooooo/ppppppppp/9/9/9/9/9/1PPPPPPPP/OOOOOOOOO w", 199, 200)])
def test_two_computers_in_a_dead_position_end_it_by_repetition(level, fen, live_plies, dead_plies):
    """Each side's e-file piece has stepped out and back once, and out again; Black
    stepping back now repeats the position a third time.  Nine plies into the game, or
    with Black a man up 199 plies after the last capture, the computer plays on; 100
    plies after the last capture with the men even, or 200 with Black a man up, it takes
    the draw."""
    game, state = played("vut", fen, "e2-e3 e8-e7 e1-e2 e9-e8 e2-e1 e8-e9 e1-e2 e9-e8 e2-e1")
    live, dead = aged(state, live_plies), aged(state, dead_plies)
    move = choose_move(game, live, level=level, nodes=6000, seed=1)
    assert move != "e8-e9" and game.result(game.play(live, move)) is None
    move = choose_move(game, dead, level=level, nodes=6000, seed=1)
    assert move == "e8-e9"
    assert game.result(game.play(dead, move)) == {"winner": None, "reason": "threefold repetition"}


def test_bad_arguments():
    game = get_game("tablut")
    over = game.new("9/9/9/9/9/9/9/9/K8 b")
    assert game.result(over)
    for kwargs in ({"level": 5}, {"level": 0}, {"nodes": 0}, {"nodes": 1.5}, {"seconds": -1}):
        with pytest.raises(ValueError):
            choose_move(game, game.new(), **kwargs)
    with pytest.raises(ValueError, match="over"):
        choose_move(game, over)


@pytest.mark.parametrize("fen, move, noisy", TABLUT_NOISY)
def test_tablut_noisy_moves(fen, move, noisy):
    game = get_game("tablut")
    assert game.is_noisy(game.new(fen), move) is noisy


def test_tablut_noisy_means_captures_the_end_or_a_block():
    """On random positions, noisy moves are exactly those that capture or win, and
    Black's moves that close the king's only open line."""
    game = get_game("tablut")
    rng = random.Random(4)
    checked = blocks = 0
    for _ in range(40):
        state = random_position(game, rng, rng.randrange(10, 80))
        lines_before = len(tablut.king_open_lines(state.board, state.board.find("K")))
        for move in game.legal(state):
            after = game.play(state, move)
            block = (state.turn == "b" and lines_before == 1 and "K" in after.board
                     and not tablut.king_open_lines(after.board, after.board.find("K")))
            blocks += block
            assert game.is_noisy(state, move) is bool(after.last[1] or game.result(after) or block), move
            checked += 1
    assert checked > 1000 and blocks > 5


NOISY_CASES = [(game_id, {}) for game_id in GAME_IDS] + [("vault", {"size": n}) for n in (6, 10, 12)]


@pytest.mark.parametrize("game_id, options", NOISY_CASES)
def test_noisy_moves_are_the_moves_is_noisy_accepts(game_id, options):
    """Games find their noisy moves from the capture cells (faster): the same moves,
    each once, as testing every legal move with is_noisy, on random games that prefer
    captures (so that many positions have some)."""
    game = get_game(game_id, **options)
    rng = random.Random(game_id)
    positions = with_noisy = 0
    for _ in range(6):
        state = game.new()
        for _ in range(120):
            if game.result(state) is not None:
                break
            moves = game.legal(state)
            expected = [m for m in moves if game.is_noisy(state, m)]
            found = game.noisy_moves(state)
            assert sorted(found) == sorted(expected), game.fen(state)
            positions += 1
            with_noisy += bool(expected)
            state = game.play(state, rng.choice(expected if expected and rng.random() < 0.5 else moves))
    assert with_noisy >= 10 and positions >= 100


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_threat_moves_are_the_moves_is_threat_accepts(game_id):
    """The Expert's threats (Game.threat_moves), found directly, are the quiet moves
    `is_threat` accepts, on random games that play them when they can (long ones where
    a game has the hook: kings take many random moves to come near the centre)."""
    game = get_game(game_id)
    rng = random.Random(game_id)
    plies = 400 if game.has_threats else 60
    with_threats = 0
    for _ in range(8):
        state = game.new()
        for _ in range(plies):
            if game.result(state) is not None:
                break
            moves = game.legal(state)
            expected = [m for m in moves if game.is_threat(state, m)]
            assert sorted(game.threat_moves(state)) == sorted(expected), game.fen(state)
            assert not any(game.is_noisy(state, m) for m in expected), game.fen(state)
            with_threats += bool(expected)
            state = game.play(state, rng.choice(expected or moves))
    assert with_threats >= 10 if game.has_threats else with_threats == 0


def test_the_expert_sees_a_threat_beyond_the_strongs_horizon():
    """Royal VUT: moving the piece off e4 frees the White king on e3 to step beside the
    centre, and nothing stops him from there.  The Expert, whose quiescence follows
    threats, plays it as the win it is on a third of the nodes the Strong does not see it on."""
    royal = get_game("vut-royal")
    state = royal.new("o2ok4/1oo1o1o2/3p1opo1/3p1Pppo/1p1P2PPp/pp2OPPOP/PP2K3O/OOOO1OO2/9 w")
    expert = Searcher(royal, state, level=4, nodes=2000, seed=1)
    strong = Searcher(royal, state, level=3, nodes=6000, seed=1)
    expert.think()
    strong.think()
    assert expert.best_move == "e4-d4" and expert.score > ai.THREATENED - 200
    assert strong.best_move != "e4-d4" and strong.score < 200
    # the win by the rules: whatever Black answers, e3-e4, and whatever it answers then, e4-e5
    freed = royal.play(state, "e4-d4")
    for reply in royal.legal(freed):
        beside = royal.play(royal.play(freed, reply), "e3-e4")
        assert royal.threatened(beside)
        for last in royal.legal(beside):
            assert royal.result(royal.play(royal.play(beside, last), "e4-e5"))["winner"] == "white"


def test_tablut_evaluation():
    game = get_game("tablut")
    setup = game.new()
    assert abs(game.evaluate(setup)) < 200
    # Black to move against two open lines of the king: lost, and the score says so.
    assert game.evaluate(game.new("3s5/9/9/9/9/3K4s/9/9/9 b")) < -500
    # One open line is a threat Black can meet.
    one_line = game.evaluate(game.new("3s5/9/9/9/9/s2K4s/9/s8/9 b"))
    assert -500 < one_line < 0
    # ... unless no Muscovite can reach the line (here the one on a2 is gone).
    assert game.evaluate(game.new("3s5/9/9/9/9/s2K4s/9/9/9 b")) < -500
    # Material counts: a Swede less is worse for White.
    full = game.evaluate(game.new("9/9/9/4S4/3SKS3/4S4/9/9/S8 w"))
    short = game.evaluate(game.new("9/9/9/4S4/3SKS3/4S4/9/9/9 w"))
    assert full - short == 100
    # Muscovites beside the king are bad for White.
    free = game.evaluate(game.new("9/9/9/s8/4K4/s8/9/9/9 w"))
    hemmed = game.evaluate(game.new("9/9/9/4s4/4K4/4s4/9/9/9 w"))
    assert hemmed < free
    # Muscovites spread over the inner ranks and files close the king's lanes: the same
    # two men on b8 and h2 hold four lanes, on a9 and b9 one.
    huddled = game.evaluate(game.new("ss7/9/9/4S4/3SKS3/4S4/9/9/9 w"))
    spread = game.evaluate(game.new("9/1s7/9/4S4/3SKS3/4S4/9/7s1/9 w"))
    assert huddled - spread == 3 * 12
