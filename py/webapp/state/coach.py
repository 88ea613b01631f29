"""Lessons and puzzles on the page, decided without the DOM: the exercise shown, whether
a move is the one asked (the session's referee, asked before a move is played), what to
say, and which reply the page plays.  Plain Python, tested in CPython.

The content is the engine's (boardgames.lessons, boardgames.puzzles).  Everything a run
shows derives from its session, so Undo needs no special case: a lesson step is passed
when its session's first move is one the step accepts, a puzzle is solved when its
session has played the whole line.
"""

import functools
import json
from urllib.parse import urlencode

from boardgames import GAME_IDS, game_ids
from boardgames.core import OTHER
from boardgames.lessons import lesson_for, read_lessons
from boardgames.puzzles import OutOfNodes, Prover, Puzzle, game_from_spec, puzzles_for, read_puzzles, spec_of
from boardgames.texts import _, ngettext

from webapp.state.session import HUMAN, PAGE, Session

PROOF_NODES = 6000  # the prover's budget for judging a move on the page (under a second in Pyodide)
MAKER_NODES = 60000  # ... and for turning a set-up position into a puzzle
MOST_MOVES = 3  # puzzles are wins in 1 to 3
SOLVED_KEY = "boardgames.puzzles.solved"  # localStorage: the puzzles solved in this browser
YES = ("1", "true", "yes")


def spec_session(spec, position, players):
    """A session of the game a spec names (`vault:10`), from a position text."""
    game = game_from_spec(spec)
    return Session(game.id, options=dict(game.chosen), fen=position, players=players)


class LessonRun:
    """A lesson being taken: `index` is the step shown (len(steps): the lesson's end)."""

    kind = "lesson"

    def __init__(self, lesson):
        self.lesson = lesson
        self.session = None
        self.feedback = ""
        self.go_to(0)

    @property
    def count(self):
        return len(self.lesson.steps)

    @property
    def step(self):
        return self.lesson.steps[self.index] if self.index < self.count else None

    @property
    def finished(self):
        return self.index >= self.count

    def go_to(self, index):
        """Show step `index` afresh (its position, nothing said yet); past the last step
        the lesson's last words, the board as the last step left it."""
        self.index = max(0, min(index, self.count))
        step = self.step
        if step is None:
            self.feedback = _(self.lesson.finish)
            return
        self.feedback = ""
        self.session = spec_session(self.lesson.spec, step.position, {"w": HUMAN, "b": HUMAN})
        self.session.referee = self.judge

    def passed(self):
        moves = self.session.moves
        return self.step is not None and bool(moves) and self.step.accepts(moves[0])

    def judge(self, move):
        """The referee: the step's move is played and praised; any other is explained."""
        if self.step is None or self.session.moves:
            self.feedback = _("This step is done: go on with Next, or Try again.")
            return False
        self.feedback = _(self.step.feedback(move))
        return self.step.accepts(move)

    def show_me(self):
        """Play the step's move for the learner."""
        if self.step is not None and not self.session.moves:
            move = self.step.accept[0]
            self.session.play(move)
            self.feedback = _("The move is {move}. {right}").format(move=move, right=_(self.step.right))

    def words(self):
        """{title, progress, ask} for the panel."""
        step = self.step
        title = _(self.lesson.title)
        if step is None:
            return {"title": title, "progress": _("Lesson complete"), "ask": ""}
        ask = _(step.ask) if self.index else f"{_(self.lesson.intro)} {_(step.ask)}".strip()
        progress = _("Step {number} of {count}: {title}").format(number=self.index + 1, count=self.count,
                                                                 title=_(step.title))
        return {"title": title, "progress": progress, "ask": ask}


