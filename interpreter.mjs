// The Python interpreter both PyScript configs name (`interpreter = "./interpreter.mjs"`):
// the vendored Pyodide, started the fastest sound way.
//
// PyScript imports this module, takes its `version`, and calls its `loadPyodide` with its
// own options.  tools/fast_start.py builds, into vendor/fast/, a memory snapshot of Pyodide
// in which the standard modules we use and our pure modules are already imported (with the
// recipe that made it), and a gzipped copy of Pyodide's wasm.  Four ways to start:
//
//   snapshot  restore a snapshot instead of initialising Python (about half the CPU of a
//             start): the one kept in this browser, else (where storage is refused) the
//             build's, through the HTTP cache, over a fast link;
//   made      a page's first visit: snapshot_maker.mjs makes the snapshot on a thread of its
//             own from the files a start needs anyway, and it is restored here (and kept
//             where storage is allowed), so Python's initialisation never blocks the page;
//   lean      a plain start from the files the snapshot needs too: the AI worker's first
//             visit, or a page that cannot start a worker;
//   plain     Pyodide's own start: when the fast files are missing or for another
//             runtime, and after anything went wrong on another way.
// Every part of a start on the page's thread runs in a task of its own (nextTask): the
// instantiating, the linking, the restore and the loader's Python; main.py builds the page
// in a few more.
// Whichever way, the wasm is fetched in one form only: the gzipped one (3.5 MB instead of
// 9.6), unless the server compresses the plain one anyway (a HEAD request tells); the
// offline copy keeps it plain (sw.js unpacks it once), so a later visit unpacks nothing
// (on a host that compresses, it compiles the HTTP cache's copy: see httpCopyOr).
//
// A first visit downloads no snapshot: snapshot_maker.mjs makes it in this browser, on a
// thread of its own, from what the visit fetches and by the build's recipe, and keeps it
// (after a visit that started otherwise, once the service worker has made the offline
// copy, from that copy); every later visit restores from it.  A context refused storage (a cross-site frame: a class
// page embedding a game) can keep nothing, but the browser's HTTP cache still serves it:
// over a fast link it restores the build's snapshot, and a returning reader's stdlib
// comes from that cache at once, so the link measures fast and the snapshot is restored
// from there too; its AI worker restores it as well where the page says it did.  Where
// such a frame's reader played before, start.js has warm() unzip the snapshot and the wasm
// from that cache while the reader looks at the board's picture, so that the click starts
// as fast as where storage is allowed.  (A frame cannot ask that cache what it holds
// without a line on the console where it holds nothing: start.js asks only where the
// frame's own page came from there.)
//
// A snapshot is used only when it is whole (its SHA-256: the manifest's for the build's,
// the one kept beside it for one made here, which must be for this version of the site,
// else it is made again), the stdlib zip is the one it was made over,
// and every source file it imported is, byte for byte, the one served now (a snapshot of
// other sources would run stale code).  After a restore `random` is reseeded and nothing
// of the machine that made it shows.  Whatever fails falls back to a plain start with a
// line on the console and nothing on screen (and a sound snapshot is made again).
// PyScript's [files] (listed in the manifest) are fetched as soon as the plan is made, and
// answered from memory when PyScript asks for them once Python is up.
//
// Every URL is relative to this module, so the site works under any path prefix.

import { loadPyodide as startPyodide, version } from "./vendor/pyodide/pyodide.mjs";
import { LEFT_OUT, SETTLE, instantiateFrom, keptRuns, nextTask, sha256Hex } from "./snapshot.mjs";

export { version };

const PYODIDE = new URL("./vendor/pyodide/", import.meta.url);
const FAST = new URL("./vendor/fast/", import.meta.url);
const SITE = new URL("./", import.meta.url);
const MAKER = new URL("./snapshot_maker.mjs", import.meta.url);  // makes a snapshot here, on a thread of its own
const WASM = new URL("pyodide.asm.wasm", PYODIDE).href;
// The page's stdlib zip: the standard modules it needs, compiled (1.6 MB; Pyodide's zip of
// sources is 2.5 MB), which the snapshot was made over; a module left out of it is fetched
// from Pyodide's whole zip.
const STDLIB = new URL("python_stdlib.zip", FAST).href;
const WHOLE_STDLIB = new URL("python_stdlib.zip", PYODIDE).href;
const LOCK = new URL("pyodide-lock.json", PYODIDE).href;
const HTTP_COPY = "X-Boardgames-Http-Copy";  // sw.js's: the kept wasm is the HTTP cache's copy
const inPage = typeof document !== "undefined";  // else: the AI worker
// The snapshot unzipped (Python's memory without its zero pages: about 20 of its 30 MB),
// made in this browser by snapshot_maker.mjs once the offline copy is made, and kept in a
// cache of its own under one name and key whatever the version (so that it is looked up
// beside everything else, before the manifest is read), with its SHA-256 and the build
// snapshot's it stands for in headers.
const BUILD_DIGEST = "X-Build-Snapshot-SHA256";
const KEPT = { cacheName: "python-snapshot-kept", key: new URL("snapshot.unpacked", FAST).href,
               digestHeader: "X-Pages-SHA256", buildHeader: BUILD_DIGEST, file: "the kept snapshot",
               unsound: "is damaged" };

