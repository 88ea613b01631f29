"""Draw a board's scene on a canvas 2D context, as a view shows it: the page's board
(webapp/drawing/scene.py, state/view.py) and the pictures of a position (picture.py) alike.

`ctx` is anything with the CanvasRenderingContext2D methods used here (the browser's,
or a recorder in tests).  Everything game-specific comes from the game's declarations:
its men's shapes, its special cells and the overlays it asks for.  Highlights never rely
on colour alone: the last move gets corner brackets, the selection a thick frame,
destinations a dot (a ring on a capture), a hint an arrow from the man to its
destination, the extras of a move built in steps (Pux's carried pieces) a dashed frame.
"""

import math

from . import men_shapes

THEMES = {
    "light": {
        "background": "#f4efe6", "ghost_alpha": 0.35,
        "line": "#6b5634", "label": "#4a3b22", "last": "rgba(40,110,200,0.35)",
        "last_mark": "#1d4f91", "select": "#d23c1e", "target": "rgba(20,20,20,0.55)",
        "capture_ring": "#c0261b", "special": "rgba(120,60,150,0.45)", "cursor": "#0a7d32",
        "white_man": "#fbfaf5", "black_man": "#2b2b2b", "man_edge": "#1a1a1a",
        "white_ink": "#1a1a1a", "black_ink": "#f5f5f5", "taken": "#c0261b",
        "hint": "rgba(10,125,50,0.8)", "better": "rgba(30,90,200,0.8)", "shape": "rgba(21,120,27,0.8)",
    },
    "dark": {
        "background": "#1d1f24", "ghost_alpha": 0.35,
        "line": "#b8a888", "label": "#d8ccb4", "last": "rgba(90,160,255,0.35)",
        "last_mark": "#8ec1ff", "select": "#ff7a5c", "target": "rgba(240,240,240,0.6)",
        "capture_ring": "#ff6b5c", "special": "rgba(190,130,230,0.5)", "cursor": "#5fe08a",
        "white_man": "#f2efe6", "black_man": "#151515", "man_edge": "#000000",
        "white_ink": "#222222", "black_ink": "#f0f0f0", "taken": "#ff6b5c",
        "hint": "rgba(95,224,138,0.85)", "better": "rgba(120,175,255,0.85)", "shape": "rgba(110,220,120,0.85)",
    },
}


# Board colours (settings.py): (light cell, dark cell) in each theme.
PALETTES = {
    "wood": {"light": ("#e9d8b4", "#c9a978"), "dark": ("#6f6250", "#4d4234")},
    "green": {"light": ("#eeeed2", "#86a666"), "dark": ("#5f6e52", "#3f5135")},
    "blue": {"light": ("#dee3e6", "#8ca2ad"), "dark": ("#58646c", "#3b4850")},
    "grey": {"light": ("#e4e4e4", "#a9a9a9"), "dark": ("#666666", "#474747")},
}


def colours_of(view):
    """The colours `view` draws with: its theme's, with its board's cells."""
    return {**THEMES[view.theme], "cell": PALETTES[view.board][view.theme]}


def path(ctx, points):
    ctx.beginPath()
    ctx.moveTo(*points[0])
    for p in points[1:]:
        ctx.lineTo(*p)
    ctx.closePath()


def draw_scene(ctx, layout, scene, view, width, height):
    """Draw `scene` (picture.Scene, or the page's): the position, the selection and its
    destinations, the last move, the game's overlays, the hint; and from `view` (picture.Looks,
    or the page's View) what only the pointer and the keyboard move: the pointed cell's
    overlays (`hover`), a dragged man (`drag`), the cursor (`shown_cursor()`); and the looks
    (`theme`, `board`, `coordinates`)."""
    game = scene.game
    colours = colours_of(view)
    ctx.fillStyle = colours["background"]
    ctx.fillRect(0, 0, width, height)
    men = scene.men
    cursor = view.shown_cursor()
    dragged = view.drag[0] if scene.live and view.drag else None

    for cell in layout.cells:
        poly = draw_cell(ctx, layout, cell, game.special_cells, colours)
        if cell.name in scene.last_cells:
            path(ctx, poly)
            ctx.fillStyle = colours["last"]
            ctx.fill()
            draw_brackets(ctx, layout, cell, colours["last_mark"])
        man = men.get(cell.name)
        if man and cell.name not in scene.moving:
            if cell.name == dragged:  # lifted: a faint copy stays where it came from
                ctx.globalAlpha = colours["ghost_alpha"]
            draw_man(ctx, layout, cell, game, man, colours)
            ctx.globalAlpha = colours["ghost_alpha"] if cell.ghost else 1.0
        if cell.name in scene.marked:
            draw_target(ctx, layout, cell, cell.name in men and cell.name not in scene.extras, colours)
        if cell.name == scene.selected and not cell.ghost:
            path(ctx, poly)
            ctx.lineWidth = max(3, layout.unit * 0.07)
            ctx.strokeStyle = colours["select"]
            ctx.stroke()
        if cell.name == cursor and not cell.ghost:
            draw_cursor(ctx, layout, cell, colours)
    ctx.globalAlpha = 1.0
    for name in scene.taken:
        if name in layout.by_name:
            draw_taken(ctx, layout, layout.by_name[name], colours)
    if scene.motion:
        draw_motion(ctx, layout, game, scene.motion, colours)
    for name in scene.extras:
        draw_frame(ctx, layout, name, colours)
    for overlay in scene.overlays(view.hover):
        OVERLAYS[overlay.kind](ctx, layout, overlay, colours)
    if scene.hint is not None:
        draw_arrow(ctx, layout, *scene.hint, colours["hint"])
    if scene.better is not None:
        draw_arrow(ctx, layout, *scene.better, colours["better"])
    for kind, *cells in scene.shapes:
        if all(cell in layout.by_name for cell in cells):
            if kind == "A":
                draw_arrow(ctx, layout, *cells, colours["shape"])
            else:
                draw_ring(ctx, layout, cells[0], colours["shape"])
    if view.coordinates:
        draw_labels(ctx, layout, colours)
    if dragged in men:
        _, x, y = view.drag
        radius = layout.inner_radius(layout.by_name[dragged]) * game.kinds[men[dragged]].size * 1.15
        draw_man_at(ctx, game, men[dragged], x, y, radius, colours)


