"""A position as text for a terminal (the command line's `play`, PettingZoo's "ansi"
render): the board's rows top first, a man by its letter (White's upper case), an empty
cell '.', the ranks on the left and the files below as the page labels them.

    print(diagram(game, state))
"""

from .record import result_text


def places(game):
    """({cell name: (column, row)}, width, height): where each cell stands on a grid of
    rows (top first) by columns, as the page draws the board (UOS's diamonds on its 15 x 15
    name grid, so a row holds every other column)."""
    spots = {name: (int(x), int(y)) for name, x, y, _shape, _shade, ghost in game.grid.drawing_cells() if not ghost}
    width = 1 + max(x for x, _y in spots.values())
    height = 1 + max(y for _x, y in spots.values())
    return {name: (x, height - 1 - y) for name, (x, y) in spots.items()}, width, height


def diagram(game, state):
    """The board of `state` as lines of text, and the side to move (or the result)."""
    spots, width, height = places(game)
    men = game.men(state)
    grid = [[" "] * width for _row in range(height)]
    ranks, files = [""] * height, [" "] * width
    for name, (column, row) in spots.items():
        grid[row][column] = men.get(name, ".")
        ranks[row], files[column] = name[1:], name[0]
    margin = max(map(len, ranks))
    lines = [f"{rank:>{margin}}  {' '.join(cells)}".rstrip() for rank, cells in zip(ranks, grid)]
    lines.append(f"{'':>{margin}}  {' '.join(files)}".rstrip())
    result = game.result(state)
    if result is None:
        lines.append(f"{'White' if state.turn == 'w' else 'Black'} to move")
    else:
        lines.append(result_text(result))
    return "\n".join(lines)
