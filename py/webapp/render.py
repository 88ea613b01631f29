"""Draw a session's board on a canvas 2D context.

`ctx` is anything with the CanvasRenderingContext2D methods used here (the browser's,
or a recorder in tests).  Highlights never rely on colour alone: the last move gets
corner brackets, the selection a thick frame, destinations a dot (a ring on a capture),
a hint an arrow from the man to its destination.
"""

import math

from . import kings, men_shapes, overlays, pieces

THEMES = {
    "light": {
        "background": "#f4efe6", "cell": ("#e9d8b4", "#c9a978"), "ghost_alpha": 0.35,
        "line": "#6b5634", "label": "#4a3b22", "last": "rgba(40,110,200,0.35)",
        "last_mark": "#1d4f91", "select": "#d23c1e", "target": "rgba(20,20,20,0.55)",
        "capture_ring": "#c0261b", "special": "rgba(120,60,150,0.45)", "cursor": "#0a7d32",
        "white_man": "#fbfaf5", "black_man": "#2b2b2b", "man_edge": "#1a1a1a",
        "white_ink": "#1a1a1a", "black_ink": "#f5f5f5", "taken": "#c0261b",
        "hint": "rgba(10,125,50,0.8)",
    },
    "dark": {
        "background": "#1d1f24", "cell": ("#6f6250", "#4d4234"), "ghost_alpha": 0.35,
        "line": "#b8a888", "label": "#d8ccb4", "last": "rgba(90,160,255,0.35)",
        "last_mark": "#8ec1ff", "select": "#ff7a5c", "target": "rgba(240,240,240,0.6)",
        "capture_ring": "#ff6b5c", "special": "rgba(190,130,230,0.5)", "cursor": "#5fe08a",
        "white_man": "#f2efe6", "black_man": "#151515", "man_edge": "#000000",
        "white_ink": "#151515", "black_ink": "#f0f0f0", "taken": "#ff6b5c",
        "hint": "rgba(95,224,138,0.85)",
    },
}


def marked_cells(game):
    """Cells the rules single out: Tablut's throne, Royal VUT's centre."""
    if game.id == "tablut":
        return {"e5": "throne"}
    centre = getattr(game, "centre", None)
    if centre is not None:
        return {game.grid.names[centre]: "centre"}
    return {}


def path(ctx, points):
    ctx.beginPath()
    ctx.moveTo(*points[0])
    for p in points[1:]:
        ctx.lineTo(*p)
    ctx.closePath()


def draw_board(ctx, layout, session, theme, width, height, cursor=None, shown=None, hint=None, hover=None):
    """Draw everything; `shown` is the state to show (a past one while reviewing);
    `hint` a suggested move; `hover` the cell under the pointer."""
    game = session.game
    state = shown if shown is not None else session.state
    colours = THEMES[theme]
    ctx.fillStyle = colours["background"]
    ctx.fillRect(0, 0, width, height)
    marks = marked_cells(game)
    last = state.last
    last_cells = set(game.move_cells(last[0])) if last else set()
    reviewing = shown is not None and shown is not session.state
    targets = {} if reviewing or session.selected is None else session.destinations(session.selected)
    men = game.men(state)

    for cell in layout.cells:
        poly = draw_cell(ctx, layout, cell, marks, colours)
        if cell.name in last_cells:
            path(ctx, poly)
            ctx.fillStyle = colours["last"]
            ctx.fill()
            draw_brackets(ctx, layout, cell, colours["last_mark"])
        man = men.get(cell.name)
        if man:
            draw_man(ctx, layout, cell, session.game_id, man, colours)
        if cell.name in targets:
            draw_target(ctx, layout, cell, cell.name in men and cell.name not in session.carried, colours)
        if cell.name == session.selected and not cell.ghost:
            path(ctx, poly)
            ctx.lineWidth = max(3, layout.unit * 0.07)
            ctx.strokeStyle = colours["select"]
            ctx.stroke()
        if cell.name == cursor and not cell.ghost:
            draw_cursor(ctx, layout, cell, colours)
    ctx.globalAlpha = 1.0
    if last:
        for name in last[1]:
            if name in layout.by_name:
                draw_taken(ctx, layout, layout.by_name[name], colours)
    overlays.draw_overlays(ctx, layout, session, state, targets, hover, colours)
    kings.draw_check(ctx, layout, game, state, colours)
    if hint is not None:
        draw_arrow(ctx, layout, *game.move_cells(hint), colours)
    draw_labels(ctx, layout, colours)


def draw_cell(ctx, layout, cell, marks, colours):
    """A cell's square or diamond (a ghost faded, leaving `globalAlpha` so for what is
    drawn on it) with its special mark; returns its outline points."""
    poly = layout.polygon(cell)
    ctx.globalAlpha = colours["ghost_alpha"] if cell.ghost else 1.0
    path(ctx, poly)
    ctx.fillStyle = colours["cell"][cell.shade]
    ctx.fill()
    ctx.lineWidth = 1
    ctx.strokeStyle = colours["line"]
    ctx.stroke()
    if cell.name in marks:
        draw_mark(ctx, layout, cell, marks[cell.name], colours)
    return poly


