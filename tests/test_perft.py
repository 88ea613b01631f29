import pytest

from boardgames.perft import perft
from perft import make_game, perft_cases


@pytest.mark.parametrize("game_id,options,fen,depth,count", perft_cases(),
                         ids=lambda v: str(v)[:40])
def test_perft(game_id, options, fen, depth, count):
    game = make_game(game_id, options)
    state = game.new(fen=fen)
    assert perft(game, state, depth) == count
