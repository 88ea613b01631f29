// Service worker: after the first visit the page, our Python files and the vendored
// runtime come from a cache, so the games start with no network at all.
// What to keep and the cache's name (a hash of every kept file's bytes) are in
// precache.js, written by tools/build_sw.py at `make vendor`.  The page registers this
// file once its board is live (start.js's registerOfflineCopy).
importScripts("./precache.js");

const CACHE = self.PRECACHE.cache;
const PREFIX = "boardgames-";
const EITHER = self.PRECACHE.either;  // the wasm's forms, gzipped then plain: kept plain (tools/build_sw.py)
const KEPT = new Set([...self.PRECACHE.files, ...EITHER].map((path) => new URL(path, self.location).href));
const PAGE = new URL("./index.html", self.location).href;

// "no-cache": revalidate with the server (a 304 where the visit fetched the file already),
// never copy a stale HTTP-cache entry.
const revalidated = (path) => new Request(path, { cache: "no-cache" });

/** The first of `paths` the visit fetched (the browser's HTTP cache holds it), else the
 * first: the wasm's form it came in, never downloaded in the other. */
async function fetchedOne(paths) {
  for (const path of paths) {
    try {
      const held = await fetch(path, { cache: "only-if-cached", mode: "same-origin" });
      if (held.ok) return path;
    } catch {
      // not in the HTTP cache
    }
  }
  return paths[0];
}

/** Keep Pyodide's wasm plain, from the form the visit fetched: a gzipped one is unpacked
 * here, once, so that every later start streams the wasm to the compiler as it is read
 * (nothing to unpack on the page's thread first). */
async function keepWasm(cache) {
  const fetched = await fetchedOne(EITHER);
  const plain = EITHER[EITHER.length - 1];
  const response = await fetch(revalidated(fetched));
  if (!response.ok) throw new Error(`${fetched}: HTTP ${response.status}`);
  const body = fetched === plain ? response.body : response.body.pipeThrough(new DecompressionStream("gzip"));
  await cache.put(plain, new Response(body, { headers: { "Content-Type": "application/wasm" } }));
}

self.addEventListener("install", (event) => {
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

// Cache first for the kept files; anything else goes to the network untouched.
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const key = cacheKey(event.request);
  if (!key) return;
  event.respondWith(
    openCache()
      .then((cache) => cache.match(key))
      .then((hit) => hit || fetch(event.request)));
});
