"""The engine contract (core.py; docs/engine.md), checked for every
registered game: random playouts, position-text round trips, immutability, and parser
fuzzing."""

import random

import pytest

from boardgames import GAME_IDS, game_class, get_game, register
from boardgames.core import LOSES, MATE_OR_STALEMATE, Game, men_lead

PLAYOUTS = 12


def test_unknown_game_and_option():
    with pytest.raises(ValueError, match="unknown game"):
        get_game("chess")
    with pytest.raises(ValueError):
        get_game("tablut", size=9)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_declares_its_rule_book(game_id):
    game = get_game(game_id)
    assert game.id == game_id and game.name and game.summary and game.rules and game.rulings
    assert all(isinstance(text, str) and text for text in (*game.rules, *game.rulings))
    board = game.setup.split()[0]
    assert set(board) - set("/0123456789") <= set(game.letters)
    assert len(set(game.letters)) == len(game.letters)
    assert game.no_move in (LOSES, MATE_OR_STALEMATE) and game.repetition_draw in (None, 2, 3, 4, 5)
    assert all(name in game.grid.names for name in game.men(game.new()))


def test_a_game_must_supply_its_moves_and_a_new_id():
    class Unfinished(Game):
        id = "unfinished"

        def generate(self, state):
            return iter(())
    with pytest.raises(TypeError, match="apply"):
        Unfinished()
    with pytest.raises(ValueError, match="id of its own"):
        register(type(get_game(GAME_IDS[0])))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_setup_round_trips(game_id):
    game = get_game(game_id)
    state = game.new()
    assert game.fen(state) == game.setup
    assert game.fen(game.new(fen=game.fen(state))) == game.setup
    assert game.result(state) is None
    assert game.legal(state)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_playouts(game_id):
    """Every listed move plays, texts round-trip, inputs stay unchanged, and the ply cap
    leaves room for random games to end (half their moves captures when there are any,
    so that games won by taking men end too)."""
    game = get_game(game_id)
    rng = random.Random(game_id)
    endings = 0
    for _ in range(PLAYOUTS):
        state = game.new()
        for _ in range(game.ply_cap):
            if game.result(state) is not None:
                break
            text = game.fen(state)
            moves = game.legal(state)
            assert moves, "a game that is not over has a legal move"
            assert len(set(moves)) == len(moves), "moves are listed once"
            reparsed = game.new(fen=text)
            assert game.has_move(reparsed), "has_move agrees with the move list"
            assert game.fen(reparsed) == text
            assert sorted(game.legal(reparsed)) == sorted(moves)
            noisy = game.noisy_moves(state)
            move = rng.choice(noisy if noisy and rng.random() < 0.5 else moves)
            after = game.play(state, move)
            assert game.fen(state) == text, "play must not change its input"
            assert sorted(game.legal(state)) == sorted(moves)
            state = after
        result = game.result(state)
        if result is not None:
            endings += 1
            assert result["winner"] in ("white", "black", None)
            assert isinstance(result["reason"], str) and result["reason"]
            assert game.legal(state) == []
            fresh = game.new(fen=game.fen(state))
            assert game.has_move(fresh) == bool(game.moves(game.new(fen=game.fen(state))))
            with pytest.raises(ValueError):
                game.play(state, "a1-a2")
            game.new(fen=game.fen(state))  # a finished position still parses
    assert endings >= PLAYOUTS // 3, \
        f"only {endings} of {PLAYOUTS} random games ended within {game.ply_cap} plies"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_illegal_moves_raise_clear_errors(game_id):
    game = get_game(game_id)
    state = game.new()
    before = game.fen(state)
    for bad in ["", "z", "a1-a1", "e2e4", "zz9-a1", "a1-b2-c3", "e5-e5", 42, None, "a0-a1"]:
        if bad in game.legal(state):
            continue
        with pytest.raises(ValueError) as info:
            game.play(state, bad)
        assert str(info.value)
    assert game.fen(state) == before


def mutate(text, rng):
    ops = [
        lambda t: t[:rng.randrange(len(t) + 1)],
        lambda t: t.replace("/", "//", 1),
        lambda t: t.replace("/", "", 1),
        lambda t: t + " " + rng.choice(["w", "x", "0", "-", "zz"]),
        lambda t: t.replace(" ", "", 1),
        lambda t: "".join(rng.sample(t, len(t))),
        lambda t: t[: (i := rng.randrange(len(t)))] + rng.choice("0123456789/xXqQkK- abw") + t[i + 1:],
        lambda t: t[: (i := rng.randrange(len(t)))] + rng.choice("0123456789/xXkK") + t[i:],
    ]
    return rng.choice(ops)(text)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_position_text_fuzz(game_id):
    """Mangled position texts either parse to a canonical text or raise ValueError."""
    game = get_game(game_id)
    rng = random.Random(7)
    seeds = [game.setup]
    state = game.new()
    for _ in range(30):
        moves = game.legal(state)
        if not moves:
            break
        state = game.play(state, rng.choice(moves))
        seeds.append(game.fen(state))
    rejected = 0
    for _ in range(1500):
        text = mutate(rng.choice(seeds), rng)
        try:
            state = game.new(fen=text)
        except ValueError as error:
            assert str(error)
            rejected += 1
            continue
        canonical = game.fen(state)
        assert game.fen(game.new(fen=canonical)) == canonical
        game.legal(state)
        game.result(state)
    assert rejected > 300
    for junk in [5, b"bytes", "", " ", "/////", "\x00", "w", "9/9/9 w", "ab" * 500]:
        with pytest.raises(ValueError):
            game.new(fen=junk)


def test_a_games_class_is_had_without_building_its_rule_book():
    assert [game_class(game_id) for game_id in GAME_IDS] == [type(get_game(game_id)) for game_id in GAME_IDS]
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        game_class("chess")


def test_men_lead_counts_men_of_any_kind():
    game = get_game("vut-extermination")
    assert men_lead(game, game.new("9/9/6o2/9/9/3O5/2O6/4P4/9 w")) == 2
    assert men_lead(game, game.new()) == 0


def test_men_lead_counts_from_the_setup():
    """Tablut sets 16 Muscovites against the king and 8 Swedes: even at the start."""
    game = get_game("tablut")
    assert men_lead(game, game.new()) == 0
    assert men_lead(game, game.new("3s1s3/4s4/4S4/s3S3s/ssSSKSSss/s3S3s/4S4/4s4/3sss3 b")) == 1  # a Muscovite taken
