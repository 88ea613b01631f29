"""Men drawn as shapes, from a shape name: no font glyphs, so every system shows the same
men, crisp at any size.

    draw_shape(ctx, "knight", x, y, r, fill, edge, ink)

draws a man centred on (x, y) within about `r` of it: its body filled with `fill` and
outlined with `edge`, its details (an eye, a mitre's slit, a ring) in `ink`, so a light
man takes dark ink and a dark man light ink.  `ctx` needs only the path calls of a
CanvasRenderingContext2D (beginPath, moveTo, lineTo, arc, quadraticCurveTo,
bezierCurveTo, closePath, fill, stroke, and the fillStyle, strokeStyle, lineWidth,
lineJoin settings), so the same calls can be recorded into an SVG picture.

Kinds are told apart by their outline, not by colour: a block, a disc, a disc wearing a
crown, two stacked stones, and Staunton-like chess men.  Each shape is data: parts drawn
in order, each a path in units of `r` (x right, y down) written like SVG path data
(M, L, Q, C, Z, and `O cx cy radius` for a circle).  A part is a `body` (filled and
outlined), `ink` (a line in the ink colour) or `dot` (filled with ink).
"""

import math

SIZES = {"M": 2, "L": 2, "Q": 4, "C": 6, "O": 3, "Z": 0}


def parse(text):
    """'M 0 -1 L 1 0 Z' -> [('M', (0.0, -1.0)), ('L', (1.0, 0.0)), ('Z', ())]."""
    words = text.split()
    ops = []
    i = 0
    while i < len(words):
        op = words[i]
        count = SIZES[op]
        ops.append((op, tuple(float(w) for w in words[i + 1:i + 1 + count])))
        i += 1 + count
    return ops


def mirrored(half):
    """A left-right symmetric closed outline from its right half: `half` runs from a point
    on the axis (x = 0) round the right side to another point on the axis."""
    ops = parse(half)
    points = [args[-2:] for _, args in ops]  # where each op ends
    back = []
    for i in range(len(ops) - 1, 0, -1):
        op, args = ops[i]
        controls = [(-args[k], args[k + 1]) for k in range(0, len(args) - 2, 2)][::-1]
        end = (-points[i - 1][0], points[i - 1][1])
        back.append((op, tuple(v for point in controls + [end] for v in point)))
    return ops + back + [("Z", ())]


def part(style, path, symmetric=False):
    """One part of a shape: `style` body, ink or dot; `path` SVG-like text (its right half
    if `symmetric`)."""
    return style, (mirrored(path) if symmetric else parse(path))


def plinth(width):
    """The foot a chess man stands on, `width` wide at the bottom (y = 0.9)."""
    return part("body", f"M 0 0.6 L {width - 0.2} 0.6 Q {width - 0.04} 0.6 {width - 0.02} 0.74 L {width} 0.9 "
                        "L 0 0.9", symmetric=True)


BASE = plinth(0.7)


def stem(top, width, foot=0.5):
    """A Staunton man's flared stem, `width` wide at height `top`, `foot` wide where it
    meets the plinth."""
    return part("body", f"M 0 {top} L {width} {top} Q {width + 0.04} 0.42 {foot} 0.62 L 0 0.62",
                symmetric=True)


def collar(y, width):
    """A rounded band across a stem at height `y`."""
    return part("body", f"M 0 {y - 0.08} L {width} {y - 0.08} Q {width + 0.12} {y} {width} {y + 0.08} "
                        f"L 0 {y + 0.08}", symmetric=True)


CROWN = "M 0 -0.9 L 0.28 -0.42 L 0.58 -0.72 L 0.5 -0.05 L 0 -0.05"