// Where storage is refused, a first visit (no snapshot in the HTTP cache) measures its
// link on the stdlib zip it needs on every way (the browser's own timing of its bytes:
// reading them here waits for this thread, which is busy then, so a loopback measures
// 9-100 MB/s).  Above SNAPSHOT_RATE (bytes/s) it takes the build's snapshot: its 6 MB cost
// less than the CPU they save (about 2 s on a slow machine).  An AI worker never downloads
// the snapshot: it starts once the board is ready, usually after a snapshot is kept, and
// until then the page's thread plays for the computer.  Where storage is refused it asks
// the pages of this site (BUILD_SNAPSHOT_CHANNEL) whether one restored the build's
// snapshot, which is then in the HTTP cache (the frames of a class page share it): if so it
// restores it too, for no byte more, else it starts lean (after ANSWER_MS without an answer).
const SNAPSHOT_RATE = 4e6;
const BUILD_SNAPSHOT_CHANNEL = "boardgames-build-snapshot";
const ANSWER_MS = 500;

// Begun (begin()) by start.js the moment the engine starts on a returning visit, so the
// snapshot is read and checked, and Python started from it, while PyScript's own
// JavaScript still loads (PyScript asks for Python later: loadPyodide hands it this one);
// else by loadPyodide.  Pyodide's glue code is needed whichever way Python starts
// (Pyodide's own import of it later gets this same module).  `ahead`: what warm() made
// ready before an embed's click.
let begun = 0, planned = null, startedFast = null, ahead = null;

/** Begin starting Python (once). */
export function begin() {
  if (planned) return;
  begun = performance.now();
  import(new URL("pyodide.asm.mjs", PYODIDE).href).catch(() => {});
  planned = planStart().catch((error) => ({ how: "plain", reason: error.message }));
  startedFast = planned.then(startFast);
}

/** Where storage is refused (a class page's frame on another site), what the reader's
 * click would unzip, made ready while the reader looks at the board's picture: the build's
 * snapshot and wasm, from the HTTP cache only.  start.js calls this once the picture is
 * painted, in such a frame whose page and manifest (`manifestResponse`) came from that
 * cache: a reader who played here before.  planStart takes them if the manifest it reads
 * then names the same files. */
export function warm(manifestResponse) {
  if (planned || ahead || !inPage) return;
  ahead = (async () => {
    const cached = (url) => fetch(url, { cache: "only-if-cached", mode: "same-origin" }).then(
      (response) => (response.ok ? response : null), () => null);
    const manifest = await manifestResponse.json();
    if (manifest.pyodide !== version) return null;
    const [snapshot, wasm] = await Promise.all([cached(new URL(manifest.snapshot.file, FAST)),
                                                cached(new URL(manifest.wasm.file, FAST))]);
    if (!snapshot || !wasm) return null;
    import(new URL("pyodide.asm.mjs", PYODIDE).href).catch(() => {});
    snapshot.body?.cancel();  // (read by its worker)
    const pages = buildPages(manifest.snapshot), module = compiledFrom(wasm, manifest.wasm);
    pages.catch(() => {});
    module.catch(() => {});
    return { snapshot: manifest.snapshot.sha256, wasm: manifest.wasm.sha256, pages, module };
  })().catch(() => null);
}

export async function loadPyodide(options = {}) {
  begin();
  const plan = await planned;
  let pyodide = await startedFast;
  if (pyodide) {
    // what Pyodide does with these options at the end of its start, now PyScript gives them
    pyodide.setStdout({ batched: options.stdout });
    pyodide.setStderr({ batched: options.stderr });
  }
  pyodide ??= await startPyodide({ ...options, indexURL: PYODIDE.href });
  const kept = keptRuns(pyodide);  // (from here on, what PyScript runs is noted)
  if (plan.files) serveFiles(plan.files);
  // How Python started in this context (page or worker): for the console and for tests.
  const seconds = (performance.now() - begun) / 1000;
  globalThis.boardgamesPython = { how: plan.how, reason: plan.reason ?? null, seconds, rate: plan.rate ?? null,
                                  wasm: plan.how !== "plain" && plan.gzipped ? "gzipped" : "plain",
                                  wasmFrom: (plan.how !== "plain" && await plan.wasmFrom) || null,
                                  ahead: Boolean(plan.ahead) };
  if (inPage && plan.how === "snapshot" && plan.build) answerWorkers(plan.build);
  if (plan.making && plan.how !== "snapshot" && plan.how !== "made") {
    globalThis.boardgamesPython.keepSnapshot = () => keepSnapshotMadeHere(pyodide, plan.making, kept);
  }
  if (plan.how === "made" && plan.kept) {  // (where making it failed, the plain start's hook above tries again)
    plan.kept.then((how) => {
      sayKept(how, plan.madeSince);
      globalThis.boardgamesPython.keptSnapshot = how;  // (for tests)
    });
  }
  console.info(`boardgames: Python started (${plan.how}) in ${seconds.toFixed(2)} s` +
               (plan.ahead ? " from what was made ready before the click" : "") +
               (plan.reason ? `: ${plan.reason}` : "") +
               (plan.rate ? ` [link ${(plan.rate / 1e6).toFixed(1)} MB/s]` : ""));
  return pyodide;
}

