"""Pux: pieces move as far as their friends around them allow (its rulings: docs/rulings.md).

A piece's move potential (MP) is its own stones plus the friendly stones around it.
It moves up to MP cells forward or sideways (backward too once promoted), may carry
its orthogonal neighbours along at a shared, smaller distance, and captures a piece
with a smaller MP.  Capturing every enemy stone wins.
"""

from itertools import compress

from .core import BLACK, Game, Man, OTHER, WHITE, both_sides, win
from .grid import EMPTY, ORTHOGONAL, SquareGrid, moved, notation_order
from .texts import N_, _, ngettext

GRID = SquareGrid(8)
NAMES = GRID.names
OWNER = {"S": WHITE, "D": WHITE, "s": BLACK, "d": BLACK}
STONE, PROMOTED = {WHITE: "S", BLACK: "s"}, {WHITE: "D", BLACK: "d"}
MAX_STONES = 12
# stones_of[side][man]: how many of `side`'s stones the man is (0 for empty or enemy).
STONES_OF = {side: {man: (0 if OWNER.get(man) != side else 2 if man in "Dd" else 1)
                    for man in "SDsd" + EMPTY} for side in (WHITE, BLACK)}
ORTHOGONAL_NEIGHBOURS = [tuple(j for j in (GRID.step(i, d) for d in ORTHOGONAL) if j is not None)
                         for i in range(GRID.size)]
LATERAL = ((1, 0), (-1, 0))
FORWARD = {WHITE: ((0, 1), (1, 1), (-1, 1)), BLACK: ((0, -1), (1, -1), (-1, -1))}
# The directions a piece may take: [side][promoted][lateral allowed].
DIRECTIONS = {side: {promoted: {lateral: FORWARD[side] + (LATERAL if lateral else ())
                                + (FORWARD[OTHER[side]] if promoted else ())
                                for lateral in (False, True)}
                     for promoted in (False, True)}
              for side in (WHITE, BLACK)}
LAST_RANK = {WHITE: 7, BLACK: 0}
# The evaluation's weights, White's side (Pux.evaluate; 100 = a stone): single stones,
# double stones, single stones' ranks advanced, move potential.  Written by
# tools/tune_weights.py:
# -- weights begin --
WEIGHTS = {"stones": 100, "doubles": 193, "advance": 10, "potential": 9}
# -- weights end --
FEATURES = tuple(WEIGHTS)
LATERAL_FIELDS = ("-", "w", "b", "wb")
CAPTURED_ALL_REASONS = {WHITE: N_("White captured all enemy stones"),
                        BLACK: N_("Black captured all enemy stones")}


def file_rank_order(cell):
    """Sort key of the notation: by file, then rank."""
    return GRID.file(cell), GRID.rank(cell)


RANKS = [GRID.rank(i) for i in range(GRID.size)]
CELLS = range(GRID.size)
# For move_potentials, a byte per cell: bytes.translate tables of each side's stones and
# of 255 on its pieces; the cells with a neighbour east, with one west (as bytes of 255),
# and every cell.
STONE_BYTES = {side: bytes.maketrans(b"SDsd.", bytes(STONES_OF[side][man] for man in "SDsd."))
               for side in (WHITE, BLACK)}
PIECE_BYTES = {side: bytes.maketrans(b"SDsd.", bytes(255 if OWNER.get(man) == side else 0 for man in "SDsd."))
               for side in (WHITE, BLACK)}
EAST_BYTES, WEST_BYTES, ALL_BYTES = (sum(255 << 8 * i for i in range(GRID.size) if test(GRID.file(i)))
                                     for test in (lambda f: f < 7, lambda f: f > 0, lambda f: True))


