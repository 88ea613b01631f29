"""The SVG recording context (py/boardgames/drawing/svg_canvas.py): canvas calls give the SVG the
browser would paint (tests/data/svg_canvas.txt), transforms it cannot keep exact are
refused, and every game's board drawn through render.py is a well-formed SVG with a shape
for each cell and each man."""

import os
import re
import xml.etree.ElementTree as ET

import pytest

from boardgames import GAME_IDS, get_game
from build_previews import WIDTH, draw_preview
from tables import read_table
from webapp.drawing.layout import Layout, board_cells
from webapp.state.session import Session
from boardgames.drawing.svg_canvas import SvgCanvas

DATA = os.path.join(os.path.dirname(__file__), "data", "svg_canvas.txt")
SVG = "{http://www.w3.org/2000/svg}"


def value(word):
    try:
        return float(word)
    except ValueError:
        return {"true": True, "false": False}.get(word, word)


def run(script):
    """The SVG elements (one string) drawn by a table row's calls."""
    ctx = SvgCanvas(100, 100)
    for call in (c.strip() for c in script.split(";")):
        name, sep, setting = call.partition("=")
        if sep and " " not in name:
            setattr(ctx, name, value(setting))
        elif call.split()[0] == "setLineDash":
            ctx.setLineDash([value(w) for w in call.split()[1:]])
        else:
            name, *args = call.split()
            getattr(ctx, name)(*map(value, args))
    return "".join(ctx.svg().splitlines()[1:-1])


@pytest.mark.parametrize("script,expected", read_table(DATA, 2), ids=lambda s: s[:40])
def test_canvas_calls_give_these_svg_elements(script, expected):
    assert run(script) == expected


def test_a_transform_that_would_distort_circles_is_refused():
    ctx = SvgCanvas(10, 10)
    ctx.scale(2, 1)
    ctx.lineTo(1, 1)  # straight lines are exact under any transform
    with pytest.raises(ValueError, match="uniform scale"):
        ctx.arc(5, 5, 1, 0, 1)


def test_calls_it_does_not_know_are_refused():
    with pytest.raises(AttributeError):
        SvgCanvas(10, 10).arcTo(0, 0, 1, 1, 1)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("flipped", [False, True])
def test_every_board_is_a_well_formed_svg_with_its_cells_and_men(game_id, flipped):
    session = Session(game_id)
    cells = board_cells(session.game)
    root = ET.fromstring(draw_preview(session, flipped, "light"))  # render.py through SvgCanvas
    height = WIDTH * Layout.aspect(cells)
    assert root.get("viewBox") == f"0 0 {WIDTH} {height:.2f}".rstrip("0").rstrip(".")
    paths = [p.get("d") for p in root.iter(SVG + "path")]
    polygons = {p for p in paths if re.fullmatch(r"M[^A-Z]+(L[^A-Z]+){3}Z", p)}
    assert len(polygons) >= len(cells)  # a closed 4-corner outline per cell (ghosts included)
    men = get_game(game_id).men(session.state)
    shapes = [p for p in paths if "A" in p or "Q" in p]  # discs and rounded blocks
    assert len(shapes) >= len(men) > 0
    labels = [t.text for t in root.iter(SVG + "text")]
    assert "a" in labels and "1" in labels