SHAPES = {
    "disc": [part("body", "O 0 0 1"), part("ink", "O 0 0 0.62")],
    "block": [part("body", "M 0 -0.86 L 0.7 -0.86 Q 0.86 -0.86 0.86 -0.7 L 0.86 0.7 "
                           "Q 0.86 0.86 0.7 0.86 L 0 0.86", symmetric=True),
              part("ink", "M 0 -0.48 L 0.48 -0.48 L 0.48 0.48 L 0 0.48", symmetric=True)],
    # a disc wearing a crown whose points rise above its rim
    "crowned": [part("body", "O 0 0.14 0.86"), part("body", CROWN, symmetric=True),
                part("ink", "M -0.5 -0.2 L 0.5 -0.2")],
    # a promoted Pux piece: two stones, the upper one set back
    "stack": [part("body", "O 0 0.28 0.7"), part("body", "O 0 -0.28 0.7"), part("ink", "O 0 -0.28 0.4")],
    # the throne's mark (not a man): the crown alone
    "crown": [part("body", CROWN, symmetric=True)],
    # the smallest man: a ball on a short stem
    "pawn": [stem(0.06, 0.14, 0.4), plinth(0.56), collar(0.04, 0.22), part("body", "O 0 -0.28 0.26")],
    "rook": [part("body", "M 0 -0.44 L 0.34 -0.44 L 0.42 0.62 L 0 0.62", symmetric=True), BASE,
             part("body", "M 0 -0.92 L 0.1 -0.92 L 0.1 -0.7 L 0.3 -0.7 L 0.3 -0.92 L 0.54 -0.92 "
                          "L 0.54 -0.52 L 0.42 -0.4 L 0 -0.4", symmetric=True),
             part("ink", "M -0.38 0.36 L 0.38 0.36")],
    "bishop": [stem(-0.12, 0.15), BASE, collar(-0.16, 0.26),
               part("body", "M 0 -0.84 C 0.22 -0.7 0.42 -0.5 0.34 -0.34 Q 0.28 -0.24 0 -0.24", symmetric=True),
               part("body", "O 0 -0.89 0.08"), part("ink", "M -0.02 -0.36 L 0.18 -0.62")],
    "queen": [part("body", "M 0 -0.6 L 0.13 -0.2 L 0.34 -0.66 L 0.42 -0.18 L 0.66 -0.5 "
                           "Q 0.5 0.1 0.48 0.62 L 0 0.62", symmetric=True), BASE,
              part("body", "O 0 -0.7 0.1"), part("body", "O 0.34 -0.76 0.1"), part("body", "O -0.34 -0.76 0.1"),
              part("body", "O 0.66 -0.6 0.1"), part("body", "O -0.66 -0.6 0.1"),
              part("ink", "M -0.52 0.36 Q 0 0.24 0.52 0.36")],
    "king": [part("body", "M 0 -0.97 L 0.08 -0.97 L 0.08 -0.86 L 0.2 -0.86 L 0.2 -0.7 L 0.08 -0.7 "
                          "L 0.08 -0.4 L 0 -0.4", symmetric=True),
             part("body", "M 0 -0.38 Q 0.5 -0.56 0.62 -0.22 Q 0.66 0.1 0.48 0.62 L 0 0.62", symmetric=True),
             BASE, part("ink", "M -0.52 0.36 Q 0 0.24 0.52 0.36"),
             part("ink", "M -0.56 -0.06 Q 0 -0.22 0.56 -0.06")],
    # a horse's head in profile, facing left
    "knight": [part("body", "M 0.5 0.62 L -0.38 0.62 C -0.42 0.3 -0.12 0.22 -0.06 0.02 "
                            "Q -0.3 0.04 -0.5 0.06 Q -0.74 0.06 -0.72 -0.18 Q -0.68 -0.34 -0.34 -0.58 "
                            "Q -0.24 -0.8 -0.1 -0.94 L 0.02 -0.68 Q 0.56 -0.62 0.62 -0.1 "
                            "Q 0.64 0.3 0.5 0.62 Z"), BASE,
               part("dot", "O -0.28 -0.42 0.07"), part("dot", "O -0.6 -0.14 0.05"),
               part("ink", "M 0.08 -0.58 Q 0.46 -0.5 0.5 0.1")],
}

MEN = ("block", "disc", "crowned", "stack", "king", "queen", "rook", "bishop", "knight", "pawn")


def trace(ctx, ops, x, y, r):
    """Begin a path and trace `ops` scaled by `r` about (x, y)."""
    ctx.beginPath()
    for op, args in ops:
        pts = [(x + args[k] * r, y + args[k + 1] * r) for k in range(0, len(args) - 1, 2)]
        if op == "M":
            ctx.moveTo(*pts[0])
        elif op == "L":
            ctx.lineTo(*pts[0])
        elif op == "Q":
            ctx.quadraticCurveTo(*pts[0], *pts[1])
        elif op == "C":
            ctx.bezierCurveTo(*pts[0], *pts[1], *pts[2])
        elif op == "O":
            cx, cy, radius = x + args[0] * r, y + args[1] * r, args[2] * r
            ctx.moveTo(cx + radius, cy)
            ctx.arc(cx, cy, radius, 0, 2 * math.pi)
        else:
            ctx.closePath()


def line_width(r):
    return max(1.0, r * 0.07)


def draw_shape(ctx, shape, x, y, r, fill, edge, ink):
    """Draw `shape` (a man in MEN, or the "crown" mark) centred on (x, y), about `r` in
    radius."""
    ctx.lineJoin = "round"
    ctx.lineWidth = line_width(r)
    for style, ops in SHAPES[shape]:
        trace(ctx, ops, x, y, r)
        if style == "body":
            ctx.fillStyle = fill
            ctx.fill()
            ctx.strokeStyle = edge
            ctx.stroke()
        elif style == "ink":
            ctx.lineWidth = line_width(r) * 0.8
            ctx.strokeStyle = ink
            ctx.stroke()
            ctx.lineWidth = line_width(r)
        else:
            ctx.fillStyle = ink
            ctx.fill()
    ctx.lineJoin = "miter"  # the canvas default, for what is drawn next

