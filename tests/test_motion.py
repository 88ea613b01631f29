"""Moves in motion (webapp/drawing/motion.py): who slides from where to where, which men fade,
which moves arc; the table holds one case per kind of move."""

import os

import pytest

from boardgames import get_game
from tables import read_table
from webapp.drawing.motion import DURATION, motion_of

CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "motion.txt")


def cases():
    """(game id, options, moves before, move, slides, fading, arcs) of each table row."""
    rows = []
    for game_id, moves, slides, fading, arcs in read_table(CASES, 5):
        game_id, _, size = game_id.partition(":")
        options = {"size": int(size)} if size else {}
        *before, move = moves.split()
        rows.append((game_id, options, before, move, slides.split(), fading.split() if fading != "-" else [],
                     arcs == "yes"))
    return rows


def board_point(game, cell):
    return next((x, y) for name, x, y, *rest in game.grid.drawing_cells() if name == cell and not rest[-1])


@pytest.mark.parametrize("game_id,options,before,move,slides,fading,arcs", cases())
def test_a_move_slides_its_men_and_fades_its_captures(game_id, options, before, move, slides, fading, arcs):
    game = get_game(game_id, **options)
    state = game.new()
    for m in before:
        state = game.play(state, m)
    after = game.play(state, move)
    motion = motion_of(game, state, after)
    men = game.men(state)
    got = [f"{slide.letter}:{name_of(game, slide.start)}>{slide.cell}" for slide in motion.slides]
    assert got == slides
    assert [f"{letter}:{cell}" for cell, letter in motion.fading] == fading
    assert all(men[c] == letter for c, letter in motion.fading)
    assert all((slide.lift > 0) == arcs for slide in motion.slides)
    assert motion.duration == DURATION
    motion.progress = 0.0
    assert [p for _, p in motion.positions()] == [s.start for s in motion.slides]
    motion.progress = 1.0
    assert [p for _, p in motion.positions()] == pytest.approx([s.end for s in motion.slides])
    assert motion.fade() == 0.0


def name_of(game, point):
    return next(name for name, x, y, *_ in game.grid.drawing_cells() if (x, y) == point)


def test_a_leap_arcs_above_the_straight_line_halfway():
    game = get_game("vault", size=6)
    state = game.new()
    for move in ("c1-c2", "d6-d5"):
        state = game.play(state, move)
    motion = motion_of(game, state, game.play(state, "b1-d3"))
    (_, y0), (_, y1) = board_point(game, "b1"), board_point(game, "d3")
    motion.progress = 0.5
    (_, (x, y)), = motion.positions()
    t = 1 - 0.5 ** 3
    assert y > y0 + (y1 - y0) * t + 0.5, "lifted well above the line from b1 to d3"


def test_crossing_the_cylinders_seam_slides_one_cell_not_the_whole_board():
    game = get_game("vut-cylindrical")
    state = game.new("9/9/9/9/9/9/P8/9/9 w")
    motion = motion_of(game, state, game.play(state, "a3-i3"))
    slide, = motion.slides
    assert slide.cell == "i3" and abs(slide.end[0] - slide.start[0]) == 1, "to the ghost i3 left of a3"
