"""What the page tells, decided without the browser: words for readers and screen readers,
the rules panel's lines, the men each side lost, the sound of a move, game records, links
and saved games.
"""
