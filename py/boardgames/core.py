"""The engine contract every game implements (RULES.md section 6).

A game object is a stateless rule book; a state is an immutable position plus the
history the rules need (repetition).  `play` returns a new state and never changes its
input.  Bad input raises ValueError with a message a player can read.
"""

from typing import NamedTuple

WHITE, BLACK = "w", "b"
OTHER = {WHITE: BLACK, BLACK: WHITE}
SIDE_NAMES = {WHITE: "white", BLACK: "black"}


def win(side, reason):
    """A result dict: `side` ("w"/"b") wins for `reason`."""
    return {"winner": SIDE_NAMES[side], "reason": reason}


def draw(reason):
    return {"winner": None, "reason": reason}


def no_move_loss(side):
    """The result when `side` is to move and has no legal move: it loses (every game
    here but UOS, where that is stalemate)."""
    return win(OTHER[side], f"{SIDE_NAMES[side].capitalize()} has no legal move")


class Man(NamedTuple):
    """How the page names and draws one kind of man: `shape` names a drawing the page
    knows (disc, block, crowned, stack, and the chess men king ... pawn), `size` is its
    radius as a share of the cell's inner radius."""
    name: str
    shape: str
    size: float


def side_of(letter):
    """The side a man belongs to: upper-case letters are White's, lower-case Black's."""
    return WHITE if letter.isupper() else BLACK


def both_sides(kinds):
    """{letter: Man} for White's upper-case letters, with Black's lower-case twins."""
    return {**kinds, **{letter.lower(): man for letter, man in kinds.items()}}


class Overlay(NamedTuple):
    """A mark a game asks the page to draw over its board, beyond the men and the moves.

    `kind`: "line" (from the first cell to the last, a diamond on each cell between:
    a jump over a pivot), "alarm" (a dashed ring and a warning sign: a king in check),
    "pennant" (a flag: a man about to win).  `style` tells a line of the move that led
    here ("last") from one the pointer proposes ("pointer")."""
    kind: str
    cells: tuple
    style: str = ""


_UNKNOWN = object()


class State:
    """A position: `board` (game-specific, immutable), `turn`, and `history`.

    `history` is the tuple of position keys since the last irreversible move, ending
    with this position's own key, so a repetition is `history.count(key)`.  `extra`
    holds the game's other position-text fields that belong to the position (not move
    counters).  `last` is `(move text, names of the cells whose men it captured)` for
    the move that led here, None for a position parsed from text.  Derived
    facts (`moves`, `outcome`) are cached lazily; they never change what the state is.
    """

    __slots__ = ("board", "turn", "extra", "key", "history", "moves_cache", "outcome", "last")

    def __init__(self, board, turn, extra=(), history=(), last=None):
        self.board = board
        self.turn = turn
        self.extra = extra
        self.key = (board, turn) + tuple(extra)
        self.history = history + (self.key,)
        self.moves_cache = None
        self.outcome = _UNKNOWN
        self.last = last

    def repetitions(self):
        """How many times this position has occurred (this occurrence included)."""
        return self.history.count(self.key)


