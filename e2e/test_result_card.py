"""The end of a game as a player meets it: a card says who won and why, it is announced,
and New game, Rematch (colours swapped against the computer) and Review work."""

from page_helpers import click_cell, show_activity, state

# Tablut: White's king escapes on the last click.
ESCAPE = "a4-a3 e6-h6 a3-a2 e5-e6 a2-a1 e6-c6 b5-b4".split()


def finish(page, black="human"):
    """Play to White's winning move between humans, let `black` take Black's side, win."""
    show_activity(page, "play")  # (the players' choice)
    page.select_option("#player-w", "human")
    page.select_option("#player-b", "human")
    assert page.evaluate("() => window.boardgames.newGame('tablut')")["ok"]
    for move in ESCAPE:
        assert page.evaluate("m => window.boardgames.play(m)", move)["ok"]
    page.select_option("#player-b", black)
    click_cell(page, "c6")
    click_cell(page, "c9")
    assert state(page)["result"]["winner"] == "white"


def test_the_card_says_who_won_and_why_and_review_steps_through(module_page):
    page = module_page
    finish(page)
    card = page.locator("#result-card")
    assert card.is_visible() and card.get_attribute("role") == "alertdialog"
    assert page.inner_text("#result-title") == "White wins"
    assert page.inner_text("#result-reason") == "The king escaped to the edge."
    assert page.evaluate("document.activeElement.id") == "result-new", "the card takes the focus"
    assert page.is_hidden("#result-rematch"), "no rematch between two humans"
    assert "White wins: the king escaped to the edge." in page.inner_text("#announce")
    page.click("#result-review")
    assert state(page)["reviewing"] == 1 and card.is_hidden()
    assert page.is_visible("#panel-review") and page.is_hidden("#panel-play"), "the Review activity shows"
    page.click("#back-to-game")
    assert card.is_hidden(), "the card shows once for a game's end"


def test_rematch_swaps_colours_with_the_computer(module_page):
    page = module_page
    finish(page, black="computer")
    assert page.inner_text("#result-title") == "You won!"
    page.click("#result-rematch")
    s = state(page)
    assert s["moves"] == [] and s["result"] is None and s["game"] == "tablut"
    assert page.input_value("#player-w") == "computer" and page.input_value("#player-b") == "human"
    assert page.locator("#result-card").is_hidden()
    assert s["thinking"] is None, "Black, now the human, moves first in Tablut"
    page.select_option("#player-w", "human")
