"""Game-specific help the page gives, decided without the DOM: Pux's move builder
(move potential, carried pieces, the sideways rule), Vault's jump lines and far-rank
warnings, the words of game options, and which games allow an agreed draw.

Functions take a Session (session.py) or a game and a state; they only read them.
"""

from boardgames.core import OTHER, SIDE_NAMES

AGREED_DRAW_GAMES = frozenset({"vault"})  # rule texts that let the players agree a draw
OPTION_LABELS = {"size": "Board size"}


def notation_order(name):
    """Sort key of cell names: by file, then rank ('b1' before 'b10' before 'c1')."""
    return name[0], int(name[1:])


def carried_by(game, move):
    """The cells whose pieces a move carries along (a Pux transport); empty otherwise."""
    if game.id != "pux":
        return frozenset()
    return frozenset(game.parse_move(move)[1])


# -- game options ----------------------------------------------------------------------
def option_label(name, value):
    """Words for one choice of an option: 'Board size', 10 -> '10 x 10'."""
    return f"{value} \u00d7 {value}" if name == "size" else str(value)


# -- Pux: the move builder ---------------------------------------------------------------
def pux_builder(session):
    """What the side panel shows while a Pux piece is selected, or None:
    {"mp": move potential, "carry": [(cell, carried?)], "lines": [texts]}."""
    if session.game.id != "pux" or session.selected is None or session.result is not None:
        return None
    cell, carried = session.selected, session.carried
    mp = session.game.move_potential(session.state, cell)
    options = session.carry_options()
    targets = session.destinations(cell)
    lines = []
    if options:
        lines.append("Carry neighbours along with the buttons, or shift-click them on the board.")
    if carried:
        pieces = 1 + len(carried)
        lines.append(f"Carrying {', '.join(sorted(carried, key=notation_order))}: all move the same way, "
                     f"at most {mp // pieces} cell{'s' if mp // pieces != 1 else ''} "
                     f"(MP {mp} / {pieces} pieces).")
    if not targets:
        lines.append("No move with these pieces carried: carry fewer.")
    elif any(cell in session.men() for cell in targets) and not carried:
        lines.append("A ringed cell is a capture (an enemy piece with a smaller MP); "
                     "a piece that captures carries nothing.")
    lines.append("Click a marked cell to move there.")
    return {"mp": mp, "carry": [(c, c in carried) for c in options], "lines": lines}


# -- notes for the side panel --------------------------------------------------------------
def far_rank_pawns(game, state):
    """Vault: cells of the pawns that stand on the far rank after their side moved:
    they win at the start of their side's next turn unless captured."""
    if game.id != "vault" or game.result(state) is not None:
        return []
    side = OTHER[state.turn]
    names = game.grid.names
    pawn = "P" if side == "w" else "p"
    return sorted((names[i] for i in game.geo.goal[side] if state.board[i] == pawn), key=notation_order)


def notes(session):
    """Lines of game-specific advice about the current position."""
    game, state = session.game, session.state
    if session.result is not None:
        return []
    lines = []
    mover = SIDE_NAMES[OTHER[state.turn]].capitalize()
    for cell in far_rank_pawns(game, state):
        lines.append(f"{mover}'s pawn on {cell} wins next turn unless captured.")
    if game.id == "pux" and state.turn in state.extra[0]:
        side = SIDE_NAMES[state.turn].capitalize()
        lines.append(f"{side} moved sideways last turn, so it may not move sideways now.")
    return lines


# -- Vault: which pawn a jump vaults over ----------------------------------------------------
def jump_lines(game, state, targets, hover):
    """(from, pivot, to, kind) of the Vault jumps to draw: the move that led to `state`
    if it was a jump (kind "last"), and the jump of the selected pawn to the cell under
    the pointer (kind "hover"); `targets` is {cell: [moves]} of the selected pawn."""
    if game.id != "vault":
        return []
    moves = [(state.last[0], "last")] if state.last else []
    moves += [(move, "hover") for move in targets.get(hover, ())]
    lines = []
    for move, kind in moves:
        pivot = game.jump_pivot(move)
        if pivot is not None:
            src, dst = game.move_cells(move)
            lines.append((src, pivot, dst, kind))
    return lines