/** Python started the planned fast way (the only options PyScript gives, its output
 * streams, are set once it asks), or null: a plain start follows, `plan` saying why. */
async function startFast(plan) {
  if (plan.how === "plain") return null;
  const restore = plan.module ? instantiateFrom(plan.module, WASM) : () => {};
  try {
    const ours = { indexURL: PYODIDE.href, stdLibURL: plan.stdlib, lockFileContents: plan.lock,
                   packageBaseUrl: PYODIDE.href };
    if (plan.snapshot) {
      // Pyodide is handed Python's memory at once (until the restore its size is all it
      // reads) and waits for it to be filled and checked only before restoring it: its wasm
      // is instantiated and linked meanwhile.  A snapshot that fails a check is never
      // restored (that Pyodide waits on, and the plain start follows).
      ours._loadSnapshot = plan.memory;
      ours.fsInit = () => plan.snapshot.then(nextTask, () => new Promise(() => {}));
    }
    const started = startPyodide(ours);
    const pyodide = await (plan.snapshot ? Promise.race([started, plan.snapshot.then(() => started)]) : started);
    await nextTask();  // (the loader's Python in a task of its own)
    if (plan.snapshot) settle(pyodide, plan.environ);
    findLeftOut(pyodide, plan.leftOut);
    return pyodide;
  } catch (error) {
    plan.reason = `the ${plan.how} start failed: ${error.message.split("\n")[0]}`;
    plan.how = "plain";
    return null;
  } finally {
    restore();
    URL.revokeObjectURL(plan.stdlib);
  }
}

/** How to start: {how: "plain", reason}, or {how: "lean" | "snapshot", stdlib: blob URL of
 * the stdlib zip, lock: promise of Pyodide's lock file, gzipped: whether the wasm comes
 * gzipped (not fetched plain), module: promise of the wasm compiled (null
 * where Pyodide fetches the plain one from the server), wasmFrom: promise of where a kept
 * wasm was compiled from ("offline copy" or "HTTP cache"; null: none kept), rate, reason, files: PyScript's
 * [files] being fetched} with, for "snapshot", `memory` (Python's: zeros until `snapshot`,
 * the promise of its checks, has filled it) and `environ`, and `making` where this page may
 * keep a snapshot made here (keepSnapshotMadeHere). */
