"""What the page keeps, shares and reviews, decided without the DOM: the game a page opens
with (its link, else the saved game, else a new one), the links it offers (to share, to
embed, to the full site) and the words of the history's review mode.

The formats themselves (record, link query, saved payload) are in record.py.
"""

import json
from html import escape

from urllib.parse import urlencode

from boardgames.core import OTHER
from boardgames.texts import N_, _
from webapp.state.session import FRIEND, HUMAN
from webapp.words import friend_link
from webapp.words.record import computer_param, game_params, replay, restore, settings_from_query, share_query

SAVE_KEY = "boardgames.saved"  # localStorage: the game in progress
SET_ASIDE_KEY = "boardgames.saved.unreadable"  # a saved game that could not be restored
FRIEND_GAMES_KEY = "boardgames.friends"  # localStorage: the visitor's games by link
LINK_PARAMS = ("game", "fen", "moves", "g")  # a link naming a game wins over the saved one...
EXERCISE_PARAMS = ("learn", "puzzle")  # ... unless it opens a lesson or a puzzle over it
# (translated where it is said: _(NOT_SAVED))
NOT_SAVED = N_("This browser does not let the page keep your game (storage is refused here, "
               "as in a page embedded by another site): play on, it just will not come back.")


def opening(params, saved):
    """The game a page opens with, from its URL `params` ({name: text}) and `saved` (the
    stored payload, or None).  Returns {session, level, embed, friend, messages, set_aside}:
    `set_aside` is True when the saved game was unreadable and must be moved aside;
    `friend` the side the visitor plays in a game by link (None: not one), `friend_id` the
    game's id in the visitor's list of games by link.  An embedded
    page neither restores nor saves (it shows the game its link names); a game by link whose
    code is damaged leaves the saved game as it was."""
    settings, messages = settings_from_query(params)
    embed = settings["embed"]
    linked = (any(name in params for name in LINK_PARAMS) and not any(name in params for name in EXERCISE_PARAMS)
              and not ("g" in params and settings.get("broken")))
    if saved and not embed and not linked:
        try:
            session, level = restore(saved)
            return {"session": session, "level": level, "embed": False, "friend": None, "friend_id": None,
                    "messages": messages, "set_aside": False}
        except ValueError as error:
            messages.append(_("Your saved game could not be restored ({error}), so a new game begins; the old one "
                              "is kept aside in this browser.").format(error=error))
            set_aside = True
    else:
        set_aside = False
    friend = settings.get("friend") if linked else None
    players = {friend: HUMAN, OTHER[friend]: FRIEND} if friend else settings["players"]
    session = replay(settings["game"], settings["options"], settings["fen"], settings["moves"], players)
    notes = settings.get("notes") or {}
    session.comments, session.glyphs, session.shapes = (dict(notes.get(kind, {}))
                                                        for kind in ("comments", "glyphs", "shapes"))
    session.branches = settings["lines"]
    return {"session": session, "level": settings["level"], "embed": embed, "friend": friend,
            "friend_id": settings.get("friend_id") if friend else None, "messages": messages, "set_aside": set_aside}


def friend_page_link(base, session, side, game_id=None):
    """The link that gives the game by link to the player of `side` ('w'/'b'): the friend's
    to send, or the visitor's own to come back to; `game_id` names it in their lists."""
    params = {**game_params(session), "friend": side, "g": friend_link.encode(session)}
    if game_id:
        params["id"] = game_id
    return f"{base}?{urlencode(params)}"


def read_friend_games(text):
    """The visitor's list of games by link from its stored `text` (None or anything
    unreadable: an empty list)."""
    try:
        games = json.loads(text) if text else []
    except ValueError:
        return []
    keys = {"id", "name", "side", "moves", "turn", "link"}
    return [game for game in games if isinstance(game, dict) and set(game) == keys] if isinstance(games, list) else []


def page_link(base, session, level, embed=False):
    """The address that opens this game (its moves, players and level) at `base`."""
    computer = computer_param(session.players)
    query = share_query(session, computer if computer != "none" else None,
                        level if computer != "none" else None)
    return f"{base}?{query}" + ("&embed=1" if embed else "")


def embed_snippet(url):
    """HTML a teacher pastes into a web page to show the board."""
    # TRANSLATORS: the title of the board shown in another site's page (its screen readers say it)
    title = escape(_("Board game"))
    return (f'<iframe src="{escape(url)}" width="420" height="480" style="border:0;max-width:100%" '
            f'title="{title}" loading="lazy"></iframe>')


def review_words(session, index):
    """The banner over a past position: index is the number of moves played to reach it."""
    count = len(session.moves)
    if index == 0:
        return _("Reviewing the start position, before move 1 of {count}").format(count=count)
    if session.variation_at(index) is not None:
        words = _("Reviewing move {number} ({move}) of {count} (a variation)")
    else:
        words = _("Reviewing move {number} ({move}) of {count}")
    return words.format(number=index, move=session.moves[index - 1], count=count)
