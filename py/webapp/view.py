"""What the board shows besides the game itself, in one object the page draws whole.

The session (session.py) is the game: positions, the selected man and its extras.  The
view is how it is looked at: turned round or not, the cell under the pointer, the
keyboard cursor, the past position under review, the computer's hint and the theme.
The page changes a field, then draws the board from the session and the view, and its
panels show what they derive from both; nothing else keeps a copy.
"""

class View:
    def __init__(self):
        self.flipped = False  # Black's side at the bottom
        self.hover = None  # the cell under the pointer
        self.cursor = None  # the keyboard cursor's cell, kept while it is hidden
        self.cursor_shown = False  # drawn while the board has keyboard focus
        self.reviewing = None  # moves played to reach the past position shown; None: live
        self.hint = None  # the move Hint suggests
        self.theme = "light"  # the colours of the moment: "light" or "dark"
        self.board = "wood"  # the board's colours (render.PALETTES)
        self.coordinates = True  # files and ranks written round the board
        self.dots = True  # the selected man's destinations marked
        self.motion = None  # the last move in motion (motion.Motion), while it plays
        self.drag = None  # (cell, x, y): the man of `cell` dragged, at canvas point (x, y)

    def review(self, session, index):
        """Show the position after move `index`; None, or the live position's number,
        shows the game in progress.  Returns whether a past position is shown."""
        self.reviewing = index if index is not None and 0 <= index < len(session.moves) else None
        return self.reviewing is not None

    def shown_state(self, session):
        """The state on the board: the reviewed one, else the live one."""
        return session.state if self.reviewing is None else session.states[self.reviewing]

    def shown_cursor(self):
        """The cursor's cell while it is drawn, else None."""
        return self.cursor if self.cursor_shown else None
