"""The command line, `boardgames` (or `python -m boardgames`): the games listed, move
counts (perft), a game in a terminal, the page's review in text, records converted between
our notation and OpenTafl's.  Bad input gets one sentence on stderr and exit status 1.

    boardgames list
    boardgames perft tablut 3
    boardgames play vut-royal --black 3
    boardgames analyse game.txt                       (or --game G [--fen F] --moves "M1 M2 ...")
    boardgames convert game.txt                       (ours -> OpenTafl's, or back)
"""

import argparse
import sys
import time

from . import __version__, game_class, game_ids, get_game
from .ai import LEVEL_NAMES, choose_move
from .analysis import MARKS, Review, win_chance
from .diagram import diagram
from .opentafl import record_tags, speaks_opentafl
from .opentafl import write_record as write_opentafl
from .perft import perft
from .record import Record, is_opentafl, parse_options, read_record, write_record

MARK_WORDS = {"?!": ("inaccuracy", "inaccuracies"), "?": ("mistake", "mistakes"), "??": ("blunder", "blunders")}
SIDES = {"w": "White", "b": "Black"}


def main(argv=None):
    """Run the command line; the exit status (0, or 1 after saying what was wrong)."""
    arguments = parser().parse_args(argv)
    try:
        arguments.run(arguments)
    except (ValueError, OSError) as error:
        print(f"boardgames: {error}", file=sys.stderr)
        return 1
    except (KeyboardInterrupt, EOFError):
        print(file=sys.stderr)
        return 1
    return 0


def parser():
    top = argparse.ArgumentParser(prog="boardgames", description="VUT and its variants, Tablut, Vault, Pux and "
                                  "UOS: exact rules, a computer player, records and a review.")
    top.add_argument("--version", action="version", version=f"boardgames {__version__}")
    commands = top.add_subparsers(required=True, metavar="COMMAND")

    listing = commands.add_parser("list", help="every game's id and name, with its options")
    listing.set_defaults(run=list_games)

    counting = commands.add_parser("perft", help="the number of move sequences of DEPTH moves")
    counting.add_argument("game")
    counting.add_argument("depth", type=int)
    position_arguments(counting)
    counting.set_defaults(run=count_moves)

    playing = commands.add_parser("play", help="a game in the terminal, against a friend or the computer")
    playing.add_argument("game")
    for side in ("white", "black"):
        playing.add_argument(f"--{side}", default="human", choices=["human", "1", "2", "3", "4"],
                             help=f"{side.capitalize()}: a human, or the computer at a level "
                                  f"({', '.join(f'{n} {name}' for n, name in LEVEL_NAMES.items())})")
    position_arguments(playing)
    playing.set_defaults(run=play)

    reviewing = commands.add_parser("analyse", aliases=["analyze"], help="the review of a game: marks, better "
                                    "moves and their lines, each side's accuracy")
    reviewing.add_argument("record", nargs="?", help="a record file (ours or OpenTafl's), or use --game and --moves")
    reviewing.add_argument("--game", help="the game of --moves")
    reviewing.add_argument("--moves", default="", help='the moves played, as "d1-d3 e7-e5 ..."')
    position_arguments(reviewing)
    reviewing.add_argument("--seconds", type=float, default=0.25, help="thinking time per position (default 0.25)")
    reviewing.add_argument("--nodes", type=int, help="a node budget per position instead (the same review each run)")
    reviewing.set_defaults(run=analyse)

    converting = commands.add_parser("convert", help="a record between our notation and OpenTafl's")
    converting.add_argument("record", help="a record file, ours or OpenTafl's")
    converting.add_argument("--to", choices=["ours", "opentafl"], help="the notation wanted (default: the other one)")
    converting.add_argument("--output", "-o", help="the file to write (default: standard output)")
    converting.set_defaults(run=convert)
    return top


def position_arguments(command):
    command.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                         help="a game option, such as size=8 (Vault)")
    command.add_argument("--fen", help="a start position text (default: the setup)")


def game_of(game_id, option_words):
    """The rule book of `game_id` with options written NAME=VALUE."""
    if game_id not in game_ids():
        raise ValueError(f"unknown game '{game_id}' (known: {', '.join(game_ids())}); `boardgames list` shows them")
    return get_game(game_id, **parse_options(game_id, " ".join(option_words)))


def start_of(game, fen):
    try:
        return game.new(fen=fen)
    except ValueError as error:
        raise ValueError(f"bad position: {error}") from None


