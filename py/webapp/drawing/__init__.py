"""The page's drawing on its canvas, beside the engine's (boardgames/drawing): the scene
computed once per change, the pointer's cells, a move in motion, the review's graph, the
setup editor's board and the page's pictures of a position.
"""
