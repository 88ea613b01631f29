"""The men each side has lost, for the panel beside the board: read from a session's
positions, where each position's `last` names the cells its move captured on."""

from boardgames.core import side_of
from boardgames.texts import _, ngettext


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
    white = side == "w"
    if not counts:
        return _("White has lost no men.") if white else _("Black has lost no men.")
    # TRANSLATORS: {man} is the name of a kind of man (pawn, king); the plural adds an s in English
    parts = [ngettext("a {man}", "{count} {man}s", count).format(count=count, man=_(game.kinds[letter].name))
             for letter, count in counts]
    # TRANSLATORS: the end of a list of men lost: "2 pawns, a rook and a piece" ({men} is "2 pawns, a rook")
    listing = parts[0] if len(parts) == 1 else _("{men} and {last}").format(men=", ".join(parts[:-1]), last=parts[-1])
    words = _("White has lost {men}.") if white else _("Black has lost {men}.")
    return words.format(men=listing)
