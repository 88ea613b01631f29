"""The page's own drawing, beside the engine's (boardgames/drawing/render.py, which draws
the board's scene): the board of a session as a view shows it, and a position being set
up.  THEMES and PALETTES, the colours, are the engine's."""

from boardgames.drawing.render import (PALETTES, THEMES, colours_of, draw_cell, draw_cursor, draw_labels, draw_man,
                                       draw_scene)
from webapp.drawing.scene import Scene

__all__ = ["PALETTES", "THEMES", "draw_board", "draw_setup"]


def draw_board(ctx, layout, session, view, width, height):
    """Draw the board as `view` shows `session` (its scene, computed here)."""
    draw_scene(ctx, layout, Scene(session, view), view, width, height)


def draw_setup(ctx, layout, editor, view, width, height):
    """The board being set up: cells, special cells, men, the keyboard cursor, labels."""
    colours = colours_of(view)
    ctx.fillStyle = colours["background"]
    ctx.fillRect(0, 0, width, height)
    cursor = view.shown_cursor()
    for cell in layout.cells:
        draw_cell(ctx, layout, cell, editor.game.special_cells, colours)
        man = editor.men.get(cell.name)
        if man:
            draw_man(ctx, layout, cell, editor.game, man, colours)
        if cell.name == cursor and not cell.ghost:
            draw_cursor(ctx, layout, cell, colours)
    ctx.globalAlpha = 1.0
    if view.coordinates:
        draw_labels(ctx, layout, colours)
