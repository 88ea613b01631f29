"""One game as the page plays it: positions, selection, players, undo and redo.

Plain Python (no DOM), so the whole click-to-move logic is tested in CPython.
"""

from boardgames import get_game
from boardgames.core import OTHER, SIDE_NAMES, side_of
from boardgames.grid import notation_order

HUMAN, COMPUTER = "human", "computer"
PAGE = "page"  # a player whose moves the page plays itself (a puzzle's replies)
FRIEND = "friend"  # a player on another device, whose moves come in a link (words/friend_link.py)


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
        self.extras = frozenset()  # cells the selected man's move takes along (Pux: carried pieces)
        self.agreed_draw = False  # the players agreed a draw here (kept until undone)
        self.resigned = None  # the side that resigned ("w"/"b"), None while nobody has
        # annotations, by ply (1 = the first move): a comment, and a move mark (?!, ?, ??, !, !!, !?)
        self.comments: dict[int, str] = {}
        self.glyphs: dict[int, str] = {}
        # shapes drawn on the position after a ply (0: the start): "Cd4" a circle, "Ad1d3" an arrow
        self.shapes: dict[int, list[str]] = {}
        self.tags: dict[str, str] = {}  # a record's other tags, kept: Event, Site, Date, White, Black, ...
        self.message = ""
        self.revision = 0  # counts changes of the position, so the page's panels see them
        self.referee = None  # while a lesson or puzzle runs: move -> True to let it be played

    # -- position ----------------------------------------------------------------
    @property
    def state(self):
        return self.states[-1]

    @property
    def result(self):
        if self.agreed_draw:
            return {"winner": None, "reason": "drawn by agreement"}
        if self.resigned is not None:
            return {"winner": SIDE_NAMES[OTHER[self.resigned]], "reason": f"{SIDE_NAMES[self.resigned]} resigned"}
        return self.game.result(self.state)

    def legal(self):
        return [] if self.agreed_draw or self.resigned else self.game.legal(self.state)

    def men(self):
        return self.game.men(self.state)

    def to_move_is_computer(self):
        return self.result is None and self.players[self.state.turn] == COMPUTER

    def movable_cells(self):
        return {self.game.move_cells(m)[0] for m in self.legal()}

    def destinations(self, cell):
        """{destination cell: [moves]} for the man on `cell` (taking the picked `extras`
        along if it is the selected man, none otherwise)."""
        extras = self.extras if cell == self.selected else frozenset()
        found = {}
        for move in self.legal():
            src, dst = self.game.move_cells(move)
            if src == cell and self.game.move_extras(move) == extras:
                found.setdefault(dst, []).append(move)
        return found

    def extra_choices(self):
        """Cells the selected man's move may take along (Pux's neighbours), in notation order."""
        cells = set()
        for move in self.legal():
            if self.game.move_cells(move)[0] == self.selected:
                cells |= self.game.move_extras(move)
        return sorted(cells, key=notation_order)

    def toggle_extra(self, cell):
        """Pick `cell` as an extra of the selected man's move, or drop it."""
        verb, verbs = self.game.extra_verbs or ("take", "takes")
        if cell not in self.extra_choices():
            self.message = f"{self.selected} cannot {verb} {cell}." if self.selected else "Select a piece first."
            return False
        self.extras ^= {cell}
        self.message = (f"{self.selected} {verbs} {', '.join(sorted(self.extras, key=notation_order))}."
                        if self.extras else f"{self.selected} {verbs} nothing.")
        return True

    def select(self, cell):
        """Select the man on `cell` (None: drop the selection), with no extras picked."""
        self.selected = cell
        self.extras = frozenset()

    def builder(self):
        """What the side panel shows while a man is selected in a game of moves built in
        steps: {"title", "choices": [(cell, picked?)], "lines"}, or None."""
        if self.selected is None or self.result is not None:
            return None
        choices = self.extra_choices()
        shown = self.game.builder(self.state, self.selected, self.extras, choices,
                                  self.destinations(self.selected))
        if shown is None:
            return None
        title, lines = shown
        return {"title": title, "choices": [(c, c in self.extras) for c in choices], "lines": lines}

    def notes(self):
        """The game's notes on the position in progress (none once it is over)."""
        return [] if self.result is not None else self.game.notes(self.state)

    # -- input -------------------------------------------------------------------
    def click(self, cell, extra=False):
        """Handle a click on a cell (None: outside the board); `extra` (a shift-click)
        picks that cell as an extra of the selected man's move, or drops it.  Returns the move played,
        if any; sets `message` to gentle feedback when the click does nothing useful."""
        self.message = ""
        if self.result is not None:
            self.message = "The game is over: start a new game, or undo."
            return None
        if self.to_move_is_computer():
            self.message = "Wait: the computer is thinking."
            return None
        if self.players[self.state.turn] == PAGE:
            self.message = "Wait for the reply."
            return None
        if self.players[self.state.turn] == FRIEND:
            self.message = "It is your friend's move: send them the link (Play a friend), then wait for theirs."
            return None
        if cell is None:
            self.select(None)
            return None
        if extra and self.selected not in (None, cell):
            self.toggle_extra(cell)
            return None
        if self.selected is not None:
            moves = self.destinations(self.selected).get(cell)
            if moves:
                if self.referee is not None and not self.referee(moves[0]):
                    self.select(None)
                    return None
                return self.play(moves[0])
            if cell == self.selected:
                self.select(None)
                return None
        if cell in self.movable_cells():
            self.select(cell)
            return None
        self.message = self.why_not(cell)
        if self.selected is not None and cell not in self.men():
            self.message = self.why_not_to(cell)
        return None

    def why_not(self, cell):
        man = self.men().get(cell)
        side = SIDE_NAMES[self.state.turn].capitalize()
        if man is None:
            return f"{side} to move: pick one of your men."
        if side_of(man) != self.state.turn:
            return f"That is a {self.game.describe(man)}: {side} is to move."
        return f"That {self.game.kinds[man].name} has no legal move."

    def why_not_to(self, cell):
        """Why the selected man cannot go to `cell`, in the engine's words where it has some."""
        reason = self.game.why_illegal(self.state, f"{self.selected}-{cell}")
        return f"{self.selected} cannot move to {cell}{reason}."

    def play(self, move):
        """Play a move (from a click, the computer or the automation hook)."""
        if self.agreed_draw or self.resigned:
            raise ValueError(f"the game is over: {self.result['reason']}")
        state = self.game.play(self.state, move)  # ValueError for an illegal move
        self.states.append(state)
        self.moves.append(move)
        self.revision += 1
        self.select(None)
        if self.undone and self.undone[-1] == move:
            self.undone.pop()
        else:
            self.undone = []
            self.forget_annotations(len(self.moves))  # (they were of the moves taken back)
        return move

    def forget_annotations(self, first):
        """Drop the comments and marks of plies `first` and later."""
        for notes in (self.comments, self.glyphs, self.shapes):
            for ply in [ply for ply in notes if ply >= first]:
                del notes[ply]

    def toggle_shape(self, ply, shape):
        """Draw `shape` ("Cd4", "Ad1d3") on the position after `ply`, or take it away."""
        shapes = self.shapes.setdefault(ply, [])
        if shape in shapes:
            shapes.remove(shape)
        else:
            shapes.append(shape)
        if not shapes:
            del self.shapes[ply]

    def annotate(self, ply, comment=None, glyph=None):
        """Set (or, with an empty text, clear) move `ply`'s comment or mark."""
        if not 1 <= ply <= len(self.moves):
            raise ValueError(f"there is no move {ply} to annotate")
        for notes, text in ((self.comments, comment), (self.glyphs, glyph)):
            if text is not None:
                if text.strip():
                    notes[ply] = text.strip()
                else:
                    notes.pop(ply, None)

    # -- undo / redo ---------------------------------------------------------------
    def undo(self):
        """Take back an agreed draw, or one move, or, against the computer (or the page's
        replies), back to the human's last turn."""
        if self.agreed_draw:
            self.agreed_draw = False
            self.revision += 1
            return True
        if not self.moves:
            return False
        self._take_back()
        while self.moves and self.players[self.state.turn] != HUMAN and HUMAN in self.players.values():
            self._take_back()
        return True

    def _take_back(self):
        self.states.pop()
        self.undone.append(self.moves.pop())
        self.revision += 1
        self.select(None)

    def agree_draw(self):
        """End the game as a draw the players agreed (undo takes the agreement back)."""
        self._end_by_word("agreed_draw", True)

    def resign(self, side):
        """`side` gives the game up (a live game's Resign)."""
        self._end_by_word("resigned", side)

    def _end_by_word(self, field, value):
        """End the game by the players' word: set `field` (agreed_draw, resigned)."""
        if self.result is not None:
            raise ValueError("the game is already over")
        setattr(self, field, value)
        self.revision += 1
        self.select(None)
        self.undone = []

    def take_back_to(self, count):
        """Take moves back until `count` remain (a take-back both players agreed)."""
        self.agreed_draw = False
        while len(self.moves) > count:
            self._take_back()
        self.revision += 1

    def redo(self):
        if not self.undone:
            return False
        self.play(self.undone[-1])
        return True

    # -- words for the page --------------------------------------------------------
    def result_words(self):
        """(headline, reason) for the end-of-game card, None while the game goes on; the
        headline speaks to the one human player against the computer."""
        result = self.result
        if result is None:
            return None
        humans = [side for side, who in self.players.items() if who == HUMAN]
        if result["winner"] is None:
            headline = "Draw"
        elif len(humans) == 1:
            headline = "You won!" if SIDE_NAMES[humans[0]] == result["winner"] else "You lost"
        else:
            headline = f"{result['winner'].capitalize()} wins"
        reason = result["reason"]
        return headline, reason[0].upper() + reason[1:] + "."

    def status(self):
        result = self.result
        if result is None:
            side = SIDE_NAMES[self.state.turn].capitalize()
            who = " (computer)" if self.players[self.state.turn] == COMPUTER else ""
            warning = self.game.warning(self.state)
            return f"{warning + ' ' if warning else ''}{side}{who} to move"
        if result["winner"] is None:
            return f"Draw: {result['reason']}"
        return f"{result['winner'].capitalize()} wins: {result['reason']}"
