"""The Settings panel: a choice per setting (webapp/state/settings.py).  It shows the settings
the page state holds and sends a command for a change; effects.py keeps them where
storage allows, and the page applies them (its theme, the board's colours, coordinates,
dots, motion and sound)."""

from webapp.state import commands
from webapp.dom import add_text, element
from webapp.state.settings import CHOICES, WORDS, choose


class SettingsPanel:
    def __init__(self, app):
        self.app = app

    def install(self):
        box = element("settings-body")
        for name, (label, allowed, _) in CHOICES.items():
            tag = add_text(box, "label", f"{label} ")
            select = add_text(tag, "select", "")
            select.id = f"setting-{name}"
            for value in allowed:
                add_text(select, "option", WORDS[value]).value = str(value).lower()
            self.app.listen(select, "change", lambda e, name=name: self.changed(name))

    def changed(self, name):
        settings = self.app.state.settings
        self.app.do(commands.set_setting, name, choose(settings, name, element(f"setting-{name}").value)[name])

    @staticmethod
    def render(state):
        for name, value in state.settings.items():
            element(f"setting-{name}").value = str(value).lower()
