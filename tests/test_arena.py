"""The arena's statistics and adjudication (tools/arena.py)."""

import argparse
import math
import random

import pytest

import arena
from boardgames import get_game
from helpers import table_rows


def test_summary_counts_and_wilson_interval():
    wins, draws, losses, mean, low, high = arena.summarize([1] * 30 + [0.5] * 4 + [0] * 6)
    assert (wins, draws, losses) == (30, 4, 6)
    assert mean == pytest.approx(0.8)
    # Wilson's interval for 0.8 over 40: centre pulled toward 1/2, inside [0, 1]
    assert low == pytest.approx(0.6529, abs=1e-3) and high == pytest.approx(0.8950, abs=1e-3)
    _, _, _, mean, low, high = arena.summarize([1] * 40)
    assert mean == 1 and high == pytest.approx(1) and 0.9 < low < 1


def test_elo_of_a_score():
    assert arena.elo(0.5) == pytest.approx(0)
    assert f"{arena.elo(0.5):+.0f}" == "+0"
    assert arena.elo(0.76) == pytest.approx(-400 * math.log10(1 / 0.76 - 1))
    assert arena.elo(0.76) == pytest.approx(200, abs=1)
    assert arena.elo(1.0) == pytest.approx(-arena.elo(0.0)) and arena.elo(1.0) > 700


def test_pairs_parse():
    assert arena.parse_pair("2-random") == (2, "random")
    assert arena.parse_pair("4-3") == (4, 3)
    with pytest.raises(argparse.ArgumentTypeError):
        arena.parse_pair("2")
    assert arena.parse_nodes("1=10,3=99") == {
        **arena.DEFAULT_NODES, 1: 10, 3: 99}


@pytest.mark.parametrize("fen, winner", [
    # White has every man, Black two pieces: White is far ahead, whoever moves
    ("o8/9/9/9/8o/9/9/PPPPPPPPP/OOOOOOOOO w", "white"),
    ("o8/9/9/9/8o/9/9/PPPPPPPPP/OOOOOOOOO b", "white"),
    ("ooooooooo/ppppppppp/9/9/9/9/9/9/OO7 b", "black"),
    # the setup: even, a draw
    ("ooooooooo/ppppppppp/9/9/9/9/9/PPPPPPPPP/OOOOOOOOO w", None),
])
def test_adjudication_by_search(fen, winner):
    game = get_game("vut")
    assert arena.adjudicate(game, game.new(fen)) == winner


def test_a_game_cut_at_max_plies_is_adjudicated():
    task = ("vut-7x7", 2, 1, 0, True, 2, "beginner", "1", dict(arena.DEFAULT_NODES), 6, 10.0, {})
    _, score, white_score, plies, _, adjudicated, _first_s, _second_s, _converted, _held = arena.play_game(task)
    assert plies == 6 and adjudicated
    assert score in (0, 0.5, 1) and white_score == score  # the first player was White


@pytest.mark.parametrize("game_id", ["vut", "uos", "pux"])
def test_a_player_may_have_other_weights(game_id):
    """--weights: the first player's evaluation uses them; the game's own stays as it was."""
    game = get_game(game_id)
    doubled = arena.reweighted(game, {name: 2 * value for name, value in game.weights.items()})
    rng, state, rated = random.Random(1), game.new(), 0
    for _ply in range(30):
        if game.result(state):
            break
        if game.evaluate(state):
            rated += 1
            assert doubled.evaluate(state) == 2 * game.evaluate(state)
        state = game.play(state, rng.choice(sorted(game.legal(state))))
    assert rated > 10
    assert get_game(game_id).weights == game.weights and doubled.weights != game.weights


@pytest.mark.parametrize("first_is_white", [True, False])
def test_the_first_player_plays_with_its_weights(monkeypatch, first_is_white):
    """Each move of the first player is chosen with its weights, the other's with the game's."""
    game = get_game("vut-7x7")
    mine = {name: 7 for name in game.weights}
    seen = []
    choose = arena.choose

    def spy(searched, state, player, nodes, rng):
        seen.append((state.turn, searched.weights))
        return choose(searched, state, player, nodes, rng)

    monkeypatch.setattr(arena, "choose", spy)
    arena.play_game(("vut-7x7", 2, 1, 0, first_is_white, 2, "beginner", "1", dict(arena.DEFAULT_NODES), 6, 10.0,
                     {"vut-7x7": mine}))
    first = "w" if first_is_white else "b"
    assert len(seen) == 6
    assert all(weights == (mine if turn == first else game.weights) for turn, weights in seen)


@pytest.mark.parametrize("first, second, first_leads", [
    (2, "random", True),
    ("random", 2, False),
])
@pytest.mark.parametrize("first_is_white", [True, False])
def test_a_lead_names_the_side_that_got_it(first, second, first_leads, first_is_white):
    """The converted and held columns: the Casual gets 3 men up on a random mover,
    whichever it is, keeps them and wins."""
    task = ("vut-7x7", first, second, 0, first_is_white, 2, "beginner", "1", dict(arena.DEFAULT_NODES), 60, 10.0, {})
    _, score, _, _, _, adjudicated, _, _, converted, held = arena.play_game(task)
    assert not adjudicated and score == float(first_leads)
    for won, ply, leader_is_first in (converted, held):
        assert won and ply > 0 and leader_is_first == first_leads
    assert held[1] >= converted[1]


LEADS = """
White's lead after each ply | finished | at a capture | after the reply
0 1 2 3 2 2 3 3 3           | no       | white 4      | white 7
0 -1 -3 -2 -3 -3            | no       | black 3      | black 5
0 0 3 2 -1 -3 -2            | yes      | white 3      | -
0 1 2 3                     | yes      | white 4      | white 4
0 1 2 3                     | no       | white 4      | -
0 1 2 2 1                   | yes      | -            | -
3 -3 -3                     | no       | white 1      | black 2
"""


@pytest.mark.parametrize("leads, finished, ahead, held", table_rows(LEADS)[1:])
def test_the_first_lead_at_a_capture_and_after_the_reply(leads, finished, ahead, held):
    """A lead got in the middle of a trade and taken back at once is counted at the
    capture only: 'held' waits for the opponent's reply (or a game won there)."""
    def expected(cell):
        return None if cell == "-" else (cell.split()[0], int(cell.split()[1]))
    found = arena.first_leads([int(lead) for lead in leads.split()], finished == "yes")
    assert found == (expected(ahead), expected(held))