class PuzzleRun:
    """A puzzle being solved, one of `puzzles` (a game's table, or a single puzzle from
    a teacher's link).  The learner plays the side to move; the page plays the replies."""

    kind = "puzzle"

    def __init__(self, puzzles, index=0, solved=(), custom=False):
        self.puzzles = list(puzzles)
        self.solved = set(solved)  # keys of the puzzles solved in this browser
        self.custom = custom
        self.go_to(index)

    @property
    def count(self):
        return len(self.puzzles)

    def go_to(self, index):
        """Puzzle `index` from its start."""
        self.index = max(0, min(index, self.count - 1))
        self.puzzle = self.puzzles[self.index]
        self.line = list(self.puzzle.solution)  # may change when the learner finds another win
        self.helped = False  # Show me was used: not counted as solved
        self.solver = self.puzzle.start().turn
        self.feedback = ""
        players = {self.solver: HUMAN, OTHER[self.solver]: PAGE}
        self.session = spec_session(self.puzzle.spec, self.puzzle.position, players)
        self.session.referee = self.judge

    @property
    def ply(self):
        return len(self.session.moves)

    @property
    def finished(self):
        return self.ply >= len(self.line)

    def passed(self):
        """(As a lesson step's:) the puzzle is solved."""
        return self.finished

    def left(self):
        """The solver's moves still needed, this one included."""
        return (len(self.line) - self.ply + 1) // 2

    def reply_due(self):
        """The move the page plays now (the opponent's turn in the line), else None."""
        return self.line[self.ply] if not self.finished and self.ply % 2 else None

    def judge(self, move):
        """The referee: the line's move, or another proved to win as fast, is played; any
        other is explained (the reply that refutes it, where the prover finds it)."""
        if self.finished:
            self.feedback = _("Solved. Choose another puzzle, or Try again.")
            return False
        ply, left, state = self.ply, self.left(), self.session.state
        if move == self.line[ply]:
            self.accept(move)
            return True
        prover = Prover(self.session.game, node_limit=PROOF_NODES, first=self.line[ply:])
        try:
            reply = prover.refutation(state, move, left)
            if reply is None:  # another way to win as fast: follow it
                self.line[ply:] = prover.solution(state, move, left)
                self.accept(move)
                return True
        except OutOfNodes:
            reply = ""
        self.feedback = self.miss_words(move, reply, left)
        return False

    def miss_words(self, move, reply, left):
        if left == 1:
            return _("{move} does not win at once. Look for the move that ends the game now.").format(move=move)
        if reply and self.solver == "b":
            words = ngettext("{move} does not win in {count}: White answers {reply}. Try another move.",
                             "{move} does not win in {count}: White answers {reply}. Try another move.", left)
        elif reply:
            words = ngettext("{move} does not win in {count}: Black answers {reply}. Try another move.",
                             "{move} does not win in {count}: Black answers {reply}. Try another move.", left)
        else:
            words = ngettext("{move} is not the move that wins in {count}. Try another move.",
                             "{move} is not the move that wins in {count}. Try another move.", left)
        return words.format(move=move, count=left, reply=reply)

    def accept(self, move):
        """Words for a right move (the caller plays it); the last one solves the puzzle."""
        if self.ply + 1 == len(self.line):
            if self.helped:
                self.feedback = _("{move} wins. Solved with help: try it again on your own.").format(move=move)
            else:
                self.solved.add(self.key())
                self.feedback = _("{move} wins. Solved!").format(move=move)
        else:
            self.feedback = _("{move}: right. Now the reply.").format(move=move)

    def play_reply(self):
        """The page plays the line's reply; returns it."""
        reply = self.reply_due()
        self.session.play(reply)
        left = self.left()
        if self.solver == "b":
            words = ngettext("White answered {reply}. Your move: win in {count}.",
                             "White answered {reply}. Your move: win in {count}.", left)
        else:
            words = ngettext("Black answered {reply}. Your move: win in {count}.",
                             "Black answered {reply}. Your move: win in {count}.", left)
        self.feedback = words.format(reply=reply, count=left)
        return reply

    def show_me(self):
        """Play the solver's next move of the line for the learner."""
        if not self.finished and self.reply_due() is None:
            self.helped = True
            move = self.line[self.ply]
            self.accept(move)
            self.session.play(move)

    def key(self, puzzle=None):
        puzzle = puzzle or self.puzzle
        return f"{puzzle.spec} {puzzle.position}"

    def words(self):
        """{title, progress, ask} for the panel."""
        name, moves = _(self.session.game.name), self.puzzle.moves
        if self.custom:
            title = _("{game} puzzle").format(game=name)
            progress = ngettext("Win in {count}", "Win in {count}", moves).format(count=moves)
        else:
            title = _("{game} puzzles").format(game=name)
            if self.key() in self.solved:
                progress = ngettext("Puzzle {number} of {total}: win in {count} (solved)",
                                    "Puzzle {number} of {total}: win in {count} (solved)", moves)
            else:
                progress = ngettext("Puzzle {number} of {total}: win in {count}",
                                    "Puzzle {number} of {total}: win in {count}", moves)
            progress = progress.format(number=self.index + 1, total=self.count, count=moves)
        if self.solver == "w":
            ask = ngettext("White to play and win in one move, whatever the replies.",
                           "White to play and win in {count} moves, whatever the replies.", moves)
        else:
            ask = ngettext("Black to play and win in one move, whatever the replies.",
                           "Black to play and win in {count} moves, whatever the replies.", moves)
        return {"title": title, "progress": progress, "ask": ask.format(count=moves)}

    def choices(self):
        """(label, solved?) of each puzzle, for the list to pick from."""
        done = [self.key(p) in self.solved for p in self.puzzles]
        return [(ngettext("{number}. Win in {count}", "{number}. Win in {count}", p.moves).format(
                    number=n, count=p.moves) + (" \u2713" if solved else ""), solved)
                for n, (p, solved) in enumerate(zip(self.puzzles, done), start=1)]


# -- what a link asks for -------------------------------------------------------------
@functools.cache
def all_lessons():
    """Every lesson, read once a visit (the panels ask at every update)."""
    return read_lessons()


@functools.cache
def all_puzzles():
    """Every puzzle of the table, read once a visit."""
    return read_puzzles()


