"""Square-grid geometry shared by the games on square boards (VUT, Tablut, Vault, Pux),
and the rule pieces more than one of them uses: moving a man, walking lines (rook-like
moves) and custody (capturing a man by enclosing it in a line).

Cells are numbered `index = rank * width + file` (0-based; rank 0 is rank 1, White's
side).  Names are `a1`-style.  A board is a string of one character per cell, `.` for
an empty cell, so positions are immutable, hashable and cheap to copy.  Rules that look
at the whole board at once (custody threats) turn it into integer bitboards (`bits`),
bit i for cell i, and shift those instead of walking the cells.
"""

from operator import itemgetter

from .texts import _

FILES = "abcdefghijklmnopqrstuvwxyz"
EMPTY = "."
MARK = "x"  # a man found by mark_table
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL
CELL_BITS = [1 << i for i in range(256)]  # each cell's bit in a bitboard (any board here has fewer cells)
OFF_BOARD = -1  # the board edge where it closes a custody like a man (VUT's edge custody)


def cell_name(file, rank):
    """`cell_name(4, 4) == 'e5'` (0-based file and rank)."""
    return f"{FILES[file]}{rank + 1}"


def notation_order(name):
    """Sort key of cell names: by file, then rank ('b1' before 'b10' before 'c1')."""
    return name[0], int(name[1:])


def parse_rows(rows_text, widths, letters):
    """Parse the board part of a position text: rows top first, separated by '/'.

    `widths` lists the expected number of cells of each row, top row first; `letters`
    the allowed man letters.  Returns the rows (top first) as lists of characters with
    EMPTY for empty cells.  Raises ValueError saying which row is wrong and why.
    """
    rows = rows_text.split("/")
    if len(rows) != len(widths):
        raise ValueError(_("the board has {rows} rows, expected {expected}").format(
            rows=len(rows), expected=len(widths)))
    parsed = []
    for number, (row, width) in enumerate(zip(rows, widths), start=1):
        cells = []
        digits = ""
        for ch in row + " ":
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                if digits.startswith("0"):
                    raise ValueError(_("row {number}: bad empty-cell count '{digits}'").format(
                        number=number, digits=digits))
                cells.extend(EMPTY * int(digits))
                digits = ""
            if ch == " ":
                break
            if ch not in letters:
                raise ValueError(_("row {number}: unknown man '{letter}' (allowed: {letters})").format(
                    number=number, letter=ch, letters=letters))
            cells.append(ch)
        if len(cells) != width:
            raise ValueError(_("row {number} has {cells} cells, expected {width}").format(
                number=number, cells=len(cells), width=width))
        parsed.append(cells)
    return parsed


def row_text(cells):
    """One row of a position text: runs of empty cells become a number."""
    out = []
    run = 0
    for ch in cells:
        if ch == EMPTY:
            run += 1
            continue
        if run:
            out.append(str(run))
            run = 0
        out.append(ch)
    if run:
        out.append(str(run))
    return "".join(out)


def split_fields(text, count):
    """Split a position text into exactly `count` space-separated fields."""
    fields = text.split()
    if len(fields) != count:
        if count > 2:
            message = _("a position text here has {count} fields separated by spaces "
                        "(board, side to move, ...), got {got}")
        else:
            message = _("a position text here has {count} fields separated by spaces "
                        "(board, side to move), got {got}")
        raise ValueError(message.format(count=count, got=len(fields)))
    return fields


def parse_turn(field):
    if field not in ("w", "b"):
        raise ValueError(_("side to move must be 'w' or 'b', not '{field}'").format(field=field))
    return field


def split_move(move):
    """`'e2-e5' -> ('e2', 'e5')`; ValueError for text that is not a from-to move."""
    parts = move.split("-") if isinstance(move, str) else []
    if len(parts) != 2:
        raise ValueError(_("'{move}' is not a move like 'e2-e5'").format(move=move))
    return parts[0], parts[1]


def moved(board, src, dst):
    """The board after the man on `src` moves to `dst` (taking whatever stood there)."""
    man = board[src]
    if src < dst:
        return board[:src] + EMPTY + board[src + 1:dst] + man + board[dst + 1:]
    return board[:dst] + man + board[dst + 1:src] + EMPTY + board[src + 1:]


def emptied(board, cells):
    """The board with the men on `cells` taken off."""
    for cell in cells:
        board = board[:cell] + EMPTY + board[cell + 1:]
    return board


def mark_table(letters):
    """The `str.translate` table of `walks`: MARK for the men in `letters`, EMPTY for any
    other character."""
    return str.maketrans({chr(code): MARK if chr(code) in letters else EMPTY for code in range(128)})


