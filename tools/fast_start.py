"""Build the fast-start files in vendor/fast/ (run by tools/vendor.py, so by `make vendor`,
`make play` and `make test`):

- a memory snapshot of Pyodide with the standard modules we use and our pure modules
  already imported and the page's start-up code compiled (WARM_UP), made under Node by
  tools/build_fast.mjs, without its pages of zeros (`pack`) and gzipped: restoring it skips
  Python's initialisation and the compiling of those modules, the CPU-bound bulk of a start;
- Pyodide's wasm gzipped (9.6 MB -> 3.5 MB): a first visit's bytes;
- the page's stdlib zip (python_stdlib.zip): every standard module a start imports (what
  the snapshot holds) or the page's wheels need, compiled without docstrings (1.6 MB;
  Pyodide's zip of sources is 2.5 MB): a lean start compiles none;
  the snapshot is made over it, and interpreter.mjs fetches Pyodide's whole zip if a
  module left out of it is ever imported.  It is learned by a first snapshot made over
  the whole zip (build_fast.mjs reports the stdlib files loaded);
- start-code-*.json (`start_code`): what a first visit's snapshot, made in the browser
  before the page runs Python, needs beside the page's [files]: PyScript's package files
  and the Python the page will run through runPython (interpreter.mjs `madeHere`);
- manifest.json, tying them together: Pyodide's version and build id, each file's name
  (its content hash) and SHA-256, the SHA-256 of the stdlib zip the snapshot was made
  over (a restore needs it byte for byte) and the modules it leaves out, that of every
  source file the snapshot imported, which the loader compares with the files served (a
  snapshot of other sources is refused), and the recipe the snapshot was made by, which
  the browser follows to make its own (snapshot_maker.mjs).

`interpreter.mjs` (the `interpreter` of both PyScript configs) decides how to use them.
`python3 tools/fast_start.py --parts` prints what each part of the snapshot costs.
What the snapshot holds is derived, never listed by hand: all of py/boardgames; the
py/webapp modules that import neither the browser (`js`, `pyscript`, `pyodide`) nor,
through other modules of ours, anything that does; and every standard module that any of
our Python files or PyScript's own Python imports.  Once the snapshot is restored no
standard module is left to compile (the page imports none the snapshot lacks).
The build is reproducible: the same runtime and sources give the same bytes.
"""

import ast
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import struct
import subprocess
import tempfile
import zipfile

import build_sw
import sync_files

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("boardgames", "webapp")
BROWSER = {"js", "pyscript", "pyodide", "polyscript", "_pyscript"}
HOME = "/home/pyodide"  # Pyodide's working directory, where PyScript's [files] land
OUTPUT = os.path.join("vendor", "fast")
MANIFEST = "manifest.json"
PYSCRIPT_PYTHON = os.path.join("node_modules", "@pyscript", "core", "src", "stdlib", "pyscript")
# The dist bundle's source map holds, in this file, the Python package PyScript writes into
# the browser's file system at every start (its sources as PyScript ships them).
PYSCRIPT_ARTIFACT = "src/stdlib/pyscript.js"
PYSCRIPT_DIST = os.path.join("node_modules", "@pyscript", "core", "dist")
# Run in the snapshot after the imports: the page's own start-up code compiled
# (`webapp.precompiled`: the DOM modules and PyScript's package, which only the browser can
# import, at the paths the page reads them from); the rule book of the game a visit opens
# unless it asks for another (the first of GAME_IDS: its tables took 10-23 ms of a
# returning visit's thread), and the lessons and puzzles every start reads (5 ms).  Not
# all thirteen rule books: 0.8 MB more snapshot for games most visits never open.  A
# restore cannot hold more memory than Pyodide starts with (30 MB): build_fast.mjs stops
# if the imports and warm-up need more.
WARM_UP = """
from webapp import precompiled
precompiled.keep({{path: open(path, "rb").read() for path in {precompile!r}}})
from boardgames import GAME_IDS, get_game
from webapp.state import coach
get_game(GAME_IDS[0])
coach.all_lessons()
coach.all_puzzles()
"""
# The data files the warm-up reads (relative to the root): written for it as the sources
# are, and checked against the files served as they are (a changed file refuses the snapshot).
WARM_UP_DATA = ("py/boardgames/lessons.txt", "py/boardgames/puzzles.txt")
STDLIB = "python_stdlib.zip"
# Standard modules the page's stdlib keeps though no start imports them: zipfile's codec
# for the names in a zip (cp437), which Python looks up by name.
LATER_MODULES = ["encodings.cp437"]
WASM = "pyodide.asm.wasm"


