"""UOS: Gerhard Loos' chess on the 113-square diamond board (its rulings: docs/rulings.md).

Each army (a usual chess set) holds two opposite corners.  The men move as their chess
namesakes do on this board's geometry (see diamond.py for names and steps); the king's
range shrinks with each check it receives.  Position text: the 15 rows (8 and 7 cells
alternating), the side to move, the checks received by White's king and by Black's
king, the half-move clock and the move number.

For the page: `Uos.geometry` is the `DiamondBoard` (centres and colours of the cells
for drawing, see diamond.py), `king_range(state, side)` the king's current range (None
for unlimited) and `in_check(state)` whether the side to move is in check.
"""

from operator import itemgetter, sub

from .core import BLACK, MATE_OR_STALEMATE, OTHER, WHITE, Game, Man, Overlay, both_sides
from .diamond import DiamondBoard
from .grid import EMPTY, mark_table, marked_cells, moved, split_move
from .texts import N_, _, ngettext

BOARD = DiamondBoard()
ORTHO_RAYS = BOARD.orthogonal_rays
DIAG_RAYS = BOARD.diagonal_rays
ALL_RAYS = [o + d for o, d in zip(ORTHO_RAYS, DIAG_RAYS)]
ORTHO_STEPS = [tuple(ray[0] for ray in rays) for rays in ORTHO_RAYS]
DIAG_STEPS = [tuple(ray[0] for ray in rays) for rays in DIAG_RAYS]
NEIGHBOURS = [o + d for o, d in zip(ORTHO_STEPS, DIAG_STEPS)]
KNIGHT_LEAPS = BOARD.leaps([(a, b) for a in (2, -2, 4, -4) for b in (2, -2, 4, -4)
                            if abs(a) != abs(b)])
KNIGHT_SETS = [frozenset(leaps) for leaps in KNIGHT_LEAPS]
# LINES_FROM[i]: (ray, kind) of each line from i, kind 0 orthogonal, 1 diagonal;
# LINE_THROUGH[i][j]: the (ray, kind) from i that passes j.
LINES_FROM = [tuple((ray, 0) for ray in o) + tuple((ray, 1) for ray in d)
              for o, d in zip(ORTHO_RAYS, DIAG_RAYS)]
LINE_THROUGH = [{j: line for line in lines for j in line[0]} for lines in LINES_FROM]
WHITE_SQUARES = frozenset(i for i, colour in enumerate(BOARD.colours) if colour == "white")

MEN = {WHITE: "KQRBNP", BLACK: "kqrbnp"}  # MEN[side][0] is the king, [4] the knight
# The men that capture along an orthogonal [0] / diagonal [1] line: (sliders, pawn);
# the rook's and bishop's extra steps never capture, so never attack.
LINE_ATTACKERS = {WHITE: (("RQ", ""), ("BQ", "P")), BLACK: (("rq", ""), ("bq", "p"))}
PAWNS = "Pp"
MEN_MARKS = {side: mark_table(men) for side, men in MEN.items()}  # marked_cells tables of each side's men
_READ_MOVES = {}  # move text -> (from cell, to cell), for Uos.apply
ARMY = {"K": 1, "Q": 1, "R": 2, "B": 2, "N": 2, "P": 8}  # a chess set; nothing promotes
# TRANSLATORS: the names of the chess men (UOS)
MAN_NAMES = {"K": N_("king"), "Q": N_("queen"), "R": N_("rook"), "B": N_("bishop"), "N": N_("knight"),
             "P": N_("pawn")}
