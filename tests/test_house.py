"""The house's plan, read from the sources: no module imports, directly or through others,
one that imports it (in the engine, the page's Python and the tools), and no module but
the page's main.py reaches into a panel."""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def python_files(folder):
    for where, _dirs, names in os.walk(os.path.join(ROOT, folder)):
        for name in sorted(names):
            if name.endswith(".py"):
                yield os.path.join(where, name)


def module_name(path):
    """The name a file is imported by: a package's module under py/, a script of tools/ by its file."""
    relative = os.path.relpath(path, ROOT)
    parts = relative[:-3].split(os.sep)
    if parts[0] == "py":
        parts = parts[1:]
    elif parts[0] == "tools":
        parts = parts[1:]
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imports(path, known):
    """The known modules `path` imports anywhere in it (at its top or inside a function)."""
    with open(path) as f:
        tree = ast.parse(f.read())
    package = module_name(path) if path.endswith("__init__.py") else module_name(path).rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(filter(None, [package.rsplit(".", node.level - 1)[0] if node.level > 1 else package,
                                              node.module]))
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        found |= {name for name in names if name in known}
    return found - {module_name(path)}


def graph():
    paths = [*python_files("py"), *python_files("tools")]
    known = {module_name(path) for path in paths}
    return {module_name(path): imports(path, known) for path in paths}


def circle_through(edges, start):
    """A path of imports from `start` back to it, or None."""
    seen, todo = set(), [(start, [start])]
    while todo:
        node, path = todo.pop()
        for target in sorted(edges.get(node, ())):
            if target == start:
                return path + [start]
            if target not in seen:
                seen.add(target)
                todo.append((target, path + [target]))
    return None


def test_the_graph_sees_imports_of_each_kind():
    edges = graph()
    assert "webapp.state.commands" in edges["webapp.main"]  # from webapp.state import commands
    assert "boardgames.core" in edges["boardgames.tablut"]
    assert "build_sw" in edges["build_site"]  # a tool's import of another tool


def test_no_import_circle():
    edges = graph()
    circles = [path for path in (circle_through(edges, module) for module in sorted(edges)) if path]
    assert circles == []


def test_only_main_reaches_into_a_panel():
    """A panel is App's (main.py: `self.X = SomethingPanel(self)`); others ask the state."""
    with open(os.path.join(ROOT, "py", "webapp", "main.py")) as f:
        tree = ast.parse(f.read())
    panels = {node.targets[0].attr for node in ast.walk(tree)
              if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Attribute)
              and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
              and node.value.func.id.endswith("Panel")}
    assert {"friend", "viewer", "activities"} <= panels
    reaching = []
    for path in python_files(os.path.join("py", "webapp")):
        if path.endswith(os.path.join("webapp", "main.py")):
            continue
        with open(path) as f:
            for node in ast.walk(ast.parse(f.read())):
                if (isinstance(node, ast.Attribute) and node.attr in panels and isinstance(node.value, (ast.Name, ast.Attribute))
                        and (getattr(node.value, "id", None) == "app" or getattr(node.value, "attr", None) == "app")):
                    reaching.append((os.path.relpath(path, ROOT), node.attr, node.lineno))
    assert reaching == []
