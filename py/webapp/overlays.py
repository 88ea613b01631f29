"""Game-specific marks drawn over the board (render.py calls `draw_overlays`):

- Vault: a jump's line from the jumper to its landing cell, with the friendly pawn it
  vaults over marked by a diamond (dashed for the last move, solid for the jump under
  the pointer); a pennant on a pawn that wins next turn unless captured.
- Pux: a dashed frame on each piece the selected piece will carry along.

Shapes and dash patterns, not colour alone, tell the marks apart.
"""

import math

from . import assist


def draw_overlays(ctx, layout, session, state, targets, hover, colours):
    """`targets` is {cell: [moves]} of the selected man; `hover` the cell under the pointer."""
    for cell in session.carried if session.selected is not None else ():
        draw_carried(ctx, layout, cell, colours)
    for cell in assist.far_rank_pawns(session.game, state):
        draw_pennant(ctx, layout, cell, colours)
    for src, pivot, dst, kind in assist.jump_lines(session.game, state, targets, hover):
        draw_jump(ctx, layout, src, pivot, dst, colours["last_mark" if kind == "last" else "select"],
                  dashed=kind == "last")


def draw_carried(ctx, layout, name, colours):
    x, y = layout.center(name)
    r = layout.inner_radius(layout.by_name[name]) * 0.88
    ctx.setLineDash([r * 0.3, r * 0.2])
    ctx.lineWidth = max(2.5, layout.unit * 0.06)
    ctx.strokeStyle = colours["select"]
    ctx.strokeRect(x - r, y - r, 2 * r, 2 * r)
    ctx.setLineDash([])


def draw_pennant(ctx, layout, name, colours):
    """A small flag on a pole at the cell's upper right."""
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


def draw_jump(ctx, layout, src, pivot, dst, colour, dashed):
    """The jumper's line through the pivot to the landing cell: a diamond on the pivot,
    a chevron at the landing."""
    (x0, y0), (px, py), (x1, y1) = layout.center(src), layout.center(pivot), layout.center(dst)
    unit = layout.unit
    ctx.strokeStyle = colour
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
