"""Write `precache.js`: what the service worker (`sw.js`) keeps for offline use, and the
name of the cache it keeps it in.

Why a committed `sw.js` plus a generated `precache.js` (and not a generated `sw.js`): the
worker's logic stays a real, reviewed file in git, and only data is generated.  The data
depends on `vendor/` (git-ignored, rebuilt by `make vendor`), so `tools/vendor.py` calls
`write()` right after copying the runtime; `precache.js` is git-ignored too.  A missing
`precache.js` only makes the worker's installation fail (`importScripts` throws), and the
page, which registers the worker with a `.catch`, works online as before.  The browser
byte-compares imported scripts on its update checks (the page registers with
`updateViaCache: "none"`), so a new `precache.js` installs a new worker.

The cache is named after a SHA-256 over every precached file's path and bytes: change any
byte of any of them and `make vendor` gives a new cache name, the new worker fills that
cache and, once active, deletes the old ones.
"""

import hashlib
import json
import os
import re
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = "precache.js"
PAGE = "index.html"
MANIFEST = "manifest.webmanifest"
CONFIGS = ("pyscript.toml", "worker.toml")  # the page's and the AI worker's PyScript configs
CACHE_PREFIX = "boardgames-"
PREVIEWS = "previews"  # the boards' pictures start.js shows before Python runs (tools/build_previews.py)
# PyScript chunks for features the page does not use (code editor, terminal, MicroPython,
# archives in [files], graph plots, its own service worker) and its optional CSS: never
# requested, so not worth 1 MB of every visitor's storage.  e2e/test_offline.py checks
# that everything the page and the AI worker request is precached.
UNUSED_PYSCRIPT = re.compile(r"^(codemirror|xterm|mpy-|zip-|pyodide_graph|storage\.js$"
                             r"|service-worker\.js$)|\.(css|map)$")
# Pyodide's wasm comes in two forms (interpreter.mjs fetches one): the service worker takes
# the form the visit fetched (in the browser's HTTP cache), so it fetches neither again,
# the gzipped one (6 MB less) if it holds both or neither; and keeps it plain (sw.js).
PLAIN_WASM = "vendor/pyodide/pyodide.asm.wasm"
FAST_MANIFEST = "vendor/fast/manifest.json"  # the fast-start files' (tools/fast_start.py)
# The AI worker's script, which the page starts by its path (py/webapp/main.py), not from
# the bundle of [files]: kept offline on its own too.
WORKER_SCRIPT = "py/webapp/worker/ai_worker.py"
GZIPPED_WASM = re.compile(r"^vendor/fast/pyodide\.asm-[0-9a-f]+\.wasm\.gz$")
# Served, never kept offline: the pseudo-language (tools/i18n.py) is for tests; the build's
# snapshot is for contexts refused storage (through the HTTP cache): a page that may keep
# files makes its own snapshot from what it fetched (snapshot_maker.mjs); Pyodide's whole
# stdlib is for a plain start (after a failure) and a module left out of the page's
# (vendor/fast/python_stdlib.zip): offline, those fail with the reason on the page.
NOT_KEPT = re.compile(r"^vendor/locale/qps\.|^vendor/fast/snapshot-[0-9a-f]+\.gz$|^vendor/pyodide/python_stdlib\.zip$")


def page_references(root):
    """Local files the page names: its script, style sheet, icon, manifest, Python
    script and PyScript config."""
    with open(os.path.join(root, PAGE)) as f:
        html = f.read()
    return re.findall(r'\b(?:src|href|config)="\./([^"?#]+)"', html)


def manifest_icons(root):
    path = os.path.join(root, MANIFEST)
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [icon["src"].removeprefix("./") for icon in json.load(f).get("icons", [])]


def read_config(root, name):
    """One of the site's PyScript configs, parsed; None where the site has none."""
    path = os.path.join(root, name)
    if not os.path.exists(path):
        return None
    with open(path, "rb") as f:
        return tomllib.load(f)


def config_files(root):
    """The configs themselves, the interpreter module they name (interpreter.mjs) and the
    Python files their [files] tables copy."""
    found = []
    for name in CONFIGS:
        config = read_config(root, name)
        if config is not None:
            found.append(name)
            if config.get("interpreter", "").startswith("./"):
                found += module_closure(root, config["interpreter"].removeprefix("./"))
            found += [src.removeprefix("./") for src in config.get("files", {})]
    return found


def module_closure(root, module):
    """A JavaScript module of the site and the site's modules it names ("./x.mjs"),
    theirs in turn (the interpreter's helpers)."""
    found, todo = [], [module]
    while todo:
        name = os.path.normpath(todo.pop())
        if name in found or not os.path.isfile(os.path.join(root, name)):
            continue
        found.append(name)
        with open(os.path.join(root, name)) as f:
            todo += [os.path.join(os.path.dirname(name), ref) for ref in re.findall(r'"\./([\w-]+\.mjs)"', f.read())]
    return found


