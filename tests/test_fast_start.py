"""The fast-start build (tools/fast_start.py): what the snapshot imports is derived from the
sources, and the build is reproducible and matches what is served (vendor/fast/)."""

import json
import os
import subprocess
import zipfile

import pytest

import build_sw
import fast_start
from boardgames import lessons, puzzles
from helpers import require_pyodide

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# A source tree: | file | its imports | imported by the snapshot |
TREE = """
boardgames/__init__.py | from boardgames.core import X              | yes
boardgames/core.py     | import json; X = 1                         | yes
webapp/__init__.py     |                                            | yes
webapp/state/view.py         | from boardgames import core; import re     | yes
webapp/dom.py          | import js                                  | no
webapp/panel.py        | from webapp.dom import element             | no
webapp/menu.py         | from webapp import panel                   | no
webapp/late.py         | def f():\\n    from pyodide.ffi import to_js | no
webapp/page.py         | from pyscript import document              | no
webapp/helper.py       | from webapp.state.view import core               | yes
"""


def tree_rows():
    rows = [[field.strip() for field in line.split("|")] for line in TREE.strip().splitlines()]
    return [(path, source.replace("\\n", "\n"), wanted == "yes") for path, source, wanted in rows]


@pytest.fixture
def tree(tmp_path):
    for path, source, _ in tree_rows():
        target = tmp_path / "py" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(source + "\n")
    return tmp_path


def module_name(path):
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def test_the_snapshot_imports_the_engine_and_the_webapp_modules_that_reach_no_browser_module(tree):
    wanted = [module_name(path) for path, _, snapshot in tree_rows() if snapshot]
    assert sorted(fast_start.snapshot_modules(str(tree))) == sorted(wanted)


def test_an_engine_module_that_imports_the_browser_stops_the_build(tree):
    (tree / "py" / "boardgames" / "core.py").write_text("import js\n")
    with pytest.raises(RuntimeError, match="boardgames.core"):
        fast_start.snapshot_modules(str(tree))


def test_the_snapshot_imports_the_standard_modules_any_of_our_files_imports(tree):
    stdlib = tree / "stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as z:
        for name in ("json/__init__.py", "json/decoder.py", "re/__init__.py", "random.py", "pyodide/ffi.py"):
            z.writestr(name, "")
    # json and re are imported; random is not; pyodide is the browser's, never preloaded
    assert fast_start.stdlib_modules(str(stdlib), str(tree)) == ["json", "re"]


# PyScript's package: | file | its source | run by `import pyscript` |
PACKAGE = """
pyscript/__init__.py | from pyscript.context import x\\nif x:\\n    from pyscript.workers import w | yes
pyscript/context.py  | import json; x = 1                                                | yes
pyscript/workers.py  | w = 1                                                             | yes
pyscript/web.py      | import pyscript.media                                             | no
pyscript/media.py    | m = 1                                                             | no
pyscript/fetch.py    | def get():\\n    from pyscript.web import page                    | no
"""


def test_the_snapshot_compiles_what_import_pyscript_runs_and_not_what_its_functions_import():
    rows = [[field.strip() for field in line.split("|")] for line in PACKAGE.strip().splitlines()]
    package = {path: source.replace("\\n", "\n").encode() for path, source, _ in rows}
    assert fast_start.started_pyscript(package) == {path for path, _, run in rows if run == "yes"}


def test_pyscript_package_is_the_one_its_bundle_writes_and_the_config_files_are_listed():
    package = fast_start.pyscript_package()
    assert "pyscript/__init__.py" in package and b"import" in package["pyscript/__init__.py"]
    started = fast_start.started_pyscript(package)
    assert "pyscript/__init__.py" in started and "pyscript/web.py" not in started
    files = fast_start.config_files()
    assert "./py/webapp/dom.py" in files["page"] and "./py/webapp/dom.py" not in files["worker"]
    assert "./py/boardgames/core.py" in files["worker"]


