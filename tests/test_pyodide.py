"""The engine inside real Pyodide (the browser's Python, run by Node) computes exactly
what it computes in CPython: perft(2) from every game's setup, a fixed playout per
game, the perft table's small rows, and the lessons and puzzles read from the data
files beside the modules.  Pyodide starts once for all of it.

Node and node_modules/pyodide are required: without them this test fails, unless
BOARDGAMES_SKIP_PYODIDE=1 is set (then it is skipped).
"""

import json
import os
import subprocess

import pytest

from helpers import require_pyodide

TESTS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TESTS)
RUNNER = os.path.join(ROOT, "tools", "pyodide_run.mjs")
PYODIDE_PYTHON = "3.14."  # the pinned npm pyodide 314.0.x ships Python 3.14
TABLE_ROW_LIMIT = 20000  # perft table rows up to this count are also run inside Pyodide

# Run in both interpreters (with tests/ importable): `summary(row_limit)` returns JSON data.
PROBE = """
import hashlib, platform, sys

sys.path.insert(0, "../tools")  # the table reader perft.py uses
from boardgames import GAME_IDS, get_game
from boardgames.perft import perft
from perft import make_game, perft_cases

def summary(row_limit):
    games = {}
    for game_id in GAME_IDS:
        game = get_game(game_id)
        games[game_id] = {"perft2": perft(game, game.new(), 2), "playout": playout(game)}
    rows = []
    for game_id, options, fen, depth, count in perft_cases():
        if count <= row_limit:
            game = make_game(game_id, options)
            rows.append([game_id, options, fen, depth, count, perft(game, game.new(fen=fen), depth)])
    return {"python": platform.python_version(), "platform": sys.platform,
            "games": games, "table": rows, "learning": learning()}

def learning():
    # The readers find their data files beside the modules (as the page's [files] put them).
    from boardgames.lessons import failed_claims, read_lessons
    from boardgames.puzzles import Prover, read_puzzles
    lessons = {}
    for spec, lesson in read_lessons().items():
        game = lesson.game()
        lessons[spec] = [failed_claims(game, step.start(game), step.accept[0], step.shows)
                         for step in lesson.steps]
    puzzles = read_puzzles()
    first = next(p for p in puzzles if p.moves == 1)
    return {"lessons": lessons, "puzzles": [p.row() for p in puzzles],
            "proved": Prover(first.game()).winning_moves(first.start(), 1) == [first.solution[0]]}

def playout(game):
    # A playout whose moves depend only on the sorted legal moves, so it is the same
    # game in any interpreter: its trail of position texts is compared by digest.
    state = game.new()
    trail = [game.fen(state)]
    for ply in range(game.ply_cap):
        moves = sorted(game.legal(state))
        if not moves:
            break
        state = game.play(state, moves[(ply * 7919 + 13) % len(moves)])
        trail.append(game.fen(state))
    digest = hashlib.sha256("\\n".join(trail).encode()).hexdigest()
    return {"plies": len(trail) - 1, "final": trail[-1], "result": game.result(state), "digest": digest}
"""





@pytest.fixture(scope="module")
def in_pyodide():
    require_pyodide()
    code = PROBE + "\nimport json\nprint(json.dumps(summary(int(sys.argv[1]))))\n"
    # `-c` puts the working directory first on sys.path, as python3 does: run in tests/.
    done = subprocess.run(["node", RUNNER, "-c", code, str(TABLE_ROW_LIMIT)], cwd=TESTS,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"the Pyodide run failed:\n{done.stderr}"
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def in_cpython():
    namespace = {}
    exec(PROBE, namespace)
    # A JSON round trip makes tuples lists, as they come back from Pyodide.
    return json.loads(json.dumps(namespace["summary"](TABLE_ROW_LIMIT)))


def test_it_is_really_pyodide(in_pyodide):
    assert in_pyodide["platform"] == "emscripten"
    assert in_pyodide["python"].startswith(PYODIDE_PYTHON)


def test_every_game_computes_the_same(in_pyodide, in_cpython):
    assert set(in_pyodide["games"]) == set(in_cpython["games"])
    for game_id, expected in in_cpython["games"].items():
        assert in_pyodide["games"][game_id] == expected, game_id


def test_tablut_setup_perft(in_pyodide):
    assert in_pyodide["games"]["tablut"]["perft2"] == 4400


def test_lessons_and_puzzles_read_the_same(in_pyodide, in_cpython):
    learning = in_pyodide["learning"]
    assert learning == in_cpython["learning"]
    assert learning["proved"] and len(learning["puzzles"]) >= 10 * len(in_cpython["games"])
    assert all(claims == [] for steps in learning["lessons"].values() for claims in steps)


def test_small_perft_table_rows(in_pyodide):
    assert in_pyodide["table"], "the perft table has rows small enough to run"
    for game_id, options, fen, depth, count, counted in in_pyodide["table"]:
        assert counted == count, (game_id, options, fen, depth)
