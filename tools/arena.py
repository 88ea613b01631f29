"""Matches between AI levels (or a random mover, or OpenSpiel's MCTS) on the registered games.

Each pair plays games in twos from the same opening (a few plies by the Beginner), colours
swapped, so neither side profits from a lucky opening or from moving first.  Players
search on node budgets, so every game is reproducible from the seed.  A game still
running after --max-plies is adjudicated by a fixed search.  Prints a markdown
table: wins/draws/losses of the first player, its score with a 95% confidence interval
and the Elo difference that score means, and how often a side that got CONVERT_LEAD men
ahead went on to win before the ply cap: its "converted" column counts the first side so
far ahead at a capture, its "held" column the first side still so far ahead after its
opponent's reply (or winning there), for a lead got in the middle of a trade and taken
back at once is no lead.

    python3 tools/arena.py --games tablut vut --pairs 2-random 2-1 3-2 --rounds 20

`mcts` is OpenSpiel's MCTS (random rollouts of at most MCTS_ROLLOUT plies, a position
still going counts as a draw) through the engine's OpenSpiel games (boardgames/openspiel.py),
given --mcts-time times the thinking time its opponent has used per move so far in the
game (before its opponent's first move, one timed search of the opponent's): it runs as
many simulations as fit, by its own rate on its previous move.

`--weights FILE` (JSON, {game id: {feature: weight}}) gives the first player of every pair
those evaluation weights instead of the game's own (core.Game.weights): tuned weights
against the current ones, e.g. `--pairs 3-3 --weights tuned.json`
(tools/tune_weights.py plays such matches itself).
"""

import argparse
import json
import math
import os
import random
import sys
import time
from multiprocessing import Pool

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "py"))

from boardgames import GAME_IDS, get_game  # noqa: E402
from boardgames.core import BLACK, OTHER, SIDE_NAMES, WHITE, men_lead  # noqa: E402
from boardgames.ai import LEVELS, Searcher, choose_move  # noqa: E402

# The levels' clock budgets in the page (ai.LEVELS) at NODES_PER_SECOND, so that a game
# takes seconds: about what each level searches in Pyodide on a slow phone.  (Before
# 2026-11-30 the Expert had 4 s: 16000 nodes.)
NODES_PER_SECOND = 4000
DEFAULT_NODES = {level: round(NODES_PER_SECOND * spec.seconds) for level, spec in LEVELS.items()}
Z95 = 1.959964
# A game still running at --max-plies is judged by a search of this many nodes: a side
# ahead by at least ADJUDICATION_MARGIN (100 = a man) wins, anything closer is a draw.
ADJUDICATION_NODES = 20000
ADJUDICATION_MARGIN = 300
# A side this many men ahead (on the board, any kind) should win outright: the table
# counts the games where one side got so far ahead first, and how many of them it won
# before the ply cap (issue "A computer that finishes its games").
CONVERT_LEAD = 3


OTHERS = ("random", "mcts")  # players that are not one of our levels
MCTS_ROLLOUT = 100  # plies
MCTS_UCT = 2.0


def parse_pair(text):
    """'2-random' -> (2, 'random'); '2-1' -> (2, 1); '3-mcts' -> (3, 'mcts')."""
    names = text.split("-")
    if len(names) != 2:
        raise argparse.ArgumentTypeError(f"a pair is like '2-random', '3-mcts' or '2-1', not {text!r}")
    return tuple(name if name in OTHERS else int(name) for name in names)


def parse_nodes(text):
    """'1=600,2=2000' -> {1: 600, 2: 2000} (merged over the defaults)."""
    budgets = dict(DEFAULT_NODES)
    for item in filter(None, text.split(",")):
        level, _, nodes = item.partition("=")
        budgets[int(level)] = int(nodes)
    return budgets


def choose(game, state, player, nodes, rng):
    if player == "random":
        return rng.choice(game.legal(state))
    return choose_move(game, state, level=player, nodes=nodes[player], seed=rng.randrange(2**31))


