"""Playing without a mouse or without seeing the board: the keyboard cursor and words.

The cursor is a cell moved by the arrow keys in screen directions (so a flipped board
still moves the way the arrow points); on UOS's diamonds it goes to the nearest cell
straight that way, and on the cylinder it wraps round sideways (through the ghost
files).  The words are what a screen reader hears: a cell's content, a move played.
"""

from boardgames.core import OTHER, SIDE_NAMES

STEPS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
BOARD_WORDS = "Game board: the arrow keys move a cursor, Enter or Space selects and moves"


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
    return f"{cell}: {game.describe(man) if man else 'empty'}"


def cell_words(session, cell):
    """What a screen reader says for the cursor's cell: 'e5: white king, selected'."""
    men = session.men()
    man = men.get(cell)
    words = man_words(session.game, men, cell)
    if cell == session.selected:
        words += ", selected"
    elif session.selected is not None and cell in session.destinations(session.selected):
        words += ", can move here" if man is None else ", can capture here"
    return words


def listing(names):
    """'e3', 'e3 and f4', 'e3, f4 and g5'."""
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def move_words(session):
    """The last move in words: 'Black d1 to d3, captures e3.' ('' before any move)."""
    if not session.moves:
        return ""
    move, captured = session.state.last
    src, dst = session.game.move_cells(move)
    side = SIDE_NAMES[OTHER[session.state.turn]].capitalize()
    capture = f", captures {listing(captured)}" if captured else ""
    return f"{side} {src} to {dst}{capture}."


def announcement(session, plies_before):
    """The live region's text after a change, given how many moves were played before
    it: the move just played (or that moves were taken back) and the status, 'Black d1
    to d3, captures e3. White to move.'"""
    status = f"{session.status()}."
    plies = len(session.moves)
    if plies > plies_before:
        return f"{move_words(session)} {status}"
    if plies < plies_before:
        taken = plies_before - plies
        return f"{'A move' if taken == 1 else f'{taken} moves'} taken back. {status}"
    return status
