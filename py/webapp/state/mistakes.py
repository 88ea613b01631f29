"""Learn from your mistakes: after a review, the page steps through one side's marked
moves.  At each, the board is the position before the mistake and the learner looks for
a better move: any move the review scored within a small margin of the best counts
(boardgames.analysis.GOOD_MARGIN); the better move is never shown before "Show me".  An
exercise like a lesson (coach.py's runs: the coach panel shows it, Leave brings the game
and its review back).  Plain Python, tested in CPython."""

from __future__ import annotations

from typing import Any

from boardgames.core import SIDE_NAMES
from webapp.state.analysis import A_MARK
from webapp.state.session import HUMAN, Session



class MistakesRun:
    kind = "mistakes"
    custom = False

    def __init__(self, game: Session, analysis: dict[str, Any], side: str) -> None:
        self.game, self.analysis, self.side = game, analysis, side
        self.marks = [mark for mark in analysis["marks"] if game.states[mark["ply"] - 1].turn == side]
        self.session: Session | None = None
        self.feedback = ""
        self.found: set[int] = set()  # the marks whose better move the learner found
        self.go_to(0)

    @property
    def count(self) -> int:
        return len(self.marks)

    @property
    def mark(self) -> dict[str, Any] | None:
        return self.marks[self.index] if self.index < self.count else None

    @property
    def finished(self) -> bool:
        return self.index >= self.count

    def go_to(self, index: int) -> None:
        """Mark `index` afresh: the position before that move; past the last, the end."""
        self.index = max(0, min(index, self.count))
        self.feedback = ""
        mark = self.mark
        if mark is None:
            self.feedback = (f"That was every one: you found {len(self.found)} of {self.count} better moves."
                             if self.count else "")
            return
        game = self.game
        self.session = Session(game.game_id, options=game.options, fen=game.start_fen,
                               players={"w": HUMAN, "b": HUMAN})
        for move in game.moves[:mark["ply"] - 1]:
            self.session.play(move)
        self.session.referee = self.judge

    def passed(self) -> bool:
        mark = self.mark
        return mark is not None and bool(self.session.moves[mark["ply"] - 1:])

    def judge(self, move: str) -> bool:
        """The referee: a move as good as the best is played and praised; the game's own
        move, or any other, is explained and not played."""
        mark = self.mark
        if mark is None or self.passed():
            self.feedback = "Found: go on with Next, or Try again."
            return False
        if move in mark["good"]:
            self.found.add(self.index)
            best = "the best move" if move == mark["best"] else f"as good as the best, {mark['best']}"
            self.feedback = f"Yes: {move} is {best}."
            return True
        if move == self.game.moves[mark["ply"] - 1]:
            self.feedback = f"That is the move of the game, {A_MARK[mark['mark']]}: look for a better one."
        else:
            self.feedback = f"{move} is not much better: try another move, or Show me."
        return False

    def show_me(self) -> None:
        """Play the better move for the learner, with its line."""
        mark = self.mark
        if mark is not None and not self.passed():
            self.session.play(mark["best"])
            self.feedback = f"The better move was {mark['best']} (line: {' '.join(mark['line'])})."

    def words(self) -> dict[str, str]:
        """{title, progress, ask} for the panel."""
        title = f"Learn from {SIDE_NAMES[self.side].capitalize()}'s mistakes"
        mark = self.mark
        if mark is None:
            return {"title": title, "progress": "Done" if self.count else "No marked moves for this side",
                    "ask": ""}
        played = self.game.moves[mark["ply"] - 1]
        return {"title": title, "progress": f"Mistake {self.index + 1} of {self.count}: move {mark['ply']}",
                "ask": f"{played} was {A_MARK[mark['mark']]}. Find a better move for "
                       f"{SIDE_NAMES[self.side].capitalize()}."}

    def reply_due(self) -> None:
        return None