async function planStart() {
  const manifestURL = new URL("manifest.json", FAST);
  // Every lookup in the offline copy at once (each answer waits for this thread, busy
  // loading PyScript then); none answers where storage is refused.
  const [storage, cachedStdlib, cachedManifest, cachedLock, cachedWasm, keptPages] = await Promise.all([
    storageAllowed(), fromCache(STDLIB), fromCache(manifestURL), fromCache(LOCK), fromCache(WASM), fromCache(KEPT.key, KEPT)]);
  // The kept wasm is compiled at once, as it is read (Pyodide would only begin once it has
  // its snapshot), from the HTTP cache's copy where the offline copy was taken from there.
  const wasmSource = cachedWasm && httpCopyOr(cachedWasm, WASM);
  const cachedModule = wasmSource && WebAssembly.compileStreaming(wasmSource);
  const wasmFrom = wasmSource && wasmSource.then((source) => (source === cachedWasm ? "offline copy" : "HTTP cache"));
  cachedModule?.catch(() => {});
  // The kept snapshot is read and checked at once, beside the manifest (which may name
  // another version: then this was for nothing, once).
  const keptRead = keptPages && checked(keptPages, { ...KEPT, sha256: keptPages.headers.get(KEPT.digestHeader) });
  keptRead?.catch(() => {});
  const lock = (cachedLock ? Promise.resolve(cachedLock) : fetchOk(LOCK)).then((response) => response.json());
  lock.catch(() => {});  // failures show in loadPyodide, never as unhandled rejections
  // Needed on every fast way: asked for at once, beside the manifest; a first visit
  // measures its link on the stdlib's bytes.
  // (the offline copy's as a blob: a handle, read only by those who need its bytes)
  const stdlibDownload = cachedStdlib ? null : download(STDLIB);
  const stdlibBlob = cachedStdlib ? cachedStdlib.blob() : stdlibDownload.blob;
  stdlibBlob.catch(() => {});
  // (the HTTP cache's copy may be older than the site: asked again, which costs a 304)
  const manifestResponse = cachedManifest || await fetch(manifestURL, { cache: "no-cache" });
  if (!manifestResponse.ok) return { how: "plain", reason: "no fast-start files" };
  const manifest = await manifestResponse.json();
  if (manifest.pyodide !== version) return { how: "plain", reason: `the snapshot is for Pyodide ${manifest.pyodide}` };
  // PyScript's [files], fetched now rather than one by one once Python is up (files()):
  // read from the offline copy where there is one (a fetch, through the service worker,
  // costs this thread three times as much; the manifest found there says there is one).
  const { files, bundled } = pythonFiles(manifest, Boolean(cachedManifest));
  const gzippedWasmURL = new URL(manifest.wasm.file, FAST);
  // a snapshot kept for another version of the site is made again
  const unpacked = keptPages?.headers.get(BUILD_DIGEST) === manifest.snapshot.sha256;
  // what warm() made ready before the click, if it is of these very files
  const warmed = await ahead;
  ahead = null;
  const ready = warmed?.snapshot === manifest.snapshot.sha256 && warmed.wasm === manifest.wasm.sha256 ? warmed : null;
  // Which form of the wasm: the plain one the service worker kept, or where the server
  // compresses it (it costs no more bytes); else the gzipped one (and always where storage
  // is refused: the HTTP cache keeps that one for a returning visit, not the plain), asked
  // for before the link is measured: every way needs it.
  let gzipped = false, module = cachedModule;
  if (!cachedWasm && (!storage || !await compressedByServer(WASM))) {
    gzipped = true;
    // (read here, where the progress bar sees it arrive; unzipped and compiled off this thread)
    module = ready?.module ?? compiledFrom(fetchOk(gzippedWasmURL, { cache: "force-cache" }), manifest.wasm);
    module.catch(() => {});
  }
  // (`boardgamesLinkRate`, set before this module runs, stands in for the measurement: tests
  // that need a first visit's way to be the fast link's set it, whatever the machine's load)
  const rate = storage || !stdlibDownload || !inPage || ready ? null
    : globalThis.boardgamesLinkRate ?? await stdlibDownload.rate;
  const stdlib = URL.createObjectURL(await stdlibBlob);
  const making = storage && inPage && manifest.recipe ? {
    recipe: manifest.recipe, kept: { ...KEPT, build: manifest.snapshot.sha256 },
    memoryBytes: manifest.snapshot.memory_bytes, environ: manifest.environ,
    runtime: { offline: true, indexURL: PYODIDE.href, wasm: WASM, stdlib: STDLIB, lock: LOCK },
  } : null;
  const restoredByPage = !storage && !inPage && !unpacked && await restoredByAPage(manifest.snapshot.sha256);
  if (!unpacked && (storage || !(rate > SNAPSHOT_RATE || restoredByPage || ready))) {
    const reason = storage ? "no snapshot kept here yet (one is made once the offline copy is)"
      : "no snapshot cached, and not worth its bytes here";
    const lean = { how: "lean", stdlib, lock, gzipped, module, wasmFrom, rate, files, reason, making,
                   leftOut: manifest.stdlib.left_out };
    return inPage && manifest.start_code ? madeHere(lean, manifest, stdlibBlob) : lean;
  }
  // Checked and unpacked into Python's memory while Pyodide starts: if any check fails,
  // loadPyodide fails before Python starts, and the plain start follows (and, where
  // storage is allowed, a sound snapshot is made here again).
  const memoryBytes = manifest.snapshot.memory_bytes;
  const memory = new Uint8Array(memoryBytes);
  const filled = unpacked ? keptRead.then((pages) => memoryOf(pages, memoryBytes, memory))
    : (ready?.pages ?? buildPages(manifest.snapshot))
      .then((pages) => memoryOf(pages.buffer, memoryBytes, memory));
  const snapshot = Promise.all([
    filled,
    stdlibBlob.then((blob) => blob.arrayBuffer()).then((bytes) => expectDigest(
      bytes, manifest.stdlib.sha256, "the stdlib zip is not the one the snapshot was made over")),
    expectSources(manifest.sources, files, bundled),
  ]);
  snapshot.catch(() => {});
  return { how: "snapshot", stdlib, lock, gzipped, module, wasmFrom, rate, files, memory, snapshot, environ: manifest.environ,
           making, leftOut: manifest.stdlib.left_out, build: unpacked ? null : manifest.snapshot.sha256,
           ahead: Boolean(ready) };
}

/** Keep a snapshot's pages (`blob`: snapshot_maker.mjs made it, so that this thread copies
 * none of them) with their SHA-256 where planStart looks (`kept`: KEPT, with the build
 * snapshot's SHA-256 the pages stand for), in place of one kept for another version, and
 * drop the caches earlier versions of the site kept theirs in. */
async function keepPages(kept, { blob, sha256 }) {
  const headers = { [kept.digestHeader]: sha256, [kept.buildHeader]: kept.build };
  const cache = await caches.open(kept.cacheName);
  await cache.put(kept.key, new Response(blob, { headers }));
  // read back, so that `keptSnapshot` says what a next visit will find
  if ((await cache.match(kept.key))?.headers.get(kept.digestHeader) !== sha256) {
    throw new Error("the snapshot written could not be read back");
  }
  const stale = (await caches.keys()).filter((name) => name.startsWith("python-snapshot-") && name !== kept.cacheName);
  await Promise.all(stale.map((name) => caches.delete(name)));
}

