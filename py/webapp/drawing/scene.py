"""What the board shows, computed once per change of the page (AbstractPlay's `render()`
returns such data): the position, its men, the last move and what it took (the engine's
picture scene, boardgames/drawing/picture.py), and what a player at the page adds: the
selected man, its destinations and extras, the hint and the move in motion.  render.py
draws a scene; between two changes the page redraws the same scene for what only the
pointer and the keyboard move (the cell under the pointer, a dragged man, the cursor), and
the overlays the game draws for the pointed cell are asked once per cell."""

from __future__ import annotations

from typing import Any

from boardgames.drawing import picture

from webapp.state.session import Session
from webapp.state.view import View


class Scene(picture.Scene):
    """The board's data for one change of the page."""

    def __init__(self, session: Session, view: View) -> None:
        game = session.game
        live = view.reviewing is None
        super().__init__(game, view.shown_state(session), session.shapes.get(view.shown_index(session), []),
                         view.better)
        # (a man selected in a past position: the first move of a variation)
        targets = session.destinations(session.selected) if session.selected is not None else {}
        motion = view.motion if live else None
        self.live: bool = live  # the game in progress, not a past position
        self.selected: str | None = session.selected
        self.targets: dict[str, list[str]] = targets  # the selected man's destinations -> their moves
        self.marked: frozenset[str] = frozenset(targets) if view.dots else frozenset()  # drawn with a dot
        self.extras: frozenset[str] = frozenset(session.extras)  # picked (Pux)
        self.hint: tuple[str, str] | None = (tuple(game.move_cells(view.hint))
                                             if view.hint is not None and live else None)  # the arrow
        self.motion: Any = motion  # motion.Motion of the move just played, while it plays
        self.moving: frozenset[str] = frozenset(motion.arriving()) if motion else frozenset()  # not drawn in place
