"""Rewrite the [files] tables of pyscript.toml (the page) and worker.toml (the AI worker)
from the Python files under py/.

PyScript copies each listed file into the browser's file system; a module missing from
the list fails only in the browser, so tests/test_site.py checks the lists are in sync.
Run `python3 tools/sync_files.py` after adding or removing a module.
"""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("boardgames", "webapp")
WORKER_PACKAGES = ("boardgames",)  # py/webapp/ai_worker.py is the worker's script itself
HEADER = """# PyScript configuration of the page (index.html).  Everything is served from our own
# origin: the interpreter is the vendored Pyodide (tools/vendor.py), started by
# interpreter.mjs (from a snapshot when it can), and [files] copies our Python packages into
# the browser's file system.  [files] is written by tools/sync_files.py: do not edit it by hand.
interpreter = "./interpreter.mjs"
"""
WORKER_HEADER = """# PyScript configuration of the AI worker (py/webapp/ai_worker.py, started by computer_panel.py
# once the board is interactive): the same interpreter as the page (interpreter.mjs, with the
# same snapshot), and only the engine.  Written by tools/sync_files.py: do not edit it by hand.
interpreter = "./interpreter.mjs"
"""


def python_files(packages=PACKAGES):
    """(source path relative to the repo, destination folder) for every module."""
    found = []
    for package in packages:
        folder = os.path.join(ROOT, "py", package)
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py") and not (package == "webapp" and name == "main.py"):
                found.append((f"./py/{package}/{name}", f"./{package}/"))
    return found


def render(header=HEADER, packages=PACKAGES):
    lines = [header, "[files]"]
    lines += [f'"{src}" = "{dst}"' for src, dst in python_files(packages)]
    return "\n".join(lines) + "\n"


def render_worker():
    return render(WORKER_HEADER, WORKER_PACKAGES)


if __name__ == "__main__":
    for name, header, packages in (("pyscript.toml", HEADER, PACKAGES),
                                   ("worker.toml", WORKER_HEADER, WORKER_PACKAGES)):
        with open(os.path.join(ROOT, name), "w") as f:
            f.write(render(header, packages))
        print(f"{name} lists {len(python_files(packages))} Python files")