/** The page's way on a first visit (`lean`: the plan of the lean way, which stands where no
 * worker starts): snapshot_maker.mjs makes the snapshot on a thread of its own, from what
 * this visit fetches anyway (the wasm, compiled here once, is shared with it), and it is
 * restored here, so that Python's initialisation and the compiling of our modules never
 * block the page; where storage is allowed it is kept here once the page is idle, for
 * every later visit (`kept`: a promise of "kept", else why not; `madeSince`: when making began).
 * If making it fails, the snapshot's promise fails and the plain start follows. */
function madeHere(lean, manifest, stdlibBlob) {
  let worker;
  try {
    worker = new Worker(MAKER, { type: "module" });
  } catch {
    return lean;
  }
  // (where the server compresses the plain wasm, it is compiled here as it streams in)
  const module = lean.module ?? WebAssembly.compileStreaming(fetchOk(WASM));
  module.catch(() => {});
  const madeSince = performance.now();
  let keptThen;
  const kept = new Promise((resolve) => { keptThen = resolve; });
  const pages = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.pages) {
        resolve(data.pages);
        // kept once the page is idle (the start's tasks come first): `memoryOf` only reads them
        if (lean.making) {
          (globalThis.requestIdleCallback ?? ((then) => setTimeout(then, 2000)))(
            () => keepPages(lean.making.kept, data).then(() => keptThen("kept"), (error) => keptThen(error.message)));
        }
      }
      if (data.error) {
        reject(new Error(`the snapshot could not be made here: ${data.error}`));
        keptThen(data.error);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(`the snapshot could not be made here: ${event.message || "its worker failed"}`));
      keptThen(event.message || "its worker failed");
    };
  });
  const { recipe } = manifest;
  const startCode = checked(fetchOk(new URL(manifest.start_code.file, FAST), { cache: "force-cache" }),
                            manifest.start_code).then((bytes) => JSON.parse(new TextDecoder().decode(bytes)));
  const posted = Promise.all([startCode, module, stdlibBlob, lean.lock]).then(
    async ([code, compiled, stdlib, lock]) => {
      const encoder = new TextEncoder();
      const files = Object.fromEntries(await Promise.all(recipe.written.map(async (path) => [path,
        path in code.written ? encoder.encode(code.written[path])
          : await lean.files.get(new URL(`py/${path}`, SITE).href)])));
      worker.postMessage({
        recipe, files, runs: code.runs, memoryBytes: manifest.snapshot.memory_bytes, environ: manifest.environ,
        runtime: { indexURL: PYODIDE.href, wasm: WASM, module: compiled, stdlib, lock },
      });
    });
  posted.catch((error) => {
    worker.terminate();
    keptThen(error.message);
  });
  const memoryBytes = manifest.snapshot.memory_bytes;
  const memory = new Uint8Array(memoryBytes);
  const snapshot = Promise.all([posted, pages]).then(([, made]) => { memoryOf(made.buffer, memoryBytes, memory); });
  snapshot.catch(() => {});
  return { ...lean, how: "made", module, memory, snapshot, environ: manifest.environ,
           kept: lean.making ? kept : null, madeSince,
           reason: "no snapshot kept here yet: made on a thread of its own, then restored" };
}

/** `task(data)` (an async function of this module's, using only `helpers`) on a thread of
 * its own where one can be started, else here: a gzipped download is unzipped, checked and
 * laid out off this thread, which is busy loading the page (`data` is copied there: a
 * download's bytes go as a Blob, whose bytes are read there); the result is posted back
 * (an array's bytes are moved, a compiled wasm module shared). */
function offThread(task, data, helpers = []) {
  let worker = null;
  try {
    // its script: the functions it runs, by their source
    const script = [...helpers, task].join("\n") +
      `\nonmessage = async ({ data }) => {
         try {
           const result = await ${task.name}(data);
           postMessage({ result }, result instanceof WebAssembly.Module ? [] : [result.buffer]);
         } catch (error) {
           postMessage({ error: error.message });
         }
         close();
       };`;
    worker = new Worker(URL.createObjectURL(new Blob([script], { type: "text/javascript" })));
  } catch {
    return task(data);
  }
  const result = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data.result));
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(event.message || "a worker failed"));
    };
  });
  worker.postMessage(data);
  return result;
}

const UNZIPPING = [bytesOf, expectFile, expectDigest, sha256Hex, gunzip, unzipChecked];

/** The pages of the build's gzipped snapshot, unzipped (where storage is refused: through
 * the HTTP cache, as it is there: its name changes with its bytes, which are checked); the
 * page lays them out in Python's memory, which Pyodide already holds. */
