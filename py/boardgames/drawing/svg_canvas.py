"""A canvas 2D context that writes SVG: the page's drawing code (render.py, overlays.py)
draws into it exactly as into the browser's CanvasRenderingContext2D, so a board can be
drawn without a browser (the previews the page shows before Python runs, made at build
time; a position saved as an SVG file).

It records the subset of CanvasRenderingContext2D that drawing code uses: paths (lines,
quadratic and cubic curves, arcs, ellipses, rectangles), fill and stroke, filled and
stroked rectangles, text, line dashes, global alpha, save/restore and transforms that
keep circles round (translate, rotate, uniform scale).  Anything else raises, so a
drawing the SVG would get wrong stops the build instead.  Colours are written as given,
so CSS colours and `var(--name)` both work (the SVG is then styled by its page).
"""

import math
from html import escape

TAU = 2 * math.pi
STATE = ("fillStyle", "strokeStyle", "lineWidth", "lineCap", "lineJoin", "globalAlpha", "font",
         "textAlign", "textBaseline", "lineDashOffset")
ANCHORS = {"start": "start", "left": "start", "center": "middle", "right": "end", "end": "end"}
BASELINES = {"alphabetic": None, "middle": "central", "top": "text-before-edge",
             "hanging": "hanging", "bottom": "text-after-edge", "ideographic": "ideographic"}


