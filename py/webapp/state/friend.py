"""A game with a friend on another device (`state.friend`), by link or live: the game on
the board becomes the friend's game, the visitor playing one side.  Plain Python, used by
commands.py and live.py alike (neither imports the other for it), and the link the
visitor sends, for the friend panel and the hook."""

from __future__ import annotations

import random

from boardgames.core import OTHER
from boardgames.texts import _
from webapp.state.page_state import PageState
from webapp.state.session import FRIEND, HUMAN
from webapp.words import sharing


def open_game(state: PageState, side: str, mode: str = "link", game_id: str | None = None) -> None:
    """The game on the board is a game with a friend (`mode` "link" or "live"), the visitor
    playing `side`; `game_id` names a game by link in the visitor's list (None: an older
    link without one, or live play).  state.friend: {mode, side, received (moves a link
    held, not to be taken back), id, and live, synced (moves both pages have)}."""
    session = state.session
    session.players.update({side: HUMAN, OTHER[side]: FRIEND})
    state.players = dict(session.players)
    if mode == "link":
        state.friend = {"mode": "link", "side": side, "received": len(session.moves), "id": game_id}
    else:
        state.friend = {"mode": "live", "side": side, "received": 0, "id": None, "synced": len(session.moves)}
    state.view.flipped = side == "b"
    state.activity = "friend"


def play_by_link(state: PageState, side: str | None = None) -> None:
    """Go on with the game on the board as a game by link, the visitor playing `side`
    ("w"/"b"; None: the side to move): their moves give links for the friend."""
    side = side or state.session.state.turn
    open_game(state, side, "link", f"{random.getrandbits(40):010x}")
    state.say(_("You play White: make your move, then send your friend the link (Play a friend).") if side == "w"
              else _("You play Black: make your move, then send your friend the link (Play a friend)."))


def link(state: PageState, base: str) -> str | None:
    """The link the visitor sends now (the game, the friend's side to play), from the page
    at `base`; None outside a game by link."""
    friend = state.friend
    if friend is None or friend["mode"] != "link":
        return None
    return sharing.friend_page_link(base, state.session, OTHER[friend["side"]], friend["id"])
