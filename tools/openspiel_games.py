"""Our games as OpenSpiel games, through the engine contract alone (new, legal, play,
result), so OpenSpiel's own players can meet ours in tools/arena.py (`--pairs 3-mcts`).

OpenSpiel (`open_spiel` from PyPI) is a host-side development dependency.  An action is
the index of a move among the position's legal moves in notation order: OpenSpiel's MCTS
keys a node's children by action, always applied to the node's own position, so the
indices need not mean the same move in two positions.  White is player 0.
"""

import os
import sys

import pyspiel

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "py"))

from boardgames import get_game  # noqa: E402

MAX_ACTIONS = 20000   # above any position's number of legal moves in our games
MAX_LENGTH = 100000   # plies: our games end by their own rules (repetition, move limits)
PLAYER = {"w": 0, "b": 1}
RETURNS = {"white": [1.0, -1.0], "black": [-1.0, 1.0], None: [0.0, 0.0]}


class ContractState(pyspiel.State):
    """A position of one of our games, as OpenSpiel sees it."""

    def __init__(self, game, contract, position):
        super().__init__(game)
        self.contract, self.position = contract, position
        self.result = contract.result(position)
        self.moves = [] if self.result else sorted(contract.legal(position))

    def current_player(self):
        return pyspiel.PlayerId.TERMINAL if self.result else PLAYER[self.position.turn]

    def _legal_actions(self, player):
        return list(range(len(self.moves)))

    def _apply_action(self, action):
        self.position = self.contract.play(self.position, self.moves[action])
        self.result = self.contract.result(self.position)
        self.moves = [] if self.result else sorted(self.contract.legal(self.position))

    def _action_to_string(self, player, action):
        return self.moves[action]

    def is_terminal(self):
        return self.result is not None

    def returns(self):
        return RETURNS[self.result["winner"]] if self.result else [0.0, 0.0]

    def __str__(self):
        return self.contract.fen(self.position)


class ContractGame(pyspiel.Game):
    def __init__(self, params=None, game_id=None, start=None):
        self.contract = get_game(game_id)
        self.start = start
        super().__init__(game_type(game_id), GAME_INFO, params or {})

    def new_initial_state(self):
        return ContractState(self, self.contract, self.start or self.contract.new())


GAME_INFO = pyspiel.GameInfo(num_distinct_actions=MAX_ACTIONS, max_chance_outcomes=0, num_players=2,
                             min_utility=-1.0, max_utility=1.0, utility_sum=0.0, max_game_length=MAX_LENGTH)


def game_type(game_id):
    return pyspiel.GameType(
        short_name=f"boardgames_{game_id.replace('-', '_')}", long_name=f"boardgames {game_id}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2, min_num_players=2,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=False, provides_observation_tensor=False,
        parameter_specification={})


def openspiel_state(game_id, position):
    """An OpenSpiel state of `position` (a state of our game `game_id`)."""
    return ContractGame(game_id=game_id, start=position).new_initial_state()
