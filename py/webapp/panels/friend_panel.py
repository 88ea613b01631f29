"""Play a friend by link: the button that turns the game on the board into a game by link,
and while one is played, the link for the friend (Copy, the device's Share where there is
one, and a QR code: qr_code.py) with whose move it is."""

import js
from js import navigator
from pyodide.ffi import to_js

from boardgames.core import BLACK, WHITE
from boardgames.texts import N_, _, ngettext
from webapp.dom import add_text, copy_box, element, page_address
from webapp.state import friend
from webapp.state.session import FRIEND

SIDES = {"": None, "w": "w", "b": "b"}
# A game in the visitor's list of games by link, by (the visitor's side, whose turn).
# TRANSLATORS: {game} is a game's name, {moves} a count such as "5 moves"
LISTED = {(WHITE, "yours"): N_("{game}, you play white: your move ({moves})"),
          (WHITE, "friend"): N_("{game}, you play white: your friend's move ({moves})"),
          (WHITE, "over"): N_("{game}, you play white: game over ({moves})"),
          (BLACK, "yours"): N_("{game}, you play black: your move ({moves})"),
          (BLACK, "friend"): N_("{game}, you play black: your friend's move ({moves})"),
          (BLACK, "over"): N_("{game}, you play black: game over ({moves})")}


class FriendPanel:
    def __init__(self, app):
        self.app = app
        self.linked = (None, None)  # ((session, revision, side, id), its link): encoding replays the game
        self.drawn = None  # the link whose QR code is shown (or being drawn)
        self.listed = None  # the games by link the list shows
        self.qr = app.qr

    def install(self):
        app = self.app
        app.listen(element("friend-start"), "click",
                   lambda e: app.do(friend.play_by_link, SIDES[element("friend-side").value], focus="board"))
        app.listen(element("friend-copy"), "click", lambda e: app.launch(
            copy_box("friend-link", "link", _("Link copied: send it to your friend."), app.say)))
        app.listen(element("friend-share"), "click", lambda e: app.launch(self.share()))
        element("friend-share").hidden = not hasattr(navigator, "share")

    def link(self, state):
        """The link the visitor sends now: the game for the friend's side (made once per
        position, not at every click)."""
        session = state.session
        key = (session, session.revision, state.friend["side"], state.friend["id"])
        if self.linked[0] != key:
            self.linked = (key, friend.link(state, page_address()))
        return self.linked[1]

    def render(self, state):
        self.show_list(state)
        by_link = state.friend is not None and state.friend["mode"] == "link"
        element("friend-box").hidden = not by_link
        element("friend-choose").hidden = state.friend is not None
        if not by_link:
            return
        session = state.session
        link = self.link(state)
        element("friend-link").value = link
        if session.result is not None:
            turn = _("The game is over: send the link so your friend sees the end.")
        elif session.players[session.state.turn] == FRIEND:
            turn = _("Your friend's move: send them this link, then wait for theirs.")
        else:
            turn = _("Your move: the link for your friend is ready once you have moved.")
        element("friend-turn").textContent = turn
        if link != self.drawn:
            self.drawn = link
            self.app.launch(self.qr.draw(element("friend-qr"), link, _("QR code of the link for your friend"),
                                         lambda: link == self.drawn))

    def show_list(self, state):
        """The visitor's games by link, each a link back to it, the one on the board marked."""
        current = state.friend["id"] if state.friend else None
        listed = (current, [tuple(game.values()) for game in state.friend_games])
        if listed == self.listed:
            return
        self.listed = listed
        element("friend-list").hidden = not state.friend_games
        box = element("friend-games")
        box.innerHTML = ""
        for game in state.friend_games:
            count = game["moves"]
            moves = ngettext("{count} move", "{count} moves", count).format(count=count)
            listed, name = LISTED[game["side"], game["turn"]], game["name"]
            words = _(listed).format(game=_(name), moves=moves)
            link = add_text(add_text(box, "li", ""), "a", words)
            link.href = game["link"]
            if game["id"] == current:
                link.setAttribute("aria-current", "true")

    async def share(self):
        try:
            await navigator.share(to_js({"title": _("Your move"), "url": element("friend-link").value},
                                               dict_converter=js.Object.fromEntries))
        except Exception:  # noqa: BLE001 - the reader closed the sheet, or sharing is refused
            self.app.say(_("The link was not shared: copy it instead."))
