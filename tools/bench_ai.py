"""Speed of the AI (boardgames.ai) at each level, in CPython and in Pyodide under Node.

    python3 tools/bench_ai.py [--games ID...] [--levels 1 2 ...] [--positions N]
    python3 tools/bench_ai.py --here [--json] ...   # measure in this interpreter only

Each level thinks on its own clock budget from N positions per game (the setup and
positions along one seeded random game), so the time
per move is the level's budget unless the search ends sooner (depth cap, forced
result, one legal move).  What differs between interpreters is the work done in that
time: nodes per second and the depth reached.  Without --here the script runs itself
in both interpreters and prints them side by side with the Pyodide/CPython ratio of
nodes per second (below 1: Pyodide is slower).
"""

import argparse
import json
import math
import os
import platform
import random
import subprocess
import sys
import time

TOOLS = os.path.dirname(os.path.abspath(__file__))
PY = os.path.join(os.path.dirname(TOOLS), "py")
if PY not in sys.path:
    sys.path.insert(0, PY)

from boardgames import GAME_IDS, get_game  # noqa: E402
from boardgames.ai import LEVELS, Searcher  # noqa: E402

COMMANDS = {"CPython": [sys.executable], "Pyodide": ["node", os.path.join(TOOLS, "pyodide_run.mjs")]}


SPACING = 10  # random plies between measured positions


def positions_of(game, count):
    """The setup, then a position every SPACING plies of one seeded random game."""
    rng = random.Random(game.id)
    state, positions = game.new(), []
    for ply in range(count * SPACING):
        if game.result(state) is not None:
            break
        if ply % SPACING == 0:
            positions.append(state)
        state = game.play(state, rng.choice(game.legal(state)))
    return positions


def markdown_table(header, rows):
    lines = [header, ["---"] * len(header)] + rows
    return "\n".join("| " + " | ".join(line) + " |" for line in lines)


def measure(game_id, level, positions):
    """Mean seconds per move, nodes per second and mean depth of `level` on `game_id`."""
    game = get_game(game_id)
    seconds = nodes = depth = 0
    states = positions_of(game, positions)
    for state in states:
        searcher = Searcher(game, state, level=level, seed=1)
        start = time.perf_counter()
        searcher.think()
        seconds += time.perf_counter() - start
        nodes += searcher.nodes
        depth += searcher.depth
    return {"seconds": seconds / len(states), "nps": nodes / seconds, "depth": depth / len(states)}


def measure_here(args):
    return {"interpreter": f"{platform.python_implementation()} {platform.python_version()} "
                           f"({sys.platform})",
            "rates": {game_id: {str(level): measure(game_id, level, args.positions)
                                for level in args.levels} for game_id in args.games}}


def run_in(command, args):
    options = ["--here", "--json", "--positions", str(args.positions),
               "--games", *args.games, "--levels", *map(str, args.levels)]
    done = subprocess.run(command + [os.path.abspath(__file__), *options],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=list(GAME_IDS), choices=GAME_IDS)
    parser.add_argument("--levels", nargs="+", type=int, default=sorted(LEVELS), choices=sorted(LEVELS))
    parser.add_argument("--positions", type=int, default=1, help="positions per game")
    parser.add_argument("--here", action="store_true", help="measure in this interpreter only")
    parser.add_argument("--json", action="store_true", help="with --here: print JSON")
    args = parser.parse_args()
    if args.here:
        results = {"This Python": measure_here(args)}
        if args.json:
            print(json.dumps(results["This Python"]))
            return
    else:
        results = {name: run_in(command, args) for name, command in COMMANDS.items()}
    names = list(results)
    header = ["game", "level"]
    for name in names:
        header += [f"{name} s/move", "depth", "nodes/s"]
    if len(names) == 2:
        header.append("nodes/s ratio")
    rows, ratios = [], []
    for game_id in args.games:
        for level in map(str, args.levels):
            row = [game_id, level]
            for name in names:
                cell = results[name]["rates"][game_id][level]
                row += [f"{cell['seconds']:.2f}", f"{cell['depth']:.1f}", f"{cell['nps']:,.0f}"]
            if len(names) == 2:
                a, b = (results[name]["rates"][game_id][level]["nps"] for name in names)
                ratios.append(b / a)
                row.append(f"{b / a:.2f}")
            rows.append(row)
    print(" vs ".join(results[name]["interpreter"] for name in names)
          + f"; {args.positions} positions per game, each level on its own clock budget")
    print(markdown_table(header, rows))
    if ratios:
        print(f"geometric mean nodes/s ratio {names[1]}/{names[0]}: "
              f"{math.prod(ratios) ** (1 / len(ratios)):.2f}")


if __name__ == "__main__":
    main()
