"""The game's own panels: the list of all games, the rules panel, the game's options and
the help beside the board (Pux's move builder, notes on the position, the Draw button).
What they say is decided in rules_panel.py, assist.py and kings.py."""

from pyscript import document

from boardgames import GAME_IDS, get_game
from webapp import assist, kings, rules_panel
from webapp.dom import add_text, element
from webapp.session import HUMAN


def list_games(app):
    """Every game with its one-line description, each a button that starts it."""
    listing = element("game-list")
    for game_id in GAME_IDS:
        game = get_game(game_id)
        button = document.createElement("button")
        button.type = "button"
        button.dataset.game = game_id
        add_text(button, "strong", game.name)
        add_text(button, "span", game.summary)
        item = document.createElement("li")
        item.appendChild(button)
        listing.appendChild(item)
        app.listen(button, "click", lambda e, game_id=game_id: pick_game(app, game_id))


def pick_game(app, game_id):
    element("all-games").open = False
    app.new_game(game_id)


def show_rules(game):
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
                add_text(item, "strong", lead)
            item.appendChild(document.createTextNode(rest))
            listing.appendChild(item)
        body.appendChild(listing)


def show_options(game):
    """A choice per option of the game (Vault's board size); hidden for games without."""
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


def chosen_options(game):
    """{option name: the value chosen on the page (text)}."""
    return {name: element(f"option-{name}").value for name in game.options}


def show_help(session):
    """The side panel's game-specific help: Pux's move builder, notes on the
    position, and the Draw button (between two humans, in games that allow it)."""
    builder = assist.pux_builder(session)
    box = element("builder")
    box.innerHTML = ""
    box.hidden = builder is None
    if builder is not None:
        add_text(box, "p", f"Move potential: {builder['mp']}").className = "mp"
        for cell, carried in builder["carry"]:
            button = add_text(box, "button", f"carry {cell}")
            button.type = "button"
            button.setAttribute("data-cell", cell)
            button.setAttribute("aria-pressed", "true" if carried else "false")
        for line in builder["lines"]:
            add_text(box, "p", line)
    notes = element("notes")
    lines = assist.notes(session) + kings.range_notes(session.game, session.state)
    if notes.textContent != "".join(lines):  # unchanged notes are not announced again
        notes.innerHTML = ""
        for line in lines:
            add_text(notes, "li", line)
    notes.hidden = not lines
    element("draw").hidden = not (session.game_id in assist.AGREED_DRAW_GAMES and session.result is None
                                  and set(session.players.values()) == {HUMAN})
