"""How a move is shown in motion: the men it moves slide, the men it captures fade.

Decided without the DOM from the game's own contract: the move's cells
(`move_cells`), the cells it takes along (`move_extras`: Pux's carried group moves by
the same step), whether it leaps (`leaps`: Vault's jump arcs over its pivot) and what
it captured (`state.last`).  Positions are in board units (the cells' drawing
coordinates), so the renderer places them like any cell; on the cylinder a man crossing
the seam slides to the nearer drawn copy of its cell.
"""

import math
from typing import NamedTuple

DURATION = 0.2  # seconds: a move slides in about 150-250 ms
QUICK = 0.08  # seconds, in a computer-against-computer demo at full speed


class Slide(NamedTuple):
    letter: str
    start: tuple  # board units
    end: tuple
    lift: float  # the arc's height in board units (0: a straight slide)
    cell: str  # the cell the man ends on, hidden on the board until it arrives


class Motion:
    """One move in motion; `progress` runs from 0 to 1."""

    def __init__(self, slides, fading, duration):
        self.slides = slides  # [Slide]
        self.fading = fading  # [(cell, letter)]: the captured men
        self.duration = duration
        self.progress = 0.0

    def arriving(self):
        """The cells whose men are drawn sliding instead of standing."""
        return {slide.cell for slide in self.slides}

    def positions(self):
        """[(letter, (x, y) in board units)] of the sliding men now: eased out, lifted
        along a half sine when they leap (highest halfway through)."""
        t = 1 - (1 - self.progress) ** 3
        arc = math.sin(math.pi * self.progress)
        out = []
        for slide in self.slides:
            (x0, y0), (x1, y1) = slide.start, slide.end
            out.append((slide.letter, (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t + slide.lift * arc)))
        return out

    def fade(self):
        """How opaque the captured men are now."""
        return max(0.0, 1 - self.progress)


def motion_of(game, before, after, duration=DURATION):
    """The motion from `before` to `after`, one move apart (`after.last` is that move)."""
    move, captured = after.last
    src, dst = game.move_cells(move)
    cells = {}  # name -> every drawn position of that cell (ghost copies too)
    for name, x, y, *_ in game.grid.drawing_cells():
        cells.setdefault(name, []).append((x, y))
    start = cells[src][0]
    end = min(cells[dst], key=lambda p: math.dist(p, start))
    step = (end[0] - start[0], end[1] - start[1])
    men = game.men(before)
    lift = 0.35 * math.dist(start, end) if game.leaps(move) else 0.0
    slides = [Slide(men[src], start, end, lift, dst)]
    for extra in sorted(game.move_extras(move)):
        x, y = cells[extra][0]
        target = (x + step[0], y + step[1])
        landing = next(name for name, spots in cells.items() if target in spots)
        slides.append(Slide(men[extra], (x, y), target, 0.0, landing))
    fading = [(cell, men[cell]) for cell in captured if cell in men]
    return Motion(slides, fading, duration)
