"""The men each side has lost, for the panel beside the board: read from a session's
positions, where each position's `last` names the cells its move captured on."""

from boardgames.core import side_of


def lost_men(game, states):
    """{'w': letters of White's men captured, in the order they fell, 'b': Black's} over
    `states` (a session's positions, first to last)."""
    lost = {"w": [], "b": []}
    for before, after in zip(states, states[1:]):
        men = game.men(before)
        for cell in after.last[1]:
            letter = men[cell]
            lost[side_of(letter)].append(letter)
    return lost


def by_kind(game, letters):
    """[(letter, how many)] of `letters` (one side's losses), in the order the game
    declares its kinds (VUT: pieces, pawns, kings; UOS: king, queen, rook, bishop, ...)."""
    order = list(game.kinds)
    kinds = sorted(set(letters), key=order.index)
    return [(letter, letters.count(letter)) for letter in kinds]
