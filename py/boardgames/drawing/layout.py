"""Where each cell of a board is on the canvas, and which cell a point falls in.

A board is described by abstract cells: name, centre (x, y) in board units with y up,
and shape ("square" of side 1, or "diamond" of half-diagonal 1).  A layout scales them
to fit a canvas, keeps room for coordinate labels, and can flip the board.  Ghost cells
are drawn copies of real cells (the wrapped files of the cylinder).  Which cell a point
falls in is the page's question (webapp/drawing/layout.py).
"""


class Cell:
    __slots__ = ("name", "x", "y", "shape", "shade", "ghost")

    def __init__(self, name, x, y, shape="square", shade=0, ghost=False):
        self.name, self.x, self.y = name, x, y
        self.shape, self.shade, self.ghost = shape, shade, ghost


def board_cells(game):
    """The abstract cells of a game's board, as its board geometry lists them."""
    return [Cell(*cell) for cell in game.grid.drawing_cells()]


class Layout:
    """Cells placed on a canvas of `width` x `height` CSS pixels."""

    LABEL_ROOM = 0.55  # board units kept free around the board for coordinates
    BARE_ROOM = 0.08  # ... and without them, just enough for a frame's line

    def __init__(self, cells, width, height, flipped=False, labelled=True):
        self.cells = cells
        self.flipped = flipped
        self.room = self.LABEL_ROOM if labelled else self.BARE_ROOM
        half = {"square": 0.5, "diamond": 1.0}
        self.min_x = min(c.x - half[c.shape] for c in cells) - self.room
        self.max_x = max(c.x + half[c.shape] for c in cells) + self.room
        self.min_y = min(c.y - half[c.shape] for c in cells) - self.room
        self.max_y = max(c.y + half[c.shape] for c in cells) + self.room
        span_x, span_y = self.max_x - self.min_x, self.max_y - self.min_y
        self.unit = min(width / span_x, height / span_y)
        self.off_x = (width - span_x * self.unit) / 2
        self.off_y = (height - span_y * self.unit) / 2
        self.by_name = {c.name: c for c in cells if not c.ghost}

    @staticmethod
    def aspect(cells, labelled=True):
        """Height / width of the board drawing, so the page can size the canvas."""
        probe = Layout(cells, 1000, 1000, labelled=labelled)
        return (probe.max_y - probe.min_y) / (probe.max_x - probe.min_x)

    def to_px(self, x, y):
        """Board units (y up) to canvas pixels (y down), honouring the flip."""
        if self.flipped:
            x, y = self.min_x + self.max_x - x, self.min_y + self.max_y - y
        return self.off_x + (x - self.min_x) * self.unit, self.off_y + (self.max_y - y) * self.unit

    def center(self, name):
        cell = self.by_name[name]
        return self.to_px(cell.x, cell.y)

    def polygon(self, cell):
        """Corner points of a cell in canvas pixels."""
        if cell.shape == "diamond":
            pts = [(cell.x, cell.y + 1), (cell.x + 1, cell.y), (cell.x, cell.y - 1), (cell.x - 1, cell.y)]
        else:
            h = 0.5
            pts = [(cell.x - h, cell.y - h), (cell.x + h, cell.y - h),
                   (cell.x + h, cell.y + h), (cell.x - h, cell.y + h)]
        return [self.to_px(x, y) for x, y in pts]

    def inner_radius(self, cell):
        """Radius of the circle inscribed in a cell, in pixels (to size men and marks)."""
        return self.unit * (0.7071 if cell.shape == "diamond" else 0.5)

    def labels(self):
        """Coordinate labels (text, x px, y px): files along the screen's bottom edge,
        ranks along its left edge, whichever way the board is turned; a ghost file is
        labelled with its real file in brackets, '(i)'."""
        files, ranks, ghosts = {}, {}, {}
        for c in self.cells:
            if c.ghost:
                ghosts.setdefault(c.x, f"({c.name[0]})")
            else:
                files.setdefault(c.name[0], []).append(c.x)
                ranks.setdefault(c.name[1:], []).append(c.y)
        band = self.room * 0.45 * self.unit
        bottom = self.off_y + (self.max_y - self.min_y) * self.unit - band
        left = self.off_x + band
        out = [(text, self.to_px(sum(xs) / len(xs), 0)[0], bottom) for text, xs in files.items()]
        out += [(text, left, self.to_px(0, sum(ys) / len(ys))[1]) for text, ys in ranks.items()]
        out += [(text, self.to_px(x, 0)[0], bottom) for x, text in ghosts.items()]
        return out