def test_pyscript_start_writes_each_file_of_the_tree_and_makes_its_folders_before_importing():
    tree = {"pyscript": {"__init__.py": 'print("a\\tb")\n', "web": {"x.py": "é = 1"}}}
    assert fast_start.pyscript_start(tree).split("\n") == [
        "import os as _os", "from pathlib import Path as _Path", "_path = None",
        '_path = _Path("./pyscript")', 'if not _os.path.exists("./pyscript"):', "    _path.mkdir(parents=True, exist_ok=True)",
        '_path = _Path("./pyscript/__init__.py")', '_path.write_text("print(\\"a\\\\tb\\")\\n",encoding="utf-8")',
        '_path = _Path("./pyscript/web")', 'if not _os.path.exists("./pyscript/web"):', "    _path.mkdir(parents=True, exist_ok=True)",
        '_path = _Path("./pyscript/web/x.py")', '_path.write_text("é = 1",encoding="utf-8")',
        "import pyscript as _pyscript", "del _Path", "del _path", "del _os", "del _pyscript", "", ""]
    assert fast_start.page_script() == "import webapp.main"


def test_the_snapshot_leaves_out_the_pages_of_zeros_and_gives_the_memory_back_whole():
    page = fast_start.PAGE
    memory = bytes(range(256)) * 16 + bytes(3 * page) + b"end" + bytes(page - 3) + b"tail"
    packed = fast_start.pack(memory)
    assert fast_start.unpack(packed) == memory
    # two runs (the first page; the last two): the three pages of zeros are not stored
    assert len(packed) == 8 + 2 * 8 + len(memory) - 3 * page
    assert fast_start.unpack(fast_start.pack(bytes(2 * page))) == bytes(2 * page)


def test_the_browser_packs_a_snapshot_as_the_build_does():
    """snapshot.mjs `pack` (a snapshot made in the reader's browser) gives the bytes of
    fast_start.pack, which the loader's `memoryOf` reads back."""
    require_pyodide()
    page = fast_start.PAGE
    memory = bytes(page) + bytes(range(256)) * 16 + bytes(2 * page) + b"x" + bytes(page - 1) + bytes(page)
    script = ('import { pack } from "./snapshot.mjs"; import fs from "node:fs";'
              'const memory = new Uint8Array(fs.readFileSync(0));'
              'process.stdout.write(Buffer.from(pack(memory)).toString("hex"));')
    done = subprocess.run(["node", "--input-type=module", "-e", script], input=memory, capture_output=True,
                          cwd=ROOT, check=True)
    assert bytes.fromhex(done.stdout.decode()) == fast_start.pack(memory)
    assert fast_start.unpack(fast_start.pack(memory)) == memory


def test_the_recipe_reads_our_sources_where_the_pages_pyscript_writes_them():
    """The browser makes its snapshot from the files its PyScript wrote (the recipe's
    `written`, under `home`): each of our modules there is where the page's [files] puts it,
    and the rest is PyScript's own package."""
    with open(os.path.join(ROOT, fast_start.OUTPUT, fast_start.MANIFEST)) as f:
        recipe = json.load(f)["recipe"]
    page = build_sw.read_config(ROOT, "pyscript.toml")["files"]
    placed = {dest.removeprefix("./") + source.rsplit("/", 1)[1] for source, dest in page.items()}
    ours = [path for path in recipe["written"] if not path.startswith("pyscript/")]
    assert sorted(ours) == sorted(path.removeprefix("py/") for path in
                                  [*fast_start.our_modules().values(), *fast_start.WARM_UP_DATA])
    assert set(ours) <= placed
    assert set(recipe["written"]) - set(ours) == fast_start.started_pyscript(fast_start.pyscript_package())
    assert recipe["home"] == fast_start.HOME and set(fast_start.snapshot_modules()) <= set(recipe["imports"])


def test_the_warm_up_data_are_the_files_the_lessons_and_puzzles_are_read_from():
    """The snapshot holds the lessons and puzzles read (WARM_UP): a changed file must refuse
    it, so the files the manifest checks are those the engine reads."""
    assert "all_lessons()" in fast_start.WARM_UP and "all_puzzles()" in fast_start.WARM_UP
    read = {os.path.relpath(path, ROOT).replace(os.sep, "/") for path in (lessons.LESSON_FILE, puzzles.PUZZLE_FILE)}
    assert set(fast_start.WARM_UP_DATA) == read


