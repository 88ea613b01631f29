#!/usr/bin/env node
// Make the fast-start files from the pinned npm Pyodide, under Node, offline:
//
//   node tools/build_fast.mjs spec.json
//
// spec.json (written by tools/fast_start.py):
//   {"pyodide": "<node_modules/pyodide/>", "snapshot": "<out: memory snapshot>",
//    "stdlib": "<the stdlib zip>", "compile_to": "<out: its files the page needs, compiled>" or
//    null, "later": {"wheels": {"<wheel>": ["segno"]}, "modules": [...]}, and the recipe (snapshot.mjs):
//    "home": "/home/pyodide", "files": {"boardgames/core.py": "<abs path>", ...},
//    "imports": ["json", "boardgames", ...], "warm_up": "<Python code run after the imports>"},
//    and "runs": [[source, asynchronous], ...], what the page runs through runPython, kept compiled
//
// A fresh Pyodide (on the stdlib zip given, which a restore must be given again byte for
// byte), our modules written where PyScript's [files] puts them (relative to the home
// directory), the listed modules imported, the warm-up code run, freed memory zeroed, then
// `makeMemorySnapshot()`.  Nothing of `js`
// is imported (a snapshot may only hold JS objects reachable from globalThis).  Prints
// {"version": ..., "modules": [...], "environ": [...], "stdlib_files": [...]}: Pyodide's
// version, the modules the snapshot holds, the names of the environment variables
// Emscripten gave it, and the files of the stdlib zip the page needs (see LATER).

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { makeSnapshot } from "../snapshot.mjs";

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

// After the snapshot: what the page imports later (the wheels it loads, from where it puts
// them, and the standard modules named) is imported too; the files of every standard
// module loaded then are the stdlib the page needs (tools/fast_start.py).  With `compile_to`
// they are compiled, here where the page's Python version is, into a zip of .pyc files
// (unchecked hash-based, the same bytes every build): a start then compiles no standard
// module (1-1.5 s of a first visit).  They are compiled as \`python -OO\` would, without
// docstrings and asserts: the page never reads a standard module's docstring, and they
// cost 0.3 MB of the zip's 1.8 and room in every snapshot.
const LATER = `
import importlib, importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

for path, names in wheels.items():
    sys.path.insert(0, path)
    for name in names:
        importlib.import_module(name)
for name in modules:
    importlib.import_module(name)
stdlib = next(path for path in sys.path if path.endswith(".zip"))
files = sorted({module.__file__[len(stdlib) + 1:] for module in list(sys.modules.values())
                if (getattr(module, "__file__", None) or "").startswith(stdlib + "/")})
if compile_to:
    with zipfile.ZipFile(stdlib) as source, zipfile.ZipFile(compile_to, "w") as compiled:
        for name in files:
            data = source.read(name)
            code = compile(data, f"{stdlib}/{name}", "exec", dont_inherit=True, optimize=2)
            info = zipfile.ZipInfo(name + "c", date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            compiled.writestr(info, bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)),
                              compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
files
`;

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
    indexURL, ...quiet, _makeSnapshot: true, _sysExecutable: "./this.program", stdLibURL: spec.stdlib,
  });
  const files = Object.fromEntries(Object.entries(spec.files).map(([dest, source]) => [dest, fs.readFileSync(source)]));
  const { snapshot, modules, environ } = makeSnapshot(pyodide, spec, files, spec.runs);
  fs.writeFileSync(spec.snapshot, snapshot);
  const wheels = {};
  for (const [source, names] of Object.entries(spec.later.wheels ?? {})) {
    const target = `/tmp/${path.basename(source)}`;
    pyodide.FS.writeFile(target, fs.readFileSync(source));
    wheels[target] = names;
  }
  const compileTo = spec.compile_to ? "/tmp/compiled_stdlib.zip" : null;
  const globals = pyodide.toPy({ wheels, modules: spec.later.modules ?? [], compile_to: compileTo });
  const stdlibFiles = pyodide.runPython(LATER, { globals }).toJs();
  if (compileTo) fs.writeFileSync(spec.compile_to, pyodide.FS.readFile(compileTo));
  process.stdout.write(JSON.stringify({ version, modules, environ, stdlib_files: stdlibFiles }) + "\n");
}

main().catch((error) => fail(error.stack || String(error)));
