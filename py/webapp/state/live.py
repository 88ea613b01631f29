"""Live play with a friend on the same network, as commands on the page state.

The two pages talk over a WebRTC data channel (webapp/peer.py), set up by two codes the
players pass each other (words/live_code.py): the host's code, then the guest's answer
code.  Here is what they say, in JSON messages:

- `hello` on every connection: the sender's game (its link parameters and its moves in a
  game-by-link code) and side.  A page takes the friend's game when it extends its own (the
  friend moved while the line was down), and the guest takes the host's in any other case
  (a new guest, or games that differ), so the two boards agree after every reconnection.
- `move` (the ply it is played at and the move text), checked before it is played;
- `ask` (take back, draw, new game) and `reply` (yes or no); `resign`.
A malformed or illegal message is refused with a message and the game stays as it was.
The page's own moves go out from effects.py (`outgoing`), once each.
"""

from __future__ import annotations

import json
from typing import Any

from boardgames.core import OTHER
from boardgames.texts import N_, _
from webapp.state.friend import open_game, play_by_link
from webapp.state.page_state import PageState
from webapp.state.session import FRIEND, HUMAN, Session
from webapp.words import friend_link
from webapp.words.live_code import code_in, read_code
from webapp.words.record import game_params, replay, settings_from_query

VERSION = 1
# (the words here are marked N_ and translated where they are shown: _(CONNECTION_WORDS[...]))
ASKS = {"undo": N_("take back a move"), "draw": N_("agree a draw"), "new": N_("start a new game, colours swapped")}
# Each request's sentences: (the visitor asked, the visitor declined, the friend asks, the
# friend declined, the friend asks (the live panel's line)).
ASK_WORDS = {
    "undo": (N_("You asked your friend to take back a move: waiting for the answer."),
             N_("You declined to take back a move."),
             N_("Your friend asks to take back a move: accept or decline below."),
             N_("Your friend declined to take back a move."),
             N_("Your friend asks to take back a move.")),
    "draw": (N_("You asked your friend to agree a draw: waiting for the answer."),
             N_("You declined to agree a draw."),
             N_("Your friend asks to agree a draw: accept or decline below."),
             N_("Your friend declined to agree a draw."),
             N_("Your friend asks to agree a draw.")),
    "new": (N_("You asked your friend to start a new game, colours swapped: waiting for the answer."),
            N_("You declined to start a new game, colours swapped."),
            N_("Your friend asks to start a new game, colours swapped: accept or decline below."),
            N_("Your friend declined to start a new game, colours swapped."),
            N_("Your friend asks to start a new game, colours swapped.")),
}
CONNECTION_WORDS = {
    "starting": N_("Making your code…"),
    "waiting": N_("Waiting for your friend's answer code."),
    "answered": N_("Give your friend the answer code: the game starts once they enter it."),
    "connecting": N_("Connecting…"),
    "connected": N_("Connected: playing live."),
    "interrupted": N_("The connection is interrupted: waiting for your friend's device, or reconnect with new codes."),
    "lost": N_("The connection is lost. Reconnect with new codes (the game is kept), or play on by link."),
}
NETWORK_WORDS = N_("Live play needs both devices on the same network (the same Wi-Fi): "
                   "nothing goes through a server.")


def asked_words(what: str) -> str:
    """The live panel's line for the friend's request `what` (an ASKS key)."""
    return _(ASK_WORDS[what][4])


def _live(role: str) -> dict[str, Any]:
    """state.live while live play is set up or on: `role` "host"/"guest"; `code` the code
    to give the friend; `connection` a CONNECTION_WORDS key; `asked` what the friend asks
    (an ASKS key, with `to` for a take-back) and `asking` what the visitor asked, waiting
    for the reply; `outbox` messages to send; `want` what the page's WebRTC end must do:
    ("offer",), ("answer", sdp) or ("accept", sdp)."""
    return {"role": role, "code": None, "connection": "starting", "asked": None, "asking": None,
            "outbox": [], "want": None}


# -- setting up ------------------------------------------------------------------------


