"""The VUT family: Juan Diego Sanchez Torres' game and its variants (rules in brief in
each game's `rules`, rulings in docs/rulings.md).

Men move 1..range cells in a straight orthogonal line onto an empty cell; the moved man
captures the enemy men it sandwiches against a friendly man (custody).  The variants
differ only in parameters: board size, setup, ranges, kings and the centre cell, a
wrap-around board, edge custody, capture by intervention, the goals and the pawnless
draw.  `Vut` is VUT itself and declares them all; each variant is a subclass that
states only where it differs (as a Fairy-Stockfish variants.ini section does), and
what the rules derive from them is one `VutTables`, computed once per variant.
"""

from dataclasses import dataclass
from functools import cache
from operator import mul

from .core import BLACK, OTHER, SIDE_NAMES, WHITE, Game, Man, both_sides, draw, win
from .grid import (EMPTY, OFF_BOARD, ORTHOGONAL, SquareGrid, bit_planes, bit_table, can_walk, cells_of,
                   custody_victims, emptied, first_steps, letter_bits, mark_table, moved, moved_bits, row_text, stepped,
                   walks, weighted_count)
from .texts import N_, _

PIECE, PAWN, KING = "O", "P", "K"
BLACK_PIECE, BLACK_PAWN = PIECE.lower(), PAWN.lower()

# Goals: each is checked for both sides after every move ("who wins first").
PAWN_RACE = "pawn race"            # a pawn on the farthest rank
KING_TO_CENTRE = "king to centre"  # Royal: a king on the centre cell
EXTERMINATION = "extermination"    # the opponent has no men
EXTINCTION = "extinction"          # the opponent has no pieces or no pawns
CONNECTION = "connection"          # a chain rank 1 - last rank; the opponent too few men

# The hunt (Vut.hunt): from a lead of HUNT_LEAD (100 = a man), the side ahead scores its
# prey's distance from the middle, their moves and its nearest hunter's distance, and
# trades.  Tuned in tools/arena.py (docs/log/computer.md): Strong against Casual, 400 plies.
HUNT_LEAD = 100
HUNT_EDGE, HUNT_FREEDOM, HUNT_DISTANCE = 4, 4, 5
HUNT_TRADES = 2  # the lead grows by up to half itself as the board empties
# With a man won scored as a man, the two sides' computers would rather not trade and a
# level game ends by repetition: each man off the board since the search's root counts
# this much for the searching side (Game.trade_taste), a man given still costing 70
TRADE_TASTE = 30

# The evaluation's weights, the side to move's (Vut.evaluate; 100 = a man), one table per
# game, its goals' features (GOAL_FEATURES) then the custody threats: `pieces`, `pawns`
# and `men` (both), counted; the pawn race's `advance` (each pawn's ranks from home,
# squared) and pawns with a clear file ahead (`clear`, and their ranks, `clear_advance`);
# the king's nearness to the centre (`king`: the board's size less his steps to it);
# extinction's `scarcer` kind (the fewer of a side's pieces and pawns); connection's
# longest `chain` (the ranks its best group spans); `threats_to_move`: the enemy men the
# side to move could take by moving a man next to them, `threats_waiting`: its own men the
# enemy could.  In the games won by taking men threats count twice: both sides take men
# sooner and the stronger one finishes (tools/arena.py at 400 plies: extermination 3-2,
# 4 of 40 games adjudicated against 12; extinction 4-3, see docs/log/computer.md).  Written by
# tools/tune_weights.py:
# -- weights begin vut --
VUT_WEIGHTS = {"pieces": 100, "pawns": 100, "advance": 3, "clear": 10, "clear_advance": 6, "threats_to_move": 20,
               "threats_waiting": 10}
# -- weights end --
# -- weights begin vut-royal --
ROYAL_WEIGHTS = {"pieces": 100, "pawns": 100, "advance": 3, "clear": 10, "clear_advance": 6, "king": 30,
                 "threats_to_move": 20, "threats_waiting": 10}
# -- weights end --
# -- weights begin vut-extermination --
EXTERMINATION_WEIGHTS = {"men": 100, "threats_to_move": 40, "threats_waiting": 20}
# -- weights end --
# -- weights begin vut-extinction --
EXTINCTION_WEIGHTS = {"men": 100, "scarcer": 60, "threats_to_move": 40, "threats_waiting": 20}
# -- weights end --
# -- weights begin vut-connection --
CONNECTION_WEIGHTS = {"men": 100, "chain": 25, "threats_to_move": 20, "threats_waiting": 10}
# -- weights end --
# -- weights begin vut-cylindrical --
CYLINDRICAL_WEIGHTS = {"pieces": 100, "pawns": 100, "advance": 3, "clear": 10, "clear_advance": 6,
                       "threats_to_move": 20, "threats_waiting": 10}
# -- weights end --
# -- weights begin vut-intervention --
INTERVENTION_WEIGHTS = {"pieces": 100, "pawns": 100, "advance": 3, "clear": 10, "clear_advance": 6,
                        "threats_to_move": 20, "threats_waiting": 10}
# -- weights end --
# -- weights begin vut-7x7 --
VUT7X7_WEIGHTS = {"pieces": 100, "pawns": 100, "advance": 3, "clear": 10, "clear_advance": 6, "threats_to_move": 20,
                  "threats_waiting": 10}
# -- weights end --
# -- weights begin vut-11x11 --
VUT11X11_WEIGHTS = {"pieces": 100, "pawns": 100, "advance": 3, "clear": 10, "clear_advance": 6, "threats_to_move": 20,
                    "threats_waiting": 10}
# -- weights end --
GOAL_FEATURES = {PAWN_RACE: ("pieces", "pawns", "advance", "clear", "clear_advance"), KING_TO_CENTRE: ("king",),
                 EXTERMINATION: ("men",), EXTINCTION: ("men", "scarcer"), CONNECTION: ("men", "chain")}
THREAT_FEATURES = ("threats_to_move", "threats_waiting")

