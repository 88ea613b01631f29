"""Play a friend by link: the button that turns the game on the board into a game by link,
and while one is played, the link for the friend (Copy, the device's Share where there is
one, and a QR code: qr_code.py) with whose move it is."""

import js
from js import navigator
from pyodide.ffi import to_js

from boardgames.core import OTHER, SIDE_NAMES
from webapp.dom import add_text, copy_box, element, page_address
from webapp.state import commands
from webapp.state.session import FRIEND
from webapp.words import sharing

SIDES = {"": None, "w": "w", "b": "b"}
TURN_WORDS = {"yours": "your move", "friend": "your friend's move", "over": "game over"}


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
                   lambda e: app.do(commands.play_by_link, SIDES[element("friend-side").value], focus="board"))
        app.listen(element("friend-copy"), "click", lambda e: app.launch(
            copy_box("friend-link", "link", "Link copied: send it to your friend.", app.say)))
        app.listen(element("friend-share"), "click", lambda e: app.launch(self.share()))
        element("friend-share").hidden = not hasattr(navigator, "share")

    def link(self, state):
        """The link the visitor sends now: the game for the friend's side (made once per
        position, not at every click)."""
        friend, session = state.friend, state.session
        key = (session, session.revision, friend["side"], friend["id"])
        if self.linked[0] != key:
            self.linked = (key, sharing.friend_page_link(page_address(), session, OTHER[friend["side"]], friend["id"]))
        return self.linked[1]

    def render(self, state):
        self.show_list(state)
        friend = state.friend
        element("friend-box").hidden = friend is None or friend["mode"] != "link"
        element("friend-choose").hidden = friend is not None
        if friend is None or friend["mode"] != "link":
            return
        session = state.session
        link = self.link(state)
        element("friend-link").value = link
        if session.result is not None:
            turn = "The game is over: send the link so your friend sees the end."
        elif session.players[session.state.turn] == FRIEND:
            turn = "Your friend's move: send them this link, then wait for theirs."
        else:
            turn = "Your move: the link for your friend is ready once you have moved."
        element("friend-turn").textContent = turn
        if link != self.drawn:
            self.drawn = link
            self.app.launch(self.qr.draw(element("friend-qr"), link, "QR code of the link for your friend",
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
            link = add_text(add_text(box, "li", ""), "a", f"{game['name']}, you play {SIDE_NAMES[game['side']]}: "
                                                        f"{TURN_WORDS[game['turn']]} ({game['moves']} moves)")
            link.href = game["link"]
            if game["id"] == current:
                link.setAttribute("aria-current", "true")

    async def share(self):
        try:
            await navigator.share(to_js({"title": "Your move", "url": element("friend-link").value},
                                               dict_converter=js.Object.fromEntries))
        except Exception:  # noqa: BLE001 - the reader closed the sheet, or sharing is refused
            self.app.say("The link was not shared: copy it instead.")
