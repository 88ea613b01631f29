"""What the page shows, in one object (chessground's way): the panels render from it,
commands (commands.py) change it, and effects.py decides what follows a change (saving,
sounds, the computer).  Plain Python: nothing here touches the browser."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webapp.state.session import HUMAN, Session
from webapp.state.view import View

if TYPE_CHECKING:
    from webapp.state.coach import LessonRun, PuzzleRun
    from webapp.state.setup_editor import BoardEditor

DEFAULT_LEVEL = 2
DEFAULT_SPEED = "normal"
# What the side panel can show, one at a time (its tabs; on a phone the menu's first items)
ACTIVITIES = ("play", "friend", "review", "learn")
# The menu's windows over the page
SHEETS = ("share", "games", "rules", "settings", "keys")


class PageState:
    """Plain attributes, changed by commands.py's functions."""

    def __init__(self, session: Session, *, settings: dict[str, Any] | None = None, embed: dict[str, Any] | None = None,
                 embedded: bool = False, keep: bool = True, level: int = DEFAULT_LEVEL) -> None:
        self.session: Session = session  # the game on the board
        self.view: View = View()  # how it is looked at
        self.players: dict[str, str] = {"w": HUMAN, "b": HUMAN}  # for the next game too
        self.level: int = level  # the computer's strength (boardgames.ai.LEVELS)
        self.speed: str = DEFAULT_SPEED  # a demo's pace (computer.SPEEDS)
        self.paused: bool = False  # a demo (computer against computer) on hold
        self.hint_asked: tuple[Session, int] | None = None  # (session, revision) a hint was asked for
        self.thinking: str | None = None  # "move" or "hint" while the computer searches
        self.editor: BoardEditor | None = None  # the position being set up, while "Set up position" is open
        self.letter: str | None = None  # the man the editor places (None: empty the cell)
        self.exercise: LessonRun | PuzzleRun | None = None  # the lesson or puzzle on the board
        # a game with a friend on another device: {"mode": "link" or "live", "side": the
        # visitor's ("w"/"b"), "received": moves the friend's link held (not to be taken
        # back), "id": its id in the list of games by link, and live, "synced": moves both
        # pages have}; None otherwise
        self.friend: dict[str, Any] | None = None
        # live play (state/live.py): {role, code, connection, asked, asking, outbox, want}; None otherwise
        self.live: dict[str, Any] | None = None
        # the review of the game (state/analysis.py): {session, moves, evals, marks, accuracy,
        # counts, done, running, progress}; None when none was asked for this game
        self.analysis: dict[str, Any] | None = None
        self.reviews_aside: list[dict[str, Any]] = []  # reviews of other lines of the game, to come back
        self.evaluating: bool = False  # the engine's evaluation of the shown position is on
        # {key (the position), eval, depth, line, done} of the shown position, while evaluating
        self.evaluation: dict[str, Any] | None = None
        # the visitor's games by link, most recent first: {id, name, side, moves, turn, link}
        self.friend_games: list[dict[str, Any]] = []
        self.left: Session | None = None  # the game before the exercise, back on Leave
        self.settings: dict[str, Any] = settings or {}  # the visitor's Settings (settings.py)
        self.embed: dict[str, Any] = embed or {}  # the URL's embed settings (embed.py)
        self.embedded: bool = embedded  # the minimal embedded page: saves nothing, silent
        self.keep: bool = keep  # the game is saved in this browser (storage allowed, not embedded)
        self.card: bool = False  # the end-of-game card is up
        self.autoplay: bool = False  # the embed viewer plays the record through
        self.message: str = ""  # the message line
        self.activity: str = "play"  # the tab chosen (ACTIVITIES); see shown_activity
        self.menu: bool = False  # the menu under the board is open
        self.sheet: str | None = None  # the menu's window open over the page (SHEETS), if any

    def say(self, text: str) -> None:
        self.message = text

    def shown_activity(self) -> str:
        """What the side panel shows: the position being set up ("setup") or the exercise
        on the board ("learn") while there is one, else the activity chosen."""
        if self.editor is not None:
            return "setup"
        if self.exercise is not None:
            return "learn"
        return self.activity

    def position(self) -> tuple[Session, int]:
        """The game and its revision: what a hint, a search or a saved copy is for."""
        return self.session, self.session.revision
