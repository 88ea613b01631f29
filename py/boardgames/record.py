"""A game record as text, the plain parts the page (webapp/words/record.py, which adds
variations, comments and the session) and the command line share.

Record (tag lines, then the moves; move numbers are optional on input):

    [Game "vault"]
    [Options "size=8"]
    [Start "pppppppp/8/8/8/8/8/8/PPPPPPPP w"]
    [Result "White wins: ..."]
    [Event "Club night"]                     (any other tag: kept as it was read)

    1. a1-b2 h8-g7?! {Better was h8-h5.} 2. b2-c3

A move may carry a mark (`!!`, `!`, `!?`, `?!`, `?`, `??`) and be followed by a comment in
braces; a variation in parentheses follows the move it replaces; `$n` glyphs of other
programs are read past.  An OpenTafl record (its rules string `dim:9 ... start:/.../`,
then the turns: opentafl.py) is told apart by its rules string.

    record = read_record(text)     # ours or OpenTafl's: game id, options, start, moves, tags
    text = write_record(game, start, moves, tags, result)
"""

import re
from typing import NamedTuple

from . import game_class, game_ids, get_game
from .opentafl import read_record as read_opentafl
from .opentafl import speaks_opentafl
from .texts import _

TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]$')
OWN_TAGS = ("game", "options", "start", "result")  # the tags the page writes itself
MOVE_NUMBER = re.compile(r"^\d+\.+$")
GLYPHS = ("!!", "!?", "?!", "??", "!", "?")
GLYPH = re.compile(r"^(.*?)(!!|!\?|\?!|\?\?|!|\?)$")
TOKEN = re.compile(r"\{[^}]*\}|\(|\)|[^\s(){}]+")
SHAPE_COMMAND = re.compile(r"\[%(csl|cal)\s+([^\]]*)\]")
CELLS = re.compile(r"([a-z]\d+)([a-z]\d+)?")
SHAPE = re.compile(r"C[a-z]\d+|A[a-z]\d+[a-z]\d+")  # a circle on a cell, an arrow from a cell to a cell
MAX_RECORD = 200_000  # characters: a 1000-move game with comments is far less


class Record(NamedTuple):
    """A record's main line: the game, its options, the start position text (None: the
    setup), the moves, the other tags, and the side that resigned ("w"/"b") or None."""
    game_id: str
    options: dict
    start: str | None
    moves: list
    tags: dict
    resigned: str | None = None


def option_text(options):
    return " ".join(f"{k}={v}" for k, v in sorted(options.items()))


def parse_options(game_id, text):
    """'size=8' -> {'size': 8}, checked against the game's options."""
    options = {}
    for item in text.split():
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise ValueError(_("options are written name=value, not '{item}'").format(item=item))
        options[name] = int(value) if value.isdigit() else value
    get_game(game_id, **options)  # ValueError naming a bad option
    return options


def result_text(result):
    """The record's Result (in English whatever the reader's language): 'White wins: ...'."""
    if result["winner"] is None:
        return f"Draw: {result['reason']}"
    return f"{result['winner'].capitalize()} wins: {result['reason']}"


def move_number(ply, numbered):
    """"3." before the first mover's move `ply`; "3..." before the second mover's where
    `numbered` (first in a line, after a note or a variation); else ""."""
    return f"{(ply + 1) // 2}." if ply % 2 else f"{ply // 2}..." if numbered else ""


def header_lines(game_id, options, start, tags, result):
    """A record's tag lines: the game, its options, the start, the other tags, the result."""
    lines = [f'[Game "{game_id}"]']
    if options:
        lines.append(f'[Options "{option_text(options)}"]')
    lines.append(f'[Start "{start}"]')
    lines += [f'[{name} "{value}"]' for name, value in tags.items()]
    if result is not None:
        lines.append(f'[Result "{result_text(result)}"]')
    return lines


def write_record(game, start, moves, tags=None, result=None):
    """Our record of `moves` played from the state `start`: tags, then the numbered moves."""
    words = []
    for ply, move in enumerate(moves, start=1):
        words += filter(None, [move_number(ply, ply == 1), move])
    lines = header_lines(game.id, game.chosen if game.options else {}, game.fen(start), tags or {}, result)
    return "\n".join([*lines, "", " ".join(words)]).rstrip() + "\n"


