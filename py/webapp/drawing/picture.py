"""The page's pictures of a position (Share: PNG and SVG), drawn by the engine's picture
code (boardgames/drawing/picture.py) as the view shows the position: its orientation,
colours and coordinates and the shapes drawn on it, without the player's aids."""

from boardgames.drawing import picture
from boardgames.drawing.render import colours_of, draw_man_at
from boardgames.drawing.svg_canvas import SvgCanvas

WIDTH = picture.WIDTH


def looks_of(view):
    return picture.Looks(view.theme, view.board, view.coordinates, view.flipped)


def picture_size(session, view, width=WIDTH):
    """(width, height) of the picture of `session`'s board."""
    return picture.picture_size(session.game, view.coordinates, width)


def draw_picture(ctx, session, view, width=WIDTH):
    """Draw the position `view` shows on `ctx`, a canvas of picture_size()."""
    picture.draw_position(ctx, session.game, view.shown_state(session), looks_of(view), width,
                          session.shapes.get(view.shown_index(session), []))


def position_svg(session, view, width=WIDTH):
    """The SVG document of the position `view` shows."""
    ctx = SvgCanvas(*picture_size(session, view, width))
    draw_picture(ctx, session, view, width)
    return ctx.svg()


def picture_name(session, view, extension):
    """'tablut-move-12.svg': the game and how many moves led to the position shown."""
    moves = view.shown_index(session)
    return f"{session.game_id}-{'start' if moves == 0 else f'move-{moves}'}.{extension}"


def man_svg(game, letter, view, size=24):
    """A small SVG of one man as the board draws it (for the captured men's panel)."""
    ctx = SvgCanvas(size, size)
    draw_man_at(ctx, game, letter, size / 2, size / 2, size * 0.46, colours_of(view))
    return ctx.svg('aria-hidden="true" focusable="false"')
