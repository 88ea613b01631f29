// The Python interpreter both PyScript configs name (`interpreter = "./interpreter.mjs"`):
// the vendored Pyodide, started from a memory snapshot when we can, else the plain way.
//
// PyScript imports this module, takes its `version`, and calls its `loadPyodide` with its
// own options.  The fast start (built by tools/fast_start.py into vendor/fast/) restores a
// snapshot of Pyodide in which the standard modules we use and our pure modules are already
// imported, over a precompiled standard library.  It is taken only when
//   - the fast files are already in this browser's cache (the service worker precaches them
//     once the board is ready: a first visit never waits for extra bytes),
//   - they are the ones the manifest names (SHA-256) for this Pyodide version, and
//   - every source file the snapshot imported is, byte for byte, the one served now
//     (a snapshot of other sources would run stale code).
// Anything else - no cache (cross-site frames refuse storage), a missing, stale or corrupt
// file, a build id mismatch, any error while restoring - starts Python the plain way,
// with a line on the console and nothing on screen.
//
// Every URL is relative to this module, so the site works under any path prefix.

import { loadPyodide as startPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const PYODIDE = new URL("./vendor/pyodide/", import.meta.url).href;
const FAST = new URL("./vendor/fast/", import.meta.url);
const SITE = new URL("./", import.meta.url);

// After a restore: what the snapshot kept from the build must not show.  `random` gets
// fresh entropy (else every load plays the same computer games), the environment variables
// the build machine gave (manifest.environ) become those this browser gives a plain start,
// and sys.path loses the second "" a restore adds.
const SETTLE = `
import os, random, sys
random.seed()
for name in build_environ:
    os.environ.pop(name, None)
os.environ.update(line.split("=", 1) for line in environ)
sys.path[:] = list(dict.fromkeys(sys.path))
`;

export async function loadPyodide(options = {}) {
  const begun = performance.now();
  const plain = { ...options, indexURL: PYODIDE };
  let pyodide = null;
  let reason;
  const fast = await cachedFastFiles().catch((error) => ({ reason: error.message }));
  if (fast.snapshot) {
    try {
      pyodide = await startPyodide({ ...plain, stdLibURL: fast.stdlib, _loadSnapshot: fast.snapshot });
      settle(pyodide, fast.environ);
    } catch (error) {
      pyodide = null;
      reason = `the snapshot did not restore: ${error.message.split("\n")[0]}`;
    } finally {
      URL.revokeObjectURL(fast.stdlib);
    }
  } else {
    reason = fast.reason;
  }
  const how = pyodide ? "snapshot" : "plain";
  pyodide ??= await startPyodide(plain);
  // How Python started in this context (page or worker), for the console and for tests.
  const seconds = (performance.now() - begun) / 1000;
  globalThis.boardgamesPython = { how, reason: reason ?? null, seconds };
  console.info(`boardgames: Python started ${how === "snapshot" ? "from the snapshot" : "the plain way"} ` +
               `in ${seconds.toFixed(2)} s${reason ? ` (${reason})` : ""}`);
  return pyodide;
}

/** The fast files when cached and sound: {stdlib: blob URL, snapshot: promise of its
 * bytes, environ: the build's variable names}, or {reason} why not.  The snapshot's checks run while Pyodide fetches and
 * compiles its wasm; if one fails the promise rejects and the restore is abandoned. */
async function cachedFastFiles() {
  const manifestResponse = await cached(new URL("manifest.json", FAST));
  if (!manifestResponse) return { reason: "the fast files are not cached yet" };
  const manifest = await manifestResponse.json();
  if (manifest.pyodide !== version) return { reason: `the snapshot is for Pyodide ${manifest.pyodide}` };
  const [stdlibResponse, snapshotResponse] = await Promise.all(
    [manifest.stdlib, manifest.snapshot].map((file) => cached(new URL(file.file, FAST))));
  if (!stdlibResponse || !snapshotResponse) return { reason: "a fast file is not cached" };
  const stdlib = await stdlibResponse.arrayBuffer();
  await expectDigest(stdlib, manifest.stdlib.sha256, manifest.stdlib.file);
  const snapshot = Promise.all([
    snapshotResponse.arrayBuffer().then((bytes) => Promise.all(
      [gunzip(bytes), expectDigest(bytes, manifest.snapshot.sha256, manifest.snapshot.file)])),
    expectSources(manifest.sources),
  ]).then(([[bytes]]) => bytes);
  snapshot.catch(() => {});  // its failure is reported by loadPyodide, never as unhandled
  return { stdlib: URL.createObjectURL(new Blob([stdlib])), snapshot, environ: manifest.environ };
}

/** The cached response for `url` in any of this site's caches, or null (also when this
 * context may not use storage: cross-site frames, insecure origins). */
async function cached(url) {
  try {
    return (await caches.match(url.href)) ?? null;
  } catch {
    return null;
  }
}

async function expectDigest(bytes, sha256, name) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  if (hex !== sha256) throw new Error(`${name} is not the file the manifest names`);
}

/** Every source the snapshot imported must be the file served now. */
async function expectSources(sources) {
  await Promise.all(Object.entries(sources).map(async ([path, sha256]) => {
    const response = await fetch(new URL(path, SITE));
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    await expectDigest(await response.arrayBuffer(), sha256, `${path} (served)`);
  }));
}

async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function settle(pyodide, buildEnviron) {
  const namespace = pyodide.toPy({ build_environ: buildEnviron, environ: pyodide._module.getEnvStrings() });
  try {
    pyodide.runPython(SETTLE, { globals: namespace });
  } finally {
    namespace.destroy();
  }
}
