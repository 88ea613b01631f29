"""Free men: does a level take a man left for nothing, and does it leave one of its own?

The issue "A computer that finishes its games" says every level "never gives up a man it
can see".  This plays GAMES_PER_GAME games of --source against itself (seeded, at the
arena's node budgets) and keeps every position from ply FIRST_PLY to LAST_PLY where the
side to move can take a man that no reply wins back; then --level (seeded) chooses a
move in each, and the tool prints per game how often it took such a man, and how often
its move (taking nothing) left the other side such a man to take: a man given away.

    nice -n 19 python3 tools/free_men.py [--games vut-extinction] [--level 3] [--seed 1]
"""

import argparse
import os
import random
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TOOLS)

import arena  # noqa: E402  (it puts py/ on the path)
from boardgames import get_game  # noqa: E402
from boardgames.ai import choose_move  # noqa: E402
from boardgames.core import OTHER, side_of  # noqa: E402

GAMES = ("vut-extermination", "vut-extinction")
GAMES_PER_GAME, FIRST_PLY, LAST_PLY = 8, 10, 120
POSITIONS_SEED = 9  # the source games' (docs/log/computer.md, 2026-12-01)


def men_of(game, state, side):
    """How many men `side` has on the board."""
    return sum(side_of(letter) == side for letter in game.men(state).values())


def free_takes(game, state):
    """The moves that take a man that no reply wins back (none that win the game)."""
    mover, takes = state.turn, []
    other = OTHER[mover]
    theirs = men_of(game, state, other)
    for move in game.legal(state):
        after = game.play(state, move)
        if game.result(after) is not None or men_of(game, after, other) >= theirs:
            continue
        own = men_of(game, after, mover)
        if all(men_of(game, game.play(after, reply), mover) >= own for reply in game.legal(after)):
            takes.append(move)
    return takes


def level_positions(game, source, seed):
    """The positions of `source`'s games against itself with a free man to take."""
    found = []
    for number in range(GAMES_PER_GAME):
        rng = random.Random(f"{seed}/{game.id}/{number}")
        state = game.new()
        for ply in range(LAST_PLY + 1):
            if game.result(state) is not None:
                break
            if ply >= FIRST_PLY and free_takes(game, state):
                found.append(state)
            state = game.play(state, arena.choose(game, state, source, arena.DEFAULT_NODES, rng))
    return found


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=GAMES)
    parser.add_argument("--source", type=int, default=2, help="the level whose games give the positions")
    parser.add_argument("--level", type=int, default=3, help="the level tried on them")
    parser.add_argument("--seed", type=int, default=1, help="the tried level's seed")
    args = parser.parse_args(argv)
    for game_id in args.games:
        game = get_game(game_id)
        positions = level_positions(game, args.source, POSITIONS_SEED)
        took = gave = 0
        for state in positions:
            move = choose_move(game, state, level=args.level, nodes=arena.DEFAULT_NODES[args.level], seed=args.seed)
            took += move in free_takes(game, state)
            after = game.play(state, move)
            traded = men_of(game, after, after.turn) < men_of(game, state, after.turn)
            gave += not traded and game.result(after) is None and bool(free_takes(game, after))
        print(f"{game_id}: level {args.level} took {took} of {len(positions)} free men, "
              f"gave one of its own away in {gave}", flush=True)


if __name__ == "__main__":
    main()