def test_the_pages_stdlib_holds_what_a_start_and_the_page_wheels_import_and_names_the_rest():
    """vendor/fast/python_stdlib.zip: every standard module the snapshot holds (a start
    imports them) and those the QR wheel needs, compiled; the manifest lists the modules
    left out (fetched whole if ever imported) and the zip's SHA-256."""
    with open(os.path.join(ROOT, fast_start.OUTPUT, fast_start.MANIFEST)) as f:
        manifest = json.load(f)
    served = os.path.join(ROOT, fast_start.OUTPUT, fast_start.STDLIB)
    whole = os.path.join(ROOT, "vendor", "pyodide", fast_start.STDLIB)
    kept, everything = set(fast_start.zip_modules(served)), set(fast_start.zip_modules(whole))
    assert kept < everything and set(manifest["stdlib"]["left_out"]) == everything - kept
    assert {m for m in manifest["modules"] if m in everything} <= kept
    assert {"xml.sax.saxutils", "gzip", "json", "asyncio", "encodings.cp437"} <= kept and not {"unittest", "pydoc", "tkinter"} & kept
    with zipfile.ZipFile(served) as z:
        assert z.namelist() and all(name.endswith(".pyc") for name in z.namelist()), "compiled: a start compiles none"
        assert z.read("json/__init__.pyc")[4:8] == b"\x01\0\0\0", "a hash-based pyc, unchecked: no clock in the build"
    assert manifest["stdlib"]["sha256"] == fast_start.sha256(fast_start.read_bytes(served))


def test_the_start_code_gives_a_first_visit_what_its_pages_files_do_not():
    """A first visit makes its snapshot before the page runs Python (interpreter.mjs
    `madeHere`): vendor/fast/start-code-*.json gives the recipe's files the page's [files]
    do not (PyScript's package, as its bundle writes it) and the Python the page will run,
    kept compiled as the build's snapshot keeps it (PyScript's start, the page's script)."""
    with open(os.path.join(ROOT, fast_start.OUTPUT, fast_start.MANIFEST)) as f:
        manifest = json.load(f)
    with open(os.path.join(ROOT, fast_start.OUTPUT, manifest["start_code"]["file"]), "rb") as f:
        data = f.read()
    assert fast_start.sha256(data) == manifest["start_code"]["sha256"]
    code = json.loads(data)
    page = {path.removeprefix("./py/") for path in manifest["files"]["page"]}
    assert set(code["written"]) == {path for path in manifest["recipe"]["written"] if path not in page}
    package = fast_start.pyscript_package()
    assert all(code["written"][path].encode() == package[path] for path in code["written"])
    tree = fast_start.pyscript_tree()
    assert code["runs"] == [[fast_start.pyscript_start(tree), True], [fast_start.page_script(), True]]


def test_the_real_snapshot_holds_every_pure_module_and_no_dom_glue():
    modules = fast_start.snapshot_modules()
    engine = [m for m in fast_start.our_modules() if m.startswith("boardgames")]
    assert set(engine) <= set(modules) and "webapp.state.session" in modules and "webapp.drawing.render" in modules
    assert "webapp.state.commands" in modules and "webapp.state.effects" in modules
    assert not {"webapp.main", "webapp.dom", "webapp.hook", "webapp.panels.game_panels"} & set(modules)


def test_the_build_is_reproducible_and_is_what_is_served(tmp_path):
    """Built again from the same runtime and sources, every fast file has the same bytes as
    the one `make vendor` put in vendor/fast/, and the manifest lists the served sources."""
    require_pyodide()
    served = os.path.join(ROOT, fast_start.OUTPUT)
    if not os.path.exists(os.path.join(served, fast_start.MANIFEST)):
        pytest.fail("vendor/fast/ is missing: run `make vendor`")
    manifest = fast_start.make(ROOT, out=str(tmp_path))
    assert sorted(os.listdir(tmp_path)) == sorted(os.listdir(served)), "run `make vendor`"
    for name in os.listdir(tmp_path):
        assert (tmp_path / name).read_bytes() == fast_start.read_bytes(os.path.join(served, name)), name
    assert {module_name(path.removeprefix("py/")) for path in manifest["sources"] if path.endswith(".py")} == \
        set(fast_start.snapshot_modules())
    assert {path for path in manifest["sources"] if not path.endswith(".py")} == set(fast_start.WARM_UP_DATA)
    for path, digest in manifest["sources"].items():
        assert digest == fast_start.sha256(fast_start.read_bytes(os.path.join(ROOT, path))), path
    assert manifest["environ"] and "PYTHONHASHSEED" not in manifest["environ"]
    with open(os.path.join(served, fast_start.MANIFEST)) as f:
        assert json.load(f) == manifest
