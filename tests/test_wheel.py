"""The package as a user gets it (docs/python.md): the wheel built from pyproject.toml
(`python -m build`), installed with its pettingzoo extra and OpenSpiel in a fresh virtual
environment, runs the command line, both environments and the notebook drawing there,
away from the repository's sources."""

import os
import re
import subprocess
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Run by the fresh environment's Python, outside the repository.
USE = """
import boardgames, boardgames.openspiel, pyspiel
from boardgames.pettingzoo import env
from pettingzoo.test import api_test
assert "site-packages" in boardgames.__file__, boardgames.__file__
api_test(env("pux"), num_cycles=200)
game = pyspiel.load_game("boardgames_vut_royal")
state = game.new_initial_state()
rules = boardgames.get_game("vut-royal")
assert sorted(state.action_to_string(a) for a in state.legal_actions()) == sorted(rules.legal(rules.new()))
picture = rules.new()._repr_svg_()
assert picture.startswith("<svg") and picture == boardgames.svg(rules), "the notebook's picture"
print("used", len(picture))
"""


def pinned(name):
    """The version requirements-dev.txt pins for `name`."""
    with open(os.path.join(ROOT, "requirements-dev.txt")) as f:
        return re.search(rf"^{name}==(\S+)", f.read(), re.M).group(1)


def run(*command, cwd):
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_wheel_installs_and_works_in_a_fresh_environment(tmp_path):
    run(sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path / "dist"), ROOT, cwd=ROOT)
    (wheel,) = (tmp_path / "dist").iterdir()
    assert re.fullmatch(r"boardgames-[\d.]+-py3-none-any\.whl", wheel.name)
    names = zipfile.ZipFile(wheel).namelist()
    assert {"boardgames/lessons.txt", "boardgames/puzzles.txt", "boardgames/drawing/picture.py",
            "boardgames/pettingzoo.py", "boardgames/cli.py"} <= set(names)
    assert not [name for name in names if name.startswith("webapp") or "__pycache__" in name]
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", str(venv), cwd=tmp_path)
    python, script = venv / "bin" / "python", venv / "bin" / "boardgames"
    run(str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", f"{wheel}[pettingzoo]",
        f"open_spiel=={pinned('open_spiel')}", cwd=tmp_path)
    assert run(str(script), "perft", "vut-7x7", "2", cwd=tmp_path) == "189\n"  # (tests/data/perft.txt)
    assert "vault              Vault" in run(str(script), "list", cwd=tmp_path)
    analysed = run(str(python), "-m", "boardgames", "analyse", "--game", "tablut", "--fen", "9/9/9/9/9/3sKs3/9/4s4/9 b",
                   "--moves", "e2-i2", "--nodes", "2000", cwd=tmp_path)
    assert "Move 1 (e2-i2??) is a blunder: better was e2-e3" in analysed
    bad = subprocess.run([str(script), "play", "chess"], cwd=tmp_path, capture_output=True, text=True)
    assert bad.returncode == 1 and bad.stderr.startswith("boardgames: unknown game 'chess'") and "Traceback" not in bad.stderr
    assert run(str(python), "-c", USE, cwd=tmp_path).startswith("Starting API test")
