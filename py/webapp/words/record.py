"""A game as text: the record players copy out and paste in, the share link's query,
and the payload kept in the browser's storage.  Plain Python, so every format and every
error message is tested in CPython.

The record's format and its plain parts (tags, tokens, notes) are the engine's
(boardgames/record.py, which the command line reads records with); here, the session's:
comments, marks and shapes kept by ply, and variations, which may hold their own
(`1. a1-b2 h8-g7 (1... h8-h5 2. b2-c3) 2. b2-c3`).

An OpenTafl record (its rules string `dim:9 ... start:/.../`, then the turns) is read
and written too, for the games that declare OpenTafl's rules (boardgames/opentafl.py).

Link query: `game=vault&size=8&fen=...&moves=a1-b2+h8-g7`, plus the page's settings
`computer=white|black|both|none`, `level=1..4`, `embed=1`.
A replay that meets an illegal move stops with a ValueError naming the move's number.
"""

import json
import re
from urllib.parse import urlencode

from boardgames import GAME_IDS, game_ids, get_game
from boardgames.opentafl import record_tags, speaks_opentafl, write_record
from boardgames.record import (GLYPHS, OWN_TAGS, SHAPE, check_size, header_lines, is_opentafl, move_number,
                               read_header, read_opentafl_record, tokens)
from boardgames.texts import ENGLISH, _, language

from webapp.state.lines import Line, count, lines_data, read_lines, walk
from webapp.state.session import COMPUTER, HUMAN, Session
from webapp.words import friend_link

SAVE_VERSION = 1
COMPUTER_SIDES = {"none": "", "white": "w", "black": "b", "both": "wb"}
LEVELS = (1, 2, 3, 4)


def replay(game_id, options, fen, moves, players=None):
    """A session with `moves` played from `fen` (None: the setup)."""
    if game_id not in game_ids():
        raise ValueError(_("unknown game '{game}'").format(game=game_id))
    try:
        session = Session(game_id, options=options, fen=fen, players=players)
    except ValueError as error:
        raise ValueError(_("bad start position: {error}").format(error=error)) from None
    for number, move in enumerate(moves, start=1):
        try:
            session.play(move)
        except ValueError as error:
            raise ValueError(_("move {ply} ({move}): {error}").format(ply=number, move=move, error=error)) from None
    return session


# -- the plain-text record ------------------------------------------------------------
def game_record(session):
    lines = header_lines(session.game_id, session.options, session.start_fen, session.tags, session.result)
    lines.append("")
    line = session.line()
    lines.append(" ".join(([note_text(line, 0)] if 0 in line.shapes else []) + [line_words(line)]))
    return "\n".join(lines).rstrip() + "\n"


def line_words(line):
    """The record's words for `line`'s moves, the other lines of each branch in parentheses
    after its main move (numbered in pairs from the first mover; a second mover's move
    first in a line or after a note or a variation as `3...`)."""
    words, numbered, opening = [], True, ""
    for step in walk(line):
        if step[0] == "(":
            opening, numbered = "(", True
        elif step[0] == ")":
            words[-1] += ")"
            numbered = True
        else:
            unused, line, ply, rest = step
            number = move_number(ply, numbered)
            move = line.moves[ply - 1 - line.start] + line.glyphs.get(ply, "")
            words += [opening + number, move] if number else [opening + move]
            opening = ""
            numbered = ply in line.comments or ply in line.shapes
            if numbered:
                words.append(note_text(line, ply))
    return " ".join(words)


def opentafl_record(session):
    """The game as an OpenTafl record (None for a game OpenTafl does not play, or one
    begun with White to move, which its records cannot say)."""
    game = session.game
    if not speaks_opentafl(game) or session.states[0].turn != "b":
        return None
    return write_record(game, session.states[0], session.moves, record_tags(game, session.result),
                        resigned=session.resigned is not None)


def parse_opentafl(text, players=None):
    """A session from an OpenTafl record, of the game whose rules string it matches."""
    record = read_opentafl_record(text)
    session = replay(record.game_id, record.options, record.start, record.moves, players)
    if record.resigned is not None and session.result is None:
        session.resign(record.resigned)
    return session


