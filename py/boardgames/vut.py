"""The VUT family (RULES.md section 1): Juan Diego Sanchez Torres' game and its variants.

Men move 1..range cells in a straight orthogonal line onto an empty cell; the moved man
captures the enemy men it sandwiches against a friendly man (custody).  The variants
differ only in parameters: board size, ranges, kings and the centre cell, a wrap-around
board, edge custody, capture by intervention, the goals and the pawnless draw.  Each is
one `Variant` record in VARIANTS; `VUT_GAMES` holds one Game class per record.
"""

from dataclasses import dataclass

from .core import BLACK, OTHER, SIDE_NAMES, WHITE, Game, Man, State, both_sides, draw, no_move_loss, win
from .grid import EMPTY, ORTHOGONAL, SquareGrid, parse_turn, split_fields

PIECE, PAWN, KING = "O", "P", "K"
OFF_BOARD = -1  # the `beyond` cell of an edge custody, the missing flank of an edge cell

# Goals: each is checked for both sides after every move ("who wins first").
PAWN_RACE = "pawn race"            # a pawn on the farthest rank
KING_TO_CENTRE = "king to centre"  # Royal: a king on the centre cell
EXTERMINATION = "extermination"    # the opponent has no men
EXTINCTION = "extinction"          # the opponent has no pieces or no pawns
CONNECTION = "connection"          # a chain rank 1 - last rank; the opponent too few men

_LETTERS = {WHITE: (PIECE, PAWN, KING), BLACK: (PIECE.lower(), PAWN.lower(), KING.lower())}
LOOKS = {PIECE: Man("piece", "block", 0.86), PAWN: Man("pawn", "disc", 0.72),
         KING: Man("king", "crowned", 0.86)}
OWN = {side: "".join(letters) for side, letters in _LETTERS.items()}
# Men that close a custody (and pieces + pawns in general): kings never take part.
MEN = {side: letters[0] + letters[1] for side, letters in _LETTERS.items()}
CAPTURABLE = MEN[WHITE] + MEN[BLACK]
PIECE_OF = {side: letters[0] for side, letters in _LETTERS.items()}
PAWN_OF = {side: letters[1] for side, letters in _LETTERS.items()}
KING_OF = {side: letters[2] for side, letters in _LETTERS.items()}
SIDE_OF = {letter: side for side, letters in _LETTERS.items() for letter in letters}
TITLE = {WHITE: "White", BLACK: "Black"}


@dataclass(frozen=True)
class Variant:
    """One member of the family: everything that differs between the VUT games."""
    id: str
    name: str
    summary: str
    size: int
    setup: str
    goals: tuple
    piece_range: int = 2
    pawn_range: int = 3
    kings: bool = False          # one king each; the centre cell is for kings only
    wrap: bool = False           # the first and last files are adjacent
    edge_custody: bool = False   # the board edge closes a custody
    intervention: bool = False   # a pawn moving between two enemies removes both
    pawnless_draw: bool = True   # draw when both sides have lost all their pawns
    rulings: tuple = ()


SETUP_RULING = ("Setup reconstructed: the setup figure is missing from the text; pieces "
                "stand on the home rank, pawns in front of them.")
EXTERMINATION_SETUP_RULING = (
    "Setup reconstructed: figure 7 is missing; the text says this setup avoids pawns "
    "being trapped at once, so no man starts against the home edge and the pawns stand "
    "behind the pieces (ranks 2 and 3).")
CAPTURE_RULING = ("'Captures are not mandatory' is read as: no one must choose a "
                  "capturing move; a custody formed by a move always captures, all at once.")
EDGE_RULING = "Edge custody (figure 6) belongs to extermination, extinction and connection only."

