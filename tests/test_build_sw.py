"""The service worker's precache list and cache name (tools/build_sw.py), the web app
manifest and its icons."""

import hashlib
import json
import os
import re
import struct
import sys

import pytest

from helpers import SITE

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import build_sw  # noqa: E402

@pytest.fixture
def site(tmp_path):
    for name, text in SITE.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_precache_lists_the_page_its_configs_python_files_and_the_runtime(site):
    assert build_sw.precache_files(str(site)) == [
        "icons/icon-192.png", "icons/icon.svg", "index.html", "interpreter.mjs", "manifest.webmanifest",
        "py/boardgames/ai.py", "py/boardgames/core.py", "py/webapp/main.py", "py/webapp/state/session.py",
        "pyscript.toml", "snapshot.mjs", "snapshot_maker.mjs", "vendor/fast/manifest.json",
        "vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.mjs",
        "vendor/pyscript/core-ABC.js", "vendor/pyscript/core.js", "worker.toml"]


def test_the_wasm_is_kept_in_one_of_its_two_forms_the_gzipped_one_first_and_the_snapshot_not(site):
    """The build's snapshot is served (to contexts refused storage), never kept: a page that
    may keep files makes its own (snapshot_maker.mjs)."""
    only_site = set(build_sw.site_files(str(site))) - set(build_sw.precache_files(str(site)))
    assert only_site == {"vendor/fast/pyodide.asm-4567.wasm.gz", "vendor/fast/snapshot-0123.gz"}
    assert build_sw.wasm_forms(str(site)) == ["vendor/fast/pyodide.asm-4567.wasm.gz", "vendor/pyodide/pyodide.asm.wasm"]
    text = build_sw.render(str(site))
    data = json.loads(text[text.index("{"):text.rindex("}") + 1])
    assert data["either"] == ["./vendor/fast/pyodide.asm-4567.wasm.gz", "./vendor/pyodide/pyodide.asm.wasm"]
    assert not set(data["either"]) & set(data["files"])


def test_site_keeps_the_python_files_in_one_bundle_that_the_offline_copy_keeps_in_their_place(site):
    """tools/build_site.py bundles the files both configs copy (the manifest's lists), in
    path order, names the bundle after its bytes and lists each file's path and size in
    the manifest; the offline copy keeps the bundle instead of the files, which the site
    still serves (a plain start asks for them one by one)."""
    import build_site

    (site / "vendor/fast/manifest.json").write_text(json.dumps({"files": {
        "page": ["./py/boardgames/core.py", "./py/webapp/state/session.py"],
        "worker": ["./py/boardgames/ai.py", "./py/boardgames/core.py"]}}))
    (site / "py/boardgames/ai.py").write_text("# the search\n")
    name = build_site.bundle_python_files(str(site))
    data = (site / "vendor/fast" / name).read_bytes()
    assert data == b"# the search\nX = 1"
    assert name == f"files-{hashlib.sha256(data).hexdigest()[:16]}.bin"
    listed = json.loads((site / "vendor/fast/manifest.json").read_text())["bundle"]
    assert listed == {"file": name, "sha256": hashlib.sha256(data).hexdigest(), "bytes": 18,
                      "paths": [["./py/boardgames/ai.py", 13], ["./py/boardgames/core.py", 5],
                                ["./py/webapp/state/session.py", 0]]}
    kept = build_sw.precache_files(str(site))
    assert f"vendor/fast/{name}" in kept and "py/webapp/main.py" in kept  # (the page's script, not in [files])
    assert not {"py/boardgames/ai.py", "py/boardgames/core.py", "py/webapp/state/session.py"} & set(kept)
    assert {"py/boardgames/ai.py", "py/boardgames/core.py", "py/webapp/state/session.py"} <= set(
        build_sw.site_files(str(site)))


def test_without_fast_start_files_the_rest_is_precached(site):
    for name in os.listdir(site / "vendor/fast"):
        os.remove(site / "vendor/fast" / name)
    os.rmdir(site / "vendor/fast")
    assert not [name for name in build_sw.precache_files(str(site)) if "fast" in name]
    assert "vendor/pyodide/pyodide.asm.wasm" in build_sw.precache_files(str(site))
    assert build_sw.wasm_forms(str(site)) == ["vendor/pyodide/pyodide.asm.wasm"]


@pytest.mark.parametrize("name", ["py/boardgames/core.py", "vendor/pyodide/pyodide.asm.wasm",
                                  "index.html", "worker.toml", "icons/icon-192.png", "interpreter.mjs",
                                  "snapshot_maker.mjs", "vendor/fast/pyodide.asm-4567.wasm.gz"])
