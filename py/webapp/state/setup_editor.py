"""The "Set up position" editor: a board of any game edited man by man, and its text.

The editor checks only the text's form (rows, letters, fields), with the engine's own
row parser, so any arrangement can be built up step by step; whether it is a position
the game allows is the engine's word when play starts from it
(`Session(game_id, options, fen=...)`).  Fields after the side to move (UOS's check
counters and clocks, Pux's sideways field) keep what the loaded text had.
"""

from boardgames.grid import parse_turn
from boardgames.texts import _, ngettext


class BoardEditor:
    """A board being set up: `men` {cell: letter}, `turn`, and the text's other fields."""

    def __init__(self, game, text):
        self.game = game
        self.board = game.grid
        self.letters = "".join(game.kinds)
        self.men, self.turn, self.extra = {}, "w", []
        self.load(text)

    def palette(self):
        """[(letter, words)] of the men that may be placed: white's first."""
        order = sorted(self.letters, key=lambda letter: (letter.islower(), self.letters.index(letter)))
        return [(letter, self.game.describe(letter)) for letter in order]

    def load(self, text):
        """Take a typed position text; ValueError (the editor unchanged) if its form is wrong."""
        fields = text.split() if isinstance(text, str) else []
        count = len(self.game.setup.split())
        if len(fields) != count:
            if count > 2:
                # TRANSLATORS: {fields} are the position text's other fields, as written in it
                names = _("board, side to move, then {fields} (say)")
                names = names.format(fields=" ".join(self.game.setup.split()[2:]))
            else:
                names = _("board, side to move")
            words = ngettext("a position text of {game} has {count} field separated by spaces ({names}), got {got}",
                             "a position text of {game} has {count} fields separated by spaces ({names}), got {got}",
                             count)
            raise ValueError(words.format(game=_(self.game.name), count=count, names=names, got=len(fields)))
        squares = self.board.parse_board(fields[0], self.letters)
        self.turn = parse_turn(fields[1])
        self.extra = fields[2:]
        self.men = {name: man for name, man in zip(self.board.names, squares) if man != "."}

    def place(self, cell, letter):
        """Put `letter` on `cell`; the same man again, or `letter` None, empties it."""
        if cell not in self.board.names:
            raise ValueError(_("there is no cell '{cell}' on this board").format(cell=cell))
        if letter is not None and letter not in self.letters:
            raise ValueError(_("'{letter}' is not a man of {game}").format(letter=letter, game=_(self.game.name)))
        if letter is None or self.men.get(cell) == letter:
            self.men.pop(cell, None)
        else:
            self.men[cell] = letter

    def clear(self):
        self.men = {}

    def text(self):
        """The position text of the board as it stands."""
        squares = "".join(self.men.get(name, ".") for name in self.board.names)
        return " ".join([self.board.board_text(squares), self.turn] + self.extra)