VARIANTS = (
    Variant("vut", "VUT", "Race a pawn to the far side; capture by custody.", 9,
            "ooooooooo/ppppppppp/9/9/9/9/9/PPPPPPPPP/OOOOOOOOO w", (PAWN_RACE,),
            rulings=(SETUP_RULING, CAPTURE_RULING)),
    Variant("vut-royal", "Royal VUT", "VUT with kings: bring your king to the centre "
            "cell e5 (or a pawn to the far side).", 9,
            "4k4/ooooooooo/ppppppppp/9/9/9/PPPPPPPPP/OOOOOOOOO/4K4 w",
            (KING_TO_CENTRE, PAWN_RACE), kings=True, pawnless_draw=False,
            rulings=("Setup reconstructed: figure 5 is missing; kings on the home rank "
                     "centre, pieces and pawns one rank further in.",
                     "The pawn goal of VUT stays: a pawn on the farthest rank also wins.",
                     "Both sides losing all their pawns is not a draw here: the kings can "
                     "still win.", CAPTURE_RULING)),
    Variant("vut-extermination", "VUT extermination", "Capture every enemy man; the "
            "board edge helps you capture.", 9,
            "9/ppppppppp/ooooooooo/9/9/9/OOOOOOOOO/PPPPPPPPP/9 w", (EXTERMINATION,),
            edge_custody=True, pawnless_draw=False,
            rulings=(EXTERMINATION_SETUP_RULING, "The pawn race does not win here, and "
                     "losing all pawns is no draw.", CAPTURE_RULING)),
    Variant("vut-extinction", "VUT extinction", "Capture all the enemy's pieces or all "
            "its pawns.", 9,
            "9/ppppppppp/ooooooooo/9/9/9/OOOOOOOOO/PPPPPPPPP/9 w", (EXTINCTION,),
            edge_custody=True, pawnless_draw=False,
            rulings=(EXTERMINATION_SETUP_RULING, EDGE_RULING, "The pawn race does not "
                     "win here.", CAPTURE_RULING)),
    Variant("vut-connection", "VUT connection", "Link rank 1 to rank 9 with a chain of "
            "your men.", 9,
            "9/ppppppppp/ooooooooo/9/9/9/OOOOOOOOO/PPPPPPPPP/9 w", (CONNECTION,),
            edge_custody=True, pawnless_draw=False,
            rulings=(EXTERMINATION_SETUP_RULING, EDGE_RULING,
                     "A move that opens a line between two enemy men can complete the "
                     "enemy's chain: then the enemy wins, unless the mover has a chain too.",
                     "'Not enough men to join the two rows' is made exact: with a pawns and "
                     "k men, the longest chain spans 3*min(k-1, 2a) + 2*(the other links) "
                     "ranks; a side whose longest chain is shorter than 8 ranks loses (if "
                     "both sides, the side that just moved wins).", CAPTURE_RULING)),
    Variant("vut-cylindrical", "VUT cylindrical", "VUT on a cylinder: the left and right "
            "edges are joined.", 9,
            "ooooooooo/ppppppppp/9/9/9/9/9/PPPPPPPPP/OOOOOOOOO w", (PAWN_RACE,), wrap=True,
            rulings=(SETUP_RULING, "Moves across the joined edge name the real cells "
                     "(a3-i3 is one step).", CAPTURE_RULING)),
    Variant("vut-intervention", "VUT intervention", "VUT where a pawn stepping between "
            "two enemies captures both.", 9,
            "ooooooooo/ppppppppp/9/9/9/9/9/PPPPPPPPP/OOOOOOOOO w", (PAWN_RACE,),
            intervention=True,
            rulings=(SETUP_RULING, "A pawn's custody and intervention captures of one "
                     "move all happen.", CAPTURE_RULING)),
    Variant("vut-7x7", "VUT 7x7", "A quick VUT intervention on 7x7 with shorter moves.",
            7, "ooooooo/ppppppp/7/7/7/PPPPPPP/OOOOOOO w", (PAWN_RACE,),
            piece_range=1, pawn_range=2, intervention=True,
            rulings=("Setup reconstructed: figure 11 is missing; pieces on the home rank, "
                     "pawns in front.", CAPTURE_RULING)),
    Variant("vut-11x11", "VUT 11x11", "VUT on a larger 11x11 board.", 11,
            "ooooooooooo/ppppppppppp/11/11/11/11/11/11/11/PPPPPPPPPPP/OOOOOOOOOOO w",
            (PAWN_RACE,), rulings=(SETUP_RULING, CAPTURE_RULING)),
)


