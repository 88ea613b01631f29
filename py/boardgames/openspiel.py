"""Every game as an OpenSpiel game: importing this module registers each with pyspiel as
`boardgames_<id, - as _>`, on the fixed action space (learning.py: from-cell x to-cell,
the same numbers in every position), so OpenSpiel's algorithms (MCTS, AlphaZero's
observation tensors) play our rules.  White is player 0; returns +1/-1/0 at the end.
A game's options are its parameters: `pyspiel.load_game("boardgames_vault", {"size": 8})`.

    import pyspiel
    import boardgames.openspiel
    game = pyspiel.load_game("boardgames_vut_royal")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0]); str(state)   # the position text

The observation tensor is the planes of learning.py, channels first as OpenSpiel's board
games have them (channels, height, width).  Needs the extra:
`pip install "boardgames[openspiel]"` (open_spiel, numpy).
"""

import numpy as np
import pyspiel

from . import game_class, game_ids, get_game
from .core import BLACK, WHITE
from .learning import action_space, observation_planes

PLAYERS = {WHITE: 0, BLACK: 1}
RETURNS = {"white": [1.0, -1.0], "black": [-1.0, 1.0], None: [0.0, 0.0]}
MAX_LENGTH = 100_000  # plies: our games end by their own rules (repetition, move limits)


def short_name(game_id):
    """'vut-royal' -> 'boardgames_vut_royal', the name pyspiel knows the game by."""
    return f"boardgames_{game_id.replace('-', '_')}"


class BoardgamesState(pyspiel.State):
    """A position of one of our games, as OpenSpiel sees it."""

    def __init__(self, game, position):
        super().__init__(game)
        self.rules, self.space, self.position = game.rules, game.space, position

    def current_player(self):
        if self.rules.result(self.position) is not None:
            return pyspiel.PlayerId.TERMINAL
        return PLAYERS[self.position.turn]

    def _legal_actions(self, player):
        return self.space.legal_actions(self.position)

    def _apply_action(self, action):
        self.position = self.rules.play(self.position, self.space.move(action))

    def _action_to_string(self, player, action):
        return self.space.move(action)

    def is_terminal(self):
        return self.rules.result(self.position) is not None

    def returns(self):
        result = self.rules.result(self.position)
        return RETURNS[result["winner"]] if result else [0.0, 0.0]

    def __str__(self):
        return self.rules.fen(self.position)


class BoardgamesGame(pyspiel.Game):
    """One of our games (`game_id`, set by each registered subclass) with its options as
    parameters."""

    game_id = ""

    def __init__(self, params=None):
        options = {**get_game(self.game_id).chosen, **(params or {})}
        self.rules = get_game(self.game_id, **options)  # (ValueError naming a bad option)
        self.space = action_space(self.rules)
        info = pyspiel.GameInfo(num_distinct_actions=self.space.size, max_chance_outcomes=0, num_players=2,
                                min_utility=-1.0, max_utility=1.0, utility_sum=0.0, max_game_length=MAX_LENGTH)
        super().__init__(game_type(self.game_id), info, options)

    def new_initial_state(self):
        return BoardgamesState(self, self.rules.new())

    def make_py_observer(self, iig_obs_type=None, params=None):
        """Every player sees the whole board (a game of perfect information)."""
        return PlanesObserver(self.rules)


class PlanesObserver:
    """The observation tensor (channels, height, width) of learning.py's planes, and the
    position text as the observation string."""

    def __init__(self, rules):
        self.planes = observation_planes(rules)
        height, width, channels = self.planes.shape
        self.tensor = np.zeros(channels * height * width, np.float32)
        self.dict = {"observation": self.tensor.reshape(channels, height, width)}

    def set_from(self, state, player):
        seen = np.frombuffer(self.planes.observe(state.position, WHITE if player == 0 else BLACK), dtype=np.int8)
        self.dict["observation"][:] = seen.reshape(self.planes.shape).transpose(2, 0, 1)

    def string_from(self, state, player):
        return str(state)


def game_type(game_id):
    cls = game_class(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id), long_name=f"boardgames {cls.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2, min_num_players=2,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=get_game(game_id).chosen)


def openspiel_state(game_id, position, **options):
    """An OpenSpiel state of `position` (a state of our game `game_id` with `options`)."""
    return BoardgamesState(pyspiel.load_game(short_name(game_id), options), position)


for _game_id in game_ids():
    if short_name(_game_id) not in pyspiel.registered_names():
        _name = short_name(_game_id).title().replace("_", "")  # BoardgamesVutRoyal
        pyspiel.register_game(game_type(_game_id), type(_name, (BoardgamesGame,), {"game_id": _game_id}))