def note_text(line, ply):
    """`{[%csl Gd4][%cal Gd1d3] comment}`: the shapes drawn after `ply` (lichess's
    commands, G for green) and its comment, on a line (lines.py) or the session's."""
    shapes = line.shapes.get(ply, [])
    parts = [f"[%{command} {','.join('G' + shape[1:] for shape in shapes if shape[0] == kind)}]"
             for kind, command in (("C", "csl"), ("A", "cal")) if any(shape[0] == kind for shape in shapes)]
    comment = line.comments.get(ply, "").replace("{", "(").replace("}", ")")
    return "{" + " ".join(parts + ([comment] if comment else [])) + "}"


def parse_record(text, players=None):
    """A session from a pasted record (ours, or an OpenTafl record: its rules string
    begins `dim:`); ValueError saying what is wrong and where."""
    return read_record(text, players)[0]


def read_record(text, players=None):
    """(session, how many variations it holds) of a pasted record, as parse_record."""
    check_size(text)
    if is_opentafl(text):
        return parse_opentafl(text, players), 0
    game_id, options, tags, others, body = read_header(text)
    main = read_moves(" ".join(body))
    session = replay(game_id, options, tags.get("start"), main.moves, players)
    session.comments, session.glyphs, session.shapes = main.comments, main.glyphs, main.shapes
    session.branches = read_variations(lines_data(main.branches), session)
    session.tags = others
    return session, count(session.branches)


def read_moves(text):
    """The main Line of a record's move text, holding its variations."""
    main = Line(0, [])
    open_lines = [main]  # the line being read last
    for token in tokens(text):
        line = open_lines[-1]
        ply = line.start + len(line.moves)  # the moves played so far on this line
        if token[0] == "(":
            if ply == 0 or line is not main and ply == line.start:
                raise ValueError(_("a variation '(' comes after the move it replaces"))
            # (an alternative to a variation's first move is that variation's sibling)
            holder = open_lines[-2] if line is not main and ply == line.start + 1 else line
            variation = Line(ply - 1, [])
            holder.branches.setdefault(ply - 1, [None]).append(variation)
            open_lines.append(variation)
        elif token[0] == ")":
            if line is main:
                raise ValueError(_("a ')' closes no variation"))
            if not line.moves:
                raise ValueError(_("a variation '()' holds no moves"))
            open_lines.pop()
        elif token[0] == "note":
            _note, comment, drawn = token
            if ply == line.start and line is not main:
                continue  # (a note before a variation's first move: of no move here)
            if drawn:
                line.shapes.setdefault(ply, []).extend(drawn)
            if ply and comment:
                line.comments[ply] = " ".join(filter(None, (line.comments.get(ply), comment)))
        else:
            _move, move, mark = token
            if mark:
                line.glyphs[ply + 1] = mark
            line.moves.append(move)
    if len(open_lines) > 1:
        raise ValueError(_("a variation '(' is never closed"))
    return main


# -- the share link -------------------------------------------------------------------
def computer_param(players):
    """The link's `computer=` value for a {side: player} dict."""
    sides = "".join(side for side in "wb" if players.get(side) == COMPUTER)
    return next(name for name, value in COMPUTER_SIDES.items() if value == sides)


def game_params(session):
    """A link's parameters for the game itself: its id, options and start (if not the setup)."""
    params = {"game": session.game_id}
    params.update({k: str(v) for k, v in sorted(session.options.items())})
    if session.start_fen != session.game.setup:
        params["fen"] = session.start_fen
    return params


def share_query(session, computer=None, level=None):
    """The query string (without '?') of a link that reproduces the game."""
    params = game_params(session)
    if session.moves:
        params["moves"] = " ".join(session.moves)
    if session.comments or session.glyphs or session.shapes:
        params["notes"] = notes_param(session)
    if session.line().branches:
        params["lines"] = json.dumps(lines_data(session.line().branches), separators=(",", ":"), ensure_ascii=False)
    if computer:
        params["computer"] = computer
    if level:
        params["level"] = str(level)
    return urlencode(params)


