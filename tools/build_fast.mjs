#!/usr/bin/env node
// Make the fast-start files from the pinned npm Pyodide, under Node, offline:
//
//   node tools/build_fast.mjs spec.json
//
// spec.json (written by tools/fast_start.py):
//   {"pyodide": "<node_modules/pyodide/>", "snapshot": "<out: memory snapshot>",
//    "home": "/home/pyodide", "files": {"boardgames/core.py": "<abs path>", ...},
//    "imports": ["json", "boardgames", ...], "warm_up": "<Python code run after the imports>"}
//
// A fresh Pyodide (on its own python_stdlib.zip, which a restore must be given again byte
// for byte), our modules written where PyScript's [files] puts them (relative to the home
// directory), the listed modules imported, the warm-up code run, freed memory zeroed, then
// `makeMemorySnapshot()`.  Nothing of `js`
// is imported (a snapshot may only hold JS objects reachable from globalThis).  Prints
// {"version": ..., "modules": [...], "environ": [...]}: Pyodide's version, the modules the
// snapshot holds, and the names of the environment variables Emscripten gave it.

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const IMPORT_ALL = `
import importlib, sys

def import_all(names):
    for name in names:
        importlib.import_module(name)
    importlib.invalidate_caches()
    return sorted(sys.modules)

import_all
`;

// The same inputs must give the same bytes, but a snapshot keeps what Python read from the
// clock and the system's random source while it started (file times, mimalloc's keys):
// during the build both are fixed.  (random's own state is reseeded after every restore.)
function reproducible() {
  const epoch = Date.UTC(1980, 0, 1);
  Date.now = () => epoch;
  let clock = 0;
  performance.now = () => (clock += 1);
  let state = 0x9e3779b9;
  crypto.randomFillSync = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      bytes[i] = state >>> 24;
    }
    return view;
  };
}

// Python's freed memory (this Pyodide's objects all come from malloc) still holds what it
// held, compiled code and parse trees: the snapshot would carry it, so it is overwritten
// with zeros, which cost little once gzipped (0.3 MB less).  Every free byte is allocated,
// zeroed and freed again, malloc being kept from taking memory beyond what Pyodide started
// with.
function zeroFreeMemory(module) {
  const footprint = module._malloc_footprint();
  const room = module.HEAP8.length - module._sbrk(0);
  module._malloc_set_footprint_limit(footprint + room);
  const blocks = [];
  for (let size = 1 << 20; size >= 8; size >>= 1) {
    for (let at = module._malloc(size); at; at = module._malloc(size)) {
      module.HEAPU8.fill(0, at, at + size);
      blocks.push(at);
    }
  }
  for (const at of blocks) module._free(at);
  module._malloc_set_footprint_limit(-1);  // no limit, as before
}

function fail(message) {
  process.stderr.write(`build_fast: ${message}\n`);
  process.exit(1);
}

async function main() {
  if (process.argv.length !== 3) fail("usage: node tools/build_fast.mjs spec.json");
  const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  globalThis.fetch = async (url) => {
    throw new Error(`build_fast is offline, refused to fetch ${url}`);
  };
  reproducible();
  const indexURL = spec.pyodide.endsWith(path.sep) ? spec.pyodide : spec.pyodide + path.sep;
  const { loadPyodide, version } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")));
  const quiet = { stdout: () => {}, stderr: (line) => process.stderr.write(line + "\n") };

  // "./this.program" is what a browser gives sys.executable; Node would give this script.
  const pyodide = await loadPyodide({
    indexURL, ...quiet, _makeSnapshot: true, _sysExecutable: "./this.program",
  });
  // A restore puts the snapshot into the memory Pyodide's wasm starts with: it must not grow.
  const memory = pyodide._module.HEAP8.length;
  for (const [dest, source] of Object.entries(spec.files)) {
    const target = `${spec.home}/${dest}`;
    pyodide.FS.mkdirTree(path.posix.dirname(target));
    pyodide.FS.writeFile(target, fs.readFileSync(source));
  }
  const importAll = pyodide.runPython(IMPORT_ALL);
  const modules = importAll(pyodide.toPy(spec.imports)).toJs();
  importAll.destroy();
  pyodide.runPython(spec.warm_up, { globals: pyodide.toPy({}) });
  pyodide.runPython("import random; random.seed(0)");  // reseeded after every restore
  if (pyodide._module.HEAP8.length > memory) {
    fail(`the imports and warm-up grew Python's memory from ${memory} to ${pyodide._module.HEAP8.length} ` +
         "bytes: a restore could not hold it (import or warm up less)");
  }
  zeroFreeMemory(pyodide._module);
  fs.writeFileSync(spec.snapshot, pyodide.makeMemorySnapshot());
  // The variables Emscripten gave Python here: the loader replaces them by the browser's.
  const environ = pyodide._module.getEnvStrings().map((line) => line.split("=")[0]);
  process.stdout.write(JSON.stringify({ version, modules, environ }) + "\n");
}

main().catch((error) => fail(error.stack || String(error)));