def pyscript_start_modules(root):
    """PyScript's modules a start loads, as the site's paths: `core.js`, its core chunk,
    the modules that chunk imports at run time and the site keeps (its plugins, its TOML
    reader; not its editor's or terminal's parts), and what each imports statically."""
    folder = os.path.join(root, "vendor", "pyscript")

    def named(name, pattern):
        with open(os.path.join(folder, name)) as f:
            return [found for found in re.findall(pattern, f.read()) if not UNUSED_PYSCRIPT.search(found)]

    static, dynamic = r'(?:from|import)\s*"\./([\w-]+\.js)"', r'import\("\./([\w-]+\.js)"\)'
    chunks = named("core.js", static)
    found, todo = [], ["core.js", *chunks, *(name for chunk in chunks for name in named(chunk, dynamic))]
    while todo:
        name = todo.pop(0)
        if name not in found:
            found.append(name)
            todo += named(name, static)
    return [f"vendor/pyscript/{name}" for name in found]


def vendor_files(root):
    """The runtime, and the fast-start files (tools/fast_start.py) when they were built:
    precached once the board is ready, they make every later start fast."""
    found = []
    for folder, keep in (("pyodide", lambda name: True),
                         ("pyscript", lambda name: not UNUSED_PYSCRIPT.search(name)),
                         ("fast", lambda name: True),
                         ("locale", lambda name: True),  # every language's texts (tools/i18n.py)
                         ("jsqr", lambda name: True),  # live play's QR decoder (loaded on Scan)
                         ("wheels", lambda name: name.endswith(".whl"))):
        path = os.path.join(root, "vendor", folder)
        if folder in ("fast", "wheels", "locale", "jsqr") and not os.path.isdir(path):
            continue
        if not os.path.isdir(path):
            sys.exit(f"build_sw: {path} is missing; run `make vendor`")
        found += [f"vendor/{folder}/{name}" for name in sorted(os.listdir(path))
                  if keep(name) and os.path.isfile(os.path.join(path, name))]
    return found


def preview_files(root):
    path = os.path.join(root, PREVIEWS)
    return [f"{PREVIEWS}/{name}" for name in sorted(os.listdir(path))] if os.path.isdir(path) else []


def site_files(root=ROOT):
    """Paths (relative to the site root, sorted) of every file the page, the AI worker and
    the service worker may request: what a copy of the site must hold."""
    files = {PAGE}
    for name in (page_references(root) + manifest_icons(root) + config_files(root) + vendor_files(root)
                 + preview_files(root)):
        files.add(os.path.normpath(name))
    missing = [name for name in files if not os.path.isfile(os.path.join(root, name))]
    if missing:
        sys.exit(f"build_sw: missing files to precache: {', '.join(sorted(missing))}")
    return sorted(files)


def precache_files(root=ROOT):
    """Paths (relative to the site root, sorted) of every file the worker keeps: the site's
    files but NOT_KEPT and the Python files kept in the bundle of them (`bundled_files`),
    with the wasm's two forms (`wasm_forms`) counted once."""
    bundled = bundled_files(root) - {WORKER_SCRIPT}
    return [name for name in site_files(root)
            if not NOT_KEPT.search(name) and not GZIPPED_WASM.search(name) and name not in bundled]


def bundled_files(root=ROOT):
    """The Python files the fast-start manifest's bundle holds (tools/build_site.py): the
    loader takes them from it, so the offline copy keeps them there only."""
    path = os.path.join(root, FAST_MANIFEST)
    if not os.path.exists(path):
        return set()
    with open(path) as f:
        bundle = json.load(f).get("bundle")
    return {os.path.normpath(name) for name, _ in bundle["paths"]} if bundle else set()


def wasm_forms(root=ROOT):
    """The forms of Pyodide's wasm the site serves, the one to keep if the visit fetched
    neither first: [gzipped, plain], or [plain] without the fast-start files."""
    return [name for name in site_files(root) if GZIPPED_WASM.search(name)] + [PLAIN_WASM]


def cache_name(root, files):
    digest = hashlib.sha256()
    for name in files:
        with open(os.path.join(root, name), "rb") as f:
            data = f.read()
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return CACHE_PREFIX + digest.hexdigest()[:16]


def render(root=ROOT, files=None):
    """precache.js: `files` to keep, of which `either` (the wasm's forms) one only."""
    files = files or precache_files(root)
    either = wasm_forms(root)
    data = {"cache": cache_name(root, sorted(set(files) | set(either))),
            "files": ["./" + name for name in files if name not in either],
            "either": ["./" + name for name in either]}
    return ("// Written by tools/build_sw.py (make vendor): what sw.js keeps for offline use.\n"
            f"self.PRECACHE = {json.dumps(data, indent=1)};\n")


def write(root=ROOT):
    files = precache_files(root)
    with open(os.path.join(root, OUTPUT), "w") as f:
        f.write(render(root, files))
    size = sum(os.path.getsize(os.path.join(root, name)) for name in files)
    print(f"build_sw: {OUTPUT} precaches {len(files)} files, {size / 1e6:.1f} MB")


if __name__ == "__main__":
    write()
