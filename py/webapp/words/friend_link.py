"""Games by link: a whole game in a short code, so two players can play by correspondence
with no server (each move gives a link for the other).

A move is written as its index in the sorted list of legal moves; the indices of the
game, in order, make one number in a mixed radix (each ply's radix is its number of legal
moves), about log2(moves) bits a ply.  The code is base64url of: a version byte, the
number of moves (2 bytes), a checksum of the game and its moves (3 bytes, CRC-32), then
that number.  Reading a code replays and checks every move; a changed character, a code
of another game or position, or a truncated one is refused with a sentence saying so.
"""

from boardgames.texts import _
from webapp.state.session import Session

# base64, binascii and zlib are imported where used: the start-up snapshot holds every
# module the page imports, and has no room for these (most visits use no game by link).

VERSION = 1
HEADER = 6  # version, move count (2), checksum (3)


def _checksum(session_key, moves):
    import zlib
    return zlib.crc32(f"{session_key}|{' '.join(moves)}".encode()) & 0xFFFFFF


def _key(session):
    """What the checksum covers besides the moves: the game, its options, its start."""
    return f"{session.game_id}|{sorted(session.options.items())}|{session.start_fen}"


def encode(session: Session) -> str:
    """The code of `session`'s moves."""
    import base64
    game = session.game
    state = game.new(session.start_fen)
    value, scale = 0, 1
    for move in session.moves:
        legal = sorted(game.legal(state))
        value += legal.index(move) * scale
        scale *= len(legal)
        state = game.play(state, move)
    body = value.to_bytes((value.bit_length() + 7) // 8, "big")
    header = bytes([VERSION]) + len(session.moves).to_bytes(2, "big") + \
        _checksum(_key(session), session.moves).to_bytes(3, "big")
    return base64.urlsafe_b64encode(header + body).rstrip(b"=").decode()


def decode(session: Session, code: str) -> list[str]:
    """The moves `code` holds for a game begun as `session` (no moves yet); ValueError
    with a reader's sentence when the code is not a sound one for this game."""
    import base64
    import binascii
    if len(code) % 4 == 1:  # no base64 text is this long
        raise ValueError(_("the game's code is cut short"))
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise ValueError(_("the game's code is damaged (it has letters a link does not)")) from None
    if len(data) < HEADER:
        raise ValueError(_("the game's code is cut short"))
    if data[0] != VERSION:
        raise ValueError(_("the game's code is of another version ({version}) than this page reads ({ours})").format(
            version=data[0], ours=VERSION))
    count = int.from_bytes(data[1:3], "big")
    value = int.from_bytes(data[HEADER:], "big")
    game = session.game
    state = game.new(session.start_fen)
    moves = []
    for _unused in range(count):
        legal = sorted(game.legal(state))
        if not legal:
            raise ValueError(_("the game's code goes on after the game ended: it is damaged"))
        value, index = divmod(value, len(legal))
        moves.append(legal[index])
        state = game.play(state, legal[index])
    if value or _checksum(_key(session), moves) != int.from_bytes(data[3:HEADER], "big"):
        raise ValueError(_("the game's code does not check out: it was changed, cut, or is of another game"))
    return moves
