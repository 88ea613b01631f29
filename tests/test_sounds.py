"""The sound a move makes (webapp/words/sounds.py): move, capture, check (UOS), and the end of
a game heard as a win or a loss by the only human player, per game family."""

import os

import pytest

from tables import read_table
from webapp.state.session import COMPUTER, HUMAN, Session
from webapp.words.sounds import SOUNDS, change_sound, listener, move_sound

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIDES = {"white": "w", "black": "b"}


def played(game_id, moves, fen=None, options=None):
    session = Session(game_id, fen=fen, options=options)
    for move in moves:
        session.play(move)
    return session


def endings():
    """(game id, options, start position, moves, winner) of every scripted ending."""
    rows = []
    for game_id, fen, hooked, clicked, winner, _ in read_table(os.path.join(ROOT, "e2e", "data", "endings.txt"), 6):
        rows.append(pytest.param(game_id, None, None if fen == "-" else fen, (hooked + " " + clicked).split(),
                                 winner, id=f"{game_id}-{winner}"))
    for game_id, option, moves, winner, _ in read_table(os.path.join(ROOT, "e2e", "data", "vault_pux_games.txt"), 5):
        options = None if option == "-" else {option.split("=")[0]: int(option.split("=")[1])}
        rows.append(pytest.param(game_id, options, None, moves.split(), winner, id=f"{game_id}-{winner}"))
    return rows


@pytest.mark.parametrize("game_id,moves,sound", read_table(os.path.join(ROOT, "tests", "data", "sounds.txt"), 3))
def test_moves_captures_and_checks(game_id, moves, sound):
    session = played(game_id, moves.split())
    for viewer in ("w", "b", None):
        assert move_sound(session.game, session.state, session.result, viewer) == sound


@pytest.mark.parametrize("game_id,options,fen,moves,winner", endings())
def test_the_last_move_is_a_win_for_the_winner_and_a_loss_for_the_loser(game_id, options, fen, moves, winner):
    session = played(game_id, moves, fen, options)
    heard = {viewer: move_sound(session.game, session.state, session.result, viewer) for viewer in ("w", "b", None)}
    if winner == "draw":
        assert heard == {"w": "draw", "b": "draw", None: "draw"}
    else:
        side = SIDES[winner]
        assert heard == {side: "win", "wb".replace(side, ""): "loss", None: "win"}


@pytest.mark.parametrize("white,black,side", [(HUMAN, COMPUTER, "w"), (COMPUTER, HUMAN, "b"),
                                              (HUMAN, HUMAN, None), (COMPUTER, COMPUTER, None)])
def test_the_listener_is_the_only_human(white, black, side):
    assert listener({"w": white, "b": black}) == side


def test_only_a_new_move_makes_a_sound():
    session = Session("tablut")
    shown = session.state
    assert change_sound(session, shown) is None, "nothing happened"
    session.play("f1-f2")
    assert change_sound(session, shown) == "move"
    shown = session.state
    session.play("e4-b4")
    session.play("i4-e4")
    assert change_sound(session, shown) is None, "two moves since: the page missed one"
    shown = session.state
    session.undo()
    assert change_sound(session, shown) is None
    session.redo()
    assert change_sound(session, session.states[-2]) == "capture", "a move replayed sounds again"
    assert change_sound(Session("tablut"), shown) is None, "a new game"


def test_every_sound_has_tones_the_player_can_play():
    for name, tones in SOUNDS.items():
        assert tones, name
        for wave, frequency, start, length, loudness in tones:
            assert wave in ("sine", "square", "triangle", "sawtooth")
            assert 50 <= frequency <= 4000 and start >= 0 and 0 < length <= 1 and 0 < loudness <= 1
    assert len({tuple(tones) for tones in SOUNDS.values()}) == len(SOUNDS), "each sound is its own"