_LETTERS = {WHITE: (PIECE, PAWN, KING), BLACK: (PIECE.lower(), PAWN.lower(), KING.lower())}
# TRANSLATORS: the names of VUT's men: a piece, a pawn, a king.
LOOKS = {PIECE: Man(N_("piece"), "block", 0.86), PAWN: Man(N_("pawn"), "disc", 0.72),
         KING: Man(N_("king"), "crowned", 0.86)}
OWN = {side: "".join(letters) for side, letters in _LETTERS.items()}
# Men that close a custody (and pieces + pawns in general): kings never take part.
MEN = {side: letters[0] + letters[1] for side, letters in _LETTERS.items()}
PIECE_OF = {side: letters[0] for side, letters in _LETTERS.items()}
PAWN_OF = {side: letters[1] for side, letters in _LETTERS.items()}
KING_OF = {side: letters[2] for side, letters in _LETTERS.items()}
CAPTORS = {letter: (MEN[OTHER[side]], MEN[side]) for side, men in MEN.items() for letter in men}  # (victims, closers)
PAWNS = PAWN_OF[WHITE] + PAWN_OF[BLACK]
SIDE_OF = {letter: side for side, letters in _LETTERS.items() for letter in letters}
OWN_MARKS = {side: mark_table(letters) for side, letters in OWN.items()}  # for walks
BIT_TABLES = {letter: bit_table(letter) for letter in OWN[WHITE] + OWN[BLACK] + EMPTY}  # for letter_bits
# The results, as whole sentences by the side that wins (data: translated where shown).
PAWN_RACE_REASONS = {WHITE: N_("a white pawn reached the farthest rank"),
                     BLACK: N_("a black pawn reached the farthest rank")}
KING_TO_CENTRE_REASONS = {WHITE: N_("the white king reached the centre"),
                          BLACK: N_("the black king reached the centre")}
EXTERMINATION_REASONS = {WHITE: N_("all Black's men were captured"),
                         BLACK: N_("all White's men were captured")}
EXTINCTION_REASONS = {(WHITE, PIECE): N_("all Black's pieces were captured"),
                      (WHITE, PAWN): N_("all Black's pawns were captured"),
                      (BLACK, PIECE): N_("all White's pieces were captured"),
                      (BLACK, PAWN): N_("all White's pawns were captured")}
# (side, board size) -> the chain's win; other sizes (no variant here) are not translated
CHAIN_REASONS = {(WHITE, 9): N_("a white chain links rank 1 and rank 9"),
                 (BLACK, 9): N_("a black chain links rank 1 and rank 9")}
FEW_MEN_REASONS = {WHITE: N_("Black has too few men left to build a chain"),
                   BLACK: N_("White has too few men left to build a chain")}
PAWNLESS_REASON = N_("both sides have lost all their pawns")

SETUP_RULING = N_("Setup reconstructed: the setup figure is missing from the text; pieces "
                  "stand on the home rank, pawns in front of them.")
EXTERMINATION_SETUP_RULING = N_(
    "Setup reconstructed: figure 7 is missing; the text says this setup avoids pawns "
    "being trapped at once, so no man starts against the home edge and the pawns stand "
    "behind the pieces (ranks 2 and 3).")
CAPTURE_RULING = N_("'Captures are not mandatory' is read as: no one must choose a "
                    "capturing move; a custody formed by a move always captures, all at once.")
EDGE_RULING = N_("Edge custody (figure 6) belongs to extermination, extinction and connection only.")

# The rules that depend on a variant's parameters, as whole sentences for the parameters
# of the variants here (rules_text); other parameters get the sentence built in English.
BOARD_RULES = {  # (size, kings)
    (7, False): N_("Board 7x7; each side has 7 pieces and 7 pawns. White moves first."),
    (9, False): N_("Board 9x9; each side has 9 pieces and 9 pawns. White moves first."),
    (9, True): N_("Board 9x9; each side has 9 pieces and 9 pawns and a king. White moves first."),
    (11, False): N_("Board 11x11; each side has 11 pieces and 11 pawns. White moves first."),
}
MOVE_RULES = {  # (piece range, pawn range, kings)
    (2, 3, False): N_("A move: one man goes straight along a file or rank onto an empty cell, "
                      "over empty cells only: pieces 1 to 2 cells, pawns 1 to 3 cells."),
    (2, 3, True): N_("A move: one man goes straight along a file or rank onto an empty cell, "
                     "over empty cells only: pieces 1 to 2 cells, pawns 1 to 3 cells, kings "
                     "exactly 1 cell."),
    (1, 2, False): N_("A move: one man goes straight along a file or rank onto an empty cell, "
                      "over empty cells only: pieces exactly 1 cell, pawns 1 to 2 cells."),
}
WRAP_RULES = {"i": N_("Files a and i are joined: men move and capture across that edge.")}  # last file
CENTRE_RULES = {"e5": N_("Only a king may enter the centre e5; other men neither stop on it "
                         "nor pass over it.")}
KING_TO_CENTRE_RULES = {"e5": N_("A king reaching the centre e5 wins at once.")}
CONNECTION_RULES = {9: N_("Win with a chain of your men from rank 1 to rank 9, each next one "
                          "reachable by a legal move of one of the two if its cell were empty. "
                          "Opening a line for the enemy's chain lets the enemy win; a side with "
                          "too few men left to build a chain loses.")}  # last rank


def _cells_text(count):
    return "exactly 1 cell" if count == 1 else f"1 to {count} cells"


