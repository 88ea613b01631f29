"""Perft: how many sequences of `depth` moves a position has, the count that pins a move
generator against another's (the command line's `perft`, tests/data/perft.txt)."""


def perft(game, state, depth):
    if depth == 0:
        return 1
    moves = game.legal(state)
    if depth == 1:
        return len(moves)
    return sum(perft(game, game.play(state, move), depth - 1) for move in moves)
