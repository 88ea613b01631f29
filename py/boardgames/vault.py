"""Vault: Néstor Romeral Andrés' race to the far rank (its rulings: docs/rulings.md).

A pawn walks one cell like a chess king, or vaults over any friendly pawn B, landing
on the mirror cell `2B - A` and capturing an enemy there.  A side that starts its
turn with a pawn on the opponent's home rank has won.
"""

from bisect import insort
from itertools import chain
from operator import itemgetter

from .core import BLACK, Game, Man, OTHER, Overlay, WHITE, win
from .grid import ALL_DIRECTIONS, EMPTY, SquareGrid, moved
from .texts import N_, _

PAWN = {WHITE: "P", BLACK: "p"}
SIZES = (6, 8, 10, 12)
FAR_RANK_REASONS = {WHITE: N_("White starts its turn on the far rank"),
                    BLACK: N_("Black starts its turn on the far rank")}


class VaultGeometry:
    """Per-size tables: neighbours, jump landings, move texts and far ranks."""

    def __init__(self, size):
        grid = self.grid = SquareGrid(size)
        n = grid.size
        self.neighbours = [tuple(j for j in (grid.step(i, d) for d in ALL_DIRECTIONS) if j is not None)
                           for i in range(n)]
        # landing[a][b]: where the pawn on a lands vaulting over b (-1: off the board or b == a).
        self.landing = []
        for a in range(n):
            fa, ra = grid.file(a), grid.rank(a)
            row = []
            for b in range(n):
                f, r = 2 * grid.file(b) - fa, 2 * grid.rank(b) - ra
                row.append(r * size + f if b != a and 0 <= f < size and 0 <= r < size else -1)
            self.landing.append(tuple(row))
        names = grid.names
        self.text = [tuple(f"{names[a]}-{names[t]}" for t in range(n)) for a in range(n)]
        self.cells_of = {self.text[a][t]: (a, t) for a in range(n) for t in range(n) if a != t}
        # The opponent's home rank, the goal of each side's pawns, as a set of cells, per
        # cell its neighbours there, and the cells that have some (the rank before it).
        self.goal = {WHITE: frozenset(range(n - size, n)), BLACK: frozenset(range(size))}
        self.goal_neighbours = {side: [tuple(t for t in self.neighbours[a] if t in goal) for a in range(n)]
                                for side, goal in self.goal.items()}
        self.before_goal = {side: frozenset(a for a in range(n) if cells[a])
                            for side, cells in self.goal_neighbours.items()}
        # Progress bonus by rank for the evaluation: grows as a pawn nears its goal.
        self.progress = {
            WHITE: [40 * grid.rank(i) ** 2 // (size - 1) ** 2 for i in range(n)],
            BLACK: [40 * (size - 1 - grid.rank(i)) ** 2 // (size - 1) ** 2 for i in range(n)],
        }


_GEOMETRY = {}

# The evaluation's weights, the side to move's (Vault.evaluate; 100 = a pawn): pawns,
# progress toward the goal rank (geometry's table), enemy pawns it could take, and a
# pawn that could reach the goal rank, each for the side to move and for the other
# (a threat is worth more to the side about to carry it out).  Written by
# tools/tune_weights.py:
# -- weights begin --
WEIGHTS = {"pawns": 100, "progress": 1, "threats_to_move": 30, "threats_waiting": 10, "goal_to_move": 60,
           "goal_waiting": 20}
# -- weights end --
FEATURES = tuple(WEIGHTS)


def geometry(size):
    if size not in _GEOMETRY:
        _GEOMETRY[size] = VaultGeometry(size)
    return _GEOMETRY[size]


def pawn_cells(board, pawn):
    """Indices of the cells holding `pawn`."""
    cells = []
    i = board.find(pawn)
    while i >= 0:
        cells.append(i)
        i = board.find(pawn, i + 1)
    return cells


def pivots(own):
    """A function giving, of a row of `VaultGeometry.landing`, the landings over the pawns
    on `own` (a tuple, in their order): one C-level look-up for all the pivots."""
    if len(own) == 1:
        return lambda row: (row[own[0]],)
    return itemgetter(*own)


class Vault(Game):
    id = "vault"
    # TRANSLATORS: a game's name
    name = N_("Vault")
    summary = N_("Race a pawn to the far rank, vaulting over your own pawns in any direction.")
    options = {"size": SIZES}
    option_labels = {"size": (N_("Board size"),
                              # TRANSLATORS: a board size; {size} is the cells along a side: "10 × 10"
                              N_("{size} \u00d7 {size}"))}
    letters = "Pp"
    ply_cap = 300
    # TRANSLATORS: the name of Vault's men
    kinds = {"P": Man(N_("pawn"), "disc", 0.78), "p": Man(N_("pawn"), "disc", 0.78)}
    agreed_draw = True
    rules = (
        N_("Each side fills its home rank with pawns; White starts."),
        N_("Walk: move one pawn to an adjacent empty cell, in any of the 8 directions."),
        N_("Jump: pick two of your pawns A and B; A lands on the mirror of its cell through B "
           "(as far beyond B as it was before it), in any direction. Cells in between do not matter."),
        N_("A jump may not land off the board or on your own pawn; an enemy pawn there is captured. "
           "Only jumps capture."),
        N_("If at the start of your turn you have a pawn on the opponent's home rank, you win."),
        N_("Otherwise, if you cannot move at the start of your turn, you lose."),
    )
    rulings = (
        N_("Draws: the text lets players agree on a draw; here a position occurring for the "
           "third time (same side to move) is a draw, and the app offers a draw button between humans."),
        N_("Both sides on the far rank: the win is checked only at the start of a turn, so if "
           "the side to move has a pawn on the far rank it wins, even when the opponent has just "
           "reached its own far rank."),
        N_("Board sizes 6, 8, 10 (the nestorgames edition, default) and 12 are offered; the text "
           "allows any even size."),
    )

    def __init__(self, size=10):
        if size not in SIZES:
            raise ValueError(_("vault: size must be one of {sizes}, not {size}").format(
                sizes=", ".join(map(str, SIZES)), size=repr(size)))
        super().__init__(size=size)
        self.size = size
        self.geo = geometry(size)
        self.grid = self.geo.grid
        self.setup = f"{'p' * size}/{'/'.join([str(size)] * (size - 2))}/{'P' * size} w"

    def parse_board(self, field):
        rows = field.count("/") + 1
        if rows != self.size:
            raise ValueError(_("this Vault game is played on {size}x{size}; the text has {rows} rows").format(
                size=self.size, rows=rows))
        return super().parse_board(field)

    def check_position(self, state):
        board, turn = state.board, state.turn
        too_many = {WHITE: N_("white has {count} pawns; a side has at most {most}"),
                    BLACK: N_("black has {count} pawns; a side has at most {most}")}
        for side, pawn in PAWN.items():
            if board.count(pawn) > self.size:
                raise ValueError(_(too_many[side]).format(count=board.count(pawn), most=self.size))
        if PAWN[OTHER[turn]] not in board:
            if OTHER[turn] == WHITE:
                raise ValueError(_("white has just moved, so it must have a pawn"))
            raise ValueError(_("black has just moved, so it must have a pawn"))

    def generate(self, state):
        board = state.board
        pawn = PAWN[state.turn]
        geo = self.geo
        own = self.pawns(state)[state.turn]
        if not own:
            return
        over = pivots(own)
        for a in own:
            texts = geo.text[a]
            for t in geo.neighbours[a]:
                if board[t] == EMPTY:
                    yield texts[t]
            for t in over(geo.landing[a]):
                if t >= 0 and board[t] != pawn:
                    yield texts[t]

    def apply(self, state, move):
        a, t = self.geo.cells_of[move]
        board = state.board
        captured = board[t] != EMPTY
        child = self.next_state(state, moved(board, a, t), move, (t,) if captured else ())
        if state.facts is not None:  # the pawns' cells follow from the parent's
            side, other = state.turn, OTHER[state.turn]
            own, enemy = state.facts[side].copy(), state.facts[other]
            own.remove(a)
            insort(own, t)
            if captured:
                enemy = enemy.copy()
                enemy.remove(t)
            child.facts = {side: own, other: enemy}
        return child

    def pawns(self, state):
        """{side: the cells of its pawns, in order}, kept with the state (its `facts`, which
        `apply` passes on): its moves, noisy moves and evaluation all start from them."""
        if state.facts is None:
            state.facts = {side: pawn_cells(state.board, pawn) for side, pawn in PAWN.items()}
        return state.facts

    def goal(self, state):
        """A side that starts its turn with a pawn on the far rank has won."""
        side = state.turn
        if not self.geo.goal[side].isdisjoint(self.pawns(state)[side]):
            return win(side, FAR_RANK_REASONS[side])
        return None

    # -- for the page and the AI ----------------------------------------------------
    def far_rank_pawns(self, state):
        """Cells of the pawns on the far rank after their side moved: they win at the start
        of their side's next turn unless captured."""
        if self.result(state) is not None:
            return []
        side = OTHER[state.turn]
        return [self.grid.names[i] for i in sorted(self.geo.goal[side]) if state.board[i] == PAWN[side]]

    def notes(self, state):
        if OTHER[state.turn] == WHITE:
            note = _("White's pawn on {cell} wins next turn unless captured.")
        else:
            note = _("Black's pawn on {cell} wins next turn unless captured.")
        return [note.format(cell=cell) for cell in self.far_rank_pawns(state)]

    def overlays(self, state, pointed):
        """A pennant on each pawn about to win; the line of a jump over its pivot, for the
        move that led here and for the jump the pointer proposes."""
        marks = [Overlay("pennant", (cell,)) for cell in self.far_rank_pawns(state)]
        moves = [(state.last[0], "last")] if state.last else []
        for move, style in moves + [(move, "pointer") for move in pointed]:
            pivot = self.jump_pivot(move)
            if pivot is not None:
                src, dst = self.move_cells(move)
                marks.append(Overlay("line", (src, pivot, dst), style))
        return marks

    def leaps(self, move):
        return self.jump_pivot(move) is not None

    def jump_pivot(self, move):
        """The friendly pawn a jump vaults over (the midpoint), or None for a walk."""
        a, t = self.parse_move(move)
        grid = self.grid
        if max(abs(grid.file(a) - grid.file(t)), abs(grid.rank(a) - grid.rank(t))) < 2:
            return None
        return grid.names[(a + t) // 2]

    def parse_move(self, move):
        """(from index, to index) of a move text; ValueError if it cannot be a Vault move."""
        cells = self.geo.cells_of.get(move) if isinstance(move, str) else None
        if cells is None:
            raise ValueError(_("'{move}' is not a move like 'e2-e4' on a {size}x{size} board").format(
                move=move, size=self.size))
        a, t = cells
        grid = self.grid
        df, dr = grid.file(t) - grid.file(a), grid.rank(t) - grid.rank(a)
        if max(abs(df), abs(dr)) > 1 and (df % 2 or dr % 2):
            raise ValueError(_("'{move}' is neither a walk nor a jump").format(move=move))
        return cells

    def is_noisy(self, state, move):
        return state.board[self.geo.cells_of[move][1]] != EMPTY

    def noisy_moves(self, state):
        """Only a jump captures: the landings of jumps on an enemy pawn."""
        geo, pawns = self.geo, self.pawns(state)
        own = pawns[state.turn]
        if not own:
            return []
        enemies, over = set(pawns[OTHER[state.turn]]), pivots(own)
        return [geo.text[a][t] for a in own for t in over(geo.landing[a]) if t in enemies]

    weights = WEIGHTS

    def evaluate(self, state):
        """Material, progress toward the goal rank, capture threats and goal-rank reach,
        weighted (WEIGHTS)."""
        return self.weighted(self.terms(state))

    def features(self, state):
        """FEATURES' values from White's side (the evaluation's terms are the mover's)."""
        sign = 1 if state.turn == WHITE else -1
        return {name: sign * value for name, value in zip(FEATURES, self.terms(state))}

    def terms(self, state):
        """FEATURES' values for the side to move."""
        board, side, pawns = state.board, state.turn, self.pawns(state)
        mover, waiting = self._side_terms(board, pawns, side), self._side_terms(board, pawns, OTHER[side])
        return (mover[0] - waiting[0], mover[1] - waiting[1], mover[2], -waiting[2], mover[3], -waiting[3])

    def _side_terms(self, board, pawns, side):
        """(pawns, progress, enemy pawns it could take, 1 if a pawn could reach the goal)."""
        geo = self.geo
        own = pawns[side]
        if not own:
            return 0, 0, 0, 0
        over = pivots(own)
        progress = over(geo.progress[side])
        landings = set(chain.from_iterable(map(over, over(geo.landing))))  # each pawn's row, its pivots'
        goal, goal_neighbours = geo.goal[side], geo.goal_neighbours[side]
        landings_on_goal = landings.intersection(goal)  # (mostly none: set operations, no loop over the pawns)
        reaches_goal = (landings_on_goal and not landings_on_goal.issubset(own)
                        or any(board[t] == EMPTY for a in geo.before_goal[side].intersection(own)
                               for t in goal_neighbours[a]))
        return (len(own), sum(progress), len(landings.intersection(pawns[OTHER[side]])),
                int(reaches_goal))
