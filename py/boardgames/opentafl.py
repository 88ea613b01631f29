"""OpenTafl Notation (OTN), so tafl records travel to and from OpenTafl: its positional
records, rules strings, move records and game records, as its notation spec
(opentafl-notation-spec.txt in OpenTafl's repository) defines them.

A game that speaks OTN declares `opentafl_rules` (its rules string, without the start
position) and `opentafl_men` (its man letters -> OTN's taflman symbols: attackers
lowercase, defenders uppercase).  The attackers are Black and move first (OTN's default
`atkf:y`).  OTN's position records begin at rank 1 (ours at the top row), its turns pair
the attackers' move with the defenders' reply.

    text = write_record(game, start, moves, {"variant": "Tablut"})
    start_fen, moves, resigned = read_record(game, text)   # ValueError naming the line
"""

import re

from .texts import _

TAG = re.compile(r"^\[([\w-]+):(.*)\]$")
MOVE = re.compile(r"^([tTkKnNcCmM]?)([a-z]+\d+)(\^=|-|\^|=)([a-z]+\d+)((?:x[tTkKnNcCmM]?[a-z]+\d+"
                  r"(?:/[tTkKnNcCmM]?[a-z]+\d+)*)?)(\+\+|--|\+|-)?$")
CAPTURED = re.compile(r"[tTkKnNcCmM]?([a-z]+\d+)")  # (a symbol only if a cell still follows: 'c3' is a cell)
TURN_NUMBER = re.compile(r"^\d+\.$")
RESIGNS = "---"
RESULTS = {"black": "1", "white": "-1", None: "0"}  # OTN: 1 attackers win, -1 defenders, 0 draw


def speaks_opentafl(game):
    return bool(getattr(game, "opentafl_rules", ""))


def position_record(game, state):
    """`/3ttt3/.../` of `state`'s men, rank 1 first."""
    symbols = game.opentafl_men
    rows = game.fen(state).split()[0].split("/")
    return "/" + "/".join("".join(symbols.get(ch, ch) for ch in row) for row in reversed(rows)) + "/"


def read_position(game, record):
    """Our position text (attackers, Black, to move) of an OTN positional record."""
    letters = {symbol: letter for letter, symbol in game.opentafl_men.items()}
    rows = record.strip().strip("/").split("/")
    for row in rows:
        for ch in row:
            if not ch.isdigit() and ch not in letters:
                raise ValueError(_("the position has a taflman '{symbol}' that {game} does not have").format(
                    symbol=ch, game=_(game.name)))
    fen = "/".join("".join(letters.get(ch, ch) for ch in row) for row in reversed(rows)) + " b"
    game.new(fen=fen)  # (ValueError saying what is wrong)
    return fen


def rules_string(game, state):
    return f"{game.opentafl_rules} start:{position_record(game, state)}"


def move_record(game, state, move):
    """OTN's record of `move` played in `state`: the king's symbol, the captures and
    `++` (the king captured) or `--` (the king escaped) when the move ends the game."""
    after = game.play(state, move)
    src, dst = game.move_cells(move)
    man = game.men(state)[src]
    symbol = game.opentafl_men[man]
    special = symbol if symbol.lower() != "t" else ""
    taken = after.last[1] if after.last else ()
    record = f"{special}{src}-{dst}"
    if taken:
        record += "x" + "/".join(taken)
    result = game.result(after)
    if result is not None and result["winner"] is not None:
        record += "++" if result["winner"] == "black" else "--"
    return record


def record_tags(game, result):
    """The tags of a game record: the variant, and how the game ended if it did."""
    tags = {"variant": game.name}
    if result is not None:
        tags["result"] = RESULTS[result["winner"]]
        tags["termination"] = result["reason"]
    return tags


