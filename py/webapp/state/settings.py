"""The visitor's settings: theme, board colours, motion, sound, coordinates and the
legal-move dots, kept in the browser where storage allows (as JSON under SETTINGS_KEY).

Decided without the DOM: what may be chosen, the words for it, and reading a stored
text back, where anything unreadable or unknown falls back to the default and says so.
"""

import json

from boardgames.texts import LANGUAGES, N_, _

SETTINGS_KEY = "boardgames.settings"
# setting -> (label, allowed values, default); the values' words are in WORDS.
CHOICES = {
    "theme": (N_("Theme"), ("system", "light", "dark"), "system"),
    "board": (N_("Board colours"), ("wood", "green", "blue", "grey"), "wood"),
    "motion": (N_("Moves in motion"), (True, False), True),
    "sound": (N_("Sound"), (True, False), True),
    "coordinates": (N_("Coordinates"), (True, False), True),
    "dots": (N_("Legal-move dots"), (True, False), True),
    "language": (N_("Language"), ("auto", *LANGUAGES), "auto"),  # ?lang=qps: tests only
}
WORDS = {"system": N_("As the system"), "light": N_("Light"), "dark": N_("Dark"), "wood": N_("Wood"),
         "green": N_("Green"), "blue": N_("Blue"), "grey": N_("Grey"), True: N_("On"), False: N_("Off"),
         "auto": N_("As the browser"), **LANGUAGES}  # a language by its own name


def defaults():
    return {name: default for name, (_label, _allowed, default) in CHOICES.items()}


def read_settings(text):
    """(settings, problem): the stored `text` (None: nothing stored) read back; a value
    that is not one of its choices, or a text that is not settings, leaves the default."""
    settings = defaults()
    if text is None:
        return settings, None
    try:
        stored = json.loads(text)
    except ValueError:
        stored = None
    if not isinstance(stored, dict):
        return settings, _("Your saved settings could not be read, so the defaults are used.")
    ignored = []
    for name, value in stored.items():
        if name in CHOICES and value in CHOICES[name][1] and isinstance(value, type(CHOICES[name][2])):
            settings[name] = value
        elif name in CHOICES:
            ignored.append(_(CHOICES[name][0]).lower())
    problem = None
    if ignored:
        problem = _("Saved settings not understood ({settings}): defaults used for them.").format(
            settings=", ".join(ignored))
    return settings, problem


def write_settings(settings):
    return json.dumps({name: settings[name] for name in CHOICES}, sort_keys=True)


def choose(settings, name, text):
    """Settings with `name` set from a page control's `text` ('dark', 'true')."""
    allowed = CHOICES[name][1]
    value = {str(v).lower(): v for v in allowed}.get(text.lower())
    if value is None:
        raise ValueError(f"{name} cannot be '{text}'")
    return {**settings, name: value}


def schemes(theme, url_theme, url_bg, system):
    """(page colours, board colours), each "light" or "dark": a link's `bg` and `theme`
    (each standing in for the other) win over the chosen `theme`, which wins over the
    `system`'s ("auto" and "system" mean: no choice)."""
    chosen = theme if theme != "system" else system
    page = next((v for v in (url_bg, url_theme) if v in ("light", "dark")), chosen)
    board = next((v for v in (url_theme, url_bg) if v in ("light", "dark")), chosen)
    return page, board