def host(state: PageState, side: str | None = None) -> None:
    """Play live: the game on the board, the visitor playing `side` (None: the side to
    move); the page makes the host's code."""
    state.live = _live("host")
    state.live["want"] = ("offer",)
    if state.view.reviewing is not None:
        state.view.review(state.session, None)
    open_game(state, side or (state.friend["side"] if state.friend else state.session.state.turn), "live")
    state.say(_(NETWORK_WORDS))


def join(state: PageState, text: str) -> None:
    """Join with the host's code `text` (ValueError, said, for a bad code: nothing changes)."""
    sdp = _read(state, text, "host", N_("That code does not work: {error}."))
    state.live = _live("guest")
    state.live["want"] = ("answer", sdp)
    state.activity = "friend"
    state.say(_("Making your answer code…"))


def code_made(state: PageState, code: str) -> None:
    """The page's WebRTC end made the code to give the friend."""
    state.live["code"] = code
    state.live["connection"] = "waiting" if state.live["role"] == "host" else "answered"
    state.say("")


def accept(state: PageState, text: str) -> None:
    """The host enters the guest's answer code (ValueError, said, for a bad one)."""
    sdp = _read(state, text, "answer", N_("That answer code does not work: {error}."))
    state.live["want"] = ("accept", sdp)
    state.live["connection"] = "connecting"
    state.say("")


def scanned(state: PageState, text: str, step: str) -> None:
    """A QR code the camera read, for `step`: "join" (the host's link or code) or "accept"
    (the guest's answer code).  Anything else is refused and said (ValueError); nothing changes."""
    try:
        code = code_in(text)
    except ValueError:
        state.say(_("That QR code holds a link, not a live code of this page: scan your friend's code, "
                    "or type or paste it."))
        raise
    (join if step == "join" else accept)(state, code)


def _read(state: PageState, text: str, kind: str, words: str) -> str:
    """The description a code stands for; a bad code is said in `words` (and ValueError raised)."""
    try:
        return read_code(text, kind)
    except ValueError as error:
        state.say(_(words).format(error=error))
        raise


def set_up_failed(state: PageState, error: str) -> None:
    """The browser could not make or take a code."""
    stop(state)
    state.say(_("Live play could not start here ({error}). Play by link instead.").format(error=error))


def no_connection(state: PageState) -> None:
    """No connection formed in time: the host plays on by link, the guest is told to ask
    for a link."""
    host = state.live["role"] == "host"
    if host:
        on_by_link(state)
    else:
        stop(state)
    state.say(_("No live connection formed: live play needs both devices on the same network (the same Wi-Fi): "
                "nothing goes through a server. Play on by link instead: send your friend the link below.") if host
              else _("No live connection formed: live play needs both devices on the same network (the same "
                     "Wi-Fi): nothing goes through a server. Ask your friend for a link to the game instead."))


def on_by_link(state: PageState) -> None:
    """Play the live game on by link (the line is lost, or never formed)."""
    side = state.friend["side"] if state.friend is not None else None
    stop(state)
    play_by_link(state, side)


def stop(state: PageState) -> None:
    """Stop live play; the game stays on the board, both sides the visitor's."""
    state.live = None
    if state.friend is not None and state.friend["mode"] == "live":
        state.session.players.update({"w": HUMAN, "b": HUMAN})
        state.players = dict(state.session.players)
        state.friend = None
    state.say(_("Live play stopped: the game stays on the board."))


def connection_changed(state: PageState, connection: str) -> None:
    """The data channel's state: "connected" (each time, both pages say hello),
    "interrupted" or "lost"."""
    live = state.live
    if live is None or live["connection"] == connection:
        return
    live["connection"] = connection
    if connection == "connected":
        live["asked"] = live["asking"] = None
        if state.friend is not None:
            live["outbox"].append(_hello(state))
    state.say(_(CONNECTION_WORDS[connection]))


def _hello(state: PageState) -> dict[str, Any]:
    session = state.session
    return {"t": "hello", "v": VERSION, "game": game_params(session), "g": friend_link.encode(session),
            "side": state.friend["side"], "resigned": session.resigned, "drawn": session.agreed_draw}


