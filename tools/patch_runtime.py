"""Patch the vendored runtime: PyScript, so that a page whose storage is refused still
starts; Pyodide's glue, so that it links its wasm in less of the page's time.

PyScript:

Why: a cross-site <iframe> (a class page on another site framing ours) gets no storage in
browsers that block third-party storage (Debian's Chromium, Safari, school-managed
machines).  PyScript 0.7.31 bundles `@webreflection/idb-map` 0.3.2, and two of its uses
break the start there:

- polyscript's Pyodide engine opens an IndexedDB package cache (`IDBMapSync`) and awaits
  `storage.sync()` before it loads Pyodide, even with no packages to cache; when
  `indexedDB.open` fails, `sync()` rejects with the error Event and Python never starts
  ("[object Event]");
- idb-map's `onerror` handler calls `this.dispatchEvent(event)`, but `this` is the
  IDBOpenDBRequest that is dispatching that very event, so it throws "Failed to execute
  'dispatchEvent' on 'EventTarget': The event is already being dispatched"; and PyScript's
  `fs.js` opens such a store at import, leaving its rejected promise unhandled.

The patch makes the store optional, as a cache should be: the open error only rejects
(no re-dispatch), the rejection is marked handled, and `IDBMapSync` keeps working as an
in-memory map whose writes are dropped when IndexedDB is refused or a write fails.  Every
copy of idb-map in the bundle (the page's and the worker's) is patched; the build stops
if the bundle's code is not the one this patch was written for (a new PyScript version:
check whether upstream fixed it, then update or drop the patch).

Pyodide (`pyodide.asm.mjs`, Emscripten's glue): once its wasm is instantiated, Emscripten's
dynamic linker gives every one of the 8,560 symbols it exports an entry in the global
offset table, a function one a slot in the wasm's table (`updateGOT`), for a shared library
loaded later that might ask for it.  Our pages load none (no binary wheel), and a library
that does asks through its own imports: the linker makes those entries then
(`GOTHandler`, `reportUndefinedSymbols`).  The patch fills at start only the entries the
wasm's own imports asked for: the table holds 8,992 slots instead of 14,174, and linking
(`receiveInstance`) took 57-87 ms of the page's thread in six returning visits instead of
73-128 ms (docs/log/benchmarks.md).  The build's snapshot is byte for byte the same either way
(no slot of those shows in Python's memory).  The build stops if the glue no longer has
that code.  Two more: Emscripten wraps each JS function the linker puts in the wasm's table
in a tiny wasm module of its own, compiled on the spot (260 of them, 9-31 ms); the patch
compiles one for each signature and instantiates it for each function.  And the glue starts
with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136 and later;
a comment elsewhere), so that its functions are compiled while the file streams in, not
`_createPyodideModule`'s 1.2 MB at its first call on the page's thread (the call's first
part took 37-53 ms instead of 74-99 ms, first visits).  Last, linking is split into tasks
(`receiveInstance` awaits the next task after the wasm's exports are converted, while it
maps the wasm's table, before the JS functions are wrapped and put in the table, and
every 8 ms while it does), so that no part of it holds the page's thread for long: its
one task of 50-80 ms (in a phone's Lighthouse run, 60 ms observed) became tasks of under
15 ms (docs/start-up.md).
"""

import os
import re
import sys

# idb-map's IDBMap constructor: the open request's onerror re-dispatches its own event.
REDISPATCH = re.compile(r"onerror\((\w+)\)\{(\w+)\(\1\),this\.dispatchEvent\(\1\)\}")
# ... and the promise of the database, rejected when the open fails, has no handler.
DATABASE = re.compile(r'(this\.#(\w+)=new Promise\(\(\w+,\w+\)=>\{\w+\(indexedDB\.open\(.{0,800}?'
                      r'startsWith\("on"\)&&\(\w+\[\w+\]=\w+\);return \w+\}\))')
