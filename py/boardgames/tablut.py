"""Tablut (RULES.md section 2): Linnaeus' tafl game as this project plays it.

Black's 16 Muscovites (`s`) try to surround White's king (`K`); the king with his 8
Swedes (`S`) tries to reach any edge cell.  Black moves first.
"""

from .core import BLACK, OTHER, WHITE, Game, State, draw, win
from .grid import EMPTY, ORTHOGONAL, SquareGrid, parse_turn, split_fields, split_move

GRID = SquareGrid(9)
THRONE = GRID.index("e5")
EDGE = frozenset(i for i in range(GRID.size)
                 if GRID.file(i) in (0, 8) or GRID.rank(i) in (0, 8))
KING, SWEDE, MUSCOVITE = "K", "S", "s"
OWNER = {KING: WHITE, SWEDE: WHITE, MUSCOVITE: BLACK}
# Men hostile to a soldier of each side (the armed king counts as a White man).
HOSTILE_TO = {SWEDE: (MUSCOVITE,), MUSCOVITE: (SWEDE, KING)}
NEIGHBOURS = [tuple(GRID.step(i, d) for d in ORTHOGONAL) for i in range(GRID.size)]


def custody_captures(board, moved_to):
    """Cells of enemy soldiers captured by the man that just arrived on `moved_to`.

    A soldier next to the moved man is taken when the cell beyond it, in the same line,
    holds a man hostile to it.  Only the moved man closes a custody.
    """
    mover = board[moved_to]
    taken = []
    for d in ORTHOGONAL:
        ray = GRID.rays[moved_to][d]
        if len(ray) < 2:
            continue
        victim, beyond = board[ray[0]], board[ray[1]]
        if victim in HOSTILE_TO and OWNER[victim] != OWNER[mover] and beyond in HOSTILE_TO[victim]:
            taken.append(ray[0])
    return taken


def king_is_captured(board, king, moved_to):
    """True when Black's man arriving on `moved_to` completes the enclosure of the king."""
    around = NEIGHBOURS[king]
    if moved_to not in around:
        return False
    return all(cell is not None and (board[cell] == MUSCOVITE or cell == THRONE)
               for cell in around)


class Tablut(Game):
    id = "tablut"
    name = "Tablut"
    summary = "Linnaeus' Viking game: the king and his Swedes try to break out to the edge."
    setup = "3sss3/4s4/4S4/s3S3s/ssSSKSSss/s3S3s/4S4/4s4/3sss3 b"
    grid = GRID
    letters = "KSs"

    def parse(self, fen):
        board_field, turn = split_fields(fen, 2)
        board = GRID.parse_board(board_field, self.letters)
        turn = parse_turn(turn)
        if board.count(KING) > 1:
            raise ValueError("Tablut has one king, the text has %d" % board.count(KING))
        if board[THRONE] not in (EMPTY, KING):
            raise ValueError("only the king may stand on the throne e5")
        if board.count(MUSCOVITE) > 16 or board.count(SWEDE) > 8:
            raise ValueError("too many men: Black has 16 Muscovites, White 8 Swedes")
        return State(board, turn)

    def fen(self, state):
        return f"{GRID.board_text(state.board)} {state.turn}"

    def generate(self, state):
        board, side = state.board, state.turn
        names = GRID.names
        for i, man in enumerate(board):
            if man == EMPTY or OWNER[man] != side:
                continue
            for d in ORTHOGONAL:
                for j in GRID.rays[i][d]:
                    if board[j] != EMPTY:
                        break
                    if j == THRONE and man != KING:
                        break  # soldiers may neither stop on nor pass over the throne
                    yield f"{names[i]}-{names[j]}"

    def apply(self, state, move):
        a, b = split_move(move)
        src, dst = GRID.index(a), GRID.index(b)
        cells = list(state.board)
        cells[dst], cells[src] = cells[src], EMPTY
        taken = custody_captures(cells, dst)
        for cell in taken:
            cells[cell] = EMPTY
        if cells[dst] == MUSCOVITE and KING in cells:
            king = cells.index(KING)
            if king_is_captured(cells, king, dst):
                cells[king] = EMPTY
                taken.append(king)
        board = "".join(cells)
        history = () if taken else state.history
        return State(board, OTHER[state.turn], history=history,
                     last=(move, tuple(GRID.names[c] for c in taken)))

    def judge(self, state):
        board = state.board
        if KING not in board:
            return win(BLACK, "the king was captured")
        if board.index(KING) in EDGE:
            return win(WHITE, "the king escaped to the edge")
        if state.repetitions() >= 3:
            return draw("threefold repetition")
        if not self.moves(state):
            loser = state.turn
            return win(OTHER[loser], f"{'White' if loser == WHITE else 'Black'} has no legal move")
        return None

    def is_noisy(self, state, move):
        a, b = split_move(move)
        src, dst = GRID.index(a), GRID.index(b)
        cells = list(state.board)
        cells[dst], cells[src] = cells[src], EMPTY
        return bool(custody_captures(cells, dst)) or dst in EDGE and cells[dst] == KING

