"""The visitor's settings (webapp/state/settings.py) and what they change on the board: board
colours, coordinates (and the room they take), the legal-move dots."""

import pytest
from helpers import drawn

from webapp.drawing.layout import Layout, board_cells
from webapp.drawing.render import PALETTES, THEMES
from webapp.state.session import Session
from webapp.state.settings import choose, defaults, read_settings, write_settings
from webapp.state.view import View


def test_settings_round_trip_and_choices():
    settings = choose(choose(defaults(), "theme", "dark"), "motion", "false")
    assert settings["theme"] == "dark" and settings["motion"] is False
    assert read_settings(write_settings(settings)) == (settings, None)
    assert read_settings(None) == (defaults(), None)
    with pytest.raises(ValueError, match="board cannot be 'purple'"):
        choose(settings, "board", "purple")


@pytest.mark.parametrize("text,problem", [
    ("not json", "could not be read"),
    ("[1, 2]", "could not be read"),
    ('{"theme": "pink", "motion": "yes", "dots": false, "future": 1}',
     "not understood (theme, moves in motion): defaults used for them"),
])
def test_unreadable_settings_fall_back_to_the_defaults_and_say_so(text, problem):
    settings, said = read_settings(text)
    assert problem in said
    assert settings["theme"] == "system" and settings["motion"] is True
    if "dots" in text:
        assert settings["dots"] is False, "what was understood is kept"


@pytest.mark.parametrize("board", sorted(PALETTES))
def test_board_colours_fill_the_cells(board):
    view = View()
    view.board, view.theme = board, "dark"
    ctx, layout = drawn(Session("vault"), view)
    light, dark = PALETTES[board]["dark"]
    assert len(ctx.fills(light)) + len(ctx.fills(dark)) == len(layout.cells)
    assert len(ctx.fills(light)) == len(ctx.fills(dark)) == len(layout.cells) // 2


def test_coordinates_off_leaves_no_labels_and_bigger_cells():
    cells = board_cells(Session("tablut").game)
    assert Layout(cells, 500, 500, labelled=False).unit > Layout(cells, 500, 500).unit * 1.1
    view = View()
    view.coordinates = False
    session = Session("tablut")
    ctx, _ = drawn(session, view)
    assert [t.text for t in ctx.texts if t.text.isalnum()] == [], "no file or rank names"


def test_dots_off_hides_the_destinations_but_keeps_the_selection():
    session = Session("tablut")
    session.click("d1")
    view = View()
    plain, layout = drawn(session, view)
    view.dots = False
    bare, _ = drawn(session, view)
    dot = THEMES["light"]["target"]
    assert {layout.cell_at(*m.centre) for m in plain.fills(dot)} == set(session.destinations("d1"))
    assert bare.fills(dot) == []
    assert bare.strokes(THEMES["light"]["select"]), "the selected man keeps its frame"
