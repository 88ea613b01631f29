"""One game as the page plays it: positions, selection, players, undo and redo.

Plain Python (no DOM), so the whole click-to-move logic is tested in CPython.
"""

from boardgames import get_game
from boardgames.core import SIDE_NAMES

from . import assist, kings, pieces

HUMAN, COMPUTER = "human", "computer"


class Session:
    def __init__(self, game_id, options=None, fen=None, players=None):
        self.game_id = game_id
        self.options = dict(options or {})
        self.game = get_game(game_id, **self.options)
        self.states = [self.game.new(fen=fen)]
        self.start_fen = self.game.fen(self.states[0])
        self.moves = []
        self.undone = []  # moves taken back, most recent last, for redo
        self.players = dict(players or {"w": HUMAN, "b": HUMAN})
        self.selected = None
        self.carried = frozenset()  # cells the selected man will carry along (Pux)
        self.agreed_draw = False  # the players agreed a draw here (kept until undone)
        self.message = ""

    # -- position ----------------------------------------------------------------
    @property
    def state(self):
        return self.states[-1]

    @property
    def result(self):
        if self.agreed_draw:
            return {"winner": None, "reason": "drawn by agreement"}
        return self.game.result(self.state)

    def legal(self):
        return [] if self.agreed_draw else self.game.legal(self.state)

    def men(self):
        return self.game.men(self.state)

    def to_move_is_computer(self):
        return self.result is None and self.players[self.state.turn] == COMPUTER

    def movable_cells(self):
        return {self.game.move_cells(m)[0] for m in self.legal()}

    def destinations(self, cell):
        """{destination cell: [moves]} for the man on `cell` (carrying the `carried`
        pieces if it is the selected man, none otherwise)."""
        carried = self.carried if cell == self.selected else frozenset()
        found = {}
        for move in self.legal():
            src, dst = self.game.move_cells(move)
            if src == cell and assist.carried_by(self.game, move) == carried:
                found.setdefault(dst, []).append(move)
        return found

    def carry_options(self):
        """Cells of the pieces the selected man may carry along (Pux), in notation order."""
        cells = set()
        for move in self.legal():
            if self.game.move_cells(move)[0] == self.selected:
                cells |= assist.carried_by(self.game, move)
        return sorted(cells, key=assist.notation_order)

    def toggle_carry(self, cell):
        """Add `cell` to the pieces the selected man carries, or take it out."""
        if cell not in self.carry_options():
            self.message = f"{self.selected} cannot carry {cell}." if self.selected else "Select a piece first."
            return False
        self.carried ^= {cell}
        self.message = (f"{self.selected} carries {', '.join(sorted(self.carried, key=assist.notation_order))}."
                        if self.carried else f"{self.selected} carries nothing.")
        return True

    # -- input -------------------------------------------------------------------
    def click(self, cell, carry=False):
        """Handle a click on a cell (None: outside the board); `carry` (a shift-click)
        toggles carrying that neighbour of the selected man.  Returns the move played,
        if any; sets `message` to gentle feedback when the click does nothing useful."""
        self.message = ""
        if self.result is not None:
            self.message = "The game is over: start a new game, or undo."
            return None
        if self.to_move_is_computer():
            self.message = "Wait: the computer is thinking."
            return None
        if cell is None:
            self.selected = None
            return None
        if carry and self.selected not in (None, cell):
            self.toggle_carry(cell)
            return None
        if self.selected is not None:
            moves = self.destinations(self.selected).get(cell)
            if moves:
                return self.play(moves[0])
            if cell == self.selected:
                self.selected = None
                return None
        if cell in self.movable_cells():
            self.selected = cell
            self.carried = frozenset()
            return None
        self.message = self.why_not(cell)
        if self.selected is not None and cell not in self.men():
            self.message = f"{self.selected} cannot move to {cell}."
        return None

    def why_not(self, cell):
        man = self.men().get(cell)
        side = SIDE_NAMES[self.state.turn].capitalize()
        if man is None:
            return f"{side} to move: pick one of your men."
        if pieces.look(self.game_id, man)[0] != self.state.turn:
            return f"That is a {pieces.describe(self.game_id, man)}: {side} is to move."
        return f"That {pieces.KIND_NAMES[pieces.family(self.game_id)][man.upper()]} has no legal move."

    def play(self, move):
        """Play a move (from a click, the computer or the automation hook)."""
        if self.agreed_draw:
            raise ValueError("the game is over: drawn by agreement")
        state = self.game.play(self.state, move)  # ValueError for an illegal move
        self.states.append(state)
        self.moves.append(move)
        self.selected = None
        self.carried = frozenset()
        if self.undone and self.undone[-1] == move:
            self.undone.pop()
        else:
            self.undone = []
        return move

    # -- undo / redo ---------------------------------------------------------------
    def undo(self):
        """Take back an agreed draw, or one move, or, against the computer, back to the
        human's last turn."""
        if self.agreed_draw:
            self.agreed_draw = False
            return True
        if not self.moves:
            return False
        self._take_back()
        while self.moves and self.players[self.state.turn] == COMPUTER and HUMAN in self.players.values():
            self._take_back()
        return True

    def _take_back(self):
        self.states.pop()
        self.undone.append(self.moves.pop())
        self.selected = None

    def agree_draw(self):
        """End the game as a draw the players agreed (undo takes the agreement back)."""
        if self.result is not None:
            raise ValueError("the game is already over")
        self.agreed_draw = True
        self.selected = None
        self.undone = []

    def redo(self):
        if not self.undone:
            return False
        self.play(self.undone[-1])
        return True

    # -- words for the page --------------------------------------------------------
    def status(self):
        result = self.result
        if result is None:
            side = SIDE_NAMES[self.state.turn].capitalize()
            who = " (computer)" if self.players[self.state.turn] == COMPUTER else ""
            return f"{kings.check_words(self.game, self.state)}{side}{who} to move"
        if result["winner"] is None:
            return f"Draw: {result['reason']}"
        return f"{result['winner'].capitalize()} wins: {result['reason']}"
