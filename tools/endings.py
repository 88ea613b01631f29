"""An endgame suite for finishing won games (issue "A computer that finishes its games").

The arena needs hundreds of 400-ply games to tell two versions of the hunt apart; this
suite plays only the part that matters.  `collect` plays arena games (the arena's
Beginner openings, level 3 against level 2, colours swapped) and writes the positions
where one side stands CONVERT_LEAD men ahead: when it first gets there, then every
STRIDE plies while the game goes on, at most PER_GAME per game.  `play` (the default)
plays every position out, the side ahead at one level and the other at another (the
arena's 3-2 by default), for at most --plies plies, and prints per game how many the
side ahead won, their mean plies, and how many ended otherwise (a draw by repetition,
the cap, a loss).  Every move is seeded, so a run is reproducible.

    nice -n 19 python3 tools/endings.py collect --rounds 10 > tests/data/won_endings.txt
    nice -n 19 python3 tools/endings.py --behind 9 --plies 100 [--seed 2] [--verbose]
"""

import argparse
import os
import random
import sys
import time

TOOLS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TOOLS)

import arena  # noqa: E402  (it puts py/ on the path)
from boardgames import get_game  # noqa: E402
from boardgames.core import BLACK, SIDE_NAMES, WHITE, men_lead, side_of  # noqa: E402

SUITE = os.path.join(os.path.dirname(TOOLS), "tests", "data", "won_endings.txt")
GAMES = ("vut-extermination", "vut-extinction")
STRIDE = 40  # plies between the positions taken from one game
PER_GAME = 3
MAX_PLIES = 400  # as the arena's runs of these games


def parse_suite(text):
    """[(game id, position text, side ahead: 'white' or 'black')] from the suite's lines:
    `game id | position | side ahead | where it came from`; '#' starts a comment."""
    endings = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        fields = [field.strip() for field in line.split("|")]
        if len(fields) != 4 or fields[2] not in ("white", "black"):
            raise ValueError(f"line {number}: want 'game | position | white or black | source', not {line!r}")
        endings.append(tuple(fields[:3]))
    return endings


def collect_game(game_id, round_number, first_is_white, seed):
    """The suite's lines from one arena game (level 3 against level 2)."""
    game = get_game(game_id)
    key = f"{seed}/{game_id}/{round_number}"
    state = arena.opening_position(game, 4, "beginner", key)
    white, black = (3, 2) if first_is_white else (2, 3)
    rng = random.Random(f"{key}/{first_is_white}")
    lines, next_at = [], None
    for ply in range(1, MAX_PLIES + 1):
        player = white if state.turn == WHITE else black
        state = game.play(state, arena.choose(game, state, player, arena.DEFAULT_NODES, rng))
        if game.result(state) is not None:
            break
        lead = men_lead(game, state)
        if abs(lead) >= arena.CONVERT_LEAD and (next_at is None or ply >= next_at):
            ahead = SIDE_NAMES[WHITE if lead > 0 else BLACK]
            lines.append(f"{game_id} | {game.fen(state)} | {ahead} | seed {seed} round {round_number} "
                         f"{'level 3 white' if first_is_white else 'level 3 black'} ply {ply}")
            next_at = ply + STRIDE
            if len(lines) == PER_GAME:
                break
    return lines


def men_behind(game, state, ahead):
    """How many men the side not `ahead` has on the board."""
    return sum(side_of(letter) != (WHITE if ahead == "white" else BLACK) for letter in game.men(state).values())


def play_out(game, fen, ahead, levels, nodes, plies, seed):
    """('won', 'lost', 'repetition', 'drawn' or 'cap', plies played) of one ending."""
    state = game.new(fen)
    rng = random.Random(seed)
    for ply in range(1, plies + 1):
        level = levels[0] if SIDE_NAMES[state.turn] == ahead else levels[1]
        state = game.play(state, arena.choose(game, state, level, nodes, rng))
        outcome = game.result(state)
        if outcome is not None:
            if outcome["winner"] is None:
                repeated = game.repetition_draw and state.repetitions() >= game.repetition_draw
                return ("repetition" if repeated else "drawn"), ply
            return ("won" if outcome["winner"] == ahead else "lost"), ply
    return "cap", plies


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", choices=("play", "collect"), default="play")
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    parser.add_argument("--rounds", type=int, default=10, help="collect: rounds (two games each) per game")
    parser.add_argument("--suite", default=SUITE)
    parser.add_argument("--plies", type=int, default=150, help="play: plies before an ending counts as not won")
    parser.add_argument("--pair", type=arena.parse_pair, default=(3, 2),
                        help="play: levels of the side ahead and of the other (default 3-2)")
    parser.add_argument("--nodes", type=arena.parse_nodes, default=dict(arena.DEFAULT_NODES))
    parser.add_argument("--behind", type=int, default=None,
                        help="play: only the endings where the side behind has at most this many men")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--verbose", action="store_true", help="play: a line per ending on stderr")
    args = parser.parse_args(argv)

    if args.command == "collect":
        print(f"# Won endings for tools/endings.py: `collect --rounds {args.rounds} --seed {args.seed}`.")
        print("# game id | position | side ahead | where it came from")
        for game_id in args.games:
            for round_number in range(args.rounds):
                for first_is_white in (True, False):
                    for line in collect_game(game_id, round_number, first_is_white, args.seed):
                        print(line, flush=True)
        return

    with open(args.suite, encoding="utf-8") as f:
        endings = parse_suite(f.read())
    print(f"| game | endings | won | mean plies to win | repetition | cap | other | s |  (pair "
          f"{args.pair[0]}-{args.pair[1]}, {args.plies} plies, seed {args.seed}, behind {args.behind})")
    for game_id in args.games:
        game, start = get_game(game_id), time.perf_counter()
        counts, won_plies = {}, []
        chosen = [(fen, ahead) for gid, fen, ahead in endings if gid == game_id
                  and (args.behind is None or men_behind(game, game.new(fen), ahead) <= args.behind)]
        for index, (fen, ahead) in enumerate(chosen):
            how, plies = play_out(game, fen, ahead, args.pair, args.nodes, args.plies, f"{args.seed}/{index}")
            counts[how] = counts.get(how, 0) + 1
            if how == "won":
                won_plies.append(plies)
            if args.verbose:
                print(f"{game_id} {index}: {how} in {plies} plies", file=sys.stderr, flush=True)
        mean = sum(won_plies) / len(won_plies) if won_plies else 0
        other = len(chosen) - counts.get("won", 0) - counts.get("repetition", 0) - counts.get("cap", 0)
        print(f"| {game_id} | {len(chosen)} | {counts.get('won', 0)} | {mean:.0f} | {counts.get('repetition', 0)} "
              f"| {counts.get('cap', 0)} | {other} | {time.perf_counter() - start:.0f} |", flush=True)


if __name__ == "__main__":
    main()