# A side with more men of a kind than a chess set has, by (side, man letter)
TOO_MANY = {
    (WHITE, "Q"): N_("White has {count} queens; an army has at most {most} (nothing promotes)"),
    (WHITE, "R"): N_("White has {count} rooks; an army has at most {most} (nothing promotes)"),
    (WHITE, "B"): N_("White has {count} bishops; an army has at most {most} (nothing promotes)"),
    (WHITE, "N"): N_("White has {count} knights; an army has at most {most} (nothing promotes)"),
    (WHITE, "P"): N_("White has {count} pawns; an army has at most {most} (nothing promotes)"),
    (BLACK, "Q"): N_("Black has {count} queens; an army has at most {most} (nothing promotes)"),
    (BLACK, "R"): N_("Black has {count} rooks; an army has at most {most} (nothing promotes)"),
    (BLACK, "B"): N_("Black has {count} bishops; an army has at most {most} (nothing promotes)"),
    (BLACK, "N"): N_("Black has {count} knights; an army has at most {most} (nothing promotes)"),
    (BLACK, "P"): N_("Black has {count} pawns; an army has at most {most} (nothing promotes)"),
}
CHECKS_SLOT = {WHITE: 0, BLACK: 1}  # index in State.extra of the checks a king received
NO_LIMIT = 14  # longer than any line: the range of a king that was never checked
REACH = (NO_LIMIT, 3, 2, 1)  # king's range after 0, 1, 2, 3+ checks
SLIDER_RAYS = {"Q": ALL_RAYS, "R": ORTHO_RAYS, "B": DIAG_RAYS}
QUIET_STEPS = {"R": DIAG_STEPS, "B": ORTHO_STEPS}  # the rook's and bishop's extra step
# Per man (but the king) and cell, the first cells of his moves (Uos.has_move): (cells he
# may enter unless his own man stands there, cells he may enter only when empty, cells
# he may enter only to capture); he has a move when one of them allows it.
FIRST_CELLS = {"Q": [(cells, (), ()) for cells in NEIGHBOURS],
               "R": [(o, d, ()) for o, d in zip(ORTHO_STEPS, DIAG_STEPS)],
               "B": [(d, o, ()) for o, d in zip(ORTHO_STEPS, DIAG_STEPS)],
               "N": [(leaps, (), ()) for leaps in KNIGHT_LEAPS],
               "P": [((), o, d) for o, d in zip(ORTHO_STEPS, DIAG_STEPS)]}
KING_RAYS = {reach: [tuple(ray[:reach] for ray in rays) for rays in ALL_RAYS]
             for reach in REACH}
FIFTY_MOVES = 100  # half-moves without a capture or pawn move that end the game

# The evaluation's weights, White's side (Uos.evaluate; 100 = a pawn): each kind of man
# (pawns, knights, bishops, rooks, queens), the sliders' `scope` (the cells their lines
# reach), the knights' (`knight_scope`: the cells they leap to), the king's `range`
# (4, 2, 1 and 0 after 0, 1, 2 and 3 or more checks: a long-range king attacks and
# escapes better), his `shield` (his own men next to him), and the side to move in
# `check`.  Written by tools/tune_weights.py:
# -- weights begin --
WEIGHTS = {"pawns": 100, "knights": 260, "bishops": 550, "rooks": 400, "queens": 1000, "scope": 2, "knight_scope": 3,
           "range": 15, "shield": 8, "check": 40}
# -- weights end --
FEATURES = tuple(WEIGHTS)
# The mop-up (Uos.mop_up): nothing promotes, so a side far ahead wins only by mate.  From a
# lead of MOP_UP_LEAD (the weighted score) against at most MOP_UP_MEN men besides the king,
# the side ahead scores the enemy king's steps from the middle (a corner square has three
# neighbours), the cells next to him he may step to, and its own king's steps to him.
MOP_UP_LEAD, MOP_UP_MEN = 500, 4
MOP_UP_RIM, MOP_UP_ROOM, MOP_UP_NEAR = 25, 20, 10
MIDDLE = BOARD.index("h8")
RANGE = (4, 2, 1, 0)  # the `range` feature after 0, 1, 2, 3+ checks
KNIGHT_SCOPE = [len(leaps) for leaps in KNIGHT_LEAPS]  # a knight's scope on each cell
NEIGHBOUR_MEN = [itemgetter(*cells) for cells in NEIGHBOURS]  # the men next to each cell (the king's shield)


