"""Pictures of a position, for worksheets, posts and notebooks: the board as the page draws
it (its orientation, colours and coordinates, the last move, shapes drawn on it) without
what only a player at the page needs (the selection, the hint, the pointer, the cursor),
as SVG text or on any canvas context (the page's PNG).

    svg(game, state, flipped=True, theme="dark")     # also boardgames.svg; state._repr_svg_()
"""

import re

from .layout import Layout, board_cells
from .render import draw_scene
from .svg_canvas import SvgCanvas

WIDTH = 800  # CSS pixels across: crisp on paper and in a post
CELL = re.compile(r"[a-z]\d+")


class Scene:
    """What render.draw_scene draws of a position (the page's scene adds a player's
    aids): its men, the last move and the cells it took on, the review's better move,
    and shapes drawn on it, ("C", cell) circles and ("A", from, to) arrows, from codes
    'Cd4' and 'Ad1d3'."""

    live = False  # (a past position: no man dragged, no move in motion)
    selected, hint, motion = None, None, None
    marked = extras = moving = frozenset()

    def __init__(self, game, state, shapes=(), better=None):
        self.game, self.state = game, state
        self.men = game.men(state)  # cell -> letter
        last = state.last
        self.last_cells = frozenset(game.move_cells(last[0])) if last else frozenset()
        self.taken = tuple(last[1]) if last else ()  # the cells the last move captured on
        self.better = tuple(game.move_cells(better)) if better is not None else None  # the review's arrow
        self.shapes = [(code[0], *CELL.findall(code[1:])) for code in shapes]
        self.targets = {}  # a selected man's destinations -> their moves (none here)
        self._overlays = {}

    def overlays(self, pointed_cell):
        """The game's overlays with the pointer on `pointed_cell` (asked once per cell)."""
        if pointed_cell not in self._overlays:
            self._overlays[pointed_cell] = self.game.overlays(self.state, self.targets.get(pointed_cell, []))
        return self._overlays[pointed_cell]


class Looks:
    """How a picture looks, as render.draw_scene asks a view: `theme` ("light", "dark"),
    `board` (render.PALETTES), `coordinates`, `flipped` (Black's side at the bottom); no
    pointer, dragged man or cursor."""

    hover = drag = None

    def __init__(self, theme="light", board="wood", coordinates=True, flipped=False):
        self.theme, self.board, self.coordinates, self.flipped = theme, board, coordinates, flipped

    def shown_cursor(self):
        return None


def picture_size(game, coordinates=True, width=WIDTH):
    """(width, height) of a picture of `game`'s board."""
    return width, width * Layout.aspect(board_cells(game), coordinates)


def draw_position(ctx, game, state, looks, width=WIDTH, shapes=()):
    """Draw `state` as `looks` show it on `ctx`, a canvas of picture_size()."""
    width, height = picture_size(game, looks.coordinates, width)
    layout = Layout(board_cells(game), width, height, flipped=looks.flipped, labelled=looks.coordinates)
    draw_scene(ctx, layout, Scene(game, state, shapes), looks, width, height)


def svg(game, state=None, *, flipped=False, theme="light", board="wood", coordinates=True, width=WIDTH,
        shapes=(), attributes=""):
    """The SVG document of `state` (default: the setup) of `game`, as the page pictures it;
    `shapes` are circles and arrows drawn on it ('Cd4', 'Ad1d3'), `attributes` go on the
    root element."""
    state = game.new() if state is None else state
    ctx = SvgCanvas(*picture_size(game, coordinates, width))
    draw_position(ctx, game, state, Looks(theme, board, coordinates, flipped), width, shapes)
    return ctx.svg(attributes)
