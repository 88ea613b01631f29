"""The page: DOM, canvas, pointer events and the automation hook (runs in PyScript).

Everything that can be decided without the DOM lives in session.py, layout.py and
render.py; this module wires them to the page.
"""

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from boardgames import GAME_IDS, get_game
from boardgames.ai import LEVEL_NAMES, Searcher
from webapp import assist, kings, rules_panel
from webapp.layout import Layout, board_cells
from webapp.render import draw_board
from webapp.session import COMPUTER, HUMAN, Session

THINK_SLICE = 0.05  # seconds of search between yields to the browser


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
        self.searcher = None
        self.think_token = 0
        self.hover = None  # the cell under the pointer
        self.proxies = []
        self.css_size = (0, 0)

    # -- setup -------------------------------------------------------------------
    def install(self):
        select = element("game-select")
        for game_id in GAME_IDS:
            option = document.createElement("option")
            option.value = game_id
            option.textContent = get_game(game_id).name
            option.title = get_game(game_id).summary
            select.appendChild(option)
        level = element("level")
        for number, name in LEVEL_NAMES.items():
            option = document.createElement("option")
            option.value = str(number)
            option.textContent = f"{number}. {name}"
            level.appendChild(option)
        level.value = "2"
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
        self.listen(self.canvas, "pointerdown", self.on_pointer)
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
        self.session = Session(game_id, options=options, fen=fen, players=players)
        element("game-select").value = game_id
        element("game-summary").textContent = self.session.game.summary
        self.show_rules()
        self.show_options()
        self.resize()
        self.say("")
        self.changed()

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
        self.new_game(self.session.game_id, options=assist.options_from_query(self.session.game_id, chosen)[0])

    def agree_draw(self):
        self.cancel_thinking()
        self.session.agree_draw()
        self.changed()
        self.say("Drawn by agreement. Undo takes the agreement back.")

    def players_changed(self):
        for side in "wb":
            self.session.players[side] = element(f"player-{side}").value
        self.cancel_thinking()
        self.changed()

    def undo(self):
        self.cancel_thinking()
        if not self.session.undo():
            self.say("Nothing to undo.")
        self.changed()

    def redo(self):
        self.cancel_thinking()
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
        played = self.session.click(self.event_cell(event), carry=bool(event.shiftKey))
        self.say(self.session.message)
        if played:
            self.changed()
        else:
            self.show_help()
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
            self.cancel_thinking()
            self.session.play(str(move))
        except ValueError as error:
            self.say(str(error))
            return js_object({"ok": False, "error": str(error)})
        self.changed()
        return js_object({"ok": True, "error": None})

    # -- the computer ----------------------------------------------------------------
    def cancel_thinking(self):
        self.think_token += 1
        self.searcher = None

    def maybe_think(self):
        if not self.session.to_move_is_computer() or self.searcher is not None:
            return
        self.searcher = Searcher(self.session.game, self.session.state, level=int(element("level").value))
        token = self.think_token
        self.schedule(lambda: self.think_step(token))

    def schedule(self, fn, delay=0):
        proxy = create_proxy(lambda: self.guarded(lambda e: fn(), None))
        self.proxies.append(proxy)
        js.setTimeout(proxy, delay)

    def think_step(self, token):
        if token != self.think_token or self.searcher is None:
            return
        if self.searcher.think(THINK_SLICE):
            move = self.searcher.best_move
            self.searcher = None
            self.session.play(move)
            self.changed()
        else:
            self.schedule(lambda: self.think_step(token))

    # -- output ----------------------------------------------------------------------
    def say(self, text):
        element("message").textContent = text

    def changed(self):
        """The position changed: redraw, refresh the side panel, let the computer move."""
        session = self.session
        element("status").textContent = session.status()
        document.body.dataset.result = "" if session.result is None else (session.result["winner"] or "draw")
        moves = element("move-list")
        moves.innerHTML = ""
        for move in session.moves:
            item = document.createElement("li")
            item.textContent = move
            moves.appendChild(item)
        element("undo").disabled = not (session.moves or session.agreed_draw)
        element("redo").disabled = not session.undone
        self.show_help()
        self.draw()
        self.maybe_think()

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
        draw_board(self.ctx, self.layout, self.session, self.theme(), *self.css_size, hover=self.hover)

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
    params = js.URLSearchParams.new(window.location.search)
    wanted = params.get("game") or GAME_IDS[0]
    if wanted not in GAME_IDS:
        app.new_game(GAME_IDS[0])
        app.say(f"There is no game '{wanted}' here; showing {get_game(GAME_IDS[0]).name}.")
    else:
        query = {name: params.get(name) for name in get_game(wanted).options}
        options, problem = assist.options_from_query(wanted, query)
        app.new_game(wanted, options=options)
        app.say(problem)
    app.install_hook()
    element("loading").hidden = True
    document.body.dataset.ready = "1"
    return app


APP = start()