def _cells_text(count):
    return "exactly 1 cell" if count == 1 else f"1 to {count} cells"


def rules_text(v, grid, centre):
    """The rules in brief, written from the variant's parameters (so they cannot disagree)."""
    last_file, last_rank = grid.names[grid.size - 1][0], v.size
    centre_name = grid.names[centre] if centre is not None else ""
    rules = [f"Board {v.size}x{v.size}; each side has {v.size} pieces and {v.size} pawns"
             + (" and a king" if v.kings else "") + ". White moves first.",
             f"A move: one man goes straight along a file or rank onto an empty cell, "
             f"over empty cells only: pieces {_cells_text(v.piece_range)}, pawns "
             f"{_cells_text(v.pawn_range)}" + (", kings exactly 1 cell." if v.kings else ".")]
    if v.wrap:
        rules.append(f"Files a and {last_file} are joined: men move and capture across "
                     f"that edge.")
    if v.kings:
        rules.append(f"Only a king may enter the centre {centre_name}; other men "
                     f"neither stop on it nor pass over it.")
    rules.append("Custody: every enemy man next to the moved man, with a friendly man "
                 "right behind it in the same line, is removed (several at once). Moving "
                 "between two enemies is safe.")
    if v.kings:
        rules.append("Kings are never captured and never help to capture.")
    if v.edge_custody:
        rules.append("Edge custody: an enemy man next to the moved man and against the "
                     "board edge is captured too.")
    if v.intervention:
        rules.append("Intervention: a pawn (not a piece) that moves between two enemy "
                     "men in a line removes both.")
    goals = {
        PAWN_RACE: "A pawn (not a piece) reaching the farthest rank wins at once.",
        KING_TO_CENTRE: f"A king reaching the centre {centre_name} wins at once.",
        EXTERMINATION: "Capture all the opponent's men to win.",
        EXTINCTION: "Capture all the opponent's pieces, or all its pawns, to win.",
        CONNECTION: f"Win with a chain of your men from rank 1 to rank {last_rank}, each "
                    f"next one reachable by a legal move of one of the two if its cell "
                    f"were empty. Opening a line for the enemy's chain lets the enemy win; "
                    f"a side with too few men left to build a chain loses.",
    }
    rules.extend(goals[g] for g in v.goals)
    rules.append("A side with no legal move loses. Threefold repetition is a draw"
                 + ("; so is the loss of all pawns by both sides." if v.pawnless_draw else "."))
    return tuple(rules)


def _walk(ray, reach, centre):
    """The first `reach` cells of `ray`, stopping before `centre` (None: no such cell)."""
    cells = []
    for cell in ray[:reach]:
        if cell == centre:
            break
        cells.append(cell)
    return cells


def _paths(grid, reach, centre):
    """For every cell, one tuple per direction of (cell, move text) a man may walk to."""
    names = grid.names
    return [tuple(path for path in (tuple((j, f"{names[i]}-{names[j]}")
                                          for j in _walk(grid.rays[i][d], reach, centre))
                                    for d in ORTHOGONAL) if path)
            for i in range(grid.size)]


def _flank(grid, i, direction, edge_custody):
    """The neighbour of i in `direction`; OFF_BOARD for the edge where the edge counts."""
    cell = grid.step(i, direction)
    return OFF_BOARD if cell is None and edge_custody else cell


def _custody_lines(grid, i, edge_custody):
    """(victim, beyond) for each neighbour of i: the cells a man arriving on i sandwiches."""
    lines = []
    for d in ORTHOGONAL:
        victim = grid.step(i, d)
        if victim is not None:
            beyond = _flank(grid, victim, d, edge_custody)
            if beyond is not None:
                lines.append((victim, beyond))
    return tuple(lines)