# idb-map's IDBMapSync, whole: a Map mirrored into an IDBMap through a promise queue.
SYNC_MAP = re.compile(
    r"class (\w+) extends Map\{#(\w+);#(\w+);constructor\(\.\.\.(\w+)\)\{super\(\),"
    r"this\.#\2=new (\w+)\(\.\.\.\4\),this\.#\3=this\.#\2\.entries\(\)\.then\((\w+)=>\{"
    r"for\(const\[(\w+),(\w+)\]of \6\)super\.set\(\7,\8\)\}\)\}"
    r"async close\(\)\{await this\.#\3,await this\.#\2\.close\(\)\}"
    r"async sync\(\)\{await this\.#\3\}"
    r"clear\(\)\{return this\.#\3=this\.#\3\.then\(\(\)=>this\.#\2\.clear\(\)\),super\.clear\(\)\}"
    r"delete\((\w+)\)\{return this\.#\3=this\.#\3\.then\(\(\)=>this\.#\2\.delete\(\9\)\),super\.delete\(\9\)\}"
    r"set\((\w+),(\w+)\)\{return this\.#\3=this\.#\3\.then\(\(\)=>this\.#\2\.set\(\10,\11\)\),"
    r"super\.set\(\10,\11\)\}\}")
# The same class, tolerant: no store (refused) or a failed write leaves the map in memory.
TOLERANT_SYNC_MAP = (  # long names: the bundle's own are one or two letters
    "class {name} extends Map{{#store;#queue;constructor(...options){{super(),"
    "this.#store=new {store}(...options),this.#queue=this.#store.entries()"
    ".then(entries=>{{for(const[key,value]of entries)super.set(key,value)}})"
    ".catch(()=>{{this.#store=null}})}}"
    "#then(operation){{return this.#queue=this.#queue"
    ".then(()=>this.#store&&operation(this.#store)).catch(()=>{{}})}}"
    "async close(){{await this.#then(store=>store.close())}}async sync(){{await this.#queue}}"
    "clear(){{return this.#then(store=>store.clear()),super.clear()}}"
    "delete(key){{return this.#then(store=>store.delete(key)),super.delete(key)}}"
    "set(key,value){{return this.#then(store=>store.set(key,value)),super.set(key,value)}}}}")
# Emscripten's wrapper of a JS function for the wasm's table: a tiny wasm module made and
# compiled for each function (260 while linking) ...
WRAPPER_MODULE = "var module=new WebAssembly.Module(bytes);"
# ... compiled once for each signature (the bytes differ only by it), instantiated for each.
WRAPPER_MODULE_ONCE = ("var compiled=convertJsFunctionToWasm.compiled??=new Map;var signature=bytes.join();"
                       "var module=compiled.get(signature);if(!module){module=new WebAssembly.Module(bytes);"
                       "compiled.set(signature,module)}")
# V8's explicit compile hint: every function of the file compiled as the file is streamed in,
# off the page's thread, instead of `_createPyodideModule` (the whole 1.2 MB glue) lazily
# at its first call, on it.
COMPILE_HINT = "//# allFunctionsCalledOnLoad"
# Emscripten's linking, in one go once the wasm is instantiated (`receiveInstance`) ...
LINKING = (("function receiveInstance(instance,module){", "async function receiveInstance(instance,module){"),
           ("wasmExports=applySignatureConversions(wasmExports);",
            "wasmExports=applySignatureConversions(wasmExports);await boardgamesNextTask();"),
           # (the map of the wasm's table, which the first addFunction would make in one go)
           ("assignWasmExports(wasmExports);",
            "assignWasmExports(wasmExports);functionsInTableMap=new WeakMap;"
            "for(var at=0,since=performance.now();at<wasmTable.length;at+=512){"
            "updateTableMap(at,Math.min(512,wasmTable.length-at));"
            "if(performance.now()-since>8){await boardgamesNextTask();since=performance.now()}}"),
           ("LDSO.init();loadDylibs();", "LDSO.init();await boardgamesNextTask();await loadDylibs();"),
           ("var reportUndefinedSymbols=()=>{for(var[symName,entry]of Object.entries(GOT)){if(entry.value==-1){",
            "var reportUndefinedSymbols=async()=>{var since=performance.now();"
            "for(var[symName,entry]of Object.entries(GOT)){"
            "if(performance.now()-since>8){await boardgamesNextTask();since=performance.now()}"
            "if(entry.value==-1){"),
           ("if(!dynamicLibraries.length){reportUndefinedSymbols();return}",
            "if(!dynamicLibraries.length){await reportUndefinedSymbols();return}"),
           ('reportUndefinedSymbols();removeRunDependency("loadDylibs")',
            'await reportUndefinedSymbols();removeRunDependency("loadDylibs")'),
           ("var exports=receiveInstantiationResult(result);return exports}",
            "var exports=await receiveInstantiationResult(result);return exports}"))
