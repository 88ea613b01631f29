"""What the board shows besides the game itself, in one object the page draws whole.

The session (session.py) is the game: positions, the selected man and its extras.  The
view is how it is looked at: turned round or not, the cell under the pointer, the
keyboard cursor, the past position under review, the computer's hint and the theme.
Part of the page state (page_state.py); commands change its fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardgames.core import State

    from webapp.state.session import Session


class View:
    def __init__(self) -> None:
        self.flipped: bool = False  # Black's side at the bottom
        self.hover: str | None = None  # the cell under the pointer
        self.cursor: str | None = None  # the keyboard cursor's cell, kept while it is hidden
        self.cursor_shown: bool = False  # drawn while the board has keyboard focus
        self.reviewing: int | None = None  # moves played to reach the past position shown; None: live
        self.hint: str | None = None  # the move Hint suggests
        self.better: str | None = None  # the review's better move for the move whose position is shown
        self.theme: str = "light"  # the colours of the moment: "light" or "dark"
        self.board: str = "wood"  # the board's colours (render.PALETTES)
        self.coordinates: bool = True  # files and ranks written round the board
        self.dots: bool = True  # the selected man's destinations marked
        self.motion: Any = None  # the last move in motion (motion.Motion), while it plays
        self.drag: tuple[str, float, float] | None = None  # the man of a cell dragged, at canvas point (x, y)
        self.dropped: bool = False  # the move just played was dropped in place: shown without motion
        self.drawing: bool = False  # Draw is on: a press draws circles and arrows (touch screens' right button)

    def review(self, session: Session, index: int | None) -> bool:
        """Show the position after move `index`; None, or the live position's number,
        shows the game in progress.  Returns whether a past position is shown.  The
        session plays from the position shown (a move there begins a variation)."""
        self.reviewing = session.shown = index if index is not None and 0 <= index < len(session.moves) else None
        return self.reviewing is not None

    def shown_index(self, session: Session) -> int:
        """The number of moves played to reach the position on the board (0: the start)."""
        return len(session.moves) if self.reviewing is None else self.reviewing

    def shown_state(self, session: Session) -> State:
        """The state on the board: the reviewed one, else the live one."""
        return session.states[self.shown_index(session)]

    def shown_cursor(self) -> str | None:
        """The cursor's cell while it is drawn, else None."""
        return self.cursor if self.cursor_shown else None
