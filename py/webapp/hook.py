"""The automation hook `window.boardgames` (used by the e2e tests and embedding pages):
state(), squareCenter(cell), newGame(id, fen) and play(move); playByLink, friendLink,
liveHost, liveJoin and liveAccept (play a friend); memory() for tools/soak_demo.py."""

import asyncio
import gc
import json
from functools import partial

import js
import pyodide_js
from pyodide.ffi import create_proxy
from pyscript import window

from boardgames import texts
from boardgames.core import SIDE_NAMES
from boardgames.grid import notation_order
from webapp.state import analysis, commands, friend, live
from webapp.state.lines import count
from webapp.dom import js_object, page_address

SIDES = {"white": "w", "black": "b"}  # the hook's side names


def state_object(app):
    state = app.state
    session, view = state.session, state.view
    return js_object({
        "game": session.game_id,
        "fen": session.game.fen(session.state),
        "legal": session.legal(),
        "result": session.result,
        "moves": list(session.moves),
        "selected": session.selected,
        "targets": sorted(session.destinations(session.selected)) if session.selected else [],
        "message": state.message,
        "options": session.options,
        "carried": sorted(session.extras, key=notation_order),
        "thinking": state.thinking,
        "searches": dict(app.computer.searches),
        "hint": view.hint,
        "paused": state.paused,
        "reviewing": view.reviewing,
        "cursor": view.shown_cursor(),
        "moving": view.motion is not None,
        "motions": app.motions,
        "coach": exercise_state(state.exercise),
        "friend": friend_state(app),
        "analysis": analysis_state(state.analysis),
        "variations": count(session.line().branches),
        "lang": texts.language(),
    })


def analysis_state(found):
    """state().analysis: null, or {done, evals, marks} of the review of the game."""
    if found is None:
        return None
    return {"done": found["done"], "evals": found["evals"], "marks": found["marks"]}


async def analyse(app):
    """analyse() -> a Promise that resolves once the review of the game on the board is
    done (rejected with the page's message if there is nothing to review or it stops)."""
    app.do(analysis.begin)
    found = app.state.analysis
    while found is not None and app.state.analysis is found and found["running"]:
        await asyncio.sleep(0.1)
    if found is None or not found["done"]:
        raise RuntimeError(app.state.message)
    return True


def friend_state(app):
    """state().friend: null, or {mode, side ("white"/"black"), connection (live play's
    line: "waiting", "answered", "connecting", "connected", "interrupted", "lost"; null by link)}."""
    friend, live_on = app.state.friend, app.state.live
    if friend is None:
        return None
    connection = live_on["connection"] if live_on is not None and friend["mode"] == "live" else None
    return {"mode": friend["mode"], "side": SIDE_NAMES[friend["side"]], "connection": connection}


async def made_code(app):
    """The code live play's set-up made (an Error with the page's message if none)."""
    await app.live_setup
    if app.state.live is None or app.state.live["code"] is None:
        raise RuntimeError(app.state.message)
    return app.state.live["code"]


async def live_host(app, side=None):
    """liveHost(side) -> a Promise of the host's code (the game on the board played live,
    the visitor on `side`; omitted: the side to move)."""
    app.do(live.host, SIDES.get(side))
    return await made_code(app)


async def live_join(app, code):
    """liveJoin(code) -> a Promise of the guest's answer code for the host's `code`."""
    try:
        app.do(live.join, str(code))
    except ValueError:
        app.update()
        raise RuntimeError(app.state.message) from None
    return await made_code(app)


async def live_accept(app, code):
    """liveAccept(code) -> a Promise that resolves once the guest's answer `code` has
    connected the two pages (rejected, with the page's message, if it does not)."""
    try:
        app.do(live.accept, str(code))
    except ValueError:
        app.update()
        raise RuntimeError(app.state.message) from None
    await app.live_setup
    while app.state.live is not None and app.state.live["connection"] != "connected":
        await asyncio.sleep(0.05)
    if app.state.live is None:
        raise RuntimeError(app.state.message)
    return True


def play_by_link(app, side=None):
    """playByLink(side): the game on the board goes on as a game by link, the visitor
    playing `side` ("white"/"black"; omitted: the side to move)."""
    if isinstance(side, str) and side not in SIDES:
        return js_object({"ok": False, "error": f"side must be white or black, not {side!r}"})
    app.do(friend.play_by_link, SIDES.get(side) if isinstance(side, str) else None)
    return js_object({"ok": True, "error": None})


def friend_link(app):
    """friendLink(): the link the page gives the visitor now (null outside a game by link)."""
    return friend.link(app.state, page_address())


def exercise_state(run):
    """What state() tells of the lesson or puzzle on the board (None when none runs)."""
    if run is None:
        return None
    return {"kind": run.kind, "index": run.index, "count": run.count,
            "feedback": run.feedback, "finished": run.finished,
            "passed": run.passed(),
            "solved": sorted(run.solved) if run.kind == "puzzle" else []}


def square_center(app, name):
    if name not in app.layout.by_name:
        return None
    x, y = app.layout.center(name)
    rect = app.canvas.getBoundingClientRect()
    return js_object({"x": rect.left + x, "y": rect.top + y})


def new_game(app, game_id, fen=None):
    """newGame(id, fen): `fen` a position text; omitted or null (not a string): the setup."""
    try:
        app.do(commands.new_game, str(game_id), fen if isinstance(fen, str) else None)
    except ValueError as error:
        return js_object({"ok": False, "error": str(error)})
    return js_object({"ok": True, "error": None})


def play(app, move):
    """play(move): play a move text; returns {ok, error}."""
    try:
        app.do(commands.play, str(move))
    except ValueError as error:
        app.update()  # (the message says why)
        return js_object({"ok": False, "error": str(error)})
    return js_object({"ok": True, "error": None})


async def memory(app, trace=False):
    """memory(trace) -> a Promise of the interpreters' sizes after a garbage collection:
    the page's `wasm` (bytes of Pyodide's WebAssembly memory, which grows and never
    shrinks), `objects` (Python objects the collector tracks) and `proxies` (live
    PyProxies made while tracing is on; `trace` true turns it on for the rest of the
    visit: it keeps a stack for each); `worker`: the AI worker's `objects`, null until
    it runs."""
    module = pyodide_js._module
    if trace:
        module.enable_pyproxy_allocation_tracing()
    gc.collect()
    worker = app.computer.worker
    return js_object({"wasm": module.HEAP8.length, "objects": len(gc.get_objects()),
                      "proxies": module.pyproxy_alloc_map.size,
                      "worker": json.loads(str(await worker.proxy.memory())) if worker else None})


def install(app):
    hook = js.Object.new()
    for name, fn in (("state", state_object), ("squareCenter", square_center), ("newGame", new_game),
                     ("play", play), ("memory", memory), ("playByLink", play_by_link),
                     ("friendLink", friend_link), ("liveHost", live_host), ("liveJoin", live_join),
                     ("liveAccept", live_accept), ("analyse", analyse)):
        proxy = create_proxy(partial(fn, app))
        app.proxies.append(proxy)
        setattr(hook, name, proxy)
    window.boardgames = hook

