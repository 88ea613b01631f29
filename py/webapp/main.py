"""The page: DOM, canvas, pointer events and the automation hook (runs in PyScript).

Everything that can be decided without the DOM lives in session.py, layout.py and
render.py; this module wires them to the page.
"""

import asyncio

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import create_named_worker, document, window

from boardgames import GAME_IDS, get_game
from boardgames.ai import LEVEL_NAMES
from webapp import access, assist, kings, rules_panel, sharing
from webapp.computer import SPEED_NAMES, Computer, Worker, is_demo, pause_before_move
from webapp.layout import Layout, board_cells
from webapp.record import game_record, parse_record, saved_payload, settings_from_query
from webapp.render import draw_board
from webapp.session import COMPUTER, HUMAN, Session
from webapp.setup_editor import BoardEditor, draw_setup



def element(id_):
    return document.getElementById(id_)


def js_object(value):
    return to_js(value, dict_converter=js.Object.fromEntries)


class App:
    def __init__(self):
        self.canvas = element("board")
        self.ctx = self.canvas.getContext("2d")
        self.session = None
        self.layout = None
        self.flipped = False
        self.computer = Computer()
        self.hint = None  # the move shown by Hint
        self.paused = False  # a demo (computer against computer) on hold
        self.worker_started = False
        self.hover = None  # the cell under the pointer
        self.reviewing = None  # moves played to reach the past position shown, or None (live)
        self.keep = True  # save the game in this browser (an embedded page does not)
        self.proxies = []
        self.css_size = (0, 0)
        self.cursor = None  # the keyboard cursor's cell
        self.cursor_shown = False  # drawn while the board has keyboard focus
        self.plies = 0  # moves played when the live region last spoke
        self.editor = None  # the position being set up, while "Set up position" is open
        self.setup_letter = None  # the man the editor places (None: empty the cell)

    # -- setup -------------------------------------------------------------------
    def list_games(self):
        """Every game with its one-line description, each a button that starts it."""
        listing = element("game-list")
        for game_id in GAME_IDS:
            game = get_game(game_id)
            button = document.createElement("button")
            button.type = "button"
            button.dataset.game = game_id
            self.add_text(button, "strong", game.name)
            self.add_text(button, "span", game.summary)
            item = document.createElement("li")
            item.appendChild(button)
            listing.appendChild(item)
            self.listen(button, "click", lambda e, game_id=game_id: self.pick_game(game_id))

    def pick_game(self, game_id):
        element("all-games").open = False
        self.new_game(game_id)

    def install(self):
        select = element("game-select")
        for game_id in GAME_IDS:
            option = document.createElement("option")
            option.value = game_id
            option.textContent = get_game(game_id).name
            option.title = get_game(game_id).summary
            select.appendChild(option)
        self.list_games()
        level = element("level")
        for number, name in LEVEL_NAMES.items():
            option = document.createElement("option")
            option.value = str(number)
            option.textContent = f"{number}. {name}"
            level.appendChild(option)
        level.value = "2"
        speed = element("speed")
        for value, name in SPEED_NAMES.items():
            option = document.createElement("option")
            option.value = value
            option.textContent = name
            speed.appendChild(option)
        speed.value = "normal"
        self.listen(element("move-now"), "click", lambda e: self.computer.stop_early())
        self.listen(element("hint"), "click", lambda e: self.ask_hint())
        self.listen(element("pause"), "click", lambda e: self.toggle_pause())
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
        self.listen(level, "change", lambda e: self.save())
        self.listen(element("move-list"), "click", self.on_history_click)
        self.listen(element("back-to-game"), "click", lambda e: self.review(None))
        self.listen(document, "keydown", self.on_escape)
        self.listen(element("copy-link"), "click", lambda e: self.launch(self.copy_link()))
        self.listen(element("load-record"), "click", lambda e: self.load_record())
        self.listen(self.canvas, "pointerdown", self.on_pointer)
        self.listen(self.canvas, "keydown", self.on_key)
        self.listen(self.canvas, "focus", lambda e: self.show_cursor(self.canvas.matches(":focus-visible")))
        self.listen(self.canvas, "blur", lambda e: self.show_cursor(False))
        self.listen(element("setup-open"), "click", lambda e: self.open_setup())
        self.listen(element("setup-palette"), "click", self.on_palette_click)
        self.listen(element("setup-turn"), "change", lambda e: self.setup_turn())
        self.listen(element("setup-text"), "input", lambda e: self.setup_typed())
        self.listen(element("setup-start"), "click", lambda e: self.start_setup())
        self.listen(element("setup-clear"), "click", lambda e: self.clear_setup())
        self.listen(element("setup-cancel"), "click", lambda e: self.close_setup(changed=True))
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

    # -- games ---------------------------------------------------------------------
    def new_game(self, game_id, fen=None, options=None):
        players = {side: element(f"player-{side}").value for side in "wb"}
        self.begin(Session(game_id, options=options, fen=fen, players=players))
        self.say("")
        self.changed()

    def begin(self, session):
        """Show `session` (a new, loaded or restored game); the caller then says why and
        calls changed()."""
        self.session = session
        self.reviewing = None
        self.plies = len(session.moves)  # the live region then tells only the status
        self.close_setup()
        for side in "wb":
            element(f"player-{side}").value = session.players[side]
        game_id = session.game_id
        element("game-select").value = game_id
        element("game-summary").textContent = self.session.game.summary
        self.show_rules()
        self.show_options()
        self.resize()

    def show_rules(self):
        game = self.session.game
        body = element("rules-body")
        body.innerHTML = ""
        summary = document.createElement("p")
        summary.textContent = game.summary
        body.appendChild(summary)
        for title, items in rules_panel.sections(game):
            heading = document.createElement("h3")
            heading.textContent = title
            body.appendChild(heading)
            listing = document.createElement("ul")
            for lead, rest in items:
                item = document.createElement("li")
                if lead:
                    self.add_text(item, "strong", lead)
                item.appendChild(document.createTextNode(rest))
                listing.appendChild(item)
            body.appendChild(listing)

    def show_options(self):
        """A choice per option of the game (Vault's board size); hidden for games without."""
        game = self.session.game
        box = element("game-options")
        box.innerHTML = ""
        for name, allowed in game.options.items():
            label = document.createElement("label")
            label.textContent = f"{assist.OPTION_LABELS.get(name, name)} "
            select = document.createElement("select")
            select.id = f"option-{name}"
            for value in allowed:
                option = document.createElement("option")
                option.value = str(value)
                option.textContent = assist.option_label(name, value)
                select.appendChild(option)
            select.value = str(game.chosen[name])
            label.appendChild(select)
            box.appendChild(label)
        box.hidden = not game.options

    def options_changed(self):
        """An option was changed: a new game with the chosen options."""
        chosen = {name: element(f"option-{name}").value for name in self.session.game.options}
        settings = settings_from_query({"game": self.session.game_id, **chosen})[0]
        self.new_game(self.session.game_id, options=settings["options"])

    def agree_draw(self):
        self.cancel_thinking()
        self.session.agree_draw()
        self.changed()
        self.say("Drawn by agreement. Undo takes the agreement back.")

    def players_changed(self):
        for side in "wb":
            self.session.players[side] = element(f"player-{side}").value
        self.paused = self.paused and is_demo(self.session.players)
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
        if self.editor is not None:
            self.setup_place(cell)
            return
        if self.reviewing is not None:
            self.say("You are looking at a past position: Back to game (or Escape) to play on.")
            return
        played = self.session.click(cell, carry=carry)
        self.say(self.session.message)
        if played:
            self.changed()
        else:
            self.show_help()
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
            self.show_help()
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
        self.show_help()
        self.draw()
        again = element("builder").querySelector(f'button[data-cell="{cell}"]')
        if again is not None:
            again.focus()

    def play(self, move):
        """Automation hook: play a move text; returns {ok, error}."""
        try:
            self.session.play(str(move))
            self.reviewing = None
        except ValueError as error:
            self.say(str(error))
            return js_object({"ok": False, "error": str(error)})
        self.changed()
        return js_object({"ok": True, "error": None})

    # -- the computer (webapp/computer.py; the search runs in the AI worker) -----------
    def launch(self, coroutine):
        """Run a coroutine; an unexpected error becomes a message, as in handlers."""
        task = asyncio.ensure_future(coroutine)
        task.add_done_callback(lambda done: self.guarded(lambda e: done.result(), None))

    def need_worker(self):
        """Start the AI worker the first time the computer is wanted (a player set to
        Computer, or Hint), so start-up is not slowed and a page between two humans never
        runs a second interpreter.  Until it is ready the computer thinks on this thread."""
        if not self.worker_started:
            self.worker_started = True
            self.launch(self.start_worker())

    async def start_worker(self):
        try:
            proxy = await create_named_worker("./py/webapp/ai_worker.py", "ai", "./worker.toml")
        except Exception as error:  # noqa: BLE001 - the computer still plays, only slower
            js.console.warn(f"boardgames: the AI worker did not start: {error}")
            return
        self.computer.worker = Worker(proxy)
        document.body.dataset.worker = "ready"

    def level(self):
        return int(element("level").value)

    def cancel_thinking(self):
        self.computer.cancel()
        self.show_thinking(None)

    def maybe_think(self):
        session = self.session
        if self.paused or self.reviewing is not None or self.editor is not None or not session.to_move_is_computer():
            return
        self.show_thinking("Computer is thinking\u2026", "Move now")
        pause = pause_before_move(session.players, element("speed").value)
        self.launch(self.play_found(self.computer.search("move", session, self.level(), pause)))

    async def play_found(self, search):
        move = await search
        if move is None:  # cancelled: whoever cancelled has updated the page
            return
        self.show_thinking(None)
        self.session.play(move)
        self.changed()

    def ask_hint(self):
        session = self.session
        if session.result is not None or session.to_move_is_computer():
            self.say("A hint is for a human player, on their turn.")
            return
        if self.reviewing is not None:  # a hint is for the game in progress
            self.review(None)
        self.need_worker()
        self.hint = None
        self.draw()
        self.show_thinking("Looking for a hint\u2026", "Show now")
        self.launch(self.show_hint(self.computer.search("hint", session, self.level())))

    async def show_hint(self, search):
        move = await search
        if move is None:
            return
        self.show_thinking(None)
        self.hint = move
        self.say(f"Hint: {move} (the arrow on the board).")
        self.draw()

    def toggle_pause(self):
        self.paused = not self.paused
        self.say("Demo paused: Resume goes on." if self.paused else "")
        self.changed()

    def show_thinking(self, text, button=""):
        """The thinking indicator and its stop button; None hides them."""
        element("thinking").hidden = text is None
        if text is not None:
            element("thinking-text").textContent = text
            element("move-now").textContent = button

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
        self.show_history()
        element("undo").disabled = not (session.moves or session.agreed_draw)
        element("redo").disabled = not session.undone
        self.hint = None
        self.cancel_thinking()  # a search is for the position it started from
        if COMPUTER in session.players.values():
            self.need_worker()
        element("hint").disabled = session.result is not None or session.to_move_is_computer()
        element("demo").hidden = not is_demo(session.players)
        element("pause").textContent = "Resume" if self.paused else "Pause"
        element("pause").setAttribute("aria-pressed", "true" if self.paused else "false")
        self.show_help()
        self.draw()
        self.save()
        self.show_links()
        self.maybe_think()

    # -- history, saving and sharing (the formats are in record.py, choices in sharing.py) --
    def show_history(self):
        """The move list, a button per move that shows the position after it."""
        moves = element("move-list")
        moves.innerHTML = ""
        for number, move in enumerate(self.session.moves, start=1):
            button = self.add_text(self.add_text(moves, "li", ""), "button", move)
            button.type = "button"
            button.setAttribute("data-index", str(number))
            button.setAttribute("aria-label", f"Show the position after move {number}, {move}")
            button.setAttribute("aria-pressed", "true" if number == self.reviewing else "false")
        if self.reviewing is not None and self.reviewing >= len(self.session.moves):
            self.reviewing = None  # the live position is not a review
        element("review").hidden = self.reviewing is None
        if self.reviewing is not None:
            element("review-text").textContent = sharing.review_words(self.session, self.reviewing)

    def on_history_click(self, event):
        index = event.target.getAttribute("data-index")
        if index is not None:
            self.review(int(index))

    def on_escape(self, event):
        if event.key == "Escape" and self.reviewing is not None:
            self.review(None)

    def review(self, index):
        """Show the position after move `index` (None: back to the live game); the
        computer waits while a past position is shown."""
        self.reviewing = index
        self.cancel_thinking()
        self.session.selected = None
        self.show_history()
        self.draw()
        if self.reviewing is None:
            self.say("")
            element("board").focus()
            self.maybe_think()
        else:
            element("back-to-game").focus()

    def shown_state(self):
        return None if self.reviewing is None else self.session.states[self.reviewing]

    def storage(self):
        """The browser's localStorage, or None where it is refused (some sandboxed frames)."""
        try:
            return window.localStorage
        except Exception:  # noqa: BLE001 - a page without storage still plays
            return None

    def save(self):
        store = self.storage()
        if self.keep and store is not None:
            store.setItem(sharing.SAVE_KEY, saved_payload(self.session, self.level()))

    def base_url(self):
        return window.location.origin + window.location.pathname

    def show_links(self):
        """The share panel's link, record and embed code, and the embedded page's link to
        the full site, all for the game as it stands."""
        link = sharing.page_link(self.base_url(), self.session, self.level())
        element("share-link").value = link
        element("full-site").href = link
        element("record-text").value = game_record(self.session)
        element("embed-code").value = sharing.embed_snippet(
            sharing.page_link(self.base_url(), self.session, self.level(), embed=True))

    async def copy_link(self):
        box = element("share-link")
        try:
            await window.navigator.clipboard.writeText(box.value)
            self.say("Link copied: paste it to share this game.")
        except Exception:  # noqa: BLE001 - clipboard refused or missing: select it instead
            box.select()
            self.say("Copying was not allowed here: the link is selected, copy it with Ctrl+C.")

    def load_record(self):
        players = {side: element(f"player-{side}").value for side in "wb"}
        try:
            session = parse_record(element("record-paste").value, players=players)
        except ValueError as error:
            self.say(f"That record could not be loaded: {error}. Your game is unchanged.")
            return
        self.begin(session)
        self.say(f"Record loaded: {len(session.moves)} moves of {session.game.name}.")
        self.changed()

    def show_help(self):
        """The side panel's game-specific help: Pux's move builder, notes on the
        position, and the Draw button (between two humans, in games that allow it)."""
        session = self.session
        builder = assist.pux_builder(session)
        box = element("builder")
        box.innerHTML = ""
        box.hidden = builder is None
        if builder is not None:
            self.add_text(box, "p", f"Move potential: {builder['mp']}").className = "mp"
            for cell, carried in builder["carry"]:
                button = self.add_text(box, "button", f"carry {cell}")
                button.type = "button"
                button.setAttribute("data-cell", cell)
                button.setAttribute("aria-pressed", "true" if carried else "false")
            for line in builder["lines"]:
                self.add_text(box, "p", line)
        notes = element("notes")
        lines = assist.notes(session) + kings.range_notes(session.game, session.state)
        if notes.textContent != "".join(lines):  # unchanged notes are not announced again
            notes.innerHTML = ""
            for line in lines:
                self.add_text(notes, "li", line)
        notes.hidden = not lines
        element("draw").hidden = not (session.game_id in assist.AGREED_DRAW_GAMES and session.result is None
                                      and set(session.players.values()) == {HUMAN})

    @staticmethod
    def add_text(parent, tag, text):
        child = document.createElement(tag)
        child.textContent = text
        parent.appendChild(child)
        return child

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

    def theme(self):
        return "dark" if window.matchMedia("(prefers-color-scheme: dark)").matches else "light"

    def draw(self):
        cursor = None
        if self.cursor_shown:  # kept on the board (a new game may have other cells)
            cursor = self.cursor = access.start_cell(self.layout, self.cursor)
        if self.editor is not None:
            draw_setup(self.ctx, self.layout, self.editor, self.theme(), *self.css_size, cursor=cursor)
        else:
            draw_board(self.ctx, self.layout, self.session, self.theme(), *self.css_size, cursor=cursor,
                       shown=self.shown_state(), hint=self.hint, hover=self.hover)
        # what a screen reader says for the board: the cursor's cell, or how to use it
        words = access.BOARD_WORDS
        if cursor is not None:
            words = (access.man_words(self.session.game_id, self.editor.men, cursor) if self.editor is not None
                     else access.cell_words(self.session, cursor))
        self.canvas.setAttribute("aria-label", words)

    # -- the position editor (webapp/setup_editor.py) -----------------------------------
    def open_setup(self):
        """Show the "Set up position" panel, starting from the position on the board."""
        if self.reviewing is not None:
            self.review(None)
        self.cancel_thinking()
        session = self.session
        session.selected = None
        self.editor = BoardEditor(session.game, session.game.fen(session.state))
        palette = element("setup-palette")
        palette.innerHTML = ""
        for letter, words in self.editor.palette() + [("", "empty cell (remove)")]:
            button = self.add_text(palette, "button", words[0].upper() + words[1:])
            button.type = "button"
            button.setAttribute("data-letter", letter)
        self.setup_letter = self.editor.palette()[0][0]
        element("setup").hidden = False
        element("setup-open").setAttribute("aria-expanded", "true")
        self.show_setup()
        self.say("Choose a man, then click cells (or use the arrow keys and Enter on the board) "
                 "to place it; the same man again empties the cell.")
        palette.querySelector("button").focus()

    def show_setup(self):
        """The editor's position text, side to move and chosen man, and its board."""
        editor = self.editor
        element("setup-text").value = editor.text()
        element("setup-turn").value = editor.turn
        for button in element("setup-palette").querySelectorAll("button"):
            chosen = button.getAttribute("data-letter") == (self.setup_letter or "")
            button.setAttribute("aria-pressed", "true" if chosen else "false")
        self.draw()

    def on_palette_click(self, event):
        letter = event.target.getAttribute("data-letter")
        if letter is not None:
            self.setup_letter = letter or None
            self.show_setup()

    def setup_place(self, cell):
        if cell is not None:
            self.editor.place(cell, self.setup_letter)
            self.say("")
            self.show_setup()

    def setup_turn(self):
        self.editor.turn = element("setup-turn").value
        self.show_setup()

    def setup_typed(self):
        """A typed or pasted text: shown on the board once its form is right."""
        try:
            self.editor.load(element("setup-text").value)
        except ValueError as error:
            self.say(f"Position text: {error}")
            return
        element("setup-turn").value = self.editor.turn
        self.say("")
        self.draw()

    def clear_setup(self):
        self.editor.clear()
        self.show_setup()

    def start_setup(self):
        """Play on from the text in the box, if the engine accepts it; else say why and
        keep both the game and the editor."""
        text = element("setup-text").value
        try:
            self.new_game(self.session.game_id, fen=text, options=self.session.options)
        except ValueError as error:
            self.say(f"This position cannot be played: {error}")
            return
        self.say("Started from the position set up.")
        self.canvas.focus()

    def close_setup(self, changed=False):
        """Hide the editor (Cancel: back to the game as it was)."""
        if self.editor is None:
            return
        self.editor = None
        element("setup").hidden = True
        element("setup-open").setAttribute("aria-expanded", "false")
        if changed:
            self.say("")
            self.changed()

    # -- automation hook --------------------------------------------------------------
    def state_object(self):
        session = self.session
        return js_object({
            "game": session.game_id,
            "fen": session.game.fen(session.state),
            "legal": session.legal(),
            "result": session.result,
            "moves": list(session.moves),
            "selected": session.selected,
            "targets": sorted(session.destinations(session.selected)) if session.selected else [],
            "message": element("message").textContent,
            "options": session.options,
            "carried": sorted(session.carried, key=assist.notation_order),
            "thinking": self.computer.busy,
            "hint": self.hint,
            "paused": self.paused,
            "reviewing": self.reviewing,
            "cursor": self.cursor if self.cursor_shown else None,
        })

    def square_center(self, name):
        if name not in self.layout.by_name:
            return None
        x, y = self.layout.center(name)
        rect = self.canvas.getBoundingClientRect()
        return js_object({"x": rect.left + x, "y": rect.top + y})

    def hook_new_game(self, game_id, fen=None):
        """newGame(id, fen): `fen` a position text; omitted or null (not a string): the setup."""
        try:
            self.new_game(str(game_id), fen=fen if isinstance(fen, str) else None)
        except ValueError as error:
            return js_object({"ok": False, "error": str(error)})
        return js_object({"ok": True, "error": None})

    def install_hook(self):
        hook = js.Object.new()
        for name, fn in (("state", self.state_object), ("squareCenter", self.square_center),
                         ("newGame", self.hook_new_game), ("play", self.play)):
            proxy = create_proxy(fn)
            self.proxies.append(proxy)
            setattr(hook, name, proxy)
        window.boardgames = hook


def start():
    app = App()
    app.install()
    params = js.Object.fromEntries(js.URLSearchParams.new(window.location.search)).to_py()
    store = app.storage()
    saved = store.getItem(sharing.SAVE_KEY) if store is not None else None
    opening = sharing.opening(params, saved if isinstance(saved, str) else None)
    if opening["set_aside"]:
        store.setItem(sharing.SET_ASIDE_KEY, saved)
    app.keep = not opening["embed"]
    document.body.classList.toggle("embed", opening["embed"])
    element("level").value = str(opening["level"])
    app.begin(opening["session"])
    app.say(" ".join(opening["messages"]))
    app.changed()
    app.install_hook()
    element("loading").hidden = True
    document.body.dataset.ready = "1"
    return app


APP = start()
