"""The men each side has lost, for the panel beside the board: read from a session's
positions, where each position's `last` names the cells its move captured on."""

from boardgames.core import SIDE_NAMES, side_of


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


def lost_words(game, side, letters):
    """'White has lost 2 pawns and a piece.' ('White has lost no men.')."""
    counts = by_kind(game, letters)
    if not counts:
        return f"{SIDE_NAMES[side].capitalize()} has lost no men."
    parts = [f"{count} {game.kinds[letter].name}{'s' if count > 1 else ''}" if count > 1
             else f"a {game.kinds[letter].name}" for letter, count in counts]
    listing = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"{SIDE_NAMES[side].capitalize()} has lost {listing}."
