"""A game added without touching the site: Breakthrough 5x5 (tests/games/breakthrough.py),
registered here, goes through the engine contract, the AI, the page's logic (clicks,
words, drawing, records, links) like the site's own games."""

import json
import os
import random
import subprocess
import sys

import pytest
from helpers import drawn

import boardgames
from boardgames import game_ids, get_game
from boardgames.ai import choose_move
from webapp.words import access, sharing
from webapp.worker.computer import added_games
from webapp.words.record import game_record, parse_record
from webapp.drawing.render import THEMES
from webapp.state.session import Session
from webapp.state.view import View

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "games"))
from breakthrough import Breakthrough  # noqa: E402

if "breakthrough" not in game_ids():
    boardgames.register(Breakthrough)

# White breaks through: e2 takes d4, then e5 on the far rank.
BREAK = "e2-e3 a4-a3 e3-d4 a3-b2 d4-e5".split()


def test_registering_offers_the_game_after_the_sites_own():
    assert game_ids()[:len(boardgames.GAME_IDS)] == boardgames.GAME_IDS
    assert game_ids()[-1] == "breakthrough" and "breakthrough" not in boardgames.GAME_IDS
    with pytest.raises(ValueError, match="an id of its own"):
        boardgames.register(Breakthrough)


def test_the_contract_holds_in_random_games():
    game = get_game("breakthrough")
    rng = random.Random(5)
    for _ in range(30):
        state = game.new()
        while game.result(state) is None:
            moves = game.legal(state)
            assert moves, "a game without a result has moves"
            state = game.play(state, rng.choice(moves))
            assert game.new(game.fen(state)).board == state.board
        assert game.legal(state) == [] and game.result(state)["winner"] in ("white", "black")


def test_clicks_play_a_whole_game_with_words_for_each_step():
    session = Session("breakthrough")
    assert session.click("e2") is None and sorted(session.destinations("e2")) == ["d3", "e3"]
    assert session.click("e3") == "e2-e3"
    for move in BREAK[1:]:
        src, dst = move.split("-")
        session.click(src)
        assert session.click(dst) == move
    assert session.state.last == ("d4-e5", ("e5",))
    assert session.status() == "White wins: White broke through"
    assert session.click("a1") is None and session.message.startswith("The game is over")
    taken = Session("breakthrough")
    for move in BREAK[:3]:
        taken.play(move)
    assert access.move_words(taken) == "White e3 to d4, captures d4."
    assert access.cell_words(taken, "d4") == "d4: white pawn"
    assert Session("breakthrough").why_not("a5") == "That is a black pawn: White is to move."


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_its_men_are_drawn_from_its_declarations(theme):
    view = View()
    view.theme = theme
    ctx, layout = drawn(Session("breakthrough"), view)
    white = {layout.cell_at(*m.centre) for m in ctx.fills(THEMES[theme]["white_man"])}
    black = {layout.cell_at(*m.centre) for m in ctx.fills(THEMES[theme]["black_man"])}
    assert white == {f"{f}{r}" for f in "abcde" for r in "12"}
    assert black == {f"{f}{r}" for f in "abcde" for r in "45"}


def test_records_links_and_the_computer_know_it():
    session = Session("breakthrough")
    for move in BREAK[:2]:
        session.play(move)
    again = parse_record(game_record(session))
    assert again.moves == BREAK[:2] and again.game_id == "breakthrough"
    opened = sharing.opening({"game": "breakthrough", "moves": " ".join(BREAK[:4])}, None)
    assert opened["session"].moves == BREAK[:4] and opened["messages"] == []
    game = get_game("breakthrough")
    best = choose_move(game, opened["session"].state, level=2)
    assert game.result(game.play(opened["session"].state, best))["winner"] == "white", "it takes the win"


# A fresh interpreter with only the site's files, as the AI worker is: it learns the page's
# added game from what the page sends, then searches it.
WORKER = """
import json, sys
from webapp.worker import ai_worker
sent = sys.stdin.read()
print(ai_worker.register_games(sent))
print(ai_worker.register_games(sent))
ai_worker.start("breakthrough", "{}", %r, json.dumps(%r), 2)
print(json.loads(ai_worker.think(0.2))["best"])
"""


def test_the_ai_worker_registers_the_games_the_page_registered():
    sent = json.loads(added_games())
    assert [game["module"] for game in sent] == ["breakthrough"]
    played = BREAK[:2]
    env = {**os.environ, "PYTHONPATH": os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "py")}
    game = get_game("breakthrough")
    out = subprocess.run([sys.executable, "-c", WORKER % (game.fen(game.new()), played)], input=json.dumps(sent), env=env,
                         capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[:2] == ['["breakthrough"]', "[]"], "registered once"
    state = game.new()
    for move in played:
        state = game.play(state, move)
    assert out[2] in game.legal(state)
