"""The Settings panel: a choice per setting (webapp/settings.py), kept in this browser
where storage allows, and applied to the page (its theme) and the view (board colours,
coordinates, dots); motion and sound are read where moves are shown and heard."""

from pyscript import document, window

from webapp.dom import add_text, element, keep_text, stored_text
from webapp.settings import CHOICES, SETTINGS_KEY, WORDS, choose, read_settings, schemes, write_settings


class SettingsPanel:
    def __init__(self, app):
        self.app = app
        self.chosen = None  # the settings in force

    def install(self):
        box = element("settings-body")
        for name, (label, allowed, _) in CHOICES.items():
            tag = add_text(box, "label", f"{label} ")
            select = add_text(tag, "select", "")
            select.id = f"setting-{name}"
            for value in allowed:
                add_text(select, "option", WORDS[value]).value = str(value).lower()
            self.app.listen(select, "change", lambda e, name=name: self.changed(name))
        self.chosen, problem = read_settings(stored_text(SETTINGS_KEY))
        for name, value in self.chosen.items():
            element(f"setting-{name}").value = str(value).lower()
        self.apply()
        return problem

    def changed(self, name):
        self.set(name, choose(self.chosen, name, element(f"setting-{name}").value)[name])

    def set(self, name, value):
        """Choose `value` for the setting `name`: kept where storage allows, shown at once."""
        self.chosen = {**self.chosen, name: value}
        element(f"setting-{name}").value = str(value).lower()
        if not keep_text(SETTINGS_KEY, write_settings(self.chosen)):  # the choice lasts the visit
            self.app.say("This browser keeps nothing for this page: the setting lasts until you leave.")
        self.apply()
        self.app.resize()
        self.app.update()

    def apply(self):
        """The page's colours and the view's board colours, coordinates and dots."""
        chosen, view = self.chosen, self.app.view
        page, _ = self.schemes()
        document.documentElement.setAttribute("data-theme", page)
        view.board, view.coordinates, view.dots = chosen["board"], chosen["coordinates"], chosen["dots"]

    def schemes(self):
        url = self.app.embed.settings
        system = "dark" if window.matchMedia("(prefers-color-scheme: dark)").matches else "light"
        return schemes(self.chosen["theme"], url["theme"], url["bg"], system)

    def theme(self):
        """The board's colours of the moment (a link's, the chosen theme, the system's)."""
        _, board = self.schemes()
        document.documentElement.setAttribute("data-board", board)
        return board
