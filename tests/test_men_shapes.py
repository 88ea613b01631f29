"""Men drawn as shapes (boardgames/drawing/men_shapes.py), without a browser: every shape draws with
path calls only, kinds differ in outline (their filled area rasterised here), shapes
scale with the radius, and the page draws every game's men with them, never with text."""

import itertools
import math

import pytest
from recording import RecordingContext as Recorder
from helpers import drawn as drawn_board

from boardgames import GAME_IDS, get_game
from boardgames.drawing import men_shapes
from webapp.drawing.layout import Layout, board_cells
from boardgames.drawing.render import THEMES, draw_man
from webapp.state.session import Session

# what a browser's CanvasRenderingContext2D has and an SVG recorder can turn into paths
PATH_CALLS = {"beginPath", "moveTo", "lineTo", "arc", "quadraticCurveTo", "bezierCurveTo", "closePath",
              "fill", "stroke", "set fillStyle", "set strokeStyle", "set lineWidth", "set lineJoin"}
GRID = 48  # rasterising grid over the square of side 2.2 r round the centre


def drawn(shape, x=50.0, y=50.0, r=20.0):
    ctx = Recorder()
    men_shapes.draw_shape(ctx, shape, x, y, r, "#fff", "#111", "#222")
    return ctx.calls


def outlines(shape):
    """The bodies of a shape as polygons in units of r (curves and circles flattened)."""
    polygons = []
    for style, ops in men_shapes.SHAPES[shape]:
        if style != "body":
            continue
        points = []
        for op, args in ops:
            if op in ("M", "L"):
                points.append(args)
            elif op in ("Q", "C"):
                controls = [points[-1]] + [args[k:k + 2] for k in range(0, len(args), 2)]
                points += [bezier(controls, t / 12) for t in range(1, 13)]
            elif op == "O":
                cx, cy, radius = args
                points += [(cx + radius * math.cos(a * math.pi / 24), cy + radius * math.sin(a * math.pi / 24))
                           for a in range(48)]
        polygons.append(points)
    return polygons


def bezier(controls, t):
    while len(controls) > 1:
        controls = [((1 - t) * a[0] + t * b[0], (1 - t) * a[1] + t * b[1]) for a, b in zip(controls, controls[1:])]
    return controls[0]


def inside(polygon, x, y):
    hit = False
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1]):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            hit = not hit
    return hit


def silhouette(shape):
    """The set of grid cells the shape's bodies cover."""
    cells = set()
    polygons = outlines(shape)
    for i, j in itertools.product(range(GRID), repeat=2):
        x, y = -1.1 + 2.2 * (i + 0.5) / GRID, -1.1 + 2.2 * (j + 0.5) / GRID
        if any(inside(polygon, x, y) for polygon in polygons):
            cells.add((i, j))
    return cells


@pytest.mark.parametrize("shape", men_shapes.MEN + ("crown",))
def test_every_shape_draws_with_path_calls_only(shape):
    calls = drawn(shape)
    names = {name for name, _ in calls}
    assert names <= PATH_CALLS, names - PATH_CALLS
    assert "fill" in names and "stroke" in names
    points = [args for name, args in calls if name in ("moveTo", "lineTo")]
    assert all(abs(px - 50) <= 20 * 1.0 + 1e-9 and abs(py - 50) <= 20 * 1.0 + 1e-9 for px, py in points), \
        "a man stays within its radius"


@pytest.mark.parametrize("a,b", itertools.combinations(men_shapes.MEN, 2))
def test_kinds_differ_in_outline(a, b):
    """Two kinds never share a silhouette: their covered areas overlap less than 85%."""
    first, second = silhouette(a), silhouette(b)
    assert first and second
    assert len(first & second) / len(first | second) < 0.85, (a, b)


@pytest.mark.parametrize("shape", men_shapes.MEN)
def test_shapes_scale_with_the_radius(shape):
    small, large = drawn(shape, r=8.0), drawn(shape, r=60.0)
    assert [name for name, _ in small] == [name for name, _ in large]
    for (name, args_small), (_, args_large) in zip(small, large):
        if name in ("moveTo", "lineTo", "quadraticCurveTo", "bezierCurveTo"):
            assert [(v - 50) * 7.5 for v in args_small] == pytest.approx([v - 50 for v in args_large])
        elif name == "arc":
            assert args_small[2] * 7.5 == pytest.approx(args_large[2])


def test_mirrored_outline_is_symmetric_and_closed():
    ops = men_shapes.mirrored("M 0 -1 L 0.5 -0.5 Q 1 0 0.5 0.5 L 0 1")
    assert ops == [("M", (0.0, -1.0)), ("L", (0.5, -0.5)), ("Q", (1.0, 0.0, 0.5, 0.5)), ("L", (0.0, 1.0)),
                   ("L", (-0.5, 0.5)), ("Q", (-1.0, 0.0, -0.5, -0.5)), ("L", (0.0, -1.0)), ("Z", ())]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_man_names_a_shape(game_id):
    for man in get_game(game_id).kinds.values():
        assert man.shape in men_shapes.MEN and 0.5 < man.size <= 1.0


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_light_and_dark_men_take_their_own_fill_and_ink(theme):
    colours = THEMES[theme]
    layout = Layout(board_cells(get_game("uos")), 600, 600)
    fills = {}
    for letter in "Kk":
        ctx = Recorder()
        draw_man(ctx, layout, layout.by_name["h8"], get_game("uos"), letter, colours)
        fills[letter] = [args[0] for name, args in ctx.calls if name in ("set fillStyle", "set strokeStyle")]
    assert colours["white_man"] in fills["K"] and colours["white_ink"] in fills["K"]
    assert colours["black_man"] in fills["k"] and colours["black_ink"] in fills["k"]
    assert colours["white_man"] not in fills["k"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_board_has_no_text_but_its_coordinates(game_id):
    ctx, layout = drawn_board(Session(game_id))
    texts = {args[0] for name, args in ctx.calls if name == "fillText"}
    assert texts == {text for text, _, _ in layout.labels()}


def test_the_throne_wears_a_crown_outline():
    session = Session("tablut")
    layout = Layout(board_cells(session.game), 600, 600)
    x, y = layout.center("e5")
    r = layout.inner_radius(layout.by_name["e5"]) * 0.8
    crown = Recorder()
    men_shapes.draw_shape(crown, "crown", x, y + r * 0.52, r * 1.1, "#000", "#000", "#000")
    crown_points = [args for name, args in crown.calls if name == "lineTo"]
    ctx, _ = drawn_board(session)
    board_points = [args for name, args in ctx.calls if name == "lineTo"]
    assert crown_points and all(point in board_points for point in crown_points)
