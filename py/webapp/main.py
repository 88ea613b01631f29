"""The page: start-up, the canvas, pointer and keyboard input (runs in PyScript).

Everything that can be decided without the DOM lives in session.py (the game), view.py
(how the board is looked at), layout.py and render.py; this module wires them to the
page.  The App holds the session and the view; after any change it calls `update()`,
which draws the board whole and lets every panel show what it derives from them.
Panels never call each other: they change the session or the view through the App.
The panels: game_panels.py (game list, rules, options, status, help), computer_panel.py
(thinking, Move now, Hint, demo speed and Pause), share_panel.py (move list and review,
saving, links, records), setup_panel.py (the position editor), coach_panel.py (a
lesson or a puzzle); hook.py is window.boardgames.
"""

import asyncio

import js
from pyodide.ffi import create_proxy
from pyscript import document, window

from webapp import access, hook, sharing
from webapp.computer import is_demo
from webapp.coach_panel import CoachPanel
from webapp.computer_panel import ComputerPanel
from webapp.dom import element, storage
from webapp.game_panels import GamePanel
from webapp.embed_panel import EmbedPanel
from webapp.layout import Layout, board_cells
from webapp.motion import DURATION, QUICK, motion_of
from webapp.record import settings_from_query
from webapp.render import draw_board
from webapp.result_panel import ResultPanel
from webapp.session import Session
from webapp.settings_panel import SettingsPanel
from webapp.setup_editor import draw_setup
from webapp.setup_panel import SetupPanel
from webapp.share_panel import SharePanel
from webapp.view import View
from webapp.sound_panel import SoundPanel


