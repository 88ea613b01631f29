"""The engine contract every game implements, and the skeleton they share.

A game object is a stateless rule book; a state is an immutable position plus the
history the rules need (repetition).  `play` returns a new state and never changes its
input.  Bad input raises ValueError with a message a player can read.

A game declares its position text's fields, its men's letters and its board; the
rules it shares with others as data (`repetition_draw`, `no_move`, `clock_draw`); and
supplies in code only what is its own: `generate`, `apply` and the hooks below.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from operator import mul
from typing import Any, ClassVar, NamedTuple, TypedDict

from .grid import parse_turn, split_fields
from .texts import N_, _

WHITE, BLACK = "w", "b"
OTHER = {WHITE: BLACK, BLACK: WHITE}
SIDE_NAMES = {WHITE: "white", BLACK: "black"}

# What having no legal move on one's turn means (Game.no_move).
LOSES = "loses"  # the side to move loses
MATE_OR_STALEMATE = "mate or stalemate"  # in check (Game.in_check) it loses, else a draw
# The draw by repetition, by how many times the position occurred (Game.repetition_draw).
REPETITION_REASONS = {2: N_("twofold repetition"), 3: N_("threefold repetition"),
                      4: N_("fourfold repetition"), 5: N_("fivefold repetition")}
NO_MOVE_REASONS = {WHITE: N_("White has no legal move"), BLACK: N_("Black has no legal move")}


class Result(TypedDict):
    """How a game ended: `winner` "white", "black" or None (a draw), and why."""
    winner: str | None
    reason: str


def win(side: str, reason: str) -> Result:
    """A result dict: `side` ("w"/"b") wins for `reason`."""
    return {"winner": SIDE_NAMES[side], "reason": reason}


def draw(reason: str) -> Result:
    return {"winner": None, "reason": reason}


class Man(NamedTuple):
    """How the page names and draws one kind of man: `shape` names a drawing the page
    knows (disc, block, crowned, stack, and the chess men king ... pawn), `size` is its
    radius as a share of the cell's inner radius."""
    name: str
    shape: str
    size: float


def side_of(letter: str) -> str:
    """The side a man belongs to: upper-case letters are White's, lower-case Black's."""
    return WHITE if letter.isupper() else BLACK


def men_lead(game, state) -> int:
    """White's men on the board minus Black's (by `game.men`'s letters), beyond the
    difference the game sets up (Tablut's 9 against 16): what the captures changed."""
    return _men_difference(game, state) - _men_difference(game, game.new())


def men_on(state) -> int:
    """How many men stand on the board."""
    return len(state.board) - state.board.count(".")


def _men_difference(game, state) -> int:
    """White's men on the board minus Black's."""
    men = game.men(state).values()
    return 2 * sum(side_of(letter) == WHITE for letter in men) - len(men)


def both_sides(kinds: dict[str, Man]) -> dict[str, Man]:
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


UNKNOWN = object()  # State.outcome until the game has judged the state (Game.result)


class State:
    """A position: `board` (game-specific, immutable), `turn`, and `history`.

    `history` is the tuple of position keys since the last irreversible move, ending
    with this position's own key, so a repetition is `history.count(key)`.  `extra`
    holds the game's other position-text fields that belong to the position; `counters`
    the ones that only count moves (UOS's half-move clock and move number), left out of
    the key.  `last` is `(move text, names of the cells whose men it captured)` for the
    move that led here, None for a position parsed from text.  Derived facts (`moves`,
    `outcome`, and `facts`, a game's own) are cached lazily; they never change what the
    state is.  A game's `apply` may hand its `facts` on to the next state updated by the
    move (VUT's bitboards, Vault's pawns), cheaper than working them out anew.  `game` is
    the rule book it belongs to, so that a position draws itself in a notebook.
    """

    __slots__ = ("board", "turn", "extra", "counters", "key", "history", "moves_cache",
                 "outcome", "facts", "last", "game")

    def __init__(self, board: Any, turn: str, extra: tuple = (), history: tuple = (),
                 last: tuple[str, tuple[str, ...]] | None = None, counters: tuple = (), game: Any = None):
        self.board = board
        self.turn = turn
        self.extra = extra
        self.counters = counters
        self.key = (board, turn) + extra
        self.history = history + (self.key,)
        self.moves_cache = None
        self.outcome = UNKNOWN
        self.facts = None
        self.last = last
        self.game = game

    def repetitions(self) -> int:
        """How many times this position has occurred (this occurrence included)."""
        return self.history.count(self.key)

    def _repr_svg_(self) -> str:
        """The position as the page pictures it: Jupyter shows a state so (python-chess's way)."""
        from .drawing.picture import svg  # (drawn only when asked: the page's AI worker has no drawing code)
        return svg(self.game, self)