def move_potentials(board):
    """{cell: MP} of every piece on `board`, in the order of the cells: each side's
    stones as one byte per cell (an int), summed over the 3x3 square around each cell
    (along the rank, then that along the file: at most 18, no byte overflows), kept on
    the side's pieces."""
    raw = board.encode()
    found = 0
    for side in (WHITE, BLACK):
        stones = int.from_bytes(raw.translate(STONE_BYTES[side]), "little")
        row = stones + (stones >> 8 & EAST_BYTES) + (stones << 8 & WEST_BYTES)
        square = row + (row >> 64) + (row << 64 & ALL_BYTES)
        found |= square & int.from_bytes(raw.translate(PIECE_BYTES[side]), "little")
    potentials = found.to_bytes(GRID.size, "little")  # a piece's is at least 1 (its own stones), an empty cell's 0
    return dict(zip(compress(CELLS, potentials), filter(None, potentials)))  # C-level: no loop over the cells


def stone_count(board, side):
    return board.count(STONE[side]) + 2 * board.count(PROMOTED[side])


_SUBSETS = {}


def subsets(cells):
    """Every non-empty subset of the tuple `cells`, each ordered by file then rank
    (notation order); cached, as the same neighbourhoods come up again and again."""
    found = _SUBSETS.get(cells)
    if found is None:
        ordered = sorted(cells, key=file_rank_order)
        found = _SUBSETS[cells] = [tuple(c for k, c in enumerate(ordered) if mask >> k & 1)
                                   for mask in range(1, 1 << len(ordered))]
    return found


def group_distance(board, group, direction, reach):
    """How far (up to `reach`) the group of cells can move in `direction`: every cell a
    member passes or lands on must be on the board and empty or left by the group."""
    rays = GRID.rays
    for cell in group:
        ray = rays[cell][direction]
        limit = min(reach, len(ray))
        step = 0
        while step < limit and (board[ray[step]] == EMPTY or ray[step] in group):
            step += 1
        reach = step
        if not reach:
            break
    return reach


def lateral_field(flags):
    """The canonical lateral field for the set of sides whose last move was lateral."""
    return "".join(side for side in (WHITE, BLACK) if side in flags) or "-"


# LATERAL_AFTER[field, side, sideways]: the lateral field after `side` moves (sideways or not).
LATERAL_AFTER = {(field, side, sideways): lateral_field(set(field) - {side} | ({side} if sideways else set()))
                 for field in LATERAL_FIELDS for side in (WHITE, BLACK) for sideways in (False, True)}
_READ_MOVES = {}  # move text -> Pux._cells of it


def parse_cell(name, move):
    i = GRID.index_of.get(name)
    if i is None:
        raise ValueError(_("'{move}' is not a Pux move: '{name}' is not a cell a1-h8").format(
            move=move, name=name))
    return i


