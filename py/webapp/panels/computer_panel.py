"""The computer on the page: the players, the thinking indicator and Move now, Hint, the
level, and a demo's speed and Pause.  It shows what the page state holds and sends
commands; whether the computer thinks is decided by effects.py, and its search runs in
the AI worker (webapp/worker/computer.py)."""

from pyscript import document

from boardgames.ai import LEVEL_NAMES
from boardgames.texts import N_, _
from webapp.state import commands
from webapp.worker.computer import SPEED_NAMES, is_demo
from webapp.dom import element

# (what is shown while the computer thinks, the button that stops it: translated where shown)
THINKING = {"move": (N_("Computer is thinking\u2026"), N_("Move now")),
            "hint": (N_("Looking for a hint\u2026"), N_("Show now"))}


class ComputerPanel:
    def __init__(self, app):
        self.app = app

    def install(self):
        app = self.app
        # TRANSLATORS: a level of the computer in its list: "2. Casual"
        levels = {str(n): _("{number}. {name}").format(number=n, name=_(name)) for n, name in LEVEL_NAMES.items()}
        speeds = {value: _(name) for value, name in SPEED_NAMES.items()}
        for select_id, choices in (("level", levels), ("speed", speeds)):
            select = element(select_id)
            select.innerHTML = ""  # (start.js listed the levels before Python ran)
            for value, name in choices.items():
                option = document.createElement("option")
                option.value = value
                option.textContent = name
                select.appendChild(option)
        app.listen(element("move-now"), "click", lambda e: app.move_now())
        app.listen(element("hint"), "click", lambda e: app.do(commands.ask_hint))
        app.listen(element("pause"), "click", lambda e: app.do(commands.toggle_pause))
        for side in "wb":
            app.listen(element(f"player-{side}"), "change", lambda e: app.do(commands.set_players, self.chosen()))
        app.listen(element("level"), "change", lambda e: app.do(commands.set_level, int(element("level").value)))
        app.listen(element("speed"), "change", lambda e: app.do(commands.set_speed, element("speed").value))

    @staticmethod
    def chosen():
        return {side: element(f"player-{side}").value for side in "wb"}

    def render(self, state):
        session = state.session
        for side in "wb":  # (a game by link keeps its players: its moves come in links)
            element(f"player-{side}").value = state.players[side]
            element(f"player-{side}").disabled = state.friend is not None
        element("level").value = str(state.level)
        element("speed").value = state.speed
        element("hint").disabled = session.result is not None or session.to_move_is_computer()
        element("hint").hidden = not state.embed["engine"]
        element("demo").hidden = not is_demo(session.players)
        # TRANSLATORS: the button that resumes or pauses the computer's demo game
        element("pause").textContent = _("Resume") if state.paused else _("Pause")
        element("pause").setAttribute("aria-pressed", "true" if state.paused else "false")
        element("thinking").hidden = state.thinking is None
        if state.thinking is not None:
            text, button = THINKING[state.thinking]
            element("thinking-text").textContent = _(text)
            element("move-now").textContent = _(button)
