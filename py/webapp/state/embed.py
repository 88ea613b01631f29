"""The settings a page takes from its URL besides the game (which record.py reads):
colours, orientation, the record's move to open at and the viewer that steps through a
record, as bloggers know them from lichess embeds.  Decided without the DOM, so every
setting and every message is tested in CPython (tests/test_embed.py).

    theme=light|dark|auto  the board's colours     bg=light|dark|auto  the page's colours
    flip=1                 Black at the bottom     ply=N (or #N)       open at move N (0: the start)
    viewer=1               step back and forward   autoplay=1          play the record through
    speed=S                seconds a move (autoplay)  autostart=1      (embed) start at once
    engine=0               a teacher's switch: no Hint, no Review (homework, puzzle sets)

Each bad value is explained and replaced by its default, as record.py does.  start.js
reads `theme`, `bg`, `flip` and `autostart` too, to draw the board before Python runs.
"""

from boardgames.texts import _, ngettext

SCHEMES = ("light", "dark", "auto")
YES, NO = ("1", "true", "yes"), ("0", "false", "no")
SWITCHES = ("flip", "viewer", "autoplay", "autostart", "engine")
ON = ("engine",)  # the switches that are on unless the URL turns them off
SPEEDS = (0.2, 30.0)  # seconds a move, slowest and fastest allowed
DEFAULT_SPEED = 1.5


def embed_settings(params, fragment=""):
    """(settings, problems) from URL `params` ({name: text}) and the `fragment` ('#12').

    settings: theme and bg ('light', 'dark' or 'auto'), flip, viewer, autoplay,
    autostart and engine (bools), ply (a move number or None) and speed (seconds a move)."""
    settings = {"theme": "auto", "bg": "auto", "ply": None, "speed": DEFAULT_SPEED,
                **{name: name in ON for name in SWITCHES}}
    problems = []
    for name in ("theme", "bg"):
        value = params.get(name)
        if value is not None:
            if value in SCHEMES:
                settings[name] = value
            else:
                # TRANSLATORS: {name} is a link's parameter (theme, bg); light, dark and auto its values
                words = _("{name} must be light, dark or auto; '{value}' ignored.")
                problems.append(words.format(name=name, value=value))
    for name in SWITCHES:
        value = params.get(name)
        if value is not None:
            if value.lower() in YES + NO:
                settings[name] = value.lower() in YES
            else:
                # TRANSLATORS: {name} is a link's parameter (flip, viewer, autoplay, autostart, engine)
                problems.append(_("{name} must be 1 or 0; '{value}' ignored.").format(name=name, value=value))
    ply = params.get("ply")
    if ply is None and fragment.lstrip("#").isdigit():
        ply = fragment.lstrip("#")  # lichess's '#12'
    if ply is not None:
        if ply.strip().isdigit():
            settings["ply"] = int(ply)
        else:
            # TRANSLATORS: ply is a link's parameter, written as it is
            problems.append(_("ply must be a move number (0 is the start); '{ply}' ignored.").format(ply=ply))
    speed = params.get("speed")
    if speed is not None:
        try:
            seconds = float(speed)
        except ValueError:
            seconds = None
        if seconds is not None and SPEEDS[0] <= seconds <= SPEEDS[1]:
            settings["speed"] = seconds
        else:
            # TRANSLATORS: speed is a link's parameter, written as it is
            problems.append(_("speed must be seconds a move, {slowest} to {fastest}; '{speed}' ignored.").format(
                slowest=f"{SPEEDS[0]:g}", fastest=f"{SPEEDS[1]:g}", speed=speed))
    return settings, problems


def opening_index(settings, moves):
    """(index of the position to show first, problem or None): the number of moves played
    to reach it, or None for the game as it stands.  Autoplay without a ply starts from
    the start position."""
    ply = settings["ply"]
    if ply is None:
        ply = 0 if settings["autoplay"] and moves else len(moves)
    if ply > len(moves):
        # TRANSLATORS: ply is a link's parameter, written as it is
        words = ngettext("ply {ply} is past the record's {count} move; showing the last position.",
                         "ply {ply} is past the record's {count} moves; showing the last position.", len(moves))
        return None, words.format(ply=ply, count=len(moves))
    return (None if ply == len(moves) else ply), None


def step(index, moves, action):
    """The position shown after a viewer action ('first', 'back', 'forward', 'last') from
    `index` (None: the game as it stands, after all `moves`)."""
    at = len(moves) if index is None else index
    target = {"first": 0, "back": at - 1, "forward": at + 1, "last": len(moves)}[action]
    target = max(0, min(len(moves), target))
    return None if target == len(moves) else target


def viewer_words(index, moves):
    """The viewer's line: where in the record the board is."""
    at = len(moves) if index is None else index
    if at == 0:
        return _("Start position (move 0 of {count})").format(count=len(moves))
    return _("Move {number} of {count}: {move}").format(number=at, count=len(moves), move=moves[at - 1])