def write_record(game, start, moves, tags=None, resigned=False):
    """A game record: tags, the rules string with the start position, then the turns
    (`resigned`: the side to move at the end resigned)."""
    if start.turn != "b":
        raise ValueError(_("an OpenTafl record starts with the attackers (Black) to move"))
    lines = [f"[{name}:{value}]" for name, value in (tags or {}).items()]
    lines.append(rules_string(game, start))
    state, records = start, []
    for move in moves:
        records.append(move_record(game, state, move))
        state = game.play(state, move)
    if resigned:
        records.append(RESIGNS)
    lines += [f"{number // 2 + 1}. {' '.join(records[number:number + 2])}" for number in range(0, len(records), 2)]
    return "\n".join(lines) + "\n"


def read_record(game, text):
    """(start position text, moves, the side that resigned or None) of an OTN game
    record; ValueError naming the line (or move) and what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(_("the record is empty"))
    rules, start, tokens = None, None, []
    for number, line in enumerate(text.strip().splitlines(), start=1):
        line = line.strip()
        if not line or TAG.match(line) or (line.startswith("[") and rules is not None):
            continue  # (tags, and commentary after the rules string)
        if rules is None:
            rules = line
            start = _start_of(game, rules, number)
        elif line.startswith("/"):
            start = read_position(game, line)  # a start position apart from the rules string
        else:
            tokens += [(number, token) for token in line.split()]
    if rules is None:
        raise ValueError(_("the record has no rules string (dim:... start:/.../)"))
    state = game.new(fen=start)
    moves, resigned = [], None
    for number, token in tokens:
        if TURN_NUMBER.match(token):
            continue
        if resigned is not None:
            raise ValueError(_("line {number}: '{token}' after a resignation").format(number=number, token=token))
        if token == RESIGNS:
            resigned = state.turn
            continue
        # TRANSLATORS: where in a record a bad move stands, e.g. "line 3, move 5 (e1-e4)"
        where = _("line {number}, move {move} ({token})").format(number=number, move=len(moves) + 1, token=token)
        move = _read_move(game, state, token, where)
        moves.append(move)
        state = game.play(state, move)
    return start, moves, resigned


def _start_of(game, rules, number):
    entries = dict(entry.partition(":")[::2] for entry in rules.split())
    if entries.get("dim") != game.opentafl_rules.split()[0].partition(":")[2]:
        raise ValueError(_("line {number}: the rules are for a {dim}-wide board, {game} is played on {size}").format(
            number=number, dim=entries.get("dim", "?"), game=_(game.name),
            size=game.opentafl_rules.split()[0].partition(":")[2]))
    if "start" not in entries:
        raise ValueError(_("line {number}: the rules string has no start position").format(number=number))
    if entries.get("atkf", "y") != "y":
        raise ValueError(_("line {number}: in {game} the attackers move first (atkf:y)").format(
            number=number, game=_(game.name)))
    return read_position(game, entries["start"])


def _read_move(game, state, token, where):
    found = MOVE.match(token)
    if found is None:
        raise ValueError(_("{where}: not an OTN move record").format(where=where))
    _symbol, src, kind, dst, captures, _mark = found.groups()
    if kind != "-":
        raise ValueError(_("{where}: berserk moves are not part of {game}").format(where=where, game=_(game.name)))
    move = f"{src}-{dst}"
    if move not in game.legal(state):
        # TRANSLATORS: {why} is empty or a further explanation such as " (white has no man on e2)".
        raise ValueError(_("{where}: not a legal move here{why}").format(
            where=where, why=game.why_illegal(state, move)))
    if captures:
        said = sorted(CAPTURED.fullmatch(cell).group(1) for cell in captures[1:].split("/"))
        after = game.play(state, move)
        taken = sorted(after.last[1] if after.last else ())
        if said != taken:
            if taken:
                message = _("{where}: the record captures {said}, the rules here capture {taken}")
            else:
                message = _("{where}: the record captures {said}, the rules here capture nothing")
            raise ValueError(message.format(where=where, said=", ".join(said), taken=", ".join(taken)))
    return move
