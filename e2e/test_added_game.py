"""A game added without touching the site (tests/games/breakthrough.py) plays in the page.

The test serves the site's own page with one change: its Python entry first registers
the game, then starts the page as usual (`import webapp.main`).  Everything else (game
list, drawing, clicks, status) is the site's unchanged code."""

import os

from browser import READY_TIMEOUT_MS, ROOT
from page_helpers import play_by_clicks, state

GAME = os.path.join(ROOT, "tests", "games", "breakthrough.py")
ENTRY = """import boardgames
from breakthrough import Breakthrough

boardgames.register(Breakthrough)
import webapp.main  # noqa: E402,F401 - the page starts as it always does
"""
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
        page.route(f"{site}/{name}", answer(body, kind))


def answer(body, kind):
    return lambda route: route.fulfill(body=body, content_type=kind)


def test_a_game_defined_under_tests_is_offered_and_played_by_clicks(context, site, watch):
    page = context.new_page()
    page.on("console", lambda m: m.type == "error" and watch.console_errors.append(m.text))
    page.on("pageerror", lambda e: watch.console_errors.append(str(e)))
    page.on("request", lambda r: watch.requests.append(r.url))
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
