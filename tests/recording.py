"""A stand-in canvas context that records what is drawn, and where.

Tests ask it what a drawing put on the board: each `fill()` and `stroke()` becomes a
Mark with the style, alpha and dash pattern in force and the bounding box of the path,
each `fillText()` a Text.  So a test can say "a white man's disc is filled at e5's
centre" or "the ring round n2 is dashed", not just count calls.
"""

import math
from typing import NamedTuple


class Mark(NamedTuple):
    op: str  # "fill" or "stroke"
    style: str
    alpha: float
    dashed: bool
    box: tuple  # (left, top, right, bottom)

    @property
    def centre(self):
        return (self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2

    @property
    def size(self):
        return max(self.box[2] - self.box[0], self.box[3] - self.box[1])

    def near(self, point, tolerance=1.5):
        return math.dist(self.centre, point) <= tolerance


class Text(NamedTuple):
    text: str
    x: float
    y: float
    style: str


class RecordingContext:
    """The CanvasRenderingContext2D calls render.py makes; `calls` lists them all."""

    def __init__(self):
        self.calls, self.marks, self.texts = [], [], []
        self.points = []
        self.dash = []
        self.state = {"fillStyle": "", "strokeStyle": "", "globalAlpha": 1.0}

    def __setattr__(self, name, value):
        if name in ("calls", "marks", "texts", "points", "dash", "state"):
            object.__setattr__(self, name, value)
        else:
            self.state[name] = value
            self.calls.append(("set " + name, (value,)))

    def __getattr__(self, name):  # any other method: recorded only
        return lambda *args: self.calls.append((name, args))

    # -- paths -------------------------------------------------------------------
    def beginPath(self):
        self.calls.append(("beginPath", ()))
        self.points = []

    def moveTo(self, x, y):
        self.calls.append(("moveTo", (x, y)))
        self.points.append((x, y))

    def lineTo(self, x, y):
        self.calls.append(("lineTo", (x, y)))
        self.points.append((x, y))

    def quadraticCurveTo(self, cx, cy, x, y):
        self.calls.append(("quadraticCurveTo", (cx, cy, x, y)))
        self.points.append((x, y))

    def bezierCurveTo(self, c1x, c1y, c2x, c2y, x, y):
        self.calls.append(("bezierCurveTo", (c1x, c1y, c2x, c2y, x, y)))
        self.points.append((x, y))

    def arc(self, x, y, r, start, end, *counter):
        """The arc's points every 15 degrees, so a box fits what it covers."""
        self.calls.append(("arc", (x, y, r, start, end, *counter)))
        sweep = (end - start) if not counter or not counter[0] else (start - end)
        steps = max(1, int(abs(sweep) / (math.pi / 12)))
        for k in range(steps + 1):
            angle = start + sweep * k / steps * (1 if not counter or not counter[0] else -1)
            self.points.append((x + r * math.cos(angle), y + r * math.sin(angle)))

    def rect(self, x, y, w, h):
        self.calls.append(("rect", (x, y, w, h)))
        self.points += [(x, y), (x + w, y + h)]

    def setLineDash(self, pattern):
        self.calls.append(("setLineDash", (pattern,)))
        self.dash = list(pattern)

    def _mark(self, op, points):
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        style = self.state["fillStyle" if op == "fill" else "strokeStyle"]
        self.marks.append(Mark(op, style, self.state["globalAlpha"], bool(self.dash),
                               (min(xs), min(ys), max(xs), max(ys))))

    def fill(self, *args):
        self.calls.append(("fill", args))
        if self.points:
            self._mark("fill", self.points)

    def stroke(self, *args):
        self.calls.append(("stroke", args))
        if self.points:
            self._mark("stroke", self.points)

    def fillRect(self, x, y, w, h):
        self.calls.append(("fillRect", (x, y, w, h)))
        self._mark("fill", [(x, y), (x + w, y + h)])

    def strokeRect(self, x, y, w, h):
        self.calls.append(("strokeRect", (x, y, w, h)))
        self._mark("stroke", [(x, y), (x + w, y + h)])

    def fillText(self, text, x, y, *width):
        self.calls.append(("fillText", (text, x, y, *width)))
        self.texts.append(Text(text, x, y, self.state["fillStyle"]))

    # -- questions tests ask ---------------------------------------------------------
    def fills(self, style):
        return [m for m in self.marks if m.op == "fill" and m.style == style]

    def strokes(self, style):
        return [m for m in self.marks if m.op == "stroke" and m.style == style]

    def cells_filled(self, layout, style):
        """The cells nearest the centres of what was filled in `style` (a man's parts
        all lie nearest its own cell)."""
        cells = layout.by_name.values()
        return {min(cells, key=lambda c: (layout.to_px(c.x, c.y)[0] - m.centre[0]) ** 2
                    + (layout.to_px(c.x, c.y)[1] - m.centre[1]) ** 2).name
                for m in self.fills(style)}
