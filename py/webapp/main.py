"""The page: start-up, the canvas, pointer and keyboard input (runs in PyScript).

What the page shows is one PageState (page_state.py).  Panels, input, the hook, timers
and the computer change it only through commands (commands.py), applied by `App.do`;
after each, `App.update` asks effects.py what follows (saving, a sound, the computer's
search, a move in motion, a puzzle's reply), carries it out here, the one place that
does, and renders: every panel from the state, then the board from its scene (scene.py),
computed once per change.  Panels never call each other.
"""

import asyncio
import json

import js
from pyodide.ffi import create_proxy
from pyscript import create_named_worker, document, window

from boardgames.texts import _
from webapp.words import access, sharing

from webapp.state import analysis, commands, embed, friend, live

from webapp import hook, language
from webapp.state.coach import SOLVED_KEY, linked_run
from webapp.panels.coach_panel import CoachPanel
from webapp.worker.computer import Computer, Worker, added_games
from webapp.panels.computer_panel import ComputerPanel
from webapp.dom import after_next_frame, element, keep_text, page_address, storage, stored_text
from webapp.state.effects import Marks, decide
from webapp.panels.embed_panel import ViewerPanel
from webapp.panels.friend_panel import FriendPanel
from webapp.panels.activity_panel import ActivityPanel
from webapp.panels.analysis_panel import AnalysisPanel
from webapp.panels.live_panel import LivePanel
from webapp.panels.qr_code import QrCodes
from webapp.peer import PeerLink
from webapp.words.live_code import write_code
from webapp.panels.game_panels import GamePanel
from webapp.drawing.layout import Layout, board_cells
from webapp.drawing.motion import DURATION, QUICK, motion_of
from webapp.state.page_state import PageState
from boardgames.drawing.render import draw_scene
from webapp.drawing.render import draw_setup
from webapp.panels.result_panel import ResultPanel
from webapp.drawing.scene import Scene
from webapp.state.settings import SETTINGS_KEY, read_settings, schemes
from webapp.panels.settings_panel import SettingsPanel
from webapp.panels.setup_panel import SetupPanel
from webapp.panels.share_panel import SharePanel
from webapp.panels.sound_panel import SoundPanel
from webapp.words.sounds import SOUNDS

REPLY_PAUSE = 0.6  # seconds before the page plays a puzzle's reply
FRIEND_GAMES = 20  # games by link the visitor's list keeps


def line_change(status):
    """The command (and its argument) for a change of live play's line."""
    return (live.no_connection,) if status == "failed" else (live.connection_changed, status)


