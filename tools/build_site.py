"""Write `site/`: exactly what the page needs, to copy to any static web host (under any
path: every address in the site is relative), and with `--zip`, `site.zip` of it for a
school with no internet (unzip on any machine that serves files over http).

What goes in: every file the page may request (tools/build_sw.py's `site_files`: page,
configs, Python files, style, icons, manifest, the vendored runtime and the fast-start
files), the boards' previews drawn afresh from the Python sources (tools/build_previews.py), the
Python files PyScript copies in one bundle (`bundle_python_files`), `sw.js` and a
`precache.js` written for the copied files.  Nothing else: no tests, tools, node_modules
or .git.  Run by `make site` (after `make vendor`); the e2e tests serve this folder.
"""

import hashlib
import json
import os
import shutil
import sys
import zipfile

import build_previews
import build_sw

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.join(ROOT, "site")
WORKER = "sw.js"


def build(site=SITE, root=ROOT):
    """Write the site folder (cleared first) from the sources in `root`; returns the paths
    in it, sorted."""
    shutil.rmtree(site, ignore_errors=True)
    previews = build_previews.OUTPUT + "/"
    for name in build_sw.site_files(root) + [WORKER]:
        if not name.startswith(previews):
            os.makedirs(os.path.join(site, os.path.dirname(name)), exist_ok=True)
            shutil.copy2(os.path.join(root, name), os.path.join(site, name))
    build_previews.write(site)
    bundle_python_files(site)
    list_engine_modules(site, root)
    build_sw.write(site)
    return sorted(os.path.relpath(os.path.join(folder, name), site).replace(os.sep, "/")
                  for folder, _, names in os.walk(site) for name in names)


def bundle_python_files(site=SITE):
    """Write the [files] of both PyScript configs (the fast-start manifest's lists) into one
    file of vendor/fast/ named after its bytes, and name it, with each file's path and size
    in order, in the site's manifest: the loader fetches that one file instead of seventy
    (a class page's embed starts 0.1-0.5 s sooner).  For site/ only: at the repository's
    root, where sources are edited, the loader fetches each file as it is served now.
    Returns the bundle's name, or None without fast-start files or files to bundle."""
    path = os.path.join(site, build_sw.FAST_MANIFEST)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        manifest = json.load(f)
    paths = sorted({name for listed in manifest.get("files", {}).values() for name in listed})
    if not paths:
        return None
    contents = []
    for name in paths:
        with open(os.path.join(site, name), "rb") as f:
            contents.append(f.read())
    data = b"".join(contents)
    digest = hashlib.sha256(data).hexdigest()
    bundle = f"files-{digest[:16]}.bin"
    with open(os.path.join(os.path.dirname(path), bundle), "wb") as f:
        f.write(data)
    manifest["bundle"] = {"file": bundle, "sha256": digest, "bytes": len(data),
                          "paths": [[name, len(content)] for name, content in zip(paths, contents)]}
    with open(path, "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
        f.write("\n")
    return bundle


# The script that starts the engine, and its line listing PyScript's modules a start
# loads (none at the repository's root).
START_SCRIPT = "start.js"
ENGINE_MODULES = "const ENGINE_MODULES = [];"


def list_engine_modules(site=SITE, root=ROOT):
    """Name in the site's start.js PyScript's modules a start loads (build_sw's
    `pyscript_start_modules`), so that a returning visit, and an embed's click where there
    is no offline copy, asks for them at once (all in by 0.12 s, not one after another
    until 0.4-0.6 s; the board live 10-25 ms sooner, medians of 16-30 interleaved visits).
    Their names change with PyScript's build, so they are listed here, for site/ only."""
    path = os.path.join(site, START_SCRIPT)
    if not os.path.exists(path):  # (a page without it: nothing to list)
        return
    with open(path) as f:
        script = f.read()
    if script.count(ENGINE_MODULES) != 1:
        sys.exit(f"build_site: {START_SCRIPT} has no line `{ENGINE_MODULES}` to fill")
    modules = json.dumps([f"./{name}" for name in build_sw.pyscript_start_modules(root)])
    with open(path, "w") as f:
        f.write(script.replace(ENGINE_MODULES, f"const ENGINE_MODULES = {modules};"))


def write_zip(site=SITE, path=None):
    """`site.zip` beside the folder: the site's files under `boardgames/`."""
    path = path or site + ".zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for folder, _, names in sorted(os.walk(site)):
            for name in sorted(names):
                full = os.path.join(folder, name)
                archive.write(full, os.path.join("boardgames", os.path.relpath(full, site)))
    return path


def main():
    files = build()
    size = sum(os.path.getsize(os.path.join(SITE, name)) for name in files)
    print(f"build_site: {len(files)} files, {size / 1e6:.1f} MB in site/")
    if "--zip" in sys.argv[1:]:
        print(f"build_site: {os.path.relpath(write_zip(), ROOT)}, {os.path.getsize(SITE + '.zip') / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