class Pux(Game):
    id = "pux"
    # TRANSLATORS: a game's name
    name = N_("Pux")
    summary = N_("Stones move as far as their friends around them allow, carrying neighbours along.")
    setup = "1ssssss1/1ssssss1/8/8/8/8/1SSSSSS1/1SSSSSS1 w -"
    grid = GRID
    letters = "SDsd"
    ply_cap = 300
    # TRANSLATORS: the names of Pux's men: a single stone, and a promoted piece (two stones)
    kinds = both_sides({"S": Man(N_("stone"), "disc", 0.8), "D": Man(N_("promoted piece"), "stack", 0.8)})
    extra_verbs = (N_("carry"), N_("carries"))  # the move builder says them (translated there)
    rules = (
        N_("12 stones each on files b-g of the two home ranks; White moves first, up the board."),
        N_("Move potential (MP) of a piece: its own stones (2 if promoted) plus the stones of "
           "all friendly pieces on the 8 cells around it."),
        N_("A piece moves 1 to MP cells in a straight line, forward (straight or diagonal) or "
           "sideways, over empty cells; a promoted piece may also move backward."),
        N_("It may carry any of its up to 4 orthogonal neighbours (either colour): all move the "
           "same way and distance, at most MP / (pieces moving), rounded down. Every cell passed "
           "or reached must be empty or left by the group."),
        N_("Capture (written b7:b5): a piece carrying nothing moves onto an enemy piece within "
           "reach whose MP is smaller than its own; the enemy piece is removed."),
        N_("No side may make two sideways moves in a row."),
        N_("A single stone of the mover ending a move on its last rank is promoted (a second "
           "stone put on it), but only while its side has fewer than 12 stones on the board."),
        N_("Capture all enemy stones to win."),
    )
    rulings = (
        N_("Setup: the figure is missing from the text; it is taken from the game's web page "
           "and agrees with the text's examples (b2 has the neighbours b1, c1, c2)."),
        N_("A side with no legal move on its turn loses; a position occurring for the third "
           "time is a draw."),
        N_("Transport: the distance is MP divided by the number of moving pieces (a promoted "
           "piece counts once), rounded down; a carried enemy piece moves with the group."),
        N_("Only the mover's own single stones are promoted, whether they moved or were carried; "
           "if stones are short the moving piece comes first, then carried pieces by file, then "
           "rank, of the cells they left. A stone left unpromoted waits for another move ending "
           "on the last rank."),
        N_("Captures compare the two MPs in the position before the move."),
        N_("Position text: after the side to move, which sides' last move was sideways: "
           "'-', 'w', 'b' or 'wb'."),
    )

    def parse_fields(self, fields):
        """The sideways field: which sides' last move was sideways."""
        lateral, = fields
        if lateral not in LATERAL_FIELDS:
            raise ValueError(_("the last field says whose last move was lateral: "
                               "one of {fields}, not '{field}'").format(
                fields=", ".join(LATERAL_FIELDS), field=lateral))
        return (lateral,), ()

    def check_position(self, state):
        board = state.board
        too_many = {WHITE: N_("white has {count} stones (a promoted piece is 2); at most {most}"),
                    BLACK: N_("black has {count} stones (a promoted piece is 2); at most {most}")}
        for side in (WHITE, BLACK):
            count = stone_count(board, side)
            if count > MAX_STONES:
                raise ValueError(_(too_many[side]).format(count=count, most=MAX_STONES))
        if not stone_count(board, OTHER[state.turn]):
            if OTHER[state.turn] == WHITE:
                raise ValueError(_("white has just moved, so it must have a stone"))
            raise ValueError(_("black has just moved, so it must have a stone"))

    def generate(self, state, captures_only=False):
        board, side = state.board, state.turn
        stones = STONES_OF[side]
        lateral_allowed = side not in state.extra[0]
        rays = GRID.rays
        potentials = self.potentials(state)
        for i, mp in potentials.items():
            man = board[i]
            if not stones[man]:
                continue
            directions = DIRECTIONS[side][man in "Dd"][lateral_allowed]
            name = NAMES[i]
            for d in directions:
                for j in rays[i][d][:mp]:
                    target = board[j]
                    if target == EMPTY:
                        if not captures_only:
                            yield f"{name}-{NAMES[j]}"
                        continue
                    if not stones[target] and mp > potentials[j]:
                        yield f"{name}:{NAMES[j]}"
                    break
            if captures_only:
                continue  # a group never captures
            carriable = tuple(j for j in ORTHOGONAL_NEIGHBOURS[i] if board[j] != EMPTY)
            for carried in subsets(carriable):
                reach = mp // (len(carried) + 1)
                if not reach:
                    continue
                group = (i,) + carried
                prefix = f"{name},{''.join(NAMES[j] for j in carried)}-"
                for d in directions:
                    distance = group_distance(board, group, d, reach)
                    ray = rays[i][d]
                    for step in range(distance):
                        yield prefix + NAMES[ray[step]]

    def apply(self, state, move):
        mover, carried, destination, is_capture = self._cells(move)
        side = state.turn
        if carried:
            cells = list(state.board)
            shift = destination - mover
            group = (mover,) + carried
            men = [cells[m] for m in group]
            for m in group:
                cells[m] = EMPTY
            arrivals = [m + shift for m in group]
            for cell, man in zip(arrivals, men):
                cells[cell] = man
            board = "".join(cells)
        else:
            board, arrivals = moved(state.board, mover, destination), (destination,)
        promoted = False
        if any(RANKS[cell] == LAST_RANK[side] for cell in arrivals):
            cells = list(board)
            promoted = self._promote(cells, side, arrivals)
            board = "".join(cells)
        sideways = RANKS[mover] == RANKS[destination]
        return self.next_state(state, board, move, (destination,) if is_capture else (),
                               extra=(LATERAL_AFTER[state.extra[0], side, sideways],), fresh=promoted)

    @staticmethod
    def _promote(cells, side, arrivals):
        """Promote the mover's single stones that arrived on the last rank, in notation
        order, while the side has fewer than 12 stones.  True if any was promoted."""
        stone, last = STONE[side], LAST_RANK[side]
        count = cells.count(stone) + 2 * cells.count(PROMOTED[side])
        promoted = False
        for cell in arrivals:
            if count >= MAX_STONES:
                break
            if cells[cell] == stone and GRID.rank(cell) == last:
                cells[cell] = PROMOTED[side]
                count += 1
                promoted = True
        return promoted

    def goal(self, state):
        side = state.turn
        if not stone_count(state.board, side):
            return win(OTHER[side], CAPTURED_ALL_REASONS[OTHER[side]])
        return None

    def why_illegal(self, state, move):
        try:
            mover, _carried, destination, _capture = self._cells(move)
        except ValueError as error:
            return f": {error}"
        if state.turn in state.extra[0] and GRID.rank(mover) == GRID.rank(destination):
            if state.turn == WHITE:
                return ": " + _("white's last move was sideways (no two in a row)")
            return ": " + _("black's last move was sideways (no two in a row)")
        return ""

    # -- for learning agents -----------------------------------------------------------
    def action_texts(self):
        """From-cell x to-cell for plain moves, again for captures ('b7:b5'), then again
        for each set of orthogonal neighbours carried (15 sets, by direction: 'b2,b1c2-c3');
        a set reaching off the board names no move."""
        plain = super().action_texts()
        texts = plain + [text and text.replace("-", ":") for text in plain]
        for directions in range(1, 1 << len(ORTHOGONAL)):
            for i in CELLS:
                carried = [GRID.step(i, d) for k, d in enumerate(ORTHOGONAL) if directions >> k & 1]
                if None in carried:
                    texts += [None] * GRID.size
                    continue
                head = f"{NAMES[i]},{''.join(NAMES[c] for c in sorted(carried, key=file_rank_order))}-"
                texts += [None if j == i else head + NAMES[j] for j in CELLS]
        return texts

    def observation_flags(self, state):
        """Whether White's, then Black's last move was sideways (no sideways move now)."""
        return tuple(side in state.extra[0] for side in (WHITE, BLACK))

    # -- for the page and the AI ----------------------------------------------------
    def _cells(self, move):
        """(mover, carried cells, destination, is_capture) as indices; ValueError if the
        text is not written like a Pux move.  Kept once read: the search applies the
        same moves again and again."""
        cells = _READ_MOVES.get(move) if isinstance(move, str) else None
        if cells is not None:
            return cells
        if not isinstance(move, str):
            raise ValueError(_("a Pux move is a text like 'b2-b4', 'b2,b1c2-c3' or 'b7:b5'"))
        is_capture = ":" in move
        head, separator, target = move.partition(":" if is_capture else "-")
        mover_name, comma, carried_names = head.partition(",")
        if not separator or (comma and (is_capture or not carried_names)) or len(carried_names) % 2:
            raise ValueError(_("'{move}' is not a move like 'b2-b4', 'b2,b1c2-c3' or 'b7:b5'").format(move=move))
        carried = tuple(parse_cell(carried_names[k:k + 2], move) for k in range(0, len(carried_names), 2))
        cells = _READ_MOVES[move] = parse_cell(mover_name, move), carried, parse_cell(target, move), is_capture
        return cells

    def parse_move(self, move):
        """(mover cell, carried cells, destination cell, is_capture) of a move text."""
        mover, carried, destination, is_capture = self._cells(move)
        return NAMES[mover], tuple(NAMES[c] for c in carried), NAMES[destination], is_capture

    def move_cells(self, move):
        mover, _carried, destination, _capture = self._cells(move)
        return NAMES[mover], NAMES[destination]

    def move_potential(self, state, cell_name):
        """MP of the piece on `cell_name`; ValueError for an empty cell."""
        cell = GRID.index(cell_name)
        if state.board[cell] == EMPTY:
            raise ValueError(_("there is no piece on {cell}").format(cell=cell_name))
        return self.potentials(state)[cell]

    def move_extras(self, move):
        return frozenset(self.parse_move(move)[1])

    def notes(self, state):
        if state.turn not in state.extra[0]:
            return []
        if state.turn == WHITE:
            return [_("White moved sideways last turn, so it may not move sideways now.")]
        return [_("Black moved sideways last turn, so it may not move sideways now.")]

    def builder(self, state, cell, extras, choices, destinations):
        """The move potential of the selected piece and what carrying does to it."""
        mp = self.move_potential(state, cell)
        lines = []
        if choices:
            lines.append(_("Carry neighbours along with the buttons, or shift-click them on the board."))
        if extras:
            pieces = 1 + len(extras)
            reach = mp // pieces
            # TRANSLATORS: {cells} lists the carried pieces' cells ("b1, c2"); MP is the move potential.
            lines.append(ngettext("Carrying {cells}: all move the same way, at most {reach} cell "
                                  "(MP {mp} / {pieces} pieces).",
                                  "Carrying {cells}: all move the same way, at most {reach} cells "
                                  "(MP {mp} / {pieces} pieces).", reach).format(
                cells=", ".join(sorted(extras, key=notation_order)), reach=reach, mp=mp, pieces=pieces))
        if not destinations:
            lines.append(_("No move with these pieces carried: carry fewer."))
        elif not extras and any(state.board[GRID.index(dst)] != EMPTY for dst in destinations):
            lines.append(_("A ringed cell is a capture (an enemy piece with a smaller MP); "
                           "a piece that captures carries nothing."))
        lines.append(_("Click a marked cell to move there."))
        return _("Move potential: {mp}").format(mp=mp), lines

    def is_noisy(self, state, move):
        return ":" in move

    def noisy_moves(self, state):
        return list(self.generate(state, captures_only=True))

    weights = WEIGHTS

    def potentials(self, state):
        """{cell: MP} of every piece (move_potentials), kept with the state (its `facts`):
        its moves, noisy moves and evaluation all ask."""
        if state.facts is None:
            state.facts = move_potentials(state.board)
        return state.facts

    def terms(self, state):
        """FEATURES' values, White's less Black's."""
        board = state.board
        advance = potential = 0
        for i, mp in self.potentials(state).items():
            man = board[i]
            if OWNER[man] == WHITE:
                potential += mp
                if man == "S":
                    advance += RANKS[i]
            else:
                potential -= mp
                if man == "s":
                    advance -= 7 - RANKS[i]
        return (board.count("S") - board.count("s"), board.count("D") - board.count("d"), advance, potential)

    def features(self, state):
        return dict(zip(FEATURES, self.terms(state)))

    def evaluate(self, state):
        """Stones, move potential (strength in numbers) and advancement, weighted (WEIGHTS)."""
        score = self.weighted(self.terms(state))
        return score if state.turn == WHITE else -score