# -- the visitor's requests ---------------------------------------------------------------


def ask(state: PageState, what: str) -> None:
    """Ask the friend to agree: take back ("undo"), a draw, a new game."""
    live, session = state.live, state.session
    if live["connection"] != "connected":
        state.say(_("Not connected: your friend cannot answer now."))
        return
    message = {"t": "ask", "what": what}
    if what == "undo":
        mine = state.friend["side"]
        # back to before the visitor's last move
        to = next((ply for ply in range(len(session.moves) - 1, -1, -1) if session.states[ply].turn == mine), None)
        if to is None:
            state.say(_("You have no move to take back."))
            return
        message["to"] = to
    elif what == "draw" and (session.result is not None or not session.game.agreed_draw):
        state.say(_("The game is already over.") if session.result is not None else
                  _("{game} has no draw by agreement.").format(game=_(session.game.name)))
        return
    live["asking"] = message
    live["outbox"].append(message)
    state.say(_(ASK_WORDS[what][0]))


def answer(state: PageState, yes: bool) -> None:
    """The visitor answers the friend's request."""
    live = state.live
    asked = live["asked"]
    if asked is None:
        return
    live["asked"] = None
    live["outbox"].append({"t": "reply", "what": asked["what"], "yes": yes})
    if yes:
        _agreed(state, asked)
    else:
        words = ASK_WORDS[asked["what"]][1]
        state.say(_(words))


def resign(state: PageState) -> None:
    session = state.session
    if session.result is not None:
        state.say(_("The game is already over."))
        return
    session.resign(state.friend["side"])
    state.live["outbox"].append({"t": "resign"})
    state.say(_("You resigned."))


def _agreed(state: PageState, request: dict[str, Any]) -> None:
    """Both pages carry out an agreed request the same way."""
    what, session, friend = request["what"], state.session, state.friend
    if what == "undo":
        session.take_back_to(request["to"])
        state.say(_("The move is taken back."))
    elif what == "draw":
        session.agree_draw()
        state.say(_("Drawn by agreement."))
    else:
        side = OTHER[friend["side"]]
        state.session = Session(session.game_id, options=session.options)
        state.view.review(state.session, None)
        open_game(state, side, "live")
        state.say(_("A new game: you play White.") if side == "w" else _("A new game: you play Black."))
    friend["synced"] = len(state.session.moves)


# -- the friend's messages ------------------------------------------------------------------


def received(state: PageState, text: str) -> None:
    """A message from the friend's page; anything malformed or illegal is refused with a
    message (and told to the friend), and the game stays as it was."""
    if state.live is None:
        return
    try:
        message = json.loads(text)
        kind = message["t"]
        if kind == "hello":
            _take_hello(state, message)
        elif state.friend is None:
            raise ValueError(_("it sent a game message before its game"))
        elif kind == "move":
            _take_move(state, message)
        elif kind == "ask" and message["what"] in ASKS:
            _take_ask(state, message)
        elif kind == "reply" and state.live["asking"] is not None:
            _take_reply(state, message)
        elif kind == "resign":
            state.session.resign(OTHER[state.friend["side"]])
            state.say(_("Your friend resigned: you win."))
        elif kind == "refused":
            state.say(_("Your friend's page refused a message: {why}").format(why=message["why"]))
        else:
            raise ValueError(_("it sent a message this page does not know ({kind})").format(kind=repr(kind)))
    except (ValueError, KeyError, TypeError, IndexError) as error:
        malformed = isinstance(error, json.JSONDecodeError) or not isinstance(error, ValueError)
        why = _("it sent a malformed message") if malformed else str(error)
        state.live["outbox"].append({"t": "refused", "why": why})
        state.say(_("A message from your friend's page was refused ({why}); the game is unchanged.").format(why=why))


