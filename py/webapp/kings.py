"""UOS kings on the page: the mark on a checked king, "Check!" in the status, and each
king's remaining range in the side panel (the engine's `in_check` and `king_range`).

Games without those engine functions get nothing: every function here returns an
empty answer for them.
"""

import math

from boardgames.core import SIDE_NAMES


def checked_king(game, state):
    """The cell of the side to move's king when it is in check, else None."""
    in_check = getattr(game, "in_check", None)
    if in_check is None or not in_check(state):
        return None
    king = "K" if state.turn == "w" else "k"
    return game.grid.names[state.board.index(king)]


def check_words(game, state):
    """'Check! ' when the side to move is in check, else '' (the status's lead)."""
    return "" if checked_king(game, state) is None else "Check! "


def range_words(reach):
    """A king's range as the panel says it: None is unlimited."""
    if reach is None:
        return "unlimited"
    return f"{reach} step{'s' if reach != 1 else ''}"


def range_notes(game, state):
    """One line per king: 'White king's range: unlimited (0 checks received)'."""
    king_range = getattr(game, "king_range", None)
    if king_range is None:
        return []
    lines = []
    for slot, side in enumerate("wb"):
        checks = state.extra[slot]
        lines.append(f"{SIDE_NAMES[side].capitalize()} king's range: "
                     f"{range_words(king_range(state, side))} "
                     f"({checks} check{'s' if checks != 1 else ''} received)")
    return lines


def draw_check(ctx, layout, game, state, colours):
    """A dashed ring round a checked king and a warning triangle with '!' on its
    upper right: shapes, not colour alone."""
    name = checked_king(game, state)
    if name is None or name not in layout.by_name:
        return
    cell = layout.by_name[name]
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