class App:
    def __init__(self, params):
        """`params`: the page's URL parameters ({name: text})."""
        self.canvas = element("board")
        self.ctx = self.canvas.getContext("2d")
        self.session = None
        self.view = View()
        self.layout = None
        self.proxies = []
        self.css_size = (0, 0)
        self.game = GamePanel(self)
        self.computer = ComputerPanel(self)
        self.share = SharePanel(self)
        self.setup = SetupPanel(self)
        self.settings = SettingsPanel(self)
        self.result = ResultPanel(self)
        self.sound = SoundPanel(self)
        self.embed = EmbedPanel(self, params)
        self.coach = CoachPanel(self)
        # what update() refreshes
        self.panels = (self.coach, self.game, self.share, self.computer, self.result, self.sound)
        self.shown = (None, 0)  # (session, moves) on the board at the last update
        self.motion_start = None  # the animation frame time the motion began at
        self.press = None  # (cell, pointer id, x, y, deselect?): a man pressed, maybe to drag
        self.dropped = False  # the move just played was dropped in place: no motion
        self.motions = 0  # moves shown in motion since the page opened (for tests and demos)
        self.next_frame = create_proxy(lambda timestamp: self.guarded(self.on_frame, timestamp))

    # -- setup -------------------------------------------------------------------
    def install(self):
        """Listen to the page; returns what to say about the stored settings, if anything."""
        for panel in (*self.panels, self.setup, self.embed):
            panel.install()
        self.listen(element("undo"), "click", lambda e: self.undo())
        self.listen(element("redo"), "click", lambda e: self.redo())
        self.listen(element("flip"), "click", lambda e: self.flip())
        self.listen(self.canvas, "pointerdown", self.on_pointer)
        self.listen(self.canvas, "keydown", self.on_key)
        self.listen(self.canvas, "focus", lambda e: self.show_cursor(self.canvas.matches(":focus-visible")))
        self.listen(self.canvas, "blur", lambda e: self.show_cursor(False))
        self.listen(self.canvas, "pointermove", self.on_move)
        self.listen(self.canvas, "pointerup", self.on_release)
        self.listen(self.canvas, "pointercancel", self.on_release)
        self.listen(self.canvas, "pointerleave", self.on_hover)
        self.listen(document, "keydown", self.on_escape)
        self.listen(window, "resize", lambda e: self.resize())
        return self.settings.install()

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
        """A new game (ValueError for a game, option or position the engine refuses)."""
        self.begin(Session(game_id, options=options, fen=fen, players=self.chosen_players()))
        self.say("")
        self.update()

    def begin(self, session):
        """Show `session` (a new, loaded or restored game); the caller then says why and
        calls update()."""
        self.session = session
        self.view.review(session, None)
        self.view.motion = self.view.drag = self.press = None
        self.setup.close()
        self.fit()  # update() draws

    def options_changed(self, chosen):
        """An option was changed to `chosen` ({name: text}): a new game with it."""
        settings = settings_from_query({"game": self.session.game_id, **chosen})[0]
        self.new_game(self.session.game_id, options=settings["options"])

    def undo(self):
        self.view.review(self.session, None)
        if not self.session.undo():
            self.say("Nothing to undo.")
        self.update()

    def redo(self):
        self.view.review(self.session, None)
        if not self.session.redo():
            self.say("Nothing to redo.")
        self.update()

    def review(self, index):
        """Show the position after move `index`, or (None) the game in progress: the one
        place that enters and leaves a review.  Board clicks do not move meanwhile, and
        the computer waits."""
        self.view.review(self.session, index)
        self.session.select(None)
        self.say("")
        self.update()

    def flip(self):
        self.view.flipped = not self.view.flipped
        self.resize()

    # -- input -------------------------------------------------------------------
    def event_point(self, event):
        rect = self.canvas.getBoundingClientRect()
        return event.clientX - rect.left, event.clientY - rect.top

    def event_cell(self, event):
        return self.layout.cell_at(*self.event_point(event))

    def on_pointer(self, event):
        """A press on the board: a click's step at once, and maybe the start of a drag
        (a press on the selected man deselects it only if it is released unmoved)."""
        event.preventDefault()
        cell = self.event_cell(event)
        if cell is not None and self.view.cursor_shown:
            self.view.cursor = cell
        extra = bool(event.shiftKey)
        again = cell is not None and cell == self.session.selected and not extra
        if not again:
            self.act(cell, extra=extra)
        if (cell is not None and cell == self.session.selected and not extra
                and self.setup.editor is None and self.view.reviewing is None):
            self.press = (cell, event.pointerId, *self.event_point(event), again)
            try:  # follow the pointer beyond the board's edge too
                self.canvas.setPointerCapture(event.pointerId)
            except Exception:  # noqa: BLE001 - a scripted event has no live pointer to capture
                pass

    def on_move(self, event):
        """The pointer moves: a pressed man follows it once it has moved a little
        (lifted above the finger on a touch screen); else track the cell under it."""
        if self.press is None or event.pointerId != self.press[1]:
            self.on_hover(event)
            return
        cell, _, x0, y0, _ = self.press
        x, y = self.event_point(event)
        if self.view.drag is None and abs(x - x0) + abs(y - y0) < 6:
            return
        lift = self.layout.unit * 0.7 if event.pointerType == "touch" else 0
        self.view.drag = (cell, x, y - lift)
        self.view.hover = self.layout.cell_at(x, y - lift)
        self.draw()

    def on_release(self, event):
        """The end of a press: a drop plays the move to the cell under the man, or puts
        it back and says why; a press that did not move is a click."""
        if self.press is None or event.pointerId != self.press[1]:
            return
        cell, _, _, _, deselect = self.press
        self.press = None
        drag, self.view.drag = self.view.drag, None
        if drag is None:
            if deselect and event.type == "pointerup":
                self.act(cell)
            return
        target = self.layout.cell_at(drag[1], drag[2])
        if target is None or target == cell:
            self.say("" if target == cell else "Dropped off the board: the man is back in its place.")
            self.draw()
        elif target in self.session.destinations(cell):
            self.dropped = True
            self.act(target)
        else:
            self.say(self.session.why_not_to(target))
            self.draw()

    def act(self, cell, extra=False):
        """A click or tap on `cell`, or Enter on the cursor's cell: a move's step, or a
        man placed while a position is set up."""
        if self.setup.editor is not None:
            self.setup.place(cell)
            return
        if self.view.reviewing is not None:
            self.say("You are looking at a past position: Back to game (or Escape) to play on.")
            return
        self.session.click(cell, extra=extra)
        self.say(self.session.message)
        self.update()

    def on_key(self, event):
        """Keys on the focused board: the arrows move the cursor (webapp/access.py),
        Enter or Space click its cell, Escape drops the selection."""
        key = event.key
        view = self.view
        if key in access.STEPS:
            start = access.start_cell(self.layout, view.cursor or self.session.selected)
            view.cursor = access.move_cursor(self.layout, start, key) if view.cursor_shown else start
            self.show_cursor(True)
        elif key in ("Enter", " "):
            view.cursor = access.start_cell(self.layout, view.cursor)
            view.cursor_shown = True
            self.act(view.cursor)
        elif key == "Escape" and self.session.selected is not None and view.reviewing is None:
            self.session.select(None)
            self.say("Selection cancelled.")
            self.update()
        else:
            return
        event.preventDefault()

    def on_escape(self, event):
        """Escape anywhere ends a review."""
        if event.key == "Escape" and self.view.reviewing is not None:
            self.review(None)
            self.canvas.focus()

    def show_cursor(self, shown):
        view = self.view
        view.cursor_shown = shown
        if shown:
            view.cursor = access.start_cell(self.layout, view.cursor or self.session.selected)
        self.draw()

    def on_hover(self, event):
        """Track the cell under the pointer (Vault draws the jump to it)."""
        cell = None if event.type == "pointerleave" else self.event_cell(event)
        if cell != self.view.hover:
            self.view.hover = cell
            if self.session.selected is not None:
                self.draw()

    # -- output ----------------------------------------------------------------------
    def say(self, text):
        element("message").textContent = text

    def update(self):
        """After any change of the session or the view: every panel shows what it
        derives from them (the computer starts or stops thinking), then the board, with
        the move just played in motion."""
        for panel in self.panels:
            panel.show()
        session = self.session
        if self.shown != (session, len(session.moves)):
            self.view.motion = None
            if self.shown == (session, len(session.moves) - 1) and not self.dropped:
                self.animate()
        self.shown, self.dropped = (session, len(session.moves)), False
        self.draw()

    def animate(self):
        """Show the last move in motion, unless motion is off (reduced motion), quick in a
        demo at full speed."""
        if (not self.settings.chosen["motion"] or self.view.reviewing is not None
                or window.matchMedia("(prefers-reduced-motion: reduce)").matches):
            return
        session = self.session
        quick = is_demo(session.players) and element("speed").value == "fast"
        self.view.motion = motion_of(session.game, session.states[-2], session.state, QUICK if quick else DURATION)
        self.motions += 1
        self.motion_start = None
        window.requestAnimationFrame(self.next_frame)

    def on_frame(self, timestamp):
        motion = self.view.motion
        if motion is None:
            return
        if self.motion_start is None:
            self.motion_start = timestamp
        motion.progress = min(1.0, (timestamp - self.motion_start) / 1000 / motion.duration)
        if motion.progress >= 1:
            self.view.motion = None
        else:
            window.requestAnimationFrame(self.next_frame)
        self.draw()

    def resize(self):
        self.fit()
        self.draw()

    def fit(self):
        """The canvas sized to the room the page gives the board, and its layout."""
        area = element("board-area")
        cells = board_cells(self.session.game)
        labelled = self.view.coordinates
        aspect = Layout.aspect(cells, labelled)
        width = max(200, area.clientWidth)
        height = width * aspect
        # the window's height, but never below 60% of it (as start.js's boardSize)
        limit = max(240, min(width, 0.6 * window.innerHeight),
                    window.innerHeight - area.getBoundingClientRect().top - 16)
        if height > limit:
            height, width = limit, limit / aspect
        ratio = window.devicePixelRatio or 1
        self.canvas.style.width = f"{width}px"
        self.canvas.style.height = f"{height}px"
        self.canvas.width = int(width * ratio)
        self.canvas.height = int(height * ratio)
        self.ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
        self.css_size = (width, height)
        self.layout = Layout(cells, width, height, flipped=self.view.flipped, labelled=labelled)

    def draw(self):
        view = self.view
        view.theme = self.settings.theme()
        if view.cursor_shown:  # kept on the board (a new game may have other cells)
            view.cursor = access.start_cell(self.layout, view.cursor)
        editor = self.setup.editor
        if editor is not None:
            draw_setup(self.ctx, self.layout, editor, view, *self.css_size)
        else:
            draw_board(self.ctx, self.layout, self.session, view, *self.css_size)
        # what a screen reader says for the board: the cursor's cell, or how to use it
        cursor = view.shown_cursor()
        words = access.BOARD_WORDS
        if cursor is not None:
            words = (access.man_words(editor.game, editor.men, cursor) if editor is not None
                     else access.cell_words(self.session, cursor))
        self.canvas.setAttribute("aria-label", words)


def start():
    params = js.Object.fromEntries(js.URLSearchParams.new(window.location.search)).to_py()
    app = App(params)
    settings_problem = app.install()
    store = storage()
    saved = store.getItem(sharing.SAVE_KEY) if store is not None else None
    opening = sharing.opening(params, saved if isinstance(saved, str) else None)
    if opening["set_aside"]:
        store.setItem(sharing.SET_ASIDE_KEY, saved)
    app.share.keep = not opening["embed"] and store is not None
    document.body.classList.toggle("embed", opening["embed"])
    element("level").value = str(opening["level"])
    app.begin(opening["session"])
    app.update()
    notes = [] if store is not None or opening["embed"] else [sharing.NOT_SAVED]
    coached = app.coach.open_link(params)
    app.say(" ".join(opening["messages"] + [settings_problem or ""] + app.embed.open() + coached + notes).strip())
    hook.install(app)
    element("loading").hidden = True
    app.embed.take_over()
    document.body.dataset.ready = "1"
    return app


APP = start()