def settings_from_query(params):
    """Read the page's URL parameters (a {name: value} dict).

    Returns (settings, problems): settings has game, options, fen, moves, players,
    level, embed; each bad parameter is replaced by its default and explained in
    `problems`, so a bad link still opens a playable page.
    """
    problems = []
    settings = {"game": GAME_IDS[0], "options": {}, "fen": None, "moves": [],
                "players": {"w": HUMAN, "b": HUMAN}, "level": 2,
                "embed": params.get("embed") in ("1", "true", "yes")}
    game_id = params.get("game", GAME_IDS[0])
    if game_id not in game_ids():
        problems.append(_("There is no game '{game}' here; showing {default}.").format(
            game=game_id, default=_(get_game(GAME_IDS[0]).name)))
        game_id = GAME_IDS[0]
    settings["game"] = game_id
    game = get_game(game_id)
    for name, allowed in game.options.items():
        if params.get(name) is not None:
            value = params[name].strip()
            if value.isdigit() and int(value) in allowed:
                settings["options"][name] = int(value)
            else:
                label, default = game.option_words(name, game.chosen[name])
                option = label.lower() if language() == ENGLISH else _(label)  # ("Board size": "board size")
                # TRANSLATORS: {option} is an option's label (Board size), {choices} its values (8, 10)
                words = _("{game} has no {option} '{value}' (choose {choices}); showing {default}.")
                problems.append(words.format(game=_(game.name), option=option, value=value,
                                             choices=", ".join(map(str, allowed)), default=default))
    computer = params.get("computer", "none")
    if computer not in COMPUTER_SIDES:
        # TRANSLATORS: computer is a link's parameter; white, black, both and none its values, written as they are
        problems.append(_("computer must be white, black, both or none; '{computer}' ignored.").format(
            computer=computer))
        computer = "none"
    for side in COMPUTER_SIDES[computer]:
        settings["players"][side] = COMPUTER
    level = params.get("level", "2")
    if level.isdigit() and int(level) in LEVELS:
        settings["level"] = int(level)
    else:
        # TRANSLATORS: level is a link's parameter, written as it is
        problems.append(_("level must be 1 to 4; '{level}' ignored.").format(level=level))
    fen, moves = params.get("fen"), params.get("moves", "").split()
    try:
        if "g" in params:  # a game by link: its moves in a code
            moves = friend_link.decode(Session(game_id, options=settings["options"], fen=fen), params["g"])
        checked = replay(game_id, settings["options"], fen, moves)
        settings["fen"], settings["moves"] = fen, moves
    except ValueError as error:
        problems.append(_("The link's game could not be set up ({error}); starting a new game.").format(error=error))
        settings["broken"] = True
    settings["notes"] = {}
    if params.get("notes") and "broken" not in settings:
        try:
            settings["notes"] = read_notes(params["notes"], len(settings["moves"]))
        except ValueError as error:
            problems.append(_("The link's comments could not be read ({error}); the game is shown without "
                              "them.").format(error=error))
    settings["lines"] = {}
    if params.get("lines") and "broken" not in settings:
        try:
            settings["lines"] = read_variations(json.loads(params["lines"]), checked)
        except ValueError as error:
            problems.append(_("The link's variations could not be read ({error}); the game is shown without "
                              "them.").format(error=error))
    if params.get("friend") in ("w", "b") and "g" in params and "broken" not in settings:
        settings["friend"] = params["friend"]
        settings["friend_id"] = params.get("id")
        if settings["friend_id"] is not None and not re.fullmatch(r"[0-9a-f]{1,16}", settings["friend_id"]):
            problems.append(_("The link's game id '{id}' is not one this page makes: the game is played, but not "
                              "listed among your games by link.").format(id=settings["friend_id"]))
            settings["friend_id"] = None
    return settings, problems


def notes_param(session):
    """A link's `notes`: the moves' marks, comments and shapes drawn after them, as JSON
    {ply: [mark, comment, shapes]} (ply 0: shapes on the start position)."""
    plies = sorted(set(session.comments) | set(session.glyphs) | set(session.shapes))
    return json.dumps({str(ply): [session.glyphs.get(ply, ""), session.comments.get(ply, ""),
                                  session.shapes.get(ply, [])] for ply in plies},
                      separators=(",", ":"), ensure_ascii=False)


def read_notes(text, plies):
    """{"comments": {ply: text}, "glyphs": {ply: mark}, "shapes": {ply: [shape]}} of a
    link's `notes` for a game of `plies` moves; ValueError saying what is wrong."""
    try:
        data = json.loads(text)
    except ValueError:
        raise ValueError(_("they are not JSON")) from None
    return notes_table(data, 0, plies)


