"""The endgame suite for finishing won games (tools/endings.py) and its data."""

import pytest

import arena
import endings
from boardgames import get_game
from boardgames.core import men_lead


def test_the_suite_parses_and_each_side_named_is_ahead():
    with open(endings.SUITE, encoding="utf-8") as f:
        suite = endings.parse_suite(f.read())
    assert {game_id for game_id, _, _ in suite} == set(endings.GAMES)
    for game_id, fen, ahead in suite:
        game = get_game(game_id)
        state = game.new(fen)
        assert game.result(state) is None
        lead = men_lead(game, state)
        assert (lead if ahead == "white" else -lead) >= arena.CONVERT_LEAD


def test_a_line_needs_four_fields_and_a_side():
    text = "# a comment\n\nvut-extinction | 9/9/9/9/9/9/9/9/9 w | white | here  # and another\n"
    assert endings.parse_suite(text) == [("vut-extinction", "9/9/9/9/9/9/9/9/9 w", "white")]
    for bad in ("vut-extinction | 9/9/9/9/9/9/9/9/9 w | white", "vut | 9/9/9/9/9/9/9/9/9 w | red | here"):
        with pytest.raises(ValueError, match="line 1"):
            endings.parse_suite(bad)


def test_an_ending_is_played_out_to_its_end_or_the_cap():
    game = get_game("vut-extermination")
    nodes = {**arena.DEFAULT_NODES, 3: 300, 2: 300}
    assert endings.play_out(game, "9/9/9/9/o8/9/1O7/9/9 w", "white", (3, 2), nodes, 4, "1") == ("won", 1)
    how, plies = endings.play_out(game, "9/9/6o2/9/9/3O5/2O6/4P4/9 w", "white", (3, 2), nodes, 2, "1")
    assert how in ("won", "cap") and plies <= 2
