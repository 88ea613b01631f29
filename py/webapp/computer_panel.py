"""The computer on the page: the players, the thinking indicator and Move now, Hint, the
level, and a demo's speed and Pause (the search itself is webapp/computer.py, run in the
AI worker).  It reacts to the session and the view: a new position drops the hint, and
whenever the position, the players, a review or the editor change, any search begun
before is cancelled and the computer thinks again if it is its turn."""

import js
from pyscript import create_named_worker, document

from boardgames.ai import LEVEL_NAMES
from webapp.computer import SPEED_NAMES, Computer, Worker, added_games, is_demo, pause_before_move
from webapp.dom import element
from webapp.session import COMPUTER


class ComputerPanel:
    def __init__(self, app):
        self.app = app
        self.computer = Computer()
        self.paused = False  # a demo (computer against computer) on hold
        self.worker_started = False
        self.position = None  # (session, revision) last shown: a new one drops the hint
        self.situation = None  # what the computer last started or stopped thinking for

    def install(self):
        app = self.app
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
        app.listen(element("move-now"), "click", lambda e: self.computer.stop_early())
        app.listen(element("hint"), "click", lambda e: self.ask_hint())
        app.listen(element("pause"), "click", lambda e: self.toggle_pause())
        for side in "wb":
            app.listen(element(f"player-{side}"), "change", lambda e: self.players_changed())
        app.listen(level, "change", lambda e: app.update())

    def need_worker(self):
        """Start the AI worker the first time the computer is wanted (a player set to
        Computer, or Hint), so start-up is not slowed and a page between two humans never
        runs a second interpreter.  Until it is ready the computer thinks on this thread."""
        if not self.worker_started:
            self.worker_started = True
            self.app.launch(self.start_worker())

    async def start_worker(self):
        try:
            proxy = await create_named_worker("./py/webapp/ai_worker.py", "ai", "./worker.toml")
            await proxy.register_games(added_games())
        except Exception as error:  # noqa: BLE001 - the computer still plays, only slower
            js.console.warn(f"boardgames: the AI worker did not start: {error}")
            return
        self.computer.worker = Worker(proxy)
        document.body.dataset.worker = "ready"

    @staticmethod
    def level():
        return int(element("level").value)

    def cancel_thinking(self):
        self.computer.cancel()
        self.show_thinking(None)

    def maybe_think(self):
        app = self.app
        session = app.session
        if (self.paused or app.view.reviewing is not None or app.setup.editor is not None
                or not session.to_move_is_computer()):
            return
        self.show_thinking("Computer is thinking\u2026", "Move now")
        pause = pause_before_move(session.players, element("speed").value)
        app.launch(self.play_found(self.computer.search("move", session, self.level(), pause)))

    async def play_found(self, search):
        move = await search
        if move is None:  # cancelled: whoever cancelled has updated the page
            return
        self.show_thinking(None)
        self.app.session.play(move)
        self.app.update()

    def ask_hint(self):
        app = self.app
        session = app.session
        if session.result is not None or session.to_move_is_computer():
            app.say("A hint is for a human player, on their turn.")
            return
        if app.view.reviewing is not None:  # a hint is for the game in progress
            app.review(None)
        self.need_worker()
        app.view.hint = None
        app.draw()
        self.show_thinking("Looking for a hint\u2026", "Show now")
        app.launch(self.show_hint(self.computer.search("hint", session, self.level())))

    async def show_hint(self, search):
        move = await search
        if move is None:
            return
        self.show_thinking(None)
        self.app.view.hint = move
        self.app.say(f"Hint: {move} (the arrow on the board).")
        self.app.draw()

    def toggle_pause(self):
        self.paused = not self.paused
        self.app.say("Demo paused: Resume goes on." if self.paused else "")
        self.app.update()

    def players_changed(self):
        """A demo stays paused only while both players are the computer."""
        session = self.app.session
        for side in "wb":
            session.players[side] = element(f"player-{side}").value
        self.paused = self.paused and is_demo(session.players)
        self.app.update()

    def show(self):
        """A new position drops the hint; a new situation (position, players, level, a
        review, the editor, a pause) cancels any search begun before and lets the
        computer move if it is its turn.  Then the buttons for the game as it stands."""
        app = self.app
        session = app.session
        position = (session, session.revision)
        if position != self.position:
            self.position = position
            app.view.hint = None
        situation = (position, tuple(session.players.values()), self.level(), app.view.reviewing,
                     app.setup.editor is not None, self.paused)
        if situation != self.situation:
            self.situation = situation
            self.cancel_thinking()
            if COMPUTER in session.players.values():
                self.need_worker()
            self.maybe_think()
        element("hint").disabled = session.result is not None or session.to_move_is_computer()
        element("demo").hidden = not is_demo(session.players)
        element("pause").textContent = "Resume" if self.paused else "Pause"
        element("pause").setAttribute("aria-pressed", "true" if self.paused else "false")

    @staticmethod
    def show_thinking(text, button=""):
        """The thinking indicator and its stop button; None hides them."""
        element("thinking").hidden = text is None
        if text is not None:
            element("thinking-text").textContent = text
            element("move-now").textContent = button