def draw_motion(ctx, layout, game, motion, colours):
    """The captured men fading where they stood, then the moving men on their way."""
    ctx.globalAlpha = motion.fade()
    for name, letter in motion.fading:
        if name in layout.by_name:
            draw_man(ctx, layout, layout.by_name[name], game, letter, colours)
    ctx.globalAlpha = 1.0
    for (letter, (x, y)), slide in zip(motion.positions(), motion.slides):
        cell = layout.by_name[slide.cell]
        px, py = layout.to_px(x, y)
        draw_man_at(ctx, game, letter, px, py, layout.inner_radius(cell) * game.kinds[letter].size, colours)


def draw_cell(ctx, layout, cell, special_cells, colours):
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
    if cell.name in special_cells:
        draw_mark(ctx, layout, cell, special_cells[cell.name], colours)
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


def draw_man(ctx, layout, cell, game, letter, colours):
    """The man `letter` standing on `cell`."""
    x, y = layout.to_px(cell.x, cell.y)
    draw_man_at(ctx, game, letter, x, y, layout.inner_radius(cell) * game.kinds[letter].size, colours)


def draw_man_at(ctx, game, letter, x, y, r, colours):
    """The man `letter` as its kind's shape (men_shapes.py), of radius `r` at canvas point
    (x, y): White's light, Black's dark."""
    white = letter.isupper()
    fill, ink = (colours["white_man"], colours["white_ink"]) if white else (colours["black_man"], colours["black_ink"])
    men_shapes.draw_shape(ctx, game.kinds[letter].shape, x, y, r, fill, colours["man_edge"], ink)


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


def draw_arrow(ctx, layout, src, dst, colour):
    """A thick arrow from the centre of `src` to the centre of `dst`."""
    (x0, y0), (x1, y1) = layout.center(src), layout.center(dst)
    length = math.hypot(x1 - x0, y1 - y0) or 1
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = layout.unit * 0.4
    bx, by = x1 - ux * head, y1 - uy * head  # where the head starts
    ctx.strokeStyle = ctx.fillStyle = colour
    ctx.lineWidth = max(4, layout.unit * 0.14)
    ctx.lineCap = "round"
    ctx.beginPath()
    ctx.moveTo(x0, y0)
    ctx.lineTo(bx, by)
    ctx.stroke()
    ctx.lineCap = "butt"
    path(ctx, [(x1, y1), (bx - uy * head * 0.6, by + ux * head * 0.6), (bx + uy * head * 0.6, by - ux * head * 0.6)])
    ctx.fill()


def draw_ring(ctx, layout, name, colour):
    """A circle round a cell: a shape the reader drew."""
    x, y = layout.center(name)
    ctx.strokeStyle = colour
    ctx.lineWidth = max(3, layout.unit * 0.08)
    ctx.beginPath()
    ctx.arc(x, y, layout.inner_radius(layout.by_name[name]) * 0.95, 0, 2 * math.pi)
    ctx.stroke()


def draw_labels(ctx, layout, colours):
    ctx.fillStyle = colours["label"]
    font = f"{max(10, int(layout.unit * 0.3))}px sans-serif"
    if ctx.font != font:  # (set, even unchanged, it has a browser style the page, and lay it out if due)
        ctx.font = font
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    for text, x, y in layout.labels():
        ctx.fillText(text, x, y)


