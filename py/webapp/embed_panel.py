"""The page's URL settings for embeds (webapp/embed.py) applied to the live page: the
record opened at a move, the viewer (step back and forward, autoplay, keys), and taking
over from start.js's picture of the board, playing the clicks made on it meanwhile."""

import asyncio

from pyscript import document, window

from webapp import embed
from webapp.dom import element

VIEWER_BUTTONS = {"viewer-first": "first", "viewer-back": "back", "viewer-forward": "forward",
                  "viewer-last": "last", "viewer-play": "autoplay"}
TYPING = ("INPUT", "TEXTAREA", "SELECT", "CANVAS")  # keys there are not the viewer's


class EmbedPanel:
    def __init__(self, app, params):
        self.app = app
        self.settings, self.problems = embed.embed_settings(params, str(window.location.hash))
        self.viewer = False
        self.playing = False  # autoplay running
        self.run = 0  # autoplay runs started; a newer one ends an older one

    def install(self):
        app = self.app
        app.view.flipped = self.settings["flip"]
        for button, action in VIEWER_BUTTONS.items():
            app.listen(element(button), "click", lambda e, action=action: self.act(action))
        app.listen(document, "keydown", self.on_key)

    def open(self):
        """After the first drawing: show the record at its ply, start the viewer.  Returns
        what was wrong with the settings (a list of sentences)."""
        app = self.app
        moves = app.session.moves
        index, problem = embed.opening_index(self.settings, moves)
        self.viewer = self.settings["viewer"] and bool(moves)
        element("viewer").hidden = not self.viewer
        document.body.classList.toggle("viewer", self.viewer)
        if index is not None:
            app.review(index)
        self.show_viewer()
        if self.viewer and self.settings["autoplay"]:
            self.act("autoplay")
        return self.problems + ([problem] if problem else [])

    def on_key(self, event):
        action = embed.VIEWER_KEYS.get(event.key)
        if (not self.viewer or action is None or event.altKey or event.ctrlKey or event.metaKey
                or event.target.tagName in TYPING):
            return
        event.preventDefault()
        self.act(action)

    def act(self, action):
        if action == "autoplay":
            self.autoplay(not self.playing)
            return
        self.autoplay(False)
        self.go(embed.step(self.app.view.reviewing, self.app.session.moves, action))

    def go(self, index):
        self.app.review(index)
        self.show_viewer()

    def autoplay(self, on):
        self.playing = on
        self.run += 1
        if on:
            moves = self.app.session.moves
            if self.app.view.reviewing is None:  # at the end: play the record from its start
                self.go(0 if moves else None)
            self.app.launch(self.play_through(self.run))
        self.show_viewer()

    async def play_through(self, run):
        while run == self.run and self.app.view.reviewing is not None:
            await asyncio.sleep(self.settings["speed"])
            if run != self.run:
                return
            self.go(embed.step(self.app.view.reviewing, self.app.session.moves, "forward"))
        if run == self.run:
            self.autoplay(False)

    def show_viewer(self):
        if not self.viewer:
            return
        index, moves = self.app.view.reviewing, self.app.session.moves
        element("viewer-text").textContent = embed.viewer_words(index, moves)
        at_start, at_end = index == 0, index is None
        for button, disabled in (("viewer-first", at_start), ("viewer-back", at_start),
                                 ("viewer-forward", at_end), ("viewer-last", at_end)):
            element(button).disabled = disabled
        play = element("viewer-play")
        play.textContent = "Pause" if self.playing else "Autoplay"
        play.setAttribute("aria-pressed", "true" if self.playing else "false")

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
                app.act(cell, extra=bool(click["shift"]))
