"""The end of a game: a card over the board saying who won and why, with New game,
Rematch (the same game, colours swapped against the computer) and Review.  Whether it is
up is the page state's `card` (effects.py raises it once for a game that ends on this
page); closing it leaves the board as it ended."""

from webapp.state import commands
from webapp.dom import element
from webapp.state.session import COMPUTER, HUMAN


class ResultPanel:
    def __init__(self, app):
        self.app = app

    def install(self):
        app = self.app
        app.listen(element("result-new"), "click", lambda e: app.do(commands.new_game_again, focus="board"))
        app.listen(element("result-rematch"), "click", lambda e: app.do(commands.rematch, focus="board"))
        app.listen(element("result-review"), "click",
                   lambda e: app.do(commands.review_from_start, focus="back-to-game"))
        app.listen(element("result-close"), "click", lambda e: app.do(commands.close_card, focus="board"))

    @staticmethod
    def render(state):
        element("result-card").hidden = not state.card
        if not state.card:
            return
        session = state.session
        headline, reason = session.result_words()
        element("result-title").textContent = headline
        element("result-reason").textContent = reason
        players = session.players.values()
        element("result-rematch").hidden = COMPUTER not in players or HUMAN not in players