def king_steps(i, j):
    """A king's steps from cell i to cell j on an empty board: each step, orthogonal (2, 0)
    or diagonal (1, 1) on the name grid, covers at most 2 of their distance."""
    (f, r), (g, s) = BOARD.centres[i], BOARD.centres[j]
    return (abs(f - g) + abs(r - s)) // 2


def mopping_up(board, score):
    """The side that mops up (score: White's, by the weights), or None: it leads by
    MOP_UP_LEAD and the other side has at most MOP_UP_MEN men besides its king."""
    if abs(score) < MOP_UP_LEAD:
        return None
    hunter = WHITE if score > 0 else BLACK
    prey_men = sum(map(board.count, MEN[OTHER[hunter]][1:]))
    return hunter if prey_men <= MOP_UP_MEN else None


def mop_up(state, hunter):
    """The hunter's gain: the enemy king far from the middle, with few cells next to him
    he may step to, and its own king near him."""
    board, prey_men = state.board, MEN[OTHER[hunter]]
    prey, own = board.index(prey_men[0]), board.index(MEN[hunter][0])
    reach = reach_after(state.extra[CHECKS_SLOT[hunter]])
    room = sum([board[j] not in prey_men and not attacked(board, j, hunter, reach) for j in NEIGHBOURS[prey]])
    return MOP_UP_RIM * king_steps(MIDDLE, prey) - MOP_UP_ROOM * room - MOP_UP_NEAR * king_steps(own, prey)


def reach_after(checks):
    """How many steps a king that has received `checks` checks may move and attack."""
    return REACH[checks] if checks < 3 else 1


def attacked(board, cell, side, reach, lines=None):
    """True when `side` attacks `cell`; its king sees `reach` steps.  With `lines` (of
    LINES_FROM[cell]) only along those: the first man on one attacks when he is `side`'s
    and moves along it that far; knights are left out then."""
    king, attackers = MEN[side][0], LINE_ATTACKERS[side]
    for ray, kind in LINES_FROM[cell] if lines is None else lines:
        for distance, j in enumerate(ray, 1):
            man = board[j]
            if man != EMPTY:
                sliders, pawn = attackers[kind]
                if man in sliders or man == king and distance <= reach or man == pawn and distance == 1:
                    return True
                break
    if lines is not None:
        return False
    knight = MEN[side][4]
    for j in KNIGHT_LEAPS[cell]:
        if board[j] == knight:
            return True
    return False


def attack_through(board, cell, via, side, reach):
    """True when `side` attacks `cell` along the line through `via` (False if none)."""
    line = LINE_THROUGH[cell].get(via)
    return line is not None and attacked(board, cell, side, reach, (line,))


def check_and_pins(board, king, enemy, reach):
    """(whether `enemy`, his king seeing `reach` steps, attacks `king` (attacked), the
    men that may be pinned to him): one walk of the king's lines for both.  A man may be
    pinned when he is the first on a line from the king, the king's own, and the next
    man beyond is one of `enemy`'s sliders for that line or `enemy`'s king (whose range
    the move may still shrink)."""
    theirs, attackers = MEN[enemy], LINE_ATTACKERS[enemy]
    their_king = theirs[0]
    checked, pins = False, set()
    for ray, kind in LINES_FROM[king]:
        sliders, pawn = attackers[kind]
        shield = None
        for distance, j in enumerate(ray, 1):
            man = board[j]
            if man == EMPTY:
                continue
            if shield is None:
                if man not in theirs:
                    shield = j
                    continue
                if man in sliders or man == their_king and distance <= reach or man == pawn and distance == 1:
                    checked = True
            elif man in sliders or man == their_king:
                pins.add(shield)
            break
    if not checked:
        knight = theirs[4]
        for j in KNIGHT_LEAPS[king]:
            if board[j] == knight:
                return True, pins
    return checked, pins