def imported_names(path):
    """Absolute module names a Python file imports (anywhere in it)."""
    with open(path, encoding="utf-8") as f:
        return import_names(ast.walk(ast.parse(f.read(), path)))


def import_names(nodes):
    names = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def run_at_import(node):
    """The statements a module runs when imported: all but function bodies."""
    for child in ast.iter_child_nodes(node):
        if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield child
            yield from run_at_import(child)


def our_modules(root=ROOT):
    """{module name: source path relative to root} for every module the page loads (its
    [files]: tools/sync_files.py, which leaves out the package's host-only modules)."""
    found = {}
    for source, _folder in sync_files.python_files(PACKAGES, root=root):
        path = source.removeprefix("./")
        found[path.removeprefix("py/").removesuffix(".py").removesuffix("/__init__").replace("/", ".")] = path
    return found


def snapshot_modules(root=ROOT):
    """Our modules the snapshot imports: all of boardgames, and the webapp modules that
    reach no browser module through their own imports or those of our other modules."""
    modules = our_modules(root)
    imports = {m: imported_names(os.path.join(root, path)) for m, path in modules.items()}

    def ours(names):
        return {n for n in names if n in modules}

    impure = {m for m, names in imports.items() if {n.split(".")[0] for n in names} & BROWSER}
    changed = True
    while changed:  # a module importing an impure module of ours is impure too
        grown = {m for m, names in imports.items() if ours(names) & impure}
        changed = not grown <= impure
        impure |= grown
    pure = [m for m in modules if m not in impure]
    engine_impure = [m for m in impure if m.startswith("boardgames")]
    if engine_impure:
        raise RuntimeError(f"the engine imports the browser: {', '.join(sorted(engine_impure))}")
    return pure


def started_pyscript(package):
    """The files of PyScript's package (`pyscript_package`) that `import pyscript` runs:
    the closure of what each imports at import time (not in its functions)."""
    paths = {path.removesuffix(".py").removesuffix("/__init__").replace("/", "."): path for path in package}
    found, todo = set(), ["pyscript"]
    while todo:
        module = todo.pop()
        if module in paths and paths[module] not in found:
            found.add(paths[module])
            todo += import_names(run_at_import(ast.parse(package[paths[module]], paths[module])))
    return found


def pyscript_tree(root=ROOT):
    """The Python package PyScript writes at every start, as its dist bundle embeds it
    ({name: source text or a folder's tree}, in the bundle's order), from the source map."""
    dist = os.path.join(root, PYSCRIPT_DIST)
    for name in sorted(os.listdir(dist)):
        if not name.endswith(".js.map"):
            continue
        with open(os.path.join(dist, name)) as f:
            source_map = json.load(f)
        for source, content in zip(source_map["sources"], source_map.get("sourcesContent") or []):
            if source.endswith(PYSCRIPT_ARTIFACT) and content:
                return json.loads(content.split("export default", 1)[1].strip().removesuffix(";"))
    raise RuntimeError(f"no {PYSCRIPT_ARTIFACT} in {PYSCRIPT_DIST}/*.js.map")


def pyscript_package(root=ROOT):
    """{path under the home directory: source bytes} of the Python package PyScript writes
    at every start (`pyscript_tree`)."""
    return dict(_files(pyscript_tree(root), ""))


def _files(tree, folder):
    for name, value in tree.items():
        if isinstance(value, str):
            yield folder + name, value.encode("utf-8")
        else:
            yield from _files(value, f"{folder}{name}/")


def pyscript_start(tree):
    """The Python PyScript runs (runPythonAsync) before the page's script, which writes its
    package (`tree`) and imports it: its core.js builds this source from the same tree, and
    the build's snapshot keeps it compiled (snapshot.mjs KeptRuns; e2e/test_fast_start.py
    checks that a restore then parses none of it)."""
    lines = ["import os as _os", "from pathlib import Path as _Path", "_path = None"]

    def write(folder, node):
        for name, value in node.items():
            path = f"{folder}/{name}"
            lines.append(f'_path = _Path("{path}")')
            if isinstance(value, str):
                lines.append(f'_path.write_text({json.dumps(value, ensure_ascii=False)},encoding="utf-8")')
            else:
                lines.extend([f'if not _os.path.exists("{path}"):', "    _path.mkdir(parents=True, exist_ok=True)"])
                write(path, value)

    write(".", tree)
    lines.append("import pyscript as _pyscript")
    lines.extend(f"del {name}" for name in ("_Path", "_path", "_os", "_pyscript"))
    return "\n".join(lines + ["\n"])


