// A worker (interpreter.mjs starts it once the offline copy is made) that makes, in the
// reader's browser, the snapshot every later visit restores: a first visit then downloads
// no snapshot (6 MB), only what a plain start needs.
//
// It starts a fresh Pyodide from the offline copy (the wasm, which sw.js keeps plain, and
// the stdlib zip the snapshot must be restored over), writes the sources the page's
// PyScript wrote (sent by the page), follows the build's recipe (snapshot.mjs), keeps
// compiled the Python the page ran through runPython (its `runs`: PyScript's own start and
// the page's script, so that a restore parses none) and answers
// with the snapshot's pages and their SHA-256 ({pages, sha256}, the pages handed over, not
// copied), or {error}.  The page keeps them (a write from a worker that closes at once
// was lost in WebKit).  The restore checks the stdlib and the sources against the
// manifest as for the build's snapshot.

import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { instantiateFrom, makeSnapshot, pack, sha256Hex } from "./snapshot.mjs";

onmessage = async ({ data }) => {
  try {
    const pages = await make(data);
    postMessage({ pages, sha256: await sha256Hex(pages) }, [pages.buffer]);
  } catch (error) {
    postMessage({ error: error.message.split("\n")[0] });
  }
  close();
};

/** The snapshot's pages (`pack`), made as the build makes them. */
async function make({ recipe, files, runs, memoryBytes, environ, runtime }) {
  const [stdlib, lock, wasm] = await Promise.all([
    offline(runtime.stdlib).then((response) => response.blob()),
    offline(runtime.lock).then((response) => response.json()),
    offline(runtime.wasm),
  ]);
  const restore = instantiateFrom(WebAssembly.compileStreaming(wasm), runtime.wasm);
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
