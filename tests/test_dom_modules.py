"""Only the page's DOM glue imports PyScript, Pyodide or the browser (`js`); every other
module under py/ stays plain Python, tested here under CPython."""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOM_MODULES = {"main.py", "dom.py", "game_panels.py", "computer_panel.py", "share_panel.py",
               "setup_panel.py", "sound_panel.py", "hook.py"}
BROWSER = {"js", "pyscript", "pyodide"}


def browser_imports(path):
    with open(path) as f:
        tree = ast.parse(f.read())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names & BROWSER


def test_only_the_dom_modules_import_the_browser():
    found = set()
    for package in ("boardgames", "webapp"):
        folder = os.path.join(ROOT, "py", package)
        for name in os.listdir(folder):
            if name.endswith(".py") and browser_imports(os.path.join(folder, name)):
                found.add(f"{package}/{name}")
    assert "webapp/main.py" in found  # the check sees an import of the browser
    assert found <= {f"webapp/{name}" for name in DOM_MODULES}