async function snapshotPages(snapshot) {
  return new Uint8Array(await unzipChecked(await bytesOf(fetch(snapshot.url, { cache: "force-cache" }), snapshot),
                                           snapshot));
}

/** The pages of the build's gzipped snapshot (the manifest's entry `snapshot`), fetched
 * through the HTTP cache, checked and unzipped on a thread of their own. */
function buildPages(snapshot) {
  return offThread(snapshotPages, { ...snapshot, url: new URL(snapshot.file, FAST).href }, UNZIPPING);
}

/** Pyodide's wasm compiled off this thread from `response` (or a promise of it): its
 * gzipped copy, the manifest's entry `wasm` (fetched here, where the progress bar sees it
 * arrive, as a Blob: its bytes are read there). */
function compiledFrom(response, wasm) {
  return Promise.resolve(response).then((got) => got.blob())
    .then((blob) => offThread(compileGzipped, { ...wasm, blob }, UNZIPPING));
}

/** Pyodide's wasm compiled from the `blob` of its gzipped copy. */
async function compileGzipped(wasm) {
  return WebAssembly.compile(await unzipChecked(await wasm.blob.arrayBuffer(), wasm));
}

/** The gzipped `bytes` of `file` unzipped, if their SHA-256 is the manifest's: checked while
 * they are unzipped, and a wrong file said so even where it does not unzip. */
async function unzipChecked(bytes, file) {
  const unzipped = gunzip(bytes, file.unpacked_bytes);
  unzipped.catch(() => {});
  await expectFile(bytes, file);
  return unzipped;
}

/** Once the offline copy is made (start.js calls this through `boardgamesPython`): make,
 * on a thread of its own, the snapshot the next visit restores, from the files this one
 * fetched, the sources PyScript wrote (read here, where they are) and the Python it ran
 * (`kept`: KeptRuns), and keep it.  A note on the console says how it went; nothing shows
 * on the page. */
function keepSnapshotMadeHere(pyodide, making, kept) {
  delete globalThis.boardgamesPython.keepSnapshot;  // once
  const began = performance.now();
  return new Promise((resolve) => {
    let worker = null;
    const done = (kept, why) => {
      if (worker) worker.onmessage = worker.onerror = null;
      sayKept(kept ? "kept" : why, began);
      globalThis.boardgamesPython.keptSnapshot = kept ? "kept" : why;  // (for tests)
      resolve(kept);
    };
    try {
      const { home, written } = making.recipe;
      const files = Object.fromEntries(written.map((path) => [path, pyodide.FS.readFile(`${home}/${path}`)]));
      worker = new Worker(MAKER, { type: "module" });
      worker.onmessage = ({ data }) => {
        if (data.error) done(false, data.error);
        else keepPages(making.kept, data).then(() => done(true), (error) => done(false, error.message));
      };
      worker.onerror = (event) => {
        event.preventDefault();
        done(false, event.message || "its worker failed");
      };
      worker.postMessage({ ...making, files, runs: kept.compiled.toJs() });
    } catch (error) {
      done(false, error.message);
    }
  });
}

/** The console's line on a snapshot made here since `began`: "kept", else why not. */
function sayKept(how, began) {
  console.info(how === "kept"
    ? `boardgames: a snapshot was made and kept here in ${((performance.now() - began) / 1000).toFixed(2)} s`
    : `boardgames: no snapshot kept here: ${how}`);
}

/** False where storage is refused (cross-site frames, insecure origins): there the HTTP
 * cache stands in for the service worker's. */
async function storageAllowed() {
  try {
    await caches.keys();
    return true;
  } catch {
    return false;
  }
}

/** The response for `url` from the offline copy (or from the cache `where.cacheName`),
 * or null (also where storage is refused). */
async function fromCache(url, where = {}) {
  try {
    return (await caches.match(String(url), where.cacheName ? { cacheName: where.cacheName } : {})) ?? null;
  } catch {
    return null;
  }
}

/** The HTTP cache's copy of `url` where the offline copy's `kept` was taken from there (its
 * sw.js's HTTP_COPY header) and it is still that copy, else `kept`: V8 keeps a wasm's
 * compiled code beside the HTTP cache's copy only, and takes it from there. */
async function httpCopyOr(kept, url) {
  const validator = kept.headers.get(HTTP_COPY);
  if (!validator) return kept;
  try {
    const held = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
    if (held.ok && (held.headers.get("ETag") || held.headers.get("Last-Modified")) === validator) return held;
  } catch {
    // not in the HTTP cache (any more)
  }
  return kept;
}

/** The response for `url` from the network (`init`: fetch's), if it is there. */
async function fetchOk(url, init = {}) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

/** Start downloading `url`: {blob: promise of it as a Blob (whose bytes the browser keeps:
 * this thread copies none of them), rate: promise of the bytes/s it came at}. */
