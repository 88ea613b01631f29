"""Tune a game's evaluation weights on the computer's own games: Texel's method.

A game opts in by declaring `weights` (feature -> int, White's side) and `features(state)`
(core.Game).  The tool plays seeded games between Casual-strength searches on a node
budget (after a few random plies, so the games differ), keeps every quiet position the
weights rate (no capture or other noisy move for the side to move; `features` not None)
with the game's result (White wins 1, Black wins 0, a draw 0.5; a game still going at the
ply cap is left out), and fits the weights w of

    P(White wins) = 1 / (1 + exp(-K * features . w))

to the results by least squares with numpy (Texel's loss), K first fitted to the weights
as they are, the first weight held (it sets the scale: 100 = a man), and a pull towards
the current weights so that few games cannot send a weight wild, as strong as predicts
one half of the training games best from the other (cross-validation).  Games with an
even seed train, odd ones check.  Weights that predict the checking games better then
play the current ones, both at the Strong level on the arena's budgets (tools/arena.py;
--match rounds of two games from Beginner openings, colours swapped: 40 games), and are
written between the markers in the game's module only when they score more than half: a
better fit of Casual games' results is not yet a stronger player (confirm a written table
on another seed, `tools/arena.py --pairs 3-3 --weights`, before it lands).  The same seed
gives the same games and weights.

    python3 tools/tune_weights.py --games tablut              # 160 games, written if better
    python3 tools/tune_weights.py --games tablut --count 40 --dry-run
    python3 tools/tune_weights.py --games vut-extinction --match-plies 400
"""

import argparse
import os
import re
import sys
from multiprocessing import Pool

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))

import arena  # noqa: E402  (the match of the tuned weights against the current ones)
from boardgames import GAME_IDS, get_game  # noqa: E402
from fit_win_chance import casual_game  # noqa: E402  (Casual-strength games, as for the curves)

# The strengths of the pull towards the current weights (on the logit per unit of a
# feature's spread) that are tried; the one that predicts held-back games best is taken.
PRIORS = (0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1.0)
STEPS = 3000
# A module's weights: `NAME = {...}` between markers, the begin marker naming the game
# where a module holds several games' tables ("# -- weights begin vut-royal --").
MARKERS = re.compile(r"(# -- weights begin(?: ([\w-]+))? --\n)(\w+) = \{.*?(# -- weights end --\n)", re.S)


def tunable(game_id):
    return bool(get_game(game_id).weights)


def quiet_features(game, state, searcher):
    """The features of a position the weights rate and no capture disturbs, else None."""
    found = game.features(state)
    return found if found is not None and not game.noisy_moves(state) else None


def play_one(task):
    """([features of each quiet rated position], the game's result for White)."""
    game_id, seed = task
    return casual_game(game_id, seed, quiet_features)


def texel_loss(x, y, w, k):
    return float(np.mean((y - 1 / (1 + np.exp(-k * (x @ w)))) ** 2))


K_RANGE = (1e-4, 0.1)


def fit_k(x, y, w):
    """Texel's scaling constant: the K that best predicts the results with weights `w`
    (at the low end of K_RANGE when the results do not follow the evaluation at all)."""
    ks = np.geomspace(*K_RANGE, 400)
    return float(ks[int(np.argmin([texel_loss(x, y, w, k) for k in ks]))])


def fit_weights(x, y, w0, k, prior):
    """Weights (the first held at w0[0]) minimizing Texel's loss plus the pull towards w0
    (`prior`), by Adam on each feature's pull on the logit per unit of its spread."""
    scale = x.std(axis=0) + 1e-9
    z = x / scale
    u0 = k * w0 * scale
    u = u0.copy()
    free = np.ones_like(u)
    free[0] = 0
    m = s = np.zeros_like(u)
    for step in range(1, STEPS + 1):
        p = 1 / (1 + np.exp(-(z @ u)))
        grad = (-2 * ((y - p) * p * (1 - p)) @ z / len(y) + 2 * prior * (u - u0)) * free
        m = 0.9 * m + 0.1 * grad
        s = 0.999 * s + 0.001 * grad * grad
        u = u - 0.01 * (m / (1 - 0.9 ** step)) / (np.sqrt(s / (1 - 0.999 ** step)) + 1e-12)
    return u / (k * scale)


def choose_prior(folds, w0, k):
    """The pull (PRIORS) whose weights, fitted on one of the two `folds` ((x, y) of half the
    training games each), predict the other best: features that go together (a pawn count
    and the pawns' advance) let a light pull fit a few hundred games' chance."""
    losses = [sum(texel_loss(*folds[1 - i], fit_weights(*folds[i], w0, k, prior), k) for i in (0, 1))
              for prior in PRIORS]
    return PRIORS[int(np.argmin(losses))]