def draw_mark(ctx, layout, cell, kind, colours):
    """A cross-hatched square for a special cell, seen without colour too; the throne
    also wears a crown outline: it is the king's square."""
    x, y, r = draw_cross(ctx, layout, cell, 0.8, colours["special"])
    ctx.strokeRect(x - r, y - r, 2 * r, 2 * r)
    if kind == "throne":  # a crown in the cell's colour, so the hatching stays behind it
        men_shapes.draw_shape(ctx, "crown", x, y + r * 0.52, r * 1.1, colours["cell"][cell.shade],
                              colours["special"], colours["special"])


def draw_cross(ctx, layout, cell, size, colour):
    """An x over a cell, `size` times its inner radius; returns (x, y, r) for more marks."""
    x, y = layout.to_px(cell.x, cell.y)
    r = layout.inner_radius(cell) * size
    ctx.strokeStyle = colour
    ctx.lineWidth = max(2, layout.unit * 0.05)
    ctx.beginPath()
    ctx.moveTo(x - r, y - r)
    ctx.lineTo(x + r, y + r)
    ctx.moveTo(x + r, y - r)
    ctx.lineTo(x - r, y + r)
    ctx.stroke()
    return x, y, r


def draw_brackets(ctx, layout, cell, colour):
    """A bracket in each corner of the cell's outline (square or diamond), just inside it."""
    x, y = layout.to_px(cell.x, cell.y)
    corners = [(cx + (x - cx) * 0.08, cy + (y - cy) * 0.08) for cx, cy in layout.polygon(cell)]
    ctx.strokeStyle = colour
    ctx.lineWidth = max(2, layout.unit * 0.05)
    ctx.beginPath()
    for i, (cx, cy) in enumerate(corners):
        (ax, ay), (bx, by) = corners[i - 1], corners[(i + 1) % len(corners)]
        ctx.moveTo(cx + (ax - cx) * 0.18, cy + (ay - cy) * 0.18)
        ctx.lineTo(cx, cy)
        ctx.lineTo(cx + (bx - cx) * 0.18, cy + (by - cy) * 0.18)
    ctx.stroke()


def draw_man(ctx, layout, cell, game_id, letter, colours):
    side, shape, size = pieces.look(game_id, letter)
    x, y = layout.to_px(cell.x, cell.y)
    fill, ink = (colours["white_man"], colours["white_ink"]) if side == "w" else (colours["black_man"],
                                                                                 colours["black_ink"])
    men_shapes.draw_shape(ctx, shape, x, y, layout.inner_radius(cell) * size, fill, colours["man_edge"], ink)


def draw_target(ctx, layout, cell, occupied, colours):
    x, y = layout.to_px(cell.x, cell.y)
    r = layout.inner_radius(cell)
    ctx.beginPath()
    if occupied:  # a capture: a ring around the victim
        ctx.arc(x, y, r * 0.92, 0, 2 * math.pi)
        ctx.lineWidth = max(3, layout.unit * 0.07)
        ctx.strokeStyle = colours["capture_ring"]
        ctx.stroke()
    else:
        ctx.arc(x, y, r * 0.28, 0, 2 * math.pi)
        ctx.fillStyle = colours["target"]
        ctx.fill()


def draw_cursor(ctx, layout, cell, colours):
    """The keyboard cursor: a dashed square inside the cell over a solid one in the
    background colour, so it shows on light and dark cells and next to a selection."""
    x, y = layout.to_px(cell.x, cell.y)
    r = layout.inner_radius(cell) * 0.8
    width = max(2.5, layout.unit * 0.07)
    ctx.lineWidth = width * 1.8
    ctx.strokeStyle = colours["background"]
    ctx.strokeRect(x - r, y - r, 2 * r, 2 * r)
    ctx.setLineDash([width * 2, width * 1.2])
    ctx.lineWidth = width
    ctx.strokeStyle = colours["cursor"]
    ctx.strokeRect(x - r, y - r, 2 * r, 2 * r)
    ctx.setLineDash([])


def draw_taken(ctx, layout, cell, colours):
    """A small x where the last move captured a man."""
    draw_cross(ctx, layout, cell, 0.3, colours["taken"])


def draw_arrow(ctx, layout, src, dst, colours):
    """A thick arrow from the centre of `src` to the centre of `dst`."""
    (x0, y0), (x1, y1) = layout.center(src), layout.center(dst)
    length = math.hypot(x1 - x0, y1 - y0) or 1
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = layout.unit * 0.4
    bx, by = x1 - ux * head, y1 - uy * head  # where the head starts
    ctx.strokeStyle = ctx.fillStyle = colours["hint"]
    ctx.lineWidth = max(4, layout.unit * 0.14)
    ctx.lineCap = "round"
    ctx.beginPath()
    ctx.moveTo(x0, y0)
    ctx.lineTo(bx, by)
    ctx.stroke()
    ctx.lineCap = "butt"
    path(ctx, [(x1, y1), (bx - uy * head * 0.6, by + ux * head * 0.6), (bx + uy * head * 0.6, by - ux * head * 0.6)])
    ctx.fill()


def draw_labels(ctx, layout, colours):
    ctx.fillStyle = colours["label"]
    ctx.font = f"{max(10, int(layout.unit * 0.3))}px sans-serif"
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    for text, x, y in layout.labels():
        ctx.fillText(text, x, y)
