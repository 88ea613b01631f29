"""Does the engine still play every game exactly as before, and as fast?

    python3 tools/compare_engine.py --against COMMIT [--rounds N]  # this tree vs COMMIT
    python3 tools/compare_engine.py --against COMMIT --pyodide     # ... timed in Pyodide
    python3 tools/compare_engine.py --write       # rewrite tests/data/engine_hashes.txt

The answers: for every game (and every Vault size), seeded random games (half the plies
taken among the noisy moves, so that captures and endings come up); at each position
its text, the legal moves in the engine's order, the result, the last move's captures,
the evaluation and the noisy moves; fixed-node searches (move, nodes, depth, score)
from some of them; and the game's texts (name, summary, setup, rules, rulings).
`tests/test_engine_hashes.py` recomputes their digests against the table in
tests/data/, so any change of behaviour fails the suite.  --against COMMIT loads
COMMIT's engine (from `git archive`) beside this one, compares these answers and the
same for the games written by hand for the perft and e2e tests, and names the first
record where the two differ.

The speed (with --against): CPU seconds of fixed-node searches and of the search's hot
paths (generate, apply, judge, evaluate, noisy_moves) on the same positions, the two
engines alternating in one process, best of --rounds; ratios above 1: faster now.  The
hot paths start from positions read afresh, so facts a game keeps with its states (and
hands on from move to move in a search) are worked out anew there; the searches show
what they save.  With --pyodide the answers are compared here and the speed in Pyodide
(node tools/pyodide_run.mjs, on Node's CPU clock), which runs this script again with
--before-py, COMMIT's py/ unpacked under .cache/ where Pyodide can read it.
"""

import argparse
import hashlib
import importlib
import importlib.util
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
TABLE = os.path.join(ROOT, "tests", "data", "engine_hashes.txt")
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)
GAMES_PER_CASE = 8
PLIES = 200  # per random game (fewer if the game ends)
SEARCH_EVERY = 40  # plies between the positions searched
SEARCH_NODES = 400
SPEED_SAMPLE = 4  # every 4th position of the random games is timed
SEARCH_SPACING = 20  # ... and every 20th of those searched
PASSES, PASS_SECONDS = 5, 0.02  # each hot path timed as the best of 5 runs of >= 0.02 s
SPEED_NODES = 1000
PINNED = ("positions", "searches", "texts")  # what the table in tests/data pins
HOT_PATHS = ("generate", "apply", "judge", "evaluate", "noisy_moves")
# Games written by hand elsewhere, each row read as (case, start text or None, moves):
# the perft suite's positions and the games the e2e tests play.  Compared with
# --against only: the table does not pin them, so that adding a row there needs no
# new table.
E2E_DATA = os.path.join(ROOT, "e2e", "data")
SCRIPTED = (
    (os.path.join(ROOT, "tests", "data", "perft.txt"), 4,
     lambda case, fen, depth, count: (case, None if fen == "setup" else fen, "")),
    (os.path.join(E2E_DATA, "endings.txt"), 6,
     lambda case, start, hooked, clicked, winner, reason:
     (case, None if start == "-" else start, f"{hooked} {clicked}")),
    (os.path.join(E2E_DATA, "scripted_games.txt"), 4,
     lambda case, moves, winner, reason: (case, None, moves)),
    (os.path.join(E2E_DATA, "vault_pux_games.txt"), 5,
     lambda game_id, option, moves, winner, reason:
     (game_id if option == "-" else f"{game_id} {option}", None, moves)),
)


def engine(py_dir=None, name="boardgames"):
    """The engine package in `py_dir`/boardgames (default: this tree's), imported as `name`
    (another name lets a second engine be loaded beside the first)."""
    if name not in sys.modules:
        folder = os.path.join(py_dir or os.path.join(ROOT, "py"), "boardgames")
        spec = importlib.util.spec_from_file_location(
            name, os.path.join(folder, "__init__.py"), submodule_search_locations=[folder])
        sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules[name])
    importlib.import_module(f"{name}.ai")
    return sys.modules[name]


