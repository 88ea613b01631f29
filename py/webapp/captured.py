"""The men each side has lost, for the panel beside the board: read from a session's
positions, where each position's `last` names the cells its move captured on."""

from . import pieces


def lost_men(game, states):
    """{'w': letters of White's men captured, in the order they fell, 'b': Black's} over
    `states` (a session's positions, first to last)."""
    lost = {"w": [], "b": []}
    for before, after in zip(states, states[1:]):
        men = game.men(before)
        for cell in after.last[1]:
            letter = men[cell]
            lost[pieces.look(game.id, letter)[0]].append(letter)
    return lost


def by_kind(game_id, letters):
    """[(letter, how many)] of `letters` (one side's losses), in the order the game lists
    its kinds (VUT: pieces, pawns, kings; UOS: king, queen, rook, bishop, knight, pawn)."""
    order = list(pieces.LOOKS[pieces.family(game_id)])
    kinds = sorted(set(letters), key=lambda letter: order.index(letter.upper()))
    return [(letter, letters.count(letter)) for letter in kinds]
