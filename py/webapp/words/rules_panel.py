"""What the rules panel lists: the game's rules, then its rulings, each item split into
a lead phrase (shown in bold) and the rest, so a ruling such as "Setup reconstructed:
figure 5 is missing ..." stands out as one.
"""

from boardgames.texts import N_, _

LEAD_LIMIT = 24  # characters: a longer text before ': ' is a sentence, not a lead


def lead_and_rest(text):
    """('Setup reconstructed:', ' the figure ...') or ('', text) when there is no lead:
    a lead is a short opening phrase (no sentence end in it) ending in ': '."""
    head, colon, rest = text.partition(": ")
    if colon and len(head) <= LEAD_LIMIT and "." not in head:
        return head + ":", text[len(head) + 1:]
    return "", text


def sections(game):
    """[(title, [(lead, rest)])] for the panel: 'Rules' then 'Rulings', empty ones left out
    (in the reader's language: the game's texts are translated here)."""
    out = []
    # TRANSLATORS: the titles of the rules panel's two lists: a game's rules, and the rulings on its unclear points
    for title, items in ((N_("Rules"), game.rules), (N_("Rulings"), game.rulings)):
        if items:
            out.append((_(title), [lead_and_rest(_(text)) for text in items]))
    return out
