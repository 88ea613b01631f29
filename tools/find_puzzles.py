"""Find "win in N" puzzles (N = 1, 2, 3) in positions from computer games, and write
py/boardgames/puzzles.txt.

For each game the tool plays seeded games between the Beginner and Casual levels (node
budgets, so every game is reproducible).  It looks at every position of them, and near
the end of a decided game also at the positions after each other move the losing side
could have made (a longer defence is where wins in 2 and 3 hide):

1. win in 1, everywhere: every move is tried (exact); one winning move makes a puzzle.
2. win in 2, near the end: the prover (boardgames.puzzles.Prover, an exhaustive AND/OR
   search with a transposition table) asks whether a win within 2 exists, then which
   moves win; exactly one makes a puzzle.
3. win in 3, near the end, where the project's search (boardgames.ai, level 4 on a
   node budget) sees a forced win or a clear lead and the prover shows its move wins
   within 3 on a small budget; then the prover as for 2.

A position counts for the fewest N in which it is won, and only when exactly one first
move wins within that N.  Proofs are bounded by node limits; a candidate that needs
more is skipped.  The replies in the solution are the defences that resist longest
(the most solver moves still needed, then the largest proof), the solver's later moves
the first the prover finds.

Difficulty (the order within a game): N, then the lowest level (1 Beginner .. 4 Expert,
5 none) whose search on its arena node budget plays the key move for three seeds, then
the number of prover nodes the proof of uniqueness took.  Left out as near-duplicates:
the same men around the solution's cells moved the same way (up to a shift, a mirror
image or the colours swapped), the same solver moves as another puzzle, the same first
move in one computer game, more than PER_RECORD puzzles of one N from one computer
game, and one inside another's line.

Work is kept per game in puzzle-work/ (git-ignored): the tool resumes where it stopped
(a game's time budget counts what was spent before), and the table is rebuilt from
all the work at the end of every run.

    nice -n 10 python3 tools/find_puzzles.py                  # every game, then the table
    nice -n 10 python3 tools/find_puzzles.py --games vut tablut --minutes 20
    python3 tools/find_puzzles.py --write-only                # just rebuild the table
"""

import argparse
import json
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))

from boardgames import GAME_IDS  # noqa: E402
from boardgames.ai import WIN, WIN_BOUND, Searcher, choose_move  # noqa: E402
from boardgames.grid import parse_cell_name  # noqa: E402
from boardgames.puzzles import (HEADER, PUZZLE_FILE, OutOfNodes, Prover, Puzzle,  # noqa: E402
                                game_from_spec, spec_of)

WORK = os.path.join(ROOT, "puzzle-work")
LEVEL_NODES = {1: 1000, 2: 1600, 3: 6000, 4: 16000}  # tools/arena.py's DEFAULT_NODES when the puzzles were found
PAIRS = ((1, 2), (2, 1), (1, 1), (2, 2))  # (White, Black) levels, in turn by record
OPENING_PLIES = 4

SCREEN_NODES = 1500  # the level-4 search that screens positions for a win in 3 ...
SCREEN_LEAD = 300  # ... must see a forced win or at least this lead (3 men)
SCREEN_PROOF = 10_000  # prover nodes to check the search's move wins within 3
NEAR_END = 16  # plies before a game's end where wins in 2 and 3 are looked for
VARIATION_TAIL = 4  # plies before the end where the loser's other moves are looked at too
PROOF_LIMIT = {1: 50_000, 2: 60_000, 3: 400_000}  # prover nodes per candidate position
FINDER_SEEDS = (0, 1, 2)
PER_GAME = 12  # puzzles written per game
WANTED = {1: 4, 2: 4, 3: 4}  # of which, ideally, with N = 1, 2, 3
SPARE = 3  # candidates beyond WANTED to collect per N before a game is done
PER_RECORD = 2  # puzzles of one N from one computer game at most