class Game:
    """Base class of every game: subclasses provide the rules.

    Subclasses implement `parse(fen) -> State`, `fen(state)`, `generate(state)` (the
    move texts of the side to move, ignoring whether the game is over), `apply(state,
    move) -> State` (no legality check) and `judge(state) -> None | dict`.
    """

    id = ""
    name = ""
    summary = ""
    setup = ""
    ply_cap = 400  # for random-playout tests and demos: a long game is cut here
    options = {}  # option name -> allowed values, e.g. Vault's {"size": (6, 8, 10, 12)}

    # How the page shows and handles the game: data and hooks, with defaults that suit a
    # game of from-to moves and nothing to point out.
    kinds = {}  # man letter -> Man; upper case letters are White's men, lower case Black's
    special_cells = {}  # cell name -> what the rules make of it: "throne", "centre"
    agreed_draw = False  # the rules let the players agree a draw
    option_labels = {}  # option name -> (label, format of a value), e.g. ("Size", "{0}x{0}")
    extra_verbs = ()  # moves built in steps: picking an extra cell does this ("carry", "carries")
    rules = ()  # the rules in short sentences, for the rules panel
    rulings = ()  # how we read what the original text leaves open

    def __init__(self, **options):
        self.chosen = dict(options)

    # -- the public contract -------------------------------------------------------
    def new(self, fen=None):
        if fen is None:
            fen = self.setup
        if not isinstance(fen, str):
            raise ValueError("a position text must be a string")
        return self.parse(fen.strip())

    def legal(self, state):
        if self.result(state) is not None:
            return []
        return list(self.moves(state))

    def play(self, state, move):
        if not isinstance(move, str):
            raise ValueError("a move must be a text like 'e2-e5'")
        if self.result(state) is not None:
            raise ValueError("the game is over: no more moves")
        if move not in self.moves(state):
            raise ValueError(f"illegal move '{move}'{self.why_illegal(state, move)}")
        return self.apply(state, move)

    def result(self, state):
        if state.outcome is _UNKNOWN:
            state.outcome = self.judge(state)
        return state.outcome

    # -- helpers for subclasses and the AI -----------------------------------------
    def moves(self, state):
        """The cached tuple of move texts for the side to move (game over ignored)."""
        if state.moves_cache is None:
            state.moves_cache = tuple(self.generate(state))
        return state.moves_cache

    def has_move(self, state):
        """Whether the side to move has a move at all, stopping at the first one: the
        search judges every leaf, where listing all moves would cost more than it saves."""
        if state.moves_cache is not None:
            return bool(state.moves_cache)
        for _ in self.generate(state):
            return True
        return False

    def why_illegal(self, state, move):
        """A short explanation appended to the illegal-move message (may be '')."""
        return ""

    def men(self, state):
        """{cell name: man letter} of every man on the board (for drawing and the UI)."""
        names = self.grid.names
        return {names[i]: man for i, man in enumerate(state.board) if man != "."}

    def move_cells(self, move):
        """(from cell name, to cell name) of a move text, for highlighting it."""
        a, _, b = move.partition("-")
        return a, b

    # -- for the page: what to point out, and moves built in steps ---------------------
    def warning(self, state):
        """A word the status leads with for the side to move ("Check!"), or ''."""
        return ""

    def notes(self, state):
        """Lines of advice about `state` for the side panel (none when the game is over)."""
        return []

    def overlays(self, state, pointed):
        """Overlays to draw on `state`; `pointed` lists the moves the pointer proposes
        (the selected man's moves to the cell under the pointer)."""
        return []

    def leaps(self, move):
        """Whether the move's man jumps rather than slides (the page draws it arcing)."""
        return False

    def move_extras(self, move):
        """The cells a move takes along besides its man (Pux's carried pieces): a move is
        chosen by its man, these extras, then its destination."""
        return frozenset()

    def builder(self, state, cell, extras, choices, destinations):
        """(title, lines) the side panel shows while the man on `cell` is selected, with
        `extras` picked of the `choices` (cells) and `destinations` ({cell: moves}) open;
        None: nothing to show."""
        return None

    def option_words(self, name, value):
        """(label, words for `value`) of an option: ('Board size', '8 \u00d7 8')."""
        label, value_format = self.option_labels.get(name, (name, "{0}"))
        return label, value_format.format(value)

    def describe(self, letter):
        """Words for a man: 'white pawn'."""
        return f"{SIDE_NAMES[side_of(letter)]} {self.kinds[letter].name}"

    def evaluate(self, state):
        """Static evaluation for the AI, from the side to move's point of view."""
        return 0.0

    def is_noisy(self, state, move):
        """True when `move` changes material (a capture): searched first and in quiescence."""
        return False

    def noisy_moves(self, state):
        """The moves of the side to move that `is_noisy` accepts, in any order.

        The quiescence search asks for them at most of its nodes, so games that can
        find them from the targets (the cells where a capture happens) rather than by
        testing every move override this."""
        return [move for move in self.moves(state) if self.is_noisy(state, move)]