def read_note(text):
    """(comment, shapes) of a record's comment: lichess's [%csl ...] and [%cal ...] taken out."""
    shapes = []
    for command, codes in SHAPE_COMMAND.findall(text):
        for code in codes.split(","):
            cells = CELLS.fullmatch(code.strip()[1:])  # (the colour letter dropped)
            if cells and (command == "csl") == (cells.group(2) is None):
                shapes.append(("C" if command == "csl" else "A") + code.strip()[1:])
    return " ".join(SHAPE_COMMAND.sub(" ", text).split()), shapes


def check_size(text):
    """ValueError for a record that is empty or far longer than a game."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(_("the game record is empty"))
    if len(text) > MAX_RECORD:
        raise ValueError(_("the record is {size} kB: far longer than a game (at most {most} kB)").format(
            size=len(text) // 1000, most=MAX_RECORD // 1000))


def is_opentafl(text):
    """Whether a record is OpenTafl's (it has a rules string)."""
    return any(line.strip().startswith("dim:") for line in text.splitlines())


def read_opentafl_record(text):
    """The Record of an OpenTafl record, of the game whose rules string it matches."""
    errors = []
    for game_id in game_ids():
        if not speaks_opentafl(game_class(game_id)):
            continue
        try:
            start, moves, resigned = read_opentafl(get_game(game_id), text)
        except ValueError as error:
            errors.append(str(error))
            continue
        return Record(game_id, {}, start, moves, {}, resigned)
    raise ValueError(errors[0] if errors else _("no game here reads OpenTafl records"))


def read_header(text):
    """(game id, options, {tag: value} of every tag by its name in lower case, {Name: value}
    of the tags not the page's own, the lines after the tags) of our record; ValueError
    saying what is wrong and where."""
    tags, others, body = {}, {}, []
    for number, line in enumerate(text.strip().splitlines(), start=1):
        line = line.strip()
        if not line:
            continue
        match = TAG.match(line)
        if match and not body:
            name, value = match.groups()
            tags[name.lower()] = value
            if name.lower() not in OWN_TAGS:
                others[name] = value.replace('"', "'")
        elif line.startswith("[") and not body:
            # TRANSLATORS: {example} is a record's header line, [Game "..."], written as it is
            raise ValueError(_("line {number}: a header line looks like {example}").format(
                number=number, example=f'[Game "{game_ids()[0]}"]'))
        else:
            body.append(line)
    if "game" not in tags:
        raise ValueError(_("the record has no {example} line").format(example='[Game "..."]'))
    game_id = tags["game"]
    if game_id not in game_ids():
        raise ValueError(_("unknown game '{game}' (known: {known})").format(game=game_id, known=", ".join(game_ids())))
    return game_id, parse_options(game_id, tags.get("options", "")), tags, others, body


def tokens(text):
    """A record's move text as ("(",), (")",), ("note", comment, shapes) and ("move", move,
    mark or ""), move numbers, `$n` glyphs and results read past."""
    for token in TOKEN.findall(text):
        if token in ("(", ")"):
            yield (token,)
        elif MOVE_NUMBER.match(token) or token.startswith("$") or token in ("*", "1-0", "0-1", "1/2-1/2"):
            continue
        elif token.startswith("{"):
            yield ("note", *read_note(token[1:-1]))
        else:
            found = GLYPH.match(token)
            yield ("move", found.group(1), found.group(2)) if found and found.group(1) else ("move", token, "")


def main_line(text):
    """The moves of a record's main line, its variations read past; ValueError for a
    parenthesis out of place."""
    moves, depth = [], 0
    for token in tokens(text):
        if token[0] == "(":
            if not moves:
                raise ValueError(_("a variation '(' comes after the move it replaces"))
            depth += 1
        elif token[0] == ")":
            if not depth:
                raise ValueError(_("a ')' closes no variation"))
            depth -= 1
        elif token[0] == "move" and not depth:
            moves.append(token[1])
    if depth:
        raise ValueError(_("a variation '(' is never closed"))
    return moves


def read_record(text):
    """The Record of a record, ours or OpenTafl's; ValueError saying what is wrong."""
    check_size(text)
    if is_opentafl(text):
        return read_opentafl_record(text)
    game_id, options, tags, others, body = read_header(text)
    return Record(game_id, options, tags.get("start"), main_line(" ".join(body)), others)
