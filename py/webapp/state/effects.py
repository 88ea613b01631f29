"""What follows a change of the page state, decided in one place: after every command the
page asks `decide(state, marks)` and carries out the effects it returns (storage, a sound,
the computer's search, a move in motion, a puzzle's reply), then renders.  `Marks` is what
the page last acted on, so each effect happens once per change, whatever the order of the
panels.  Plain Python: pytest checks the decisions in CPython."""

from __future__ import annotations

from typing import Any

from webapp.state.coach import solved_text
from webapp.state.analysis import better_move, is_for, shown_position
from webapp.state.live import outgoing
from webapp.worker.computer import is_demo, pause_before_move
from webapp.state.page_state import PageState
from webapp.words.record import saved_payload
from webapp.state.session import COMPUTER
from webapp.state.settings import write_settings
from webapp.words.sounds import change_sound

REVIEWS_KEPT = 8  # reviews of a game's other lines kept aside


class Effects:
    def __init__(self) -> None:
        self.save: str | None = None  # the game's saved copy, to keep in this browser
        self.solved: str | None = None  # the puzzles solved here, to keep
        self.settings: str | None = None  # the Settings, to keep
        self.sound: str | None = None  # the sound of the move just played (sounds.SOUNDS)
        self.cancel: bool = False  # drop any search begun before (its answer is stale)
        self.worker: bool = False  # the computer is wanted: start its worker if not yet
        self.think: float | None = None  # the computer moves now, after this pause (seconds)
        self.hint: bool = False  # search a hint for the position
        self.motion: bool = False  # show the move just played in motion
        self.quick: bool = False  # ... quickly (a demo at full speed)
        self.card: bool = False  # the end-of-game card has just come up (take the focus to it)
        self.reply: tuple[Any, Any, int] | None = None  # (run, session, ply): a puzzle's reply, after a pause
        self.autoplay: bool = False  # the embed viewer's play-through has just begun
        self.friend_game: dict[str, Any] | None = None  # the game by link as it stands, for the list
        self.send: list[dict[str, Any]] = []  # messages for the live friend's page (state/live.py)
        self.connect: tuple | None = None  # what the live link must do: ("offer",), ("answer", sdp), ("accept", sdp)
        self.disconnect: bool = False  # live play stopped: close the link
        self.review: Any = None  # the review (state.analysis) to start searching
        self.evaluate: Any = None  # (key, session, moves): evaluate the position those moves reach


class Marks:
    """What the page last acted on."""

    def __init__(self) -> None:
        self.position: Any = None  # (session, revision) shown: a new one drops the hint
        self.situation: Any = None  # what the computer last started or stopped thinking for
        self.hint: Any = None  # the position a hint search was started for
        self.saved: str | None = None
        self.solved: tuple[Any, str] | None = None  # (run, text) last kept
        self.friend_game: dict[str, Any] | None = None  # the game by link as last kept
        self.settings: str | None = None
        self.sounded: Any = None  # the state the last sound was for
        self.shown: Any = None  # (session, moves) on the board
        self.ended: Any = None  # (session, revision) of the finished position the card was for
        self.pending: Any = None  # (run, ply) of the reply asked for
        self.autoplay: bool = False
        self.live: bool = False  # live play was on
        self.review: Any = None  # the review last started
        self.evaluated: Any = None  # the position last evaluated


def decide(state: PageState, marks: Marks) -> Effects:
    """The effects of the change since `marks` (updated); also what the state implies
    (a new position drops the hint, the Settings set the view's looks)."""
    effects = Effects()
    session, view = state.session, state.view
    view.board, view.coordinates, view.dots = (state.settings.get(name, getattr(view, name))
                                               for name in ("board", "coordinates", "dots"))
    position = state.position()
    if position != marks.position:
        marks.position = position
        view.hint = None
    if state.hint_asked is not None and state.hint_asked != position:
        state.hint_asked = None
    _computer(state, marks, effects)
    _keeping(state, marks, effects)
    name = change_sound(session, marks.sounded)
    marks.sounded = session.state
    if name is not None and state.settings.get("sound") and not state.embedded:
        effects.sound = name
    shown = (session, len(session.moves))
    if marks.shown != shown:
        view.motion = None
        if marks.shown == (session, len(session.moves) - 1) and not view.dropped:
            effects.motion = bool(state.settings.get("motion")) and view.reviewing is None
            effects.quick = is_demo(session.players) and state.speed == "fast"
    marks.shown, view.dropped = shown, False
    _card(state, marks, effects)
    run = state.exercise
    if run is not None and run.kind == "puzzle" and run.reply_due() is not None and marks.pending != (run, run.ply):
        marks.pending = (run, run.ply)
        effects.reply = (run, run.session, run.ply)
    effects.autoplay = state.autoplay and not marks.autoplay
    marks.autoplay = state.autoplay
    _live(state, marks, effects)
    _review(state, marks, effects)
    _evaluation(state, marks, effects)
    return effects