def lesson_of(game_id):
    """The lesson of a game id, or None."""
    try:
        return lesson_for(game_id, all_lessons())
    except KeyError:
        return None


def table_puzzles(game_id):
    return puzzles_for(game_id, all_puzzles())


def read_solved(text):
    """The keys stored under SOLVED_KEY (nothing for a missing or unreadable value)."""
    try:
        keys = json.loads(text) if isinstance(text, str) else []
    except ValueError:
        return set()
    return {k for k in keys if isinstance(k, str)} if isinstance(keys, list) else set()


def solved_text(keys):
    return json.dumps(sorted(keys))


def linked_run(params, solved=()):
    """(run or None, problems) for a link's `learn=1` or `puzzle=N` (N from 1; `custom`
    with `position` and `solution` for a teacher's puzzle); a bad value is explained and
    the page opens as if it were absent, or on the first puzzle."""
    game_id = params.get("game", GAME_IDS[0])
    if game_id not in game_ids():
        game_id = GAME_IDS[0]  # settings_from_query already says so
    name = _(game_from_spec(game_id).name)
    if params.get("learn") in YES:
        lesson = lesson_of(game_id)
        if lesson is None:
            return None, [_("There is no lesson for {game} yet.").format(game=name)]
        return LessonRun(lesson), []
    asked = params.get("puzzle")
    if asked is None:
        return None, []
    if asked == "custom":
        try:
            puzzle = custom_puzzle(game_id, params, params.get("position"), params.get("solution"))
        except ValueError as error:
            return None, [_("The puzzle link does not work ({error}).").format(error=error)]
        return PuzzleRun([puzzle], solved=solved, custom=True), []
    puzzles = table_puzzles(game_id)
    if not puzzles:
        return None, [_("There are no puzzles for {game} yet.").format(game=name)]
    if not asked.isdigit() or not 1 <= int(asked) <= len(puzzles):
        return PuzzleRun(puzzles, 0, solved), [_("There is no puzzle '{asked}' for {game} (1 to {count}); here is "
                                                 "the first.").format(asked=asked, game=name, count=len(puzzles))]
    return PuzzleRun(puzzles, int(asked) - 1, solved), []


def custom_puzzle(game_id, params, position, solution):
    """A teacher's puzzle from a link: its line must be legal and end on the solver's win."""
    if not position or not solution:
        raise ValueError(_("it needs a position and a solution"))
    game = game_from_spec(game_id)
    options = {name: int(params[name]) for name in game.options if str(params.get(name, "")).isdigit()}
    session = Session(game_id, options=options, fen=position)  # ValueError for a bad position
    line = solution.split()
    if len(line) % 2 == 0 or len(line) > 2 * MOST_MOVES - 1:
        raise ValueError(ngettext("the solution must be the solver's moves and the replies, at most "
                                  "{count} move of the solver",
                                  "the solution must be the solver's moves and the replies, at most "
                                  "{count} moves of the solver", MOST_MOVES).format(count=MOST_MOVES))
    for number, move in enumerate(line, start=1):
        if move not in session.legal():
            raise ValueError(_("{move} is not legal there").format(move=move))
        if number < len(line):
            session.play(move)
    if not Prover(session.game).move_wins(session.state, line[-1], 1):
        raise ValueError(_("its last move does not win"))
    return Puzzle(spec_of(session.game), position, line, (len(line) + 1) // 2)


def make_puzzle(game, position):
    """A puzzle from a set-up position: the fewest moves (1 to 3) in which the side to
    move forces a win, and a line of it; ValueError saying why not."""
    state = game.new(fen=position)  # ValueError for a position the engine refuses
    white = state.turn == "w"
    if game.result(state) is not None:
        raise ValueError(_("the game is already over in this position"))
    prover = Prover(game, node_limit=MAKER_NODES)
    try:
        moves = prover.moves_needed(state, MOST_MOVES)
        if moves is None:
            words = (ngettext("White has no forced win in {count} move or fewer here",
                              "White has no forced win in {count} moves or fewer here", MOST_MOVES) if white
                     else ngettext("Black has no forced win in {count} move or fewer here",
                                   "Black has no forced win in {count} moves or fewer here", MOST_MOVES))
            raise ValueError(words.format(count=MOST_MOVES))
        key = prover.winning_move(state, moves)
        line = prover.solution(state, key, moves)
    except OutOfNodes:
        raise ValueError(_("no forced win for White was found within the search's limit") if white
                         else _("no forced win for Black was found within the search's limit")) from None
    return Puzzle(spec_of(game), game.fen(state), line, moves)


def puzzle_query(run):
    """The link query (without '?') that opens the puzzle shown."""
    puzzle = run.puzzle
    game = game_from_spec(puzzle.spec)
    params = {"game": game.id}
    if run.custom:
        params.update({name: str(value) for name, value in sorted(game.chosen.items())})
        params.update({"puzzle": "custom", "position": puzzle.position, "solution": " ".join(puzzle.solution)})
    else:
        params["puzzle"] = str(run.index + 1)
    return urlencode(params)
