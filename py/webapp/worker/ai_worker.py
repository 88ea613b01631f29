"""The computer's search as the page drives it: one search at a time, in slices.

This module is the page's AI worker (started by main.py's App.start_worker, through
App.need_worker, the first time the computer is wanted; configured by worker.toml), so a
long search never freezes the page.
Until the worker is ready, the page calls the same functions on its own thread.  Plain
Python with text in and out (JSON), so nothing depends on how values cross between the
threads.

    register_games('[{"module": "breakthrough", "source": "..."}]')  # the page's added games
    start("tablut", "{}", start_fen, '["d1-d3"]', 3)   # -> '{"best": ..., "done": false, "depth": 0}'
    think(0.1)                                          # search on for 0.1 s, same answer shape
    review_start("tablut", "{}", start_fen, '["d1-d3", ...]', 0.25)  # a game's review
    review_step()                                       # -> '{"evals": [...], "marks": [...], "done": ...}'
    memory()                                            # -> '{"objects": ...}'
"""

import gc
import json
import sys
import types

import boardgames
from boardgames import get_game
from boardgames.ai import Searcher
from boardgames.analysis import Review, result_evaluation, white_evaluation
from boardgames.core import Game

_search = None  # the Searcher of the last start()
_reviews = []  # the last review_start()'s passes: a quick one, then the one asked for
_evaluation = None  # (game, state, its Searcher or None for a finished game, seconds a step) of evaluate_start()
EVALUATION_SECONDS = 30.0  # an evaluation deepens for this long at most
QUICK_PASS = 0.04  # seconds per position of the first pass (its marks show within a second or two)


def _answer():
    return json.dumps({"best": _search.best_move, "done": _search.done, "depth": _search.depth})


def register_games(games_json):
    """Register the games the page registered beyond the site's own, from their modules'
    sources (the worker's files hold only the site's); returns their ids as JSON."""
    added = []
    for game in json.loads(str(games_json)):
        name = game["module"]
        module = sys.modules.get(name)
        if module is None:
            module = types.ModuleType(name)
            exec(compile(game["source"], f"{name}.py", "exec"), module.__dict__)
            sys.modules[name] = module
        for value in vars(module).values():
            if (isinstance(value, type) and issubclass(value, Game) and value.__module__ == name
                    and value.id and value.id not in boardgames.game_ids()):
                boardgames.register(value)
                added.append(value.id)
    return json.dumps(added)


def start(game_id, options_json, fen, moves_json, level):
    """Begin a search for the side to move after `moves` from `fen` (the moves are
    replayed so repetitions count as in the game).  Replaces any previous search."""
    global _search
    game, state = _position(game_id, options_json, fen, moves_json)
    _search = Searcher(game, state, level=int(level))
    return _answer()


def _position(game_id, options_json, fen, moves_json):
    """(game, the state after `moves` from `fen`)."""
    game = get_game(str(game_id), **json.loads(str(options_json)))
    state = game.new(fen=str(fen))
    for move in json.loads(str(moves_json)):
        state = game.play(state, move)
    return game, state


def think(seconds):
    """Search on for at most `seconds`; `best` is the move to play if stopped now."""
    _search.think(float(seconds))
    return _answer()


def review_start(game_id, options_json, fen, moves_json, seconds):
    """Begin the review of a game: a quick pass over every position, then each searched
    for `seconds`; what the second pass has found replaces the first's as it comes."""
    global _reviews
    game = get_game(str(game_id), **json.loads(str(options_json)))
    start, moves = game.new(fen=str(fen)), json.loads(str(moves_json))
    _reviews = [Review(game, start, moves, seconds=QUICK_PASS), Review(game, start, moves, seconds=float(seconds))]
    return review_step(searched=False)


def review_step(searched=True):
    """Search the review's next position; what the review has found so far."""
    quick, deep = _reviews
    if searched:
        (quick if not quick.done else deep).step()
    progress = (len(quick.evals) + len(deep.evals)) / (2 * len(deep.states))
    if not deep.evals:
        return _found(quick, quick.evals, quick.marks, False, progress)
    known = len(deep.evals)
    marks = deep.marks + [mark for mark in quick.marks if mark["ply"] >= known]
    return _found(deep, deep.evals + quick.evals[known:], marks, deep.done, progress)


def _found(review, evals, marks, done, progress):
    return json.dumps({"evals": evals, "marks": marks, "done": done, "accuracy": review.accuracy(),
                       "counts": review.counts(), "progress": progress})


def evaluate_start(game_id, options_json, fen, moves_json, seconds):
    """Begin evaluating the position after `moves`, deepening `seconds` a step."""
    global _evaluation
    game, state = _position(game_id, options_json, fen, moves_json)
    searcher = None
    if game.result(state) is None:
        searcher = Searcher(game, state, level=4, seconds=EVALUATION_SECONDS, scored=True)
    _evaluation = (game, state, searcher, float(seconds))
    return evaluate_step()


def evaluate_step():
    """Deepen the evaluation a step: {eval (White's side), depth, line, done}."""
    game, state, searcher, seconds = _evaluation
    if searcher is None:
        return json.dumps({"eval": result_evaluation(game.result(state)), "depth": 0, "line": [], "done": True})
    searcher.think(seconds)
    return json.dumps({"eval": white_evaluation(state, searcher.score), "depth": searcher.depth,
                       "line": searcher.line(8), "done": searcher.done})


def memory():
    """The Python objects the collector tracks, after a collection (tools/soak_demo.py
    watches whether the worker's interpreter grows)."""
    gc.collect()
    return json.dumps({"objects": len(gc.get_objects())})


__export__ = ["register_games", "start", "think", "review_start", "review_step", "evaluate_start", "evaluate_step",
              "memory"]
