"""Tablut: Linnaeus' tafl game as this project plays it (its rulings: docs/rulings.md).

Black's 16 Muscovites (`s`) try to surround White's king (`K`); the king with his 8
Swedes (`S`) tries to reach any edge cell.  Black moves first.
"""

from .core import BLACK, Game, Man, WHITE, win
from .grid import (EMPTY, ORTHOGONAL, SquareGrid, bit_table, bits, can_walk, cells_of, custody_victims, emptied,
                   first_steps, mark_table, moved, walks)
from .texts import N_, _

GRID = SquareGrid(9)
THRONE = GRID.index("e5")
EDGE = frozenset(i for i in range(GRID.size)
                 if GRID.file(i) in (0, 8) or GRID.rank(i) in (0, 8))
KING, SWEDE, MUSCOVITE = "K", "S", "s"
OWNER = {KING: WHITE, SWEDE: WHITE, MUSCOVITE: BLACK}
OWN = {WHITE: KING + SWEDE, BLACK: MUSCOVITE}
OWN_MARKS = {side: mark_table(men) for side, men in OWN.items()}  # for walks
# Custody: the soldiers a side's men capture, and its men that close a custody (the
# armed king is one); the king himself is captured only by enclosure.
VICTIMS = {WHITE: MUSCOVITE, BLACK: SWEDE}
CLOSERS = {WHITE: SWEDE + KING, BLACK: MUSCOVITE}
CUSTODY = GRID.custody_lines()
EMPTY_BITS = bit_table(EMPTY)  # bits() tables: the empty cells, and each side's victims and closers
VICTIM_BITS = {side: bit_table(men) for side, men in VICTIMS.items()}
CLOSER_BITS = {side: bit_table(men) for side, men in CLOSERS.items()}
# Every man moves like a rook; soldiers neither stop on nor cross the throne.
PATHS = {KING: GRID.paths(8), SWEDE: GRID.paths(8, THRONE), MUSCOVITE: GRID.paths(8, THRONE)}
FIRST_STEPS = {man: first_steps(paths) for man, paths in PATHS.items()}  # for can_walk
MOVE_CELLS = {text: (i, j) for paths in PATHS.values() for i, cell_paths in enumerate(paths)
              for path in cell_paths for j, text in path}
NEIGHBOURS = [tuple(GRID.step(i, d) for d in ORTHOGONAL) for i in range(GRID.size)]
EMPTIES = [EMPTY * n for n in range(10)]  # a line of n empty cells, to compare slices with
OPEN_LINE_VALUE = (0, 120, 900, 900, 900)  # Black to move: it can block one line, not two
# The evaluation's weights, White's side (Tablut.evaluate; 100 = a Swede): men, the king's
# ways to the edge in two moves (at most 4 count), the cells he reaches, his neighbours
# that hem him (Muscovites, the throne), Muscovites within two cells, and inner lanes free
# of Muscovites (a lane the king may run).  Written by tools/tune_weights.py:
# -- weights begin --
WEIGHTS = {"swedes": 100, "muscovites": -60, "escapes": 40, "reach": 4, "hemmed": -30, "crowd": -10,
           "free_lanes": 12}
# -- weights end --
FEATURES = tuple(WEIGHTS)
# Slices of the board: the inner rows and columns (lanes), and per cell its rays that
# reach the edge, each with the slice holding its cells (in some order).
LANES = [slice(r * 9, r * 9 + 9) for r in range(1, 8)] + [slice(f, None, 9) for f in range(1, 8)]
RAY_LINES = [tuple((ray, slice(min(ray), max(ray) + 1, abs(ray[1] - ray[0]) if len(ray) > 1 else 1))
                   for ray in (GRID.rays[i][d] for d in ORTHOGONAL) if ray)
             for i in range(GRID.size)]