def start_code(root=ROOT):
    """What a snapshot made in the browser before the page has run anything needs beside
    the page's [files] (interpreter.mjs, a first visit): PyScript's package files the recipe
    writes, and the Python the page will run through runPython, kept compiled (as the
    build's snapshot keeps them), as JSON: {"written": {path: text}, "runs": [[source, true], ...]}."""
    tree = pyscript_tree(root)
    package = dict(_files(tree, ""))
    written = {path: package[path].decode("utf-8") for path in sorted(started_pyscript(package))}
    runs = [[pyscript_start(tree), True], [page_script(root), True]]
    return json.dumps({"written": written, "runs": runs}, ensure_ascii=False, sort_keys=True).encode("utf-8")


def page_script(root=ROOT):
    """The code of the page's own <script type="py"> (index.html), as PyScript runs it."""
    with open(os.path.join(root, "index.html")) as f:
        found = re.search(r'<script type="py"[^>]*>(.*?)</script>', f.read(), re.S)
    if not found:
        raise RuntimeError("index.html has no <script type=\"py\"> with its code inline")
    return found.group(1)  # (one line: PyScript's dedenting leaves it as it is)


def stdlib_modules(stdlib_zip, root=ROOT):
    """Standard modules any of our Python files or PyScript's Python imports (the names,
    dotted or not, that the zip holds as a module or a package)."""
    sources = [os.path.join(root, path) for path in our_modules(root).values()]
    pyscript = os.path.join(root, PYSCRIPT_PYTHON)
    if os.path.isdir(pyscript):
        sources += [os.path.join(pyscript, n) for n in sorted(os.listdir(pyscript)) if n.endswith(".py")]
    wanted = {name for path in sources for name in imported_names(path)}
    with zipfile.ZipFile(stdlib_zip) as z:
        present = {re.sub(r"(/__init__)?\.py$", "", n).replace("/", ".") for n in z.namelist() if n.endswith(".py")}
    return sorted(name for name in wanted & present if name.split(".")[0] not in BROWSER)


def page_wheels(root=ROOT):
    """{path of each wheel the page imports from (vendor/wheels/): its top-level modules}:
    build_fast.mjs imports them after the snapshot, so that the page's stdlib zip keeps the
    standard modules they need."""
    folder = os.path.join(root, "vendor", "wheels")
    wheels = {}
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        with zipfile.ZipFile(os.path.join(folder, name)) as wheel:
            entries = wheel.namelist()
        wheels[os.path.join(folder, name)] = sorted(
            {entry.split("/")[0] for entry in entries if entry.count("/") == 1 and entry.endswith("/__init__.py")}
            | {entry[:-3] for entry in entries if "/" not in entry and entry.endswith(".py")})
    return wheels


def zip_modules(stdlib_zip):
    """The dotted names of the modules a stdlib zip (a path or a file object) holds, as
    sources or compiled."""
    with zipfile.ZipFile(stdlib_zip) as z:
        names = [n for n in z.namelist() if n.endswith((".py", ".pyc"))]
    return [re.sub(r"(/__init__)?\.pyc?$", "", n).replace("/", ".") for n in names]


def config_files(root=ROOT):
    """{"page": [...], "worker": [...]}: the [files] PyScript fetches for the page
    (pyscript.toml) and for the AI worker (worker.toml); the loader fetches them early."""
    page, worker = (build_sw.read_config(root, name) for name in build_sw.CONFIGS)
    return {"page": sorted(page.get("files", {})), "worker": sorted(worker.get("files", {}))}


PAGE = 4096  # the snapshot leaves out Python's memory pages that hold only zeros


def pack(memory):
    """The snapshot's bytes for a memory image: little-endian uint32 memory size and run
    count, each run's offset and length, then the runs' bytes (runs of pages that are not
    all zeros).  A third of the memory is zeros: the loader reads and copies less."""
    zero = bytes(PAGE)
    runs = []
    for at in range(0, len(memory), PAGE):
        if memory[at:at + PAGE] != zero[:len(memory) - at]:
            if runs and runs[-1][0] + runs[-1][1] == at:
                runs[-1][1] += min(PAGE, len(memory) - at)
            else:
                runs.append([at, min(PAGE, len(memory) - at)])
    header = struct.pack(f"<{2 + 2 * len(runs)}I", len(memory), len(runs), *(n for run in runs for n in run))
    return header + b"".join(memory[at:at + length] for at, length in runs)


