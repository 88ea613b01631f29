"""Learn from your mistakes: after a review, the page steps through one side's marked
moves.  At each, the board is the position before the mistake and the learner looks for
a better move: any move the review scored within a small margin of the best counts
(boardgames.analysis.GOOD_MARGIN); the better move is never shown before "Show me".  An
exercise like a lesson (coach.py's runs: the coach panel shows it, Leave brings the game
and its review back).  Plain Python, tested in CPython."""

from __future__ import annotations

from typing import Any

from boardgames.texts import N_, _, ngettext
from webapp.state.session import HUMAN, Session

# By mark: (the game's own move was played again, the move played was that).
MARK_SENTENCES = {
    "?!": (N_("That is the move of the game, an inaccuracy: look for a better one."), N_("{move} was an inaccuracy.")),
    "?": (N_("That is the move of the game, a mistake: look for a better one."), N_("{move} was a mistake.")),
    "??": (N_("That is the move of the game, a blunder: look for a better one."), N_("{move} was a blunder.")),
}


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
            self.feedback = (ngettext("That was every one: you found {found} of {count} better move.",
                                      "That was every one: you found {found} of {count} better moves.",
                                      self.count).format(found=len(self.found), count=self.count)
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
            self.feedback = _("Found: go on with Next, or Try again.")
            return False
        if move in mark["good"]:
            self.found.add(self.index)
            self.feedback = (_("Yes: {move} is the best move.") if move == mark["best"]
                             else _("Yes: {move} is as good as the best, {best}.")).format(move=move, best=mark["best"])
            return True
        if move == self.game.moves[mark["ply"] - 1]:
            sentences = MARK_SENTENCES[mark["mark"]]
            self.feedback = _(sentences[0])
        else:
            self.feedback = _("{move} is not much better: try another move, or Show me.").format(move=move)
        return False

    def show_me(self) -> None:
        """Play the better move for the learner, with its line."""
        mark = self.mark
        if mark is not None and not self.passed():
            self.session.play(mark["best"])
            self.feedback = _("The better move was {best} (line: {line}).").format(best=mark["best"],
                                                                                  line=" ".join(mark["line"]))

    def words(self) -> dict[str, str]:
        """{title, progress, ask} for the panel."""
        white = self.side == "w"
        title = _("Learn from White's mistakes") if white else _("Learn from Black's mistakes")
        mark = self.mark
        if mark is None:
            # TRANSLATORS: the end of learning from one's mistakes: every marked move was seen
            done = _("Done") if self.count else _("No marked moves for this side")
            return {"title": title, "progress": done, "ask": ""}
        played = self.game.moves[mark["ply"] - 1]
        sentences = MARK_SENTENCES[mark["mark"]]
        was = _(sentences[1]).format(move=played)
        find = _("Find a better move for White.") if white else _("Find a better move for Black.")
        progress = _("Mistake {number} of {count}: move {ply}").format(number=self.index + 1, count=self.count,
                                                                       ply=mark["ply"])
        return {"title": title, "progress": progress, "ask": f"{was} {find}"}

    def reply_due(self) -> None:
        return None