def default_specs():
    """Every game by its spec; games with options on their default (Vault: vault:10)."""
    return [spec_of(game_from_spec(game_id)) for game_id in GAME_IDS]


# -- computer games -------------------------------------------------------------------

def play_record(game, spec, number):
    """The states of one seeded computer game, after a few Beginner opening plies."""
    rng = random.Random(f"{spec}/{number}")
    white, black = PAIRS[number % len(PAIRS)]
    state = game.new()
    states = [state]
    for ply in range(game.ply_cap):
        if game.result(state) is not None:
            break
        level = 1 if ply < OPENING_PLIES else (white if state.turn == "w" else black)
        state = game.play(state, choose_move(game, state, level=level, nodes=LEVEL_NODES[level],
                                             seed=rng.randrange(2**31)))
        states.append(state)
    return states


# -- puzzles from positions ------------------------------------------------------------

def may_win_in_3(game, state):
    """The cheap screen before a win in 3 is searched for exhaustively: the level-4
    search on SCREEN_NODES names a move and sees a forced win or a clear lead, and the
    prover shows that this one move wins within 3 (on a small node budget)."""
    searcher = Searcher(game, state, level=4, nodes=SCREEN_NODES, seed=0)
    searcher.think()
    score = searcher.score
    if not (WIN - score <= 6 if score >= WIN_BOUND else score >= SCREEN_LEAD):
        return False
    try:
        return Prover(game, node_limit=SCREEN_PROOF).move_wins(state, searcher.best_move, 3)
    except OutOfNodes:
        return False


def classify(game, state, near_end):
    """(N, key move, proof nodes) when `state` is a puzzle, else None.

    A position whose side to move wins within N moves in more than one way, for the
    fewest such N, is no puzzle; nor is one won only in more than 3 moves, or one whose
    proof needs more than the node limit.  Wins in 2 and 3 are looked for only in
    positions `near_end` of a game (before, these players hardly ever leave one), wins
    in 3 only where may_win_in_3 lets them through."""
    for n in (1, 2, 3):
        if n > 1 and not near_end or n == 3 and not may_win_in_3(game, state):
            return None
        prover = Prover(game, node_limit=PROOF_LIMIT[n])
        try:
            if not prover.wins_within(state, n):
                continue
            winners = prover.winning_moves(state, n)
        except OutOfNodes:
            return None
        return (n, winners[0], prover.nodes) if len(winners) == 1 else None
    return None


def finder_level(game, state, key):
    """The lowest level whose search plays `key` for every one of FINDER_SEEDS (5: none)."""
    for level in (1, 2, 3, 4):
        if all(choose_move(game, state, level=level, nodes=LEVEL_NODES[level], seed=seed) == key
               for seed in FINDER_SEEDS):
            return level
    return 5


def likeness(candidate):
    """What makes two candidates near-duplicates: the same pattern, the same moves of
    the solver (the king walking e7-e6-e5 in one game after another), or the same first
    move in the same computer game (two answers to one attack)."""
    return (candidate["pattern"], " ".join(candidate["solution"][::2]),
            (candidate["record"], candidate["solution"][0]))


def pattern(game, state, line):
    """What a puzzle looks like up to a shift or mirror image: the men in the box
    around the cells the line moves through, and the line's steps, relative to the box.
    Two puzzles with the same pattern are near-duplicates."""
    men = game.men(state)
    cells = [c for move in line for c in game.move_cells(move)]
    coords = [parse_cell_name(c) for c in cells]
    f0, f1 = min(f for f, _ in coords) - 1, max(f for f, _ in coords) + 1
    r0, r1 = min(r for _, r in coords) - 1, max(r for _, r in coords) + 1
    box = [(f - f0, r - r0, man) for name, man in men.items()
           for f, r in [parse_cell_name(name)] if f0 <= f <= f1 and r0 <= r <= r1]
    steps = [tuple(b - a for a, b in zip(parse_cell_name(x), parse_cell_name(y)))
             for x, y in map(game.move_cells, line)]
    width, height = f1 - f0, r1 - r0
    variants = []
    for mirror in (False, True):
        for flip in (False, True):
            def fx(f, mirror=mirror):
                return width - f if mirror else f

            def ry(r, flip=flip):
                return height - r if flip else r
            variants.append((tuple(sorted((fx(f), ry(r), man.swapcase() if flip else man)
                                          for f, r, man in box)),
                             tuple((-df if mirror else df, -dr if flip else dr) for df, dr in steps)))
    return repr(min(variants))


