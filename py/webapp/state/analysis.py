"""The review of a game (Review): the AI worker searches every position of the game on
the board (boardgames/analysis.py), and the page shows what it finds as it comes: the
advantage graph, the marks in the move list, the better move and its line for a marked
move, and per side the marks and an accuracy.  Commands on the page state; the search
itself is main.py's (Computer.review).  A change of the game's moves ends the review."""

from __future__ import annotations

from typing import Any

from boardgames.analysis import MARKS, win_chance
from boardgames.texts import N_, _, ngettext
from webapp.state.page_state import PageState

# (the words here are marked N_ and translated where they are shown: _(MARK_WORDS[mark]))
# TRANSLATORS: the marks a review puts on moves (?!, ?, ??)
MARK_WORDS = {"?!": N_("inaccuracy"), "?": N_("mistake"), "??": N_("blunder")}
ENGINE_OFF = N_("Your teacher has turned the computer's help off on this page.")  # (engine=0)
# TRANSLATORS: the marks a move may carry (!!, !, !?), beside the review's
GLYPH_WORDS = {**MARK_WORDS, "!!": N_("brilliant"), "!": N_("good move"), "!?": N_("interesting")}
# What the review says of a marked move: {ply}, {move} (with its mark), {best} and {line}.
MARKED_MOVE_WORDS = {
    "?!": N_("Move {ply} ({move}) is an inaccuracy: better was {best} (line: {line})."),
    "?": N_("Move {ply} ({move}) is a mistake: better was {best} (line: {line})."),
    "??": N_("Move {ply} ({move}) is a blunder: better was {best} (line: {line})."),
}


def mark_count_words(mark: str, count: int) -> str:
    """'2 blunders': how many moves of a side carry `mark`."""
    if mark == "??":
        words = ngettext("{count} blunder", "{count} blunders", count)
    elif mark == "?":
        words = ngettext("{count} mistake", "{count} mistakes", count)
    else:
        words = ngettext("{count} inaccuracy", "{count} inaccuracies", count)
    return words.format(count=count)


def begin(state: PageState) -> None:
    """Review the game on the board (a review already done for these moves is kept)."""
    state.activity = "review"
    session = state.session
    if not state.embed.get("engine", True):
        state.say(_(ENGINE_OFF))
        return
    if not session.moves:
        state.say(_("There are no moves to review yet."))
        return
    current = state.analysis
    if current is not None and is_for(current, state) and (current["done"] or current["running"]):
        return
    state.analysis = {"session": session, "moves": tuple(session.moves), "evals": [], "marks": [],
                      "accuracy": {"w": None, "b": None}, "counts": None, "done": False, "running": True,
                      "progress": 0.0}
    state.say(ngettext("Reviewing {count} move: the board stays yours meanwhile.",
                       "Reviewing {count} moves: the board stays yours meanwhile.",
                       len(session.moves)).format(count=len(session.moves)))


def is_for(analysis: dict[str, Any], state: PageState) -> bool:
    """Whether `analysis` is of the game on the board as it stands."""
    return analysis["session"] is state.session and analysis["moves"] == tuple(state.session.moves)


def progress(state: PageState, analysis: dict[str, Any], found: dict[str, Any]) -> None:
    """What the review found so far (the worker's review_step answer)."""
    if state.analysis is not analysis:
        return
    analysis.update({key: found[key] for key in ("evals", "marks", "accuracy", "counts", "done", "progress")})
    if found["done"]:
        analysis["running"] = False
        state.say(summary(analysis))


def stop(state: PageState) -> None:
    analysis = state.analysis
    if analysis is not None and analysis["running"]:
        analysis["running"] = False
        # TRANSLATORS: {percent} is how much of the game was reviewed, such as 40%
        state.say(_("Review stopped at {percent}: what it found so far is shown.").format(
            percent=f"{analysis['progress']:.0%}"))


def keep_marks(state: PageState) -> None:
    """Write the review's marks and better moves into the game's annotations (a comment
    of the reader's own is kept, the better move added after it)."""
    found, session = state.analysis, state.session
    for mark in found["marks"]:
        better = _("Better was {best} ({line}).").format(best=mark["best"], line=" ".join(mark["line"]))
        mine = session.comments.get(mark["ply"], "")
        session.annotate(mark["ply"], glyph=mark["mark"],
                         comment=mine if better in mine else f"{mine} {better}".strip())
    kept = len(found["marks"])
    state.say(ngettext("{count} mark kept in the game's record (Share and save).",
                       "{count} marks kept in the game's record (Share and save).", kept).format(count=kept))


