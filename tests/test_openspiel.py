"""Our games as OpenSpiel games (boardgames/openspiel.py) and OpenSpiel's MCTS in the
arena (tools/arena.py): the registered games show exactly the contract's moves and
results, on the fixed action space."""

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import arena
from boardgames import GAME_IDS, get_game
from boardgames.learning import action_space
from boardgames.openspiel import openspiel_state, short_name


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_random_game_through_openspiel_is_the_contract_s(game_id):
    game = get_game(game_id)
    space = action_space(game)
    rng = random.Random(game_id)
    position = game.new()
    bridged = pyspiel.load_game(short_name(game_id)).new_initial_state()
    assert bridged.get_game().num_distinct_actions() == space.size
    for _ply in range(60):
        assert not bridged.is_terminal() and bridged.current_player() == {"w": 0, "b": 1}[position.turn]
        moves = game.legal(position)
        actions = bridged.legal_actions()
        assert actions == sorted(actions) and actions == space.legal_actions(position)
        assert sorted(bridged.action_to_string(bridged.current_player(), a) for a in actions) == sorted(moves)
        move = rng.choice(moves)
        position = game.play(position, move)
        bridged.apply_action(space.action(move))
        assert str(bridged) == game.fen(position)
        if game.result(position):
            assert bridged.is_terminal()
            winner = game.result(position)["winner"]
            assert bridged.returns() == {"white": [1, -1], "black": [-1, 1], None: [0, 0]}[winner]
            break


def test_options_are_parameters_and_the_observation_is_the_planes():
    vault = pyspiel.load_game("boardgames_vault", {"size": 6})
    assert vault.num_distinct_actions() == 36 * 36 and vault.get_parameters() == {"size": 6}
    state = vault.new_initial_state()
    assert len(state.legal_actions()) == len(get_game("vault", size=6).legal(get_game("vault", size=6).new()))
    assert vault.observation_tensor_shape() == [6, 6, 6]  # channels, height, width
    planes = np.array(state.observation_tensor()).reshape(6, 6, 6)
    assert planes[0].sum() == 6 and planes[1].sum() == 6  # White's men (P), then Black's (p)
    with pytest.raises(ValueError, match="size must be one of"):
        pyspiel.load_game("boardgames_vault", {"size": 7})


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
