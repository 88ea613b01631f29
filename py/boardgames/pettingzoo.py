"""Every game as a PettingZoo AEC environment, in the shape of PettingZoo's classic games
(chess_v6, connect_four_v3): agents `player_0` (White) and `player_1` (Black), the side
to move of the start position acting first (Black in Tablut); a Discrete action space of
the game's fixed numbering (learning.py: from-cell x to-cell, the same in every position);
observations {"observation": int8 planes (height, width, channels), "action_mask": int8,
1 at each legal action, for the agent to act}; rewards +1 and -1 to the winner and the
loser at the end, 0 to both for a draw; `render_mode="ansi"` renders the board as text.
An illegal action ends the game with -1 for the agent that chose it, as in the classic
games (PettingZoo's TerminateIllegalWrapper).

    from boardgames.pettingzoo import env
    game = env("vut-royal", render_mode="ansi")     # options too: env("vault", size=8)
    game.reset(options={"fen": "..."})              # (a start other than the setup)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, info = game.last()
        action = None if terminated or truncated else policy(observation)
        game.step(action)

Needs the extra: `pip install "boardgames[pettingzoo]"` (PettingZoo, Gymnasium, numpy).
"""

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import get_game
from .core import BLACK, WHITE
from .diagram import diagram
from .learning import action_space, observation_planes

AGENTS = {WHITE: "player_0", BLACK: "player_1"}
SIDES = {agent: side for side, agent in AGENTS.items()}
REWARDS = {"white": {WHITE: 1, BLACK: -1}, "black": {WHITE: -1, BLACK: 1}, None: {WHITE: 0, BLACK: 0}}


def env(game_id, render_mode=None, **options):
    """The game `game_id` (with its `options`) as an AEC environment, wrapped as
    PettingZoo's classic games are: an illegal action loses, actions out of range and
    calls out of order are refused."""
    environment = raw_env(game_id, render_mode=render_mode, **options)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


class raw_env(AECEnv):  # (PettingZoo's name for an environment unwrapped)
    """One game of the engine, played through the AEC API."""

    def __init__(self, game_id, render_mode=None, **options):
        super().__init__()
        self.game = get_game(game_id, **options)
        self.space, self.planes = action_space(self.game), observation_planes(self.game)
        self.metadata = {"render_modes": ["ansi"], "name": f"boardgames_{game_id.replace('-', '_')}",
                         "is_parallelizable": False, "render_fps": 1}
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = [AGENTS[WHITE], AGENTS[BLACK]]
        self.action_spaces = {agent: spaces.Discrete(self.space.size) for agent in self.possible_agents}
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(low=0, high=1, shape=self.planes.shape, dtype=np.int8),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.space.size,), dtype=np.int8)})
            for agent in self.possible_agents}
        self.position = self.game.new()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        """A new game from the setup, or from `options["fen"]` (a position text)."""
        self.position = self.game.new(fen=(options or {}).get("fen"))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = AGENTS[self.position.turn]
        self._settle()

    def observe(self, agent):
        planes = np.frombuffer(self.planes.observe(self.position, SIDES[agent]), dtype=np.int8)
        acting = agent == self.agent_selection and not self.terminations[agent]
        mask = self.space.mask(self.position) if acting else bytearray(self.space.size)
        return {"observation": planes.reshape(self.planes.shape).copy(),
                "action_mask": np.frombuffer(mask, dtype=np.int8).copy()}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.rewards = dict.fromkeys(self.agents, 0)
        self.position = self.game.play(self.position, self.space.move(int(action)))
        self.agent_selection = AGENTS[self.position.turn]
        self._settle()

    def _settle(self):
        """At the end of the game: its rewards, and every agent terminated."""
        result = self.game.result(self.position)
        if result is not None:
            for agent in self.agents:
                self.rewards[agent] = REWARDS[result["winner"]][SIDES[agent]]
                self.terminations[agent] = True
                self.infos[agent] = {"result": result}
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (boardgames offers 'ansi')")
            return None
        return diagram(self.game, self.position)

    def close(self):
        """Nothing to release: the board is text."""