def notes_table(data, first, last):
    """The notes of moves `first` to `last` from {ply: [mark, comment, shapes]} data (a
    link's, a variation's; ply 0 holds only shapes); ValueError saying what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(_("they are not a {table} table").format(table="{move: [mark, comment]}"))
    comments, glyphs, shapes = {}, {}, {}
    for ply, note in data.items():
        if not (ply.isdigit() and first <= int(ply) <= last):
            raise ValueError((_("the game has no move {ply}") if not first else _("the variation has no move {ply}"))
                             .format(ply=ply))
        if not (isinstance(note, list) and len(note) in (2, 3) and all(isinstance(part, str) for part in note[:2])
                and note[0] in GLYPHS + ("",) and (int(ply) or not any(note[:2]))):
            raise ValueError(_("move {ply}'s note is not [mark, comment, shapes]").format(ply=ply))
        drawn = note[2] if len(note) == 3 else []
        if not (isinstance(drawn, list) and all(isinstance(s, str) and SHAPE.fullmatch(s) for s in drawn)):
            raise ValueError(_("move {ply}'s shapes are not circles (Cd4) and arrows (Ad1d3)").format(ply=ply))
        if note[0]:
            glyphs[int(ply)] = note[0]
        if note[1].strip():
            comments[int(ply)] = note[1].strip()
        if drawn:
            shapes[int(ply)] = list(drawn)
    return {"comments": comments, "glyphs": glyphs, "shapes": shapes}


def read_variations(data, session):
    """The session's variations from `lines_data` (a link's, a saved game's), checked."""
    return read_lines(data, session.game, session.states[:-1], 0, notes_table)


# -- the saved game -------------------------------------------------------------------
def saved_payload(session, level):
    return json.dumps({"version": SAVE_VERSION, "game": session.game_id,
                       "options": session.options, "fen": session.start_fen,
                       "moves": session.moves, "players": session.players,
                       "level": level, "agreed_draw": session.agreed_draw,
                       "comments": session.comments, "glyphs": session.glyphs, "shapes": session.shapes,
                       "lines": lines_data(session.line().branches), "tags": session.tags})


def restore(payload):
    """(session, level) from a saved payload; ValueError if it is corrupt or outdated."""
    try:
        data = json.loads(payload)
    except (TypeError, ValueError):
        raise ValueError(_("the saved game is not readable")) from None
    if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
        raise ValueError(_("the saved game is from another version of the site"))
    try:
        players = {side: data["players"][side] for side in "wb"}
        if not set(players.values()) <= {HUMAN, COMPUTER}:
            raise ValueError(_("bad players"))
        level = data.get("level", 2)
        if level not in LEVELS:
            raise ValueError(_("bad level"))
        moves = data["moves"]
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise ValueError(_("bad moves"))
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise ValueError(_("bad options"))
        session = replay(data["game"], options, data["fen"], moves, players)
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(_("the saved game is damaged ({error})").format(error=error)) from None
    if data.get("agreed_draw") is True and session.result is None:
        session.agree_draw()
    session.comments, session.glyphs = (_annotations(data.get(key), len(session.moves), allowed)
                                        for key, allowed in (("comments", None), ("glyphs", GLYPHS)))
    tags = data.get("tags")
    session.tags = {name: value for name, value in (tags.items() if isinstance(tags, dict) else ())
                    if isinstance(value, str) and re.fullmatch(r"\w+", name) and name.lower() not in OWN_TAGS}
    shapes = data.get("shapes")
    session.shapes = {int(ply): [s for s in found if isinstance(s, str) and SHAPE.fullmatch(s)]
                      for ply, found in (shapes.items() if isinstance(shapes, dict) else ())
                      if ply.isdigit() and int(ply) <= len(session.moves) and isinstance(found, list)}
    try:
        session.branches = read_variations(data.get("lines", {}), session)
    except ValueError:
        pass  # (variations not sound are left out, as annotations are)
    return session, level


def _annotations(saved, plies, allowed):
    """{ply: text} of a saved game's annotations; what is not sound is left out."""
    if not isinstance(saved, dict):
        return {}
    return {int(ply): text for ply, text in saved.items()
            if ply.isdigit() and 1 <= int(ply) <= plies and isinstance(text, str) and text
            and (allowed is None or text in allowed)}
