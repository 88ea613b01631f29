"""A fixed action space and observation planes for learning agents (boardgames/learning.py),
over random positions of every game: every legal move has a number of its own, in range,
the same in every position, and back; the planes show the men where they stand."""

import random

import pytest

from boardgames import GAME_IDS, get_game
from boardgames.learning import action_space, observation_planes

GAMES = [(game_id, {}) for game_id in GAME_IDS] + [("vault", {"size": size}) for size in (6, 8, 12)]
PLAYOUTS, PLIES = 6, 120

# game | options | actions | observation shape (height, width, channels)
SPACES = """
vut       |        | 6561  | 9, 9, 8
vut-royal |        | 6561  | 9, 9, 10
vut-7x7   |        | 2401  | 7, 7, 8
vut-11x11 |        | 14641 | 11, 11, 8
tablut    |        | 6561  | 9, 9, 7
vault     |        | 10000 | 10, 10, 6
vault     | size=6 | 1296  | 6, 6, 6
pux       |        | 69632 | 8, 8, 10
uos       |        | 12769 | 15, 15, 22
"""


def rows(table):
    return [[field.strip() for field in line.split("|")] for line in table.strip().splitlines()]


def random_positions(game, seed):
    rng = random.Random(seed)
    for _playout in range(PLAYOUTS):
        state = game.new()
        for _ply in range(PLIES):
            moves = game.legal(state)
            yield state, moves
            if not moves:
                break
            state = game.play(state, rng.choice(moves))


@pytest.mark.parametrize("game_id,options,size,shape", rows(SPACES))
def test_each_game_s_sizes(game_id, options, size, shape):
    game = get_game(game_id, **dict((k, int(v)) for k, v in (o.split("=") for o in options.split())))
    assert action_space(game).size == int(size)
    assert observation_planes(game).shape == tuple(int(n) for n in shape.split(","))


@pytest.mark.parametrize("game_id,options", GAMES)
def test_every_legal_move_has_a_number_of_its_own_and_back(game_id, options):
    game = get_game(game_id, **options)
    space = action_space(game)
    seen = {}
    for state, moves in random_positions(game, game_id):
        actions = [space.action(move) for move in moves]
        assert len(set(actions)) == len(moves) and all(0 <= a < space.size for a in actions)
        assert [space.move(a) for a in actions] == moves
        assert space.legal_actions(state) == sorted(actions)
        mask = space.mask(state)
        assert len(mask) == space.size and sum(mask) == len(moves) and all(mask[a] for a in actions)
        for move, action in zip(moves, actions):
            assert seen.setdefault(move, action) == action  # the same number in every position
    assert len(seen) > 100


def test_from_cell_by_to_cell():
    game = get_game("tablut")
    space, cells = action_space(game), len(game.grid.names)
    names = game.grid.names
    assert space.action("d1-d3") == names.index("d1") * cells + names.index("d3")
    assert space.move(names.index("e9") * cells + names.index("a9")) == "e9-a9"
    pux = action_space(get_game("pux"))
    block = 64 * 64
    assert block <= pux.action("c7:c1") < 2 * block
    assert pux.action("c7:c1") - block == pux.action("c7-c1")
    assert pux.action("b1,b2c1-a2") >= 2 * block


@pytest.mark.parametrize("bad", ["e5-e5", "z9-a1", "d1:d3", 6561, -1, "7"])
def test_what_names_no_move_is_refused(bad):
    space = action_space(get_game("tablut"))
    with pytest.raises(ValueError, match="no (move|action) of tablut"):
        space.move(bad) if isinstance(bad, int) else space.action(bad)


@pytest.mark.parametrize("game_id", ["vut-royal", "pux", "uos"])
def test_the_planes_show_the_men_and_the_turn(game_id):
    game = get_game(game_id)
    planes = observation_planes(game)
    height, width, channels = planes.shape
    for state, _moves in random_positions(game, 1):
        for observer in "wb":
            seen = planes.observe(state, observer)
            assert len(seen) == height * width * channels and set(seen) <= {0, 1}
            men = {name: letter for name in planes.spot for letter, channel in planes.letters.items()
                   if seen[planes.spot[name] * channels + channel]}
            assert men == game.men(state)
            flags = [seen[c] for c in range(len(game.letters) + 1, channels)]  # (a flag fills its plane: read at the first spot)
            assert flags[:3] == [observer == "w", state.turn == "w", state.repetitions() > 1]
            assert flags[3:] == list(game.observation_flags(state))


def test_pux_and_uos_flags():
    pux = get_game("pux")
    assert pux.observation_flags(pux.new(fen="1ssssss1/1ssssss1/8/8/8/8/1SSSSSS1/1SSSSSS1 w b")) == (False, True)
    uos = get_game("uos")
    state = uos.new(fen=uos.setup.replace(" w 0 0 0 1", " w 2 1 0 9"))
    assert uos.observation_flags(state) == (True, True, False, True, False, False)
