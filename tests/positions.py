"""Positions for tests written as men lists: `"Oe5 pa9"` = a White piece on e5 and a
Black pawn on a9 (letter + cell), turned into position texts by the game's own grid."""


def men_board(game, men):
    """{cell index: letter} of a men list like 'Oe5 pa9'."""
    return {game.grid.index(token[1:]): token[0] for token in men.split()}


def position(game, men, turn="w"):
    cells = men_board(game, men)
    board = "".join(cells.get(i, ".") for i in range(game.grid.size))
    return f"{game.grid.board_text(board)} {turn}"