def read_file(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as error:
        raise OSError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not a text file") from None


# -- list, perft -------------------------------------------------------------------------
def list_games(arguments):
    for game_id in game_ids():
        cls = game_class(game_id)
        chosen = get_game(game_id).chosen
        options = "  ".join(f"{name}={'|'.join(map(str, values))} (default {chosen[name]})"
                            for name, values in cls.options.items())
        print(f"{game_id:18} {cls.name:24} {options}".rstrip())


def count_moves(arguments):
    game = game_of(arguments.game, arguments.option)
    if arguments.depth < 0:
        raise ValueError("the depth is a whole number of moves, 0 or more")
    start = time.perf_counter()
    print(perft(game, start_of(game, arguments.fen), arguments.depth))
    print(f"({time.perf_counter() - start:.2f} s)", file=sys.stderr)


# -- play ----------------------------------------------------------------------------------
def play(arguments):
    game = game_of(arguments.game, arguments.option)
    state = start = start_of(game, arguments.fen)
    players = {"w": arguments.white, "b": arguments.black}
    moves = []
    example = min(game.legal(state), default="d1-d3")
    print(f"{game.name}: type a move as the page writes it (such as {example}), 'moves' lists the legal ones, "
          "'quit' stops.")
    while game.result(state) is None:
        print(f"\n{diagram(game, state)}")
        player = players[state.turn]
        if player == "human":
            typed = input(f"{SIDES[state.turn]}'s move: ").strip()
            if typed == "quit":
                break
            if typed in ("moves", "?", ""):
                print(" ".join(sorted(game.legal(state))))
                continue
            try:
                state = game.play(state, typed)
            except ValueError as error:
                print(f"{explained(game, state, typed, error)}: try again ('moves' lists the legal ones)")
                continue
            moves.append(typed)
        else:
            move = choose_move(game, state, level=int(player))
            print(f"{SIDES[state.turn]} ({LEVEL_NAMES[int(player)]}) plays {move}")
            state = game.play(state, move)
            moves.append(move)
    print(f"\n{diagram(game, state)}\n")
    print(write_record(game, start, moves, result=game.result(state)), end="")


def explained(game, state, typed, error):
    """The engine's words on an illegal move, and what may move from its first cell."""
    cell = typed.replace(":", "-").replace(",", "-").partition("-")[0]
    from_there = sorted(move for move in game.legal(state) if game.move_cells(move)[0] == cell)
    if from_there:
        return f"{error}; from {cell}: {' '.join(from_there)}"
    return f"{error}; {SIDES[state.turn]} has no move from {cell}"


# -- analyse ---------------------------------------------------------------------------------
def analyse(arguments):
    if arguments.record is not None:
        record = read_record(read_file(arguments.record))
    elif arguments.game is not None:
        game_of(arguments.game, arguments.option)  # (a clear word for an unknown game or option)
        record = Record(arguments.game, parse_options(arguments.game, " ".join(arguments.option)), arguments.fen,
                        arguments.moves.split(), {})
    else:
        raise ValueError("give a record file, or --game and --moves")
    if not record.moves:
        raise ValueError("the game has no moves to review")
    game = get_game(record.game_id, **record.options)
    review = Review(game, start_of(game, record.start), checked_moves(game, start_of(game, record.start), record.moves),
                    seconds=arguments.seconds, nodes=arguments.nodes)
    while not review.done:
        review.step()
    print(review_text(review))


def checked_moves(game, start, moves):
    """The moves, each legal where it is played; ValueError naming the first that is not."""
    state = start
    for ply, move in enumerate(moves, start=1):
        try:
            state = game.play(state, move)
        except ValueError as error:
            raise ValueError(f"move {ply} ({move}): {error}") from None
    return moves


def review_text(review):
    """The review as the page gives it: each move with White's chance after it (the
    fitted win-chance curve) and its mark, each marked move's better move and its line,
    then each side's marks and accuracy."""
    marks = {entry["ply"]: entry for entry in review.marks}
    lines = [f"{'ply':>4}  {'move':14} {'eval':>8}  White's chance"]
    for ply, move in enumerate(review.moves, start=1):
        evaluation = review.evals[ply]
        mark = marks[ply]["mark"] if ply in marks else ""
        chance = 50 * (win_chance(review.game.id, evaluation) + 1)
        lines.append(f"{ply:>4}  {move + mark:14} {evaluation_text(evaluation):>8}  {chance:5.1f}%")
    lines.append("")
    for ply, entry in sorted(marks.items()):
        words = MARK_WORDS[entry["mark"]][0]
        lines.append(f"Move {ply} ({review.moves[ply - 1]}{entry['mark']}) is {'an' if words[0] in 'aeiou' else 'a'} "
                     f"{words}: better was {entry['best']} (line: {' '.join(entry['line'])}).")
    counts, accuracy = review.counts(), review.accuracy()
    for side in ("w", "b"):
        found = ", ".join(f"{counts[side][mark]} {MARK_WORDS[mark][counts[side][mark] != 1]}"
                          for mark, _size in MARKS if counts[side][mark]) or "no marks"
        kept = f", accuracy {accuracy[side]:.0f}%" if accuracy[side] is not None else ""
        lines.append(f"{SIDES[side]}: {found}{kept}.")
    return "\n".join(lines)


def evaluation_text(evaluation):
    """'+1.25' (men, White's side), or 'W#3' / 'B#2' for a forced win in so many plies."""
    if isinstance(evaluation, dict):
        return f"{evaluation['win'][0].upper()}#{evaluation['plies']}"
    return f"{evaluation / 100:+.2f}"


# -- convert ---------------------------------------------------------------------------------
def convert(arguments):
    text = read_file(arguments.record)
    record = read_record(text)
    wanted = arguments.to or ("ours" if is_opentafl(text) else "opentafl")
    game = get_game(record.game_id, **record.options)
    start = start_of(game, record.start)
    state = start
    for move in record.moves:
        state = game.play(state, move)
    result = game.result(state)
    if wanted == "ours":
        written = write_record(game, start, record.moves, record.tags, result)
    else:
        if not speaks_opentafl(game):
            raise ValueError(f"OpenTafl's notation has no {game.name}: only "
                             f"{', '.join(i for i in game_ids() if speaks_opentafl(game_class(i)))}")
        written = write_opentafl(game, start, record.moves, record_tags(game, result),
                                 resigned=record.resigned is not None)
    if arguments.output:
        with open(arguments.output, "w", encoding="utf-8") as f:
            f.write(written)
    else:
        print(written, end="")