# -- per-game work, resumable -------------------------------------------------------------

def work_path(spec):
    return os.path.join(WORK, spec.replace(":", "-") + ".json")


def load_work(spec):
    path = work_path(spec)
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    return {"spec": spec, "records": 0, "seconds": 0.0, "positions": 0, "candidates": []}


def save_work(work):
    os.makedirs(WORK, exist_ok=True)
    path = work_path(work["spec"])
    with open(path + ".tmp", "w") as f:
        json.dump(work, f, indent=1)
    os.replace(path + ".tmp", path)


def counts_by_n(candidates):
    counts = {1: 0, 2: 0, 3: 0}
    for c in candidates:
        counts[c["n"]] += 1
    return counts


def enough(candidates):
    counts = counts_by_n(candidates)
    return all(counts[n] >= WANTED[n] + SPARE for n in WANTED)


def positions(game, states):
    """(ply, fresh state, near the end) of every position worth a look in one
    computer game: its own positions from the opening on, and near its end the
    positions after each other move the losing side could have made (a longer
    defence there is where wins in 3 are)."""
    last = len(states) - 1
    for ply, state in enumerate(states):
        if ply < OPENING_PLIES or game.result(state) is not None:
            continue
        yield ply, game.new(fen=game.fen(state)), last - ply <= NEAR_END
    outcome = game.result(states[-1])
    if outcome is None or outcome["winner"] is None:
        return
    for ply in range(last - 2, max(OPENING_PLIES, last - VARIATION_TAIL) - 1, -2):
        state = states[ply]
        played = game.fen(states[ply + 1])
        for move in game.legal(state):
            after = game.apply(state, move)
            if game.result(after) is None and game.fen(after) != played:
                yield ply + 1, game.new(fen=game.fen(after)), True


def scan_record(game, spec, number, work, log):
    """Add puzzles from one computer game to the work: at most PER_RECORD per N, none
    inside another's line (a win in 1 at the end of a win in 3 is the same puzzle; two
    answers to one position are not), none like one already there, and none of an N
    that has enough.  A puzzle starts from
    its position text alone (a fresh history)."""
    states = play_record(game, spec, number)
    found = []
    for ply, fresh, near_end in positions(game, states):
        work["positions"] += 1
        puzzle = classify(game, fresh, near_end)
        if puzzle is not None:
            found.append((ply, fresh) + puzzle)
    seen = {key for c in work["candidates"] for key in likeness(c)}
    counts = counts_by_n(work["candidates"])
    kept = []
    for ply, fresh, n, key, nodes in sorted(found, key=lambda f: (-f[2], f[0])):
        if counts[n] + sum(k["n"] == n for k in kept) >= WANTED[n] + SPARE or sum(
                k["n"] == n for k in kept) >= PER_RECORD or any(
                ply < k["ply"] + 2 * k["n"] and k["ply"] < ply + 2 * n and k["ply"] != ply
                for k in kept):
            continue
        line = Prover(game).solution(fresh, key, n)
        candidate = {"n": n, "position": game.fen(fresh), "solution": line, "nodes": nodes,
                     "record": number, "ply": ply, "pattern": pattern(game, fresh, line)}
        if seen.intersection(likeness(candidate)):
            continue
        seen.update(likeness(candidate))
        candidate["finder"] = finder_level(game, fresh, key)
        kept.append(candidate)
        log(f"  record {number} ply {ply}: win in {n}: {' '.join(line)} "
            f"(level {kept[-1]['finder']}, {nodes} nodes)")
    work["candidates"] += kept


