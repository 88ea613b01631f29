"""Texel tuning (tools/tune_weights.py): the weights a game declares are what its
evaluation uses, the fit recovers known weights, and the module's table is rewritten."""

import random
import sys

import numpy as np
import pytest

import tune_weights
from boardgames import GAME_IDS, get_game
from boardgames.core import Game

TUNABLE = [game_id for game_id in GAME_IDS if get_game(game_id).weights]


def test_every_game_declares_weights():
    assert TUNABLE == list(GAME_IDS)


@pytest.mark.parametrize("game_id", TUNABLE)
def test_the_evaluation_is_the_weighted_features_where_they_rate(game_id):
    game = get_game(game_id)
    rng = random.Random(game_id)
    rated = 0
    for _game in range(6):
        state = game.new()
        for _ply in range(80):
            if game.result(state):
                break
            found = game.features(state)
            if found is not None:
                rated += 1
                white = sum(game.weights[name] * value for name, value in found.items())
                assert game.evaluate(state) == (white if state.turn == "w" else -white)
            state = game.play(state, rng.choice(sorted(game.legal(state))))
    assert rated > 50


def test_the_fit_finds_the_weights_that_made_the_results():
    rng = np.random.default_rng(7)
    x = rng.normal(size=(6000, 3)) * [2.0, 5.0, 10.0]
    truth, k = np.array([100.0, 40.0, -8.0]), 0.01
    y = (rng.random(6000) < 1 / (1 + np.exp(-k * (x @ truth)))).astype(float)
    start = np.array([100.0, 10.0, 0.0])
    assert tune_weights.fit_k(x, y, truth) == pytest.approx(k, rel=0.2)
    found = tune_weights.fit_weights(x, y, start, k, tune_weights.PRIORS[0])
    assert found[0] == 100
    assert found[1:] == pytest.approx(truth[1:], rel=0.2, abs=2)
    assert tune_weights.texel_loss(x, y, found, k) < tune_weights.texel_loss(x, y, start, k)


def results_of(rng, count, truth, k):
    x = rng.normal(size=(count, 3)) * [2.0, 5.0, 10.0]
    return x, (rng.random(count) < 1 / (1 + np.exp(-k * (x @ truth)))).astype(float)


def test_the_pull_is_as_strong_as_the_games_need():
    """Cross-validation: a strong pull where the current weights are right and the games
    few, a light one where many games show them wrong."""
    rng, k = np.random.default_rng(3), 0.01
    current = np.array([100.0, 10.0, 0.0])
    few_right = [results_of(rng, 150, current, k) for _fold in (0, 1)]
    many_wrong = [results_of(rng, 6000, np.array([100.0, 40.0, -8.0]), k) for _fold in (0, 1)]
    assert tune_weights.choose_prior(few_right, current, k) >= 0.1
    assert tune_weights.choose_prior(many_wrong, current, k) <= 0.01


def test_the_table_between_the_markers_is_rewritten():
    text = 'A = 1\n# -- weights begin --\nWEIGHTS = {"a": 1}\n# -- weights end --\nB = 2\n'
    rewritten = tune_weights.with_weights(text, {"a": 5, "bb": -3})
    assert rewritten == 'A = 1\n# -- weights begin --\nWEIGHTS = {"a": 5, "bb": -3}\n# -- weights end --\nB = 2\n'
    with pytest.raises(ValueError, match="markers"):
        tune_weights.with_weights("WEIGHTS = {}\n", {"a": 1})


def test_a_module_of_several_games_has_a_table_for_each():
    text = ('# -- weights begin g1 --\nG1_WEIGHTS = {"a": 1}\n# -- weights end --\n'
            '# -- weights begin g2 --\nG2_WEIGHTS = {"a": 1}\n# -- weights end --\n')
    assert tune_weights.with_weights(text, {"a": 7}, "g2") == (
        '# -- weights begin g1 --\nG1_WEIGHTS = {"a": 1}\n# -- weights end --\n'
        '# -- weights begin g2 --\nG2_WEIGHTS = {"a": 7}\n# -- weights end --\n')
    with pytest.raises(ValueError, match="weights begin g3"):
        tune_weights.with_weights(text, {"a": 7}, "g3")


@pytest.mark.parametrize("game_id", TUNABLE)
def test_each_games_table_is_the_one_it_uses(game_id):
    """Rewriting a game's table in its module and running the module again gives the game
    those weights, and every other game of the module its own as before."""
    game = get_game(game_id)
    module = sys.modules[type(game).__module__]
    with open(module.__file__) as f:
        text = f.read()
    doubled = {name: 2 * value for name, value in game.weights.items()}
    namespace = {"__name__": module.__name__, "__package__": module.__package__}
    exec(compile(tune_weights.with_weights(text, doubled, game_id), module.__file__, "exec"), namespace)
    weights = {value.id: value.weights for value in namespace.values()
               if isinstance(value, type) and issubclass(value, Game) and value.id in TUNABLE}
    assert weights[game_id] == doubled
    assert {other: table for other, table in weights.items() if other != game_id} == {
        other: get_game(other).weights for other in weights if other != game_id}


def test_the_match_judges_weights_by_play():
    """Weights that would rather lose men lose to the game's own (and would not be written)."""
    game = get_game("vut-7x7")
    careless = {name: -100 if name in ("pieces", "pawns") else value for name, value in game.weights.items()}
    wins, draws, losses, score, _low, _high = tune_weights.match("vut-7x7", careless, 1, 1, 1, plies=30)
    assert wins + draws + losses == 2 and score < 0.5
