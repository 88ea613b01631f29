"""Fit each game's win-chance curve (boardgames/analysis.py's CURVES) to the computer's
own games, lichess's way from centipawns to Win%.

For each game the tool plays seeded games between Casual-strength searches on a node
budget (after a few random plies, so the games differ), keeps every position's search
score from White's side and the game's result (White wins 1, Black wins 0, a draw 0.5;
a game still going at the ply cap is left out), and fits k and b of
P(White wins) = 1 / (1 + exp(-(k * score + b))) by logistic regression with numpy
(Newton's method on the log-loss; forced wins are left out, since the curve does not rate
them).  `b` is needed: the evaluations of games whose sides differ are not even at 0
(Tablut's counts Black's 16 men against White's 9).  The curves are written between the
markers in py/boardgames/analysis.py.  The same seed gives the same games and curves.

    python3 tools/fit_win_chance.py                    # every game, 24 games each
    python3 tools/fit_win_chance.py --games tablut --count 8 --dry-run
"""

import argparse
import os
import random
import re
import sys
from multiprocessing import Pool

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))

from boardgames import GAME_IDS, get_game  # noqa: E402
from boardgames.ai import WIN_BOUND, Searcher  # noqa: E402

ANALYSIS = os.path.join(ROOT, "py", "boardgames", "analysis.py")
NODES = 1600  # per move: the Casual level on the arena's budgets (tools/arena.py)
RANDOM_PLIES = 4
PLY_CAP = 240
DEFAULT = (0.004, 0.0)  # boardgames.analysis.DEFAULT_CURVE
PRIOR = 20.0  # pseudo-games' weight of the prior
K_RANGE = (0.0005, 0.05)


def casual_game(game_id, seed, look, scored=False):
    """One seeded game between Casual-strength searches after RANDOM_PLIES random plies:
    (what `look(game, state, searcher)` found at each searched position, None answers left
    out; the result for White: 1, 0 or 0.5 for a draw, None for a game still going at the
    ply cap, whose result nobody knows).  tools/tune_weights.py plays its games so too."""
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.new()
    found = []
    for ply in range(PLY_CAP):
        if game.result(state) is not None:
            break
        if ply < RANDOM_PLIES:
            move = rng.choice(sorted(game.legal(state)))
        else:
            searcher = Searcher(game, state, level=3, seed=seed * 1000 + ply, nodes=NODES, scored=scored)
            searcher.think()
            seen = look(game, state, searcher)
            if seen is not None:
                found.append(seen)
            move = searcher.best_move
        state = game.play(state, move)
    result = game.result(state)
    if result is None:
        return found, None
    return found, 0.5 if result["winner"] is None else float(result["winner"] == "white")


def white_score(game, state, searcher):
    """The search's score from White's side; None for a forced win, which no curve rates."""
    if abs(searcher.score) >= WIN_BOUND:
        return None
    return searcher.score if state.turn == "w" else -searcher.score


def play_one(task):
    """(White's scores at each position, the game's result for White)."""
    game_id, seed = task
    return casual_game(game_id, seed, white_score, scored=True)


def fit_curve(scores, outcomes):
    """(k, b) of 1 / (1 + exp(-(k x + b))) that best predict `outcomes` from `scores`
    (logistic regression by damped Newton steps, with a prior of PRIOR pseudo-games
    pulling towards the default curve, so games that seldom end or that one side nearly
    always wins still get a sane curve), k kept within K_RANGE: a man more never lowers
    the chance."""
    x = np.column_stack([np.asarray(scores, dtype=float), np.ones(len(scores))])
    y = np.asarray(outcomes, dtype=float)
    prior = np.array(DEFAULT)
    scale = np.array([1 / DEFAULT[0] ** 2, 1.0])  # the prior's weight per parameter
    w = prior.copy()
    for _ in range(200):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -50, 50)))
        gradient = x.T @ (p - y) + PRIOR * scale * (w - prior)
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + PRIOR * np.diag(scale)
        step = np.linalg.solve(hessian, gradient)
        w -= step / max(1.0, np.abs(step / np.array([DEFAULT[0], 1.0])).max())  # at most a default's size a step
        w[0] = min(max(w[0], K_RANGE[0]), K_RANGE[1])
        if np.abs(step).max() < 1e-10:
            break
    return float(w[0]), float(w[1])


def fit_game(pool, game_id, count, seed):
    scores, outcomes = [], []
    results = pool.map(play_one, [(game_id, seed + number) for number in range(count)])
    for game_scores, outcome in results:
        if outcome is not None:
            scores += game_scores
            outcomes += [outcome] * len(game_scores)
    decided = sum(outcome not in (None, 0.5) for _, outcome in results)
    if not scores:
        return DEFAULT, 0, 0
    return fit_curve(scores, outcomes), len(scores), decided


def write_curves(slopes):
    with open(ANALYSIS, encoding="utf-8") as f:
        text = f.read()
    table = "CURVES = {\n" + "".join(f'    "{game_id}": ({k:.6f}, {b:.4f}),\n'
                                      for game_id, (k, b) in sorted(slopes.items())) + "}\n"
    text = re.sub(r"(# fitted slopes: begin\n).*?(# fitted slopes: end)", lambda m: m.group(1) + table + m.group(2),
                  text, flags=re.S)
    with open(ANALYSIS, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="*", default=list(GAME_IDS))
    parser.add_argument("--count", type=int, default=24, help="games played per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dry-run", action="store_true", help="print the slopes, write nothing")
    args = parser.parse_args()
    from boardgames.analysis import CURVES
    curves = dict(CURVES)
    with Pool() as pool:
        for game_id in args.games:
            (k, b), positions, decided = fit_game(pool, game_id, args.count, args.seed)
            curves[game_id] = (k, b)
            print(f"{game_id:14} k={k:.6f} b={b:+.3f}  (even score: {2 / (1 + np.exp(-b)) - 1:+.2f}, a man up: "
                  f"{2 / (1 + np.exp(-100 * k - b)) - 1:+.2f} on [-1, 1]; "
                  f"{positions} positions, {decided}/{args.count} games decided)", flush=True)
    if not args.dry_run:
        write_curves(curves)


if __name__ == "__main__":
    main()
