"""The end of a game: a card over the board saying who won and why, with New game,
Rematch (the same game, colours swapped against the computer) and Review.  It shows
once for a game that ends on this page (a game opened finished says so in its status);
closing it leaves the board as it ended."""

from webapp.dom import element
from webapp.session import COMPUTER, HUMAN


class ResultPanel:
    def __init__(self, app):
        self.app = app
        self.ended = None  # (session, revision) of the finished position the card is for

    def install(self):
        app = self.app
        app.listen(element("result-new"), "click", lambda e: self.new_game(swap=False))
        app.listen(element("result-rematch"), "click", lambda e: self.new_game(swap=True))
        app.listen(element("result-review"), "click", lambda e: self.review())
        app.listen(element("result-close"), "click", lambda e: self.close())

    def show(self):
        session = self.app.session
        words = session.result_words()
        position = (session, session.revision)
        if (words is None or session.revision == 0 or self.app.view.reviewing is not None
                or self.app.coach.run is not None):  # a lesson or puzzle says it in its panel
            element("result-card").hidden = True
            return
        if position == self.ended:
            return
        self.ended = position
        headline, reason = words
        element("result-title").textContent = headline
        element("result-reason").textContent = reason
        players = session.players.values()
        element("result-rematch").hidden = COMPUTER not in players or HUMAN not in players
        element("result-card").hidden = False
        element("result-new").focus()

    def close(self):
        element("result-card").hidden = True
        element("board").focus()

    def new_game(self, swap):
        """A new game of the same game and options; a rematch swaps colours with the computer."""
        session = self.app.session
        if swap:
            for side, other in (("w", "b"), ("b", "w")):
                element(f"player-{side}").value = session.players[other]
        element("result-card").hidden = True
        self.app.new_game(session.game_id, options=session.options)
        element("board").focus()

    def review(self):
        """Step through the game from its first move."""
        element("result-card").hidden = True
        self.app.review(1 if len(self.app.session.moves) > 1 else None)
        element("back-to-game").focus()
