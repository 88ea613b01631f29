"""Rewrite the [files] table of pyscript.toml from the Python files under py/.

PyScript copies each listed file into the browser's file system; a module missing from
the list fails only in the browser, so tests/test_site.py checks the list is in sync.
Run `python3 tools/sync_files.py` after adding or removing a module.
"""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("boardgames", "webapp")
HEADER = """# PyScript configuration of the page (index.html).  Everything is served from our own
# origin: the interpreter is the vendored Pyodide (tools/vendor.py), and [files] copies our
# Python packages into the browser's file system.  [files] is written by
# tools/sync_files.py: do not edit it by hand.
interpreter = "./vendor/pyodide/pyodide.mjs"
"""


def python_files():
    """(source path relative to the repo, destination folder) for every module."""
    found = []
    for package in PACKAGES:
        folder = os.path.join(ROOT, "py", package)
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py") and not (package == "webapp" and name == "main.py"):
                found.append((f"./py/{package}/{name}", f"./{package}/"))
    return found


def render():
    lines = [HEADER, "[files]"]
    lines += [f'"{src}" = "{dst}"' for src, dst in python_files()]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    with open(os.path.join(ROOT, "pyscript.toml"), "w") as f:
        f.write(render())
    print(f"pyscript.toml lists {len(python_files())} Python files")
