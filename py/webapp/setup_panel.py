"""The "Set up position" panel: its palette, side to move and position text, the board
while a position is set up (the editing itself is webapp/setup_editor.py), and a
teacher's puzzle link for the position (webapp/coach.py proves the win)."""

import asyncio

from pyscript import window

from webapp import coach
from webapp.dom import add_text, element
from webapp.setup_editor import BoardEditor


class SetupPanel:
    def __init__(self, app):
        self.app = app
        self.editor = None  # the position being set up, while the panel is open
        self.letter = None  # the man the editor places (None: empty the cell)

    def install(self):
        app = self.app
        app.listen(element("setup-open"), "click", lambda e: self.open())
        app.listen(element("setup-palette"), "click", self.on_palette_click)
        app.listen(element("setup-turn"), "change", lambda e: self.turn_changed())
        app.listen(element("setup-text"), "input", lambda e: self.typed())
        app.listen(element("setup-start"), "click", lambda e: self.start())
        app.listen(element("setup-clear"), "click", lambda e: self.clear())
        app.listen(element("setup-cancel"), "click", lambda e: self.close(changed=True))
        app.listen(element("setup-puzzle"), "click", lambda e: app.launch(self.puzzle_link()))

    def open(self):
        """Show the "Set up position" panel, starting from the position on the board."""
        app = self.app
        if app.view.reviewing is not None:
            app.review(None)
        session = app.session
        session.select(None)
        self.editor = BoardEditor(session.game, session.game.fen(session.state))
        palette = element("setup-palette")
        palette.innerHTML = ""
        for letter, words in self.editor.palette() + [("", "empty cell (remove)")]:
            button = add_text(palette, "button", words[0].upper() + words[1:])
            button.type = "button"
            button.setAttribute("data-letter", letter)
        self.letter = self.editor.palette()[0][0]
        element("setup").hidden = False
        element("setup-puzzle-box").hidden = True
        element("setup-open").setAttribute("aria-expanded", "true")
        self.show_editor()
        app.update()  # the computer stops thinking while a position is set up
        app.say("Choose a man, then click cells (or use the arrow keys and Enter on the board) "
                "to place it; the same man again empties the cell.")
        palette.querySelector("button").focus()

    def show_editor(self):
        """The editor's position text, side to move and chosen man, and its board."""
        editor = self.editor
        element("setup-text").value = editor.text()
        element("setup-turn").value = editor.turn
        for button in element("setup-palette").querySelectorAll("button"):
            chosen = button.getAttribute("data-letter") == (self.letter or "")
            button.setAttribute("aria-pressed", "true" if chosen else "false")
        self.app.draw()

    def on_palette_click(self, event):
        letter = event.target.getAttribute("data-letter")
        if letter is not None:
            self.letter = letter or None
            self.show_editor()

    def place(self, cell):
        if cell is not None:
            self.editor.place(cell, self.letter)
            self.app.say("")
            self.show_editor()

    def turn_changed(self):
        self.editor.turn = element("setup-turn").value
        self.show_editor()

    def typed(self):
        """A typed or pasted text: shown on the board once its form is right."""
        try:
            self.editor.load(element("setup-text").value)
        except ValueError as error:
            self.app.say(f"Position text: {error}")
            return
        element("setup-turn").value = self.editor.turn
        self.app.say("")
        self.app.draw()

    def clear(self):
        self.editor.clear()
        self.show_editor()

    def start(self):
        """Play on from the text in the box, if the engine accepts it; else say why and
        keep both the game and the editor."""
        app = self.app
        text = element("setup-text").value
        try:
            app.new_game(app.session.game_id, fen=text, options=app.session.options)
        except ValueError as error:
            app.say(f"This position cannot be played: {error}")
            return
        app.say("Started from the position set up.")
        app.canvas.focus()

    async def puzzle_link(self):
        """A link that gives the position in the box as a puzzle: the fewest moves (1 to
        3) in which the side to move forces a win, proved here; else say why not."""
        app = self.app
        element("setup-puzzle-box").hidden = True
        try:
            position = self.editor.game.fen(self.editor.game.new(fen=element("setup-text").value))
        except ValueError as error:
            app.say(f"This position cannot be played: {error}")
            return
        app.say("Looking for a forced win\u2026")
        await asyncio.sleep(0.05)  # let the words show before the search holds the page
        if self.editor is None:
            return
        try:
            puzzle = coach.make_puzzle(self.editor.game, position)
        except ValueError as error:
            app.say(f"No puzzle here: {error}.")
            return
        run = coach.PuzzleRun([puzzle], custom=True)
        box = element("setup-puzzle-link")
        box.value = f"{window.location.origin}{window.location.pathname}?{coach.puzzle_query(run)}"
        element("setup-puzzle-box").hidden = False
        box.select()
        app.say(f"Puzzle link ready: {run.words()['ask']} Copy it to share.")

    def close(self, changed=False):
        """Hide the editor (Cancel: back to the game as it was)."""
        if self.editor is None:
            return
        self.editor = None
        element("setup").hidden = True
        element("setup-open").setAttribute("aria-expanded", "false")
        if changed:
            self.app.say("")
            self.app.update()
