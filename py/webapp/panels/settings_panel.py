"""The Settings panel: a choice per setting (webapp/state/settings.py).  It shows the settings
the page state holds and sends a command for a change; effects.py keeps them where
storage allows, and the page applies them (its theme, the board's colours, coordinates,
dots, motion and sound)."""

from boardgames.texts import LANGUAGES, _
from webapp import language
from webapp.state import commands
from webapp.dom import add_text, element
from webapp.state.settings import CHOICES, WORDS, choose


class SettingsPanel:
    def __init__(self, app):
        self.app = app

    def install(self):
        box = element("settings-body")
        for name, (label, allowed, _default) in CHOICES.items():
            tag = add_text(box, "label", f"{_(label)} ")
            select = add_text(tag, "select", "")
            select.id = f"setting-{name}"
            for value in allowed:  # a language by its own name, in any language
                words = WORDS[value] if value in LANGUAGES else _(WORDS[value])
                add_text(select, "option", words).value = str(value).lower()
            self.app.listen(select, "change", lambda e, name=name: self.changed(name))

    def changed(self, name):
        settings = self.app.state.settings
        value = choose(settings, name, element(f"setting-{name}").value)[name]
        self.app.do(commands.set_setting, name, value)
        if name == "language":  # every word on the page changes: the page opens again in it
            language.reload_in(value)

    @staticmethod
    def render(state):
        for name, value in state.settings.items():
            element(f"setting-{name}").value = str(value).lower()
