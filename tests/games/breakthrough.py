"""Breakthrough on 5x5: a game the site does not ship, defined only here to show that a
game is one module.  The tests register it (`boardgames.register`) and play it through
the engine, the page's logic, the AI and, in e2e/test_added_game.py, the page itself,
with no line of `py/webapp` naming it.

Each side has two rows of pawns.  A pawn steps one cell forward, straight or diagonally,
to an empty cell, or captures an enemy pawn one cell diagonally forward.  A pawn on the
far rank wins; so does taking every enemy pawn; a side with no move loses.
"""

from boardgames.core import OTHER, SIDE_NAMES, WHITE, Game, Man, State, both_sides, no_move_loss, win
from boardgames.grid import EMPTY, SquareGrid, parse_turn, split_fields, split_move

GRID = SquareGrid(5)
PAWN = {WHITE: "P", OTHER[WHITE]: "p"}
FORWARD = {WHITE: 1, OTHER[WHITE]: -1}


class Breakthrough(Game):
    id = "breakthrough"
    name = "Breakthrough 5x5"
    summary = "Race a pawn to the far rank, capturing diagonally on the way."
    setup = "ppppp/ppppp/5/PPPPP/PPPPP w"
    grid = GRID
    kinds = both_sides({"P": Man("pawn", "disc", 0.75)})
    rules = ("Pawns step one cell forward, straight or diagonally, to an empty cell.",
             "Capture: one cell diagonally forward, onto an enemy pawn.",
             "A pawn on the far rank wins, and so does taking every enemy pawn.")

    def parse(self, fen):
        board_field, turn = split_fields(fen, 2)
        return State(GRID.parse_board(board_field, "Pp"), parse_turn(turn))

    def fen(self, state):
        return f"{GRID.board_text(state.board)} {state.turn}"

    def generate(self, state):
        side, board = state.turn, state.board
        enemy = PAWN[OTHER[side]]
        for i, man in enumerate(board):
            if man != PAWN[side]:
                continue
            for df in (0, -1, 1):
                j = GRID.step(i, (df, FORWARD[side]))
                if j is not None and (board[j] == EMPTY or (df and board[j] == enemy)):
                    yield f"{GRID.names[i]}-{GRID.names[j]}"

    def apply(self, state, move):
        src, dst = (GRID.index(name) for name in split_move(move))
        cells = list(state.board)
        taken = (GRID.names[dst],) if cells[dst] != EMPTY else ()
        cells[dst], cells[src] = cells[src], EMPTY
        return State("".join(cells), OTHER[state.turn], last=(move, taken))

    def judge(self, state):
        mover = OTHER[state.turn]
        far = range(20, 25) if mover == WHITE else range(5)
        if any(state.board[i] == PAWN[mover] for i in far):
            return win(mover, f"{SIDE_NAMES[mover].capitalize()} broke through")
        if PAWN[state.turn] not in state.board:
            return win(mover, f"{SIDE_NAMES[mover].capitalize()} took every pawn")
        if not self.has_move(state):
            return no_move_loss(state.turn)
        return None
