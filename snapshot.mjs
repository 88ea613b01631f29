// Making a memory snapshot of Pyodide with our modules imported: one recipe for the build
// (tools/build_fast.mjs, under Node) and for the browser (snapshot_maker.mjs, which makes
// the snapshot a returning visit restores, in the reader's browser, from what the visit
// already fetched).
//
// The recipe (tools/fast_start.py writes it into vendor/fast/manifest.json):
//   {home: Pyodide's working directory, where PyScript's [files] land,
//    written: the files, relative to home, written before the imports,
//    imports: the modules imported, warm_up: Python code run after them}.
// Nothing of `js` is imported (a snapshot may only hold JS objects reachable from
// globalThis).

const IMPORT_ALL = `
import importlib, sys

def import_all(names):
    for name in names:
        importlib.import_module(name)
    importlib.invalidate_caches()
    return sorted(sys.modules)

import_all
`;

/** The snapshot of `pyodide` (started with `_makeSnapshot: true`, nothing else run in it)
 * once `files` ({path under home: bytes}) are written and the recipe run:
 * {snapshot: its bytes, modules: the modules it holds, environ: the names of the
 * environment variables Emscripten gave it (a restore replaces them by its own)}. */
export function makeSnapshot(pyodide, recipe, files) {
  // A restore puts the snapshot into the memory Pyodide's wasm starts with: it must not grow.
  const memory = pyodide._module.HEAP8.length;
  for (const [dest, bytes] of Object.entries(files)) {
    const target = `${recipe.home}/${dest}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, bytes);
  }
  const importAll = pyodide.runPython(IMPORT_ALL);
  const wanted = pyodide.toPy(recipe.imports);
  const modules = importAll(wanted).toJs();
  wanted.destroy();
  importAll.destroy();
  const globals = pyodide.toPy({});
  pyodide.runPython(recipe.warm_up, { globals });
  globals.destroy();
  pyodide.runPython("import random; random.seed(0)");  // reseeded after every restore
  if (pyodide._module.HEAP8.length > memory) {
    throw new Error(`the imports and warm-up grew Python's memory from ${memory} to ` +
                    `${pyodide._module.HEAP8.length} bytes: a restore could not hold it (import or warm up less)`);
  }
  zeroFreeMemory(pyodide._module);
  const environ = pyodide._module.getEnvStrings().map((line) => line.split("=")[0]);
  return { snapshot: pyodide.makeMemorySnapshot(), modules, environ };
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

const PAGE = 4096;  // the pages left out of a packed snapshot hold only zeros

/** The packed form of a snapshot (tools/fast_start.py `pack`, which the build uses: the
 * same bytes): little-endian uint32 memory size and run count, each run's offset and
 * length, then the runs' bytes (runs of pages that are not all zeros). */
export function pack(memory) {
  const runs = [];
  const words = new Uint32Array(memory.buffer, memory.byteOffset, Math.floor(memory.byteLength / 4));
  for (let at = 0; at < memory.length; at += PAGE) {
    const end = Math.min(at + PAGE, memory.length);
    let zero = true;
    for (let word = at / 4; zero && word < Math.floor(end / 4); word++) zero = words[word] === 0;
    for (let byte = Math.floor(end / 4) * 4; zero && byte < end; byte++) zero = memory[byte] === 0;
    if (zero) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === at) last[1] += end - at;
    else runs.push([at, end - at]);
  }
  const header = 8 + 8 * runs.length;
  const packed = new Uint8Array(header + runs.reduce((sum, [, length]) => sum + length, 0));
  const view = new DataView(packed.buffer);
  view.setUint32(0, memory.length, true);
  view.setUint32(4, runs.length, true);
  let from = header;
  runs.forEach(([at, length], run) => {
    view.setUint32(8 + 8 * run, at, true);
    view.setUint32(12 + 8 * run, length, true);
    packed.set(memory.subarray(at, at + length), from);
    from += length;
  });
  return packed;
}

/** The SHA-256 of `bytes`, in hex. */
export async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Until the returned function is called, Pyodide takes `module` (a promise of its wasm,
 * compiled while other work went on: Pyodide itself compiles it only once it has its
 * snapshot) instead of fetching and compiling `wasmURL`; if the module failed, Pyodide
 * fetches and compiles the wasm as usual (it hangs rather than fails when its wasm does
 * not instantiate). */
export function instantiateFrom(module, wasmURL) {
  const realFetch = globalThis.fetch, realInstantiate = WebAssembly.instantiateStreaming;
  const compiled = module.catch(() => null);
  globalThis.fetch = function (resource, init) {
    if (String(resource instanceof Request ? resource.url : resource) !== wasmURL) {
      return realFetch.call(this, resource, init);
    }
    return compiled.then((ready) => (ready ? new Response(null) : realFetch.call(this, resource, init)));
  };
  WebAssembly.instantiateStreaming = async function (source, imports) {
    const ready = await compiled;
    return ready ? { module: ready, instance: await WebAssembly.instantiate(ready, imports) }
      : realInstantiate.call(this, source, imports);
  };
  return () => {
    globalThis.fetch = realFetch;
    WebAssembly.instantiateStreaming = realInstantiate;
  };
}
