"""Our games as OpenSpiel games (tools/openspiel_games.py) and OpenSpiel's MCTS in the
arena (tools/arena.py): the bridge shows exactly the contract's moves and results."""

import random

import numpy as np
import pytest
from open_spiel.python.algorithms import mcts

import arena
from boardgames import GAME_IDS, get_game
from openspiel_games import openspiel_state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_random_game_through_openspiel_is_the_contract_s(game_id):
    game = get_game(game_id)
    rng = random.Random(game_id)
    position = game.new()
    bridged = openspiel_state(game_id, position)
    for _ply in range(60):
        assert not bridged.is_terminal() and bridged.current_player() == {"w": 0, "b": 1}[position.turn]
        moves = sorted(game.legal(position))
        assert [bridged.action_to_string(bridged.current_player(), a) for a in bridged.legal_actions()] == moves
        action = rng.randrange(len(moves))
        position = game.play(position, moves[action])
        bridged.apply_action(action)
        assert str(bridged) == game.fen(position)
        if game.result(position):
            assert bridged.is_terminal()
            winner = game.result(position)["winner"]
            assert bridged.returns() == {"white": [1, -1], "black": [-1, 1], None: [0, 0]}[winner]
            break


# (game, position, the only winning move): MCTS solves a win in one
WINS_IN_ONE = [
    ("tablut", "3s5/9/9/9/9/s2K4s/9/9/9 w", "d4-d1"),  # the king's one open line
    ("tablut", "9/9/9/9/9/3sKs3/9/4s4/9 b", "e2-e3"),  # the king captured
]


@pytest.mark.parametrize("game_id,fen,move", WINS_IN_ONE)
def test_mcts_takes_a_win_in_one(game_id, fen, move):
    game = get_game(game_id)
    position = openspiel_state(game_id, game.new(fen=fen))
    bot = mcts.MCTSBot(position.get_game(), 2.0, 300, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
                       random_state=np.random.RandomState(2), solve=True)
    action = bot.step(position)
    assert position.action_to_string(position.current_player(), action) == move


def test_the_arena_plays_a_level_against_mcts():
    assert arena.parse_pair("3-mcts") == (3, "mcts") and arena.player_name("mcts") == "mcts"
    task = ("vault", 2, "mcts", 0, True, 2, "beginner", "1", arena.DEFAULT_NODES, 6, 2.0, {})
    done, score, white_score, plies, seconds, adjudicated, level_s, mcts_s, _converted, _held = arena.play_game(task)
    assert done == task and plies == 6 and adjudicated and score in (0, 0.5, 1)
    assert level_s > 0 and mcts_s > 0
