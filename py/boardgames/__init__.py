"""boardgames: the rules of every game on the site, in plain Python (the contract:
core.py and docs/engine.md).

    from boardgames import get_game, GAME_IDS
    game = get_game("tablut"); s = game.new(); s = game.play(s, game.legal(s)[0])
    svg(game, s)           # the position's picture (in a notebook a state shows itself so)
"""

from .pux import Pux
from .tablut import Tablut
from .uos import Uos
from .vault import Vault
from .vut import VUT_GAMES

__version__ = "1.0.0"  # the package's (pyproject.toml reads it)

_GAMES = {}


def register(cls):
    """Add a game (a `core.Game` subclass with an id of its own) to those `get_game`
    knows, and so to the games the page offers; returns it."""
    if not cls.id or cls.id in _GAMES:
        raise ValueError(f"a game needs an id of its own, not {cls.id!r}")
    _GAMES[cls.id] = cls
    return cls


for _cls in (*VUT_GAMES, Tablut, Vault, Pux, Uos):
    register(_cls)
GAME_IDS = tuple(_GAMES)  # the games of the site, in the order the page lists them


def game_ids():
    """The ids of every registered game: the site's, then any added by `register`."""
    return tuple(_GAMES)


def game_class(game_id, **options):
    """The registered class of `game_id`, if `options` are its own and allowed: its name,
    summary and other declarations, without building a rule book (which computes the
    game's tables); unknown ids or options raise ValueError."""
    cls = _GAMES.get(game_id)
    if cls is None:
        raise ValueError(f"unknown game '{game_id}' (known: {', '.join(GAME_IDS)})")
    for name, value in options.items():
        allowed = cls.options.get(name)
        if allowed is None:
            raise ValueError(f"{game_id} has no option '{name}'")
        if value not in allowed:
            raise ValueError(f"{game_id}: {name} must be one of {', '.join(map(str, allowed))}, not {value!r}")
    return cls


def get_game(game_id, **options):
    """The rule book for `game_id`; unknown ids or options raise ValueError."""
    return game_class(game_id, **options)(**options)


def svg(game, state=None, **looks):
    """The SVG picture of `state` (default: the setup) of `game`, as the page draws its
    pictures: `flipped`, `theme` ("light", "dark"), `board` ("wood", "green", "blue",
    "grey"), `coordinates`, `width`, `shapes` ('Cd4' circles, 'Ad1d3' arrows)."""
    from .drawing.picture import svg as picture  # (the page's AI worker has no drawing code)
    return picture(game, state, **looks)
