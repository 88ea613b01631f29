"""Captured men beside the board, as a player sees them and a screen reader reads them."""

from page_helpers import new_game, state

# Tablut: Black takes two Swedes, White a Muscovite (tests/data/captured.txt).
MOVES = "f1-f2 e4-b4 i4-e4 e6-b6 i6-c6".split()


def test_each_sides_losses_show_as_men_with_counts(module_page):
    page = module_page
    new_game(page, "tablut")
    for move in MOVES:
        assert page.evaluate("m => window.boardgames.play(m)", move)["ok"]
    assert state(page)["moves"] == MOVES
    assert page.inner_text("#captured-w .visually-hidden") == "White has lost 2 soldiers."
    assert page.inner_text("#captured-b .visually-hidden") == "Black has lost a soldier."
    assert page.locator("#captured-w svg").count() == 1 and page.inner_text("#captured-w .count") == "\u00d72"
    assert page.locator("#captured-b svg").count() == 1 and page.locator("#captured-b .count").count() == 0
    white_man = page.locator("#captured-w svg path").first.get_attribute("style")
    assert "fill:#fbfaf5" in white_man, "a white man, drawn as on the board"
    page.click("#move-list button[data-index='2']")  # before any capture
    assert page.inner_text("#captured-w .visually-hidden") == "White has lost no men."
    page.click("#back-to-game")
    assert page.inner_text("#captured-w .visually-hidden") == "White has lost 2 soldiers."
