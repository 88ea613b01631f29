// Service worker: after the first visit the page, our Python files and the vendored
// runtime come from a cache, so the games start with no network at all.
// What to keep and the cache's name (a hash of every kept file's bytes) are in
// precache.js, written by tools/build_sw.py at `make vendor`.  The page registers this
// file once its board is live (start.js's registerOfflineCopy).
importScripts("./precache.js");

const CACHE = self.PRECACHE.cache;
const PREFIX = "boardgames-";
const EITHER = self.PRECACHE.either;  // the wasm's forms, gzipped then plain: kept plain (tools/build_sw.py)
const PLAIN_WASM = EITHER[EITHER.length - 1];
const KEPT = new Set([...self.PRECACHE.files, ...EITHER].map((path) => new URL(path, self.location).href));
const PAGE = new URL("./index.html", self.location).href;

// On the kept plain wasm, where it was taken from the HTTP cache as the visit fetched it (a
// host that compresses sends the plain one gzipped on the wire): that copy's validator.
// interpreter.mjs compiles that copy while it is the same, for V8 keeps the wasm's compiled
// code only beside a response from the network or the HTTP cache (Blink makes none for one
// built here with `new Response`): a returning visit then compiles almost nothing.
const HTTP_COPY = "X-Boardgames-Http-Copy";

// "no-cache": revalidate with the server (a 304 where the visit fetched the file already),
// never copy a stale HTTP-cache entry.
const revalidated = (path) => new Request(path, { cache: "no-cache" });

/** The HTTP cache's response for `path` (what a visit fetched), or null. */
async function httpCached(path) {
  try {
    const held = await fetch(path, { cache: "only-if-cached", mode: "same-origin" });
    return held.ok ? held : null;
  } catch {
    return null;  // not in the HTTP cache
  }
}

/** The first of `paths` the visit fetched, with the HTTP cache's response, else the first
 * (held: null): the wasm's form it came in, never downloaded in the other. */
async function fetchedOne(paths) {
  for (const path of paths) {
    const held = await httpCached(path);
    if (held) return { path, held };
  }
  return { path: paths[0], held: null };
}

/** A response's validator: its ETag, else its Last-Modified (null where it has neither). */
const validatorOf = (response) => response.headers.get("ETag") || response.headers.get("Last-Modified");

/** `held`'s validator if it is the server's file as it is now, asked with a HEAD that leaves
 * the HTTP cache as it is (revalidating `held` would give it a new time, and V8 would no
 * longer take the code it keeps beside it); else null. */
async function stillServed(path, held) {
  const validator = validatorOf(held);
  if (!validator) return null;
  try {
    const head = await fetch(path, { method: "HEAD", cache: "no-store" });
    return head.ok && validatorOf(head) === validator ? validator : null;
  } catch {
    return null;
  }
}

/** Keep Pyodide's wasm plain, from the form the visit fetched: a gzipped one is unpacked
 * here, once, so that every later start streams the wasm to the compiler as it is read
 * (nothing to unpack on the page's thread first); a plain one still served as it was is
 * taken from the HTTP cache without asking again, and marked (HTTP_COPY). */
async function keepWasm(cache) {
  const { path, held } = await fetchedOne(EITHER);
  const httpCopy = path === PLAIN_WASM && held ? await stillServed(path, held) : null;
  const response = httpCopy ? held : await fetch(revalidated(path));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const body = path === PLAIN_WASM ? response.body : response.body.pipeThrough(new DecompressionStream("gzip"));
  const headers = { "Content-Type": "application/wasm", ...(httpCopy ? { [HTTP_COPY]: httpCopy } : {}) };
  await cache.put(PLAIN_WASM, new Response(body, { headers }));
}

// Where the browser can (Chromium's static routing), a returning visit's requests for the kept
// files are answered from the cache without waking this worker (a few tens of milliseconds
// of the page's start: docs/benchmarks.md); the page's address, whatever its query, and the
// plain wasm (the HTTP cache's copy may be asked for) still come through the fetch handler
// below.  A file missing from the cache goes to the network, as it does there.
const ROUTES = [
  { condition: { requestMode: "navigate" }, source: "fetch-event" },
  { condition: { urlPattern: { pathname: new URL(PLAIN_WASM, self.location).pathname } },
    source: "fetch-event" },
  { condition: { requestMethod: "GET" }, source: { cacheName: CACHE } },
];

self.addEventListener("install", (event) => {
  event.addRoutes?.(ROUTES).catch((error) => console.info("boardgames: no static routes:", error.message));
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      await cache.addAll(self.PRECACHE.files.map(revalidated));
      if (EITHER.length) await keepWasm(cache);
    } catch (error) {
      await caches.delete(CACHE);
      throw error;
    }
    await self.skipWaiting();
  })());
});

// A new version takes over at once (skipWaiting), so the next load gets it.  No
// clients.claim(): the page that registered keeps loading from the network, as it began.
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
      .map((name) => caches.delete(name)))));
});

// The page's address ("./", "./index.html?game=vault") stands for the cached index.html.
function cacheKey(request) {
  const url = new URL(request.url);
  if (request.mode === "navigate") {
    url.search = "";
    if (url.href === self.registration.scope) return PAGE;
  }
  return KEPT.has(url.href) ? url.href : null;
}

// Opened once while this worker runs: a visit asks it for a hundred files.  (A failed
// open is asked again by the next request, as before, not kept.)
let opened = null;
function openCache() {
  if (!opened) {
    opened = caches.open(CACHE);
    opened.catch(() => { opened = null; });
  }
  return opened;
}

// Cache first for the kept files; anything else goes to the network untouched, and so does
// a request for what the HTTP cache holds only (interpreter.mjs's for the HTTP_COPY).
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" || event.request.cache === "only-if-cached") return;
  const key = cacheKey(event.request);
  if (!key) return;
  event.respondWith(
    openCache()
      .then((cache) => cache.match(key))
      .then((hit) => hit || fetch(event.request)));
});
