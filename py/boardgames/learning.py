"""What a learning agent sees of a game (boardgames.pettingzoo and boardgames.openspiel
wrap it for their libraries): a fixed action space and the position as planes of 0s and
1s, in plain Python, so the engine still needs nothing beyond the standard library.

Actions: `Game.action_texts()` numbers every move text the rules could ever list, the
same numbers in every position: from-cell x to-cell (`from * cells + to`, cells in the
order of `game.grid.names`), and for Pux further blocks of that size for captures and for
each set of neighbours carried.  `mask(state)` marks the legal ones.

Observation: the board's cells on a grid `height` rows (top first) by `width` columns
(diagram.places: UOS's diamonds on its 15 x 15 name grid), channels last as PettingZoo's
classic games:
a plane per man letter (`game.letters`), the board's cells, the observer plays White,
White is to move, the position occurred before, then the game's own flags
(`Game.observation_flags`: Pux's sideways rule, UOS's checks).

    space = action_space(game)
    space.action("d1-d3"), space.move(30), space.mask(state)
    planes = observation_planes(game)
    planes.observe(state, "w")    # bytes: height * width * channels
"""

from .core import WHITE
from .diagram import places

_SPACES = {}
_PLANES = {}


def _key(game):
    return game.id, tuple(sorted(game.chosen.items()))


def action_space(game):
    """The game's ActionSpace (made once per game and options: Pux's lists 69,632 texts)."""
    key = _key(game)
    if key not in _SPACES:
        _SPACES[key] = ActionSpace(game)
    return _SPACES[key]


def observation_planes(game):
    """The game's ObservationPlanes (made once per game and options)."""
    key = _key(game)
    if key not in _PLANES:
        _PLANES[key] = ObservationPlanes(game)
    return _PLANES[key]


class ActionSpace:
    """Move texts <-> action numbers `0 .. size - 1` for one game."""

    def __init__(self, game):
        self.game = game
        self.texts = game.action_texts()
        self.size = len(self.texts)
        self.numbers = {text: action for action, text in enumerate(self.texts) if text is not None}

    def action(self, move):
        """The number of a move text; ValueError for a text no position of the game lists."""
        number = self.numbers.get(move)
        if number is None:
            raise ValueError(f"'{move}' is no move of {self.game.id}")
        return number

    def move(self, action):
        """The move text of an action number; ValueError for one that names no move."""
        text = self.texts[action] if isinstance(action, int) and 0 <= action < self.size else None
        if text is None:
            raise ValueError(f"{action!r} is no action of {self.game.id} (0 to {self.size - 1}, a move's number)")
        return text

    def legal_actions(self, state):
        """The numbers of the legal moves in `state`, ascending (none once it is over)."""
        return sorted(self.numbers[move] for move in self.game.legal(state))

    def mask(self, state):
        """`size` bytes, 1 at each legal move's number."""
        found = bytearray(self.size)
        for action in self.legal_actions(state):
            found[action] = 1
        return found


class ObservationPlanes:
    """A game's positions as `height` x `width` x `channels` planes of 0s and 1s."""

    def __init__(self, game):
        self.game = game
        spots, self.width, self.height = places(game)
        self.spot = {name: row * self.width + column for name, (column, row) in spots.items()}
        self.letters = {letter: channel for channel, letter in enumerate(game.letters)}
        self.names = [f"men {letter}" for letter in game.letters] + [
            "cells", "observer plays White", "White to move", "repeated"]
        self.names += [f"flag {k}" for k in range(len(game.observation_flags(game.new())))]
        self.channels = len(self.names)
        self.shape = (self.height, self.width, self.channels)
        cells = len(game.letters)  # the channel of the board's cells
        self.empty = bytearray(self.height * self.width * self.channels)
        for spot in self.spot.values():
            self.empty[spot * self.channels + cells] = 1

    def observe(self, state, observer):
        """The planes of `state` seen by `observer` ("w" or "b"), as bytes in (row,
        column, channel) order."""
        found = bytearray(self.empty)
        channels, spot, letters = self.channels, self.spot, self.letters
        for name, letter in self.game.men(state).items():
            found[spot[name] * channels + letters[letter]] = 1
        first = len(letters) + 1
        flags = (observer == WHITE, state.turn == WHITE, state.repetitions() > 1, *self.game.observation_flags(state))
        everywhere = b"\x01" * (self.height * self.width)
        for channel, flag in enumerate(flags, start=first):
            if flag:
                found[channel::channels] = everywhere
        return bytes(found)
