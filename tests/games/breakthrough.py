"""Breakthrough on 5x5: a game the site does not ship, defined only here to show that a
game is one module.  The tests register it (`boardgames.register`) and play it through
the engine, the page's logic, the AI and, in e2e/test_added_game.py, the page itself,
with no line of `py/webapp` naming it.

Each side has two rows of pawns.  A pawn steps one cell forward, straight or diagonally,
to an empty cell, or captures an enemy pawn one cell diagonally forward.  A pawn on the
far rank wins; so does taking every enemy pawn; a side with no move loses.
"""

from boardgames.core import OTHER, SIDE_NAMES, WHITE, Game, Man, both_sides, win
from boardgames.grid import EMPTY, SquareGrid, moved

GRID = SquareGrid(5)
PAWN = {WHITE: "P", OTHER[WHITE]: "p"}
FORWARD = {WHITE: 1, OTHER[WHITE]: -1}
FAR_RANK = {WHITE: range(20, 25), OTHER[WHITE]: range(5)}


class Breakthrough(Game):
    id = "breakthrough"
    name = "Breakthrough 5x5"
    summary = "Race a pawn to the far rank, capturing diagonally on the way."
    setup = "ppppp/ppppp/5/PPPPP/PPPPP w"
    letters = "Pp"
    grid = GRID
    kinds = both_sides({"P": Man("pawn", "disc", 0.75)})
    rules = ("Pawns step one cell forward, straight or diagonally, to an empty cell.",
             "Capture: one cell diagonally forward, onto an enemy pawn.",
             "A pawn on the far rank wins, and so does taking every enemy pawn; a side with no move loses.")
    rulings = ("A position repeated three times is a draw (pawns never move back, so it never is).",)

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
        src, dst = (GRID.index(name) for name in move.split("-"))
        taken = (dst,) if state.board[dst] != EMPTY else ()
        return self.next_state(state, moved(state.board, src, dst), move, taken=taken, fresh=True)

    def goal(self, state):
        mover = OTHER[state.turn]
        if any(state.board[i] == PAWN[mover] for i in FAR_RANK[mover]):
            return win(mover, f"{SIDE_NAMES[mover].capitalize()} broke through")
        if PAWN[state.turn] not in state.board:
            return win(mover, f"{SIDE_NAMES[mover].capitalize()} took every pawn")
        return None
