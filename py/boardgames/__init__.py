"""boardgames: the rules of every game on the site, in plain Python (the contract:
core.py and the README's "Engine contract").

    from boardgames import get_game, GAME_IDS
    game = get_game("tablut"); s = game.new(); s = game.play(s, game.legal(s)[0])
"""

from .pux import Pux
from .tablut import Tablut
from .uos import Uos
from .vault import Vault
from .vut import VUT_GAMES

_GAMES = {}
GAME_IDS = []  # in the order the page lists them


def register(cls):
    """Add a game class (a core.Game) to the games `get_game` knows; returns it."""
    if not cls.id or cls.id in _GAMES:
        raise ValueError(f"a game needs an id of its own, not {cls.id!r}")
    _GAMES[cls.id] = cls
    GAME_IDS.append(cls.id)
    return cls


for _cls in (*VUT_GAMES, Tablut, Vault, Pux, Uos):
    register(_cls)


def get_game(game_id, **options):
    """The rule book for `game_id`; unknown ids or options raise ValueError."""
    cls = _GAMES.get(game_id)
    if cls is None:
        raise ValueError(f"unknown game '{game_id}' (known: {', '.join(GAME_IDS)})")
    for name, value in options.items():
        allowed = cls.options.get(name)
        if allowed is None:
            raise ValueError(f"{game_id} has no option '{name}'")
        if value not in allowed:
            raise ValueError(f"{game_id}: {name} must be one of {', '.join(map(str, allowed))}, not {value!r}")
    return cls(**options)