def cases(boardgames):
    """(case name, game id, options): every game, and Vault at each size."""
    found = []
    for game_id in boardgames.GAME_IDS:
        options = boardgames.get_game(game_id).options
        found.append((game_id, game_id, {}))
        for name, values in options.items():
            default = boardgames.get_game(game_id).chosen.get(name)
            found.extend((f"{game_id} {name}={value}", game_id, {name: value})
                         for value in values if value != default)
    return found


def random_games(game, case):
    """The positions of GAMES_PER_CASE seeded random games."""
    positions = []
    for number in range(GAMES_PER_CASE):
        rng = random.Random(f"{case}:{number}")
        state = game.new()
        for _ in range(PLIES):
            positions.append(state)
            if game.result(state) is not None:
                break
            noisy = game.noisy_moves(state)
            moves = noisy if noisy and rng.random() < 0.5 else game.legal(state)
            state = game.play(state, rng.choice(moves))
    return positions


def position_record(game, state):
    return [game.fen(state), game.legal(state), game.result(state),
            list(state.last[1]) if state.last else None,
            repr(game.evaluate(state)), list(game.noisy_moves(state))]


def scripted_positions(game, case):
    """The positions along the hand-written games of `case` (SCRIPTED), each once (a
    repetition of a position again)."""
    from tables import read_table
    positions = {}
    for path, columns, read in SCRIPTED:
        for row in read_table(path, columns):
            row_case, start, moves = read(*row)
            if row_case != case:
                continue
            state = game.new(start)
            positions.setdefault((game.fen(state), state.repetitions()), state)
            for move in moves.split():
                state = game.play(state, move)
                positions.setdefault((game.fen(state), state.repetitions()), state)
    return list(positions.values())


def search_record(game, state, ai):
    searcher = ai.Searcher(game, state, level=3, seed=7, nodes=SEARCH_NODES)
    searcher.think()
    return [game.fen(state), searcher.best_move, searcher.nodes, searcher.depth, searcher.score]


def records(boardgames, case, game_id, options, scripted=False):
    """{kind: list of JSON-able records} of one case: the PINNED kinds, and with
    `scripted` the positions of the hand-written games."""
    game = boardgames.get_game(game_id, **options)
    positions = random_games(game, case)
    searched = [s for i, s in enumerate(positions) if i % SEARCH_EVERY == 0 and game.result(s) is None]
    found = {
        "positions": [position_record(game, s) for s in positions],
        "searches": [search_record(game, s, boardgames.ai) for s in searched],
        "texts": [[game.id, game.name, game.summary, game.setup, list(game.rules), list(game.rulings)]],
    }
    if scripted:
        found["scripted"] = [position_record(game, s) for s in scripted_positions(game, case)]
    return found


