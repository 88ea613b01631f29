"""Puzzles: "win in N" positions for every game, and the exact prover that checks them.

The puzzles live in `puzzles.txt` beside this module (written by tools/find_puzzles.py),
a `|` table with the header `game | position | solution | goal`: `game` is a game spec
(an id, or an id and its option value like `vault:10`), `position` a position text,
`solution` the whole line (the solver's moves and the replies, space-separated, ending
on the winning move) and `goal` `win in N`.  Within a game the rows run easiest first.

    from boardgames.puzzles import read_puzzles, Prover
    puzzles = read_puzzles()                 # every puzzle, in file order
    p = puzzles_for("vut")[0]                # one game's, easiest first
    game, state = p.game(), p.start()
    Prover(game).move_wins(state, p.solution[0], p.moves)   # True

What "win" means: the solver (the side to move in the position) wins within N of its
moves when, after its N-th move at the latest, the game's `result` names it the winner,
or every reply the opponent has gives such a result.  The second case is Vault's rule
(a pawn on the far rank wins at the start of its side's next turn), and the rare move
that leaves the opponent only moves that lose at once.  A draw or a game still on is
not a win.
"""

import os

from .core import SIDE_NAMES

HEADER = ("game", "position", "solution", "goal")
HERE = os.path.dirname(os.path.abspath(__file__))
PUZZLE_FILE = os.path.join(HERE, "puzzles.txt")
GOAL_PREFIX = "win in "


class OutOfNodes(Exception):
    """Raised by a Prover whose node limit is spent: the question stays open."""


# -- game specs and tables (shared with lessons.py) ----------------------------------

def spec_options(spec):
    """(game id, options) of a spec: `vut`, or `vault:10` (an id and the value of the
    game's one option); ValueError for an unknown id or value.  Builds no game (reading
    the lessons and puzzles at start-up must not compute every game's tables)."""
    from . import game_class

    game_id, colon, value = spec.partition(":")
    if not colon:
        game_class(game_id)
        return game_id, {}
    options = game_class(game_id).options
    if len(options) != 1 or not value.isdigit():
        raise ValueError(f"'{spec}': write the game as an id, or an id and one option value like 'vault:8'")
    chosen = {name: int(value) for name in options}
    game_class(game_id, **chosen)
    return game_id, chosen


def game_from_spec(spec):
    """The game a spec names (spec_options)."""
    from . import get_game

    game_id, options = spec_options(spec)
    return get_game(game_id, **options)


def spec_of(game):
    """The spec of a game object: its id, and its option value if it has one."""
    values = [str(game.chosen.get(name, "")) for name in game.options]
    return ":".join([game.id] + [v for v in values if v])


def table_rows(path):
    """(line number, stripped `|`-separated fields) of each row of a data file; '#'
    starts a comment, blank lines are skipped."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            line = line.split("#", 1)[0].strip()
            if line:
                rows.append((number, [field.strip() for field in line.split("|")]))
    return rows


# -- the puzzle table --------------------------------------------------------------

class Puzzle:
    """One row of the table: `spec`, `position`, `solution` (tuple of moves), `moves` (N)."""

    __slots__ = ("spec", "position", "solution", "moves")

    def __init__(self, spec, position, solution, moves):
        self.spec, self.position, self.solution, self.moves = spec, position, tuple(solution), moves

    @property
    def game_id(self):
        return self.spec.partition(":")[0]

    def game(self):
        return game_from_spec(self.spec)

    def start(self):
        """The puzzle's position as a fresh state (the solver to move)."""
        return self.game().new(fen=self.position)

    @property
    def goal(self):
        return f"{GOAL_PREFIX}{self.moves}"

    def row(self):
        return " | ".join((self.spec, self.position, " ".join(self.solution), self.goal))

    def __repr__(self):
        return f"Puzzle({self.row()!r})"


def parse_goal(text):
    """`'win in 2'` -> 2."""
    count = text[len(GOAL_PREFIX):]
    if not text.startswith(GOAL_PREFIX) or not count.isdigit() or int(count) < 1:
        raise ValueError(f"a goal is 'win in N', not '{text}'")
    return int(count)


def read_puzzles(path=PUZZLE_FILE):
    """Every puzzle of the table, in file order; ValueError naming the line of a bad row."""
    rows = table_rows(path)
    if not rows or rows[0][1] != list(HEADER):
        raise ValueError(f"{path}: the first row must be '{' | '.join(HEADER)}'")
    puzzles = []
    for number, fields in rows[1:]:
        try:
            if len(fields) != len(HEADER):
                raise ValueError(f"{len(fields)} fields, expected {len(HEADER)}")
            spec, position, solution, goal = fields
            moves = parse_goal(goal)
            line = solution.split()
            if len(line) != 2 * moves - 1:
                raise ValueError(f"a win in {moves} takes {2 * moves - 1} move{'s' if moves > 1 else ''} "
                                 f"(the solver's and the replies), the line has {len(line)}")
            spec_options(spec)
        except ValueError as error:
            raise ValueError(f"{path}:{number}: {error}") from None
        puzzles.append(Puzzle(spec, position, line, moves))
    return puzzles


def puzzles_for(game_id, puzzles=None):
    """The puzzles of one game id (any option value), easiest first."""
    return [p for p in (read_puzzles() if puzzles is None else puzzles) if p.game_id == game_id]


# -- the prover ----------------------------------------------------------------------

