"""One game as the page plays it: positions, selection, players, undo and redo.

Plain Python (no DOM), so the whole click-to-move logic is tested in CPython.
"""

from boardgames import get_game
from boardgames.core import OTHER, SIDE_NAMES, side_of
from boardgames.grid import notation_order
from boardgames.texts import N_, _

from webapp.state.lines import Line

HUMAN, COMPUTER = "human", "computer"
PAGE = "page"  # a player whose moves the page plays itself (a puzzle's replies)
FRIEND = "friend"  # a player on another device, whose moves come in a link (words/friend_link.py)
# The words of a move built in steps, by the game's extra_verbs: (cannot, picked, none picked)
EXTRA_WORDS = {
    "take": (N_("{man} cannot take {cell}."), N_("{man} takes {cells}."), N_("{man} takes nothing.")),
    "carry": (N_("{man} cannot carry {cell}."), N_("{man} carries {cells}."), N_("{man} carries nothing.")),
}


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
        # variations (lines.py): {ply: [Line | None]}, the lines that may follow the position
        # after `ply` moves, the main one first; None stands for the line on the board
        self.branches: dict[int, list[Line | None]] = {}
        self.shown: int | None = None  # the past position the board shows and plays from (View.review sets it)
        self.message = ""
        self.revision = 0  # counts changes of the position, so the page's panels see them
        self.referee = None  # while a lesson or puzzle runs: move -> True to let it be played

    # -- position ----------------------------------------------------------------
    @property
    def state(self):
        return self.states[-1]

    @property
    def here(self):
        """The position moves are played from: the past one shown, else the live one."""
        return self.states[self.shown] if self.in_past() else self.states[-1]

    def in_past(self):
        return self.shown is not None and self.shown < len(self.moves)

    @property
    def result(self):
        if self.agreed_draw:
            return {"winner": None, "reason": N_("drawn by agreement")}
        if self.resigned is not None:
            reason = N_("white resigned") if self.resigned == "w" else N_("black resigned")
            return {"winner": SIDE_NAMES[OTHER[self.resigned]], "reason": reason}
        return self.game.result(self.state)

    def result_here(self):
        """The result of the position moves are played from (a past one has no agreement)."""
        return self.game.result(self.here) if self.in_past() else self.result

    def legal(self):
        return [] if (self.agreed_draw or self.resigned) and not self.in_past() else self.game.legal(self.here)

    def men(self):
        return self.game.men(self.here)

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
        cannot, picked, none = EXTRA_WORDS.get(verb, (f"{{man}} cannot {verb} {{cell}}.", f"{{man}} {verbs} {{cells}}.",
                                                      f"{{man}} {verbs} nothing."))
        if cell not in self.extra_choices():
            self.message = (_(cannot).format(man=self.selected, cell=cell) if self.selected
                            else _("Select a piece first."))
            return False
        self.extras ^= {cell}
        self.message = (_(picked).format(man=self.selected, cells=", ".join(sorted(self.extras, key=notation_order)))
                        if self.extras else _(none).format(man=self.selected))
        return True

    def select(self, cell):
        """Select the man on `cell` (None: drop the selection), with no extras picked."""
        self.selected = cell
        self.extras = frozenset()

    def builder(self):
        """What the side panel shows while a man is selected in a game of moves built in
        steps: {"title", "choices": [(cell, picked?)], "lines"}, or None."""
        if self.selected is None or self.result_here() is not None:
            return None
        choices = self.extra_choices()
        shown = self.game.builder(self.here, self.selected, self.extras, choices,
                                  self.destinations(self.selected))
        if shown is None:
            return None
        title, lines = shown
        return {"title": title, "choices": [(c, c in self.extras) for c in choices], "lines": lines}

    def notes(self):
        """The game's notes on the position in progress (none once it is over)."""
        return [] if self.result_here() is not None else self.game.notes(self.here)

    # -- input -------------------------------------------------------------------
    def click(self, cell, extra=False):
        """Handle a click on a cell (None: outside the board); `extra` (a shift-click)
        picks that cell as an extra of the selected man's move, or drops it.  Returns the move played,
        if any; sets `message` to gentle feedback when the click does nothing useful."""
        self.message = ""
        if self.result_here() is not None:
            self.message = _("The game is over: start a new game, or undo.")
            return None
        waiting = None if self.in_past() else self.waiting_words()  # (in a past position both sides move)
        if waiting:
            self.message = waiting
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
                return self.play_here(moves[0])
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

    def waiting_words(self):
        """Why the player to move at the live position is not the reader, if they are not."""
        who = self.players[self.state.turn]
        if self.result is None and who == COMPUTER:
            return _("Wait: the computer is thinking.")
        if who == PAGE:
            return _("Wait for the reply.")
        if who == FRIEND:
            return _("It is your friend's move: send them the link (Play a friend), then wait for theirs.")
        return None

    def why_not(self, cell):
        man = self.men().get(cell)
        white = self.here.turn == "w"
        if man is None:
            return _("White to move: pick one of your men.") if white else _("Black to move: pick one of your men.")
        if side_of(man) != self.here.turn:
            words = (_("That is a {man}: White is to move.") if white
                     else _("That is a {man}: Black is to move."))
            return words.format(man=self.game.describe(man))
        return _("That {man} has no legal move.").format(man=_(self.game.kinds[man].name))

    def why_not_to(self, cell):
        """Why the selected man cannot go to `cell`, in the engine's words where it has some."""
        reason = self.game.why_illegal(self.here, f"{self.selected}-{cell}")
        # TRANSLATORS: {reason} is empty, or the game's explanation beginning with ": " or ", "
        return _("{man} cannot move to {cell}{reason}.").format(man=self.selected, cell=cell, reason=reason)

    def play_here(self, move):
        """The reader's move: at the live position, or in the past position shown."""
        return self._play_in_past(move) if self.in_past() else self.play(move)

    def play(self, move):
        """Play a move at the live position (the reader's, the computer's, a friend's, the
        automation hook's)."""
        if self.agreed_draw or self.resigned:
            reason = self.result["reason"]
            raise ValueError(_("the game is over: {reason}").format(reason=_(reason)))
        at = len(self.moves)
        state = self.game.play(self.state, move)  # ValueError for an illegal move
        if self.undone and self.undone[-1] == move:
            self.undone.pop()
        elif self._variation_of(at, move) is not None or self.branches and self.undone:
            self._branch(at, move, state)  # (in a game with variations, moves taken back are kept aside)
            while len(self.moves) > at + 1:  # (a variation entered: the rest of it to redo)
                self._take_back()
            return move
        else:
            self.undone = []
            self.forget_annotations(at + 1)  # (they were of the moves taken back)
        self.states.append(state)
        self.moves.append(move)
        self.revision += 1
        self.select(None)
        return move

    def _play_in_past(self, move):
        """`move` in the past position shown: the line's own next move goes on along it,
        any other branches off (_branch)."""
        at = self.shown
        state = self.game.play(self.states[at], move)  # ValueError for an illegal move
        if self.moves[at] != move:
            self._branch(at, move, state)
        self.shown = at + 1 if at + 1 < len(self.moves) else None
        self.revision += 1
        self.select(None)
        return move

    def _branch(self, at, move, state):
        """`move` (reaching `state`) after `at` moves, the line on the board going on from
        there put aside: a variation's first move enters it, any other begins one."""
        known = self._variation_of(at, move)
        if known is not None:
            self.enter(at, known)
            return
        kids = self.branches.setdefault(at, [None])
        kids[kids.index(None)] = self._cut(at)
        kids.append(None)
        self.states.append(state)
        self.moves.append(move)

    def _variation_of(self, at, move):
        """The index among the lines after `at` moves of the one put aside that begins with `move`."""
        return next((index for index, line in enumerate(self.branches.get(at, []))
                     if line is not None and line.moves[0] == move), None)

    # -- variations (lines.py) -----------------------------------------------------
    def line(self):
        """The line on the board (to the live position), with its notes and variations."""
        return Line(0, self.moves, self.comments, self.glyphs, self.shapes,
                    {at: kids for at, kids in self.branches.items() if at < len(self.moves)})

    def enter(self, at, index):
        """Put the variation `index` of those after `at` moves on the board; the line it
        replaces goes aside in its place."""
        kids = self.branches[at]
        line, own = kids[index], kids.index(None)
        tail = self._cut(at)
        kids[own], kids[index] = tail, None
        if not tail.moves:  # (the line ended there: nothing to put aside)
            del kids[own]
        self._graft(at, line)

    def go_along(self, path):
        """Put on the board the line that the (position, index) choices of `path` take from
        the start (lines.walk's paths); KeyError or IndexError for a path not in the game."""
        for at, index in path:
            if self.branches[at][index] is not None:
                self.enter(at, index)

    def on_board(self, path):
        """Whether the line on the board is the one `path` takes."""
        return all(at in self.branches and self.branches[at][index] is None for at, index in path)

    def variation_at(self, ply):
        """The position (its number of moves) where the innermost variation holding move
        `ply` of the line on the board branches off; None on the main line."""
        return max((at for at, kids in self.branches.items() if at < ply and kids[0] is not None), default=None)

    def promote(self, ply):
        """Make the variation holding move `ply` the main line where it branches off."""
        kids = self.branches[self.variation_at(ply)]
        kids.insert(0, kids.pop(kids.index(None)))
        self.revision += 1

    def delete_variation(self, ply):
        """Delete the variation holding move `ply`: the main line where it branched off
        takes its place on the board.  Returns that position's number of moves."""
        at = self.variation_at(ply)
        kids = self.branches[at]
        self._cut(at)
        kids.remove(None)
        line, kids[0] = kids[0], None
        self._graft(at, line)
        return at

    def _cut(self, at):
        """Take the line on the board back to the position after `at` moves (the moves to
        redo too): what followed, with its notes, variations and ending, as a Line."""
        whole = Line(0, self.moves + self.undone[::-1], self.comments, self.glyphs, self.shapes, self.branches)
        tail = whole.rest(at)
        tail.ending = (self.agreed_draw, self.resigned)
        self.forget_annotations(at + 1)
        del self.moves[at:], self.states[at + 1:]
        self.undone, self.agreed_draw, self.resigned = [], False, None
        return tail

    def _graft(self, at, line):
        """Play `line` on from the end of the line on the board (the position after `at` moves)."""
        for move in line.moves:
            self.states.append(self.game.play(self.states[-1], move))
            self.moves.append(move)
        for mine, its in ((self.comments, line.comments), (self.glyphs, line.glyphs),
                          (self.shapes, line.shapes), (self.branches, line.branches)):
            mine.update(its)
        self.agreed_draw, self.resigned = line.ending
        if len(self.branches.get(at, ())) == 1:  # (no other line left there)
            del self.branches[at]
        self.revision += 1
        self.select(None)

    def forget_annotations(self, first):
        """Drop the comments, marks and variations of plies `first` and later."""
        for notes in (self.comments, self.glyphs, self.shapes, self.branches):
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
            raise ValueError(_("there is no move {ply} to annotate").format(ply=ply))
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
            raise ValueError(_("the game is already over"))
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
            # TRANSLATORS: the headline of the end-of-game card for a drawn game
            headline = _("Draw")
        elif len(humans) == 1:
            headline = _("You won!") if SIDE_NAMES[humans[0]] == result["winner"] else _("You lost")
        else:
            headline = _("White wins") if result["winner"] == SIDE_NAMES["w"] else _("Black wins")
        reason = result["reason"]
        reason = _(reason)
        return headline, reason[0].upper() + reason[1:] + "."

    def status(self):
        result = self.result
        if result is None:
            white = self.state.turn == "w"
            if self.players[self.state.turn] == COMPUTER:
                turn = _("White (computer) to move") if white else _("Black (computer) to move")
            else:
                turn = _("White to move") if white else _("Black to move")
            warning = self.game.warning(self.state)
            return f"{_(warning)} {turn}" if warning else turn
        reason = result["reason"]
        reason = _(reason)
        if result["winner"] is None:
            return _("Draw: {reason}").format(reason=reason)
        words = _("White wins: {reason}") if result["winner"] == SIDE_NAMES["w"] else _("Black wins: {reason}")
        return words.format(reason=reason)