def test_any_change_to_a_precached_file_makes_a_new_cache(site, name):
    before = build_sw.render(str(site))
    assert build_sw.render(str(site)) == before  # same bytes, same name
    with open(site / name, "ab") as f:
        f.write(b" ")
    after = build_sw.render(str(site))
    name_of = lambda text: re.search(r'"cache": "(boardgames-[0-9a-f]{16})"', text).group(1)  # noqa: E731
    assert name_of(after) != name_of(before)


def test_files_not_precached_do_not_change_the_cache(site):
    before = build_sw.render(str(site))
    (site / "py/webapp/unlisted.py").write_text("changed")
    (site / "vendor/pyscript/xterm-XYZ.js").write_text("changed")
    (site / "vendor/fast/snapshot-0123.gz").write_text("changed")
    assert build_sw.render(str(site)) == before


def test_a_listed_file_that_is_missing_is_an_error(site):
    os.remove(site / "py/webapp/state/session.py")
    with pytest.raises(SystemExit, match="py/webapp/state/session.py"):
        build_sw.precache_files(str(site))


def test_written_file_is_what_the_service_worker_imports(site):
    build_sw.write(str(site))
    text = (site / build_sw.OUTPUT).read_text()
    data = json.loads(text[text.index("{"):text.rindex("}") + 1])
    assert data["files"][0] == "./icons/icon-192.png" and len(data["files"]) == 17 and len(data["either"]) == 2
    with open(os.path.join(ROOT, "sw.js")) as f:
        worker = f.read()
    assert f'importScripts("./{build_sw.OUTPUT}")' in worker
    assert f'const PREFIX = "{build_sw.CACHE_PREFIX}"' in worker
    with open(os.path.join(ROOT, ".gitignore")) as f:
        assert build_sw.OUTPUT in f.read().split()


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
    return struct.unpack(">II", head[16:24])


def test_the_manifest_makes_the_site_installable():
    with open(os.path.join(ROOT, "manifest.webmanifest")) as f:
        manifest = json.load(f)
    assert manifest["name"] and manifest["short_name"] and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./index.html"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    sizes = {}
    for icon in manifest["icons"]:
        path = os.path.join(ROOT, icon["src"])
        assert os.path.isfile(path), icon["src"]
        if icon["type"] == "image/png":
            width, height = png_size(path)
            sizes[icon["sizes"]] = (width, height)
    assert sizes == {"192x192": (192, 192), "512x512": (512, 512)}
    with open(os.path.join(ROOT, "index.html")) as f:
        assert '<link rel="manifest" href="./manifest.webmanifest">' in f.read()


def test_the_png_icons_are_drawings_of_the_svg():
    import make_icons
    with open(make_icons.SVG) as f:
        rows = make_icons.raster(f.read(), 192)
    with open(os.path.join(ROOT, "icons", "icon-192.png"), "rb") as f:
        assert f.read() == make_icons.png(rows), "run `python3 tools/make_icons.py`"
    pixel = lambda x, y: tuple(rows[y][4 * x:4 * x + 4])  # noqa: E731 - RGBA at 3 px per SVG unit
    assert pixel(0, 0)[3] == 0  # rounded corner: transparent
    assert pixel(54, 138) == (0x2b, 0x2b, 0x2b, 255)  # the black man at (18, 46)
    assert pixel(138, 54) == (0xfb, 0xfa, 0xf5, 255)  # the white man at (46, 18)
    assert pixel(96, 40) == (0xc9, 0xa9, 0x78, 255)  # the board between the squares


# A PyScript dist: | file | what it imports ("a" statically, "(b)" at run time) |
PYSCRIPT_DIST = """
core.js              | core-1.js
core-1.js            | (toml-2.js) (plugin-3.js) (codemirror-4.js) (zip-5.js)
toml-2.js            | toml-6.js
plugin-3.js          | core-1.js (terminal-7.js)
codemirror-4.js      |
zip-5.js             |
toml-6.js            |
terminal-7.js        |
"""


def test_the_pyscript_modules_a_start_loads_are_its_core_and_the_kept_modules_the_core_loads(tmp_path):
    """What the site's start.js asks for at once on a returning visit: the core, what it
    imports at run time that the site keeps, and their static imports; not what a plugin
    loads when used (e2e/test_offline.py checks the list against what PyScript asks for)."""
    folder = tmp_path / "vendor" / "pyscript"
    folder.mkdir(parents=True)
    for line in PYSCRIPT_DIST.strip().splitlines():
        name, imports = (field.strip() for field in line.split("|"))
        code = "".join(f'import("./{n[1:-1]}");' if n.startswith("(") else f'import{{x}}from"./{n}";'
                       for n in imports.split())
        (folder / name).write_text(code)
    assert build_sw.pyscript_start_modules(str(tmp_path)) == [
        f"vendor/pyscript/{name}" for name in ("core.js", "core-1.js", "toml-2.js", "plugin-3.js", "toml-6.js")]