class App:
    def __init__(self, state):
        self.state = state
        self.marks = Marks()
        self.computer = Computer()  # the search, in the AI worker once it is up
        self.worker_started = False
        self.canvas = element("board")
        self.ctx = self.canvas.getContext("2d")
        self.layout = None
        self.fitted = None  # what the layout was made for
        # The board's box: measured by the first render (on a page the browser has laid
        # out: it forces no layout), then as the ResizeObserver reports it, so that no
        # render forces a layout to measure it.
        self.box_size = None
        self.scene = None
        self.proxies = []
        self.css_size = (0, 0)
        self.game = GamePanel(self)
        self.players = ComputerPanel(self)
        self.share = SharePanel(self)
        self.setup = SetupPanel(self)
        self.settings = SettingsPanel(self)
        self.result = ResultPanel(self)
        self.sound = SoundPanel(self)
        self.viewer = ViewerPanel(self)
        self.coach = CoachPanel(self)
        self.qr = QrCodes()
        self.friend = FriendPanel(self)
        self.live = LivePanel(self)
        self.analysis = AnalysisPanel(self)
        self.activities = ActivityPanel(self)
        # (the move list last: it keeps its move in view once the panels around it are drawn)
        self.panels = (self.coach, self.game, self.players, self.setup, self.settings, self.result, self.sound,
                       self.viewer, self.friend, self.live, self.analysis, self.activities, self.share)
        self.peer = None  # the WebRTC link of live play (peer.py)
        self.live_setup = None  # the task making or taking a live code, for the hook to await
        self.focus_after = None  # an element id to focus once rendered
        self.autoplays = 0  # play-throughs started; a newer one ends an older one
        self.motion_start = None  # the animation frame time the motion began at
        self.frame_asked = False  # an animation frame is asked for (one at a time, whatever the motions)
        self.press = None  # (cell, pointer id, x, y, deselect?): a man pressed, maybe to drag
        self.shape_from = None  # the cell a right-button press began on (a circle or an arrow to draw)
        self.motions = 0  # moves shown in motion since the page opened (for tests and demos)
        self.next_frame = create_proxy(lambda timestamp: self.guarded(self.on_frame, timestamp))

    # -- setup -------------------------------------------------------------------
    def install(self):
        """The board's listeners and its box's observer (each panel installs its own)."""
        self.listen(element("undo"), "click", lambda e: self.do(commands.undo))
        self.listen(element("redo"), "click", lambda e: self.do(commands.redo))
        self.listen(element("flip"), "click", lambda e: self.do(commands.flip))
        self.listen(self.canvas, "pointerdown", self.on_pointer)
        self.listen(self.canvas, "contextmenu", lambda e: e.preventDefault())  # (the right button draws)
        self.listen(self.canvas, "keydown", self.on_key)
        self.listen(self.canvas, "focus", lambda e: self.show_cursor(self.canvas.matches(":focus-visible")))
        self.listen(self.canvas, "blur", lambda e: self.show_cursor(False))
        self.listen(self.canvas, "pointermove", self.on_move)
        self.listen(self.canvas, "pointerup", self.on_release)
        self.listen(self.canvas, "pointercancel", self.on_release)
        self.listen(self.canvas, "pointerleave", self.on_hover)
        # the board's box changes size with the window, a phone's rotation, a game of
        # another shape: the canvas follows (the box itself is sized by the style sheet)
        self.box_watch = create_proxy(lambda entries, observer: self.guarded(self.resize, entries[len(entries) - 1]))
        js.ResizeObserver.new(self.box_watch).observe(element("board-box"))

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
            self.say(_("Something went wrong: {error}").format(error=error))

    def launch(self, coroutine):
        """Run a coroutine; an unexpected error becomes a message, as in handlers."""
        task = asyncio.ensure_future(coroutine)
        task.add_done_callback(lambda done: self.guarded(lambda e: done.result(), None))
        return task

    # -- commands and their effects ----------------------------------------------------
    def do(self, command, *args, focus=None):
        """Apply a command to the page state, then what follows and the page (`focus`: an
        element id to focus then).  A command's ValueError leaves the page as it was."""
        result = command(self.state, *args)
        self.focus_after = focus or self.focus_after
        self.update()
        return result

    def update(self, panels=True):
        """What the state asks for done, then the page drawn from it (`panels`: False, the
        board only: the start renders the panels in a task of their own, render_panels)."""
        effects = decide(self.state, self.marks)
        self.carry_out(effects)
        self.render_board()
        if panels:
            self.render_panels()

    def carry_out(self, effects):
        """The one place that keeps things, plays sounds, starts and stops the computer."""
        state = self.state
        if effects.save is not None and not keep_text(sharing.SAVE_KEY, effects.save):
            state.keep = False  # storage full or refused: play on, unsaved
            state.say(_(sharing.NOT_SAVED))
        if effects.friend_game is not None:
            self.keep_friend_game(effects.friend_game)
        if effects.solved is not None:
            keep_text(SOLVED_KEY, effects.solved)  # (where refused: solved for this visit only)
        if effects.settings is not None and not keep_text(SETTINGS_KEY, effects.settings):
            state.say(_("This browser keeps nothing for this page: the setting lasts until you leave."))
        if effects.cancel:
            self.computer.cancel()
            state.thinking = None
        if effects.worker:
            self.need_worker()
        if effects.think is not None:
            state.thinking = "move"
            self.launch(self.play_found(self.computer.search("move", state.session, state.level, effects.think)))
        if effects.hint:
            state.thinking = "hint"
            self.launch(self.show_hint(self.computer.search("hint", state.session, state.level)))
        player = getattr(window, "boardgamesSound", None)
        if effects.sound is not None and player is not None:
            player.play(json.dumps(SOUNDS[effects.sound]))
        if effects.motion and not window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            self.animate(QUICK if effects.quick else DURATION)
        if effects.card:
            self.focus_after = "result-new"
        if effects.reply is not None:
            self.launch(self.reply_later(*effects.reply))
        if effects.autoplay:
            self.autoplays += 1
            self.launch(self.play_through(self.autoplays))
        if effects.disconnect and self.peer is not None:
            self.peer.close()
            self.peer = None
        if effects.connect is not None:
            self.live_setup = self.launch(self.connect(*effects.connect))
        for message in effects.send:
            self.peer.send(message)
        if effects.review is not None:
            self.launch(self.review(effects.review))
        if effects.evaluate is not None:
            self.launch(self.evaluate(*effects.evaluate))

    async def evaluate(self, key, session, moves):
        """Evaluate the position `key` in the AI worker while it is the one shown."""
        state = self.state
        await self.computer.follow("evaluate", session, moves, lambda found: self.do(analysis.evaluated, key, found),
                                   lambda: state.evaluation is not None and state.evaluation["key"] == key)

    async def review(self, job):
        """Go over the game in the AI worker while `job` is the page's review."""
        state = self.state
        try:
            await self.computer.follow("review", job["session"], job["session"].moves,
                                       lambda found: self.do(analysis.progress, job, found),
                                       lambda: state.analysis is job and job["running"])
        except Exception as error:  # noqa: BLE001 - a broken worker: the review says so, the page plays on
            js.console.warn(f"boardgames: the review stopped: {error}")
            if state.analysis is job:
                self.do(analysis.stop)

    async def connect(self, step, sdp=None):
        """Live play's link: make the host's code ("offer"), answer a host's code
        ("answer"), or take the guest's answer ("accept")."""
        try:
            if step == "accept":
                await self.peer.accept(sdp)
                return
            if self.peer is not None:
                self.peer.close()
            self.peer = peer = PeerLink(lambda text: self.from_peer(peer, live.received, text),
                                        lambda status: self.from_peer(peer, *line_change(status)))
            made = await (peer.offer() if step == "offer" else peer.answer(sdp))
            code = write_code(made, "host" if step == "offer" else "answer")
        except Exception as error:  # noqa: BLE001 - a browser without WebRTC, or one that refuses it
            self.do(live.set_up_failed, str(error))
            return
        if peer is self.peer:
            self.do(live.code_made, code)

    def from_peer(self, peer, command, *args):
        """A message or a change of the line from `peer`, if it is still the page's link."""
        if peer is self.peer:
            self.guarded(lambda event: self.do(command, *args), None)

    def keep_friend_game(self, entry):
        """The game by link on the board, first in the visitor's list (kept where storage
        allows; at most FRIEND_GAMES of them)."""
        state = self.state
        entry = {**entry, "link": sharing.friend_page_link(page_address(), state.session, entry["side"], entry["id"])}
        state.friend_games = [entry] + [game for game in state.friend_games if game["id"] != entry["id"]]
        del state.friend_games[FRIEND_GAMES:]
        keep_text(sharing.FRIEND_GAMES_KEY, json.dumps(state.friend_games))

    def need_worker(self):
        """Start the AI worker the first time the computer is wanted (a player set to
        Computer, or Hint), so start-up is not slowed and a page between two humans never
        runs a second interpreter.  Until it is ready the computer thinks on this thread."""
        if not self.worker_started:
            self.worker_started = True
            document.body.dataset.worker = "starting"
            self.launch(self.start_worker())

    async def start_worker(self):
        try:
            proxy = await create_named_worker("./py/webapp/worker/ai_worker.py", "ai", "./worker.toml")
            await proxy.register_games(added_games())
        except Exception as error:  # noqa: BLE001 - the computer still plays, only slower
            js.console.warn(f"boardgames: the AI worker did not start: {error}")
            return
        self.computer.worker = Worker(proxy)
        document.body.dataset.worker = "ready"

    async def play_found(self, search):
        move = await search
        if move is not None:  # (None: cancelled, and whoever cancelled has updated the page)
            self.state.thinking = None
            self.do(commands.computer_moved, move)

    async def show_hint(self, search):
        move = await search
        if move is not None:
            self.state.thinking = None
            self.do(commands.hint_found, move)

    def move_now(self):
        """Move now (or Show now): the running search ends with its best move so far."""
        self.computer.stop_early()

    async def reply_later(self, run, session, ply):
        """A puzzle's reply, after a pause to see the learner's move."""
        await asyncio.sleep(REPLY_PAUSE)
        self.do(commands.play_reply, run, session, ply)

    async def play_through(self, number):
        """The embed viewer plays the record through, a move every `speed` seconds."""
        while number == self.autoplays and self.state.autoplay:
            await asyncio.sleep(self.state.embed["speed"])
            if number != self.autoplays or not self.state.autoplay:
                return
            self.do(commands.autoplay_step)

    def say(self, text):
        """A message that changes nothing else (a copy, a download, a search's progress)."""
        self.state.say(text)
        element("message").textContent = text

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
        state = self.state
        cell = self.event_cell(event)
        if event.button == 2 or state.view.drawing:  # the right button (or Draw, on touch screens) draws
            self.shape_from = cell
            return
        if cell is not None and state.view.cursor_shown:
            state.view.cursor = cell
        extra = bool(event.shiftKey)
        again = cell is not None and cell == state.session.selected and not extra
        if not again:
            self.do(commands.click, cell, extra)
        if cell is not None and cell == state.session.selected and not extra and state.editor is None:
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
        cell, pointer, x0, y0, deselect = self.press
        x, y = self.event_point(event)
        view = self.state.view
        if view.drag is None and abs(x - x0) + abs(y - y0) < 6:
            return
        lift = self.layout.unit * 0.7 if event.pointerType == "touch" else 0
        view.drag = (cell, x, y - lift)
        view.hover = self.layout.cell_at(x, y - lift)
        self.draw()

    def on_release(self, event):
        """The end of a press: a drop plays the move to the cell under the man, or puts
        it back and says why; a press that did not move is a click.  A right-button press
        draws a circle (released where it began) or an arrow, as does any press while Draw is on."""
        if self.shape_from is not None:
            start, self.shape_from = self.shape_from, None
            self.do(commands.draw_shape, start, self.event_cell(event))
            return
        if self.press is None or event.pointerId != self.press[1]:
            return
        cell, pointer, x0, y0, deselect = self.press
        self.press = None
        view = self.state.view
        drag, view.drag = view.drag, None
        if drag is None:
            if deselect and event.type == "pointerup":
                self.do(commands.click, cell)
            return
        self.do(commands.drop, cell, self.layout.cell_at(drag[1], drag[2]))

    def on_key(self, event):
        """Keys on the focused board: the arrows move the cursor (webapp/words/access.py),
        Enter or Space click its cell, Escape drops the selection."""
        key = event.key
        state = self.state
        view = state.view
        if key in access.STEPS:
            start = access.start_cell(self.layout, view.cursor or state.session.selected)
            view.cursor = access.move_cursor(self.layout, start, key) if view.cursor_shown else start
            self.show_cursor(True)
        elif key in ("Enter", " "):
            view.cursor = access.start_cell(self.layout, view.cursor)
            view.cursor_shown = True
            self.do(commands.click, view.cursor)
        elif key == "Escape" and state.session.selected is not None and view.reviewing is None:
            self.do(commands.cancel_selection)
        else:
            return
        event.preventDefault()

    def show_cursor(self, shown):
        view = self.state.view
        view.cursor_shown = shown
        if shown:
            view.cursor = access.start_cell(self.layout, view.cursor or self.state.session.selected)
        self.draw()

    def on_hover(self, event):
        """Track the cell under the pointer (Vault draws the jump to it)."""
        view = self.state.view
        cell = None if event.type == "pointerleave" else self.event_cell(event)
        if cell != view.hover:
            view.hover = cell
            if self.state.session.selected is not None:
                self.draw()

    # -- output ----------------------------------------------------------------------
    def render_board(self):
        """The board from the state, in the theme's colours: the canvas fitted to its box,
        the scene made and drawn.  Before the panels: a canvas draws text only on a page
        laid out, and after the panels' writes it would have the browser lay the page out
        there and then, in the middle of the render."""
        page, board = self.schemes()
        document.documentElement.setAttribute("data-theme", page)
        document.documentElement.setAttribute("data-board", board)
        self.state.view.theme = board
        self.fit()
        self.scene = Scene(self.state.session, self.state.view)
        self.draw()

    def render_panels(self):
        """Every panel from the state, then the focus where a command asked for it."""
        state = self.state
        element("message").textContent = state.message  # (first: the panels below it take their room after)
        for panel in self.panels:
            panel.render(state)
        if self.focus_after is not None:
            element(self.focus_after).focus()
            self.focus_after = None

    def schemes(self):
        """(the page's colours, the board's): a link's, the chosen theme, the system's."""
        url = self.state.embed
        system = "dark" if window.matchMedia("(prefers-color-scheme: dark)").matches else "light"
        return schemes(self.state.settings["theme"], url["theme"], url["bg"], system)

    def animate(self, duration):
        """Show the last move in motion."""
        session = self.state.session
        self.state.view.motion = motion_of(session.game, session.states[-2], session.state, duration)
        self.motions += 1
        self.motion_start = None
        self.ask_frame()

    def ask_frame(self):
        """The next animation frame for the motion, unless one is asked for already: a move
        played while the last one still slides must not start a second loop of frames (they
        added up, a whole drawing each per frame, as fast as moves came)."""
        if not self.frame_asked:
            self.frame_asked = True
            window.requestAnimationFrame(self.next_frame)

    def on_frame(self, timestamp):
        self.frame_asked = False
        view = self.state.view
        motion = view.motion
        if motion is None:
            return
        if self.motion_start is None:
            self.motion_start = timestamp
        motion.progress = min(1.0, (timestamp - self.motion_start) / 1000 / motion.duration)
        if motion.progress >= 1:
            view.motion = None
            self.scene = Scene(self.state.session, view)
        else:
            self.ask_frame()
        self.draw()

    def resize(self, entry):
        """The board's box has a new size (`entry`: the ResizeObserver's)."""
        self.box_size = (entry.contentRect.width, entry.contentRect.height)
        if self.scene is None:  # (the first render fits it)
            return
        self.fitted = None
        self.fit()
        self.draw()

    def fit(self):
        """The canvas sized to its box (the largest of the board's shape the window leaves
        room for, css/style.css), and the board's layout, when the game, the orientation,
        the coordinates or the box changed.  The box takes the board's shape from
        `--board-hw`, set here for the game shown (start.js set it for the picture)."""
        state = self.state
        cells = board_cells(state.session.game)
        labelled = state.view.coordinates
        aspect = Layout.aspect(cells, labelled)
        root = document.documentElement.style
        shown = root.getPropertyValue("--board-hw")  # (start.js's "1" is Python's 1.0: compared as numbers,
        if not shown or float(shown) != aspect:      # the page is not restyled for nothing)
            root.setProperty("--board-hw", str(aspect))
        if self.box_size is None:
            box = element("board-box").getBoundingClientRect()
            self.box_size = (box.width, box.height)
        width, height = max(self.box_size[0], 100), max(self.box_size[1], 100)
        key = (state.session.game, state.view.flipped, labelled, width, height)
        if key == self.fitted:
            return
        self.fitted = key
        ratio = window.devicePixelRatio or 1
        self.canvas.width = round(width * ratio)
        self.canvas.height = round(height * ratio)
        self.ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
        self.css_size = (width, height)
        self.layout = Layout(cells, width, height, flipped=state.view.flipped, labelled=labelled)

    def draw(self):
        """The board: the scene, or the position being set up; and its words for screen readers."""
        view = self.state.view
        if view.cursor_shown:  # kept on the board (a new game may have other cells)
            view.cursor = access.start_cell(self.layout, view.cursor)
        editor = self.state.editor
        if editor is not None:
            draw_setup(self.ctx, self.layout, editor, view, *self.css_size)
        else:
            draw_scene(self.ctx, self.layout, self.scene, view, *self.css_size)
        # what a screen reader says for the board: the cursor's cell, or how to use it
        cursor = view.shown_cursor()
        words = _(access.BOARD_WORDS)
        if cursor is not None:
            words = (access.man_words(editor.game, editor.men, cursor) if editor is not None
                     else access.cell_words(self.state.session, cursor))
        self.canvas.setAttribute("aria-label", words)