def toggle_evaluation(state: PageState) -> None:
    """The engine's evaluation and best line of the shown position, live, on or off."""
    if not state.embed.get("engine", True):
        state.say(_(ENGINE_OFF))
        return
    state.evaluating = not state.evaluating
    state.say("")


def shown_position(state: PageState) -> tuple:
    """What identifies the position on the board: the game and the moves that reach it."""
    session = state.session
    moves = session.moves[:state.view.shown_index(session)]
    return session.game_id, tuple(sorted(session.options.items())), session.start_fen, tuple(moves)


def evaluated(state: PageState, key: tuple, found: dict[str, Any]) -> None:
    """The evaluation so far of the position `key` (the worker's evaluate_step answer)."""
    if state.evaluation is not None and state.evaluation["key"] == key:
        state.evaluation.update({name: found[name] for name in ("eval", "depth", "line", "done")})


def evaluation_words(evaluation: dict[str, Any] | None) -> str:
    """"+1.3 for White, depth 7: d1-d3 e3-f3 ..." (the side ahead, in men)."""
    if evaluation is None:
        return ""
    value = evaluation["eval"]
    if value is None:
        return _("Evaluating…")
    if isinstance(value, dict):
        white, plies = value["win"] == "white", value["plies"]
        if not plies:
            head = _("White has won") if white else _("Black has won")
        elif white:
            head = ngettext("White can force a win ({count} ply)", "White can force a win ({count} plies)", plies)
        else:
            head = ngettext("Black can force a win ({count} ply)", "Black can force a win ({count} plies)", plies)
        head = head.format(count=plies)
    elif value == 0:
        # TRANSLATORS: the evaluation of a position where neither side is ahead
        head = _("Even")
    else:
        # TRANSLATORS: {value} is the advantage in men, such as 1.3
        head = (_("{value} for White") if value > 0 else _("{value} for Black")).format(value=f"{abs(value) / 100:.1f}")
    line = " ".join(evaluation["line"])
    if line:
        # TRANSLATORS: {head} is the evaluation (1.3 for White), {depth} how deep it searched, {line} moves
        return _("{head}, depth {depth}: {line}").format(head=head, depth=evaluation["depth"], line=line)
    return _("{head}, depth {depth}").format(head=head, depth=evaluation["depth"])


def close(state: PageState) -> None:
    state.reviews_aside = [found for found in state.reviews_aside if found is not state.analysis]
    state.analysis = None
    state.say("")


def summary(analysis: dict[str, Any]) -> str:
    """Per side: its marks and its accuracy."""
    parts = []
    for side in ("w", "b"):
        counts = analysis["counts"][side] if analysis["counts"] else {}
        marks = ", ".join(mark_count_words(mark, counts[mark]) for mark, unused in MARKS if counts.get(mark))
        marks = marks or _("no marks")
        accuracy = analysis["accuracy"][side]
        if accuracy is None:
            words = _("White: {marks}") if side == "w" else _("Black: {marks}")
        else:
            # TRANSLATORS: {accuracy} is a number of percent, such as 90
            words = (_("White: {marks}, accuracy {accuracy}%") if side == "w"
                     else _("Black: {marks}, accuracy {accuracy}%"))
        parts.append(words.format(marks=marks, accuracy=f"{accuracy:.0f}" if accuracy is not None else ""))
    return "; ".join(parts) + "."


def mark_at(analysis: dict[str, Any] | None, ply: int) -> dict[str, Any] | None:
    """The mark of move `ply` (1 = the first), None if it has none."""
    if analysis is None:
        return None
    return next((mark for mark in analysis["marks"] if mark["ply"] == ply), None)


def move_words(analysis: dict[str, Any], ply: int, moves: list[str]) -> str:
    """What the review says of move `ply`: its mark, the better move and its line."""
    mark = mark_at(analysis, ply)
    if mark is None:
        if ply > len(analysis["evals"]) - 1:
            return ""
        return _("Move {ply} ({move}): no mark.").format(ply=ply, move=moves[ply - 1])
    sign = mark["mark"]
    return _(MARKED_MOVE_WORDS[sign]).format(ply=ply, move=moves[ply - 1] + sign, best=mark["best"],
                                             line=" ".join(mark["line"]))


def chances(game_id: str, analysis: dict[str, Any]) -> list[float]:
    """White's chance on [-1, 1] at each position searched (the graph's points)."""
    return [win_chance(game_id, evaluation) for evaluation in analysis["evals"]]


def better_move(state: PageState) -> str | None:
    """The better move to draw on the board: the engine's, for the marked move whose
    position is shown."""
    analysis = state.analysis
    if analysis is None or not is_for(analysis, state):
        return None
    mark = mark_at(analysis, state.view.shown_index(state.session))
    return mark["best"] if mark is not None else None