class Prover:
    """An exact AND/OR search: can the side to move force a win within n of its moves?

    Every answer is a proof, not an estimate: an OR node (the solver to move) is won when
    one move wins, an AND node (the opponent to move) when every reply loses.  Results
    are kept in a table keyed by the position and n (so a position met again by another
    move order is not searched twice), and moves are tried in a good order: the moves
    that won or refuted before, then the game's noisy moves (captures, goals), then the
    rest.  `first` lists moves to try before all others wherever they are legal (a
    known solution makes its own proof quick).  With `node_limit` a question that needs
    more positions raises OutOfNodes.

    A position's table key is its repetition key plus a move clock where the state has
    one (UOS's fifty-move rule): asked about a position parsed from its text (a fresh
    history), within the few plies of a puzzle no position can occur a third time, so
    nothing else can change a result.
    """

    def __init__(self, game, node_limit=None, first=()):
        self.game = game
        self.node_limit = node_limit
        self.first = {move: index for index, move in enumerate(first)}
        self.nodes = 0
        self.table = {}
        self.good = {}  # move -> how often it won (solver) or refuted (opponent)

    # -- the questions -------------------------------------------------------------
    def wins_within(self, state, n):
        """True when the side to move wins within n of its moves, whatever the replies."""
        return self._solver_wins(state, SIDE_NAMES[state.turn], n)

    def move_wins(self, state, move, n):
        """True when playing `move` wins within n moves (this one included)."""
        return self._after_solver(self.game.apply(state, move), SIDE_NAMES[state.turn], n)

    def winning_moves(self, state, n):
        """Every move of the side to move that wins within n moves (exhaustive)."""
        return [m for m in self._ordered(state) if self.move_wins(state, m, n)]

    def winning_move(self, state, n):
        """The first move found that wins within n, or None."""
        return next((m for m in self._ordered(state) if self.move_wins(state, m, n)), None)

    def longest_defence(self, state, n):
        """(reply, moves the solver still needs) for the reply that resists longest, in
        a position after a solver's move that wins within n (the opponent to move).
        Ties go to the reply whose proof is largest, then to the first in text order;
        a reply that ends the game at once needs 0 moves.  (The finder writes these
        replies into the solutions; the page can answer a learner's other winning move
        the same way.)"""
        best, best_rank = None, None
        for reply in sorted(self.game.legal(state)):
            after = self.game.apply(state, reply)
            prover = Prover(self.game, self.node_limit, self.first)
            needed = 0 if self.game.result(after) is not None else prover.moves_needed(after, n - 1)
            if best is None or (needed, prover.nodes) > best_rank:
                best, best_rank = reply, (needed, prover.nodes)
        return best, best_rank[0]

    def solution(self, state, key, n):
        """The whole line of a win within n by `key`: the key, then in turn the longest
        defence and the solver's first winning move found, ending on the winning move."""
        line = [key]
        state = self.game.apply(state, key)
        while n > 1:
            reply, n = self.longest_defence(state, n)
            if n == 0:
                break
            state = self.game.apply(state, reply)
            move = self.winning_move(state, n)
            line += [reply, move]
            state = self.game.apply(state, move)
        return line

    def moves_needed(self, state, most):
        """The fewest moves (1..most) in which the side to move forces a win, else None."""
        for n in range(1, most + 1):
            if self.wins_within(state, n):
                return n
        return None

    def refutation(self, state, move, n):
        """Why `move` does not win within n: None when it does; '' when the game ends at
        once without the solver's win (or nothing follows); else the reply after which
        no win within the remaining moves is left."""
        solver = SIDE_NAMES[state.turn]
        child = self.game.apply(state, move)
        if self._after_solver(child, solver, n):
            return None
        if self.game.result(child) is not None:
            return ""
        for reply in self._ordered(child):
            if not self._reply_loses(child, reply, solver, n):
                return reply
        return ""

    # -- the search ----------------------------------------------------------------
    def _key(self, state, n, kind):
        return (state.key, getattr(state, "clock", None), n, kind)

    def _count(self):
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise OutOfNodes

    def _solver_wins(self, state, solver, n):
        """OR node: the solver (to move in `state`, game not over) has a winning move."""
        key = self._key(state, n, "or")
        known = self.table.get(key)
        if known is not None:
            return known
        self._count()
        game = self.game
        won = False
        for move in self._ordered(state, n):
            if self._after_solver(game.apply(state, move), solver, n):
                self.good[move] = self.good.get(move, 0) + 1
                won = True
                break
        self.table[key] = won
        return won

    def _after_solver(self, child, solver, n):
        """AND node: after the solver's move, every reply loses within n - 1 more moves
        (with none left, every reply must end the game in the solver's favour)."""
        outcome = self.game.result(child)
        if outcome is not None:
            return outcome["winner"] == solver
        key = self._key(child, n, "and")
        known = self.table.get(key)
        if known is not None:
            return known
        self._count()
        lost = True
        for reply in self._ordered(child, n):
            if not self._reply_loses(child, reply, solver, n):
                self.good[reply] = self.good.get(reply, 0) + 1
                lost = False
                break
        self.table[key] = lost
        return lost

    def _reply_loses(self, child, reply, solver, n):
        after = self.game.apply(child, reply)
        outcome = self.game.result(after)
        if outcome is not None:
            return outcome["winner"] == solver
        return n > 1 and self._solver_wins(after, solver, n - 1)

    def _ordered(self, state, n=2):
        """The moves of the side to move: `first`, then the moves that won or refuted
        before, then (unless n is 1, where every move is tried anyway and finding the
        noisy ones costs more than it saves) noisy moves, then the rest; each once, in
        a reproducible order."""
        game = self.game
        moves = game.moves(state)
        noisy = set(game.noisy_moves(state)) if n > 1 else ()
        good, first, last = self.good, self.first, len(self.first)
        return sorted(moves, key=lambda m: (first.get(m, last), -good.get(m, 0), m not in noisy))
