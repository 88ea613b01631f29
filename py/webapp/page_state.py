"""What the page shows, in one object (chessground's way): the panels render from it,
commands (commands.py) change it, and effects.py decides what follows a change (saving,
sounds, the computer).  Plain Python: nothing here touches the browser."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .session import HUMAN, Session
from .view import View

if TYPE_CHECKING:
    from .coach import LessonRun, PuzzleRun
    from .setup_editor import BoardEditor

DEFAULT_LEVEL = 2
DEFAULT_SPEED = "normal"


@dataclass
class PageState:
    session: Session  # the game on the board
    view: View = field(default_factory=View)  # how it is looked at
    players: dict[str, str] = field(default_factory=lambda: {"w": HUMAN, "b": HUMAN})  # for the next game too
    level: int = DEFAULT_LEVEL  # the computer's strength (boardgames.ai.LEVELS)
    speed: str = DEFAULT_SPEED  # a demo's pace (computer.SPEEDS)
    paused: bool = False  # a demo (computer against computer) on hold
    hint_asked: tuple[Session, int] | None = None  # (session, revision) a hint was asked for
    thinking: str | None = None  # "move" or "hint" while the computer searches
    editor: BoardEditor | None = None  # the position being set up, while "Set up position" is open
    letter: str | None = None  # the man the editor places (None: empty the cell)
    exercise: LessonRun | PuzzleRun | None = None  # the lesson or puzzle on the board
    left: Session | None = None  # the game before the exercise, back on Leave
    settings: dict[str, Any] = field(default_factory=dict)  # the visitor's Settings (settings.py)
    embed: dict[str, Any] = field(default_factory=dict)  # the URL's embed settings (embed.py)
    embedded: bool = False  # the minimal embedded page: saves nothing, silent
    keep: bool = True  # the game is saved in this browser (storage allowed, not embedded)
    card: bool = False  # the end-of-game card is up
    autoplay: bool = False  # the embed viewer plays the record through
    message: str = ""  # the message line

    def say(self, text: str) -> None:
        self.message = text

    def position(self) -> tuple[Session, int]:
        """The game and its revision: what a hint, a search or a saved copy is for."""
        return self.session, self.session.revision