def marked_cells(board, table):
    """The cells of the men `table` (mark_table) marks, in increasing order: str.find in
    the marked board (cheaper in Pyodide than the bits of an integer bitboard)."""
    marked = board.translate(table)
    i = marked.find(MARK)
    while i >= 0:
        yield i
        i = marked.find(MARK, i + 1)


def walks(board, own, paths):
    """The move texts of the men `own` marks (mark_table) along their `paths`
    (SquareGrid.paths, by letter), man by man in the order of the cells: each path is
    walked until the first occupied cell.  The men are found by str.find in the marked
    board, not by a loop over every cell."""
    marked = board.translate(own)
    i = marked.find(MARK)
    while i >= 0:
        for path in paths[board[i]][i]:
            for j, text in path:
                if board[j] != EMPTY:
                    break
                yield text
        i = marked.find(MARK, i + 1)


def first_steps(paths):
    """Per cell, what `can_walk` reads of a man's `paths` there (SquareGrid.paths): an
    `operator.itemgetter` of the first cell of each, which gives the men standing there."""
    return [itemgetter(*[path[0][0] for path in cell_paths]) for cell_paths in paths]


def can_walk(board, own, steps):
    """Whether a man in `own` has a move along its paths (walks): the first cell of one
    of them empty.  `steps` holds each letter's first_steps; the men are found by
    str.find, so that the search's judge of every leaf does not walk the board."""
    for letter in own:
        firsts = steps[letter]
        i = board.find(letter)
        while i >= 0:
            if EMPTY in firsts[i](board):  # a tuple of letters, or one letter for one path
                return True
            i = board.find(letter, i + 1)
    return False


def custody_victims(board, lines, victims, closers):
    """Custody: the `victims` that a man arriving at the cell of `lines`
    (SquareGrid.custody_lines) encloses against one of `closers` (or against the edge,
    where OFF_BOARD counts)."""
    return [victim for victim, beyond in lines
            if board[victim] in victims and (beyond == OFF_BOARD or board[beyond] in closers)]


def bit_table(letters):
    """The `str.translate` table of `bits`: '1' for the men in `letters`, '0' for any
    other character."""
    return str.maketrans({chr(code): "1" if chr(code) in letters else "0" for code in range(128)})


def bits(board, table):
    """The cells of `board` whose men `table` (bit_table) marks, as an integer bitboard
    (bit i: cell i): one C-level pass, so that rule code can test whole boards at once."""
    return int(board.translate(table)[::-1], 2)


def letter_bits(board, tables):
    """{letter: the bitboard of its cells} for each letter of `tables` ({letter:
    bit_table(letter)}, EMPTY among them)."""
    return {letter: bits(board, table) for letter, table in tables.items()}


def moved_bits(masks, board, src, dst, taken=()):
    """`masks` (letter_bits) once the man on `src` of `board` moves to the empty `dst`
    and the men on the cells `taken` are removed: updated rather than read again from
    the board, so that a search can hand them on from position to position."""
    masks = masks.copy()
    move = CELL_BITS[src] | CELL_BITS[dst]
    masks[board[src]] ^= move
    masks[EMPTY] ^= move
    for cell in taken:
        masks[board[cell]] ^= CELL_BITS[cell]
        masks[EMPTY] |= CELL_BITS[cell]
    return masks


def stepped(cells, step):
    """The bitboard `cells` moved one step in a direction (SquareGrid.steps): the
    neighbours that way of its cells (on a cylinder the second shift wraps round)."""
    left, right, mask, wrap_left, wrap_right, wrap_mask = step
    return cells << left >> right & mask | cells << wrap_left >> wrap_right & wrap_mask


def bit_planes(values):
    """The bit planes of whole numbers >= 0, one per cell: planes[b] holds the cells whose
    value has bit b set (for weighted_count)."""
    return tuple(sum(1 << i for i, value in enumerate(values) if value >> b & 1)
                 for b in range(max(values).bit_length()))


def weighted_count(cells, planes):
    """The sum of the cells' values (as bit_planes) over the bitboard `cells`: a count
    per plane rather than a look-up per cell."""
    total = 0
    for b, plane in enumerate(planes):
        total += (cells & plane).bit_count() << b
    return total


def cells_of(cells):
    """The cells of the bitboard `cells`, in increasing order."""
    while cells:
        low = cells & -cells
        yield low.bit_length() - 1
        cells ^= low