# ... in tasks of at most about 8 ms: what the page does meanwhile (nothing of Pyodide's
# runs until the instantiation's promise, which awaits linking, is kept).
NEXT_TASK = ("var boardgamesNextTask=()=>globalThis.scheduler?.yield?globalThis.scheduler.yield()"
             ":new Promise(resolve=>setTimeout(resolve,0));")
MARK = "/* boardgames: idb-map patched for refused storage (tools/patch_runtime.py) */"

# Emscripten's main-module start: every export into the global offset table.
EVERY_EXPORT = "assignWasmExports(wasmExports);updateGOT(origExports);LDSO.init();"
# ... only those the wasm's imports asked for (GOTHandler made them).
ASKED_EXPORTS = ("assignWasmExports(wasmExports);{const asked={};for(const name in origExports)"
                 "if(name in GOT)asked[name]=origExports[name];updateGOT(asked)}LDSO.init();")


def patch_text(text):
    """(patched text, number of idb-map copies patched); ValueError if a copy of idb-map
    does not have the expected code."""
    copies = text.count("indexedDB.open(")
    text, redispatch = REDISPATCH.subn(r"onerror(\1){\2(\1)}", text)
    text, database = DATABASE.subn(r"\1,this.#\2.catch(()=>{})", text)
    text, sync_map = SYNC_MAP.subn(
        lambda m: TOLERANT_SYNC_MAP.format(name=m.group(1), store=m.group(5)), text)
    if not copies == redispatch == database == sync_map:
        raise ValueError(f"{copies} copies of idb-map, patched: {redispatch} onerror, {database} "
                         f"database promises, {sync_map} IDBMapSync classes")
    return text, copies


def patch_folder(folder):
    """Patch the scripts of `folder` in place; returns the number of idb-map copies patched."""
    total = 0
    for name in sorted(n for n in os.listdir(folder) if n.endswith(".js")):
        path = os.path.join(folder, name)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if MARK in text or "indexedDB.open(" not in text:
            continue
        try:
            text, copies = patch_text(text)
        except ValueError as error:
            sys.exit(f"patch_runtime: {name}: {error}; see tools/patch_runtime.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write(MARK + "\n" + text)
        total += copies
    return total


def patch_pyodide_glue(path):
    """Patch Pyodide's glue at `path` in place (the build stops if it is not the code the
    patch was written for)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    checks = [(EVERY_EXPORT, "link its exports"), (WRAPPER_MODULE, "wrap JS functions")]
    checks += [(pristine, "link in one go") for pristine, _ in LINKING]
    for pristine, name in checks:
        if text.count(pristine) != 1:
            sys.exit(f"patch_runtime: {os.path.basename(path)} does not {name} as expected; "
                     "see tools/patch_runtime.py")
    text = text.replace(EVERY_EXPORT, ASKED_EXPORTS).replace(WRAPPER_MODULE, WRAPPER_MODULE_ONCE)
    for pristine, split in LINKING:
        text = text.replace(pristine, split)
    with open(path, "w", encoding="utf-8") as f:
        f.write(COMPILE_HINT + "\n" + NEXT_TASK + text)
