"""The free-men check (tools/free_men.py): which moves take a man no reply wins back."""

import pytest

import free_men
from boardgames import get_game
from helpers import table_rows

# (game, position, the moves there that take a man that no reply wins back): in the third,
# h6-f6 takes one too, but h5-h6 takes one back; in the setup there is nothing to take
FREE_TAKES = """
| vut-extermination | 9/pp1ppp1pp/1op1o1o2/oo4opo/3o1OOO1/1Oo3O2/OO1POP2O/PP1P1PPPP/9 w | d3-d4       |
| vut-extermination | 9/pp1ppp1pp/1op1oO1o1/oo2o2po/3o2OOO/3O2O2/OO1POP3/P1PP1PPPP/9 b | e6-f6 h7-g7 |
| vut-extermination | 9/pp1ppp1pp/1op1oOo2/oo2o2po/3o2OOO/2O3O2/OO1POP3/P1PP1PPPP/9 b  | e6-f6       |
| vut-extermination | 9/ppppppppp/ooooooooo/9/9/9/OOOOOOOOO/PPPPPPPPP/9 w               | ""          |
"""


@pytest.mark.parametrize("game_id,fen,takes", table_rows(FREE_TAKES))
def test_a_free_take_is_a_capture_no_reply_answers(game_id, fen, takes):
    game = get_game(game_id)
    assert free_men.free_takes(game, game.new(fen=fen)) == takes.split()
