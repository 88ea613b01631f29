"""The "Set up position" panel: its palette, side to move and position text (the editing
itself is webapp/state/setup_editor.py, the editor's board is drawn by the page), and a
teacher's puzzle link for the position (webapp/state/coach.py proves the win).  It shows the
editor the page state holds and sends commands."""

import asyncio

from boardgames.texts import _
from webapp.state import coach, commands
from webapp.dom import add_text, element, page_address


class SetupPanel:
    def __init__(self, app):
        self.app = app
        self.palette_of = None  # the editor whose palette is shown
        self.typing = False  # the text box is the reader's: not rewritten while they type

    def install(self):
        app = self.app
        app.listen(element("setup-open"), "click", lambda e: self.open())
        app.listen(element("setup-palette"), "click", self.on_palette_click)
        app.listen(element("setup-turn"), "change", lambda e: app.do(commands.set_turn, element("setup-turn").value))
        app.listen(element("setup-text"), "input", lambda e: self.typed())
        app.listen(element("setup-start"), "click", lambda e: self.start())
        app.listen(element("setup-clear"), "click", lambda e: app.do(commands.clear_position))
        app.listen(element("setup-cancel"), "click", lambda e: app.do(commands.close_editor))
        app.listen(element("setup-puzzle"), "click", lambda e: app.launch(self.puzzle_link()))

    def open(self):
        self.app.do(commands.open_editor)
        element("setup-palette").querySelector("button").focus()

    def on_palette_click(self, event):
        letter = event.target.getAttribute("data-letter")
        if letter is not None:
            self.app.do(commands.choose_letter, letter or None)

    def typed(self):
        self.typing = True
        try:
            self.app.do(commands.type_position, element("setup-text").value)
        finally:
            self.typing = False

    def start(self):
        if self.app.do(commands.start_from_setup, element("setup-text").value):
            element("board").focus()

    def render(self, state):
        editor = state.editor
        element("setup").hidden = editor is None
        element("setup-open").setAttribute("aria-expanded", "false" if editor is None else "true")
        if editor is None:
            self.palette_of = None
            return
        palette = element("setup-palette")
        if self.palette_of is not editor:
            self.palette_of = editor
            palette.innerHTML = ""
            # TRANSLATORS: the last button of the position editor's palette: it empties a cell
            for letter, words in editor.palette() + [("", _("empty cell (remove)"))]:
                button = add_text(palette, "button", words[0].upper() + words[1:])
                button.type = "button"
                button.setAttribute("data-letter", letter)
            element("setup-puzzle-box").hidden = True
        if not self.typing:
            element("setup-text").value = editor.text()
        element("setup-turn").value = editor.turn
        for button in palette.querySelectorAll("button"):
            chosen = button.getAttribute("data-letter") == (state.letter or "")
            button.setAttribute("aria-pressed", "true" if chosen else "false")

    async def puzzle_link(self):
        """A link that gives the position in the box as a puzzle: the fewest moves (1 to
        3) in which the side to move forces a win, proved here; else say why not."""
        app = self.app
        editor = app.state.editor
        element("setup-puzzle-box").hidden = True
        try:
            position = editor.game.fen(editor.game.new(fen=element("setup-text").value))
        except ValueError as error:
            app.say(_("This position cannot be played: {error}").format(error=error))
            return
        app.say(_("Looking for a forced win\u2026"))
        await asyncio.sleep(0.05)  # let the words show before the search holds the page
        if app.state.editor is not editor:
            return
        try:
            puzzle = coach.make_puzzle(editor.game, position)
        except ValueError as error:
            app.say(_("No puzzle here: {error}.").format(error=error))
            return
        run = coach.PuzzleRun([puzzle], custom=True)
        box = element("setup-puzzle-link")
        box.value = f"{page_address()}?{coach.puzzle_query(run)}"
        element("setup-puzzle-box").hidden = False
        box.select()
        # TRANSLATORS: {task} is the puzzle's task: "White to play and win in 2 moves, whatever the replies."
        app.say(_("Puzzle link ready: {task} Copy it to share.").format(task=run.words()["ask"]))