def _flanks(grid, i, edge_custody):
    """The pairs of cells on either side of i, along the rank and along the file."""
    pairs = ((_flank(grid, i, (1, 0), edge_custody), _flank(grid, i, (-1, 0), edge_custody)),
             (_flank(grid, i, (0, 1), edge_custody), _flank(grid, i, (0, -1), edge_custody)))
    return tuple(pair for pair in pairs if None not in pair)


def _tables(v):
    """The class attributes of a variant's game: geometry and rules tables."""
    grid = SquareGrid(v.size, wrap_files=v.wrap)
    centre = grid.size // 2 if v.kings else None  # the middle cell (e5 on 9x9)
    paths = {}
    for side in (WHITE, BLACK):
        paths[PIECE_OF[side]] = _paths(grid, v.piece_range, centre)
        paths[PAWN_OF[side]] = _paths(grid, v.pawn_range, centre)
        paths[KING_OF[side]] = _paths(grid, 1, None)
    # link_lines[i]: (distance, cell) along each line from i, as far as any man reaches
    longest = max(v.piece_range, v.pawn_range)
    link_lines = [tuple(tuple(enumerate(cells, 1)) for cells in
                        (_walk(grid.rays[i][d], longest, centre) for d in ORTHOGONAL) if cells)
                  for i in range(grid.size)]
    move_index = {text: (i, j) for cells in paths.values() for i, cell_paths in enumerate(cells)
                  for path in cell_paths for j, text in path}
    flanks = [_flanks(grid, i, v.edge_custody) for i in range(grid.size)]
    n = v.size
    progress = {WHITE: [grid.rank(i) for i in range(grid.size)],
                BLACK: [n - 1 - grid.rank(i) for i in range(grid.size)]}
    middle = n // 2
    kinds = 3 if v.kings else 2  # letters in use: piece, pawn (, king)
    return {
        "variant": v, "id": v.id, "name": v.name, "summary": v.summary, "setup": v.setup,
        "rules": rules_text(v, grid, centre), "rulings": v.rulings,
        "grid": grid, "centre": centre, "wrap": v.wrap,
        "letters": OWN[WHITE][:kinds] + OWN[BLACK][:kinds],
        "kinds": both_sides(dict(list(LOOKS.items())[:kinds])),
        "special_cells": {grid.names[centre]: "centre"} if v.kings else {},
        "paths": paths, "move_index": move_index, "link_lines": link_lines,
        "move_text": {cells: text for text, cells in move_index.items()},
        "reach": {letter: length for side in (WHITE, BLACK) for letter, length in
                  ((PIECE_OF[side], v.piece_range), (PAWN_OF[side], v.pawn_range))},
        "custody": [_custody_lines(grid, i, v.edge_custody) for i in range(grid.size)],
        "interventions": [tuple(pair for pair in pairs if OFF_BOARD not in pair)
                          if v.intervention else () for pairs in flanks],
        "flanks": flanks, "progress": progress,
        "goal_rows": {WHITE: ((n - 1) * n, n * n), BLACK: (0, n)},
        # forward[side][i]: the slice of the board string ahead of a pawn on i (its file)
        "forward": {WHITE: [slice(i + n, None, n) for i in range(grid.size)],
                    BLACK: [slice(i - n, None, -n) if i >= n else slice(0, 0)
                            for i in range(grid.size)]},
        "centre_distance": [abs(grid.file(i) - middle) + abs(grid.rank(i) - middle)
                            for i in range(grid.size)],
    }


