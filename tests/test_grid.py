"""The bitboard pieces of grid.py against the rules written cell by cell, and the facts
games hand on from move to move (state.facts) against the same facts read afresh.

Positions are seeded random boards and the seeded random games of
tools/compare_engine.py.
"""

import random

import pytest

from boardgames import get_game
from boardgames.grid import (EMPTY, ORTHOGONAL, SquareGrid, bit_table, bits, cells_of, letter_bits,
                             moved_bits)

GRIDS = {"9x9": SquareGrid(9), "cylinder": SquareGrid(9, wrap_files=True), "7x7": SquareGrid(7)}


def random_board(grid, seed):
    rng = random.Random(seed)
    return "".join(rng.choice("WWBB...") for _ in range(grid.size))


def cells(board, letter):
    return {i for i, man in enumerate(board) if man == letter}


def closes(board, cell, closer, edge):
    """Whether `cell` closes a custody: a `closer` there, or off the board with `edge`."""
    return board[cell] == closer if cell is not None else edge


@pytest.mark.parametrize("edge", [False, True])
@pytest.mark.parametrize("name", GRIDS)
def test_custody_by_shifts_is_custody_cell_by_cell(name, edge):
    grid = GRIDS[name]
    for seed in range(40):
        board = random_board(grid, f"{name}:{seed}")
        white, black, empty = (bits(board, bit_table(letter)) for letter in "WB" + EMPTY)
        for victim, closer, victims in (("W", "B", white), ("B", "W", black)):
            threatened = {v for v in cells(board, victim) if any(
                grid.step(v, d) is not None and board[grid.step(v, d)] == EMPTY
                and closes(board, grid.step(v, (-d[0], -d[1])), closer, edge) for d in ORTHOGONAL)}
            by_shifts = grid.custody_threatened(white, black, empty, edge)[victim == "B"]
            assert set(cells_of(by_shifts)) == threatened, (board, victim)
            targets = {n for n in cells(board, EMPTY) if any(
                grid.step(n, d) is not None and board[grid.step(n, d)] == victim
                and closes(board, grid.step(grid.step(n, d), d), closer, edge) for d in ORTHOGONAL)}
            closers = black if victim == "W" else white
            assert set(cells_of(grid.custody_targets(victims, closers, empty, edge))) == targets, (board, victim)


def test_moved_bits_are_the_bits_of_the_board_after():
    grid, tables = GRIDS["9x9"], {letter: bit_table(letter) for letter in "WB" + EMPTY}
    rng = random.Random(1)
    for seed in range(40):
        board = random_board(grid, seed)
        src = rng.choice([i for i, man in enumerate(board) if man != EMPTY])
        dst = rng.choice(sorted(cells(board, EMPTY)))
        taken = rng.sample(sorted(cells(board, "B" if board[src] == "W" else "W")), 2)
        after = list(board)
        after[dst], after[src] = board[src], EMPTY
        for cell in taken:
            after[cell] = EMPTY
        assert moved_bits(letter_bits(board, tables), board, src, dst, taken) == letter_bits("".join(after), tables)


@pytest.mark.parametrize("game_id, facts", [
    ("vut", "facts_of"), ("vut-royal", "facts_of"), ("vut-extermination", "facts_of"),
    ("vut-cylindrical", "facts_of"), ("vut-intervention", "facts_of"), ("vault", "pawns")])
def test_facts_handed_on_by_apply_are_the_facts_read_afresh(game_id, facts):
    """Along seeded random games, a state's facts as apply handed them on from the
    first position's are the ones the game reads from the position text."""
    game = get_game(game_id)
    read = getattr(game, facts)
    for number in range(3):
        rng = random.Random(f"{game_id}:{number}")
        state = game.new()
        read(state)
        for _ply in range(150):
            if game.result(state) is not None:
                break
            state = game.apply(state, rng.choice(game.legal(state)))
            assert state.facts is not None and read(state) == read(game.new(game.fen(state))), game.fen(state)
