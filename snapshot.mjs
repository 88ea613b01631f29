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

// Pyodide runs Python that JavaScript calls (event handlers, timers) on stacks of its own
// where the engine has JSPI (`WebAssembly.Suspending`).  Chromium 156's garbage collector,
// when it runs on such a stack, scans past the stack's end and the page's renderer crashes
// (docs/start-up.md).  Nothing of ours needs JSPI (no `run_sync`), and the build's Node has
// none: it is hidden before Pyodide looks for it (every Pyodide of ours imports this module),
// so the page runs Python as the build does, in every browser.
delete globalThis.WebAssembly?.Suspending;
delete globalThis.WebAssembly?.Suspender;

// After a restore: what the snapshot kept from the build must not show.  `random` gets
// fresh entropy (else every load plays the same computer games), the environment variables
// the build machine gave (manifest.environ) become those this browser gives a plain start,
// and sys.path loses the second "" a restore adds.
export const SETTLE = `
import os, random, sys
random.seed()
for name in build_environ:
    os.environ.pop(name, None)
os.environ.update(line.split("=", 1) for line in environ)
sys.path[:] = list(dict.fromkeys(sys.path))
`;

// The import of a standard module left out of the page's stdlib zip: Pyodide's whole zip
// is fetched (once, on this thread: an import cannot wait) and searched, with a warning on
// the console (the e2e tests fail on it, so that the build's list is whole).
export const LEFT_OUT = `
import sys
from importlib.machinery import PathFinder


class LeftOut:
    """Finds the standard modules left out of the page's stdlib zip in the whole one."""

    def __init__(self, names, fetch, whole="/lib/python_stdlib_whole.zip"):
        self.names, self.fetch, self.whole = frozenset(names), fetch, whole

    def find_spec(self, name, path=None, target=None):
        if name not in self.names:
            return None
        if self.whole not in sys.path:
            try:
                data = self.fetch(name).to_bytes()
            except Exception as error:
                raise ModuleNotFoundError(f"No module named {name!r} here: {error}", name=name) from None
            with open(self.whole, "wb") as f:
                f.write(data)
            sys.path.append(self.whole)
        package = name.rpartition(".")[0]
        if not package:
            return PathFinder.find_spec(name, [self.whole], target)
        inside = sys.modules[package].__path__
        if f"{self.whole}/{package.replace('.', '/')}" not in inside:
            inside.append(f"{self.whole}/{package.replace('.', '/')}")
        return PathFinder.find_spec(name, inside, target)


sys.meta_path.append(LeftOut(names, fetch))
`;

// Python every start runs through pyodide.runPython or runPythonAsync (SETTLE, LEFT_OUT,
// PyScript's own start and the page's script): a snapshot keeps it compiled, so that a start
// from it parses no Python source (the parser's WebAssembly is compiled on its first use,
// on the page's thread).  Pyodide's runPython and runPythonAsync call pyodide.code's
// eval_code and eval_code_async, which KeptRuns stands in for.
const KEPT_RUNS = `
import ast, sys
import pyodide.code


class KeptRuns:
    """pyodide.code's eval_code and eval_code_async: a source kept here runs from its code
    compiled when the snapshot was made; any other is compiled as before, and the first
    few are noted in \`compiled\` (the snapshot a browser makes keeps those of its visit)."""

    NOTED = 16

    def __init__(self):
        self.runners = {}  # (source, asynchronous) -> its CodeRunner, compiled
        self.compiled = []  # [source, asynchronous] compiled since the start
        self.eval_code, self.eval_code_async = pyodide.code.eval_code, pyodide.code.eval_code_async
        pyodide.code.eval_code, pyodide.code.eval_code_async = self.run, self.run_async

    def keep(self, runs):
        for source, asynchronous in runs:
            flags = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT if asynchronous else 0
            self.runners[source, asynchronous] = pyodide.code.CodeRunner(source, flags=flags).compile()

    def runner(self, source, asynchronous, options):
        runner = None if options else self.runners.get((source, asynchronous))
        if runner is None and len(self.compiled) < self.NOTED:
            self.compiled.append([source, asynchronous])
        return runner

    def run(self, source, globals=None, locals=None, **options):
        runner = self.runner(source, False, options)
        return runner.run(globals, locals) if runner else self.eval_code(source, globals, locals, **options)

    async def run_async(self, source, globals=None, locals=None, **options):
        runner = self.runner(source, True, options)
        if runner:
            return await runner.run_async(globals, locals)
        return await self.eval_code_async(source, globals, locals, **options)


sys.modules["_kept_runs"] = KeptRuns()
`;

/** The runs `pyodide` keeps compiled (KeptRuns, a proxy): its snapshot's, else set up now. */
export function keptRuns(pyodide) {
  const sys = pyodide.pyimport("sys"), modules = sys.modules;
  try {
    if (!modules.has("_kept_runs")) pyodide.runPython(KEPT_RUNS);
    return modules.get("_kept_runs");
  } finally {
    modules.destroy();
    sys.destroy();
  }
}

/** What every start runs (interpreter.mjs), as [source, asynchronous]: any snapshot keeps it. */
const STARTUP_RUNS = [[SETTLE, false], [LEFT_OUT, false]];

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
 * once `files` ({path under home: bytes}) are written, the recipe run and what the page runs
 * through runPython kept compiled (STARTUP_RUNS and `runs`, [source, asynchronous] each):
 * {snapshot: its bytes, modules: the modules it holds, environ: the names of the
 * environment variables Emscripten gave it (a restore replaces them by its own)}. */
export function makeSnapshot(pyodide, recipe, files, runs = []) {
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
  const kept = keptRuns(pyodide), wantedRuns = pyodide.toPy([...STARTUP_RUNS, ...runs]);
  kept.keep(wantedRuns);
  wantedRuns.destroy();
  kept.destroy();
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

/** A promise kept in a later task: work after it lets the page answer its reader between
 * (a start's parts each in a task of its own, none holding the page's thread long). */
export function nextTask() {
  return globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
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
    if (!ready) return realInstantiate.call(this, source, imports);
    // instantiating and Emscripten's linking, which follows, in tasks of their own
    await nextTask();
    const instance = await WebAssembly.instantiate(ready, imports);
    await nextTask();
    return { module: ready, instance };
  };
  return () => {
    globalThis.fetch = realFetch;
    WebAssembly.instantiateStreaming = realInstantiate;
  };
}
