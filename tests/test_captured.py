"""Men lost by each side (webapp/words/captured.py), over scripted games (tests/data/captured.txt)."""

import os

import pytest

from boardgames import get_game
from tables import read_table
from webapp.words.captured import by_kind, lost_men, lost_words
from webapp.state.session import Session

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "captured.txt")


def letters(field):
    return [] if field == "-" else field.split()


@pytest.mark.parametrize("game_id,moves,white,black", read_table(DATA, 4))
def test_lost_men_in_the_order_they_fell(game_id, moves, white, black):
    session = Session(game_id)
    for move in moves.split():
        session.play(move)
    assert lost_men(session.game, session.states) == {"w": letters(white), "b": letters(black)}
    assert lost_men(session.game, session.states[:1]) == {"w": [], "b": []}


@pytest.mark.parametrize("game_id,lost,kinds", [
    ("uos", "P N P Q P", [("Q", 1), ("N", 1), ("P", 3)]),
    ("vut-royal", "p k o p", [("o", 1), ("p", 2), ("k", 1)]),
    ("pux", "", []),
])
def test_losses_by_kind_in_the_games_order(game_id, lost, kinds):
    assert by_kind(get_game(game_id), lost.split()) == kinds


@pytest.mark.parametrize("game_id,side,lost,words", [
    ("vut-royal", "b", "p k o p", "Black has lost a piece, 2 pawns and a king."),
    ("uos", "w", "Q", "White has lost a queen."),
    ("pux", "w", "", "White has lost no men."),
])
def test_words_for_a_sides_losses(game_id, side, lost, words):
    assert lost_words(get_game(game_id), side, lost.split()) == words
