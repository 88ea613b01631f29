"""What the board shows, computed once per change of the page (AbstractPlay's `render()`
returns such data): the position, its men, the last move and what it took, the selected
man, its destinations and extras, the hint and the move in motion.  render.py draws a
scene; between two changes the page redraws the same scene for what only the pointer and
the keyboard move (the cell under the pointer, a dragged man, the cursor), and the
overlays the game draws for the pointed cell are asked once per cell."""

from __future__ import annotations

import re
from typing import Any

from boardgames.core import Game, State, Overlay

from webapp.state.session import Session
from webapp.state.view import View


CELL = re.compile(r"[a-z]\d+")


class Scene:
    """The board's data for one change of the page."""

    def __init__(self, session: Session, view: View) -> None:
        game = session.game
        state = view.shown_state(session)
        live = view.reviewing is None
        last = state.last
        # (a man selected in a past position: the first move of a variation)
        targets = session.destinations(session.selected) if session.selected is not None else {}
        motion = view.motion if live else None
        self.game: Game = game
        self.state: State = state  # the position shown: the live one or the one under review
        self.men: dict[str, str] = game.men(state)  # cell -> letter
        self.last_cells: frozenset[str] = frozenset(game.move_cells(last[0])) if last else frozenset()
        self.taken: tuple[str, ...] = tuple(last[1]) if last else ()  # the cells the last move captured on
        self.live: bool = live  # the game in progress, not a past position
        self.selected: str | None = session.selected
        self.targets: dict[str, list[str]] = targets  # the selected man's destinations -> their moves
        self.marked: frozenset[str] = frozenset(targets) if view.dots else frozenset()  # drawn with a dot
        self.extras: frozenset[str] = frozenset(session.extras)  # picked (Pux)
        self.hint: tuple[str, str] | None = (tuple(game.move_cells(view.hint))
                                             if view.hint is not None and live else None)  # the arrow
        self.better: tuple[str, str] | None = (tuple(game.move_cells(view.better))
                                               if view.better is not None else None)  # the review's arrow
        shown = view.shown_index(session)
        # shapes drawn on the shown position: ("C", cell) circles and ("A", from, to) arrows
        self.shapes: list[tuple[str, ...]] = [(code[0], *CELL.findall(code[1:]))
                                              for code in session.shapes.get(shown, [])]
        self.motion: Any = motion  # motion.Motion of the move just played, while it plays
        self.moving: frozenset[str] = frozenset(motion.arriving()) if motion else frozenset()  # not drawn in place
        self._overlays: dict[str | None, list[Overlay]] = {}

    def overlays(self, pointed_cell: str | None) -> list[Overlay]:
        """The game's overlays with the pointer on `pointed_cell` (asked once per cell)."""
        if pointed_cell not in self._overlays:
            self._overlays[pointed_cell] = self.game.overlays(self.state, self.targets.get(pointed_cell, []))
        return self._overlays[pointed_cell]
