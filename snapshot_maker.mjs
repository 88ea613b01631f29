// A worker (interpreter.mjs starts it) that makes, in the reader's browser, the snapshot
// Python starts from: a visit downloads no snapshot (6 MB), and Python's initialisation and
// the compiling of our modules run on this thread, never on the page's.
//
// It starts a fresh Pyodide (the wasm, compiled, and the stdlib zip the snapshot must be
// restored over), writes the sources the page's PyScript writes, follows the build's
// recipe (snapshot.mjs), and keeps compiled the Python the page runs through runPython
// (`runs`: PyScript's own start and the page's script, so that a restore parses none).
// It answers with the snapshot's pages, a Blob of them and their SHA-256 ({pages, blob,
// sha256}, the pages handed over, not copied), or {error}.  Two uses:
//   a first visit, before the page runs Python: the page hands over what it fetched (the
//     wasm compiled, the stdlib's Blob, the lock file, the sources, the start code of
//     vendor/fast/start-code-*.json), restores the snapshot at once and keeps it;
//   after a visit that started otherwise, once the offline copy is made: the wasm and the
//     stdlib are read from that copy, the sources and runs are the page's.
// The page keeps the pages, never this worker: in WebKit a cache this worker wrote to took
// no later write of the page's (the next visit found nothing), and a write from a worker
// that closes at once was lost there.  The restore checks the stdlib and the sources
// against the manifest as for the build's snapshot.

import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { instantiateFrom, makeSnapshot, pack, sha256Hex } from "./snapshot.mjs";

onmessage = async ({ data }) => {
  try {
    const pages = await make(data);
    // (a Blob of them too, for the page to keep: made here, so the page copies nothing)
    postMessage({ pages, blob: new Blob([pages]), sha256: await sha256Hex(pages) }, [pages.buffer]);
  } catch (error) {
    postMessage({ error: error.message.split("\n")[0] });
  }
  close();
};

/** The snapshot's pages (`pack`), made as the build makes them. */
async function make({ recipe, files, runs, memoryBytes, environ, runtime }) {
  const [stdlib, lock, module] = runtime.offline ? await Promise.all([
    offline(runtime.stdlib).then((response) => response.blob()),
    offline(runtime.lock).then((response) => response.json()),
    WebAssembly.compileStreaming(offline(runtime.wasm)),
  ]) : [runtime.stdlib, runtime.lock, runtime.module];
  const restore = instantiateFrom(Promise.resolve(module), runtime.wasm);
  const stdLibURL = URL.createObjectURL(stdlib);
  let made;
  try {
    const pyodide = await loadPyodide({
      indexURL: runtime.indexURL, packageBaseUrl: runtime.indexURL, stdLibURL, lockFileContents: lock,
      _makeSnapshot: true, stdout: () => {}, stderr: () => {},
    });
    made = makeSnapshot(pyodide, recipe, files, runs);
  } finally {
    restore();
    URL.revokeObjectURL(stdLibURL);
  }
  // What a restore relies on: the memory Pyodide starts with, and the variables to replace
  if (made.snapshot.length !== memoryBytes) {
    throw new Error(`Python's memory here is ${made.snapshot.length} bytes, not the ${memoryBytes} of the build`);
  }
  if (String(made.environ) !== String(environ)) {
    throw new Error(`the environment here (${made.environ}) is not the build's (${environ})`);
  }
  return pack(made.snapshot);
}

/** The offline copy's response for `url`. */
async function offline(url) {
  const response = await caches.match(url);
  if (!response) throw new Error(`${url} is not in the offline copy`);
  return response;
}
