"""Men drawn as shapes, as the page really paints them (light and dark themes): every
game's men leave their side's colour on the canvas, and two kinds of one side differ in
outline.  A man's outline (silhouette) is what is left of the disc inscribed in its cell
after flooding, from the disc's rim, the pixels of the cell's own colour (read near the
cell's corner)."""

import math
import os

import pytest

from page_helpers import state
from endings import centre, start
from tables import read_table

DATA = os.path.join(os.path.dirname(__file__), "data", "men.txt")
CASES = [pytest.param(game_id, None if fen == "-" else fen, white.split(), black.split(), like.split(),
                      id=game_id) for game_id, fen, white, black, like in read_table(DATA, 5)]
GRID = 40  # mask samples across the inscribed circle's diameter
RIM = 0.95  # of the inscribed circle's radius: off the cell's edge lines

MASK = """([x, y, r, bx, by, n]) => {
    const c = document.getElementById('board'), box = c.getBoundingClientRect(), k = c.width / box.width;
    const left = Math.round((x - r - box.left) * k), top = Math.round((y - r - box.top) * k);
    const size = Math.round(2 * r * k) + 1;
    const g = c.getContext('2d'), data = g.getImageData(left, top, size, size).data;
    const bg = g.getImageData(Math.round((bx - box.left) * k), Math.round((by - box.top) * k), 1, 1).data;
    const mask = [], light = [0], dark = [0];
    for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) {
        const u = (i + 0.5) / n * 2 - 1, v = (j + 0.5) / n * 2 - 1;
        if (u * u + v * v > 1) { mask.push(-1); continue; }
        const p = 4 * (Math.round((v + 1) / 2 * (size - 1)) * size + Math.round((u + 1) / 2 * (size - 1)));
        const rgb = [data[p], data[p + 1], data[p + 2]];
        const drawn = Math.max(...rgb.map((value, m) => Math.abs(value - bg[m]))) > 40;
        mask.push(drawn ? 1 : 0);
        if (drawn && Math.min(...rgb) > 200) light[0]++;
        if (drawn && Math.max(...rgb) < 70) dark[0]++;
    }
    return {mask, light: light[0], dark: dark[0]};
}"""


def geometry(page):
    """(inner radius of a cell in page pixels, (dx, dy) from a centre to a point near the
    cell's corner, outside any man): square cells, or UOS's diamonds (no b1)."""
    (ax, _), diamonds = centre(page, "a1"), page.evaluate("window.boardgames.squareCenter('b1')") is None
    if diamonds:
        half_diagonal = (centre(page, "c1")[0] - ax) / 2
        return half_diagonal * math.sqrt(0.5), (half_diagonal * 0.9, 0)
    half = (centre(page, "b1")[0] - ax) / 2
    return half, (half * 0.9, half * 0.9)


def man(page, cell):
    """{mask: the silhouette (0/1 per sample), light, dark: how many drawn samples are
    near white or near black} of what is drawn on `cell`."""
    r, (dx, dy) = geometry(page)
    x, y = centre(page, cell)
    seen = page.evaluate(MASK, [x, y, r * RIM, x + dx, y + dy, GRID])
    seen["mask"] = silhouette(seen["mask"])
    return seen


def silhouette(drawn):
    """Samples (1 drawn, 0 the cell's colour, -1 outside the disc) -> 0/1: 1 unless
    reached from outside the disc through the cell's colour (so details and blended
    pixels inside a man count as the man)."""
    reached = set()
    todo = [k for k, value in enumerate(drawn) if value == -1]
    while todo:
        k = todo.pop()
        if k in reached:
            continue
        reached.add(k)
        i, j = k % GRID, k // GRID
        for ni, nj in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if 0 <= ni < GRID and 0 <= nj < GRID and drawn[nj * GRID + ni] == 0:
                todo.append(nj * GRID + ni)
    return [0 if k in reached else 1 for k in range(len(drawn))]


def overlap(a, b):
    both = sum(1 for p, q in zip(a, b) if p and q)
    either = sum(1 for p, q in zip(a, b) if p or q)
    return both / either


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("game_id,fen,white,black,like", CASES)
def test_men_are_drawn_and_kinds_differ_in_outline(module_page, theme, game_id, fen, white, black, like):
    page = module_page
    page.emulate_media(color_scheme=theme)
    start(page, game_id, fen)
    assert state(page)["moves"] == []
    area = math.pi * GRID * GRID / 4
    for cells, colour in ((white, "light"), (black, "dark")):
        drawn = {cell: man(page, cell) for cell in cells}
        for cell, seen in drawn.items():
            assert sum(seen["mask"]) > 0.25 * area, f"{game_id} {cell}: hardly anything drawn"
            assert seen[colour] > 0.1 * area, f"{game_id} {cell}: the man is not {colour}"
        for a in cells:
            for b in cells:
                if a < b:
                    assert overlap(drawn[a]["mask"], drawn[b]["mask"]) < 0.85, f"{game_id}: {a} and {b} look alike"
    first, second = (man(page, cell)["mask"] for cell in like)
    assert overlap(first, second) > 0.9, "two men of one kind have the same outline"
