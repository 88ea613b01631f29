"""The page's keyboard shortcuts, as lichess has them: one key, no modifier.  A letter
presses a button of the page, so it does just what the button does, and nothing where the
button is hidden or disabled; the arrows, Home and End step through the game's positions
(as the embed viewer's buttons do).  The help window (`?`) lists them from here."""

from boardgames.texts import N_

# key -> the id of the button it presses
BUTTON_KEYS = {"n": "new-game", "u": "undo", "r": "redo", "f": "flip", "h": "hint", "m": "menu-button",
               "p": "viewer-play", "?": "keys-open"}
# key -> the step through the positions (webapp/state/embed.py step)
STEP_KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "first", "End": "last"}
# Where a key is the element's own: typing, choosing, the board's cursor, the graph's and the tabs' arrows
OWN_KEYS = ("INPUT", "TEXTAREA", "SELECT")
OWN_ARROWS = ("CANVAS",)

# The help window's rows: (the keys, as a keyboard shows them, what they do); texts
# translated where shown
HELP = (
    (("N",), N_("New game")),
    (("U",), N_("Take back a move")),
    (("R",), N_("Replay a move taken back")),
    (("F",), N_("Turn the board round")),
    (("H",), N_("Show the move the computer would play for you")),
    (("\u2190",), N_("Back one move")),
    (("\u2192",), N_("Forward one move")),
    # TRANSLATORS: the name of the Home key, as keyboards in your language write it
    ((N_("Home"),), N_("Start position")),
    # TRANSLATORS: the name of the End key, as keyboards in your language write it
    ((N_("End"),), N_("Last position")),
    (("P",), N_("Play the moves one by one (a record's viewer)")),
    (("M",), N_("Open or close the menu")),
    # TRANSLATORS: the name of the Escape key, as keyboards in your language write it
    ((N_("Esc"),), N_("Back to the game in progress; close the menu or a window")),
    (("?",), N_("This list of keys")),
    (("\u2191\u2193\u2190\u2192", N_("Enter")), N_("On the board: move the cursor, then pick a man and its move")),
)


def key_action(key, tag, role=None, modified=False):
    """What a key pressed on an element (its tag name and role) does: ("press", button
    id), ("step", viewer action) or None (the element's own key, or no shortcut)."""
    if modified or tag in OWN_KEYS:
        return None
    if key in STEP_KEYS:
        return None if tag in OWN_ARROWS or role == "tab" else ("step", STEP_KEYS[key])
    button = BUTTON_KEYS.get(key.lower() if len(key) == 1 else key)
    return ("press", button) if button is not None else None
