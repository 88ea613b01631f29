"""Engine speed of every registered game, in whichever Python runs this script.

    python3 tools/engine_speed.py [--seconds S] [--json]
    node tools/pyodide_run.mjs tools/engine_speed.py [--seconds S] [--json]

Two measures per game, each repeated for at least S CPU seconds (default 1):
  tree     positions per second of a full-width search to depth 2 from a few positions
           of one seeded game, through the hooks an alpha-beta AI calls (moves, apply,
           result, and evaluate at the leaves);
  playout  plies per second of seeded random games through the public contract
           (legal, play, result).
The work comes in the same order in every interpreter, so the rates compare
(tools/bench_engine.py).
"""

import argparse
import json
import os
import platform
import random
import sys
import time

PY = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "py")
if PY not in sys.path:
    sys.path.insert(0, PY)

from boardgames import GAME_IDS, get_game  # noqa: E402

MEASURES = (("tree", "tree positions/s"), ("playout", "playout plies/s"))
TREE_DEPTH = 2
ROOTS, ROOT_SPACING = 4, 10


def branches(game):
    """(position, move) pairs: every move of a few positions along one seeded random game
    (the setup, then every ROOT_SPACING plies), shuffled so that any prefix of the list
    samples several phases of the game."""
    rng = random.Random(game.id)
    state, pairs = game.new(), []
    for ply in range(ROOTS * ROOT_SPACING):
        if game.result(state) is not None:
            break
        if ply % ROOT_SPACING == 0:
            pairs.extend((state, move) for move in game.legal(state))
        state = game.play(state, rng.choice(game.legal(state)))
    rng.shuffle(pairs)
    return pairs


def tree(game, state, depth):
    """Positions made by a full-width search of `depth` plies below `state`."""
    if game.result(state) is not None:
        return 0
    if depth == 0:
        game.evaluate(state)
        return 0
    made = 0
    for move in game.moves(state):
        made += 1 + tree(game, game.apply(state, move), depth - 1)
    return made


def playout(game, seed):
    """Plies of one random game (cut at the game's ply cap)."""
    rng = random.Random(seed)
    state = game.new()
    for ply in range(game.ply_cap):
        moves = game.legal(state)
        if not moves:
            return ply
        state = game.play(state, rng.choice(moves))
    return game.ply_cap


def cpu_clock():
    """This process's CPU seconds, so that other busy processes do not count.

    Under Pyodide time.process_time() is wall time, so Node is asked instead.
    """
    if sys.platform != "emscripten":
        return time.process_time
    from js import process

    def node_cpu_seconds():
        used = process.cpuUsage()
        return (used.user + used.system) / 1e6
    return node_cpu_seconds


def rate(work, seconds, clock):
    """Units per CPU second of `work(i)` (returns its units), called i = 0, 1, ... for `seconds`."""
    done, i, start = 0, 0, clock()
    while True:
        done += work(i)
        i += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return done / elapsed


def measure(game_id, seconds, clock):
    game = get_game(game_id)
    pairs = branches(game)

    def one_branch(i):
        """A small unit of tree work: one move of a root and the tree below it (made afresh)."""
        state, move = pairs[i % len(pairs)]
        return 1 + tree(game, game.apply(state, move), TREE_DEPTH - 1)
    return {
        "tree": rate(one_branch, seconds, clock),
        "playout": rate(lambda i: playout(game, i), seconds, clock),
    }


def interpreter():
    """Which Python this is, e.g. "CPython 3.11.7" or "Pyodide 314.0.7 (Python 3.14.2)"."""
    if sys.platform == "emscripten":
        import pyodide
        return f"Pyodide {pyodide.__version__} (Python {platform.python_version()})"
    return f"{platform.python_implementation()} {platform.python_version()}"


def table(header, rows):
    """Plain-text table: the first column left-aligned, the others right-aligned."""
    rows = [header] + rows
    widths = [max(len(row[c]) for row in rows) for c in range(len(header))]
    return "\n".join("  ".join(cell.ljust(w) if c == 0 else cell.rjust(w)
                               for c, (cell, w) in enumerate(zip(row, widths)))
                     for row in rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU time per game and measure")
    parser.add_argument("--json", action="store_true", help="print JSON for tools/bench_engine.py")
    args = parser.parse_args()
    clock = cpu_clock()
    rates = {game_id: measure(game_id, args.seconds, clock) for game_id in GAME_IDS}
    if args.json:
        print(json.dumps({"interpreter": interpreter(), "rates": rates}))
        return
    print(f"{interpreter()}; rates per CPU second")
    print(table(["game"] + [label for _, label in MEASURES],
                [[game_id] + [f"{rates[game_id][key]:,.0f}" for key, _ in MEASURES]
                 for game_id in GAME_IDS]))


if __name__ == "__main__":
    main()