# Per cell the slices of the rows around it, two cells either way (Tablut.terms' crowd).
CROWD_LINES = [tuple(slice(r * 9 + max(i % 9 - 2, 0), r * 9 + min(i % 9 + 3, 9))
                     for r in range(max(i // 9 - 2, 0), min(i // 9 + 3, 9)))
               for i in range(GRID.size)]
# Per cell the lines across it to the edge, each way, with the empty line to compare with:
# (slice, empties, slice, empties) of its file (CROSS_FILE) and of its rank (CROSS_RANK);
# per cell the king's ways: each ray with the lines across the cells along it.
CROSS_FILE = [(slice(j % 9, j, 9), EMPTIES[j // 9], slice(j + 9, None, 9), EMPTIES[8 - j // 9])
              for j in range(GRID.size)]
CROSS_RANK = [(slice(j - j % 9, j), EMPTIES[j % 9], slice(j + 1, j - j % 9 + 9), EMPTIES[8 - j % 9])
              for j in range(GRID.size)]
KING_WAYS = [tuple((GRID.rays[i][d], CROSS_FILE if d[1] == 0 else CROSS_RANK) for d in ORTHOGONAL)
             for i in range(GRID.size)]
WIN_SCORE = 100_000


def king_is_captured(board, king, moved_to):
    """True when Black's man arriving on `moved_to` completes the enclosure of the king."""
    around = NEIGHBOURS[king]
    if moved_to not in around:
        return False
    return all(cell is not None and (board[cell] == MUSCOVITE or cell == THRONE)
               for cell in around)


def arrivals(board, dst, side):
    """The cells of `side`'s men that can move to the empty cell `dst`: the first man
    on each line from it (moving is symmetric), a soldier only if the way does not
    cross the throne."""
    found = []
    for d in ORTHOGONAL:
        past_throne = dst == THRONE
        for j in GRID.rays[dst][d]:
            man = board[j]
            if man == EMPTY:
                past_throne = past_throne or j == THRONE
                continue
            if OWNER[man] == side and (man == KING or not past_throne):
                found.append(j)
            break
    return found


def king_open_lines(board, king):
    """The king's open lines: for each direction with nothing between him and the
    edge, the cells he could run along (the empty throne does not stop him)."""
    return [ray for ray, line in RAY_LINES[king] if board[line] == EMPTIES[len(ray)]]


class Tablut(Game):
    id = "tablut"
    # TRANSLATORS: a game's name
    name = N_("Tablut")
    summary = N_("Linnaeus' Viking game: the king and his Swedes try to break out to the edge.")
    setup = "3sss3/4s4/4S4/s3S3s/ssSSKSSss/s3S3s/4S4/4s4/3sss3 b"
    rules = (
        N_("Black's 16 Muscovites against White's king and 8 Swedes on a 9x9 board; Black moves first."),
        N_("Every man moves like a chess rook: any distance in a straight line, not over other men."),
        N_("Only the king may stop on the throne (e5); other men may not pass over it either."),
        N_("A soldier is captured when an enemy move leaves it between two enemy men in a line; "
           "moving between two enemies is safe."),
        N_("The king is captured when Black surrounds it on all four sides, or on three with the throne "
           "as the fourth."),
        N_("White wins when the king reaches any edge cell; Black wins by capturing the king."),
        N_("A side with no legal move loses; a position repeated three times is a draw."),
    )
    rulings = (
        N_("Black moves first, as in Linnaeus' account and Ludii's Tablut."),
        N_("The king is armed: he helps capture Muscovites like any White man."),
        N_("The empty throne is not hostile: it does not help capture soldiers (the text names no such rule)."),
        N_("A side with no legal move loses (the text is silent); threefold repetition is a draw."),
    )
    grid = GRID
    letters = "KSs"
    # TRANSLATORS: the names of Tablut's men: the king, and a soldier (a Swede or a Muscovite).
    kinds = {KING: Man(N_("king"), "crowned", 0.9), SWEDE: Man(N_("soldier"), "disc", 0.78),
             MUSCOVITE: Man(N_("soldier"), "disc", 0.78)}
    special_cells = {"e5": "throne"}
    # OpenTafl Notation (opentafl.py): edge escape, no corners, a side surrounded does not
    # lose by that, the empty throne hostile to nobody, only the king on or over it
    opentafl_rules = "dim:9 esc:e surf:n cor: cenh: cenhe: cenp:K cens:K"
    opentafl_men = {MUSCOVITE: "t", SWEDE: "T", KING: "K"}

    def check_position(self, state):
        board = state.board
        if board.count(KING) > 1:
            raise ValueError(_("Tablut has one king, the text has {count}").format(count=board.count(KING)))
        if board[THRONE] not in (EMPTY, KING):
            raise ValueError(_("only the king may stand on the throne e5"))
        if board.count(MUSCOVITE) > 16 or board.count(SWEDE) > 8:
            raise ValueError(_("too many men: Black has 16 Muscovites, White 8 Swedes"))

    def generate(self, state):
        return walks(state.board, OWN_MARKS[state.turn], PATHS)

    def has_move(self, state):
        """Whether the side to move has a move, its moves unlisted (can_walk)."""
        if state.moves_cache is not None:
            return bool(state.moves_cache)
        return can_walk(state.board, OWN[state.turn], FIRST_STEPS)

    def apply(self, state, move):
        """Custody by the moved man, then, for a Muscovite, the king's enclosure."""
        src, dst = MOVE_CELLS[move]
        side = state.turn
        board = moved(state.board, src, dst)
        taken = custody_victims(board, CUSTODY[dst], VICTIMS[side], CLOSERS[side])
        if board[dst] == MUSCOVITE and KING in board:
            king = board.index(KING)
            if king_is_captured(board, king, dst):
                taken.append(king)
        return self.next_state(state, emptied(board, taken), move, taken)

    def goal(self, state):
        board = state.board
        if KING not in board:
            return win(BLACK, N_("the king was captured"))
        if board.index(KING) in EDGE:
            return win(WHITE, N_("the king escaped to the edge"))
        return None

    def is_noisy(self, state, move):
        """The moves the AI's quiescence follows: captures, the king's escape and his
        capture, and Black's blocks of the king's one open line (its only defence)."""
        src, dst = MOVE_CELLS[move]
        return bool(self.noisy_cells(state) >> dst & 1) or dst in EDGE and state.board[src] == KING

    def noisy_moves(self, state):
        """Moves onto the noisy cells, then the king's moves to the edge."""
        board, side, names = state.board, state.turn, GRID.names
        found = []
        targets = self.noisy_cells(state)
        for dst in cells_of(targets):
            found.extend(f"{names[src]}-{names[dst]}" for src in arrivals(board, dst, side))
        king = board.find(KING)
        if side == WHITE and king >= 0:
            for d in ORTHOGONAL:
                for j in GRID.rays[king][d]:
                    if board[j] != EMPTY:
                        break
                    if j in EDGE and not targets >> j & 1:
                        found.append(f"{names[king]}-{names[j]}")
        return found

    def noisy_cells(self, state):
        """The empty cells where a man of the side to move would capture on arrival,
        and for Black facing one open line of the king, the cells that block it (a
        bitboard).

        Kept with the state (its `facts`), since the AI asks about a position's moves
        one by one.
        """
        if state.facts is not None:
            return state.facts
        board, side = state.board, state.turn
        empty = bits(board, EMPTY_BITS)
        cells = GRID.custody_targets(bits(board, VICTIM_BITS[side]), bits(board, CLOSER_BITS[side]), empty)
        king = board.find(KING)
        if side == BLACK and king >= 0:
            open_sides = [c for c in NEIGHBOURS[king]
                          if c is None or (c != THRONE and board[c] != MUSCOVITE)]
            if len(open_sides) == 1 and open_sides[0] is not None and board[open_sides[0]] == EMPTY:
                cells |= 1 << open_sides[0]
            lines = king_open_lines(board, king)
            if len(lines) == 1:
                cells |= sum(1 << c for c in lines[0] if c != THRONE)
        state.facts = cells
        return cells

    weights = WEIGHTS

    @staticmethod
    def terms(board, king):
        """The values of FEATURES with the king on `king`."""
        reach = escapes = 0
        # each cell he reaches, and whether he could go on from there to the edge either
        # way across his line: moving along his row the cross line is that cell's column
        for ray, crossings in KING_WAYS[king]:
            for j in ray:
                if board[j] != EMPTY:
                    break
                reach += 1
                one_way, clear_one_way, other_way, clear_other_way = crossings[j]
                escapes += (board[one_way] == clear_one_way) + (board[other_way] == clear_other_way)
        hemmed = 0
        for cell in NEIGHBOURS[king]:
            if cell is not None and (cell == THRONE or board[cell] == MUSCOVITE):
                hemmed += 1
        crowd = sum([board[line].count(MUSCOVITE) for line in CROWD_LINES[king]])
        free_lanes = sum([MUSCOVITE not in board[lane] for lane in LANES])
        return (board.count(SWEDE), board.count(MUSCOVITE), min(escapes, 4), reach, hemmed, crowd, free_lanes)

    def features(self, state):
        """FEATURES' values (None once the king is taken, or with an open line to the
        edge: those positions are decided by the search, not by the weights)."""
        king = state.board.find(KING)
        if king < 0 or king_open_lines(state.board, king):
            return None
        return dict(zip(FEATURES, self.terms(state.board, king)))

    def evaluate(self, state):
        """White's chances from the king's freedom and the men, for the side to move.

        The king's open lines to the edge decide most games (two at once cannot both
        be blocked); lines he could open in one move, his room to move, material, and
        the Muscovites around and near him weigh the rest.  Black's defence is to spread
        over the lanes: each inner row and column free of Muscovites is one the king may
        simply run along to the edge (the setup leaves ranks 3 and 7, files c and g free),
        and without this term Black huddles and White wins most games.
        """
        board = state.board
        king = board.find(KING)
        if king < 0:
            return -WIN_SCORE if state.turn == WHITE else WIN_SCORE
        lines = king_open_lines(board, king)
        open_lines = len(lines)
        score = self.weighted(self.terms(board, king))
        if state.turn == WHITE:
            return score + 1000 * open_lines
        if open_lines == 1 and not any(arrivals(board, c, BLACK) for c in lines[0] if c != THRONE):
            open_lines = 2  # a line Black cannot block is as lost as two
        return -(score + OPEN_LINE_VALUE[open_lines])