class MctsPlayer:
    """OpenSpiel's MCTS on a time budget: `factor` times its opponent's mean seconds per
    move (`opponent_seconds`, a list the game fills)."""

    def __init__(self, game_id, factor, seed, opponent_seconds):
        self.game_id, self.factor, self.opponent_seconds = game_id, factor, opponent_seconds
        self.rng = np.random.RandomState(seed)
        self.rate = None  # simulations per second, from its last move

    def budget(self, game, state, opponent, nodes, rng):
        if not self.opponent_seconds:  # the opponent has not moved yet: time one of its searches
            start = time.perf_counter()
            choose(game, state, opponent, nodes, rng)
            self.opponent_seconds.append(time.perf_counter() - start)
        return self.factor * float(np.mean(self.opponent_seconds))

    def choose(self, game, state, opponent, nodes, rng):
        from open_spiel.python.algorithms import mcts
        from boardgames.openspiel import openspiel_state
        seconds = self.budget(game, state, opponent, nodes, rng)
        position = openspiel_state(self.game_id, state)
        simulations = max(2, int(seconds * self.rate)) if self.rate else 10
        bot = mcts.MCTSBot(position.get_game(), MCTS_UCT, simulations,
                           mcts.RandomRolloutEvaluator(1, self.rng, max_length=MCTS_ROLLOUT),
                           random_state=self.rng, solve=True)
        start = time.perf_counter()
        action = bot.step(position)
        self.rate = simulations / max(time.perf_counter() - start, 1e-3)
        return position.action_to_string(position.current_player(), action)


def reweighted(game, weights):
    """`game` (a new instance, same options) whose evaluation uses `weights` (feature ->
    weight), not its class's."""
    cls = type(game)
    return type(cls.__name__, (cls,), {"weights": weights, "__module__": cls.__module__})(**game.chosen)


def adjudicate(game, state):
    """The winner ('white', 'black') of an unfinished game by a fixed search, or None."""
    searcher = Searcher(game, state, level=4, nodes=ADJUDICATION_NODES, seed=0)
    searcher.think()
    if abs(searcher.score) < ADJUDICATION_MARGIN:
        return None
    ahead = state.turn if searcher.score > 0 else OTHER[state.turn]
    return SIDE_NAMES[ahead]


def opening_position(game, plies, openings, seed):
    """The position a round starts from: `plies` moves by the Beginner (level 1 varies
    its play among moves within almost a man of the best), or by a random mover.

    Beginner openings differ from round to round without the blunders a random mover
    makes: in Tablut four random plies wreck Black's ring, and White then wins almost
    every game between good players, whoever they are.
    """
    rng = random.Random(seed)
    state = game.new()
    for _ in range(plies):
        if openings == "random":
            move = rng.choice(game.legal(state))
        else:
            move = choose_move(game, state, level=1, nodes=DEFAULT_NODES[1], seed=rng.randrange(2**31))
        after = game.play(state, move)
        if game.result(after) is not None:
            break
        state = after
    return state


