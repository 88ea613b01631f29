"""Only the page's DOM glue imports PyScript, Pyodide or the browser (`js`); every other
module under py/ stays plain Python, tested here under CPython."""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOM_MODULES = {"main.py", "dom.py", "game_panels.py", "computer_panel.py", "share_panel.py",
               "setup_panel.py", "settings_panel.py", "result_panel.py", "sound_panel.py", "hook.py", "embed_panel.py",
               "coach_panel.py", "friend_panel.py", "qr_code.py", "qr_reader.py", "live_panel.py", "peer.py", "analysis_panel.py",
               "activity_panel.py",
               "language.py"}
BROWSER = {"js", "pyscript", "pyodide"}
BROWSER_OBJECTS = {"window", "document", "navigator"}
PROBES = {("hasattr", 2), ("getattr", 3)}  # asking whether an object has an attribute


def modules(package):
    """Paths (under py/) of the package's modules, its folders' included."""
    return sorted(os.path.relpath(os.path.join(folder, name), os.path.join(ROOT, "py")).replace(os.sep, "/")
                  for folder, _, names in os.walk(os.path.join(ROOT, "py", package))
                  for name in names if name.endswith(".py"))


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
    found = {path for path in modules("boardgames") + modules("webapp")
             if browser_imports(os.path.join(ROOT, "py", path))}
    assert "webapp/main.py" in found  # the check sees an import of the browser
    assert {os.path.basename(path) for path in found} <= DOM_MODULES
    assert {os.path.dirname(path) for path in found} <= {"webapp", "webapp/panels"}, "DOM code: the page and its panels"


def code_strings(tree):
    """String constants of a module that are not docstrings."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def test_the_page_names_no_game_and_probes_no_attribute():
    """What differs between games is declared by the games: the page's code holds no
    game id (nor a family's name) and asks no object but the browser's (what a browser
    offers varies) whether it has an attribute."""
    from boardgames import GAME_IDS
    names = set(GAME_IDS) | {game_id.split("-")[0] for game_id in GAME_IDS}
    for name in modules("webapp"):
        with open(os.path.join(ROOT, "py", name)) as f:
            tree = ast.parse(f.read())
        named = [text for text in code_strings(tree) if any(
            text == game or text.startswith(game + "-") or f'"{game}"' in text for game in names)]
        assert named == [], f"{name} names a game"
        probes = [node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call)
                  and isinstance(node.func, ast.Name) and (node.func.id, len(node.args)) in PROBES
                  and not (isinstance(node.args[0], ast.Name) and node.args[0].id in BROWSER_OBJECTS)]
        assert probes == [], f"{name} probes attributes"
