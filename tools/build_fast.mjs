#!/usr/bin/env node
// Make the fast-start files from the pinned npm Pyodide, under Node, offline:
//
//   node tools/build_fast.mjs spec.json
//
// spec.json (written by tools/fast_start.py):
//   {"pyodide": "<node_modules/pyodide/>", "stdlib": "<out: precompiled stdlib zip>",
//    "snapshot": "<out: memory snapshot>", "home": "/home/pyodide",
//    "files": {"boardgames/core.py": "<abs path>", ...}, "imports": ["json", "boardgames", ...]}
//
// 1. The stdlib zip: every module of Pyodide's python_stdlib.zip compiled by Pyodide's own
//    Python into an unchecked hash-based .pyc (zip times mean nothing), the .py left out,
//    other files kept, in a zip with fixed times and order (same input, same bytes).
// 2. The memory snapshot: a fresh Pyodide on that zip, our modules written where PyScript's
//    [files] puts them (relative to the home directory), the listed modules imported,
//    then `makeMemorySnapshot()`.  Nothing of `js` is imported (a snapshot may only hold
//    JS objects reachable from globalThis).  Prints {"modules": [...], "environ": [...]}:
//    the modules the snapshot holds, and the names of the environment variables it got.

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const COMPILE_STDLIB = `
import importlib.util, io, marshal, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def compile_stdlib(source_zip, archive_path):
    """The bytes of a zip like source_zip with each .py replaced by its unchecked .pyc.
    Code objects carry the file name the .py would have had inside the mounted archive."""
    out = io.BytesIO()
    with zipfile.ZipFile(source_zip) as src, zipfile.ZipFile(out, "w") as dst:
        for name in sorted(src.namelist()):
            data = src.read(name)
            if name.endswith(".py"):
                code = compile(data, f"{archive_path}/{name}", "exec", dont_inherit=True)
                data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                name += "c"
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = (0o40755 << 16) | 0x10 if name.endswith("/") else 0o644 << 16
            info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            dst.writestr(info, data, compresslevel=9)
    return out.getvalue()

compile_stdlib
`;

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
  const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")));
  const quiet = { stdout: () => {}, stderr: (line) => process.stderr.write(line + "\n") };

  const compiler = await loadPyodide({ indexURL, ...quiet });
  const [major, minor] = compiler.runPython("import sys; sys.version_info[:2]").toJs();
  const archive = `/lib/python${major}${minor}.zip`;  // where Pyodide mounts the stdlib zip
  const compile = compiler.runPython(COMPILE_STDLIB);
  const zipped = compile(archive, archive).toJs();
  compile.destroy();
  fs.writeFileSync(spec.stdlib, zipped);

  // "./this.program" is what a browser gives sys.executable; Node would give this script.
  const pyodide = await loadPyodide({
    indexURL, ...quiet, stdLibURL: spec.stdlib, _makeSnapshot: true, _sysExecutable: "./this.program",
  });
  for (const [dest, source] of Object.entries(spec.files)) {
    const target = `${spec.home}/${dest}`;
    pyodide.FS.mkdirTree(path.posix.dirname(target));
    pyodide.FS.writeFile(target, fs.readFileSync(source));
  }
  const importAll = pyodide.runPython(IMPORT_ALL);
  const modules = importAll(pyodide.toPy(spec.imports)).toJs();
  importAll.destroy();
  pyodide.runPython("import random; random.seed(0)");  // reseeded after every restore
  fs.writeFileSync(spec.snapshot, pyodide.makeMemorySnapshot());
  // The variables Emscripten gave Python here: the loader replaces them by the browser's.
  const environ = pyodide._module.getEnvStrings().map((line) => line.split("=")[0]);
  process.stdout.write(JSON.stringify({ modules, environ }) + "\n");
}

main().catch((error) => fail(error.stack || String(error)));
