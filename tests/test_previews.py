"""The boards' previews (tools/build_previews.py) and the site folder (tools/build_site.py):
every board either way up, painted with CSS variables that both themes define and that
give exactly the page's drawing; the site holds what the page needs and nothing else."""

import json
import re
import xml.etree.ElementTree as ET
import zipfile

import pytest

import build_previews
import build_site
import build_sw
from helpers import SITE
from webapp.drawing.layout import Layout, board_cells
from webapp.state.session import Session

VARIABLE = re.compile(r"var\((--board-[\w-]+)\)")


@pytest.fixture(scope="module")
def previews(tmp_path_factory):
    root = tmp_path_factory.mktemp("root")
    (root / "vendor" / "pyodide").mkdir(parents=True)
    (root / "vendor" / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0" * build_previews.BIG_FILE)
    (root / "vendor" / "pyodide" / "pyodide.mjs").write_text("small")
    written = build_previews.write(str(root))
    text = (root / "previews" / build_previews.DATA).read_text()
    data = json.loads(text[text.index("{"):text.rindex("}") + 1])
    return root, written, data


def test_every_board_has_a_preview_either_way_up(previews):
    root, written, data = previews
    keys = [key for key, _, _ in build_previews.boards()]
    assert set(data["boards"]) == set(keys) and "vault-size6" in keys and "vault-size12" in keys
    assert sorted(written) == sorted([f"previews/{k}{end}.svg" for k in keys for end in ("", "-flipped")]
                                     + ["previews/previews.js"])
    for key, game_id, options in build_previews.boards():
        upright, flipped = ((root / "previews" / f"{key}{end}.svg").read_text() for end in ("", "-flipped"))
        assert upright != flipped
        svg = ET.fromstring(upright)
        game = Session(game_id, options=options).game
        assert data["boards"][key]["aspect"] == Layout.aspect(board_cells(game))
        assert data["boards"][key]["setup"] == game.fen(game.new())
        width, height = map(float, svg.get("viewBox").split()[2:])
        assert height / width == pytest.approx(data["boards"][key]["aspect"], abs=1e-3)
    assert data["default"] == "vut" and data["games"]["vault"]["options"]["size"]["default"] == 10
    assert data["games"]["tablut"]["status"] == "Black to move"
    assert data["runtime"] == {"vendor/pyodide/pyodide.asm.wasm": build_previews.BIG_FILE}


def test_the_progress_bar_counts_the_runtime_files_a_first_visit_downloads(tmp_path):
    """The gzipped wasm and the page's stdlib, not the plain wasm, Pyodide's whole stdlib or
    the build's snapshot (which a first visit that may store never downloads)."""
    big = b"\0" * build_previews.BIG_FILE
    for name in ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip", "vendor/pyodide/pyodide.asm.mjs",
                 "vendor/fast/pyodide.asm-0123.wasm.gz", "vendor/fast/python_stdlib.zip", "vendor/fast/snapshot-4567.gz"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(big)
    (tmp_path / "vendor/fast/manifest.json").write_text("{}")
    assert sorted(build_previews.runtime_sizes(str(tmp_path))) == [
        "vendor/fast/pyodide.asm-0123.wasm.gz", "vendor/fast/python_stdlib.zip", "vendor/pyodide/pyodide.asm.mjs"]


def test_both_themes_define_every_colour_the_previews_use(previews):
    root, written, data = previews
    used = set()
    for path in written:
        used |= set(VARIABLE.findall((root / path).read_text()))
    assert used and used <= set(data["colours"]["light"]) and used <= set(data["colours"]["dark"])


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_preview_in_a_theme_is_the_page_drawing_in_that_theme(previews, theme):
    """Replacing each variable by the theme's colour gives what render.py draws with it."""
    root, written, data = previews
    colours = data["colours"][theme]
    for name in ("uos-flipped", "vault-size8", "vut-cylindrical"):
        text = (root / "previews" / f"{name}.svg").read_text()
        resolved = VARIABLE.sub(lambda m: colours[m.group(1)], text)
        key = name.removesuffix("-flipped")
        game_id, options = next((g, o) for k, g, o in build_previews.boards() if k == key)
        assert build_previews.draw_preview(Session(game_id, options=options), name.endswith("flipped"),
                                           theme) == resolved


def test_the_site_holds_exactly_what_the_page_needs(tmp_path):
    root, site = tmp_path / "root", tmp_path / "site"
    for name, text in {**SITE, "sw.js": "// worker", "tests/test_x.py": "", "tools/x.py": "",
                       "node_modules/x/y.js": "", "README.md": ""}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    files = build_site.build(str(site), str(root))
    previews = [path for path in files if path.startswith("previews/")]
    assert len(previews) == 2 * len(list(build_previews.boards())) + 1
    assert sorted(set(files) - set(previews)) == sorted(
        build_sw.site_files(str(root)) + ["precache.js", "sw.js"])
    text = (site / "precache.js").read_text()
    data = json.loads(text[text.index("{"):text.rindex("}") + 1])
    kept = data["files"] + data["either"]
    assert sorted(kept) == sorted(f"./{path}" for path in set(build_sw.precache_files(str(site)) + build_sw.wasm_forms(str(site))))
    # (the build's snapshot is for contexts refused storage, which keep nothing)
    assert set(files) - {path.removeprefix("./") for path in kept} == {"precache.js", "sw.js", "vendor/fast/snapshot-0123.gz"}
    archive = build_site.write_zip(str(site), str(tmp_path / "site.zip"))
    with zipfile.ZipFile(archive) as z:
        assert sorted(z.namelist()) == sorted(f"boardgames/{path}" for path in files)
