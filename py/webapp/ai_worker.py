"""The computer's search as the page drives it: one search at a time, in slices.

This module is the page's AI worker (`<script type="py" worker name="ai">`, started by
main.py once the board is interactive, configured by worker.toml), so a long search
never freezes the page.  Until the worker is ready, main.py calls the same functions
on its own thread.  Plain Python with text in and out (JSON), so nothing depends on
how values cross between the threads.

    start("tablut", "{}", start_fen, '["d1-d3"]', 3)   # -> '{"best": ..., "done": false, "depth": 0}'
    think(0.1)                                          # search on for 0.1 s, same answer shape
    memory()                                            # -> '{"objects": ...}'
"""

import gc
import json

from boardgames import get_game
from boardgames.ai import Searcher

_search = None  # the Searcher of the last start()


def _answer():
    return json.dumps({"best": _search.best_move, "done": _search.done, "depth": _search.depth})


def start(game_id, options_json, fen, moves_json, level):
    """Begin a search for the side to move after `moves` from `fen` (the moves are
    replayed so repetitions count as in the game).  Replaces any previous search."""
    global _search
    game = get_game(str(game_id), **json.loads(str(options_json)))
    state = game.new(fen=str(fen))
    for move in json.loads(str(moves_json)):
        state = game.play(state, move)
    _search = Searcher(game, state, level=int(level))
    return _answer()


def think(seconds):
    """Search on for at most `seconds`; `best` is the move to play if stopped now."""
    _search.think(float(seconds))
    return _answer()


def memory():
    """The Python objects the collector tracks, after a collection (tools/soak_demo.py
    watches whether the worker's interpreter grows)."""
    gc.collect()
    return json.dumps({"objects": len(gc.get_objects())})


__export__ = ["start", "think", "memory"]