def digest(items):
    """A short digest of a list of records, the same in any Python."""
    text = json.dumps(items, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def hash_rows(found):
    """Table rows (case, kind, count, digest) of all_records()."""
    return [(case, kind, str(len(items)), digest(items))
            for case, kinds in found.items() for kind, items in kinds.items()]


def table_text(rows):
    header = ("# The engine's answers as digests (tools/compare_engine.py --write writes this;\n"
              "# tests/test_engine_hashes.py recomputes it).  case | kind | records | sha256[:16]\n")
    width = max(len(case) for case, *_ in rows)
    return header + "".join(f"{case:<{width}} | {kind:<9} | {count:>4} | {sha}\n"
                            for case, kind, count, sha in rows)


# -- comparing with another commit ---------------------------------------------------
def export_commit(commit, into):
    """`py/` of `commit` unpacked under `into`; returns that py directory."""
    archive = subprocess.run(["git", "-C", ROOT, "archive", commit, "py"],
                             capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", into], input=archive.stdout, check=True)
    return os.path.join(into, "py")


def first_difference(before, now):
    """A sentence naming the first record that differs, or None."""
    for case in before:
        if case not in now:
            return f"{case}: missing now"
        for kind in before[case]:
            a, b = (json.loads(json.dumps(found[case][kind])) for found in (before, now))
            for number, (old, new) in enumerate(zip(a, b)):
                if old != new:
                    return f"{case} {kind} #{number}:\n  before {old}\n  now    {new}"
            if len(a) != len(b):
                return f"{case} {kind}: {len(a)} records before, {len(b)} now"
    extra = set(now) - set(before)
    return f"new cases: {sorted(extra)}" if extra else None


def all_records(boardgames, scripted=False):
    return {case: records(boardgames, case, game_id, options, scripted)
            for case, game_id, options in cases(boardgames)}


# -- speed ----------------------------------------------------------------------------
def workload(boardgames, only=None):
    """{case: (game id, options, position texts)}: a sample of the random games'
    positions (of the cases in `only`, if given)."""
    found = {}
    for case, game_id, options in cases(boardgames):
        if only and case not in only:
            continue
        game = boardgames.get_game(game_id, **options)
        found[case] = (game_id, options, [game.fen(s) for s in random_games(game, case)[::SPEED_SAMPLE]
                                          if game.result(s) is None])
    return found


def timings(boardgames, game_id, options, texts, clock):
    """CPU seconds of each hot path over the positions (parsed afresh for every run, so
    that nothing is cached on them; the judge pass judges their children, as the search
    does), the fastest of PASSES runs; then of fixed-node searches from some of them,
    with the nodes searched."""
    game = boardgames.get_game(game_id, **options)

    def positions():
        return [game.new(text) for _ in range(copies) for text in texts]

    def listed():
        """Positions whose moves are listed already (cached on them)."""
        states = positions()
        for state in states:
            game.moves(state)
        return states

    def children():
        return [game.apply(s, m) for s in positions() for m in game.moves(s)]
    passes = {
        "generate": (positions, lambda states: [list(game.generate(s)) for s in states]),
        "apply": (listed, lambda states: [game.apply(s, m) for s in states for m in game.moves(s)]),
        "judge": (children, lambda states: [game.judge(s) for s in states]),
        "evaluate": (positions, lambda states: [game.evaluate(s) for s in states]),
        "noisy_moves": (positions, lambda states: [game.noisy_moves(s) for s in states]),
    }
    times = {}
    for name, (prepare, work) in passes.items():
        copies, best = 1, None
        for _ in range(PASSES):
            states = prepare()
            start = clock()
            work(states)
            spent = clock() - start
            if best is None:
                copies = max(1, math.ceil(PASS_SECONDS / max(spent, 1e-6)))
                best = math.inf
                continue  # the first run only sizes the others
            best = min(best, spent / copies)
        times[name] = best
    nodes = 0
    start = clock()
    for text in texts[::SEARCH_SPACING]:
        searcher = boardgames.ai.Searcher(game, game.new(text), level=3, seed=7, nodes=SPEED_NODES)
        searcher.think()
        nodes += searcher.nodes
    times["search"] = clock() - start
    times["nodes"] = nodes
    return times


def compare_speed(before, now, rounds, only=None):
    """{case: (best times before, best times now)}, the engines alternating case by case."""
    from engine_speed import cpu_clock  # Node's CPU time under Pyodide, where process_time is wall time
    clock = cpu_clock()
    work = workload(now, only)
    best = {case: ({}, {}) for case in work}
    for round_number in range(rounds):
        for case, (game_id, options, texts) in work.items():
            order = (0, 1) if round_number % 2 == 0 else (1, 0)
            for which in order:
                found = timings((before, now)[which], game_id, options, texts, clock)
                kept = best[case][which]
                for key, value in found.items():
                    kept[key] = min(kept.get(key, value), value)
    return best


def speed_report(best, game_ids=()):
    """Lines: per case, nodes/s before and now, and before/now CPU time of each measure
    (above 1: faster now), with geometric means over all the cases and over one per
    game (the cases named by `game_ids`, each game at its default options)."""
    columns = ("search",) + HOT_PATHS
    lines = ["| case | nodes/s before | nodes/s now | " + " | ".join(columns) + " |",
             "|---" * (3 + len(columns)) + "|"]
    ratios = {c: [] for c in columns}
    for case, (a, b) in best.items():
        for c in columns:
            ratios[c].append(a[c] / b[c])
        lines.append(f"| {case} | {a['nodes'] / a['search']:,.0f} | {b['nodes'] / b['search']:,.0f} | "
                     + " | ".join(f"{ratios[c][-1]:.2f}" for c in columns) + " |")
    means = [f"{math.exp(sum(map(math.log, r)) / len(r)):.2f}" for r in ratios.values()]
    lines.append("| geometric mean | | | " + " | ".join(means) + " |")
    games = [number for number, case in enumerate(best) if case in game_ids]
    if 1 < len(games) < len(best):
        means = [f"{math.exp(sum(math.log(r[n]) for n in games) / len(games)):.2f}" for r in ratios.values()]
        lines.append(f"| geometric mean, the {len(games)} games | | | " + " | ".join(means) + " |")
    return lines


def pyodide_speed(commit, rounds, only):
    """Runs this script under Pyodide with --before-py: COMMIT's engine unpacked under
    .cache/ (inside the repository, which pyodide_run.mjs mounts)."""
    into = os.path.join(ROOT, ".cache", "compare_engine")
    shutil.rmtree(into, ignore_errors=True)
    os.makedirs(into)
    command = ["node", os.path.join(TOOLS, "pyodide_run.mjs"), os.path.abspath(__file__),
               "--before-py", export_commit(commit, into), "--rounds", str(rounds)]
    subprocess.run(command + (["--cases", *only] if only else []), check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", metavar="COMMIT", help="compare with this commit's engine")
    parser.add_argument("--write", action="store_true", help=f"rewrite {os.path.relpath(TABLE, ROOT)}")
    parser.add_argument("--rounds", type=int, default=5,
                        help="speed runs per engine (best kept; 0: none)")
    parser.add_argument("--cases", nargs="+", metavar="CASE",
                        help="time only these cases, e.g. tablut 'vault size=6'")
    parser.add_argument("--pyodide", action="store_true",
                        help="time the speed in Pyodide under Node rather than in this Python")
    parser.add_argument("--before-py", metavar="DIR", help=argparse.SUPPRESS)  # --pyodide's child
    args = parser.parse_args()
    now = engine()
    if args.before_py:
        from engine_speed import interpreter
        before = engine(args.before_py, "boardgames_before")
        print(f"speed in {interpreter()}: CPU time before / now, best of {args.rounds} rounds "
              "(above 1: faster now)", flush=True)
        print("\n".join(speed_report(compare_speed(before, now, args.rounds, args.cases), now.GAME_IDS)))
        return
    if args.write:
        with open(TABLE, "w") as f:
            f.write(table_text(hash_rows(all_records(now))))
        print(f"wrote {os.path.relpath(TABLE, ROOT)}")
    if not args.against:
        return
    with tempfile.TemporaryDirectory() as tmp:
        before = engine(export_commit(args.against, tmp), "boardgames_before")
    found = all_records(now, scripted=True)
    difference = first_difference(all_records(before, scripted=True), found)
    count = sum(len(items) for kinds in found.values() for items in kinds.values())
    print(f"answers: {len(found)} cases, {count} records: "
          + (f"identical to {args.against}" if difference is None else "DIFFERENT\n" + difference))
    if args.rounds and args.pyodide:
        sys.stdout.flush()
        pyodide_speed(args.against, args.rounds, args.cases)
    elif args.rounds:
        print(f"speed: CPU time before / now, best of {args.rounds} rounds (above 1: faster now)")
        print("\n".join(speed_report(compare_speed(before, now, args.rounds, args.cases), now.GAME_IDS)))
    if difference is not None:
        sys.exit(1)


if __name__ == "__main__":
    main()
