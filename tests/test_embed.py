"""URL settings of embedded boards (py/webapp/state/embed.py): colours, orientation, the move to
open a record at, the viewer's steps and words; each bad value explained, never fatal."""

import os
from urllib.parse import parse_qsl

import pytest

from tables import read_table
from webapp.state.embed import embed_settings, opening_index, step, viewer_words

DATA = os.path.join(os.path.dirname(__file__), "data", "embed_params.txt")
DEFAULTS = embed_settings({})[0]
MOVES = ["d1-d3", "e3-f3", "a4-a3"]


def expected(text):
    """'flip=True ply=12 speed=0.5' -> {'flip': True, 'ply': 12, 'speed': 0.5}"""
    changed = {}
    for item in text.split():
        name, value = item.split("=")
        changed[name] = value == "True" if value in ("True", "False") else \
            int(value) if name == "ply" else float(value) if name == "speed" else value
    return changed


@pytest.mark.parametrize("query,fragment,changed,messages", read_table(DATA, 4), ids=lambda s: s[:30])
def test_url_settings_and_their_messages(query, fragment, changed, messages):
    params = dict(parse_qsl(query)) if query != "-" else {}
    settings, problems = embed_settings(params, "" if fragment == "-" else f"#{fragment}")
    assert {k: v for k, v in settings.items() if v != DEFAULTS[k]} == expected(changed)
    assert problems == ([m.strip() for m in messages.split(" / ")] if messages else [])


def test_defaults():
    assert DEFAULTS == {"theme": "auto", "bg": "auto", "ply": None, "speed": 1.5, "flip": False,
                        "viewer": False, "autoplay": False, "autostart": False, "engine": True}


@pytest.mark.parametrize("ply,autoplay,index,problem", [
    (None, False, None, None),  # the game as it stands
    (None, True, 0, None),  # autoplay plays the record from its start
    (0, False, 0, None),
    (2, True, 2, None),
    (3, False, None, None),  # the last move: the game as it stands
    (9, False, None, "ply 9 is past the record's 3 moves; showing the last position."),
])
def test_the_record_opens_at_its_ply(ply, autoplay, index, problem):
    settings = {**DEFAULTS, "ply": ply, "autoplay": autoplay}
    assert opening_index(settings, MOVES) == (index, problem)


def test_autoplay_without_moves_shows_the_game():
    assert opening_index({**DEFAULTS, "autoplay": True}, []) == (None, None)


@pytest.mark.parametrize("index,action,after", [
    (None, "back", 2), (2, "back", 1), (0, "back", 0), (0, "forward", 1), (2, "forward", None),
    (None, "forward", None), (1, "first", 0), (1, "last", None), (None, "first", 0),
])
def test_viewer_steps_stay_within_the_record(index, action, after):
    assert step(index, MOVES, action) == after


def test_viewer_words():
    assert viewer_words(0, MOVES) == "Start position (move 0 of 3)"
    assert viewer_words(1, MOVES) == "Move 1 of 3: d1-d3"
    assert viewer_words(None, MOVES) == "Move 3 of 3: a4-a3"