def unpack(packed):
    """The memory image of `pack`'s bytes."""
    size, count = struct.unpack_from("<2I", packed)
    runs = struct.unpack_from(f"<{2 * count}I", packed, 8)
    memory = bytearray(size)
    at = 8 + 8 * count
    for offset, length in zip(runs[::2], runs[1::2]):
        memory[offset:offset + length] = packed[at:at + length]
        at += length
    return bytes(memory)


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def build_id(pyodide_dir):
    """The id Pyodide checks a snapshot against (a hash of its wasm and glue code)."""
    with open(os.path.join(pyodide_dir, "pyodide.mjs")) as f:
        found = re.search(r'BUILD_ID:"([0-9a-f]+)"', f.read())
    if not found:
        raise RuntimeError("no BUILD_ID in pyodide.mjs")
    return found.group(1)


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def snapshot(root, pyodide_dir, modules, stdlib=True, warm_up=True, stdlib_zip=None, later=None, compile_to=None):
    """(raw snapshot bytes, what build_fast.mjs printed with the recipe it followed) for
    `modules` of ours imported, with the standard modules we use (unless not `stdlib`) and
    the page's start-up code compiled (unless not `warm_up`), over `stdlib_zip` (default
    Pyodide's); `later` ({"wheels": `page_wheels`, "modules": [...]}): imported after the
    snapshot, to learn the stdlib's files they need, which build_fast.mjs compiles into a
    zip at `compile_to` if given.  The recipe (snapshot.mjs) goes into the manifest: the
    browser follows it to make the snapshot itself."""
    sources = our_modules(root)
    with tempfile.TemporaryDirectory() as work:
        # the snapshot's files, and those it compiles for the page: the DOM modules it
        # imports and PyScript's package
        files = {path.removeprefix("py/"): os.path.join(root, path) for path in (*sources.values(), *WARM_UP_DATA)}
        precompile = [sources[m].removeprefix("py/") for m in sources if m not in modules]
        tree = pyscript_tree(root)
        package = dict(_files(tree, ""))
        for path in started_pyscript(package):
            files[path] = os.path.join(work, path)
            os.makedirs(os.path.dirname(files[path]), exist_ok=True)
            with open(files[path], "wb") as f:
                f.write(package[path])
            precompile.append(path)
        precompile = sorted(f"{HOME}/{path}" for path in precompile)
        recipe = {
            "home": HOME,
            "written": sorted(files),
            "imports": (stdlib_modules(os.path.join(pyodide_dir, STDLIB), root) if stdlib else []) + modules,
            "warm_up": WARM_UP.format(precompile=precompile) if warm_up else "",
        }
        # what the page runs through runPython, kept compiled (as a first visit's snapshot keeps
        # them, from start_code; one made after a visit keeps what the visit ran)
        runs = json.loads(start_code(root))["runs"] if warm_up else []
        spec = {"pyodide": pyodide_dir + os.sep, "snapshot": os.path.join(work, "snapshot"), "files": files,
                "runs": runs, "stdlib": stdlib_zip or os.path.join(pyodide_dir, STDLIB), "later": later or {},
                "compile_to": compile_to, **recipe}
        spec_file = os.path.join(work, "spec.json")
        with open(spec_file, "w") as f:
            json.dump(spec, f)
        done = subprocess.run(["node", os.path.join(root, "tools", "build_fast.mjs"), spec_file],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"tools/build_fast.mjs failed:\n{done.stderr}")
        return read_bytes(spec["snapshot"]), {**json.loads(done.stdout), "recipe": recipe}