function download(url) {
  let settleRate;
  const rate = new Promise((resolve) => { settleRate = resolve; });
  const blob = (async () => {
    const began = performance.now();
    const response = await fetchOk(url);
    const firstByte = performance.now();
    const data = await response.blob();
    settleRate(linkRate(response.url, data.size, began, firstByte));
    return data;
  })();
  blob.catch(() => settleRate(0));
  return { blob, rate };
}

/** Bytes/s a download of `size` bytes came at, from its first byte to its last, leaving the
 * latency out: the browser's own resource timing where it has it, else this thread's. */
function linkRate(url, size, began, firstByte) {
  const timing = performance.getEntriesByName(url).filter((entry) => entry.startTime >= began - 1).pop();
  const [from, to, bytes] = timing && timing.responseEnd > timing.responseStart
    ? [timing.responseStart, timing.responseEnd, timing.encodedBodySize || size] : [firstByte, performance.now(), size];
  return to > from ? bytes / ((to - from) / 1000) : Infinity;
}

/** Whether the server sends `url` compressed (then its plain form costs no more bytes). */
async function compressedByServer(url) {
  try {
    const response = await fetch(url, { method: "HEAD" });
    await response.arrayBuffer();  // (none: read, else the browser counts the request aborted)
    return /gzip|br|zstd|deflate/.test(response.headers.get("Content-Encoding") || "");
  } catch {
    return false;
  }
}

/** The bytes of `response` (or a promise of it), if their SHA-256 is `file.sha256`. */
async function checked(response, file) {
  const bytes = await bytesOf(response, file);
  await expectFile(bytes, file);
  return bytes;
}

