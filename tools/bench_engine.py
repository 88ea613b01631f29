"""Engine speed in CPython against Pyodide (under Node), game by game.

    python3 tools/bench_engine.py [--seconds S] [--rounds N]

Runs tools/engine_speed.py N times in each interpreter, alternating, keeps each
interpreter's best rate per game and measure (the least disturbed by other processes),
and prints them with the Pyodide/CPython ratio (below 1: Pyodide is slower).  Also
times a bare Pyodide start.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import time

from engine_speed import MEASURES, table

TOOLS = os.path.dirname(os.path.abspath(__file__))
SPEED = os.path.join(TOOLS, "engine_speed.py")
PYODIDE = ["node", os.path.join(TOOLS, "pyodide_run.mjs")]
COMMANDS = {"CPython": [sys.executable], "Pyodide": PYODIDE}


def run_speed(command, seconds):
    done = subprocess.run(command + [SPEED, "--json", "--seconds", str(seconds)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def best_rates(runs):
    """Per game and measure, the highest rate over several runs."""
    return {game_id: {key: max(run["rates"][game_id][key] for run in runs) for key, _ in MEASURES}
            for game_id in runs[0]["rates"]}


def pyodide_start_seconds():
    start = time.perf_counter()
    subprocess.run(PYODIDE + ["-c", "pass"], check=True)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU time per game and measure")
    parser.add_argument("--rounds", type=int, default=2, help="runs per interpreter")
    args = parser.parse_args()
    runs = {name: [] for name in COMMANDS}
    for _ in range(args.rounds):
        for name, command in COMMANDS.items():
            runs[name].append(run_speed(command, args.seconds))
    best = {name: best_rates(results) for name, results in runs.items()}
    cpython, pyodide = best["CPython"], best["Pyodide"]
    rows = [[game_id, label, f"{cpython[game_id][key]:,.0f}", f"{pyodide[game_id][key]:,.0f}",
             f"{pyodide[game_id][key] / cpython[game_id][key]:.2f}"]
            for game_id in cpython for key, label in MEASURES]
    print(" vs ".join(results[0]["interpreter"] for results in runs.values()) +
          f"; best of {args.rounds} runs, rates per CPU second")
    for key, label in MEASURES:
        ratios = [pyodide[game_id][key] / cpython[game_id][key] for game_id in cpython]
        rows.append(["geometric mean", label, "", "", f"{math.prod(ratios) ** (1 / len(ratios)):.2f}"])
    print(table(["game", "measure", "CPython", "Pyodide", "Pyodide/CPython"], rows))
    print(f"Pyodide start (node, load, run 'pass'): {pyodide_start_seconds():.2f} s")


if __name__ == "__main__":
    main()