def find(spec, minutes, max_records, log):
    game = game_from_spec(spec)
    work = load_work(spec)
    if work.get("done"):
        log(f"{spec}: done before ({counts_by_n(work['candidates'])} by N)")
        return work
    start = time.perf_counter()
    base = work["seconds"]
    while not enough(work["candidates"]) and work["records"] < max_records:
        spent = base + time.perf_counter() - start
        if spent > minutes * 60:
            break
        scan_record(game, spec, work["records"], work, log)
        work["records"] += 1
        work["seconds"] = base + time.perf_counter() - start
        save_work(work)
        log(f"{spec}: {work['records']} records, {work['positions']} positions, "
            f"{work['seconds']:.0f} s, candidates by N {counts_by_n(work['candidates'])}")
    work["done"] = enough(work["candidates"]) or work["records"] >= max_records
    save_work(work)
    return work


# -- the table ----------------------------------------------------------------------------

def select(candidates):
    """Up to PER_GAME puzzles: WANTED of each N where there are, the rest filled from the
    other Ns (higher first), each N easiest first; returned in difficulty order."""
    def difficulty(c):
        return (c["n"], c["finder"], c["nodes"], c["position"])

    seen, distinct = set(), []
    for c in sorted(candidates, key=lambda c: (c["record"], c["ply"])):
        if not seen.intersection(likeness(c)):
            seen.update(likeness(c))
            distinct.append(c)
    by_n = {n: sorted((c for c in distinct if c["n"] == n), key=difficulty) for n in WANTED}
    chosen = [c for n in WANTED for c in by_n[n][:WANTED[n]]]
    spare = sorted((c for n in WANTED for c in by_n[n][WANTED[n]:]), key=lambda c: -c["n"])
    chosen += spare[:max(0, PER_GAME - len(chosen))]
    return sorted(chosen, key=difficulty)


def write_table(specs, log):
    lines = [" | ".join(HEADER),
             "# Win-in-N puzzles, written by tools/find_puzzles.py (do not edit by hand: rerun it).",
             "# Per game, easiest first: by N, then the lowest AI level that finds the first",
             "# move, then the size of the proof that it is the only move winning within N."]
    total = 0
    for spec in specs:
        work = load_work(spec)
        chosen = select(work["candidates"])
        counts = counts_by_n(chosen)
        lines.append(f"# {spec}: {len(chosen)} puzzles (win in 1: {counts[1]}, in 2: {counts[2]}, "
                     f"in 3: {counts[3]})")
        game = game_from_spec(spec)
        for c in chosen:
            start = game.new(fen=c["position"])
            line = Prover(game).solution(start, c["solution"][0], c["n"])  # as the module plays it
            lines.append(Puzzle(spec, c["position"], line, c["n"]).row())
        total += len(chosen)
        log(f"{spec}: {len(chosen)} puzzles {counts}")
    with open(PUZZLE_FILE, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    log(f"wrote {total} puzzles to {os.path.relpath(PUZZLE_FILE, ROOT)}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=default_specs(),
                        help="game specs (default: every game, Vault on its default size)")
    parser.add_argument("--minutes", type=float, default=10, help="search time per game")
    parser.add_argument("--records", type=int, default=200, help="computer games per game at most")
    parser.add_argument("--write-only", action="store_true", help="only write the table")
    args = parser.parse_args(argv)

    def log(text):
        print(text, flush=True)

    if not args.write_only:
        started = time.perf_counter()
        for spec in args.games:
            find(spec, args.minutes, args.records, log)
        log(f"searched for {time.perf_counter() - started:.0f} s")
    write_table(default_specs(), log)


if __name__ == "__main__":
    main()
