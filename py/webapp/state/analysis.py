"""The review of a game (Review): the AI worker searches every position of the game on
the board (boardgames/analysis.py), and the page shows what it finds as it comes: the
advantage graph, the marks in the move list, the better move and its line for a marked
move, and per side the marks and an accuracy.  Commands on the page state; the search
itself is main.py's (Computer.review).  A change of the game's moves ends the review."""

from __future__ import annotations

from typing import Any

from boardgames.analysis import MARKS, win_chance
from boardgames.core import SIDE_NAMES
from webapp.state.page_state import PageState

MARK_WORDS = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"}
ENGINE_OFF = "Your teacher has turned the computer's help off on this page."  # (engine=0)
A_MARK = {"?!": "an inaccuracy", "?": "a mistake", "??": "a blunder"}
GLYPH_WORDS = {**MARK_WORDS, "!!": "brilliant", "!": "good move", "!?": "interesting"}


def begin(state: PageState) -> None:
    """Review the game on the board (a review already done for these moves is kept)."""
    session = state.session
    if not state.embed.get("engine", True):
        state.say(ENGINE_OFF)
        return
    if not session.moves:
        state.say("There are no moves to review yet.")
        return
    current = state.analysis
    if current is not None and is_for(current, state) and (current["done"] or current["running"]):
        return
    state.analysis = {"session": session, "moves": tuple(session.moves), "evals": [], "marks": [],
                      "accuracy": {"w": None, "b": None}, "counts": None, "done": False, "running": True,
                      "progress": 0.0}
    state.say(f"Reviewing {len(session.moves)} moves: the board stays yours meanwhile.")


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
        state.say(f"Review stopped at {analysis['progress']:.0%}: what it found so far is shown.")


def keep_marks(state: PageState) -> None:
    """Write the review's marks and better moves into the game's annotations (a comment
    of the reader's own is kept, the better move added after it)."""
    found, session = state.analysis, state.session
    for mark in found["marks"]:
        better = f"Better was {mark['best']} ({' '.join(mark['line'])})."
        mine = session.comments.get(mark["ply"], "")
        session.annotate(mark["ply"], glyph=mark["mark"],
                         comment=mine if better in mine else f"{mine} {better}".strip())
    state.say(f"{len(found['marks'])} marks kept in the game's record (Share and save).")


def toggle_evaluation(state: PageState) -> None:
    """The engine's evaluation and best line of the shown position, live, on or off."""
    if not state.embed.get("engine", True):
        state.say(ENGINE_OFF)
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
        return "Evaluating…"
    if isinstance(value, dict):
        side = value["win"].capitalize()
        head = f"{side} has won" if not value["plies"] else f"{side} can force a win ({value['plies']} plies)"
    elif value == 0:
        head = "Even"
    else:
        head = f"{abs(value) / 100:.1f} for {'White' if value > 0 else 'Black'}"
    line = " ".join(evaluation["line"])
    return f"{head}, depth {evaluation['depth']}" + (f": {line}" if line else "")


def close(state: PageState) -> None:
    state.reviews_aside = [found for found in state.reviews_aside if found is not state.analysis]
    state.analysis = None
    state.say("")


def summary(analysis: dict[str, Any]) -> str:
    """Per side: its marks and its accuracy."""
    parts = []
    for side in ("w", "b"):
        counts = analysis["counts"][side] if analysis["counts"] else {}
        marks = ", ".join(f"{counts[mark]} {MARK_WORDS[mark]}{'s' if counts[mark] != 1 else ''}"
                          for mark, _ in MARKS if counts.get(mark))
        accuracy = analysis["accuracy"][side]
        parts.append(f"{SIDE_NAMES[side].capitalize()}: " + (marks or "no marks")
                     + (f", accuracy {accuracy:.0f}%" if accuracy is not None else ""))
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
        return f"Move {ply} ({moves[ply - 1]}): no mark." if ply <= len(analysis["evals"]) - 1 else ""
    sign = mark["mark"]
    return (f"Move {ply} ({moves[ply - 1]}{sign}) is {A_MARK[sign]}: better was "
            f"{mark['best']} (line: {' '.join(mark['line'])}).")


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
