"""Games by link (webapp/words/friend_link.py and the page state's friend mode): the code
round-trips random games of every game and size, stays short, and refuses what was
changed, cut or made for another game; opening a link makes the visitor the friend's
opponent without touching their saved game."""

import ast
import json
import os
import random

import pytest
from helpers import ROOT

import vendor
from boardgames import GAME_IDS, get_game
from webapp.state import commands, friend
from webapp.state.effects import Marks, decide
from webapp.state.page_state import PageState
from webapp.state.session import FRIEND, HUMAN, Session
from webapp.state.settings import defaults
from webapp.words import friend_link, sharing
from webapp.words.record import saved_payload

GAMES = [(game_id, {name: value}) for game_id in GAME_IDS
         for name, values in get_game(game_id).options.items() for value in values] + [(g, {}) for g in GAME_IDS]
BASE = "https://games.example/school/"


def random_game(game_id, options, plies=300, seed=7):
    session = Session(game_id, options=options)
    rng = random.Random(seed)
    while len(session.moves) < plies and session.result is None:
        session.play(rng.choice(session.legal()))
    return session


@pytest.mark.parametrize("game_id,options", GAMES, ids=[f"{g}{o}" for g, o in GAMES])
def test_a_game_round_trips_in_a_short_link(game_id, options):
    session = random_game(game_id, options)
    code = friend_link.encode(session)
    assert friend_link.decode(Session(game_id, options=options), code) == session.moves
    link = sharing.friend_page_link(BASE, session, "w")
    assert len(link) <= 2000, (len(session.moves), len(link))


@pytest.mark.parametrize("change,words", [
    ("flip", "does not check out"),
    ("cut", "does not check out|cut short"),
    ("short", "cut short"),
    ("version", "another version"),
    ("letters", "damaged"),
    ("other game", "does not check out"),
])
def test_a_changed_cut_or_foreign_code_is_refused_with_a_reason(change, words):
    session = random_game("tablut", {}, plies=40)
    code = friend_link.encode(session)
    target = Session("tablut")
    if change == "flip":
        code = code[:-2] + ("B" if code[-2] != "B" else "C") + code[-1]
    elif change == "cut":
        code = code[:-4]
    elif change == "short":
        code = code[:5]
    elif change == "version":
        code = "Aw" + code[2:]  # first byte 3
    elif change == "letters":
        code = code[:10] + "*" + code[11:]
    else:
        target = Session("vault")
    with pytest.raises(ValueError, match=words):
        friend_link.decode(target, code)


def test_opening_a_link_makes_the_visitor_the_friends_opponent_and_keeps_the_saved_game():
    session = random_game("vault", {"size": 8}, plies=5)
    query = sharing.friend_page_link(BASE, session, "b").split("?", 1)[1]
    params = dict(pair.split("=", 1) for pair in query.split("&"))
    saved = saved_payload(random_game("tablut", {}, plies=3), 2)
    opened = sharing.opening(params, saved)
    assert opened["friend"] == "b" and opened["session"].moves == session.moves
    assert opened["session"].players == {"b": HUMAN, "w": FRIEND}
    broken = sharing.opening({**params, "g": params["g"][:-3] + "xyz"}, saved)
    assert broken["friend"] is None and broken["session"].game_id == "tablut", "the saved game, untouched"
    assert any("could not be set up" in m for m in broken["messages"])


def test_a_game_by_link_keeps_the_friends_moves_and_is_not_saved_as_the_game():
    state = PageState(Session("tablut"), settings=defaults())
    marks = Marks()
    decide(state, marks)
    commands.click(state, "d1")
    commands.click(state, "d3")
    decide(state, marks)
    friend.play_by_link(state, "w")
    assert state.friend == {"mode": "link", "side": "w", "received": 1, "id": state.friend["id"]}
    assert len(state.friend["id"]) == 10 and state.view.flipped is False
    assert decide(state, marks).save is None
    commands.undo(state)
    assert state.session.moves == ["d1-d3"] and "cannot be taken back" in state.message
    commands.play(state, state.session.legal()[0])
    commands.click(state, "d3")
    assert "friend's move" in state.session.message and len(state.session.moves) == 2
    commands.new_game_again(state)
    assert state.friend is None and FRIEND not in state.session.players.values()


def test_the_page_imports_the_qr_wheel_the_build_vendors():
    """(The panel needs the browser: its QR_WHEEL is read from its source.)"""
    with open(os.path.join(ROOT, "py", "webapp", "panels", "qr_code.py")) as f:
        wheel = next(ast.literal_eval(node.value) for node in ast.parse(f.read()).body
                     if isinstance(node, ast.Assign) and node.targets[0].id == "QR_WHEEL")
    assert wheel in vendor.PAGE_WHEELS


def test_the_list_of_games_by_link_follows_the_game_and_reads_back_only_what_it_wrote():
    state = PageState(Session("tablut"), settings=defaults())
    marks = Marks()
    decide(state, marks)
    friend.play_by_link(state, "b")
    first = decide(state, marks).friend_game
    assert first == {"id": state.friend["id"], "name": "Tablut", "side": "b", "moves": 0, "turn": "yours"}
    commands.play(state, state.session.legal()[0])
    assert decide(state, marks).friend_game["turn"] == "friend"
    assert decide(state, marks).friend_game is None, "kept once per change"
    link = sharing.friend_page_link(BASE, state.session, "w", state.friend["id"])
    assert f"&id={state.friend['id']}" in link
    kept = [{**first, "link": link}]
    assert sharing.read_friend_games(json.dumps(kept)) == kept
    assert sharing.read_friend_games("not json") == [] and sharing.read_friend_games('[{"id": 1}]') == []


def test_a_links_bad_game_id_is_said_and_left_out():
    session = random_game("tablut", {}, plies=3)
    query = sharing.friend_page_link(BASE, session, "w", "zz!").split("?", 1)[1]
    opened = sharing.opening(dict(pair.split("=", 1) for pair in query.split("&")), None)
    assert opened["friend"] == "w" and opened["friend_id"] is None
    assert any("not listed" in message for message in opened["messages"])