def _computer(state: PageState, marks: Marks, effects: Effects) -> None:
    """A new situation (position, players, level, a review, the editor, a pause) cancels
    any search begun before and lets the computer move if it is its turn; a hint asked
    for the position is searched once."""
    session, view = state.session, state.view
    situation = (state.position(), tuple(session.players.values()), state.level, view.reviewing,
                 state.editor is not None, state.paused)
    if situation != marks.situation:
        marks.situation = situation
        marks.hint = None
        effects.cancel = True
        effects.worker = COMPUTER in session.players.values()
        if (not state.paused and view.reviewing is None and state.editor is None
                and session.to_move_is_computer()):
            effects.think = pause_before_move(session.players, state.speed)
    if state.hint_asked is not None and state.hint_asked != marks.hint:
        marks.hint = state.hint_asked
        effects.hint = effects.worker = True


def _live(state: PageState, marks: Marks, effects: Effects) -> None:
    """Live play: the link to make or close, the messages to send."""
    live = state.live
    effects.disconnect = marks.live and live is None
    marks.live = live is not None
    if live is not None:
        effects.connect, live["want"] = live["want"], None
        effects.send = outgoing(state)


def _review(state: PageState, marks: Marks, effects: Effects) -> None:
    """A review ends when the game's moves change (kept aside while the game is on the
    board, it comes back with its line); a new one starts its search (and the worker);
    the better move of the shown position goes on the board."""
    analysis = state.analysis
    if analysis is not None and not is_for(analysis, state):
        analysis["running"] = False
        state.reviews_aside = [analysis] + [found for found in state.reviews_aside if found is not analysis
                                            and found["session"] is state.session][:REVIEWS_KEPT - 1]
        state.analysis = analysis = None
    if analysis is None:
        analysis = state.analysis = next((found for found in state.reviews_aside if is_for(found, state)), None)
    if analysis is not None and analysis["running"] and marks.review is not analysis:
        marks.review = effects.review = analysis
        effects.worker = True
    state.view.better = better_move(state)


def _evaluation(state: PageState, marks: Marks, effects: Effects) -> None:
    """While the evaluation is on, a new position shown starts evaluating it."""
    if not state.evaluating or state.editor is not None:
        state.evaluation = marks.evaluated = None
        return
    key = shown_position(state)
    if key != marks.evaluated:
        marks.evaluated = key
        state.evaluation = {"key": key, "eval": None, "depth": 0, "line": [], "done": False}
        effects.evaluate = (key, state.session, list(key[3]))
        effects.worker = True


def _keeping(state: PageState, marks: Marks, effects: Effects) -> None:
    """The game, the puzzles solved and the Settings, kept when they changed (an embed
    keeps no game, nor does a lesson, a puzzle or a game by link, which lives in its link)."""
    if state.keep and state.exercise is None and state.friend is None:
        payload = saved_payload(state.session, state.level)
        if payload != marks.saved:
            marks.saved = effects.save = payload
    run = state.exercise
    if run is not None and run.kind == "puzzle":
        text = solved_text(run.solved)
        if marks.solved is not None and marks.solved[0] is run and marks.solved[1] != text:
            effects.solved = text
        marks.solved = (run, text)
    entry = friend_game(state)
    if entry is not None and entry != marks.friend_game:
        marks.friend_game = effects.friend_game = entry
    text = write_settings(state.settings)
    if marks.settings is not None and text != marks.settings:
        effects.settings = text
    marks.settings = text


def friend_game(state: PageState) -> dict[str, Any] | None:
    """The game by link on the board, as the visitor's list of such games shows it (its
    `link` is added by the page, which knows its own address)."""
    friend, session = state.friend, state.session
    if friend is None or friend["id"] is None:
        return None
    if session.result is not None:
        turn = "over"
    else:
        turn = "yours" if session.state.turn == friend["side"] else "friend"
    return {"id": friend["id"], "name": session.game.name, "side": friend["side"],
            "moves": len(session.moves), "turn": turn}


def _card(state: PageState, marks: Marks, effects: Effects) -> None:
    """The card comes up once for a game that ends on this page (a lesson or puzzle says
    it in its panel; a game opened finished says so in its status; a variation's end, in
    the status line)."""
    session = state.session
    if (session.result_words() is None or session.revision == 0 or state.view.reviewing is not None
            or state.exercise is not None or session.variation_at(len(session.moves)) is not None):
        state.card = False
    elif state.position() != marks.ended:
        marks.ended = state.position()
        state.card = effects.card = True
