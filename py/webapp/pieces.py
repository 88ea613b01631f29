"""How each game's men look: a shape, and a symbol drawn on it.

Shapes and symbols tell kinds apart without colour (a VUT piece is a block, a pawn a
disc, a king wears a crown); the side is told by light or dark fill.
"""

CHESS = {"K": "\u265a", "Q": "\u265b", "R": "\u265c", "B": "\u265d", "N": "\u265e", "P": "\u265f"}
CROWN = "\u265a"

# game family -> letter (upper case) -> (shape, symbol, relative size)
LOOKS = {
    "vut": {"O": ("block", "", 0.86), "P": ("disc", "", 0.72), "K": ("disc", CROWN, 0.86)},
    "tablut": {"K": ("disc", CROWN, 0.9), "S": ("disc", "", 0.78)},
    "vault": {"P": ("disc", "", 0.78)},
    "pux": {"S": ("disc", "", 0.8), "D": ("stack", "", 0.8)},
    "uos": {letter: ("disc", symbol, 0.9) for letter, symbol in CHESS.items()},
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
    """(side 'w'/'b', shape, symbol, size) of the man written `letter`."""
    shape, symbol, size = LOOKS[family(game_id)][letter.upper()]
    return ("w" if letter.isupper() else "b"), shape, symbol, size


def describe(game_id, letter):
    """Words for a man, for screen readers and messages: 'white pawn'."""
    side = look(game_id, letter)[0]
    return f"{'white' if side == 'w' else 'black'} {KIND_NAMES[family(game_id)][letter.upper()]}"