/** The bytes of `response` (or a promise of it) for `file`, if it came. */
async function bytesOf(response, file) {
  response = await response;
  if (!response.ok) throw new Error(`${file.file}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function expectFile(bytes, file) {
  await expectDigest(bytes, file.sha256, `${file.file} ${file.unsound ?? "is not the file the manifest names"}`);
}

async function expectDigest(bytes, sha256, message) {
  if (await sha256Hex(bytes) !== sha256) throw new Error(message);
}

/** Every source the snapshot imported must be the file served now (`files`: the fetches
 * of PyScript's [files] under way; `bundled`: every file of their bundle, which also holds
 * those of the other context). */
async function expectSources(sources, files, bundled) {
  await Promise.all(Object.entries(sources).map(async ([path, sha256]) => {
    const url = new URL(path, SITE).href;
    const bytes = files.get(url) ?? bundled.then((all) => all.get(url) ?? fetchBytes(path));
    await expectDigest(await bytes, sha256, `${path} has changed since the snapshot was made`);
  }));
}

/** {files: PyScript's [files] for this context (URL -> promise of the bytes), asked for at
 * once: cut from the bundle of them the manifest names (one request instead of seventy: a
 * site/ built by tools/build_site.py), else, and where the bundle fails, each fetched;
 * bundled: promise of every file in the bundle (URL -> bytes; empty where it fails)}. */
function pythonFiles(manifest, offline) {
  const cut = manifest.bundle ? cutBundle(manifest.bundle, offline) : Promise.resolve(new Map());
  cut.catch((error) => console.warn(`boardgames: the Python files are fetched one by one: ${error.message}`));
  const bundled = cut.then((all) => new Map([...all].map(([path, bytes]) => [new URL(path, SITE).href, bytes])),
                           () => new Map());
  const files = new Map((manifest.files?.[inPage ? "page" : "worker"] ?? []).map((path) => {
    const url = new URL(path, SITE).href;
    const bytes = bundled.then((all) => all.get(url) ?? fetchBytes(path, offline));
    bytes.catch(() => {});
    return [url, bytes];
  }));
  return { files, bundled };
}

/** Whether a page of this site restored the build's snapshot `sha256` (an AI worker where
 * storage is refused asks: the snapshot is then in the HTTP cache). */
function restoredByAPage(sha256) {
  return new Promise((resolve) => {
    let channel;
    try {
      channel = new BroadcastChannel(BUILD_SNAPSHOT_CHANNEL);
    } catch {
      resolve(false);
      return;
    }
    const answered = (restored) => {
      clearTimeout(timer);
      channel.close();
      resolve(restored);
    };
    const timer = setTimeout(() => answered(false), ANSWER_MS);
    channel.onmessage = ({ data }) => data?.restored === sha256 && answered(true);
    channel.postMessage({ asked: sha256 });
  });
}

/** A page that restored the build's snapshot `sha256` (from the HTTP cache) says so to the
 * AI workers that ask (restoredByAPage), for as long as it is open. */
function answerWorkers(sha256) {
  try {
    const channel = new BroadcastChannel(BUILD_SNAPSHOT_CHANNEL);
    channel.onmessage = ({ data }) => data?.asked === sha256 && channel.postMessage({ restored: sha256 });
  } catch {
    // (no BroadcastChannel: the workers start lean, as they wait in vain)
  }
}

/** The files of the bundle the manifest names (`bundle`: its name, SHA-256 and each file's
 * path and size in order), path -> bytes, if it is whole. */
async function cutBundle(bundle, offline) {
  const url = new URL(bundle.file, FAST);
  // (named after its bytes: a copy in the HTTP cache is taken without asking the server)
  const bytes = await checked((offline && await fromCache(url)) || fetchOk(url, { cache: "force-cache" }), bundle);
  const files = new Map();
  let at = 0;
  for (const [path, size] of bundle.paths) {
    files.set(path, bytes.slice(at, at + size));
    at += size;
  }
  return files;
}

/** The bytes of the site's file `path` (from the offline copy if `offline` and it is there). */
async function fetchBytes(path, offline = false) {
  const url = new URL(path, SITE);
  const response = (offline && await fromCache(url)) || await fetch(url);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** Python's memory (`memory`, zeros, if given) from the snapshot's pages
 * (tools/fast_start.py `pack`: little-endian uint32 memory size and run count, then each
 * run's offset and length, then the runs' bytes; the pages left out are zeros). */
function memoryOf(pages, size, memory = new Uint8Array(size)) {
  const view = new DataView(pages);
  if (view.getUint32(0, true) !== size) throw new Error("the snapshot is not the size the manifest gives");
  const runs = view.getUint32(4, true);
  const run = (index) => [view.getUint32(8 + 8 * index, true), view.getUint32(12 + 8 * index, true)];
  // the runs checked before a byte is written (`memory` may already be Pyodide's)
  let end = 8 + 8 * runs;
  for (let index = 0; index < runs; index++) {
    const [at, length] = run(index);
    if (at + length > size) throw new Error("the snapshot's pages do not add up");
    end += length;
  }
  if (end !== pages.byteLength) throw new Error("the snapshot's pages do not add up");
  for (let index = 0, from = 8 + 8 * runs; index < runs; index++) {
    const [at, length] = run(index);
    memory.set(new Uint8Array(pages, from, length), at);
    from += length;
  }
  return memory;
}

/** `bytes` unzipped, `size` bytes long: handed to the unzipper in one piece (a quarter
 * faster than a Blob's stream of small pieces), its pieces copied into one buffer as they
 * come (a third less CPU than a Response collecting them: 60 against 88 ms for the snapshot
 * in a worker, and no second copy of the whole). */
async function gunzip(bytes, size) {
  const whole = new ReadableStream({ start(stream) { stream.enqueue(new Uint8Array(bytes)); stream.close(); } });
  const pieces = whole.pipeThrough(new DecompressionStream("gzip")).getReader();
  const unzipped = new Uint8Array(size);
  let length = 0;
  for (let piece = await pieces.read(); !piece.done; piece = await pieces.read()) {
    if (length + piece.value.length > size) throw new Error(`unzipped, it is longer than ${size} bytes`);
    unzipped.set(piece.value, length);
    length += piece.value.length;
  }
  if (length !== size) throw new Error(`unzipped, it is ${length} bytes, not ${size}`);
  return unzipped.buffer;
}

/** PyScript fetches its [files] once `loadPyodide` has returned: each of `files` (URL ->
 * promise of the bytes fetched early) answers the first request for it; a file whose early
 * fetch failed is fetched again, so PyScript reports the failure as it would have. */
function serveFiles(files) {
  const realFetch = globalThis.fetch;
  const release = () => { if (globalThis.fetch === answer) globalThis.fetch = realFetch; };
  const answer = function (resource, init) {
    const url = String(resource instanceof Request ? resource.url : resource);
    const bytes = files.get(url);
    if (!bytes || (init?.method ?? "GET") !== "GET") return realFetch.call(this, resource, init);
    files.delete(url);
    if (!files.size) release();
    return bytes.then((data) => new Response(data), () => realFetch.call(this, resource, init));
  };
  globalThis.fetch = answer;
  setTimeout(release, 60000);  // files PyScript never asked for (a config changed since the build)
}

function findLeftOut(pyodide, names) {
  const fetchWhole = (name) => {
    console.warn(`boardgames: the standard module ${name} was left out of the page's stdlib: fetching the whole stdlib`);
    const request = new XMLHttpRequest();
    request.open("GET", WHOLE_STDLIB, false);
    request.overrideMimeType("text/plain; charset=x-user-defined");  // the bytes, as text
    request.send();
    if (request.status !== 200) throw new Error(`${WHOLE_STDLIB}: HTTP ${request.status}`);
    const text = request.responseText, bytes = new Uint8Array(text.length);
    for (let at = 0; at < text.length; at++) bytes[at] = text.charCodeAt(at) & 0xff;
    return bytes;
  };
  const namespace = pyodide.toPy({ names: names ?? [], fetch: fetchWhole });
  try {
    pyodide.runPython(LEFT_OUT, { globals: namespace });
  } finally {
    namespace.destroy();
  }
}

function settle(pyodide, buildEnviron) {
  const namespace = pyodide.toPy({ build_environ: buildEnviron, environ: pyodide._module.getEnvStrings() });
  try {
    pyodide.runPython(SETTLE, { globals: namespace });
  } finally {
    namespace.destroy();
  }
}
