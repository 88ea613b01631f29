"""Sound on the page: after each move the sound webapp/sounds.py picks, played by
sound.js (WebAudio); the Sound button mutes it.  Sound is on by default on the full
site (the choice is kept where storage allows) and off in embeds, which the visitor has
not come to hear (their small frame has no Sound button)."""

import json

from pyscript import window

from webapp import sounds
from webapp.dom import element

KEY = "boardgames.sound"  # "off" when the visitor muted the full site


class SoundPanel:
    def __init__(self, app):
        self.app = app
        self.muted = True  # until install() knows the page
        self.store = None
        self.shown = None  # the position the page showed at the last change

    def install(self, embed, store):
        """`embed`: the page is embedded; `store`: localStorage, None where refused."""
        self.store = None if embed else store
        self.muted = embed or (self.store is not None and self.store.getItem(KEY) == "off")
        self.app.listen(element("sound"), "click", lambda e: self.toggle())
        self.show_button()

    def toggle(self):
        self.muted = not self.muted
        if self.store is not None:
            self.store.setItem(KEY, "off" if self.muted else "on")
        self.show_button()

    def show_button(self):
        element("sound").setAttribute("aria-pressed", "false" if self.muted else "true")

    def changed(self):
        """The page shows a new state of the game: sound the move that led to it, if any."""
        session = self.app.session
        name = sounds.change_sound(session, self.shown)
        self.shown = session.state
        player = getattr(window, "boardgamesSound", None)
        if name is not None and not self.muted and player is not None:
            player.play(json.dumps(sounds.SOUNDS[name]))