def play_game(task):
    """One game; returns (task, score of the first player: 1, 0.5 or 0, White's score,
    plies, seconds, adjudicated, mean seconds per move of each player, converted and
    held: None if no side got CONVERT_LEAD men ahead (at a capture; still so after the
    opponent's reply, or winning there), else (whether the first to do so won before the
    cap, the ply it got so far ahead, whether it was the first player))."""
    (game_id, first, second, round_number, first_is_white, opening_plies, openings, seed, nodes,
     max_plies, mcts_time, weights) = task
    game = get_game(game_id)
    first_game = reweighted(game, weights[game_id]) if game_id in weights else game
    state = opening_position(game, opening_plies, openings, f"{seed}/{game_id}/{round_number}")
    white, black = (first, second) if first_is_white else (second, first)
    rng = random.Random(f"{seed}/{game_id}/{round_number}/{first_is_white}")
    thought = {"w": [], "b": []}  # seconds per move of each side
    mcts_players = {side: MctsPlayer(game_id, mcts_time, rng.randrange(2**31), thought[OTHER[side]])
                    for side, player in (("w", white), ("b", black)) if player == "mcts"}
    start = time.perf_counter()
    plies = 0
    leads = []  # White's lead in men after each ply
    while game.result(state) is None and plies < max_plies:
        side = state.turn
        player, opponent = (white, black) if side == "w" else (black, white)
        clock = time.perf_counter()
        if side in mcts_players:
            move = mcts_players[side].choose(game, state, opponent, nodes, rng)
        else:
            move = choose(first_game if (side == "w") == first_is_white else game, state, player, nodes, rng)
        thought[side].append(time.perf_counter() - clock)
        state = game.play(state, move)
        plies += 1
        leads.append(men_lead(game, state) if state.last[1] or not leads else leads[-1])
    adjudicated = game.result(state) is None
    winner = adjudicate(game, state) if adjudicated else game.result(state)["winner"]
    first_side = "white" if first_is_white else "black"
    score = 0.5 if winner is None else float(winner == first_side)
    white_score = 0.5 if winner is None else float(winner == "white")
    first_moves = thought["w" if first_is_white else "b"]
    second_moves = thought["b" if first_is_white else "w"]
    return (task, score, white_score, plies, time.perf_counter() - start, adjudicated,
            float(np.mean(first_moves or [0])), float(np.mean(second_moves or [0])),
            *(None if lead is None else (not adjudicated and winner == lead[0], lead[1], lead[0] == first_side)
              for lead in first_leads(leads, not adjudicated)))


def first_leads(leads, finished):
    """The first side CONVERT_LEAD men ahead and the ply it got so: at a capture, and still
    so after its opponent's reply (or the game over there); each None if there is none.
    `leads`: White's lead in men after each ply (the first ply is 1), `finished`: the
    game ended at its last ply rather than at the cap."""
    ahead = [(ply, lead) for ply, lead in enumerate(leads, 1) if abs(lead) >= CONVERT_LEAD]
    held = [(ply, lead) for ply, lead in ahead
            if ply < len(leads) and leads[ply] * lead > 0 and abs(leads[ply]) >= CONVERT_LEAD
            or ply == len(leads) and finished]
    return tuple(None if not found else (SIDE_NAMES[WHITE if found[0][1] > 0 else BLACK], found[0][0])
                 for found in (ahead, held))


def match_tasks(games, pairs, rounds, opening=4, openings="beginner", seed="1", nodes=None, max_plies=160,
                mcts_time=10.0, weights=None):
    """play_game's tasks: every game, pair and round, a game with each colour for the first player."""
    return [(game_id, first, second, r, first_is_white, opening, openings, seed, dict(nodes or DEFAULT_NODES),
             max_plies, mcts_time, weights or {})
            for game_id in games for first, second in pairs for r in range(rounds) for first_is_white in (True, False)]


def elo(score):
    """The Elo difference that an expected score means (clipped at +-800)."""
    score = min(max(score, 0.01), 0.99)
    return 400 * math.log10(score / (1 - score))  # an even score is +0 (not -0)