def rules_text(v, grid, centre, kings):
    """The rules in brief, written from the variant's parameters (so they cannot disagree):
    whole sentences marked for translation for the variants here, English built from the
    parameters for any other."""
    last_file, last_rank = grid.names[grid.size - 1][0], v.size
    centre_name = grid.names[centre] if centre is not None else ""
    rules = [BOARD_RULES.get((v.size, kings))
             or f"Board {v.size}x{v.size}; each side has {v.size} pieces and {v.size} pawns"
             + (" and a king" if kings else "") + ". White moves first.",
             MOVE_RULES.get((v.piece_range, v.pawn_range, kings))
             or f"A move: one man goes straight along a file or rank onto an empty cell, "
             f"over empty cells only: pieces {_cells_text(v.piece_range)}, pawns "
             f"{_cells_text(v.pawn_range)}" + (", kings exactly 1 cell." if kings else ".")]
    if v.wrap:
        rules.append(WRAP_RULES.get(last_file)
                     or f"Files a and {last_file} are joined: men move and capture across that edge.")
    if kings:
        rules.append(CENTRE_RULES.get(centre_name)
                     or f"Only a king may enter the centre {centre_name}; other men "
                     f"neither stop on it nor pass over it.")
    rules.append(N_("Custody: every enemy man next to the moved man, with a friendly man "
                    "right behind it in the same line, is removed (several at once). Moving "
                    "between two enemies is safe."))
    if kings:
        rules.append(N_("Kings are never captured and never help to capture."))
    if v.edge_custody:
        rules.append(N_("Edge custody: an enemy man next to the moved man and against the "
                        "board edge is captured too."))
    if v.intervention:
        rules.append(N_("Intervention: a pawn (not a piece) that moves between two enemy "
                        "men in a line removes both."))
    goals = {
        PAWN_RACE: N_("A pawn (not a piece) reaching the farthest rank wins at once."),
        KING_TO_CENTRE: KING_TO_CENTRE_RULES.get(centre_name)
        or f"A king reaching the centre {centre_name} wins at once.",
        EXTERMINATION: N_("Capture all the opponent's men to win."),
        EXTINCTION: N_("Capture all the opponent's pieces, or all its pawns, to win."),
        CONNECTION: CONNECTION_RULES.get(last_rank)
        or f"Win with a chain of your men from rank 1 to rank {last_rank}, each "
        f"next one reachable by a legal move of one of the two if its cell "
        f"were empty. Opening a line for the enemy's chain lets the enemy win; "
        f"a side with too few men left to build a chain loses.",
    }
    rules.extend(goals[g] for g in v.goals)
    rules.append(N_("A side with no legal move loses. Threefold repetition is a draw; so is "
                    "the loss of all pawns by both sides.") if v.pawnless_draw
                 else N_("A side with no legal move loses. Threefold repetition is a draw."))
    return tuple(rules)


