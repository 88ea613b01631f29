"""Pictures of positions (boardgames/drawing/picture.py, the page's webapp/drawing/picture.py): what the SVG shows and leaves out."""

import re

import boardgames

from recording import RecordingContext
from webapp.drawing.layout import Layout, board_cells
from webapp.drawing.picture import draw_picture, picture_name, picture_size, position_svg
from webapp.drawing.render import PALETTES, THEMES
from webapp.state.session import Session
from webapp.state.view import View


def fills(svg):
    """The fill colours of the SVG's shapes (its texts left out)."""
    return re.findall(r'<path [^>]*style="fill:(#[0-9a-f]{6})', svg)


def test_the_svg_shows_the_position_in_the_viewers_colours_without_the_players_aids():
    session = Session("tablut")
    session.play("d1-d3")
    session.click("e3")  # a selection: not in the picture
    view = View()
    view.theme, view.board, view.hint = "dark", "green", "a4-a3"
    svg = position_svg(session, view)
    assert svg.startswith("<svg") and 'width="800"' in svg
    colours = THEMES["dark"]
    ctx = RecordingContext()
    draw_picture(ctx, session, view)  # what position_svg draws, recorded
    layout = Layout(board_cells(session.game), 800, 800)
    assert len(ctx.cells_filled(layout, colours["black_man"])) == 16
    assert ctx.cells_filled(layout, colours["white_man"]) == {c for c, m in session.men().items() if m.isupper()}
    light, dark = PALETTES["green"]["dark"]
    assert fills(svg).count(light) + fills(svg).count(dark) == 81 + 1, "the cells, and the crown on the throne"
    assert colours["select"] not in svg and colours["hint"] not in svg and colours["target"] not in svg
    assert session.selected == "e3", "the player's selection is kept"


def test_the_reviewed_position_and_its_name():
    session = Session("vault", options={"size": 6})
    for move in ("a1-a2", "f6-f5", "b1-b2"):
        session.play(move)
    view = View()
    assert picture_name(session, view, "svg") == "vault-move-3.svg"
    view.reviewing = 0
    assert picture_name(session, view, "png") == "vault-start.png"
    ctx = RecordingContext()
    draw_picture(ctx, session, view)
    layout = Layout(board_cells(session.game), 800, 800)
    assert ctx.cells_filled(layout, THEMES["light"]["white_man"]) == {f"{f}1" for f in "abcdef"}
    assert picture_size(session, view) == (800, 800)
    assert ">a<" in position_svg(session, view)
    view.coordinates = False
    assert "<text" not in position_svg(session, view), "no coordinates when they are off"


def test_the_engine_s_svg_is_the_page_s_picture_and_a_state_shows_itself_so():
    session = Session("uos")
    session.play(sorted(session.game.legal(session.state))[0])
    view = View()
    view.flipped, view.theme, view.board = True, "dark", "blue"
    game, state = session.game, session.state
    drawn = boardgames.svg(game, state, flipped=True, theme="dark", board="blue")
    assert drawn == position_svg(session, view)
    assert state._repr_svg_() == boardgames.svg(game, state) != drawn
    assert boardgames.svg(game) == boardgames.svg(game, game.new())  # (the setup by default)
    assert len(game.men(state)) == 32 and THEMES["light"]["white_man"] in fills(boardgames.svg(game, state))


def test_shapes_on_a_picture():
    game = boardgames.get_game("tablut")
    plain, marked = boardgames.svg(game), boardgames.svg(game, shapes=["Cd4", "Ad1d3"])
    shape = THEMES["light"]["shape"]
    assert shape not in plain and marked.count(shape) == 3  # a ring, an arrow's shaft and its head
