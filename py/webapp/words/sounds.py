"""Which sound a move makes, and what each sound is (tones that the page's sound.js plays
with WebAudio, so no sound file is needed).

A move sounds `move`, a capture `capture`, a check (UOS) `check`; the move that ends the
game sounds `win` or `loss` for the listener (`draw` for a draw).  The listener is the
only human player; with two humans at one screen or a computer demo there is no losing
side to console, and a decided game sounds `win`.
"""

from webapp.state.session import HUMAN

# sound -> tones (wave, frequency in Hz, start in s, length in s, loudness 0-1)
SOUNDS = {
    "move": [("triangle", 392, 0.0, 0.07, 0.7)],
    "capture": [("square", 147, 0.0, 0.06, 0.35), ("triangle", 294, 0.02, 0.12, 0.8)],
    "check": [("sine", 880, 0.0, 0.1, 0.6), ("sine", 1175, 0.12, 0.16, 0.6)],
    "win": [("triangle", 523, 0.0, 0.14, 0.7), ("triangle", 659, 0.12, 0.14, 0.7),
            ("triangle", 784, 0.24, 0.14, 0.7), ("triangle", 1047, 0.36, 0.4, 0.7)],
    "loss": [("triangle", 392, 0.0, 0.22, 0.7), ("triangle", 311, 0.2, 0.22, 0.7),
             ("triangle", 262, 0.4, 0.5, 0.7)],
    "draw": [("sine", 440, 0.0, 0.2, 0.6), ("sine", 440, 0.26, 0.3, 0.6)],
}


def listener(players):
    """The side whose point of view the sounds take: the only human's, else None."""
    humans = [side for side, who in players.items() if who == HUMAN]
    return humans[0] if len(humans) == 1 else None


def move_sound(game, after, result, viewer):
    """The sound of the move that led to `after`, given the game's `result` then and
    the listener `viewer` ('w', 'b' or None)."""
    if result is not None:
        if result["winner"] is None:
            return "draw"
        return "loss" if viewer is not None and result["winner"][0] != viewer else "win"
    if game.warning(after):  # a king in check (UOS)
        return "check"
    return "capture" if after.last and after.last[1] else "move"


def change_sound(session, previous):
    """The sound to play now that the page shows `session.state`, having last shown the
    position `previous`: None unless exactly one move was played since (not after a new
    game, an undo or a change of players)."""
    states = session.states
    if len(states) < 2 or states[-2] is not previous:
        return None
    return move_sound(session.game, session.state, session.result, listener(session.players))
