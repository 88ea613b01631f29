"""Sound on the page: after each move the sound webapp/sounds.py picks, played by
sound.js (WebAudio).  The Sound button and the Settings' Sound choice are one setting
(kept where storage allows); embeds are silent, as their readers have not come to hear
them (their small frame has no Sound button)."""

import json

from pyscript import document, window

from webapp import sounds
from webapp.dom import element


class SoundPanel:
    def __init__(self, app):
        self.app = app
        self.shown = None  # the state the page showed at the last update

    def install(self):
        self.app.listen(element("sound"), "click", lambda e: self.toggle())

    def on(self):
        return self.app.settings.chosen["sound"] and not document.body.classList.contains("embed")

    def toggle(self):
        self.app.settings.set("sound", not self.app.settings.chosen["sound"])

    def show(self):
        """Sound the move that led to the position shown, if one was just played."""
        element("sound").setAttribute("aria-pressed", "true" if self.on() else "false")
        session = self.app.session
        name = sounds.change_sound(session, self.shown)
        self.shown = session.state
        player = getattr(window, "boardgamesSound", None)
        if name is not None and self.on() and player is not None:
            player.play(json.dumps(sounds.SOUNDS[name]))