def number(value):
    """A coordinate as SVG text: two decimals at most, no '-0'."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class SvgCanvas:
    """Record drawing on a `width` x `height` canvas; `svg()` returns the SVG document."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.fillStyle = self.strokeStyle = "black"
        self.lineWidth = 1.0
        self.lineCap, self.lineJoin = "butt", "miter"
        self.globalAlpha = 1.0
        self.font = "10px sans-serif"
        self.textAlign, self.textBaseline = "start", "alphabetic"
        self.lineDashOffset = 0
        self.dash = []
        self.matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)  # a, b, c, d, e, f as in setTransform
        self.saved = []
        self.elements = []
        self.beginPath()

    # -- state ----------------------------------------------------------------------------
    def save(self):
        self.saved.append(({name: getattr(self, name) for name in STATE}, list(self.dash), self.matrix))

    def restore(self):
        if self.saved:
            values, self.dash, self.matrix = self.saved.pop()
            for name, value in values.items():
                setattr(self, name, value)

    def setLineDash(self, segments):
        self.dash = [float(s) for s in segments]

    def getLineDash(self):
        return list(self.dash)

    # -- transforms -----------------------------------------------------------------------
    def setTransform(self, a, b, c, d, e, f):
        self.matrix = tuple(float(v) for v in (a, b, c, d, e, f))

    def resetTransform(self):
        self.setTransform(1, 0, 0, 1, 0, 0)

    def transform(self, a, b, c, d, e, f):
        m = self.matrix
        self.matrix = (m[0] * a + m[2] * b, m[1] * a + m[3] * b, m[0] * c + m[2] * d,
                       m[1] * c + m[3] * d, m[0] * e + m[2] * f + m[4], m[1] * e + m[3] * f + m[5])

    def translate(self, x, y):
        self.transform(1, 0, 0, 1, x, y)

    def scale(self, x, y):
        self.transform(x, 0, 0, y, 0, 0)

    def rotate(self, angle):
        cos, sin = math.cos(angle), math.sin(angle)
        self.transform(cos, sin, -sin, cos, 0, 0)

    def point(self, x, y):
        a, b, c, d, e, f = self.matrix
        return a * x + c * y + e, b * x + d * y + f

    def similarity(self):
        """(scale, rotation, mirrored) of the current transform; ValueError if it would
        turn a circle into an ellipse or a line width into two."""
        a, b, c, d = self.matrix[:4]
        mirrored = a * d - b * c < 0
        if not (math.isclose(a, -d if mirrored else d, abs_tol=1e-9)
                and math.isclose(b, c if mirrored else -c, abs_tol=1e-9)):
            raise ValueError("SvgCanvas draws only under translate, rotate and uniform scale")
        return math.hypot(a, b), math.atan2(b, a), mirrored

    # -- paths ----------------------------------------------------------------------------
    def beginPath(self):
        self.path = []
        self.current = self.start = None

    def moveTo(self, x, y):
        self.current = self.start = self.point(x, y)
        self.path.append("M" + self.xy(self.current))

    def lineTo(self, x, y):
        if self.current is None:
            self.moveTo(x, y)
            return
        self.current = self.point(x, y)
        self.path.append("L" + self.xy(self.current))

    def closePath(self):
        if self.current is not None:
            self.path.append("Z")
            self.current = self.start

    def quadraticCurveTo(self, cx, cy, x, y):
        self.ensure(cx, cy)
        self.current = self.point(x, y)
        self.path.append(f"Q{self.xy(self.point(cx, cy))} {self.xy(self.current)}")

    def bezierCurveTo(self, c1x, c1y, c2x, c2y, x, y):
        self.ensure(c1x, c1y)
        self.current = self.point(x, y)
        self.path.append(f"C{self.xy(self.point(c1x, c1y))} {self.xy(self.point(c2x, c2y))} "
                         f"{self.xy(self.current)}")

    def rect(self, x, y, w, h):
        self.moveTo(x, y)
        for px, py in ((x + w, y), (x + w, y + h), (x, y + h)):
            self.lineTo(px, py)
        self.closePath()

    def arc(self, x, y, r, start, end, anticlockwise=False):
        self.ellipse(x, y, r, r, 0, start, end, anticlockwise)

    def ellipse(self, x, y, rx, ry, rotation, start, end, anticlockwise=False):
        """As the canvas does it: a line from the current point to the arc's start, then
        the arc (the whole ellipse once the sweep reaches a full turn)."""
        sweep = (start - end) if anticlockwise else (end - start)
        sweep = TAU if sweep >= TAU else sweep % TAU
        if anticlockwise:
            sweep = -sweep
        cos, sin = math.cos(rotation), math.sin(rotation)

        def at(angle):
            px, py = rx * math.cos(angle), ry * math.sin(angle)
            return x + px * cos - py * sin, y + px * sin + py * cos

        scale, turn, mirrored = self.similarity()
        (self.lineTo if self.current is not None else self.moveTo)(*at(start))
        pieces = int(abs(sweep) // math.pi) + 1  # SVG arcs of less than half a turn each
        tilt = math.degrees(turn - rotation if mirrored else turn + rotation)
        clockwise = (sweep > 0) != mirrored
        for i in range(1, pieces + 1 if sweep else 1):
            self.current = self.point(*at(start + sweep * i / pieces))
            self.path.append(f"A{number(rx * scale)} {number(ry * scale)} {number(tilt)} 0 "
                             f"{int(clockwise)} {self.xy(self.current)}")

    def ensure(self, x, y):
        """A curve with no current point starts at its first control point, as on a canvas."""
        if self.current is None:
            self.moveTo(x, y)

    @staticmethod
    def xy(point):
        return f"{number(point[0])} {number(point[1])}"

    # -- painting -------------------------------------------------------------------------
    def fill(self, rule="nonzero"):
        if self.path:
            style = {"fill": self.fillStyle, "fill-rule": None if rule == "nonzero" else rule}
            self.add_path("".join(self.path), style)

    def stroke(self):
        if not self.path:
            return
        d = "".join(self.path)
        last = self.elements[-1] if self.elements else None
        if last is not None and last[0] == "path" and last[1] == d and "stroke" not in last[2] \
                and last[3] == self.globalAlpha:
            last[2].update(self.stroke_style())  # the same outline filled then stroked: one element
            return
        self.add_path(d, {"fill": "none", **self.stroke_style()})

    def stroke_style(self):
        scale = self.similarity()[0]
        return {"stroke": self.strokeStyle, "stroke-width": number(self.lineWidth * scale),
                "stroke-linecap": None if self.lineCap == "butt" else self.lineCap,
                "stroke-linejoin": None if self.lineJoin == "miter" else self.lineJoin,
                "stroke-dasharray": " ".join(number(s * scale) for s in self.dash) or None,
                "stroke-dashoffset": number(self.lineDashOffset * scale) if self.dash and self.lineDashOffset
                else None}

    def fillRect(self, x, y, w, h):
        self.painted_rect(x, y, w, h, self.fill)

    def strokeRect(self, x, y, w, h):
        self.painted_rect(x, y, w, h, self.stroke)

    def painted_rect(self, x, y, w, h, paint):
        """A rectangle painted without touching the current path."""
        kept = self.path, self.current, self.start
        self.beginPath()
        self.rect(x, y, w, h)
        paint()
        self.path, self.current, self.start = kept

    def add_path(self, d, style):
        self.elements.append(["path", d, style, self.globalAlpha])

    def fillText(self, text, x, y, max_width=None):
        a, b, c, d, e, f = self.matrix
        position = f'x="{number(x)}" y="{number(y)}"'
        if self.matrix != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
            position += f' transform="matrix({" ".join(number(v) for v in self.matrix)})"'
        style = {"fill": self.fillStyle, "font": self.font,
                 "text-anchor": ANCHORS.get(self.textAlign, "start"),
                 "dominant-baseline": BASELINES.get(self.textBaseline)}
        self.elements.append(["text", (position, str(text)), style, self.globalAlpha])

    # -- output ---------------------------------------------------------------------------
    def svg(self, attributes=""):
        """The SVG document; `attributes` are added to its root element."""
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {number(self.width)} '
               f'{number(self.height)}" width="{number(self.width)}" height="{number(self.height)}"'
               f'{" " + attributes if attributes else ""}>']
        for kind, body, style, alpha in self.elements:
            if alpha != 1:
                style = {**style, "opacity": number(alpha)}
            css = escape(";".join(f"{k}:{v}" for k, v in style.items() if v is not None))
            if kind == "path":
                out.append(f'<path d="{body}" style="{css}"/>')
            else:
                position, text = body
                out.append(f'<text {position} style="{css}">{escape(text, quote=False)}</text>')
        out.append("</svg>")
        return "\n".join(out)
