"""The Sound button: one setting with the Settings' Sound choice.  The sound of a move
(webapp/words/sounds.py) is decided by effects.py and played by the page through sound.js;
embeds are silent, as their readers have not come to hear them (their small frame has no
Sound button)."""

from webapp.state import commands
from webapp.dom import element


class SoundPanel:
    def __init__(self, app):
        self.app = app

    def install(self):
        app = self.app
        app.listen(element("sound"), "click",
                   lambda e: app.do(commands.set_setting, "sound", not app.state.settings["sound"]))

    @staticmethod
    def render(state):
        on = state.settings["sound"] and not state.embedded
        element("sound").setAttribute("aria-pressed", "true" if on else "false")
