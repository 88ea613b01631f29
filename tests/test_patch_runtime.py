"""The runtime patch (tools/patch_runtime.py): PyScript's bundled idb-map, run by Node
with an IndexedDB that refuses to open (as in a cross-site frame), must neither throw nor
leave a rejection unhandled, and its synchronous map must keep working in memory.  The
same script run on the unpatched bundle shows the bug, so the test can fail.  Pyodide's
patched glue, started under Node, runs Python as the shipped one does with a table
thousands of slots smaller."""

import glob
import json
import os
import re
import shutil
import subprocess

import pytest

import patch_runtime

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUNDLES = glob.glob(os.path.join(ROOT, "node_modules", "@pyscript", "core", "dist", "core-*.js"))
WORKER_BLOB = "new Blob([\"/*@*/\"+'"  # the AI worker's code, inlined in the bundle as a string
SYNC_MAP_HEAD = re.compile(r"class (\w+) extends Map\{#\w+;#\w+;constructor\(\.\.\.\w+\)\{super\(\),this\.#\w+=new (\w+)\(")

# An IndexedDB whose open request fails the way a browser's does: an "error" Event
# dispatched on the request, its `onerror` called with the request as `this`.
REFUSING_INDEXEDDB = """
const problems = [];
process.on("uncaughtException", (e) => problems.push("thrown: " + (e.code || e.message)));
process.on("unhandledRejection", (e) => problems.push("unhandled: " + e));
globalThis.indexedDB = { open() {
  const request = new EventTarget();
  request.addEventListener("error", (event) => request.onerror(event));
  setTimeout(() => request.dispatchEvent(new Event("error")));
  return request;
} };
(async () => {
  new IDBMap("@pyscript.fs");  // what PyScript's fs.js does at import, and never uses
  const cache = new IDBMapSync("packages");  // polyscript's package cache
  let started = true;
  try {
    await cache.sync();
    cache.set("numpy", "1.0");
    cache.clear();
    cache.set("key", "value");
    await cache.close();
  } catch (e) { started = false; }
  await new Promise((done) => setTimeout(done, 50));
  console.log(JSON.stringify({ started, value: cache.get("key") ?? null, problems }));
})();
"""


def idb_map_library(bundle_text):
    """The idb-map code at the head of the worker's inlined script, with its two classes
    exposed as IDBMap and IDBMapSync."""
    start = bundle_text.index(WORKER_BLOB) + len(WORKER_BLOB)
    match = SYNC_MAP_HEAD.search(bundle_text, start)
    end = bundle_text.index("}}const ", match.start()) + 2  # the class's end
    return bundle_text[start:end] + f";const IDBMap={match.group(2)},IDBMapSync={match.group(1)};"


def run_in_node(bundle_text, tmp_path):
    script = tmp_path / "idb.mjs"
    script.write_text(idb_map_library(bundle_text) + REFUSING_INDEXEDDB)
    out = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60)
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def pristine():
    if shutil.which("node") is None or len(BUNDLES) != 1:
        pytest.fail("node and node_modules/@pyscript/core are required (make test installs them)")
    with open(BUNDLES[0], encoding="utf-8") as f:
        return f.read()


def test_the_pinned_bundle_breaks_when_storage_is_refused(pristine, tmp_path):
    result = run_in_node(pristine, tmp_path)
    assert not result["started"]
    assert any("ERR_EVENT_RECURSION" in p for p in result["problems"]), result  # "already being dispatched"
    assert any(p.startswith("unhandled") for p in result["problems"]), result


def test_the_patched_bundle_keeps_a_memory_store_and_stays_quiet(pristine, tmp_path):
    patched, copies = patch_runtime.patch_text(pristine)
    assert copies == 2  # the page's copy and the worker's
    assert run_in_node(patched, tmp_path) == {"started": True, "value": "value", "problems": []}


def test_a_bundle_with_other_idb_map_code_stops_the_build(pristine):
    changed = pristine.replace("this.dispatchEvent(e)}", "this.dispatchEvent(e);}", 1)
    with pytest.raises(ValueError, match="copies of idb-map"):
        patch_runtime.patch_text(changed)


# Pyodide started under Node from `folder` (its glue, wasm and stdlib): the size of its
# wasm's table once started, the wasm modules it compiled, the tasks it waited for (a
# browser's scheduler.yield, counted), and what a little Python printed.
START_PYODIDE = """
let yields = 0;
globalThis.scheduler = { yield: () => { yields++; return new Promise((resolve) => setTimeout(resolve, 0)); } };
const { loadPyodide } = await import(process.argv[2] + "/pyodide.mjs");
let modules = 0;  // wasm modules compiled (the wasm itself, and any wrapper of a JS function)
const RealModule = WebAssembly.Module;
WebAssembly.Module = new Proxy(RealModule, { construct(target, args) { modules++; return new target(...args); } });
const pyodide = await loadPyodide({ indexURL: process.argv[2] + "/" });
const out = pyodide.runPython("import json, hashlib; json.dumps([sorted([3, 1, 2]), hashlib.sha256(b'x').hexdigest()])");
console.log(JSON.stringify({ table: pyodide._module.wasmTable.length, modules, yields, out: JSON.parse(out) }));
"""


def start_pyodide(folder, tmp_path):
    script = tmp_path / "start.mjs"
    script.write_text(START_PYODIDE)
    out = subprocess.run(["node", str(script), folder], capture_output=True, text=True, timeout=120)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_patched_glue_links_only_the_exports_asked_for_and_python_runs(tmp_path):
    stock = os.path.join(ROOT, "node_modules", "pyodide")
    patched = tmp_path / "pyodide"
    shutil.copytree(stock, patched, ignore=lambda folder, names: [n for n in names if n.endswith(".map")])
    patch_runtime.patch_pyodide_glue(str(patched / "pyodide.asm.mjs"))
    before, after = start_pyodide(stock, tmp_path), start_pyodide(str(patched), tmp_path)
    expected = [[1, 2, 3], "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881"]
    assert before["out"] == after["out"] == expected
    # every export had a table slot; now only those the wasm's imports asked for
    assert after["table"] < before["table"] - 4000, (before, after)
    # a wrapper module was compiled for each JS function in the table, now one for each signature
    assert before["modules"] > 200 and after["modules"] < before["modules"] / 4, (before, after)
    assert (patched / "pyodide.asm.mjs").read_text().startswith(patch_runtime.COMPILE_HINT + "\n")
    # linking in tasks, not one (two yields always, more every 8 ms)
    assert before["yields"] == 0 and after["yields"] >= 2, (before, after)


@pytest.mark.parametrize("code, what", [
    ("", "link its exports"),
    ("assignWasmExports(wasmExports);updateGOT(origExports);LDSO.x();", "link its exports"),
    (patch_runtime.EVERY_EXPORT + "var module=new WebAssembly.Module(other);", "wrap JS functions"),
    (patch_runtime.EVERY_EXPORT + patch_runtime.WRAPPER_MODULE, "link in one go"),
], ids=["none", "other linking", "other wrapper", "other receiveInstance"])
def test_the_glue_patch_stops_the_build_on_other_code(tmp_path, code, what):
    glue = tmp_path / "pyodide.asm.mjs"
    glue.write_text(f"var x=1;{code}")
    with pytest.raises(SystemExit, match=f"does not {what} as expected"):
        patch_runtime.patch_pyodide_glue(str(glue))
