"""What the unit tests share (test modules import it from here, never from each other):
a board drawn into a recording context, a Pux piece's destinations, a small fake site
folder, the check that Node and Pyodide are there, and the cells of a `|` table."""

import os
import shutil

import pytest

from recording import RecordingContext
from webapp.drawing.layout import Layout, board_cells
from webapp.drawing.render import draw_board
from webapp.state.view import View

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYODIDE = os.path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs")

# A game needs only its module: a lesson, puzzles and pinned engine answers are optional.
# These games, the site's when that became so, keep all three.
COACHED_GAMES = ("vut", "vut-royal", "vut-extermination", "vut-extinction", "vut-connection", "vut-cylindrical",
                 "vut-intervention", "vut-7x7", "vut-11x11", "tablut", "vault", "pux", "uos")


def drawn(session, view=None, size=600):
    """(recording, layout) of the board of `session` as `view` (default: a plain
    view) shows it on a `size` x `size` canvas."""
    layout = Layout(board_cells(session.game), size, size, flipped=view.flipped if view else False)
    ctx = RecordingContext()
    draw_board(ctx, layout, session, view or View(), size, size)
    return ctx, layout


def destinations_carrying(game, state, cell, carried):
    """The cells the piece on `cell` may reach carrying exactly the pieces on `carried`
    (none: its plain moves and captures), from the legal moves."""
    return [destination for mover, cells, destination, _ in map(game.parse_move, game.legal(state))
            if mover == cell and set(cells) == set(carried)]


def require_pyodide():
    """Fail (or skip when BOARDGAMES_SKIP_PYODIDE=1) with what is missing."""
    missing = None
    if shutil.which("node") is None:
        missing = "node is not on PATH (Node 20 is needed to run Pyodide)"
    elif not os.path.exists(PYODIDE):
        missing = f"{PYODIDE} is missing (run `npm install` in {ROOT})"
    if missing is None:
        return
    if os.environ.get("BOARDGAMES_SKIP_PYODIDE") == "1":
        pytest.skip(missing)
    pytest.fail(f"{missing}; set BOARDGAMES_SKIP_PYODIDE=1 to skip the Pyodide tests", pytrace=False)


# A small site folder: what build_sw and the previews read from a real one.
SITE = {
    "index.html": '<link rel="icon" href="./icons/icon.svg"><link rel="manifest" href="./manifest.webmanifest">'
                  '<script type="module" src="./vendor/pyscript/core.js"></script>'
                  '<script type="py" src="./py/webapp/main.py" config="./pyscript.toml"></script>'
                  '<a href="./index.html?game=vault">',
    "manifest.webmanifest": '{"icons": [{"src": "./icons/icon.svg"}, {"src": "./icons/icon-192.png"}]}',
    "icons/icon.svg": "<svg/>",
    "icons/icon-192.png": "png",
    "pyscript.toml": 'interpreter = "./interpreter.mjs"\n[files]\n'
                     '"./py/boardgames/core.py" = "./boardgames/"\n"./py/webapp/state/session.py" = "./webapp/"\n',
    "worker.toml": 'interpreter = "./interpreter.mjs"\n[files]\n'
                   '"./py/boardgames/core.py" = "./boardgames/"\n"./py/boardgames/ai.py" = "./boardgames/"\n',
    "interpreter.mjs": 'import { sha256Hex } from "./snapshot.mjs";\nnew Worker(new URL("./snapshot_maker.mjs", import.meta.url));',
    "snapshot.mjs": "js",
    "snapshot_maker.mjs": 'import { pack } from "./snapshot.mjs";',
    "py/webapp/main.py": "print()",
    "py/webapp/state/session.py": "",
    "py/webapp/unlisted.py": "",
    "py/boardgames/core.py": "X = 1",
    "py/boardgames/ai.py": "",
    "vendor/pyodide/pyodide.mjs": "js",
    "vendor/pyodide/pyodide.asm.wasm": "wasm",
    "vendor/pyscript/core.js": "js",
    "vendor/pyscript/core-ABC.js": "js",
    "vendor/pyscript/core.css": "css",
    "vendor/pyscript/core.js.map": "map",
    "vendor/pyscript/codemirror-XYZ.js": "editor",
    "vendor/pyscript/xterm-XYZ.js": "terminal",
    "vendor/pyscript/service-worker.js": "",
    "vendor/fast/manifest.json": "{}",
    "vendor/fast/snapshot-0123.gz": "snapshot",
    "vendor/fast/pyodide.asm-4567.wasm.gz": "wasm for first visits",
}


def table_rows(table):
    """The cells of a `|` table, one list per line; `""` stands for an empty cell."""
    return [[cell.strip().replace('""', "") for cell in line.strip().strip("|").split("|")]
            for line in table.strip().splitlines()]
