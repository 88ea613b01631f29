"""The automation hook `window.boardgames` (used by the e2e tests and embedding pages):
state(), squareCenter(cell), newGame(id, fen) and play(move); memory() for
tools/soak_demo.py."""

import gc
import json
from functools import partial

import js
import pyodide_js
from pyodide.ffi import create_proxy
from pyscript import window

from boardgames.grid import notation_order
from webapp.dom import element, js_object


def state_object(app):
    session = app.session
    return js_object({
        "game": session.game_id,
        "fen": session.game.fen(session.state),
        "legal": session.legal(),
        "result": session.result,
        "moves": list(session.moves),
        "selected": session.selected,
        "targets": sorted(session.destinations(session.selected)) if session.selected else [],
        "message": element("message").textContent,
        "options": session.options,
        "carried": sorted(session.extras, key=notation_order),
        "thinking": app.computer.computer.busy,
        "searches": dict(app.computer.computer.searches),
        "hint": app.view.hint,
        "paused": app.computer.paused,
        "reviewing": app.view.reviewing,
        "cursor": app.view.shown_cursor(),
        "moving": app.view.motion is not None,
        "motions": app.motions,
        "coach": app.coach.hook_state(),
    })


def square_center(app, name):
    if name not in app.layout.by_name:
        return None
    x, y = app.layout.center(name)
    rect = app.canvas.getBoundingClientRect()
    return js_object({"x": rect.left + x, "y": rect.top + y})


def new_game(app, game_id, fen=None):
    """newGame(id, fen): `fen` a position text; omitted or null (not a string): the setup."""
    try:
        app.new_game(str(game_id), fen=fen if isinstance(fen, str) else None)
    except ValueError as error:
        return js_object({"ok": False, "error": str(error)})
    return js_object({"ok": True, "error": None})


def play(app, move):
    """play(move): play a move text; returns {ok, error}."""
    try:
        app.session.play(str(move))
    except ValueError as error:
        app.say(str(error))
        return js_object({"ok": False, "error": str(error)})
    if app.view.reviewing is None:
        app.update()
    else:
        app.review(None)
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
    worker = app.computer.computer.worker
    return js_object({"wasm": module.HEAP8.length, "objects": len(gc.get_objects()),
                      "proxies": module.pyproxy_alloc_map.size,
                      "worker": json.loads(str(await worker.proxy.memory())) if worker else None})


def install(app):
    hook = js.Object.new()
    for name, fn in (("state", state_object), ("squareCenter", square_center), ("newGame", new_game),
                     ("play", play), ("memory", memory)):
        proxy = create_proxy(partial(fn, app))
        app.proxies.append(proxy)
        setattr(hook, name, proxy)
    window.boardgames = hook