def make(root=ROOT, out=None):
    """Build the fast files from vendor/pyodide (the runtime as served) into `out`
    (default vendor/fast/); returns the manifest."""
    pyodide_dir = os.path.join(root, "vendor", "pyodide")
    out = out or os.path.join(root, OUTPUT)
    modules = snapshot_modules(root)
    whole = os.path.join(pyodide_dir, STDLIB)
    # first over Pyodide's whole stdlib, to learn which of its files the page needs (and
    # compile them); then over the zip of just those, which the page loads and a restore
    # must be given
    with tempfile.TemporaryDirectory() as work:
        stdlib_zip = os.path.join(work, STDLIB)
        _, learned = snapshot(root, pyodide_dir, modules, compile_to=stdlib_zip,
                              later={"wheels": page_wheels(root), "modules": LATER_MODULES})
        raw, built = snapshot(root, pyodide_dir, modules, stdlib_zip=stdlib_zip)
        stdlib = read_bytes(stdlib_zip)
    if built["modules"] != learned["modules"]:
        raise RuntimeError("the page's stdlib zip lacks a module a start imports")
    pages = pack(raw)
    wasm = read_bytes(os.path.join(pyodide_dir, WASM))
    sources = our_modules(root)
    files = {  # name pattern ({} is the start of the content's SHA-256), bytes
        "snapshot": ("snapshot-{}.gz", gzip.compress(pages, compresslevel=9, mtime=0)),
        "wasm": ("pyodide.asm-{}.wasm.gz", gzip.compress(wasm, compresslevel=9, mtime=0)),
        "start_code": ("start-code-{}.json", start_code(root)),
    }
    manifest = {
        "pyodide": built["version"],
        "build_id": build_id(pyodide_dir),
        "modules": built["modules"],
        "environ": built["environ"],
        "recipe": built["recipe"],
        # the page's stdlib (STDLIB in vendor/fast/, a fixed name: fetched before the manifest
        # is read) and the standard modules it leaves out (interpreter.mjs: fetched whole)
        "stdlib": {"file": STDLIB, "sha256": sha256(stdlib), "bytes": len(stdlib),
                   "left_out": sorted(set(zip_modules(whole)) - set(zip_modules(io.BytesIO(stdlib))))},
        "files": config_files(root),
        "sources": {path: sha256(read_bytes(os.path.join(root, path)))
                    for path in sorted([sources[m] for m in modules] + list(WARM_UP_DATA))},
    }
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    with open(os.path.join(out, STDLIB), "wb") as f:
        f.write(stdlib)
    for key, (pattern, data) in files.items():
        name = pattern.format(sha256(data)[:16])
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        manifest[key] = {"file": name, "sha256": sha256(data), "bytes": len(data)}
    # the loader keeps the unpacked snapshot in a cache of its own: no unpacking next time
    manifest["snapshot"].update(unpacked_sha256=sha256(pages), unpacked_bytes=len(pages), memory_bytes=len(raw))
    # (the loader unzips into one buffer of this size)
    manifest["wasm"]["unpacked_bytes"] = len(wasm)
    with open(os.path.join(out, MANIFEST), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
        f.write("\n")
    return manifest


def write(root=ROOT):
    """What `make vendor` runs: build the fast files, or say why not and leave none (the
    page then always starts the plain way)."""
    try:
        manifest = make(root)
    except (OSError, RuntimeError) as error:
        shutil.rmtree(os.path.join(root, OUTPUT), ignore_errors=True)
        print(f"fast_start: no fast-start files ({error}); the page starts the plain way")
        return None
    print(f"fast_start: {OUTPUT}/ holds a {manifest['snapshot']['bytes'] / 1e6:.1f} MB snapshot with "
          f"{len(manifest['modules'])} modules imported ({len(manifest['sources'])} of ours) and a "
          f"{manifest['wasm']['bytes'] / 1e6:.1f} MB gzipped wasm for first visits")
    return manifest


def parts(root=ROOT):
    """Print what each part of the snapshot costs: Pyodide's own initialised state, then
    each of what we add to it in turn, in bytes kept (pack) and gzipped."""
    pyodide_dir = os.path.join(root, "vendor", "pyodide")
    modules = snapshot_modules(root)
    engine = [m for m in modules if m.startswith("boardgames")]
    steps = [("Pyodide initialised", [], False, False), ("+ the standard modules we use", [], True, False),
             ("+ boardgames", engine, True, False), ("+ our pure webapp modules", modules, True, False),
             ("+ the page's start-up code compiled", modules, True, True)]
    print(f"{'snapshot':<38} {'kept MB':>8} {'gzipped MB':>11} {'modules':>8}")
    for title, imported, stdlib, warm_up in steps:
        raw, built = snapshot(root, pyodide_dir, imported, stdlib, warm_up)
        pages = pack(raw)
        print(f"{title:<38} {len(pages) / 1e6:8.2f} {len(gzip.compress(pages, compresslevel=9, mtime=0)) / 1e6:11.2f}"
              f" {len(built['modules']):8}", flush=True)


if __name__ == "__main__":
    import sys
    parts() if sys.argv[1:] == ["--parts"] else write()
