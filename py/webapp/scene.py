"""What the board shows, computed once per change of the page (AbstractPlay's `render()`
returns such data): the position, its men, the last move and what it took, the selected
man, its destinations and extras, the hint and the move in motion.  render.py draws a
scene; between two changes the page redraws the same scene for what only the pointer and
the keyboard move (the cell under the pointer, a dragged man, the cursor), and the
overlays the game draws for the pointed cell are asked once per cell."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boardgames.core import Game, State, Overlay

from .session import Session
from .view import View


@dataclass
class Scene:
    game: Game
    state: State  # the position shown: the live one or the one under review
    men: dict[str, str]  # cell -> letter
    last_cells: frozenset[str]  # the cells of the move that led here
    taken: tuple[str, ...]  # the cells that move captured on
    live: bool  # the game in progress, not a past position
    selected: str | None
    targets: dict[str, list[str]]  # the selected man's destinations -> their moves
    marked: frozenset[str]  # destinations drawn with a dot (the Settings may hide them)
    extras: frozenset[str]  # the extras picked for the selected man's move (Pux)
    hint: tuple[str, str] | None  # (from, to) of the hint's arrow
    motion: Any  # motion.Motion of the move just played, while it plays
    moving: frozenset[str]  # the cells whose men the motion brings in (not drawn in place)
    _overlays: dict[str | None, list[Overlay]] = field(default_factory=dict)

    def overlays(self, pointed_cell: str | None) -> list[Overlay]:
        """The game's overlays with the pointer on `pointed_cell` (asked once per cell)."""
        if pointed_cell not in self._overlays:
            self._overlays[pointed_cell] = self.game.overlays(self.state, self.targets.get(pointed_cell, []))
        return self._overlays[pointed_cell]


def scene_of(session: Session, view: View) -> Scene:
    game = session.game
    state = view.shown_state(session)
    live = view.reviewing is None
    last = state.last
    targets = session.destinations(session.selected) if live and session.selected is not None else {}
    motion = view.motion if live else None
    return Scene(
        game=game, state=state, men=game.men(state),
        last_cells=frozenset(game.move_cells(last[0])) if last else frozenset(),
        taken=tuple(last[1]) if last else (), live=live,
        selected=session.selected, targets=targets,
        marked=frozenset(targets) if view.dots else frozenset(),
        extras=frozenset(session.extras) if live else frozenset(),
        hint=tuple(game.move_cells(view.hint)) if view.hint is not None and live else None,
        motion=motion, moving=frozenset(motion.arriving()) if motion else frozenset())
