"""How each game's men look: a shape (drawn by men_shapes.py) and its size.

Shapes tell kinds apart without colour (a VUT piece is a block, a pawn a disc, a king
wears a crown); the side is told by light or dark fill.
"""

# game family -> letter (upper case) -> (shape in men_shapes.SHAPES, size relative to the cell)
LOOKS = {
    "vut": {"O": ("block", 0.86), "P": ("disc", 0.72), "K": ("crowned", 0.86)},
    "tablut": {"K": ("crowned", 0.9), "S": ("disc", 0.78)},
    "vault": {"P": ("disc", 0.78)},
    "pux": {"S": ("disc", 0.8), "D": ("stack", 0.8)},
    "uos": {"K": ("king", 0.9), "Q": ("queen", 0.9), "R": ("rook", 0.9), "B": ("bishop", 0.9),
            "N": ("knight", 0.9), "P": ("pawn", 0.9)},
}

KIND_NAMES = {
    "vut": {"O": "piece", "P": "pawn", "K": "king"},
    "tablut": {"K": "king", "S": "soldier"},
    "vault": {"P": "pawn"},
    "pux": {"S": "stone", "D": "promoted piece"},
    "uos": {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn"},
}


def family(game_id):
    return game_id.split("-")[0]


def look(game_id, letter):
    """(side 'w'/'b', shape, size) of the man written `letter`."""
    shape, size = LOOKS[family(game_id)][letter.upper()]
    return ("w" if letter.isupper() else "b"), shape, size


def describe(game_id, letter):
    """Words for a man, for screen readers and messages: 'white pawn'."""
    side = look(game_id, letter)[0]
    return f"{'white' if side == 'w' else 'black'} {KIND_NAMES[family(game_id)][letter.upper()]}"