class Vut(Game):
    """The rule book of a VUT variant; subclasses (one per VARIANTS entry) carry the tables."""

    variant = None
    ply_cap = 400

    def __init__(self, **options):
        super().__init__(**options)
        checks = {PAWN_RACE: self._pawn_race, KING_TO_CENTRE: self._king_to_centre,
                  EXTERMINATION: self._extermination, EXTINCTION: self._extinction,
                  CONNECTION: self._connection}
        self.goal_checks = tuple(checks[g] for g in self.variant.goals)
        terms = {PAWN_RACE: self._pawn_progress, KING_TO_CENTRE: self._king_progress,
                 EXTERMINATION: self._material, EXTINCTION: self._balanced_material,
                 CONNECTION: self._chain_progress}
        self.eval_terms = tuple(terms[g] for g in self.variant.goals)

    # -- position texts ------------------------------------------------------------
    def parse(self, fen):
        board_field, turn = split_fields(fen, 2)
        board = self.grid.parse_board(board_field, self.letters)
        turn = parse_turn(turn)
        n = self.variant.size
        for side in (WHITE, BLACK):
            for letter, kind in ((PIECE_OF[side], "pieces"), (PAWN_OF[side], "pawns")):
                if board.count(letter) > n:
                    raise ValueError(f"{TITLE[side]} has {board.count(letter)} {kind}, "
                                     f"more than the {n} it starts with")
            if self.variant.kings and board.count(KING_OF[side]) != 1:
                raise ValueError(f"{TITLE[side]} must have exactly one king (kings are "
                                 f"never captured), the text has {board.count(KING_OF[side])}")
        if self.centre is not None and board[self.centre] not in (EMPTY, KING, KING.lower()):
            raise ValueError(f"only a king may stand on the centre "
                             f"{self.grid.names[self.centre]}")
        return State(board, turn)

    def fen(self, state):
        return f"{self.grid.board_text(state.board)} {state.turn}"

    # -- moves ---------------------------------------------------------------------
    def generate(self, state):
        board, own, paths = state.board, OWN[state.turn], self.paths
        for i, man in enumerate(board):
            if man in own:
                for path in paths[man][i]:
                    for j, text in path:
                        if board[j] != EMPTY:
                            break
                        yield text

    def captures(self, board, src, dst):
        """Cells of the enemy men taken when the man on `src` moves to `dst`.

        Works on the board before the move: `src` is never a victim (it holds the mover)
        nor the cell beyond one (the man would have had to pass over that victim).
        """
        man = board[src]
        side = SIDE_OF[man]
        if man == KING_OF[side]:
            return []
        victims, closers = MEN[OTHER[side]], MEN[side]
        taken = self.custody_victims(board, dst, victims, closers)
        if man == PAWN_OF[side]:
            for a, b in self.interventions[dst]:
                if board[a] in victims and board[b] in victims:
                    taken.extend(c for c in (a, b) if c not in taken)
        return taken

    def custody_victims(self, board, dst, victims, closers):
        """The `victims` a man arriving on `dst` sandwiches against `closers` (or the
        edge, where it counts)."""
        return [victim for victim, beyond in self.custody[dst]
                if board[victim] in victims and (beyond == OFF_BOARD or board[beyond] in closers)]

    def _cells(self, move):
        cells = self.move_index.get(move)
        if cells is None:
            raise ValueError(f"'{move}' is not a move on this board")
        return cells

    def apply(self, state, move):
        src, dst = self._cells(move)
        board = state.board
        taken = self.captures(board, src, dst)
        cells = list(board)
        cells[dst], cells[src] = cells[src], EMPTY
        for cell in taken:
            cells[cell] = EMPTY
        names = self.grid.names
        return State("".join(cells), OTHER[state.turn],
                     history=() if taken else state.history,
                     last=(move, tuple(names[c] for c in taken)))

    def why_illegal(self, state, move):
        cells = self.move_index.get(move)
        if cells is None:
            return " (a move is from-to along a file or rank, like 'e2-e4')"
        if state.board[cells[0]] not in OWN[state.turn]:
            return f" ({SIDE_NAMES[state.turn]} has no man on {move.split('-')[0]})"
        return ""

    # -- results -------------------------------------------------------------------
    def judge(self, state):
        board, mover = state.board, OTHER[state.turn]
        for side in (mover, state.turn):
            for check in self.goal_checks:
                reason = check(board, side)
                if reason:
                    return win(side, reason)
        if state.repetitions() >= 3:
            return draw("threefold repetition")
        if self.variant.pawnless_draw and PAWN not in board and PAWN.lower() not in board:
            return draw("both sides have lost all their pawns")
        if not self.has_move(state):
            return no_move_loss(state.turn)
        return None

    def _pawn_race(self, board, side):
        start, stop = self.goal_rows[side]
        if PAWN_OF[side] in board[start:stop]:
            return f"a {SIDE_NAMES[side]} pawn reached the farthest rank"
        return None

    def _king_to_centre(self, board, side):
        if board[self.centre] == KING_OF[side]:
            return f"the {SIDE_NAMES[side]} king reached the centre"
        return None

    def _extermination(self, board, side):
        other = OTHER[side]
        if PIECE_OF[other] not in board and PAWN_OF[other] not in board:
            return f"all {TITLE[other]}'s men were captured"
        return None

    def _extinction(self, board, side):
        other = OTHER[side]
        for letter, kind in ((PIECE_OF[other], "pieces"), (PAWN_OF[other], "pawns")):
            if letter not in board:
                return f"all {TITLE[other]}'s {kind} were captured"
        return None

    def _connection(self, board, side):
        if self.has_chain(board, side):
            return f"a {SIDE_NAMES[side]} chain links rank 1 and rank {self.variant.size}"
        other = OTHER[side]
        if self.longest_chain(board, other) < self.variant.size - 1:
            return f"{TITLE[other]} has too few men left to build a chain"
        return None

    def longest_chain(self, board, side):
        """How many ranks the longest chain `side`'s men could ever form may span.

        A link spans at most the larger range of its two men; each pawn can give the
        pawn range to at most two links, the other links get the piece range.
        """
        pawns = board.count(PAWN_OF[side])
        links = pawns + board.count(PIECE_OF[side]) - 1
        if links <= 0:
            return 0
        long_links = min(links, 2 * pawns)
        v = self.variant
        return v.pawn_range * long_links + v.piece_range * (links - long_links)

    def components(self, board, side):
        """The connected groups (lists of cells) of `side`'s pieces and pawns.

        A and B are linked when one could move onto the other's cell: the first man
        along a line from A, at a distance within A's range or within its own.
        """
        own, reach, lines = MEN[side], self.reach, self.link_lines
        seen, groups = set(), []
        for start, man in enumerate(board):
            if man not in own or start in seen:
                continue
            seen.add(start)
            group = [start]
            for cell in group:
                cell_reach = reach[board[cell]]
                for line in lines[cell]:
                    for distance, other in line:
                        found = board[other]
                        if found != EMPTY:
                            if (found in own and other not in seen
                                    and (distance <= cell_reach or distance <= reach[found])):
                                seen.add(other)
                                group.append(other)
                            break
            groups.append(group)
        return groups

    def has_chain(self, board, side):
        """True when a chain of `side`'s men links rank 1 and the last rank."""
        own, n = MEN[side], self.variant.size
        if not any(man in own for man in board[:n]) or not any(man in own for man in board[-n:]):
            return False
        last = n - 1
        return any({self.grid.rank(c) for c in group} >= {0, last}
                   for group in self.components(board, side))

    # -- AI hooks --------------------------------------------------------------------
    def evaluate(self, state):
        """Side to move's view: the goal terms for both sides plus custody threats."""
        board, side = state.board, state.turn
        other = OTHER[side]
        score = sum(term(board, side) - term(board, other) for term in self.eval_terms)
        threatened = self.threats(board)
        return score + 20 * threatened[other] - 10 * threatened[side]

    def threats(self, board):
        """{side: how many of its men the enemy could take by moving a man next to them}."""
        count = {WHITE: 0, BLACK: 0}
        for i, man in enumerate(board):
            if man in CAPTURABLE:
                side = SIDE_OF[man]
                if self.capture_cells(board, i, MEN[OTHER[side]]):
                    count[side] += 1
        return count

    def capture_cells(self, board, victim, closers):
        """The empty cells next to `victim` where a man arriving would take it: the other
        flank in line holds one of `closers` (or is the edge, where the edge counts)."""
        cells = []
        for a, b in self.flanks[victim]:
            if a != OFF_BOARD and board[a] == EMPTY and (b == OFF_BOARD or board[b] in closers):
                cells.append(a)
            if b != OFF_BOARD and board[b] == EMPTY and (a == OFF_BOARD or board[a] in closers):
                cells.append(b)
        return cells

    def _material(self, board, side):
        return 100 * (board.count(PIECE_OF[side]) + board.count(PAWN_OF[side]))

    def _balanced_material(self, board, side):
        """Extinction: the scarcer kind of man is what a side must not run out of."""
        pieces, pawns = board.count(PIECE_OF[side]), board.count(PAWN_OF[side])
        return 100 * (pieces + pawns) + 60 * min(pieces, pawns)

    def _pawn_progress(self, board, side):
        """Material, pawns' advance (squared) and pawns whose way to the goal is clear."""
        pawn, progress, forward = PAWN_OF[side], self.progress[side], self.forward[side]
        score = 100 * board.count(PIECE_OF[side])
        i = board.find(pawn)
        while i >= 0:
            advance = progress[i]
            score += 100 + 3 * advance * advance
            if not board[forward[i]].strip(EMPTY):
                score += 6 * advance + 10
            i = board.find(pawn, i + 1)
        return score

    def _king_progress(self, board, side):
        return 30 * (self.variant.size - self.centre_distance[board.index(KING_OF[side])])

    def _chain_progress(self, board, side):
        """Material and the rank span of the best connected group."""
        rank = self.progress[WHITE]  # the rank of each cell
        best = 0
        for group in self.components(board, side):
            ranks = [rank[c] for c in group]
            best = max(best, max(ranks) - min(ranks))
        return self._material(board, side) + 25 * best

    def is_noisy(self, state, move):
        """Captures, and moves that reach a pawn or king goal."""
        src, dst = self._cells(move)
        board = state.board
        if self.captures(board, src, dst):
            return True
        man, side = board[src], state.turn
        if man == KING_OF[side]:
            return dst == self.centre
        start, stop = self.goal_rows[side]
        return man == PAWN_OF[side] and PAWN_RACE in self.variant.goals and start <= dst < stop

    def noisy_moves(self, state):
        """The moves `is_noisy` accepts, found from their targets: for each kind of man
        the empty cells where it would capture (the flanks of enemy men) or reach a goal,
        then the nearest man of that kind on each line from there (moving is symmetric)."""
        board, side = state.board, state.turn
        victims, closers = MEN[OTHER[side]], MEN[side]
        piece, pawn = PIECE_OF[side], PAWN_OF[side]
        captures, pawn_targets = set(), set()
        for victim, man in enumerate(board):
            if man in victims:
                captures.update(self.capture_cells(board, victim, closers))
        if self.variant.intervention:
            for dst, man in enumerate(board):
                if man == EMPTY and dst not in captures and any(
                        board[a] in victims and board[b] in victims
                        for a, b in self.interventions[dst]):
                    pawn_targets.add(dst)
        captures.discard(self.centre)  # only a king may stop on the centre
        pawn_targets.discard(self.centre)
        if PAWN_RACE in self.variant.goals:
            start, stop = self.goal_rows[side]
            pawn_targets.update(c for c in range(start, stop) if board[c] == EMPTY)
        targets = {piece: captures, pawn: captures | pawn_targets}
        if self.centre is not None and board[self.centre] == EMPTY:
            targets[KING_OF[side]] = (self.centre,)
        found = []
        for man, cells in targets.items():
            for dst in sorted(cells):
                for path in self.paths[man][dst]:
                    for j, _ in path:
                        if board[j] != EMPTY:
                            if board[j] == man:
                                found.append(self.move_text[j, dst])
                            break
        return found


def _game_class(variant):
    class_name = "".join(part.capitalize() for part in variant.id.split("-"))
    return type(class_name, (Vut,), {"__doc__": f"{variant.name}: {variant.summary}",
                                      **_tables(variant)})


VUT_GAMES = tuple(_game_class(v) for v in VARIANTS)
