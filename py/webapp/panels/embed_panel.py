"""The embed viewer on the live page (webapp/state/embed.py decides its steps and words): the
record opened at a move, the buttons that step through it (the page's keys do too:
activity_panel.py), autoplay; and taking over from start.js's picture of the board,
playing the clicks made on it meanwhile."""

from pyscript import document, window

from boardgames.texts import _
from webapp.state import commands, embed
from webapp.dom import element

VIEWER_BUTTONS = {"viewer-first": "first", "viewer-back": "back", "viewer-forward": "forward",
                  "viewer-last": "last"}


class ViewerPanel:
    def __init__(self, app):
        self.app = app
        self.viewer = False  # the viewer's buttons are shown (a record was opened with viewer=1)

    def install(self):
        app = self.app
        for button, action in VIEWER_BUTTONS.items():
            app.listen(element(button), "click", lambda e, action=action: app.do(commands.viewer_step, action))
        app.listen(element("viewer-play"), "click", lambda e: app.do(commands.toggle_autoplay))

    def open(self):
        """After the first drawing: show the record at its ply, start the viewer.  Returns
        what was wrong with the opening move (a list of sentences)."""
        app = self.app
        settings, moves = app.state.embed, app.state.session.moves
        index, problem = embed.opening_index(settings, moves)
        self.viewer = settings["viewer"] and bool(moves)
        document.documentElement.classList.toggle("viewer", self.viewer)
        if index is not None:
            app.do(commands.review, index)
        if self.viewer and settings["autoplay"]:
            app.do(commands.toggle_autoplay)
        self.render(app.state)
        return [problem] if problem else []

    def render(self, state):
        if not self.viewer:
            return
        index, moves = state.view.reviewing, state.session.moves
        element("viewer-text").textContent = embed.viewer_words(index, moves)
        element("viewer-comment").textContent = state.session.comments.get(state.view.shown_index(state.session), "")
        at_start, at_end = index == 0, index is None
        for button, disabled in (("viewer-first", at_start), ("viewer-back", at_start),
                                 ("viewer-forward", at_end), ("viewer-last", at_end)):
            element(button).disabled = disabled
        play = element("viewer-play")
        # TRANSLATORS: the embed viewer's button that pauses or starts playing the moves one by one
        play.textContent = _("Pause") if state.autoplay else _("Autoplay")
        play.setAttribute("aria-pressed", "true" if state.autoplay else "false")

    def take_over(self):
        """The live canvas replaces start.js's picture (same place, same size); clicks
        made on the picture while Python started are played now, in order."""
        boot = getattr(window, "boardgamesBoot", None)
        if boot is None:
            return
        app = self.app
        clicks = boot.takeOver().to_py()
        width, height = app.css_size
        for click in clicks:
            cell = app.layout.cell_at(click["x"] * width, click["y"] * height)
            if cell is not None:
                app.do(commands.click, cell, bool(click["shift"]))
