"""The page: start-up, the canvas, pointer and keyboard input (runs in PyScript).

Everything that can be decided without the DOM lives in session.py, layout.py and
render.py; this module wires them to the page.  The App holds the game session and what
the board shows; its panels are in their own modules: game_panels.py (game list, rules,
options, help), computer_panel.py (thinking, Move now, Hint, demo speed and Pause),
share_panel.py (move list and review, saving, links, records), setup_panel.py (the
position editor) and hook.py (window.boardgames).
"""

import asyncio

import js
from pyodide.ffi import create_proxy
from pyscript import document, window

from boardgames import GAME_IDS, get_game
from webapp import access, game_panels, hook, sharing
from webapp.computer_panel import ComputerPanel
from webapp.dom import element
from webapp.layout import Layout, board_cells
from webapp.record import settings_from_query
from webapp.render import draw_board
from webapp.session import Session
from webapp.setup_editor import draw_setup
from webapp.setup_panel import SetupPanel
from webapp.share_panel import SharePanel
from webapp.sound_panel import SoundPanel


class App:
    def __init__(self):
        self.canvas = element("board")
        self.ctx = self.canvas.getContext("2d")
        self.session = None
        self.layout = None
        self.flipped = False
        self.hover = None  # the cell under the pointer
        self.reviewing = None  # moves played to reach the past position shown, or None (live)
        self.proxies = []
        self.css_size = (0, 0)
        self.cursor = None  # the keyboard cursor's cell
        self.cursor_shown = False  # drawn while the board has keyboard focus
        self.plies = 0  # moves played when the live region last spoke
        self.computer = ComputerPanel(self)
        self.share = SharePanel(self)
        self.setup = SetupPanel(self)
        self.sound = SoundPanel(self)

    # -- setup -------------------------------------------------------------------
    def install(self):
        select = element("game-select")
        for game_id in GAME_IDS:
            option = document.createElement("option")
            option.value = game_id
            option.textContent = get_game(game_id).name
            option.title = get_game(game_id).summary
            select.appendChild(option)
        game_panels.list_games(self)
        self.computer.install()
        self.listen(select, "change", lambda e: self.new_game(select.value))
        self.listen(element("new-game"), "click",
                    lambda e: self.new_game(self.session.game_id, options=self.session.options))
        self.listen(element("game-options"), "change", lambda e: self.options_changed())
        self.listen(element("draw"), "click", lambda e: self.agree_draw())
        self.listen(element("builder"), "click", self.on_builder_click)
        self.listen(element("undo"), "click", lambda e: self.undo())
        self.listen(element("redo"), "click", lambda e: self.redo())
        self.listen(element("flip"), "click", lambda e: self.flip())
        for side in "wb":
            self.listen(element(f"player-{side}"), "change", lambda e: self.players_changed())
        self.listen(element("level"), "change", lambda e: self.share.save())
        self.share.install()
        self.listen(self.canvas, "pointerdown", self.on_pointer)
        self.listen(self.canvas, "keydown", self.on_key)
        self.listen(self.canvas, "focus", lambda e: self.show_cursor(self.canvas.matches(":focus-visible")))
        self.listen(self.canvas, "blur", lambda e: self.show_cursor(False))
        self.setup.install()
        self.listen(self.canvas, "pointermove", self.on_hover)
        self.listen(self.canvas, "pointerleave", self.on_hover)
        self.listen(window, "resize", lambda e: self.resize())

    def listen(self, target, event, handler):
        proxy = create_proxy(lambda e: self.guarded(handler, e))
        self.proxies.append(proxy)
        target.addEventListener(event, proxy)

    def guarded(self, handler, event):
        """Run an event handler; an unexpected error becomes a message, never a traceback."""
        try:
            handler(event)
        except Exception as error:  # noqa: BLE001 - the page must stay usable
            js.console.error(f"boardgames: {type(error).__name__}: {error}")
            self.say(f"Something went wrong: {error}")

    def launch(self, coroutine):
        """Run a coroutine; an unexpected error becomes a message, as in handlers."""
        task = asyncio.ensure_future(coroutine)
        task.add_done_callback(lambda done: self.guarded(lambda e: done.result(), None))

    # -- games ---------------------------------------------------------------------
    @staticmethod
    def chosen_players():
        return {side: element(f"player-{side}").value for side in "wb"}

    def new_game(self, game_id, fen=None, options=None):
        self.begin(Session(game_id, options=options, fen=fen, players=self.chosen_players()))
        self.say("")
        self.changed()

    def begin(self, session):
        """Show `session` (a new, loaded or restored game); the caller then says why and
        calls changed()."""
        self.session = session
        self.reviewing = None
        self.plies = len(session.moves)  # the live region then tells only the status
        self.setup.close()
        for side in "wb":
            element(f"player-{side}").value = session.players[side]
        element("game-select").value = session.game_id
        element("game-summary").textContent = session.game.summary
        game_panels.show_rules(session.game)
        game_panels.show_options(session.game)
        self.resize()

    def options_changed(self):
        """An option was changed: a new game with the chosen options."""
        chosen = game_panels.chosen_options(self.session.game)
        settings = settings_from_query({"game": self.session.game_id, **chosen})[0]
        self.new_game(self.session.game_id, options=settings["options"])

    def agree_draw(self):
        self.computer.cancel_thinking()
        self.session.agree_draw()
        self.changed()
        self.say("Drawn by agreement. Undo takes the agreement back.")

    def players_changed(self):
        for side in "wb":
            self.session.players[side] = element(f"player-{side}").value
        self.computer.players_changed()
        self.changed()

    def undo(self):
        self.reviewing = None
        if not self.session.undo():
            self.say("Nothing to undo.")
        self.changed()

    def redo(self):
        self.reviewing = None
        if not self.session.redo():
            self.say("Nothing to redo.")
        self.changed()

    def flip(self):
        self.flipped = not self.flipped
        self.resize()

    # -- input -------------------------------------------------------------------
    def event_cell(self, event):
        rect = self.canvas.getBoundingClientRect()
        return self.layout.cell_at(event.clientX - rect.left, event.clientY - rect.top)

    def on_pointer(self, event):
        event.preventDefault()
        cell = self.event_cell(event)
        if cell is not None and self.cursor_shown:
            self.cursor = cell
        self.act(cell, carry=bool(event.shiftKey))

    def act(self, cell, carry=False):
        """A click or tap on `cell`, or Enter on the cursor's cell: a move's step, or a
        man placed while a position is set up."""
        if self.setup.editor is not None:
            self.setup.place(cell)
            return
        if self.reviewing is not None:
            self.say("You are looking at a past position: Back to game (or Escape) to play on.")
            return
        played = self.session.click(cell, carry=carry)
        self.say(self.session.message)
        if played:
            self.changed()
        else:
            game_panels.show_help(self.session)
            self.draw()

    def on_key(self, event):
        """Keys on the focused board: the arrows move the cursor (webapp/access.py),
        Enter or Space click its cell, Escape drops the selection."""
        key = event.key
        if key in access.STEPS:
            start = access.start_cell(self.layout, self.cursor or self.session.selected)
            self.cursor = access.move_cursor(self.layout, start, key) if self.cursor_shown else start
            self.show_cursor(True)
        elif key in ("Enter", " "):
            self.cursor = access.start_cell(self.layout, self.cursor)
            self.cursor_shown = True
            self.act(self.cursor)
        elif key == "Escape" and self.session.selected is not None and self.reviewing is None:
            self.session.selected = None
            self.session.carried = frozenset()
            self.say("Selection cancelled.")
            game_panels.show_help(self.session)
            self.draw()
        else:
            return
        event.preventDefault()

    def show_cursor(self, shown):
        self.cursor_shown = shown
        if shown:
            self.cursor = access.start_cell(self.layout, self.cursor or self.session.selected)
        self.draw()

    def on_hover(self, event):
        """Track the cell under the pointer (Vault draws the jump to it)."""
        cell = None if event.type == "pointerleave" else self.event_cell(event)
        if cell != self.hover:
            self.hover = cell
            if self.session.selected is not None:
                self.draw()

    def on_builder_click(self, event):
        """A 'carry' toggle of Pux's move builder."""
        cell = event.target.getAttribute("data-cell")
        if cell is None:
            return
        self.session.toggle_carry(cell)
        self.say(self.session.message)
        game_panels.show_help(self.session)
        self.draw()
        again = element("builder").querySelector(f'button[data-cell="{cell}"]')
        if again is not None:
            again.focus()

    # -- output ----------------------------------------------------------------------
    def say(self, text):
        element("message").textContent = text

    def changed(self):
        """The position changed: redraw, refresh the side panel, drop any search (hint or
        computer) begun before, let the computer move."""
        session = self.session
        element("status").textContent = session.status()
        element("announce").textContent = access.announcement(session, self.plies)
        self.plies = len(session.moves)
        document.body.dataset.result = "" if session.result is None else (session.result["winner"] or "draw")
        self.share.show_history()
        element("undo").disabled = not (session.moves or session.agreed_draw)
        element("redo").disabled = not session.undone
        self.computer.show()
        game_panels.show_help(session)
        self.draw()
        self.sound.changed()
        self.share.save()
        self.share.show_links()
        self.computer.maybe_think()

    def resize(self):
        area = element("board-area")
        cells = board_cells(self.session.game)
        aspect = Layout.aspect(cells)
        width = max(200, area.clientWidth)
        height = width * aspect
        limit = max(240, window.innerHeight - area.getBoundingClientRect().top - 16)
        if height > limit:
            height, width = limit, limit / aspect
        ratio = window.devicePixelRatio or 1
        self.canvas.style.width = f"{width}px"
        self.canvas.style.height = f"{height}px"
        self.canvas.width = int(width * ratio)
        self.canvas.height = int(height * ratio)
        self.ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
        self.css_size = (width, height)
        self.layout = Layout(cells, width, height, flipped=self.flipped)
        self.draw()

    @staticmethod
    def theme():
        return "dark" if window.matchMedia("(prefers-color-scheme: dark)").matches else "light"

    def draw(self):
        cursor = None
        if self.cursor_shown:  # kept on the board (a new game may have other cells)
            cursor = self.cursor = access.start_cell(self.layout, self.cursor)
        editor = self.setup.editor
        if editor is not None:
            draw_setup(self.ctx, self.layout, editor, self.theme(), *self.css_size, cursor=cursor)
        else:
            shown = None if self.reviewing is None else self.session.states[self.reviewing]
            draw_board(self.ctx, self.layout, self.session, self.theme(), *self.css_size, cursor=cursor,
                       shown=shown, hint=self.computer.hint, hover=self.hover)
        # what a screen reader says for the board: the cursor's cell, or how to use it
        words = access.BOARD_WORDS
        if cursor is not None:
            words = (access.man_words(self.session.game_id, editor.men, cursor) if editor is not None
                     else access.cell_words(self.session, cursor))
        self.canvas.setAttribute("aria-label", words)


def start():
    app = App()
    app.install()
    params = js.Object.fromEntries(js.URLSearchParams.new(window.location.search)).to_py()
    store = app.share.storage()
    saved = store.getItem(sharing.SAVE_KEY) if store is not None else None
    opening = sharing.opening(params, saved if isinstance(saved, str) else None)
    if opening["set_aside"]:
        store.setItem(sharing.SET_ASIDE_KEY, saved)
    app.share.keep = not opening["embed"]
    app.sound.install(opening["embed"], store)
    document.body.classList.toggle("embed", opening["embed"])
    element("level").value = str(opening["level"])
    app.begin(opening["session"])
    app.say(" ".join(opening["messages"]))
    app.changed()
    hook.install(app)
    element("loading").hidden = True
    document.body.dataset.ready = "1"
    return app


APP = start()
