"""Offline after the first visit: the service worker (sw.js) keeps the page and the runtime,
so with the server stopped the page starts again, takes clicks, runs the AI worker and
opens in another language."""

import os
import sys
import time

from browser import READY_TIMEOUT_MS, ROOT, serve
from page_helpers import Watch, counts_as_error, engine_modules, modules_asked_for, play_by_clicks, state

sys.path.insert(0, os.path.join(ROOT, "tools"))
import build_sw  # noqa: E402


def watched_page(context, seen, responses):
    """A page that records what `seen` (conftest.Watch) records, and every response."""
    page = context.new_page()
    page.on("response", lambda r: responses.append(r))
    page.on("request", lambda r: seen.requests.append(r.url))
    page.on("requestfailed", lambda r: seen.console_errors.append(f"failed: {r.url}"))
    page.on("console", lambda m: counts_as_error(m) and seen.console_errors.append(m.text))
    page.on("pageerror", lambda e: seen.console_errors.append(str(e)))
    return page


def routed_by(context, page):
    """URL -> how Chromium's static routing (sw.js's ROUTES) answered it: "cache" (straight
    from the offline copy, the worker left asleep), "fetch-event" (the worker's fetch
    handler) or None (no route), for each response `page` gets from now on."""
    routes = {}
    session = context.new_cdp_session(page)
    session.on("Network.responseReceived", lambda event: routes.__setitem__(
        event["response"]["url"], (event["response"].get("serviceWorkerRouterInfo") or {}).get("actualSourceType")))
    session.send("Network.enable")
    return routes


def test_the_page_starts_and_plays_with_the_server_stopped(browser, site_dir):
    server = serve(site_dir)  # its precache.js lists the files served (tools/build_site.py)
    site = f"http://127.0.0.1:{server.server_address[1]}"
    context = browser.new_context(viewport={"width": 1100, "height": 850})
    try:
        online, offline, served = Watch(), Watch(), []
        page = watched_page(context, online, [])
        page.goto(f"{site}/index.html")
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
        cache = page.evaluate("""async () => {
            const registration = await navigator.serviceWorker.ready;  // installed: all precached
            // the service worker's caches (interpreter.mjs keeps the snapshot made here in its own)
            const names = (await caches.keys()).filter((name) => name.startsWith("boardgames-"));
            const cache = await caches.open(names[0]);
            return {names, active: registration.active.state, kept: (await cache.keys()).length};
        }""")
        assert cache["active"] in ("activating", "activated")
        assert len(cache["names"]) == 1 and cache["names"][0].startswith("boardgames-")
        assert cache["kept"] == len(build_sw.precache_files(site_dir))

        server.shutdown()
        server.server_close()
        page.close()
        page = watched_page(context, offline, served)
        routes = routed_by(context, page)
        start = time.monotonic()
        page.goto(f"{site}/?game=vault")  # the site's root and a query: the cached index.html
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
        print(f"offline: ready {time.monotonic() - start:.1f} s after navigation")
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        # The page's address went through the worker (it stands for index.html whatever its
        # query); every file it then asked for came straight from the offline copy.
        ours = {url.removeprefix(site): how for url, how in routes.items() if url.startswith(site)}
        assert ours.pop("/?game=vault") == "fetch-event"
        assert {"/start.js", "/interpreter.mjs", "/vendor/pyodide/pyodide.asm.mjs", "/css/style.css"} <= set(ours)
        assert set(ours.values()) == {"cache"}, ours
        # PyScript's modules were all asked for at once (start.js, as tools/build_site.py
        # lists them), and they are the ones PyScript loads.
        listed = engine_modules(site_dir)
        assert len(listed) > 3 and {path for path in ours if path.startswith("/vendor/pyscript/")} == \
            {path.removeprefix(".") for path in listed}
        asked = modules_asked_for(page)
        assert set(listed) <= set(asked) and len(asked) == len(set(asked)), "each asked for once"
        assert state(page)["game"] == "vault"
        play_by_clicks(page, "a1-a2")
        assert "a1-a2" in page.inner_text("#move-list")
        # The AI worker starts offline too (its config, the engine, the runtime) and answers.
        page.select_option("#player-b", "computer")
        page.wait_for_selector("body[data-worker='ready']", state="attached", timeout=READY_TIMEOUT_MS)
        page.wait_for_function("document.querySelectorAll('#move-list li').length >= 2", timeout=60_000)
        assert len(state(page)["moves"]) == 2
        # Another language offline: its catalogue was kept too.
        page.goto(f"{site}/?game=tablut&lang=sv")
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
        assert state(page)["lang"] == "sv" and page.inner_text("#settings-open") == "Inställningar"
        # Everything came from the worker's cache: none from the browser's HTTP cache.
        from_network = [r.url for r in served if r.url.startswith(site) and not r.from_service_worker]
        assert from_network == [], "not precached (tools/build_sw.py)"
        assert len(served) > 30
        assert online.console_errors == [] and offline.console_errors == []
        assert online.foreign_requests() == [] and offline.foreign_requests() == []
    finally:
        context.close()
        server.server_close()
