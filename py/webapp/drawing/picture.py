"""Pictures of a position, for worksheets and posts: the board as the visitor sees it
(its orientation, colours and coordinates) without what only the player needs (the
selection, the hint, the pointer, the keyboard cursor), as SVG text, or drawn on any
canvas context for a PNG.  Decided without the DOM (svg_canvas.py writes the SVG)."""

from webapp.drawing.layout import Layout, board_cells
from webapp.drawing.render import colours_of, draw_board, draw_man_at
from webapp.drawing.svg_canvas import SvgCanvas
from webapp.state.view import View

WIDTH = 800  # CSS pixels across: crisp on paper and in a post


def clean_view(view):
    """The view's looks (orientation, theme, board colours, coordinates) and the position
    it shows, without the player's aids."""
    clean = View()
    clean.flipped, clean.theme, clean.board = view.flipped, view.theme, view.board
    clean.coordinates, clean.reviewing = view.coordinates, view.reviewing
    clean.dots = False
    return clean


def picture_size(session, view, width=WIDTH):
    """(width, height) of the picture of `session`'s board."""
    return width, width * Layout.aspect(board_cells(session.game), view.coordinates)


def draw_picture(ctx, session, view, width=WIDTH):
    """Draw the position `view` shows on `ctx`, a canvas of picture_size()."""
    width, height = picture_size(session, view, width)
    clean = clean_view(view)
    layout = Layout(board_cells(session.game), width, height, flipped=clean.flipped, labelled=clean.coordinates)
    selected, extras = session.selected, session.extras
    session.select(None)  # the picture shows the position, not the player's selection
    try:
        draw_board(ctx, layout, session, clean, width, height)
    finally:
        session.selected, session.extras = selected, extras


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