def setup_text(size, home):
    """The starting position: White's ranks from its edge as `home` says (a man letter
    fills the rank, KING is one king on the middle file, '' an empty rank), Black's
    the mirror image."""
    def row(letter):
        if letter == KING:
            return row_text(EMPTY * (size // 2) + letter + EMPTY * (size - size // 2 - 1))
        return row_text((letter or EMPTY) * size)
    middle = [str(size)] * (size - 2 * len(home))
    rows = [row(letter).lower() for letter in home] + middle + [row(letter) for letter in reversed(home)]
    return "/".join(rows) + " w"


@dataclass(frozen=True, slots=True)
class VutTables:
    """What a variant's rules derive from its parameters (`tables_of`)."""
    grid: SquareGrid
    centre: int | None         # the centre cell, only kings may enter it (None: no kings)
    kings: bool
    letters: str               # the man letters in use
    kinds: dict                # letter -> Man: how the page names and draws each
    special_cells: dict        # the centre, for the page to mark (Royal VUT)
    setup: str
    rules: tuple[str, ...]
    paths: dict                # man letter -> per cell, per direction ((cell, move text), ...)
    first_steps: dict          # man letter -> per cell, the first cells of its paths (grid.first_steps)
    move_index: dict           # move text -> (from cell, to cell)
    move_text: dict            # (from cell, to cell) -> move text
    reach: dict                # piece and pawn letters -> how far they move
    arrivals: list             # per cell, per line ((cell, distance, the move text from there to this
                               # cell), ...) as far as any piece or pawn moves (noisy_moves)
    links: dict                # piece and pawn letters -> per cell, per line ((cell, the letters of the
                               # men there that man links with: components), ...) as far as any man reaches
    custody: list              # per cell: the (victim, beyond) cells of a man arriving there
    interventions: list        # per cell: the pairs around it a pawn arriving there takes
    progress: dict             # side -> per cell, ranks from the side's home edge
    advance: dict              # side -> per cell, a pawn's `advance` there (ranks from home, squared)
    goal_rows: dict            # side -> (start, stop) cells of the farthest rank
    goal_bits: dict            # side -> the farthest rank as a bitboard
    goal_approach: dict        # side -> the ranks a pawn may reach the farthest rank from (it too), a bitboard
    centre_distance: list      # per cell: steps to the middle of the board
    centre_planes: tuple       # centre_distance as bit planes
    open_cells: int            # the cells a piece or pawn may stop on (all but the centre), a bitboard
    all_cells: int             # every cell, a bitboard
    rank_shifts: tuple         # shifts by 1, 2, 4, ... ranks, together at least all ranks but one (Vut.blocked)
    flat_steps: tuple          # the orthogonal steps of bitboards on the flat board (not round a cylinder)


@cache
def tables_of(v):
    """The tables of the variant `v` (a Vut subclass), from its parameters."""
    grid = SquareGrid(v.size, wrap_files=v.wrap)
    kings = KING in v.home
    centre = grid.size // 2 if kings else None  # the middle cell (e5 on 9x9)
    # both sides' men walk alike: each reach's paths made once (a king's may enter the centre)
    walks = {length: grid.paths(length, centre) for length in {v.piece_range, v.pawn_range}}
    king_walks = grid.paths(1)
    paths = {}
    for side in (WHITE, BLACK):
        paths[PIECE_OF[side]] = walks[v.piece_range]
        paths[PAWN_OF[side]] = walks[v.pawn_range]
        paths[KING_OF[side]] = king_walks
    longest = max(v.piece_range, v.pawn_range)
    reach = {letter: length for side in (WHITE, BLACK) for letter, length in
             ((PIECE_OF[side], v.piece_range), (PAWN_OF[side], v.pawn_range))}
    # the men a man `letter` links with at each distance (the page builds these tables at its
    # start, so they are made once per letter and distance, not per cell)
    linked = {letter: ["".join(m for m in MEN[side] if distance <= max(reach[letter], reach[m]))
                       for distance in range(longest + 1)]
              for side in (WHITE, BLACK) for letter in MEN[side]}
    lines = [tuple(cells for cells in (grid.line(i, d, longest, centre) for d in ORTHOGONAL) if cells)
             for i in range(grid.size)]
    links = {letter: [tuple(tuple((j, men[distance]) for distance, j in enumerate(cells, 1)) for cells in cell_lines)
                      for cell_lines in lines]
             for letter, men in linked.items()}
    move_index = {text: (i, j) for cells in paths.values() for i, cell_paths in enumerate(cells)
                  for path in cell_paths for j, text in path}
    n = v.size
    middle = n // 2
    kinds = 3 if kings else 2  # letters in use: piece, pawn (, king)
    centre_distance = [abs(grid.file(i) - middle) + abs(grid.rank(i) - middle) for i in range(grid.size)]
    flat_grid = SquareGrid(n) if v.wrap else grid  # (steps not round a cylinder)
    progress = {WHITE: [grid.rank(i) for i in range(grid.size)],
                BLACK: [n - 1 - grid.rank(i) for i in range(grid.size)]}
    return VutTables(
        grid=grid, centre=centre, kings=kings,
        letters=OWN[WHITE][:kinds] + OWN[BLACK][:kinds],
        kinds=both_sides(dict(list(LOOKS.items())[:kinds])),
        special_cells={grid.names[centre]: "centre"} if kings else {},
        setup=setup_text(n, v.home), rules=rules_text(v, grid, centre, kings),
        paths=paths, first_steps={letter: first_steps(cells) for letter, cells in paths.items()},
        move_index=move_index,
        move_text={cells: text for text, cells in move_index.items()},
        reach=reach, links=links,
        arrivals=[tuple(tuple((j, distance, f"{grid.names[j]}-{grid.names[i]}") for distance, j in enumerate(cells, 1))
                        for cells in cell_lines)
                  for i, cell_lines in enumerate(lines)],
        custody=grid.custody_lines(v.edge_custody),
        interventions=[tuple(pair for pair in pairs if OFF_BOARD not in pair)
                       if v.intervention else () for pairs in grid.flanks(v.edge_custody)],
        progress=progress,
        advance={side: [rank * rank for rank in ranks] for side, ranks in progress.items()},
        goal_rows={WHITE: ((n - 1) * n, n * n), BLACK: (0, n)},
        goal_bits={WHITE: (1 << n) - 1 << (n - 1) * n, BLACK: (1 << n) - 1},
        goal_approach={side: sum(1 << i for i in range(grid.size) if n - 1 - ranks[i] <= v.pawn_range)
                       for side, ranks in progress.items()},
        centre_distance=centre_distance,
        centre_planes=bit_planes(centre_distance),
        open_cells=(1 << grid.size) - 1 & ~(1 << centre if kings else 0),
        all_cells=(1 << grid.size) - 1,
        rank_shifts=tuple(n << k for k in range((n - 2).bit_length())),
        flat_steps=tuple(flat_grid.steps[d] for d in ORTHOGONAL),
    )


class Vut(Game):
    """VUT, and through its parameters every variant: a subclass overrides the ones it changes."""

    id = "vut"
    # TRANSLATORS: a game's name
    name = N_("VUT")
    summary = N_("Race a pawn to the far side; capture by custody.")
    rulings = (SETUP_RULING, CAPTURE_RULING)
    # -- the parameters of the family --------------------------------------------------
    size = 9
    home = (PIECE, PAWN)   # White's ranks from its edge (setup_text); KING here gives kings
    goals = (PAWN_RACE,)
    piece_range = 2
    pawn_range = 3
    wrap = False           # the first and last files are adjacent
    edge_custody = False   # the board edge closes a custody
    intervention = False   # a pawn moving between two enemies removes both
    pawnless_draw = True   # draw when both sides have lost all their pawns
    weights = VUT_WEIGHTS

    def __init__(self, **options):
        super().__init__(**options)
        tables = self.tables = tables_of(type(self))
        self.grid, self.letters = tables.grid, tables.letters
        self.kinds, self.special_cells = tables.kinds, tables.special_cells
        self.setup, self.rules = tables.setup, tables.rules
        checks = {PAWN_RACE: self._pawn_race, KING_TO_CENTRE: self._king_to_centre,
                  EXTERMINATION: self._extermination, EXTINCTION: self._extinction,
                  CONNECTION: self._connection}
        self.goal_checks = tuple(checks[g] for g in self.goals)
        terms = {PAWN_RACE: self._pawn_progress, KING_TO_CENTRE: self._king_progress,
                 EXTERMINATION: self._material, EXTINCTION: self._balanced_material,
                 CONNECTION: self._chain_progress}
        self.eval_terms = tuple(terms[g] for g in self.goals)
        self.single_term = self.eval_terms[0] if len(self.eval_terms) == 1 else None
        self.feature_names = tuple(name for g in self.goals for name in GOAL_FEATURES[g]) + THREAT_FEATURES
        if set(self.weights) != set(self.feature_names):
            raise ValueError(f"{self.id}: weights for {sorted(self.weights)}, features {self.feature_names}")
        self.weight_values = tuple(self.weights[name] for name in self.feature_names)
        self.hunts = bool({EXTERMINATION, EXTINCTION} & set(self.goals))  # won by taking men
        self.new_ground = self.hunts
        self.trade_taste = TRADE_TASTE if self.hunts else 0
        self.hunt_par = 0  # the hunt of an enemy man at the setup, paid back (hunt)
        if self.hunts:
            masks = self.facts_of(self.new())[0]
            self.hunt_par = round(-self.hunt(masks, WHITE) / self.men_bits(masks, BLACK).bit_count())

    @property
    def centre(self):
        """The centre cell only kings may enter (Royal VUT), None in the other variants."""
        return self.tables.centre

    # -- position texts ------------------------------------------------------------
    def check_position(self, state):
        board, n, centre = state.board, self.size, self.tables.centre
        too_many = {(WHITE, PIECE): N_("White has {count} pieces, more than the {most} it starts with"),
                    (WHITE, PAWN): N_("White has {count} pawns, more than the {most} it starts with"),
                    (BLACK, PIECE): N_("Black has {count} pieces, more than the {most} it starts with"),
                    (BLACK, PAWN): N_("Black has {count} pawns, more than the {most} it starts with")}
        one_king = {WHITE: N_("White must have exactly one king (kings are never captured), "
                              "the text has {count}"),
                    BLACK: N_("Black must have exactly one king (kings are never captured), "
                              "the text has {count}")}
        for side in (WHITE, BLACK):
            for letter, kind in ((PIECE_OF[side], PIECE), (PAWN_OF[side], PAWN)):
                if board.count(letter) > n:
                    raise ValueError(_(too_many[side, kind]).format(count=board.count(letter), most=n))
            if self.tables.kings and board.count(KING_OF[side]) != 1:
                raise ValueError(_(one_king[side]).format(count=board.count(KING_OF[side])))
        if centre is not None and board[centre] not in (EMPTY, KING, KING.lower()):
            raise ValueError(_("only a king may stand on the centre {cell}").format(
                cell=self.grid.names[centre]))

    # -- moves ---------------------------------------------------------------------
    def generate(self, state):
        return walks(state.board, OWN_MARKS[state.turn], self.tables.paths)

    def has_move(self, state):
        """Whether the side to move has a move, its moves unlisted (can_walk)."""
        if state.moves_cache is not None:
            return bool(state.moves_cache)
        return can_walk(state.board, OWN[state.turn], self.tables.first_steps)

    def captures(self, board, src, dst):
        """Cells of the enemy men taken when the man on `src` moves to `dst`.

        Works on the board before the move: `src` is never a victim (it holds the mover)
        nor the cell beyond one (the man would have had to pass over that victim).
        """
        man = board[src]
        if man not in CAPTORS:
            return []
        victims, closers = CAPTORS[man]
        taken = custody_victims(board, self.tables.custody[dst], victims, closers)
        if man in PAWNS:
            for a, b in self.tables.interventions[dst]:
                if board[a] in victims and board[b] in victims:
                    taken.extend(c for c in (a, b) if c not in taken)
        return taken

    def _cells(self, move):
        cells = self.tables.move_index.get(move)
        if cells is None:
            raise ValueError(_("'{move}' is not a move on this board").format(move=move))
        return cells

    def apply(self, state, move):
        src, dst = self.tables.move_index[move]
        board = state.board
        taken = self.captures(board, src, dst)
        after = moved(board, src, dst)
        child = self.next_state(state, emptied(after, taken) if taken else after, move, taken)
        if state.facts is not None:
            masks, advance = state.facts
            if advance is not None and (taken or board[src] in PAWNS):  # (else the pawns' advance stays)
                advance = self.advance_after(advance, board, src, dst, taken)
            child.facts = moved_bits(masks, board, src, dst, taken), advance
        return child

    def facts_of(self, state):
        """(masks, advance): {letter: bitboard} of the men and the empty cells (EMPTY), and
        in the pawn race {side: the `advance` of its pawns where they stand (VutTables.
        advance)}, else None; kept with the state (its `facts`), which `apply` passes on
        updated: the evaluation and the noisy moves read them."""
        if state.facts is None:
            board, advance = state.board, None
            if PAWN_RACE in self.goals:
                advance = {side: self.pawns_advance(board, side) for side in (WHITE, BLACK)}
            state.facts = letter_bits(board, BIT_TABLES), advance
        return state.facts

    def pawns_advance(self, board, side):
        """The `advance` of `side`'s pawns where they stand (VutTables.advance)."""
        values, pawn = self.tables.advance[side], PAWN_OF[side]
        total, i = 0, board.find(pawn)
        while i >= 0:
            total += values[i]
            i = board.find(pawn, i + 1)
        return total

    def advance_after(self, advance, board, src, dst, taken):
        """The pawns' `advance` (facts_of) once the man on `src` of `board` moves to `dst`
        and the men on `taken` are removed (the same dict if no pawn is involved)."""
        values, side = self.tables.advance, SIDE_OF[board[src]]
        changed = None
        if board[src] == PAWN_OF[side]:
            changed = dict(advance)
            changed[side] += values[side][dst] - values[side][src]
        other = OTHER[side]
        for cell in taken:
            if board[cell] == PAWN_OF[other]:
                changed = changed or dict(advance)
                changed[other] -= values[other][cell]
        return changed or advance

    @staticmethod
    def men_bits(masks, side):
        """The bitboard of `side`'s pieces and pawns."""
        return masks[PIECE_OF[side]] | masks[PAWN_OF[side]]

    def why_illegal(self, state, move):
        cells = self.tables.move_index.get(move)
        if cells is None:
            return " " + _("(a move is from-to along a file or rank, like 'e2-e4')")
        if state.board[cells[0]] not in OWN[state.turn]:
            cell = move.split('-')[0]
            if state.turn == WHITE:
                return " " + _("(white has no man on {cell})").format(cell=cell)
            return " " + _("(black has no man on {cell})").format(cell=cell)
        return ""

    # -- results -------------------------------------------------------------------
    def goal(self, state):
        """The goals, for both sides (the side that moved first), then the pawnless draw."""
        board, mover = state.board, OTHER[state.turn]
        for side in (mover, state.turn):
            for check in self.goal_checks:
                reason = check(board, side)
                if reason:
                    return win(side, reason)
        if self.pawnless_draw and PAWN not in board and PAWN.lower() not in board:
            return draw(PAWNLESS_REASON)
        return None

    def _pawn_race(self, board, side):
        start, stop = self.tables.goal_rows[side]
        if PAWN_OF[side] in board[start:stop]:
            return PAWN_RACE_REASONS[side]
        return None

    def _king_to_centre(self, board, side):
        if board[self.tables.centre] == KING_OF[side]:
            return KING_TO_CENTRE_REASONS[side]
        return None

    def _extermination(self, board, side):
        other = OTHER[side]
        if PIECE_OF[other] not in board and PAWN_OF[other] not in board:
            return EXTERMINATION_REASONS[side]
        return None

    def _extinction(self, board, side):
        other = OTHER[side]
        for letter, kind in ((PIECE_OF[other], PIECE), (PAWN_OF[other], PAWN)):
            if letter not in board:
                return EXTINCTION_REASONS[side, kind]
        return None

    def _connection(self, board, side):
        if self.has_chain(board, side):
            return (CHAIN_REASONS.get((side, self.size))
                    or f"a {SIDE_NAMES[side]} chain links rank 1 and rank {self.size}")
        other = OTHER[side]
        if self.longest_chain(board, other) < self.size - 1:
            return FEW_MEN_REASONS[side]
        return None

    def longest_chain(self, board, side):
        """How many ranks the longest chain `side`'s men could ever form may span.

        A link spans at most the larger range of its two men; each pawn can give the
        pawn range to at most two links, the other links get the piece range.
        """
        pawns = board.count(PAWN_OF[side])
        links = pawns + board.count(PIECE_OF[side]) - 1
        if links <= 0:
            return 0
        long_links = min(links, 2 * pawns)
        return self.pawn_range * long_links + self.piece_range * (links - long_links)

    def components(self, board, side):
        """The connected groups (lists of cells) of `side`'s pieces and pawns.

        A and B are linked when one could move onto the other's cell: the first man
        along a line from A, at a distance within A's range or within its own
        (VutTables.links: the men each cell on A's lines links with).
        """
        links, seen, groups = self.tables.links, bytearray(len(board)), []  # (seen: a flag per cell)
        for letter in MEN[side]:  # each man not yet in a group starts one (str.find: the others unvisited)
            start = board.find(letter)
            while start >= 0:
                if not seen[start]:
                    seen[start] = 1
                    group = [start]
                    for cell in group:
                        for line in links[board[cell]][cell]:
                            for other, linked in line:
                                found = board[other]
                                if found != EMPTY:
                                    if found in linked and not seen[other]:
                                        seen[other] = 1
                                        group.append(other)
                                    break
                    groups.append(group)
                start = board.find(letter, start + 1)
        return groups

    def has_chain(self, board, side):
        """True when a chain of `side`'s men links rank 1 and the last rank."""
        (piece, pawn), n = MEN[side], self.size
        first, last_rank = board[:n], board[-n:]
        if not (piece in first or pawn in first) or not (piece in last_rank or pawn in last_rank):
            return False
        return any(min(group) < n and max(group) >= n * (n - 1) for group in self.components(board, side))

    # -- AI hooks --------------------------------------------------------------------
    def evaluate(self, state):
        """Side to move's view: the weighted features (`weights`); in the games won by
        taking men, a side well ahead is also scored for hunting (hunt)."""
        score = sum(map(mul, self.weight_values, self.terms(state)))  # (self.weighted, a call less)
        if self.hunts and abs(score) >= HUNT_LEAD:
            # (and trades please the side ahead: its lead counts more on an emptier board)
            board, masks = state.board, state.facts[0]
            left = len(board) - board.count(EMPTY)
            trades = abs(score) * (4 * self.size - left) // (HUNT_TRADES * 4 * self.size)
            side = state.turn
            score += self.hunt(masks, side) + trades if score > 0 else -self.hunt(masks, OTHER[side]) - trades
        return score

    def terms(self, state):
        """The features' values for the side to move (in the order of `feature_names`): each
        goal's for it less the other side's, then the custody threats."""
        board, side = state.board, state.turn
        facts = self.facts_of(state)
        white, black = self.threats(facts[0])
        threats = (black, -white) if side == WHITE else (white, -black)
        other = OTHER[side]
        if self.single_term:
            return self.single_term(board, facts, side, other) + threats
        values = ()
        for term in self.eval_terms:
            values += term(board, facts, side, other)
        return values + threats

    def features(self, state):
        """The features from White's side; None where the hunt adds to their sum."""
        values = self.terms(state)
        if self.hunts and abs(self.weighted(values)) >= HUNT_LEAD:
            return None
        sign = 1 if state.turn == WHITE else -1
        return {name: sign * value for name, value in zip(self.feature_names, values)}

    def hunt(self, masks, hunter):
        """How well `hunter`'s men close in on the enemy's: the enemy men's distance from
        the middle (the edge helps custody), their few moves, and the hunters near each
        of them.  Without it a side far ahead in extermination or extinction
        sees no gain in any quiet move and plays on for hundreds of moves.  Each enemy
        man is paid back the hunt it is worth at the setup (`hunt_par`, about its median
        in level play): on a full board the hunt came to two men's worth below 0, and a
        man won scored below an even position."""
        prey, hunters = self.men_bits(masks, OTHER[hunter]), self.men_bits(masks, hunter)
        return (self.hunt_par * prey.bit_count() + HUNT_EDGE * weighted_count(prey, self.tables.centre_planes)
                - HUNT_FREEDOM * self.freedom(masks, OTHER[hunter])
                - HUNT_DISTANCE * self.distances(prey, hunters))

    def freedom(self, masks, side):
        """How many moves `side`'s pieces and pawns have: the cells each step of their
        slides reaches, a bitboard per step and direction."""
        tables, steps = self.tables, self.grid.steps
        open_cells = masks[EMPTY] & tables.open_cells
        moves = 0
        for letter in (PIECE_OF[side], PAWN_OF[side]):
            for d in ORTHOGONAL:
                reached = masks[letter]
                for _unused in range(tables.reach[letter]):
                    reached = stepped(reached, steps[d]) & open_cells
                    if not reached:
                        break
                    moves += reached.bit_count()
        return moves

    def distances(self, prey, hunters):
        """The sum over the `prey` (a bitboard) of the steps from each to the nearest of
        the `hunters` on the flat board: each round of growing the hunters' reach by a
        step adds one for every prey still beyond it."""
        steps = self.tables.flat_steps
        reached, total = hunters, 0
        beyond = prey & ~reached
        while beyond and reached:
            total += beyond.bit_count()
            reached |= (stepped(reached, steps[0]) | stepped(reached, steps[1])
                        | stepped(reached, steps[2]) | stepped(reached, steps[3]))
            beyond &= ~reached
        return total

    def threats(self, masks):
        """How many of White's men, and of Black's, the enemy could take by moving a man
        next to them."""
        white, black = self.grid.custody_threatened(masks[PIECE] | masks[PAWN], masks[BLACK_PIECE] | masks[BLACK_PAWN],
                                                    masks[EMPTY], self.edge_custody)
        return white.bit_count(), black.bit_count()

    @staticmethod
    def _material(board, facts, side, other):
        return (board.count(PIECE_OF[side]) + board.count(PAWN_OF[side])
                - board.count(PIECE_OF[other]) - board.count(PAWN_OF[other]),)

    @staticmethod
    def _balanced_material(board, facts, side, other):
        """Extinction: the men, and the scarcer kind, what a side must not run out of."""
        pieces, pawns = board.count(PIECE_OF[side]), board.count(PAWN_OF[side])
        their_pieces, their_pawns = board.count(PIECE_OF[other]), board.count(PAWN_OF[other])
        return pieces + pawns - their_pieces - their_pawns, min(pieces, pawns) - min(their_pieces, their_pawns)

    def _pawn_progress(self, board, facts, side, other):
        """Pieces, pawns, their advance, and the pawns whose way to the goal is clear and
        their ranks."""
        masks, advance = facts
        mine, theirs = masks[PAWN_OF[side]], masks[PAWN_OF[other]]
        clear, their_clear = mine & ~self.blocked(masks[EMPTY], side), theirs & ~self.blocked(masks[EMPTY], other)
        clear_advance = 0
        if clear:
            ranks = self.tables.progress[side]
            for i in cells_of(clear):
                clear_advance += ranks[i]
        if their_clear:
            ranks = self.tables.progress[other]
            for i in cells_of(their_clear):
                clear_advance -= ranks[i]
        return (board.count(PIECE_OF[side]) - board.count(PIECE_OF[other]), mine.bit_count() - theirs.bit_count(),
                advance[side] - advance[other], clear.bit_count() - their_clear.bit_count(), clear_advance)

    def blocked(self, empty, side):
        """The cells with a man somewhere ahead of them on their file, towards `side`'s
        goal (a bitboard; `empty` the empty cells): the men shifted back a rank, then two,
        four, ... (VutTables.rank_shifts)."""
        occupied = empty ^ self.tables.all_cells
        if side == WHITE:
            for shift in self.tables.rank_shifts:
                occupied |= occupied >> shift
            return occupied >> self.size
        for shift in self.tables.rank_shifts:
            occupied |= occupied << shift
        return occupied << self.size

    def _king_progress(self, board, facts, side, other):
        distance = self.tables.centre_distance
        return (distance[board.index(KING_OF[other])] - distance[board.index(KING_OF[side])],)

    def _chain_progress(self, board, facts, side, other):
        """The men and the rank span of the best connected group."""
        men, = self._material(board, facts, side, other)
        return men, self.chain_span(board, side) - self.chain_span(board, other)

    def chain_span(self, board, side):
        """The ranks `side`'s best connected group spans."""
        n, best = self.size, 0
        for group in self.components(board, side):  # (cells are numbered rank by rank)
            best = max(best, max(group) // n - min(group) // n)
        return best

    def is_noisy(self, state, move):
        """Captures, and moves that reach a pawn or king goal."""
        src, dst = self._cells(move)
        board = state.board
        if self.captures(board, src, dst):
            return True
        man, side = board[src], state.turn
        if man == KING_OF[side]:
            return dst == self.tables.centre
        start, stop = self.tables.goal_rows[side]
        return man == PAWN_OF[side] and PAWN_RACE in self.goals and start <= dst < stop

    def noisy_moves(self, state):
        """The moves `is_noisy` accepts, found from their targets: for each kind of man
        the empty cells where it would capture (the flanks of enemy men) or reach a goal,
        then the nearest man on each line from there, if of that kind and in range
        (moving is symmetric: VutTables.arrivals)."""
        board, side, tables, grid = state.board, state.turn, self.tables, self.grid
        masks = self.facts_of(state)[0]
        other = OTHER[side]
        empty, victims = masks[EMPTY], masks[PIECE_OF[other]] | masks[PAWN_OF[other]]
        piece, pawn, centre = PIECE_OF[side], PAWN_OF[side], tables.centre
        captures = grid.custody_targets(victims, masks[piece] | masks[pawn], empty, self.edge_custody)
        pawn_targets = 0
        if self.intervention:  # between two victims in a line: along the rank (beside), along the file
            victims_east, victims_west = grid.beside(victims)
            w = grid.width
            pawn_targets = (victims_east & victims_west & grid.inner_files | victims >> w & victims << w) & empty
        if PAWN_RACE in self.goals and masks[pawn] & tables.goal_approach[side]:
            pawn_targets |= tables.goal_bits[side] & empty
        if centre is not None:  # only a king may stop on the centre
            captures &= tables.open_cells
            pawn_targets &= tables.open_cells
        # the first man on each line from a target, if he is the side's and reaches it (the
        # pieces' moves listed first, then the pawns')
        piece_moves, pawn_moves = [], []
        piece_reach, pawn_reach, arrivals = tables.reach[piece], tables.reach[pawn], tables.arrivals
        for dst in cells_of(captures | pawn_targets):
            for line in arrivals[dst]:
                for j, distance, text in line:
                    there = board[j]
                    if there != EMPTY:
                        if there == pawn:
                            if distance <= pawn_reach:
                                pawn_moves.append(text)
                        elif there == piece and distance <= piece_reach and captures >> dst & 1:
                            piece_moves.append(text)
                        break
        found = piece_moves + pawn_moves
        if centre is not None and board[centre] == EMPTY:
            king = KING_OF[side]
            found.extend(tables.move_text[path[0][0], centre] for path in tables.paths[king][centre]
                         if board[path[0][0]] == king)
        return found


# -- the variants: each states only how it differs from the game it derives from ------
class RoyalVut(Vut):
    id = "vut-royal"
    # TRANSLATORS: a game's name
    name = N_("Royal VUT")
    summary = N_("VUT with kings: bring your king to the centre cell e5 (or a pawn to the far side).")
    rulings = (N_("Setup reconstructed: figure 5 is missing; kings on the home rank centre, "
                  "pieces and pawns one rank further in."),
               N_("The pawn goal of VUT stays: a pawn on the farthest rank also wins."),
               N_("Both sides losing all their pawns is not a draw here: the kings can still win."),
               CAPTURE_RULING)
    home = (KING, PIECE, PAWN)
    goals = (KING_TO_CENTRE, PAWN_RACE)
    pawnless_draw = False
    has_threats = True  # a king stepping beside the centre (is_threat)
    weights = ROYAL_WEIGHTS

    def is_threat(self, state, move):
        """A king's step beside the centre: he wins at his next move unless the other
        side wins at once (the centre is his alone, and kings are never taken)."""
        src, dst = self._cells(move)
        return state.board[src] == KING_OF[state.turn] and self.tables.centre_distance[dst] == 1

    def threat_moves(self, state):
        """The king's steps onto the empty cells beside the centre."""
        board, tables = state.board, self.tables
        distance = tables.centre_distance
        king = board.index(KING_OF[state.turn])
        if distance[king] != 2:
            return []
        return [text for path in tables.paths[board[king]][king] for j, text in path
                if distance[j] == 1 and board[j] == EMPTY]

    def threatened(self, state):
        """The other side's king stands beside the centre."""
        return self.tables.centre_distance[state.board.index(KING_OF[OTHER[state.turn]])] == 1


class VutExtermination(Vut):
    id = "vut-extermination"
    # TRANSLATORS: a game's name
    name = N_("VUT extermination")
    summary = N_("Capture every enemy man; the board edge helps you capture.")
    rulings = (EXTERMINATION_SETUP_RULING,
               N_("The pawn race does not win here, and losing all pawns is no draw."), CAPTURE_RULING)
    home = ("", PAWN, PIECE)
    goals = (EXTERMINATION,)
    edge_custody = True
    pawnless_draw = False
    weights = EXTERMINATION_WEIGHTS


class VutExtinction(VutExtermination):
    id = "vut-extinction"
    # TRANSLATORS: a game's name
    name = N_("VUT extinction")
    summary = N_("Capture all the enemy's pieces or all its pawns.")
    rulings = (EXTERMINATION_SETUP_RULING, EDGE_RULING, N_("The pawn race does not win here."),
               CAPTURE_RULING)
    goals = (EXTINCTION,)
    weights = EXTINCTION_WEIGHTS


class VutConnection(VutExtermination):
    id = "vut-connection"
    # TRANSLATORS: a game's name
    name = N_("VUT connection")
    summary = N_("Link rank 1 to rank 9 with a chain of your men.")
    rulings = (EXTERMINATION_SETUP_RULING, EDGE_RULING,
               N_("A move that opens a line between two enemy men can complete the enemy's "
                  "chain: then the enemy wins, unless the mover has a chain too."),
               N_("'Not enough men to join the two rows' is made exact: with a pawns and k men, "
                  "the longest chain spans 3*min(k-1, 2a) + 2*(the other links) ranks; a side "
                  "whose longest chain is shorter than 8 ranks loses (if both sides, the side "
                  "that just moved wins)."), CAPTURE_RULING)
    goals = (CONNECTION,)
    quiet_progress = True
    weights = CONNECTION_WEIGHTS


class VutCylindrical(Vut):
    id = "vut-cylindrical"
    # TRANSLATORS: a game's name
    name = N_("VUT cylindrical")
    summary = N_("VUT on a cylinder: the left and right edges are joined.")
    rulings = (SETUP_RULING, N_("Moves across the joined edge name the real cells (a3-i3 is one step)."),
               CAPTURE_RULING)
    wrap = True
    weights = CYLINDRICAL_WEIGHTS


class VutIntervention(Vut):
    id = "vut-intervention"
    # TRANSLATORS: a game's name
    name = N_("VUT intervention")
    summary = N_("VUT where a pawn stepping between two enemies captures both.")
    rulings = (SETUP_RULING, N_("A pawn's custody and intervention captures of one move all happen."),
               CAPTURE_RULING)
    intervention = True
    weights = INTERVENTION_WEIGHTS


class Vut7x7(VutIntervention):
    id = "vut-7x7"
    # TRANSLATORS: a game's name
    name = N_("VUT 7x7")
    summary = N_("A quick VUT intervention on 7x7 with shorter moves.")
    rulings = (N_("Setup reconstructed: figure 11 is missing; pieces on the home rank, pawns in front."),
               CAPTURE_RULING)
    size = 7
    piece_range = 1
    pawn_range = 2
    weights = VUT7X7_WEIGHTS


class Vut11x11(Vut):
    id = "vut-11x11"
    # TRANSLATORS: a game's name
    name = N_("VUT 11x11")
    summary = N_("VUT on a larger 11x11 board.")
    size = 11
    weights = VUT11X11_WEIGHTS


VUT_GAMES = (Vut, RoyalVut, VutExtermination, VutExtinction, VutConnection, VutCylindrical,
             VutIntervention, Vut7x7, Vut11x11)
