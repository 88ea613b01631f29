"""Variations: the other lines of play a game keeps beside the one on the board.

A game is a tree of moves; the session (session.py) holds one line of it, the one the
board plays on, and at each position where the tree branches, `branches[ply]` lists the
moves that may follow the position after `ply` moves, in the tree's order (the first is
the main line): each a `Line` put aside, and `None` for the line on the board.  A Line put
aside holds its own branches the same way, so entering one is a swap (Session.enter).
Annotations are keyed by ply along each line, as the session's are."""

from __future__ import annotations

from dataclasses import dataclass, field

from boardgames.texts import _

SAVED_NOTES = ("glyphs", "comments", "shapes")


@dataclass
class Line:
    start: int  # the moves played before its first move
    moves: list[str]
    comments: dict[int, str] = field(default_factory=dict)
    glyphs: dict[int, str] = field(default_factory=dict)
    shapes: dict[int, list[str]] = field(default_factory=dict)  # drawn on the position after a ply
    branches: dict[int, list[Line | None]] = field(default_factory=dict)  # keys after `start`
    ending: tuple = (False, None)  # how the players ended it: (a draw agreed, the side that resigned)

    def rest(self, at: int) -> Line:
        """This line from the position after `at` moves on (its notes and branches there)."""
        return Line(at, self.moves[at - self.start:],
                    *({ply: note for ply, note in notes.items() if ply > at}
                      for notes in (self.comments, self.glyphs, self.shapes, self.branches)))

    def children(self, at: int) -> list[Line]:
        """The lines that go on from the position after `at` moves, the main one first."""
        own = self.rest(at)
        return [line for line in (own if kid is None else kid for kid in self.branches.get(at, [None])) if line.moves]

    def notes(self, ply: int) -> list:
        """[mark, comment, shapes] of move `ply` (ply 0: the start's shapes)."""
        return [self.glyphs.get(ply, ""), self.comments.get(ply, ""), list(self.shapes.get(ply, []))]


def walk(line: Line, path: tuple = ()):
    """The tree from `line`'s start in a record's order: ("move", line, ply, path) for each
    move, main moves first and each branch's other lines after its main move between
    ("(",) and (")",).  `path` lists the (position, index) choices that reach a move from
    the start: Session.go_along follows them."""
    at = line.start
    while kids := line.children(at):
        branch = path + ((at, 0),) if len(kids) > 1 else path
        line, at = kids[0], at + 1
        yield "move", line, at, branch
        for index, other in enumerate(kids[1:], start=1):
            yield ("(",)
            yield from walk(other, path + ((at - 1, index),))
            yield (")",)
        path = branch


def main_line(line: Line) -> list[tuple[Line, int]]:
    """(line, ply) of each move of the main line from `line`'s start: the first child at every branch."""
    found, at = [], line.start
    while kids := line.children(at):
        line, at = kids[0], at + 1
        found.append((line, at))
    return found


def count(branches: dict[int, list[Line | None]]) -> int:
    """How many variations the branches hold, nested ones included."""
    return sum(1 + count(kid.branches) for kids in branches.values() for kid in kids if kid is not None)


def lines_data(branches: dict[int, list[Line | None]]) -> dict:
    """The branches as JSON data (a saved game's, a link's `lines`):
    {ply: [null | {"moves": [...], "notes": {ply: [mark, comment, shapes]}, "lines": {...}}]}."""
    return {str(at): [None if kid is None else
                      {"moves": kid.moves,
                       "notes": {str(ply): kid.notes(ply)
                                 for ply in sorted(set(kid.comments) | set(kid.glyphs) | set(kid.shapes))},
                       "lines": lines_data(kid.branches)}
                      for kid in kids] for at, kids in branches.items()}


def read_lines(data, game, states: list, first: int, read_notes) -> dict[int, list[Line | None]]:
    """Branches from `lines_data` for a line whose positions after `first`, `first`+1, ...
    moves are `states`: every move replayed; ValueError naming what is wrong.
    `read_notes(data, start, end)` checks a line's notes (record.py's)."""
    if not isinstance(data, dict):
        raise ValueError(_("the variations are not a {table} table").format(table="{move: [lines]}"))
    branches = {}
    for key, kids in data.items():
        if not (key.isdigit() and first <= int(key) < first + len(states)) or not isinstance(kids, list):
            raise ValueError(_("there is no position {key} to branch from").format(key=key))
        at = int(key)
        if kids.count(None) != 1 or not all(kid is None or isinstance(kid, dict) for kid in kids):
            words = _("the variations after move {ply} do not say where the line on the board is")
            raise ValueError(words.format(ply=at))
        branches[at] = [None if kid is None else read_line(kid, game, states[at - first], at, read_notes)
                        for kid in kids]
    return branches


def read_line(data: dict, game, state, at: int, read_notes) -> Line:
    """One variation of `lines_data`, from `state` (the position after `at` moves)."""
    moves = data.get("moves")
    if not (isinstance(moves, list) and moves and all(isinstance(move, str) for move in moves)):
        raise ValueError(_("a variation after move {ply} has no moves").format(ply=at))
    states = [state]
    for ply, move in enumerate(moves, start=at + 1):
        try:
            states.append(game.play(states[-1], move))
        except ValueError as error:
            words = _("move {ply} ({move}) of a variation: {error}")
            raise ValueError(words.format(ply=ply, move=move, error=error)) from None
    notes = read_notes(data.get("notes", {}), at + 1, at + len(moves))
    return Line(at, list(moves), notes["comments"], notes["glyphs"], notes["shapes"],
                read_lines(data.get("lines", {}), game, states[1:-1], at + 1, read_notes))