class SquareGrid:
    """A width x height board; with `wrap_files` the first and last files are adjacent.

    Precomputes, for every cell, its neighbour in each direction and its rays, so rule
    code walks tuples instead of doing coordinate arithmetic.
    """

    def __init__(self, width, height=None, wrap_files=False):
        self.width = width
        self.height = width if height is None else height
        self.wrap_files = wrap_files
        self.size = self.width * self.height
        self.names = [cell_name(i % self.width, i // self.width) for i in range(self.size)]
        self.index_of = {name: i for i, name in enumerate(self.names)}
        # rays[i][d]: the cells from i outward in direction d (excluding i); on a
        # cylinder a ray stops before it would come back round to i.
        self.rays = [{d: self._ray(i, d) for d in ALL_DIRECTIONS} for i in range(self.size)]
        # Bitboards (bits): steps[d] moves a bitboard one step in direction d (stepped); edges[d]
        # holds the cells with no neighbour in direction d.
        self.steps = {d: self._bit_step(d) for d in ALL_DIRECTIONS}
        self.edges = {d: sum(1 << i for i in range(self.size) if not self.rays[i][d]) for d in ALL_DIRECTIONS}
        # For beside, custody_threatened and custody_targets: by distance k (1 and 2), the
        # first k files, the others, the last k files, the others; the cells with a
        # neighbour either way along the rank, and with two cells' room east and west (on a
        # cylinder every cell)
        self.file_masks = {k: self._file_masks(k) for k in (1, 2)}
        self.inner_files = self._cells_where(lambda f: wrap_files or 0 < f < self.width - 1)
        self.two_files_room = (self._cells_where(lambda f: wrap_files or f < self.width - 2),
                               self._cells_where(lambda f: wrap_files or f >= 2))

    def file(self, i):
        return i % self.width

    def rank(self, i):
        return i // self.width

    def index(self, name):
        """Index of a cell name on this board; ValueError if there is no such cell."""
        i = self.index_of.get(name)
        if i is None:
            raise ValueError(_("there is no cell '{name}' on a {width}x{height} board").format(
                name=name, width=self.width, height=self.height))
        return i

    def step(self, i, direction):
        """The neighbour of i in `direction` (df, dr), or None off the board."""
        ray = self.rays[i][direction]
        return ray[0] if ray else None

    def _ray(self, i, direction):
        df, dr = direction
        f, r = i % self.width, i // self.width
        cells = []
        for _unused in range(max(self.width, self.height)):
            f, r = f + df, r + dr
            if self.wrap_files:
                f %= self.width
            if not (0 <= f < self.width and 0 <= r < self.height):
                break
            j = r * self.width + f
            if j == i:
                break
            cells.append(j)
        return tuple(cells)

    def _cells_where(self, test):
        """The bitboard of the cells whose file passes `test`."""
        return sum(1 << i for i in range(self.size) if test(self.file(i)))

    def _file_masks(self, k):
        """(the first k files, the others, the last k files, the others) as bitboards."""
        last = self.width - k
        return (self._cells_where(lambda f: f < k), self._cells_where(lambda f: f >= k),
                self._cells_where(lambda f: f >= last), self._cells_where(lambda f: f < last))

    def _bit_step(self, direction):
        """The step of `stepped` in `direction`: (left shift, right shift, mask of the cells
        so reached) for the neighbours in the same row or along the file, and again for
        the ones round the back of a cylinder (a mask of 0 where there are none)."""
        reached = {}
        for i in range(self.size):
            ray = self.rays[i][direction]
            if ray:
                reached[ray[0] - i] = reached.get(ray[0] - i, 0) | 1 << ray[0]
        shifts = sorted(reached.items(), key=lambda item: abs(item[0]))
        (near, near_mask), (far, far_mask) = (shifts + [(0, 0)])[:2]
        return max(near, 0), max(-near, 0), near_mask, max(far, 0), max(-far, 0), far_mask

    def drawing_cells(self):
        """`(name, x, y, shape, shade, ghost)` of every cell as the page draws it: unit
        squares centred at (file + 0.5, rank + 0.5), shaded like a chessboard; on a
        cylinder each edge file is drawn again, faded (a ghost), beyond the other edge."""
        cells = [(self.names[i], self.file(i) + 0.5, self.rank(i) + 0.5, "square",
                  (self.file(i) + self.rank(i)) % 2, False) for i in range(self.size)]
        if self.wrap_files:
            last = self.width - 1
            for r in range(self.height):
                cells.append((cell_name(last, r), -0.5, r + 0.5, "square", (last + r) % 2, True))
                cells.append((cell_name(0, r), self.width + 0.5, r + 0.5, "square", r % 2, True))
        return cells

    def paths(self, reach, barrier=None):
        """For every cell, one tuple per orthogonal direction of the (cell, move text)
        a man reaching `reach` cells may walk to, stopping before `barrier` (a cell only
        some men may enter or cross, None: no such cell); empty directions left out."""
        return [tuple(path for path in (tuple((j, f"{self.names[i]}-{self.names[j]}")
                                              for j in self.line(i, d, reach, barrier))
                                        for d in ORTHOGONAL) if path)
                for i in range(self.size)]

    def line(self, i, direction, reach, barrier=None):
        """The first `reach` cells of the ray from i in `direction`, stopping before `barrier`."""
        ray = self.rays[i][direction][:reach]
        return ray[:ray.index(barrier)] if barrier in ray else ray

    def edge_step(self, i, direction, edge):
        """The neighbour of i in `direction`; off the board OFF_BOARD when `edge` (the
        edge counts as a man), else None."""
        cell = self.step(i, direction)
        return OFF_BOARD if cell is None and edge else cell

    def custody_lines(self, edge=False):
        """For every cell, the (victim, beyond) cells of each orthogonal neighbour: a
        man arriving there encloses a man on victim against beyond (custody)."""
        lines = []
        for i in range(self.size):
            found = []
            for d in ORTHOGONAL:
                victim = self.step(i, d)
                beyond = None if victim is None else self.edge_step(victim, d, edge)
                if beyond is not None:
                    found.append((victim, beyond))
            lines.append(tuple(found))
        return lines

    def flanks(self, edge=False):
        """For every cell, the pairs of cells on either side of it, along its rank and
        along its file (OFF_BOARD for an edge that counts when `edge`)."""
        def pair(i, direction):
            df, dr = direction
            return self.edge_step(i, (df, dr), edge), self.edge_step(i, (-df, -dr), edge)
        return [tuple(p for p in (pair(i, (1, 0)), pair(i, (0, 1))) if None not in p)
                for i in range(self.size)]

    def beside(self, cells, distance=1):
        """(the cells whose neighbour east is one of the bitboard `cells`, those whose
        neighbour west is; with `distance` 2 the cells two cells away): plain shifts,
        which hold on the inner files (inner_files, two_files_room) of a flat board; on a
        cylinder mended round the back, they hold on every file."""
        east, west = cells >> distance, cells << distance
        if self.wrap_files:
            (first, others_than_first, last, others_than_last), back = (self.file_masks[distance],
                                                                        self.width - distance)
            east = east & others_than_last | cells << back & last
            west = west & others_than_first | cells >> back & first
        return east, west

    def custody_threatened(self, white, black, empty, edge=False):
        """(White's men, Black's men) that the other side could take by custody, moving a
        man onto an `empty` neighbour: the neighbour the other way holds an enemy (or is
        the board's edge, which counts when `edge`).  Bitboards: `white` and `black` the
        men that take part in a custody.  The cells of a line pair up by shifts (a cell
        along the rank, a row along the file): a few operations on whole boards."""
        w, inner = self.width, self.inner_files
        if self.wrap_files:
            (east, west), (black_east, black_west), (white_east, white_west) = map(self.beside, (empty, black, white))
        else:  # beside's plain shifts, without its calls
            east, west, black_east, black_west = empty >> 1, empty << 1, black >> 1, black << 1
            white_east, white_west = white >> 1, white << 1
        north, south = empty >> w, empty << w  # (east ...: the cells with that neighbour empty)
        white_threatened = ((east & black_west | west & black_east) & inner
                            | north & black << w | south & black >> w)
        black_threatened = ((east & white_west | west & white_east) & inner
                            | north & white << w | south & white >> w)
        if edge:
            edges = self.edges
            open_at_edge = (east & edges[-1, 0] | west & edges[1, 0]
                            | north & edges[0, -1] | south & edges[0, 1])
            white_threatened |= open_at_edge
            black_threatened |= open_at_edge
        return white & white_threatened, black & black_threatened

    def custody_targets(self, victims, closers, empty, edge=False):
        """The `empty` cells where a man arriving would take one of `victims` by custody
        against one of `closers` (or the edge, when `edge`): a victim one cell or row
        away, a closer two (bitboards, paired by shifts as in custody_threatened)."""
        w, (east_room, west_room) = self.width, self.two_files_room
        victims_east, victims_west = self.beside(victims)
        closers_east, closers_west = self.beside(closers, 2)
        found = (victims_east & closers_east & east_room | victims_west & closers_west & west_room
                 | victims >> w & closers >> 2 * w | victims << w & closers << 2 * w)
        if edge:  # a victim against the edge: its neighbour beyond is off the board
            edges = self.edges
            found |= (victims_east & edges[1, 0] >> 1 | victims_west & edges[-1, 0] << 1
                      | victims >> w & edges[0, 1] >> w | victims << w & edges[0, -1] << w)
        return found & empty

    def parse_board(self, rows_text, letters):
        """The board string of a position text's board field (top row first)."""
        rows = parse_rows(rows_text, [self.width] * self.height, letters)
        return "".join("".join(row) for row in reversed(rows))

    def board_text(self, board):
        w = self.width
        return "/".join(row_text(board[r * w:(r + 1) * w]) for r in reversed(range(self.height)))
