"""The game's own panels: the game choice and the list of all games, the rules window, the
game's options, the status line and live region, and the help beside the board (the move
builder of games whose moves are built in steps, notes on the position, the Draw button).
Everything game-specific comes from the game's declarations (boardgames.core.Game)."""

from pyscript import document

from boardgames import game_class, game_ids
from boardgames.core import BLACK, WHITE
from boardgames.texts import N_, _
from webapp.words import access, rules_panel
from webapp.state import commands
from webapp.words.captured import by_kind, lost_men, lost_words
from webapp.dom import add_text, element
from webapp.drawing.picture import man_svg
from webapp.state.session import HUMAN

# The label before a side's captured men
LOST_LABELS = {WHITE: N_("White:"), BLACK: N_("Black:")}


class GamePanel:
    def __init__(self, app):
        self.app = app
        self.shown = None  # the session whose game, rules and options are shown
        self.spoken = None  # (session, revision) the live region last spoke of
        self.losses = None  # what the captured men's panel shows
        self.plies = 0  # moves played then

    def install(self):
        app = self.app
        select = element("game-select")
        select.innerHTML = ""  # start.js listed the games for the page before Python ran
        listing = element("game-list")
        for game_id in game_ids():
            game = game_class(game_id)  # (its tables are built only for the game played)
            option = add_text(select, "option", _(game.name))
            option.value = game_id
            option.title = _(game.summary)
            button = add_text(add_text(listing, "li", ""), "button", "")
            button.type = "button"
            button.dataset.game = game_id
            add_text(button, "strong", _(game.name))
            add_text(button, "span", _(game.summary))
            app.listen(button, "click", lambda e, game_id=game_id: app.do(commands.pick_game, game_id, focus="board"))
        app.listen(select, "change", lambda e: app.do(commands.new_game, select.value))
        app.listen(element("new-game"), "click", lambda e: app.do(commands.new_game_again))
        app.listen(element("game-options"), "change", lambda e: app.do(commands.change_options, self.chosen_options()))
        app.listen(element("draw"), "click", lambda e: app.do(commands.agree_draw))
        app.listen(element("builder"), "click", self.on_builder_click)

    def on_builder_click(self, event):
        """A toggle of the move builder: pick or drop an extra cell of the move."""
        cell = event.target.getAttribute("data-cell")
        if cell is None:
            return
        self.app.do(commands.toggle_extra, cell)
        again = element("builder").querySelector(f'button[data-cell="{cell}"]')
        if again is not None:
            again.focus()

    def chosen_options(self):
        """{option name: the value chosen on the page (text)}."""
        return {name: element(f"option-{name}").value for name in self.app.state.session.game.options}

    # -- showing -------------------------------------------------------------------
    def render(self, state):
        session = state.session
        if session is not self.shown:
            self.shown = session
            self.plies = len(session.moves)  # a new or loaded game: the live region says only its status
            element("game-select").value = session.game_id
            for button in element("game-list").querySelectorAll("button"):
                button.setAttribute("aria-current", "true" if button.dataset.game == session.game_id else "false")
            element("game-summary").textContent = _(session.game.summary)
            show_rules(session.game)
            show_options(session.game)
        element("status").textContent = session.status()
        if self.spoken != (session, session.revision):
            self.spoken = (session, session.revision)
            element("announce").textContent = access.announcement(session, self.plies)
            self.plies = len(session.moves)
        result = session.result
        document.body.dataset.result = "" if result is None else (result["winner"] or "draw")
        element("undo").disabled = not (session.moves or session.agreed_draw)
        element("redo").disabled = not session.undone
        show_help(session)
        self.show_captured(state)

    def show_captured(self, state):
        """Each side's lost men, as the board draws them, with counts; up to the position
        shown (a past one while reviewing)."""
        session, view = state.session, state.view
        shown = view.shown_index(session) + 1
        losses = (session, session.revision, shown, view.theme, view.board)
        if losses == self.losses:
            return
        self.losses = losses
        lost = lost_men(session.game, session.states[:shown])
        for side in "wb":
            row = element(f"captured-{side}")
            row.innerHTML = ""
            add_text(row, "span", lost_words(session.game, side, lost[side])).className = "visually-hidden"
            if not lost[side]:
                continue  # (nothing to see: the words above are for screen readers)
            shown_row = add_text(row, "span", "")
            shown_row.setAttribute("aria-hidden", "true")
            shown_row.className = "shown"
            add_text(shown_row, "span", _(LOST_LABELS[side])).className = "side"
            for letter, count in by_kind(session.game, lost[side]):
                add_text(shown_row, "span", "").innerHTML = man_svg(session.game, letter, view)
                if count > 1:
                    add_text(shown_row, "span", f"\u00d7{count}").className = "count"


def show_rules(game):
    body = element("rules-body")
    body.innerHTML = ""
    add_text(body, "p", _(game.summary))
    for title, items in rules_panel.sections(game):
        add_text(body, "h3", title)
        listing = add_text(body, "ul", "")
        for lead, rest in items:
            item = add_text(listing, "li", "")
            if lead:
                add_text(item, "strong", lead)
            item.appendChild(document.createTextNode(rest))


def show_options(game):
    """A choice per option of the game (Vault's board size); hidden for games without."""
    box = element("game-options")
    box.innerHTML = ""
    for name, allowed in game.options.items():
        tag = add_text(box, "label", f"{_(game.option_words(name, '')[0])} ")
        select = add_text(tag, "select", "")
        select.id = f"option-{name}"
        for value in allowed:
            add_text(select, "option", game.option_words(name, value)[1]).value = str(value)
        select.value = str(game.chosen[name])
    box.hidden = not game.options


def show_help(session):
    """The side panel's game-specific help: the move builder, notes on the position, and
    the Draw button (between two humans, in games that allow it)."""
    builder = session.builder()
    box = element("builder")
    box.innerHTML = ""
    box.hidden = builder is None
    if builder is not None:
        add_text(box, "p", builder["title"]).className = "mp"
        verbs = session.game.extra_verbs
        for cell, picked in builder["choices"]:
            if verbs:
                # TRANSLATORS: a button of the move builder: the game's verb ("carry") and a cell ("d4")
                words = _("{verb} {cell}").format(verb=_(verbs[0]), cell=cell)
            else:
                # TRANSLATORS: a button of the move builder that picks a man to take on a cell: "take d4"
                words = _("take {cell}").format(cell=cell)
            button = add_text(box, "button", words)
            button.type = "button"
            button.setAttribute("data-cell", cell)
            button.setAttribute("aria-pressed", "true" if picked else "false")
        for line in builder["lines"]:
            add_text(box, "p", line)
    notes = element("notes")
    lines = session.notes()
    if notes.textContent != "".join(lines):  # unchanged notes are not announced again
        notes.innerHTML = ""
        for line in lines:
            add_text(notes, "li", line)
    notes.hidden = not lines
    element("draw").hidden = not (session.game.agreed_draw and session.result is None
                                  and set(session.players.values()) == {HUMAN})
