"""Going over a game: each position searched, its evaluation from White's side, and each
move judged by the drop in the mover's chance of winning (lichess's way, for our games).

`win_chance(game_id, evaluation)` maps a search score (100 = one man) to White's chance
of winning on [-1, 1] by a logistic curve per game that `tools/fit_win_chance.py` fits
(numpy, host side) to the results of the computer's own games; a forced win counts as
certain.  A move is an inaccuracy (`?!`), a mistake (`?`) or a blunder (`??`) when the
mover's chance drops by 0.1, 0.2 or 0.3 (on [-1, 1], as lichess); a move that throws away
a forced win is a blunder whatever the scores.  Plain Python: the page runs it in the AI
worker, a position at a time, and pytest checks it on constructed positions.

    review = Review(game, game.new(), moves, seconds=0.25)
    while not review.done:
        review.step()          # searches the next position
    review.evals, review.marks, review.accuracy()
"""

import math

from .ai import WIN, WIN_BOUND, Searcher
from .core import SIDE_NAMES

# White's chance of winning = 2 / (1 + exp(-(k * score + b))) - 1, score in men x 100:
# (k, b) per game, fitted by tools/fit_win_chance.py (its output between the markers)
# fitted slopes: begin
CURVES = {
    "pux": (0.010247, -0.3835),
    "tablut": (0.002408, 1.9269),
    "uos": (0.002962, -0.5638),
    "vault": (0.003776, -0.4982),
    "vut": (0.003873, 0.3153),
    "vut-11x11": (0.002871, 0.2676),
    "vut-7x7": (0.003161, -0.7267),
    "vut-connection": (0.003232, 0.4657),
    "vut-cylindrical": (0.004277, 0.3951),
    "vut-extermination": (0.003999, -0.0004),
    "vut-extinction": (0.003999, -0.0004),
    "vut-intervention": (0.002450, 0.5048),
    "vut-royal": (0.001372, 0.1698),
}
# fitted slopes: end
DEFAULT_CURVE = (0.004, 0.0)  # a man up is about a 60% chance (0.2 on [-1, 1])
MARKS = (("??", 0.3), ("?", 0.2), ("?!", 0.1))
LINE_PLIES = 6  # the best line shown for a marked move
GOOD_MARGIN = 30  # a move scored this close to the best (0.3 of a man) is as good (learning from mistakes)


def white_evaluation(state, score):
    """A search's `score` (for the side to move in `state`) from White's side: a number
    (100 = one man), or {"win": "white" | "black", "plies": n} for a forced win."""
    white = score if state.turn == "w" else -score
    if abs(white) >= WIN_BOUND:
        return {"win": "white" if white > 0 else "black", "plies": WIN - abs(white)}
    return white


def result_evaluation(result):
    """The evaluation of a finished position."""
    if result["winner"] is None:
        return 0
    return {"win": result["winner"], "plies": 0}


def win_chance(game_id, evaluation):
    """White's chance of winning on [-1, 1] (1: White wins, -1: Black wins, 0: even)."""
    if isinstance(evaluation, dict):
        return 1.0 if evaluation["win"] == "white" else -1.0
    k, b = CURVES.get(game_id, DEFAULT_CURVE)
    return 2 / (1 + math.exp(-max(-50.0, min(50.0, k * evaluation + b)))) - 1


def mover_chance(game_id, evaluation, mover):
    chance = win_chance(game_id, evaluation)
    return chance if mover == "w" else -chance


def forced_win(evaluation, mover):
    return isinstance(evaluation, dict) and evaluation["win"] == SIDE_NAMES[mover]


def judge(game_id, before, after, mover):
    """The mark of a move by `mover` from a position evaluated `before` to one evaluated
    `after` (None: a good move)."""
    if forced_win(before, mover) and not forced_win(after, mover):
        return "??"
    drop = mover_chance(game_id, before, mover) - mover_chance(game_id, after, mover)
    return next((mark for mark, size in MARKS if drop >= size), None)


def move_accuracy(drop):
    """lichess's accuracy of a move from the drop in the mover's win percentage (0-100)."""
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * max(0.0, drop)) - 3.1669))


class Review:
    """The review of `moves` played from `start`: `step()` searches the next position
    (for `seconds`, or `nodes` for reproducible tests) until `done`.  `evals` has one
    evaluation per position searched so far; `marks` the judged moves:
    {ply (1 = the first move), mark, best (the engine's move there), line, good (the moves
    scored within GOOD_MARGIN of the best there)}."""

    def __init__(self, game, start, moves, *, seconds=0.25, nodes=None, level=4):
        self.game, self.moves = game, list(moves)
        self.states = [start]
        for move in self.moves:
            self.states.append(game.play(self.states[-1], move))  # (ValueError for an illegal move)
        self.seconds, self.nodes, self.level = seconds, nodes, level
        self.evals = []
        self.best = []  # (best move, line, good moves) per position searched (None at the end)
        self.marks = []

    @property
    def done(self):
        return len(self.evals) == len(self.states)

    def step(self):
        """Search the next position; judge the move that led to it."""
        index = len(self.evals)
        state = self.states[index]
        result = self.game.result(state)
        if result is not None:
            self.evals.append(result_evaluation(result))
            self.best.append(None)
        else:
            searcher = Searcher(self.game, state, level=self.level, seed=index, nodes=self.nodes,
                                seconds=None if self.nodes else self.seconds, scored=True, margin=GOOD_MARGIN)
            searcher.think()
            self.evals.append(white_evaluation(state, searcher.score))
            good = sorted(move for move, score in searcher.scores.items() if score >= searcher.score - GOOD_MARGIN)
            self.best.append((searcher.best_move, searcher.line(LINE_PLIES), good or [searcher.best_move]))
        if index:
            self._judge(index)

    def _judge(self, index):
        before, after = self.evals[index - 1], self.evals[index]
        mover = self.states[index - 1].turn
        mark = judge(self.game.id, before, after, mover)
        best, line, good = self.best[index - 1]
        if mark is not None and best != self.moves[index - 1]:
            self.marks.append({"ply": index, "mark": mark, "best": best, "line": line,
                               "good": [move for move in good if move != self.moves[index - 1]] or [best]})

    def accuracy(self):
        """{side: its moves' mean accuracy (0-100), None without a move} over what is searched."""
        found = {"w": [], "b": []}
        for index in range(1, len(self.evals)):
            mover = self.states[index - 1].turn
            drop = 50 * (mover_chance(self.game.id, self.evals[index - 1], mover)
                         - mover_chance(self.game.id, self.evals[index], mover))
            found[mover].append(move_accuracy(drop))
        return {side: (sum(values) / len(values) if values else None) for side, values in found.items()}

    def counts(self):
        """{side: {mark: count}}."""
        counts = {side: {mark: 0 for mark, _ in MARKS} for side in ("w", "b")}
        for entry in self.marks:
            counts[self.states[entry["ply"] - 1].turn][entry["mark"]] += 1
        return counts