def draw_frame(ctx, layout, name, colours):
    """A dashed frame: a piece the selected man takes along."""
    x, y = layout.center(name)
    r = layout.inner_radius(layout.by_name[name]) * 0.88
    ctx.setLineDash([r * 0.3, r * 0.2])
    ctx.lineWidth = max(2.5, layout.unit * 0.06)
    ctx.strokeStyle = colours["select"]
    ctx.strokeRect(x - r, y - r, 2 * r, 2 * r)
    ctx.setLineDash([])


def draw_pennant(ctx, layout, overlay, colours):
    """A small flag on a pole at the cell's upper right: a man about to win."""
    name = overlay.cells[0]
    x, y = layout.center(name)
    r = layout.inner_radius(layout.by_name[name])
    pole_x, top, bottom = x + r * 0.55, y - r * 0.95, y - r * 0.15
    ctx.lineWidth = max(2, layout.unit * 0.04)
    ctx.strokeStyle = colours["man_edge"]
    ctx.beginPath()
    ctx.moveTo(pole_x, bottom)
    ctx.lineTo(pole_x, top)
    ctx.stroke()
    ctx.beginPath()
    ctx.moveTo(pole_x, top)
    ctx.lineTo(pole_x + r * 0.42, top + r * 0.2)
    ctx.lineTo(pole_x, top + r * 0.4)
    ctx.closePath()
    ctx.fillStyle = colours["select"]
    ctx.fill()
    ctx.stroke()


def draw_line(ctx, layout, overlay, colours):
    """A jumper's line through its pivot to the landing cell: a diamond on the pivot, a
    chevron at the landing; dashed for the move that led here."""
    src, pivot, dst = overlay.cells
    dashed = overlay.style == "last"
    (x0, y0), (px, py), (x1, y1) = layout.center(src), layout.center(pivot), layout.center(dst)
    unit = layout.unit
    ctx.strokeStyle = colours["last_mark" if dashed else "select"]
    ctx.lineWidth = max(2.5, unit * 0.07)
    ctx.setLineDash([unit * 0.16, unit * 0.1] if dashed else [])
    ctx.beginPath()
    ctx.moveTo(x0, y0)
    ctx.lineTo(x1, y1)
    ctx.stroke()
    ctx.setLineDash([])
    d = unit * 0.3
    ctx.beginPath()
    ctx.moveTo(px, py - d)
    ctx.lineTo(px + d, py)
    ctx.lineTo(px, py + d)
    ctx.lineTo(px - d, py)
    ctx.closePath()
    ctx.stroke()
    length = math.hypot(x1 - x0, y1 - y0) or 1
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    k = unit * 0.22
    ctx.beginPath()
    ctx.moveTo(x1 - ux * k - uy * k, y1 - uy * k + ux * k)
    ctx.lineTo(x1, y1)
    ctx.lineTo(x1 - ux * k + uy * k, y1 - uy * k - ux * k)
    ctx.stroke()


def draw_alarm(ctx, layout, overlay, colours):
    """A dashed ring round a man in danger (a king in check) and a warning triangle with
    '!' on its upper right: shapes, not colour alone."""
    cell = layout.by_name[overlay.cells[0]]
    x, y = layout.to_px(cell.x, cell.y)
    r = layout.inner_radius(cell)
    ctx.strokeStyle = colours["taken"]
    ctx.lineWidth = max(3, layout.unit * 0.08)
    ctx.setLineDash([r * 0.25, r * 0.15])
    ctx.beginPath()
    ctx.arc(x, y, r * 0.97, 0, 2 * math.pi)
    ctx.stroke()
    ctx.setLineDash([])
    side = r * 0.62  # the triangle's side
    cx, cy = x + r * 0.62, y - r * 0.62
    top, bottom = cy - side * 0.55, cy + side * 0.35
    ctx.beginPath()
    ctx.moveTo(cx, top)
    ctx.lineTo(cx + side / 2, bottom)
    ctx.lineTo(cx - side / 2, bottom)
    ctx.closePath()
    ctx.fillStyle = colours["taken"]
    ctx.fill()
    ctx.lineWidth = max(1.5, layout.unit * 0.03)
    ctx.strokeStyle = colours["man_edge"]
    ctx.stroke()
    # the '!' as a bar and a dot (shapes, like the men: no font on the board)
    ctx.strokeStyle = ctx.fillStyle = colours["white_man"]
    ctx.lineWidth = max(1.5, side * 0.12)
    ctx.beginPath()
    ctx.moveTo(cx, cy - side * 0.3)
    ctx.lineTo(cx, cy + side * 0.04)
    ctx.stroke()
    ctx.beginPath()
    ctx.arc(cx, cy + side * 0.2, side * 0.075, 0, 2 * math.pi)
    ctx.fill()


OVERLAYS = {"line": draw_line, "pennant": draw_pennant, "alarm": draw_alarm}