def with_weights(text, weights, game_id=None):
    """A module's `text` with the weights between the markers (those naming `game_id`, or
    the unnamed ones) replaced by `weights`."""
    blocks = [m for m in MARKERS.finditer(text) if m.group(2) in (game_id, None)]
    if not blocks:
        named = f" {game_id}" if game_id else ""
        raise ValueError(f"no '# -- weights begin{named} --' / '# -- weights end --' markers")
    block = blocks[0]
    name = block.group(3)
    items = [f'"{key}": {value}' for key, value in weights.items()]
    lines, line = [], f"{name} = {{"
    for i, item in enumerate(items):
        piece = item + ("}" if i == len(items) - 1 else ", ")
        if len(line) + len(piece) > 100:
            lines.append(line.rstrip())
            line = " " * (len(name) + 4)
        line += piece
    table = "\n".join(lines + [line]) + "\n"
    return text[:block.start()] + block.group(1) + table + block.group(4) + text[block.end():]


def write_weights(game, weights):
    """Rewrite the game's weights in the module that defines it; returns its path."""
    path = sys.modules[type(game).__module__].__file__
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(with_weights(text, weights, game.id))
    return path


def match(game_id, weights, rounds, seed, workers, plies=160):
    """The games of `weights` (the first player) against the game's own, both Strong on the
    arena's budgets, adjudicated after `plies`: arena.summarize's (wins, draws, losses,
    score, low, high)."""
    tasks = arena.match_tasks([game_id], [(3, 3)], rounds, seed=f"tune {seed}", max_plies=plies,
                              weights={game_id: weights})
    with Pool(workers) as pool:
        return arena.summarize([result[1] for result in pool.map(arena.play_game, tasks)])


def tune(game_id, count, seed, workers, dry_run, match_rounds, match_plies):
    game = get_game(game_id)
    names = list(game.weights)
    tasks = [(game_id, seed * 10000 + i) for i in range(count)]
    with Pool(workers) as pool:
        games = pool.map(play_one, tasks)
    sets = {part: ([], []) for part in range(4)}  # seed % 4: (features, results); 0 and 2 train, 1 and 3 check
    for (rated, outcome), (_, game_seed) in zip(games, tasks):
        if outcome is not None:
            features, results = sets[game_seed % 4]
            features += [[found[name] for name in names] for found in rated]
            results += [outcome] * len(rated)
    folds = [(np.array(sets[part][0], dtype=float).reshape(-1, len(names)), np.array(sets[part][1], dtype=float))
             for part in range(4)]
    (x, y), (x_check, y_check) = (tuple(map(np.concatenate, zip(folds[a], folds[b]))) for a, b in ((0, 2), (1, 3)))
    finished = sum(outcome is not None for _, outcome in games)
    w0 = np.array([game.weights[name] for name in names], dtype=float)
    k = fit_k(x, y, w0)
    print(f"{game_id}: {finished} of {count} games finished, White scored {np.mean(y):.0%}; "
          f"{len(y)} training and {len(y_check)} checking positions; K {k:.5f}")
    if k <= K_RANGE[0] * 1.01:
        print("  not tuned: the results do not follow the evaluation (one side wins whatever it says)")
        return
    prior = choose_prior((folds[0], folds[2]), w0, k)
    w = np.round(fit_weights(x, y, w0, k, prior)).astype(int)
    w[0] = int(w0[0])
    before, after = texel_loss(x_check, y_check, w0, k), texel_loss(x_check, y_check, w, k)
    print(f"  pull {prior:g} (cross-validated); checking loss {before:.5f} -> {after:.5f}")
    for name, old, new in zip(names, w0, w):
        print(f"  {name:>15}: {old:6.0f} -> {new:6d}")
    if dry_run:
        return
    if after >= before:
        print("  not written: the checking games are not predicted better")
        return
    tuned = dict(zip(names, map(int, w)))
    wins, draws, losses, score, low, high = match(game_id, tuned, match_rounds, seed, workers, match_plies)
    print(f"  tuned against current, level 3: {wins}-{draws}-{losses}, {score:.0%} ({low:.0%}-{high:.0%}), "
          f"Elo {arena.elo(score):+.0f}")
    if score > 0.5:
        print(f"  written into {os.path.relpath(write_weights(game, tuned), ROOT)}")
    else:
        print("  not written: the tuned weights do not play better")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=[g for g in GAME_IDS if tunable(g)],
                        choices=[g for g in GAME_IDS if tunable(g)])
    parser.add_argument("--count", type=int, default=160, help="games per game, half to train, half to check")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--dry-run", action="store_true", help="print the weights, write nothing")
    parser.add_argument("--match", type=int, default=20, help="rounds (two games each) of tuned against current")
    parser.add_argument("--match-plies", type=int, default=160,
                        help="the match's ply cap (the arena's; 400 for extermination and extinction)")
    args = parser.parse_args(argv)
    for game_id in args.games:
        tune(game_id, args.count, args.seed, args.workers, args.dry_run, args.match, args.match_plies)


if __name__ == "__main__":
    main()
