"""Rewrite the [files] tables of pyscript.toml (the page) and worker.toml (the AI worker)
from the Python files under py/, and for the page also the data files the engine reads
beside its modules (py/boardgames/*.txt: lessons and puzzles).

PyScript copies each listed file into the browser's file system; a module missing from
the list fails only in the browser, so tests/test_site.py checks the lists are in sync.
Run `python3 tools/sync_files.py` after adding or removing a module or data file.

The package's modules for a terminal and for learning libraries (`HOST_ONLY`, docs/python.md)
are left out: the page never imports them, so it fetches none, nor does the fast-start
snapshot hold them; and the worker, which never draws, gets no drawing code.
"""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("boardgames", "webapp")
WORKER_PACKAGES = ("boardgames",)  # py/webapp/worker/ai_worker.py is the worker's script itself
HOST_ONLY = ("boardgames/__main__.py", "boardgames/cli.py", "boardgames/diagram.py", "boardgames/learning.py",
             "boardgames/openspiel.py", "boardgames/perft.py", "boardgames/pettingzoo.py")
WORKER_LEAVES = ("boardgames/drawing/",)  # only the page draws
DATA = (".txt",)  # data files the page's modules read (the AI worker needs none)
HEADER = """# PyScript configuration of the page (index.html).  Everything is served from our own
# origin: the interpreter is the vendored Pyodide (tools/vendor.py), started by
# interpreter.mjs (from a snapshot when it can), and [files] copies our Python packages into
# the browser's file system.  [files] is written by tools/sync_files.py: do not edit it by hand.
interpreter = "./interpreter.mjs"
"""
WORKER_HEADER = """# PyScript configuration of the AI worker (py/webapp/worker/ai_worker.py, started by the page
# the first time the computer is wanted): the same interpreter as the page (interpreter.mjs,
# with the same snapshot), and only the engine.  Written by tools/sync_files.py: do not edit it by hand.
interpreter = "./interpreter.mjs"
"""


def python_files(packages=PACKAGES, extensions=(".py",), leaves=(), root=ROOT):
    """(source path relative to the repo, destination folder) for every module the page
    loads (and every file with one of `extensions`), but those under `leaves`."""
    found = []
    for package in packages:
        for folder, _, names in sorted(os.walk(os.path.join(root, "py", package))):
            inside = os.path.relpath(folder, os.path.join(root, "py")).replace(os.sep, "/")
            found += [(f"./py/{inside}/{name}", f"./{inside}/") for name in sorted(names)
                      if name.endswith(extensions) and f"{inside}/{name}" not in HOST_ONLY
                      and not f"{inside}/".startswith(leaves)]
    return found


def render(header=HEADER, packages=PACKAGES, extensions=(".py",) + DATA, leaves=()):
    lines = [header, "[files]"]
    lines += [f'"{src}" = "{dst}"' for src, dst in python_files(packages, extensions, leaves)]
    return "\n".join(lines) + "\n"


def render_worker():
    return render(WORKER_HEADER, WORKER_PACKAGES, (".py",), WORKER_LEAVES)


if __name__ == "__main__":
    for name, text in (("pyscript.toml", render()), ("worker.toml", render_worker())):
        with open(os.path.join(ROOT, name), "w") as f:
            f.write(text)
        print(f"{name} lists {text.count(' = ')} files")