async def start():
    """Build the page from the state in a few tasks, none holding the page's thread long
    (each part of the start measured 5-30 ms on a first visit), so a reader's click or key
    while the page starts is answered between them; Python measures and draws only on a
    page the browser has laid out (after a frame), never forcing a layout in a long task."""
    language.install()  # the reader's catalogue, before any text is made
    params = js.Object.fromEntries(js.URLSearchParams.new(window.location.search)).to_py()
    store = storage()
    settings, settings_problem = read_settings(stored_text(SETTINGS_KEY))
    embed_settings, embed_problems = embed.embed_settings(params, str(window.location.hash))
    saved = stored_text(sharing.SAVE_KEY)
    opening = sharing.opening(params, saved)
    if opening["set_aside"]:
        keep_text(sharing.SET_ASIDE_KEY, saved)
    state = PageState(session=opening["session"], level=opening["level"], settings=settings,
                      embed=embed_settings, embedded=opening["embed"],
                      keep=not opening["embed"] and store is not None)
    state.players = dict(state.session.players)
    state.view.flipped = embed_settings["flip"]
    state.friend_games = sharing.read_friend_games(stored_text(sharing.FRIEND_GAMES_KEY))
    if opening["friend"]:
        friend.open_game(state, opening["friend"], "link", opening["friend_id"])
    # a link's lesson or puzzle, before the first update: the game kept to come back to
    # (maybe against the computer) starts no AI worker
    exercise, coached = linked_run(params, CoachPanel.solved())
    if exercise is not None:
        commands.start_exercise(state, exercise)
    document.documentElement.classList.toggle("embed", opening["embed"])
    app = App(state)
    await asyncio.sleep(0)  # (a new task: the event loop runs each step as a task of its own)
    app.install()
    half = len(app.panels) // 2  # (the panels in two tasks: 15-35 ms each)
    for panels in (app.panels[:half], app.panels[half:]):
        for panel in panels:
            panel.install()
        await asyncio.sleep(0)
    await after_next_frame()  # (the first render measures and draws the board on a page laid out)
    app.update(panels=False)
    await asyncio.sleep(0)
    app.render_panels()
    await asyncio.sleep(0)
    notes = [] if store is not None or opening["embed"] else [_(sharing.NOT_SAVED)]
    shown = app.viewer.open()
    app.say(" ".join(opening["messages"] + [settings_problem or ""] + embed_problems + shown + coached + notes)
            .strip())
    if "join" in params:  # a live game's join link (the host's QR code)
        rest = js.URLSearchParams.new(window.location.search)
        rest.delete("join")
        window.history.replaceState(None, "", page_address() + (f"?{rest}" if rest.toString() else ""))
        app.live.try_do(live.join, params["join"])
    hook.install(app)
    element("loading").hidden = True
    app.viewer.take_over()
    document.body.dataset.ready = "1"
    return app


def failed(started):
    """A start that failed says so as any other start-up failure (start.js words it)."""
    if not started.cancelled() and started.exception() is not None:
        error = started.exception()
        js.reportError(js.Error.new(f"{type(error).__name__}: {error}"))


STARTED = asyncio.ensure_future(start())
STARTED.add_done_callback(failed)