def _take_hello(state: PageState, message: dict[str, Any]) -> None:
    if message.get("v") != VERSION:
        raise ValueError(_("the friend's page is another version: both of you, reload the page"))
    side = OTHER[message["side"]]
    settings, problems = settings_from_query({**message["game"], "g": message["g"]})
    if problems:
        raise ValueError(problems[0])
    theirs = replay(settings["game"], settings["options"], settings["fen"], settings["moves"],
                    {side: HUMAN, OTHER[side]: FRIEND})
    if message.get("resigned") in ("w", "b"):
        theirs.resign(message["resigned"])
    elif message.get("drawn") is True:
        theirs.agree_draw()
    ours = state.session
    same = state.friend is not None and _same_game(ours, theirs)
    theirs_ahead = same and _ahead(theirs, ours)
    ours_ahead = same and (_ahead(ours, theirs) or (ours.moves, ours.result) == (theirs.moves, theirs.result))
    if theirs_ahead or (state.live["role"] == "guest" and not ours_ahead):
        state.session = theirs
        state.view.review(theirs, None)
        state.editor = None
        state.card = False
        open_game(state, side, "live")
        words = _("Connected: you play White in {game}.") if side == "w" else _("Connected: you play Black in {game}.")
        state.say(words.format(game=_(theirs.game.name)))
    elif state.friend is not None:
        state.friend["synced"] = len(ours.moves)


def _ahead(one: Session, other: Session) -> bool:
    """`one` is `other` played further: more moves, or the same ones and then an end
    (a resignation or a draw made while the line was down)."""
    if one.moves[:len(other.moves)] != other.moves:
        return False
    return len(one.moves) > len(other.moves) or (one.moves == other.moves and other.result is None
                                                 and one.result is not None)


def _same_game(ours: Session, theirs: Session) -> bool:
    return (ours.game_id, ours.options, ours.start_fen) == (theirs.game_id, theirs.options, theirs.start_fen)


def _take_move(state: PageState, message: dict[str, Any]) -> None:
    session, friend = state.session, state.friend
    ply, move = message["n"], message["m"]
    if not isinstance(ply, int) or not isinstance(move, str):
        raise ValueError(_("it sent a malformed move"))
    if ply < len(session.moves) and session.moves[ply] == move:
        return  # (sent again after a reconnection)
    if ply != len(session.moves) or session.state.turn == friend["side"]:
        words = _("its move {move} is not at this game's move {ply}")
        raise ValueError(words.format(move=move, ply=len(session.moves) + 1))
    try:
        session.play(move)
    except ValueError as error:
        raise ValueError(_("its move {move} is not legal here ({error})").format(move=move, error=error)) from None
    friend["synced"] = len(session.moves)
    if state.view.reviewing is not None:
        state.view.review(session, None)
    state.say("")


def _take_ask(state: PageState, message: dict[str, Any]) -> None:
    what = message["what"]
    if what == "undo" and not (isinstance(message.get("to"), int) and 0 <= message["to"] < len(state.session.moves)):
        raise ValueError(_("it asked to take back moves this game does not have"))
    if what == "draw" and not state.session.game.agreed_draw:
        raise ValueError(_("it offered a draw, and {game} has no draw by agreement").format(
            game=_(state.session.game.name)))
    state.live["asked"] = message
    state.say(_(ASK_WORDS[what][2]))


def _take_reply(state: PageState, message: dict[str, Any]) -> None:
    asking = state.live["asking"]
    if message["what"] != asking["what"]:
        raise ValueError(_("it answered a question that was not asked"))
    state.live["asking"] = None
    if message["yes"] is True:
        _agreed(state, asking)
    else:
        words = ASK_WORDS[asking["what"]][3]
        state.say(_(words))


def outgoing(state: PageState) -> list[dict[str, Any]]:
    """The messages to send now, while connected: the outbox, and the visitor's own move
    once played (what is done while the line is down goes with the next hello)."""
    live, friend = state.live, state.friend
    connected = live["connection"] == "connected"
    messages, live["outbox"] = (live["outbox"] if connected else []), []
    if friend is not None and friend["mode"] == "live" and connected:
        session = state.session
        synced = friend["synced"]
        if len(session.moves) == synced + 1 and session.states[synced].turn == friend["side"]:
            messages.append({"t": "move", "n": synced, "m": session.moves[synced]})
            friend["synced"] = synced + 1
        elif len(session.moves) < synced:
            friend["synced"] = len(session.moves)
    return messages
