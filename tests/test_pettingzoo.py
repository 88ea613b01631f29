"""Every game as a PettingZoo AEC environment (boardgames/pettingzoo.py): PettingZoo's own
api_test for all thirteen, and games played through it that end as the rules say."""

import random

import numpy as np
import pytest
from pettingzoo.test import api_test

from boardgames import GAME_IDS, get_game
from boardgames.learning import action_space
from boardgames.pettingzoo import env

CYCLES = 1000  # api_test's random game: at most this many plies per agent (its default)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_s_api_test_passes(game_id, capsys):
    api_test(env(game_id), num_cycles=CYCLES)
    assert "Passed API test" in capsys.readouterr().out


def play(environment, choose):
    """Play a game through `environment`, `choose(observation)` giving each action: the
    final rewards by agent."""
    rewards = {}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _info = environment.last()
        rewards[agent] = reward
        environment.step(None if terminated or truncated else choose(agent, observation))
    return rewards


# game | start | moves | rewards of player_0 (White) and player_1 (Black)
ENDINGS = """
tablut | 3s5/9/9/9/9/s2K4s/9/9/9 w | d4-d1 | 1, -1
tablut | 9/9/9/9/9/3sKs3/9/4s4/9 b | e2-e3 | -1, 1
"""


@pytest.mark.parametrize("game_id,fen,moves,rewards", [[f.strip() for f in row.split("|")]
                                                       for row in ENDINGS.strip().splitlines()])
def test_a_game_ends_with_its_rewards(game_id, fen, moves, rewards):
    environment = env(game_id)
    environment.reset(options={"fen": fen})
    space = action_space(get_game(game_id))
    queue = [space.action(move) for move in moves.split()]
    got = play(environment, lambda agent, observation: queue.pop(0))
    assert [got["player_0"], got["player_1"]] == [int(r) for r in rewards.split(",")]


def test_the_mask_and_the_planes_are_the_position_s():
    game = get_game("vut-royal")
    environment = env("vut-royal", render_mode="ansi")
    environment.reset()
    rng, state = random.Random(3), game.new()
    for _ply in range(30):
        agent = environment.agent_selection
        assert agent == {"w": "player_0", "b": "player_1"}[state.turn]
        observation = environment.observe(agent)
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        assert legal == action_space(game).legal_actions(state)
        other = environment.observe({"player_0": "player_1", "player_1": "player_0"}[agent])
        assert not other["action_mask"].any()  # only the agent to act has legal actions
        assert observation["observation"][:, :, game.letters.index("K")].sum() == 1
        action = rng.choice(legal)
        state = game.play(state, action_space(game).move(action))
        environment.step(action)
    assert environment.render().splitlines()[-1] == ("White to move" if state.turn == "w" else "Black to move")


def test_an_illegal_action_loses():
    environment = env("tablut")
    environment.reset()
    environment.step(0)  # a1-a1: no move
    assert environment.rewards == {"player_0": 0, "player_1": -1}  # Black moves first in Tablut
    assert all(environment.terminations.values())


def test_options_and_bad_ones():
    assert env("vault", size=6).observation_space("player_0")["observation"].shape == (6, 6, 6)
    with pytest.raises(ValueError, match="size must be one of"):
        env("vault", size=7)
    with pytest.raises(ValueError, match="unknown game"):
        env("chess")