def summarize(scores):
    """(wins, draws, losses, mean, CI low, CI high) of an array of 1/0.5/0 scores.

    The interval is Wilson's score interval on the mean score (a draw counts half),
    which stays sensible at 0% and 100%, unlike the normal approximation.
    """
    scores = np.asarray(scores, dtype=float)
    n = len(scores)
    mean = scores.mean()
    z2 = Z95 * Z95
    centre = (mean + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(mean * (1 - mean) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    wins, draws = int((scores == 1).sum()), int((scores == 0.5).sum())
    return wins, draws, n - wins - draws, mean, centre - half, centre + half


def player_name(player):
    return player if player in OTHERS else f"level {player}"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=list(GAME_IDS), choices=GAME_IDS)
    parser.add_argument("--pairs", nargs="+", type=parse_pair, default=[(2, "random")],
                        help="A-B players, e.g. 2-random 2-1 3-2 4-3")
    parser.add_argument("--rounds", type=int, default=10,
                        help="rounds per game and pair; a round is two games, colours swapped")
    parser.add_argument("--nodes", type=parse_nodes, default=dict(DEFAULT_NODES),
                        help=f"node budget per level, e.g. 1=600,2=2000 (default {DEFAULT_NODES})")
    parser.add_argument("--opening", type=int, default=4, help="plies before the players")
    parser.add_argument("--openings", choices=("beginner", "random"), default="beginner",
                        help="who plays the opening plies (default: the Beginner, level 1)")
    parser.add_argument("--max-plies", type=int, default=160,
                        help="plies after the opening; a game still on is adjudicated "
                             f"(a {ADJUDICATION_NODES}-node search: {ADJUDICATION_MARGIN / 100:g} "
                             "men ahead wins, else a draw)")
    parser.add_argument("--mcts-time", type=float, default=10.0,
                        help="MCTS's thinking time per move, in times its opponent's (default 10)")
    parser.add_argument("--weights", type=argparse.FileType(), default=None,
                        help="JSON {game id: {feature: weight}}: the first player's evaluation weights")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    weights = json.load(args.weights) if args.weights else {}

    tasks = match_tasks(args.games, args.pairs, args.rounds, opening=args.opening, openings=args.openings,
                        seed=args.seed, nodes=args.nodes, max_plies=args.max_plies, mcts_time=args.mcts_time,
                        weights=weights)
    results = {}
    start = time.perf_counter()
    with Pool(args.workers) as pool:
        for done, (task, score, white_score, plies, seconds, adjudicated, first_s, second_s, converted,
                   held) in enumerate(pool.imap_unordered(play_game, tasks), 1):
            results.setdefault(task[:3], []).append((score, white_score, plies, seconds, adjudicated,
                                                      first_s, second_s, converted, held))
            leads = "".join(f", {player_name(task[1] if lead[2] else task[2])} {CONVERT_LEAD} men up at ply "
                            f"{lead[1]}{how}" for lead, how in ((converted, ""), (held, " after the reply"))
                            if lead is not None)
            print(f"{done}/{len(tasks)} {task[0]} {player_name(task[1])} vs {player_name(task[2])}: "
                  f"{score} in {plies} plies{' (adjudicated)' if adjudicated else ''}{leads}, "
                  f"{seconds:.0f} s", file=sys.stderr, flush=True)
    wall = time.perf_counter() - start

    print(f"node budgets {args.nodes}; {args.opening} opening plies by {args.openings}; adjudicated after "
          f"{args.max_plies} plies; seed {args.seed}; {len(tasks)} games in {wall:.0f} s on "
          f"{args.workers} workers\n")
    print("| game | A | B | games | A wins | draws | B wins | A score (95% CI) | Elo A-B (95% CI) "
          "| White's score | plies | adjudicated | converted | held | s/game | s/move A, B |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for game_id in args.games:
        for first, second in args.pairs:
            rows = results[(game_id, first, second)]
            wins, draws, losses, mean, low, high = summarize([r[0] for r in rows])
            white, plies, seconds, adjudicated, first_s, second_s = np.mean([r[1:7] for r in rows], axis=0)
            converted, held = ([r[column][0] for r in rows if r[column] is not None] for column in (7, 8))
            print(f"| {game_id} | {player_name(first)} | {player_name(second)} | {len(rows)} "
                  f"| {wins} | {draws} | {losses} | {mean:.0%} ({low:.0%}-{high:.0%}) "
                  f"| {elo(mean):+.0f} ({elo(low):+.0f} to {elo(high):+.0f}) "
                  f"| {white:.0%} | {plies:.0f} | {adjudicated:.0%} | {sum(converted)}/{len(converted)} "
                  f"| {sum(held)}/{len(held)} "
                  f"| {seconds:.1f} | {first_s:.2f}, {second_s:.2f} |")


if __name__ == "__main__":
    main()
