"""Copy the pinned runtime (Pyodide core, PyScript dist) from node_modules into vendor/,
patched so that a page whose storage is refused still starts and Pyodide links its wasm in
less time (tools/patch_runtime.py).

The page loads everything from its own origin: vendor/ is git-ignored and rebuilt from
the versions pinned in package-lock.json (`npm ci` puts them in node_modules/).  Then it
draws the boards' previews (tools/build_previews.py, which lists the runtime's sizes),
builds the fast-start files into vendor/fast/ (tools/fast_start.py: a memory snapshot of
Python with our modules imported, made under Node) and writes the service worker's
precache list (tools/build_sw.py), which depends on all of them.  The small pure-Python
wheels the page loads when it needs them (PAGE_WHEELS: the QR encoder) are downloaded from
PyPI once, checked against their pinned SHA-256, kept in .cache/wheels/ (tools/wheels.py)
and copied into vendor/wheels/.  The icons index.html names come from the npm package lucide-static
(tools/icons.py writes them into vendor/icons/icons.css), and live play's QR decoder from the npm
package jsqr into vendor/jsqr/.
"""

import os
import shutil
import sys

import build_previews
import build_sw
import fast_start
import i18n
import icons
import patch_runtime
from wheels import cached_wheel

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json"]


# wheel file -> SHA-256: pure-Python wheels from PyPI the page imports from our origin
# the QR decoder the page's Scan loads where the browser has no BarcodeDetector (npm jsqr)
QR_READER = "jsQR.js"
PAGE_WHEELS = {"segno-1.6.6-py3-none-any.whl": "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7"}


def fetch_wheels(destination):
    """Copy each pinned page wheel into `destination`."""
    os.makedirs(destination, exist_ok=True)
    for name, digest in PAGE_WHEELS.items():
        shutil.copy2(cached_wheel(name, digest), os.path.join(destination, name))
    print(f"vendor: {len(PAGE_WHEELS)} pure-Python wheel(s) in vendor/wheels/")


def copy_tree(src, dst, keep):
    os.makedirs(dst, exist_ok=True)
    copied = 0
    for name in sorted(os.listdir(src)):
        path = os.path.join(src, name)
        if os.path.isfile(path) and keep(name):
            shutil.copy2(path, os.path.join(dst, name))
            copied += 1
    return copied


def main():
    modules = os.path.join(ROOT, "node_modules")
    pyodide = os.path.join(modules, "pyodide")
    pyscript = os.path.join(modules, "@pyscript", "core", "dist")
    for folder in (pyodide, pyscript):
        if not os.path.isdir(folder):
            sys.exit(f"vendor: {folder} is missing; run `npm ci` first")
    vendor = os.path.join(ROOT, "vendor")
    shutil.rmtree(vendor, ignore_errors=True)
    n = copy_tree(pyodide, os.path.join(vendor, "pyodide"), lambda name: name in PYODIDE_FILES)
    if n != len(PYODIDE_FILES):
        sys.exit(f"vendor: expected {len(PYODIDE_FILES)} Pyodide files, found {n}")
    m = copy_tree(pyscript, os.path.join(vendor, "pyscript"), lambda name: not name.endswith(".map"))
    jsqr = os.path.join(modules, "jsqr")
    copy_tree(os.path.join(jsqr, "dist"), os.path.join(vendor, "jsqr"), lambda name: name == QR_READER)
    copy_tree(jsqr, os.path.join(vendor, "jsqr"), lambda name: name == "LICENSE")  # (Apache-2.0 asks it kept beside)
    print(f"vendor: {n} Pyodide files and {m} PyScript files in vendor/")
    patched = patch_runtime.patch_folder(os.path.join(vendor, "pyscript"))
    print(f"vendor: patched {patched} copies of idb-map for refused storage (tools/patch_runtime.py)")
    patch_runtime.patch_pyodide_glue(os.path.join(vendor, "pyodide", "pyodide.asm.mjs"))
    print("vendor: patched Pyodide's glue to link only the exports its wasm asks for, wrap JS functions once per "
          "signature and compile as it streams in (tools/patch_runtime.py)")
    fetch_wheels(os.path.join(vendor, "wheels"))
    icons.write(ROOT)
    i18n.load_babel(cached_wheel(*i18n.BABEL))
    i18n.compile_all(os.path.join(vendor, "locale"))
    fast_start.write(ROOT)
    build_previews.write(ROOT)  # they list the runtime's sizes; the service worker keeps them
    build_sw.write(ROOT)


if __name__ == "__main__":
    main()