class Game(ABC):
    """Base class of every game.

    A game declares `id`, `name`, `summary`, `setup` (the starting position text: its
    fields are the ones every position text has), `letters` (the men's letters),
    `grid` (the board: names, and reading and writing the board field), `rules` and
    `rulings` (texts for the page), and supplies `generate` and `apply`.  It may
    override the hooks: `parse_fields` (fields after the side to move),
    `check_position` (positions its rules exclude), `goal` (results other than the
    declared ones), `why_illegal`, and the AI's `evaluate`, `is_noisy`, `noisy_moves`,
    `is_threat`, `threat_moves` and `threatened`.
    """

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    setup: ClassVar[str] = ""
    letters: ClassVar[str] = ""
    grid: ClassVar[Any] = None
    rules: ClassVar[tuple] = ()
    rulings: ClassVar[tuple[str, ...]] = ()
    ply_cap: ClassVar[int] = 400  # for random-playout tests and demos: a long game is cut here
    # The computer's shuffles (ai.Searcher._shuffles): a move that puts all the mover's men
    # back where they stood within the last plies; where `new_ground`, any move onto a cell
    # the mover's men left in those plies (a game won by taking men: progress is new ground)
    new_ground: ClassVar[bool] = False
    # Where a side gets on towards its win by quiet moves (connection's chain, built with
    # no capture), `quiet_progress`: the computer's dead level rule, a level position drawn
    # 100 plies after the last capture, does not apply (ai.Searcher._contempt)
    quiet_progress: ClassVar[bool] = False
    # The computer's taste for trades: a score, for the searching side, per man taken since
    # the search's root (ai.Searcher._evaluate); where a level game would lock up otherwise.
    # As its trades thin the board, the dead level and stale rules come sooner there
    # (ai.Searcher._share_on_board)
    trade_taste: ClassVar[int] = 0
    has_threats: ClassVar[bool] = False  # it has threats (`is_threat`), for the Expert's foresight
    options: ClassVar[dict[str, tuple]] = {}  # option name -> allowed values, e.g. Vault's {"size": (6, 8, 10, 12)}
    # The results every game here has in some form, in the order `judge` checks them
    # after `goal`: what no legal move means, a draw when `counters[0]` (a half-move
    # clock) reaches `clock_draw[0]` (None: no such rule), a draw when a position occurs
    # `repetition_draw` times.
    no_move: ClassVar[str] = LOSES
    clock_draw: ClassVar[tuple[int, str] | None] = None  # (half-moves, reason)
    repetition_draw: ClassVar[int] = 3

    # How the page shows and handles the game: data and hooks, with defaults that suit a
    # game of from-to moves and nothing to point out.
    kinds: ClassVar[dict[str, Man]] = {}  # man letter -> Man; upper case letters are White's men, lower case Black's
    special_cells: ClassVar[dict[str, str]] = {}  # cell name -> what the rules make of it: "throne", "centre"
    agreed_draw: ClassVar[bool] = False  # the rules let the players agree a draw
    # option name -> (label, format of a value), both marked N_, e.g. (N_("Size"), N_("{size}x{size}"))
    option_labels: ClassVar[dict[str, tuple[str, str]]] = {}
    # moves built in steps: picking an extra cell does this ("carry", "carries")
    extra_verbs: ClassVar[tuple[str, ...]] = ()

    def __init__(self, **options: Any):
        self.chosen = dict(options)
        self.weight_values = tuple(self.weights.values())  # in the order of `features`

    # -- the public contract -------------------------------------------------------
    def new(self, fen: str | None = None) -> State:
        if fen is None:
            fen = self.setup
        if not isinstance(fen, str):
            raise ValueError(_("a position text must be a string"))
        return self.parse(fen.strip())

    def legal(self, state: State) -> list[str]:
        if self.result(state) is not None:
            return []
        return list(self.moves(state))

    def play(self, state: State, move: str) -> State:
        if not isinstance(move, str):
            raise ValueError(_("a move must be a text like 'e2-e5'"))
        if self.result(state) is not None:
            raise ValueError(_("the game is over: no more moves"))
        if move not in self.moves(state):
            # TRANSLATORS: {why} is empty or a further explanation such as " (white has no man on e2)".
            raise ValueError(_("illegal move '{move}'{why}").format(move=move, why=self.why_illegal(state, move)))
        return self.apply(state, move)

    def result(self, state: State) -> Result | None:
        if state.outcome is UNKNOWN:
            state.outcome = self.judge(state)
        return state.outcome

    # -- what each game supplies ---------------------------------------------------
    @abstractmethod
    def generate(self, state: State) -> Iterable[str]:
        """The move texts of the side to move, ignoring whether the game is over."""

    @abstractmethod
    def apply(self, state: State, move: str) -> State:
        """The state after `move`, a move `generate` lists (no legality check): built
        by `next_state`."""

    # -- position texts: "<board> <side to move> <the game's other fields>" ----------
    def parse(self, text: str) -> State:
        fields = split_fields(text, len(self.setup.split()))
        board = self.parse_board(fields[0])
        turn = parse_turn(fields[1])
        extra, counters = self.parse_fields(fields[2:])
        state = State(board, turn, extra, counters=counters, game=self)
        self.check_position(state)
        return state

    def parse_board(self, field: str) -> Any:
        return self.grid.parse_board(field, self.letters)

    def parse_fields(self, fields: list[str]) -> tuple[tuple, tuple]:
        """(extra, counters) from the fields after the side to move, as `State` keeps
        them; ValueError for a bad one."""
        return (), ()

    def check_position(self, state: State) -> None:  # noqa: B027 - a hook: most games accept any position
        """Raise ValueError if the rules exclude this position (too many men, ...)."""

    def fen(self, state: State) -> str:
        return " ".join([self.grid.board_text(state.board), state.turn,
                         *map(str, state.extra), *map(str, state.counters)])

    # -- moves and results -----------------------------------------------------------
    def next_state(self, state: State, board: Any, move: str, taken: Iterable[int] = (), extra: tuple = (),
                   counters: tuple = (), fresh: bool = False) -> State:
        """The state after `move` by the side to move: `board` as it leaves it, `taken`
        the cells (indices) of the men it captured.  A capture, or a `fresh` move (one
        no earlier position can recur after), starts a new history."""
        if taken:
            names = self.grid.names
            return State(board, OTHER[state.turn], extra, (),
                         (move, tuple([names[cell] for cell in taken])), counters, self)
        return State(board, OTHER[state.turn], extra, () if fresh else state.history,
                     (move, ()), counters, self)

    def judge(self, state: State) -> Result | None:
        """The result of `state`, None while the game goes on: `goal`, then the
        declared rules (`no_move`, `clock_draw`, `repetition_draw`)."""
        outcome = self.goal(state)
        if outcome is not None:
            return outcome
        if not self.has_move(state):
            side = state.turn
            if self.no_move == MATE_OR_STALEMATE:
                return win(OTHER[side], N_("checkmate")) if self.in_check(state) else draw(N_("stalemate"))
            return win(OTHER[side], NO_MOVE_REASONS[side])
        clock = self.clock_draw
        if clock is not None and state.counters[0] >= clock[0]:
            return draw(clock[1])
        times = self.repetition_draw
        if times and state.history.count(state.key) >= times:
            return draw(REPETITION_REASONS[times])
        return None

    def goal(self, state: State) -> Result | None:
        """The result the game's own goals give `state` (a win, or a draw its rules
        name), None if none: checked before the declared rules."""
        return None

    def moves(self, state: State) -> tuple[str, ...]:
        """The cached tuple of move texts for the side to move (game over ignored)."""
        if state.moves_cache is None:
            state.moves_cache = tuple(self.generate(state))
        return state.moves_cache

    def has_move(self, state: State) -> bool:
        """Whether the side to move has a move at all, stopping at the first one: the
        search judges every leaf, where listing all moves would cost more than it saves."""
        if state.moves_cache is not None:
            return bool(state.moves_cache)
        for _unused in self.generate(state):
            return True
        return False

    def why_illegal(self, state: State, move: str) -> str:
        """A short explanation appended to the illegal-move message (may be '')."""
        return ""

    # -- for the page ------------------------------------------------------------------
    def men(self, state: State) -> dict[str, str]:
        """{cell name: man letter} of every man on the board (for drawing and the UI)."""
        names = self.grid.names
        return {names[i]: man for i, man in enumerate(state.board) if man != "."}

    def move_cells(self, move: str) -> tuple[str, str]:
        """(from cell name, to cell name) of a move text, for highlighting it."""
        a, _unused, b = move.partition("-")
        return a, b

    # -- for the page: what to point out, and moves built in steps ---------------------
    def warning(self, state: State) -> str:
        """A word the status leads with for the side to move ("Check!"), or ''."""
        return ""

    def notes(self, state: State) -> list[str]:
        """Lines of advice about `state` for the side panel (none when the game is over)."""
        return []

    def overlays(self, state: State, pointed: list[str]) -> list[Overlay]:
        """Overlays to draw on `state`; `pointed` lists the moves the pointer proposes
        (the selected man's moves to the cell under the pointer)."""
        return []

    def leaps(self, move: str) -> bool:
        """Whether the move's man jumps rather than slides (the page draws it arcing)."""
        return False

    def move_extras(self, move: str) -> frozenset[str]:
        """The cells a move takes along besides its man (Pux's carried pieces): a move is
        chosen by its man, these extras, then its destination."""
        return frozenset()

    def builder(self, state: State, cell: str, extras: frozenset[str], choices: list[str],
                destinations: dict[str, list[str]]) -> tuple[str, list[str]] | None:
        """(title, lines) the side panel shows while the man on `cell` is selected, with
        `extras` picked of the `choices` (cells) and `destinations` ({cell: moves}) open;
        None: nothing to show."""
        return None

    def option_words(self, name: str, value: Any) -> tuple[str, str]:
        """(label, words for `value`) of an option: ('Board size', '8 \u00d7 8').  The
        label is data, in English (translate it where shown); the words are built in the
        reader's language from the format, which names the value by the option's name
        ("{size} \u00d7 {size}"; "{0}" works too)."""
        label, value_format = self.option_labels.get(name, (name, "{0}"))
        return label, _(value_format).format(value, **{name: value})

    def describe(self, letter: str) -> str:
        """Words for a man, in the reader's language: 'white pawn'."""
        man = _(self.kinds[letter].name)
        if side_of(letter) == WHITE:
            # TRANSLATORS: a man of White's, e.g. "white pawn"; {man} is the man's name.
            return _("white {man}").format(man=man)
        # TRANSLATORS: a man of Black's, e.g. "black pawn"; {man} is the man's name.
        return _("black {man}").format(man=man)

    # -- for learning agents: a fixed action space and observation planes (learning.py) --
    def action_texts(self) -> list[str | None]:
        """Every move text the rules could ever list, by action number (None: a number
        naming no move), so that an agent chooses among the same numbers in every position:
        from-cell x to-cell, 'a1-b2' (a cell to itself names no move)."""
        names = self.grid.names
        return [None if a == b else f"{a}-{b}" for a in names for b in names]

    def observation_flags(self, state: State) -> tuple[bool, ...]:
        """What a position holds besides its men and the side to move that the rules look
        at, as flags, as many in every position (a learning agent's observation planes)."""
        return ()

    # -- AI hooks --------------------------------------------------------------------
    def evaluate(self, state: State) -> float:
        """Static evaluation for the AI, from the side to move's point of view."""
        return 0.0

    # Texel tuning (tools/tune_weights.py): a game whose evaluation is in part a weighted
    # sum declares the weights as data (feature -> int, White's side; the tool rewrites
    # them) and `features(state)`, those features' values in `state` (None: a position the
    # sum does not rate, e.g. one already decided); `weight_values` are the weights in order.
    weights: ClassVar[dict[str, int]] = {}

    def features(self, state: State) -> dict[str, float] | None:
        return None

    def weighted(self, values: Iterable[float]) -> float:
        """The weighted sum of the features' `values` (in the order of `weights`), with
        C-level products: no call per feature."""
        return sum(map(mul, self.weight_values, values))

    def is_noisy(self, state: State, move: str) -> bool:
        """True when `move` changes material (a capture): searched first and in quiescence."""
        return False

    def noisy_moves(self, state: State) -> list[str]:
        """The moves of the side to move that `is_noisy` accepts, in any order.

        The quiescence search asks for them at most of its nodes, so games that can
        find them from the targets (the cells where a capture happens) rather than by
        testing every move override this."""
        return [move for move in self.moves(state) if self.is_noisy(state, move)]

    # Threats, for the Expert's foresight: a threat is a quiet move after which its mover
    # wins at its next move unless the other side wins at once (Royal VUT: a king stepping
    # beside the centre he alone may enter).  The Expert's quiescence plays threats as it
    # plays captures, and scores a threatened side (`threatened`) as all but lost.
    def is_threat(self, state: State, move: str) -> bool:
        """True when `move` (not noisy) is a threat."""
        return False

    def threat_moves(self, state: State) -> list[str]:
        """The moves of the side to move that `is_threat` accepts, in any order (none in
        a game without threats: the quiescence asks at most of its nodes)."""
        return []

    def threatened(self, state: State) -> bool:
        """True when the other side's threat stands: the side to move loses unless it
        wins at once."""
        return False