def slides(board, rays, enemy, captures_only=False):
    """Cells reached by sliding along `rays`: empty ones (unless `captures_only`), and
    the first enemy man."""
    for ray in rays:
        for j in ray:
            man = board[j]
            if man == EMPTY:
                if not captures_only:
                    yield j
                continue
            if man in enemy:
                yield j
            break


def scope(board, rays):
    """How many empty cells `rays` hold before their first man."""
    count = 0
    for ray in rays:
        for j in ray:
            if board[j] != EMPTY:
                break
            count += 1
    return count


def targets(board, src, man, enemy, reach, captures_only=False):
    """Destination cells of the man on `src` (his own king's safety not considered),
    only the captures with `captures_only`, in the same order."""
    kind = man.upper()
    if kind == "P":
        for ray in () if captures_only else ORTHO_RAYS[src]:
            if board[ray[0]] != EMPTY:
                continue
            yield ray[0]
            if len(ray) > 1 and board[ray[1]] == EMPTY:
                yield ray[1]
        for j in DIAG_STEPS[src]:
            if board[j] in enemy:
                yield j
    elif kind == "N":
        for j in KNIGHT_LEAPS[src]:
            if board[j] in enemy or board[j] == EMPTY and not captures_only:
                yield j
    elif kind == "K":
        yield from slides(board, KING_RAYS[reach][src], enemy, captures_only)
    else:
        yield from slides(board, SLIDER_RAYS[kind][src], enemy, captures_only)
        if kind in QUIET_STEPS and not captures_only:
            yield from (j for j in QUIET_STEPS[kind][src] if board[j] == EMPTY)


def outcome(board, side, checks, src, dst):
    """(board after, check counts after) of moving `src` to `dst` (checks_after)."""
    after = moved(board, src, dst)
    return after, checks_after(after, side, checks, src, dst)


def checks_after(after, side, checks, src, dst):
    """The check counts once `side` has moved `src` to `dst` (`after` the board then): a
    check is counted when the move leaves the opponent's king attacked.  The opponent's
    king is safe before any move, so only the moved man or a line it opens can attack it."""
    king = after.index(MEN[OTHER[side]][0])
    reach = reach_after(checks[CHECKS_SLOT[side]])
    if (attack_through(after, king, dst, side, reach)
            or attack_through(after, king, src, side, reach)
            or after[dst] == MEN[side][4] and dst in KNIGHT_SETS[king]):
        return (checks[0] + 1, checks[1]) if side == BLACK else (checks[0], checks[1] + 1)
    return checks


def attacked_cells(board, side, reach):
    """The cells `side` attacks, his king seeing `reach` steps (attacked, for every cell
    at once): each slider's lines up to and including their first man, his king's as
    far as he sees, his pawns' diagonal steps and his knights' leaps."""
    cells = set()
    king, queen, rook, bishop, knight, pawn = MEN[side]
    for letter, rays in ((queen, ALL_RAYS), (rook, ORTHO_RAYS), (bishop, DIAG_RAYS), (king, KING_RAYS[reach])):
        i = board.find(letter)
        while i >= 0:
            for ray in rays[i]:
                for j in ray:
                    cells.add(j)
                    if board[j] != EMPTY:
                        break
            i = board.find(letter, i + 1)
    for letter, leaps in ((knight, KNIGHT_LEAPS), (pawn, DIAG_STEPS)):
        i = board.find(letter)
        while i >= 0:
            cells.update(leaps[i])
            i = board.find(letter, i + 1)
    return cells


def king_attacked(board, king, side, reach, via=None):
    """Whether `side` attacks `king` (attacked), only along the line through `via` if
    given (attack_through: the line a pinned man leaves)."""
    if via is None:
        return attacked(board, king, side, reach)
    return attack_through(board, king, via, side, reach)


def parse_count(text, message):
    """The count a field of the position text holds; ValueError with `message` (a marked
    text naming the field, with the placeholder {text}) if it is not a whole number."""
    if not (text.isascii() and text.isdigit()) or (len(text) > 1 and text[0] == "0"):
        raise ValueError(_(message).format(text=text))
    return int(text)


