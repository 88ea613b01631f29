"""A game added without touching the site (tests/games/breakthrough.py) plays in the page.

The test serves the site's own page with one change: its Python entry first registers
the game, then starts the page as usual (`import webapp.main`).  Everything else (game
list, drawing, clicks, status) is the site's unchanged code."""

import os
import sys

from browser import READY_TIMEOUT_MS, ROOT
from page_helpers import play_by_clicks, state

GAME = os.path.join(ROOT, "tests", "games", "breakthrough.py")
ENTRY = """import boardgames
from breakthrough import Breakthrough

boardgames.register(Breakthrough)
import webapp.main  # noqa: E402,F401 - the page starts as it always does
"""
sys.path.insert(0, os.path.dirname(GAME))
from breakthrough import Breakthrough  # noqa: E402

BREAK = "e2-e3 a4-a3 e3-d4 a3-b2 d4-e5".split()


def read(name):
    with open(os.path.join(ROOT, name)) as f:
        return f.read()


def serve_page_with_added_game(page, site):
    """Route `added-game.html` and its `added-game/` files: the site's page and config,
    pointed at an entry that registers Breakthrough first."""
    html = read("index.html")
    entry = '<script type="py" config="./pyscript.toml">import webapp.main</script>'
    assert html.count(entry) == 1
    html = html.replace(entry, '<script type="py" src="./added-game/start.py" config="./added-game/pyscript.toml"></script>')
    config = read("pyscript.toml").replace('"./py/', '"../py/').replace(
        "[files]\n", '[files]\n"./breakthrough.py" = "./"\n')
    files = {"added-game.html": (html, "text/html"), "added-game/pyscript.toml": (config, "text/plain"),
             "added-game/start.py": (ENTRY, "text/plain"), "added-game/breakthrough.py": (read(GAME), "text/plain")}
    for name, (body, kind) in files.items():
        page.route(f"{site}/{name}*", answer(body, kind))  # (with or without a query)


def answer(body, kind):
    return lambda route: route.fulfill(body=body, content_type=kind)


def test_a_game_defined_under_tests_is_offered_and_played_by_clicks(context, site, watch):
    page = watch.follow(context.new_page())
    serve_page_with_added_game(page, site)
    page.goto(f"{site}/added-game.html")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
    assert page.locator("#game-list button[data-game='breakthrough']").count() == 1
    page.select_option("#game-select", "breakthrough")
    assert state(page)["game"] == "breakthrough"
    assert page.inner_text("#game-summary") == "Race a pawn to the far rank, capturing diagonally on the way."
    for move in BREAK:
        play_by_clicks(page, move)
    assert page.inner_text("#status") == "White wins: White broke through"
    assert page.get_attribute("body", "data-result") == "white"
    assert watch.console_errors == [] and watch.foreign_requests() == []


def test_the_computer_plays_the_added_game_from_its_worker(context, site, watch):
    """The AI worker's files hold only the site's games: it learns the added one from the
    page, and answers the human's move itself (not the page's thread)."""
    page = watch.follow(context.new_page())
    serve_page_with_added_game(page, site)
    page.goto(f"{site}/added-game.html?game=breakthrough&computer=black&level=1")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
    page.wait_for_selector("body[data-worker='ready']", state="attached", timeout=READY_TIMEOUT_MS)
    play_by_clicks(page, "e2-e3")
    page.wait_for_function("window.boardgames.state().moves.length === 2")
    s = state(page)
    game = Breakthrough()
    assert s["moves"][1] in game.legal(game.play(game.new(), "e2-e3"))
    assert s["searches"]["in_worker"] == 1, "the worker answered"
    assert watch.console_errors == [] and watch.foreign_requests() == []
