"""The perft table reader, for tests (perft itself is the package's: boardgames/perft.py)."""

import os

from boardgames import get_game
from tables import read_table

TABLE = os.path.join(os.path.dirname(__file__), "data", "perft.txt")


def perft_cases():
    """Rows of data/perft.txt: (game id, options, fen or None for the setup, depth, count)."""
    cases = []
    for game_spec, fen, depth, count in read_table(TABLE, 4):
        game_id, _, option_text = game_spec.partition(" ")
        options = dict(kv.split("=") for kv in option_text.split()) if option_text else {}
        options = {k: int(v) if v.isdigit() else v for k, v in options.items()}
        cases.append((game_id, options, None if fen == "setup" else fen, int(depth), int(count)))
    return cases


def make_game(game_id, options):
    return get_game(game_id, **options)
