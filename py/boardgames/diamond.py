"""The UOS board geometry: 113 squares turned 45 degrees.

64 black squares form an 8x8 grid and 49 white squares sit each in the middle of four
black ones.  Cells are named on a 15x15 grid (files `a`-`o`, ranks `1`-`15`): black
squares where the 0-based file and rank indices are both even (`a1`, `c1`, ... `o15`),
white squares where both are odd (`b2`, ... `n14`); other names do not exist.

Cells are numbered 0..112 by rank, then file, rank 1 first, so a board is a string of
113 characters (`.` for an empty cell).  In a position text the rows run from rank 15
down to rank 1 and hold 8 cells (black-square ranks) or 7 cells (white-square ranks).

Drawing (for the page): `centres[i]` is cell i's centre `(file index, rank index)` in
grid units and `colours[i]` is `"black"` or `"white"`.  Each cell is a diamond (a square
turned 45 degrees) centred there with half-diagonal 1 grid unit, so cells one diagonal
step apart share an edge and cells one orthogonal step apart touch at a corner.
`drawing_cells()` lists them for the page.

Steps, as offsets on the name grid: an orthogonal step is (+-2, 0) or (0, +-2) (to the
next square of the same colour, over a corner); a diagonal step is (+-1, +-1) (to an
edge-neighbour of the other colour).
"""

from .grid import cell_name, parse_rows, row_text
from .texts import _

SPAN = 15  # the name grid is SPAN x SPAN
ORTHOGONAL_STEPS = ((2, 0), (-2, 0), (0, 2), (0, -2))
DIAGONAL_STEPS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


class DiamondBoard:
    """Names, colours, centres and precomputed rays of the 113 cells."""

    def __init__(self):
        self.centres = [(f, r) for r in range(SPAN) for f in range(SPAN) if f % 2 == r % 2]
        self.size = len(self.centres)
        self.names = [cell_name(f, r) for f, r in self.centres]
        self.index_of = {name: i for i, name in enumerate(self.names)}
        self._at = {centre: i for i, centre in enumerate(self.centres)}
        self.colours = ["black" if f % 2 == 0 else "white" for f, _unused in self.centres]
        # Cells per row of a position text, top row (rank 15) first.
        self.row_widths = [len(range(r % 2, SPAN, 2)) for r in reversed(range(SPAN))]
        self.orthogonal_rays = [self.rays_from(i, ORTHOGONAL_STEPS) for i in range(self.size)]
        self.diagonal_rays = [self.rays_from(i, DIAGONAL_STEPS) for i in range(self.size)]

    def drawing_cells(self):
        """`(name, x, y, shape, shade, ghost)` of every cell as the page draws it (the
        grid's `drawing_cells` for square boards): diamonds centred on the name grid,
        black squares shaded."""
        return [(name, f, r, "diamond", int(colour == "black"), False)
                for name, (f, r), colour in zip(self.names, self.centres, self.colours)]

    def index(self, name):
        """Index of a cell name; ValueError if the board has no such cell."""
        i = self.index_of.get(name)
        if i is None:
            raise ValueError(_("there is no cell '{name}' on the UOS board "
                               "(files a-o, ranks 1-15, both odd or both even positions)").format(name=name))
        return i

    def offset(self, i, df, dr):
        """The cell at offset (df, dr) from cell i on the name grid, or None."""
        f, r = self.centres[i]
        return self._at.get((f + df, r + dr))

    def ray(self, i, step):
        """The cells from i outward by repeated `step` (excluding i), nearest first."""
        cells = []
        j = self.offset(i, *step)
        while j is not None:
            cells.append(j)
            j = self.offset(j, *step)
        return tuple(cells)

    def rays_from(self, i, steps):
        """Cell i's non-empty rays along each of `steps`."""
        return tuple(ray for ray in (self.ray(i, step) for step in steps) if ray)

    def leaps(self, offsets):
        """For every cell, the cells reached by the given offsets (off-board ones left out)."""
        return [tuple(j for j in (self.offset(i, df, dr) for df, dr in offsets) if j is not None)
                for i in range(self.size)]

    def parse_board(self, rows_text, letters):
        """The board string of a position text's board field (rank 15 first)."""
        rows = parse_rows(rows_text, self.row_widths, letters)
        return "".join("".join(row) for row in reversed(rows))

    def board_text(self, board):
        rows = []
        start = 0
        for width in reversed(self.row_widths):
            rows.append(row_text(board[start:start + width]))
            start += width
        return "/".join(reversed(rows))

