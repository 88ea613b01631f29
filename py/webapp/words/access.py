"""Playing without a mouse or without seeing the board: the keyboard cursor and words.

The cursor is a cell moved by the arrow keys in screen directions (so a flipped board
still moves the way the arrow points); on UOS's diamonds it goes to the nearest cell
straight that way, and on the cylinder it wraps round sideways (through the ghost
files).  The words are what a screen reader hears: a cell's content, a move played.
"""

from boardgames.texts import N_, _, ngettext

STEPS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
# (translated where it is said: _(BOARD_WORDS))
BOARD_WORDS = N_("Game board: the arrow keys move a cursor, Enter or Space selects and moves")


def start_cell(layout, preferred=None):
    """Where the cursor appears: `preferred` if it is a cell, else the cell nearest
    the middle of the board."""
    if preferred in layout.by_name:
        return preferred
    cells = list(layout.by_name.values())
    mid_x = sum(c.x for c in cells) / len(cells)
    mid_y = sum(c.y for c in cells) / len(cells)
    return min(cells, key=lambda c: ((c.x - mid_x) ** 2 + (c.y - mid_y) ** 2, c.name)).name


def move_cursor(layout, cell, key):
    """The cell the arrow `key` moves the cursor to from `cell`: the nearest cell whose
    centre lies at most 45 degrees off that screen direction (ghost cells stand for
    their real cell, which wraps the cylinder); `cell` itself at the board's edge.
    Of two diamonds equally near (UOS), the cell's own coordinate across the move, even
    or odd, picks one side; the other side comes after the diamond straight on.  So
    the opposite arrow comes back and every cell is reached."""
    dx, dy = STEPS[key]
    here = layout.by_name[cell]
    x0, y0 = layout.center(cell)
    across_here = here.y if dx else here.x  # board coordinate across the move
    prefer = 1 if round(across_here) % 2 == 0 else -1
    best, best_score = cell, None
    for other in layout.cells:
        if other.name == cell and not other.ghost:
            continue
        x, y = layout.to_px(other.x, other.y)
        along = ((x - x0) * dx + (y - y0) * dy) / layout.unit
        across = abs((x - x0) * dy - (y - y0) * dx) / layout.unit
        if along <= 1e-6 or across > along + 1e-6:
            continue
        side = (other.y if dx else other.x) - across_here
        wrong_side = 3 if side * prefer < 0 else 0  # after the cell straight on
        score = (round(along * along + across * across + wrong_side, 6), other.ghost)
        if best_score is None or score < best_score:
            best, best_score = other.name, score
    return best


def man_words(game, men, cell):
    """'e5: white king', 'a1: empty'."""
    man = men.get(cell)
    if man:
        # TRANSLATORS: what a screen reader says of a cell: "e5: white king"
        return _("{cell}: {man}").format(cell=cell, man=game.describe(man))
    # TRANSLATORS: what a screen reader says of a cell with no man on it: "a1: empty"
    return _("{cell}: empty").format(cell=cell)


def cell_words(session, cell):
    """What a screen reader says for the cursor's cell: 'e5: white king, selected'."""
    men = session.men()
    man = men.get(cell)
    if cell == session.selected:
        words = _("{cell}: {man}, selected") if man else _("{cell}: empty, selected")
    elif session.selected is not None and cell in session.destinations(session.selected):
        words = _("{cell}: empty, can move here") if man is None else _("{cell}: {man}, can capture here")
    else:
        return man_words(session.game, men, cell)
    return words.format(cell=cell, man=session.game.describe(man) if man else "")


def listing(names):
    """'e3', 'e3 and f4', 'e3, f4 and g5'."""
    names = list(names)
    if len(names) == 1:
        return names[0]
    # TRANSLATORS: the end of a list of cells: "e3, f4 and g5" ({cells} is "e3, f4")
    return _("{cells} and {last}").format(cells=", ".join(names[:-1]), last=names[-1])


def move_words(session):
    """The last move in words: 'Black d1 to d3, captures e3.' ('' before any move)."""
    if not session.moves:
        return ""
    move, captured = session.state.last
    src, dst = session.game.move_cells(move)
    white = session.state.turn == "b"  # (the side that moved)
    if captured:
        words = (_("White {start} to {end}, captures {cells}.") if white
                 else _("Black {start} to {end}, captures {cells}."))
    else:
        words = _("White {start} to {end}.") if white else _("Black {start} to {end}.")
    return words.format(start=src, end=dst, cells=listing(captured) if captured else "")


def announcement(session, plies_before):
    """The live region's text after a change, given how many moves were played before
    it: the move just played (or that moves were taken back) and the status, 'Black d1
    to d3, captures e3. White to move.'"""
    # TRANSLATORS: the status ("White to move") as a sentence
    status = _("{status}.").format(status=session.status())
    plies = len(session.moves)
    if plies > plies_before:
        return f"{move_words(session)} {status}"
    if plies < plies_before:
        taken = plies_before - plies
        words = ngettext("A move taken back.", "{count} moves taken back.", taken).format(count=taken)
        return f"{words} {status}"
    return status