class Uos(Game):
    id = "uos"
    # TRANSLATORS: a game's name
    name = N_("UOS")
    summary = N_("Chess on 113 diamonds: armies in opposite corners, kings weakened by each check.")
    setup = ("qn1pP1RK/7/nbp2PBR/7/1p4P1/7/p6P/7/P6p/7/1P4p1/7/NBP2pbr/7/QN1Pp1rk "
             "w 0 0 0 1")
    ply_cap = 300
    grid = BOARD
    letters = MEN[WHITE] + MEN[BLACK]
    kinds = both_sides({letter: Man(MAN_NAMES[letter], MAN_NAMES[letter], 0.9) for letter in MEN[WHITE]})
    # A UOS state's `extra` is the checks received by (White's, Black's) king; its
    # `counters` the half-moves since a capture or pawn move (the clock), and the move number.
    no_move = MATE_OR_STALEMATE
    clock_draw = (FIFTY_MOVES, N_("fifty-move rule: 50 moves each without a capture or pawn move"))
    rules = (
        N_("The board has 64 black and 49 white squares, all diamonds. An orthogonal step "
           "goes over a corner to the next square of the same colour; a diagonal step goes "
           "over an edge to a square of the other colour."),
        N_("Rook: slides by orthogonal steps; may also make one diagonal step to an empty square."),
        N_("Bishop: slides by diagonal steps; may also make one orthogonal step to an empty square."),
        N_("Queen: slides by orthogonal or diagonal steps. Knight: leaps 2 squares one way "
           "and 1 square sideways on its own colour, as in chess."),
        N_("King: slides like a queen, but after 1 check only up to 3 steps, after 2 checks "
           "up to 2, from the 3rd check on 1. A king attacks as far as it may move, so a king "
           "can give check."),
        N_("Pawn: moves 1 or 2 orthogonal steps in any of the 4 directions (the square passed "
           "over must be empty) and captures one diagonal step in any direction. Pawns never "
           "promote."),
        N_("White moves first. Checkmate wins; no move may leave the own king in check."),
        N_("Draws: stalemate, the same position for the third time, and 50 moves by each side "
           "without a capture or pawn move."),
    )
    rulings = (
        N_("Setup reconstructed: the text's diagram has 10 rows on an 8-row board; its rows "
           "5-6 repeat rows 7-8. Without them each side has a usual chess set in two "
           "opposite corners."),
        N_("Knight: 'as in FIDE chess' read as the chess knight's leap on the squares of its "
           "own colour (2 orthogonal steps one way, 1 sideways)."),
        N_("No en passant (the text leaves it open) and no castling."),
        N_("A check is counted each time a move leaves the opponent's king attacked; a move "
           "is legal when, with the counts updated, the mover's king is not attacked."),
        N_("Draws as in chess (the text only supposes so): stalemate, threefold repetition and "
           "the 50-move rule, applied automatically. Two bare kings are not a draw by "
           "themselves: a king with a longer range can mate one whose range has shrunk."),
        N_("Pawns can step back, so a pawn move restarts the 50-move count but positions "
           "from before it still count towards a threefold repetition; the check counts "
           "belong to the position."),
    )

    # -- position text ---------------------------------------------------------
    def parse_fields(self, fields):
        """The checks each king received (extra), the half-move clock and move number."""
        white_checks = parse_count(fields[0], N_("the checks received by White's king must be a whole "
                                                 "number like 0 or 12, not '{text}'"))
        black_checks = parse_count(fields[1], N_("the checks received by Black's king must be a whole "
                                                 "number like 0 or 12, not '{text}'"))
        clock = parse_count(fields[2], N_("the half-move clock must be a whole number like 0 or 12, "
                                          "not '{text}'"))
        number = parse_count(fields[3], N_("the move number must be a whole number like 0 or 12, "
                                           "not '{text}'"))
        if number < 1:
            raise ValueError(_("the move number starts at 1"))
        return (white_checks, black_checks), (clock, number)

    def check_position(self, state):
        board, turn = state.board, state.turn
        (white_checks, black_checks), (clock, number) = state.extra, state.counters
        self._check_armies(board)
        white_moves, black_moves = number - 1 + (turn == BLACK), number - 1
        if white_checks > black_moves or black_checks > white_moves:
            raise ValueError(_("by move {number} White has made {white_moves} moves and Black "
                               "{black_moves}: too few to give the checks counted").format(
                number=number, white_moves=white_moves, black_moves=black_moves))
        if clock > min(FIFTY_MOVES, white_moves + black_moves):
            raise ValueError(_("the half-move clock {clock} exceeds the half-moves played "
                               "({played}) or {most}").format(
                clock=clock, played=white_moves + black_moves, most=FIFTY_MOVES))
        if self.in_check(state, OTHER[turn]):
            if OTHER[turn] == WHITE:
                raise ValueError(_("White, not to move, is in check"))
            raise ValueError(_("Black, not to move, is in check"))
        if self.in_check(state) and state.extra[CHECKS_SLOT[turn]] == 0:
            if turn == WHITE:
                raise ValueError(_("White is in check, so its king's check count cannot be 0"))
            raise ValueError(_("Black is in check, so its king's check count cannot be 0"))

    @staticmethod
    def _check_armies(board):
        """Exactly one king each, no more men than a chess set, knights on black squares."""
        for side, men in MEN.items():
            for letter, man in zip(MEN[WHITE], men):
                count, most = board.count(man), ARMY[letter]
                if letter == "K" and count != 1:
                    if side == WHITE:
                        raise ValueError(_("White must have exactly one king, the text has {count}").format(
                            count=count))
                    raise ValueError(_("Black must have exactly one king, the text has {count}").format(
                        count=count))
                if count > most:
                    raise ValueError(_(TOO_MANY[side, letter]).format(count=count, most=most))
        for i in WHITE_SQUARES:
            if board[i] in "Nn":
                raise ValueError(_("a knight never reaches a white square, but one stands on {cell}").format(
                    cell=BOARD.names[i]))

    # -- rules -------------------------------------------------------------------
    def has_move(self, state):
        """Whether the side to move has a move: first among the men whose moves need no
        look ahead (out of check, neither the king nor a man that may be pinned), whose
        every target is a move, by the first cells of their moves (FIRST_CELLS), then
        the first move of all (generate, without the attacked cells: the king's first
        safe move is found sooner by looking ahead one move at a time)."""
        if state.moves_cache is not None:
            return bool(state.moves_cache)
        _king, checked, pins = self.king_safety(state)
        if not checked:
            board, side = state.board, state.turn
            mine, theirs = MEN[side], MEN[OTHER[side]]
            for letter, kind in zip(mine[1:], "QRBNP"):
                firsts = FIRST_CELLS[kind]
                src = board.find(letter)
                while src >= 0:
                    if src not in pins:
                        entered, quiet, captures = firsts[src]
                        for j in entered:
                            if board[j] not in mine:
                                return True
                        for j in quiet:
                            if board[j] == EMPTY:
                                return True
                        for j in captures:
                            if board[j] in theirs:
                                return True
                    src = board.find(letter, src + 1)
        for _move in self.generate(state, every=False):
            return True
        return False

    def generate(self, state, captures_only=False, every=True):
        """The moves of the side to move (only the captures with `captures_only`).  With
        `every` (all of them are wanted) the king's destinations are first looked up in
        the cells the enemy attacks (attacked_cells): the ones outside need no look ahead."""
        board, side = state.board, state.turn
        enemy = OTHER[side]
        mine, theirs = MEN[side], MEN[enemy]
        checks = state.extra
        my_reach, their_reach = reach_after(checks[CHECKS_SLOT[side]]), reach_after(checks[CHECKS_SLOT[enemy]])
        my_king, checked, pins = self.king_safety(state)
        names = BOARD.names
        for src in marked_cells(board, MEN_MARKS[side]):
            man = board[src]
            moves_king = man == mine[0]
            # Only a king move, a move out of check or a pinned man's move can leave
            # the king attacked; the others need no look ahead.
            risky = checked or moves_king or src in pins
            attacked_there = None  # for the king's moves: the cells the enemy attacks
            if moves_king and every and not captures_only:
                attacked_there = attacked_cells(board[:src] + EMPTY + board[src + 1:], enemy, their_reach)
            for dst in targets(board, src, man, theirs, my_reach, captures_only):
                if risky and (attacked_there is None or dst in attacked_there):
                    # Safe with the enemy king's reach now, safe after: a check the move
                    # gives only shortens it.  Attacked: asked again with the reach after.
                    after = moved(board, src, dst)
                    guarded, via = (dst, None) if moves_king else (my_king, None if checked else src)
                    if king_attacked(after, guarded, enemy, their_reach, via):
                        reach = reach_after(checks_after(after, side, checks, src, dst)[CHECKS_SLOT[enemy]])
                        if reach == their_reach or king_attacked(after, guarded, enemy, reach, via):
                            continue
                yield f"{names[src]}-{names[dst]}"

    def apply(self, state, move):
        cells = _READ_MOVES.get(move)
        if cells is None:  # the search applies the same moves again and again: read each once
            a, b = split_move(move)
            cells = _READ_MOVES[move] = BOARD.index(a), BOARD.index(b)
        src, dst = cells
        board, side = state.board, state.turn
        after, checks = outcome(board, side, state.extra, src, dst)
        captured = board[dst] != EMPTY
        clock, number = state.counters
        # No position before a capture or a new check count can recur: a fresh history.
        # A pawn move resets the clock but not the history: pawns can step back.
        return self.next_state(state, after, move, (dst,) if captured else (), extra=checks,
                               counters=(0 if captured or board[src] in PAWNS else clock + 1,
                                         number + (side == BLACK)),
                               fresh=checks != state.extra)

    def why_illegal(self, state, move):
        try:
            src, dst = (BOARD.index(name) for name in split_move(move))
        except ValueError as error:
            return f": {error}"
        board, side = state.board, state.turn
        if board[src] not in MEN[side]:
            if side == WHITE:
                return ": " + _("White has no man on {cell}").format(cell=BOARD.names[src])
            return ": " + _("Black has no man on {cell}").format(cell=BOARD.names[src])
        if dst in targets(board, src, board[src], MEN[OTHER[side]],
                          reach_after(state.extra[CHECKS_SLOT[side]])):
            if side == WHITE:
                return ": " + _("it would leave White's king in check")
            return ": " + _("it would leave Black's king in check")
        return ""

    # -- for the page ------------------------------------------------------------
    def warning(self, state):
        return _("Check!") if self.in_check(state) else ""

    def notes(self, state):
        """Each king's range and the checks it has received."""
        lines = []
        for side in (WHITE, BLACK):
            reach, checks = self.king_range(state, side), state.extra[CHECKS_SLOT[side]]
            # TRANSLATORS: a king's range: how far it may move
            words = _("unlimited") if reach is None else ngettext("{count} step", "{count} steps",
                                                                  reach).format(count=reach)
            if side == WHITE:
                # TRANSLATORS: {range} is "unlimited" or a number of steps ("3 steps")
                line = ngettext("White king's range: {range} ({checks} check received)",
                                "White king's range: {range} ({checks} checks received)", checks)
            else:
                # TRANSLATORS: {range} is "unlimited" or a number of steps ("3 steps")
                line = ngettext("Black king's range: {range} ({checks} check received)",
                                "Black king's range: {range} ({checks} checks received)", checks)
            lines.append(line.format(range=words, checks=checks))
        return lines

    def overlays(self, state, pointed):
        """An alarm on the king of the side to move while it is in check."""
        if not self.in_check(state):
            return []
        return [Overlay("alarm", (BOARD.names[state.board.index(MEN[state.turn][0])],))]

    def king_range(self, state, side):
        """How many steps `side`'s king may move and attack: None when unlimited."""
        reach = reach_after(state.extra[CHECKS_SLOT[side]])
        return None if reach == NO_LIMIT else reach

    def in_check(self, state, side=None):
        """Whether `side` (default: the side to move) has its king attacked."""
        if side is None or side == state.turn:
            return self.king_safety(state)[1]
        enemy = OTHER[side]
        board = state.board
        return attacked(board, board.index(MEN[side][0]), enemy,
                        reach_after(state.extra[CHECKS_SLOT[enemy]]))

    def king_safety(self, state):
        """(cell of the king of the side to move, whether he is in check, the cells of
        the men that may be pinned to him): kept with the state (its `facts`), since the
        search asks for its moves, whether it has one, its noisy moves and its score."""
        if state.facts is None:
            side, board = state.turn, state.board
            enemy = OTHER[side]
            king = board.index(MEN[side][0])
            state.facts = (king, *check_and_pins(board, king, enemy, reach_after(state.extra[CHECKS_SLOT[enemy]])))
        return state.facts

    # -- for learning agents -------------------------------------------------------
    def observation_flags(self, state):
        """The checks White's, then Black's king has received, as flags for at least 1, 2
        and 3 (the king's range after them)."""
        return tuple(state.extra[CHECKS_SLOT[side]] >= count for side in (WHITE, BLACK) for count in (1, 2, 3))

    # -- AI hooks ----------------------------------------------------------------
    weights = WEIGHTS

    def evaluate(self, state):
        """Material, slider scope (mobility), king range, the men around each king and
        check, weighted (WEIGHTS); a side far ahead in an ending also mops up (mop_up)."""
        score = self.weighted(self.terms(state))
        hunter = mopping_up(state.board, score)
        if hunter is not None:
            score += mop_up(state, hunter) if hunter == WHITE else -mop_up(state, hunter)
        return score if state.turn == WHITE else -score

    def features(self, state):
        """FEATURES' values, White's side; None where the mop-up adds to their sum."""
        values = self.terms(state)
        if mopping_up(state.board, self.weighted(values)) is not None:
            return None
        return dict(zip(FEATURES, values))

    def terms(self, state):
        """FEATURES' values, White's less Black's (and check: -1 White to move in check, 1 Black)."""
        board = state.board
        white, black = self._side_terms(board, state, WHITE), self._side_terms(board, state, BLACK)
        check = (-1 if state.turn == WHITE else 1) if self.in_check(state) else 0
        return (*map(sub, white, black), check)

    @staticmethod
    def _side_terms(board, state, side):
        """A side's men of each kind, its sliders' and knights' scope, its king's range and
        shield: counted by kind of man (str.count, str.find), the pawns and empty cells
        unvisited."""
        men = MEN[side]
        sliders = 0
        for man, rays in zip(men[1:4], SLIDER_RAYS.values()):
            i = board.find(man)
            while i >= 0:
                sliders += scope(board, rays[i])
                i = board.find(man, i + 1)
        knights, i = 0, board.find(men[4])
        while i >= 0:
            knights += KNIGHT_SCOPE[i]
            i = board.find(men[4], i + 1)
        return (board.count(men[5]), board.count(men[4]), board.count(men[3]), board.count(men[2]),
                board.count(men[1]), sliders, knights, RANGE[min(state.extra[CHECKS_SLOT[side]], 3)],
                sum(map(men.__contains__, NEIGHBOUR_MEN[board.index(men[0])](board))))

    def is_noisy(self, state, move):
        return state.board[BOARD.index(split_move(move)[1])] != EMPTY

    def noisy_moves(self, state):
        return list(self.generate(state, captures_only=True))
