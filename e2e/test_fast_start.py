"""How Python starts (interpreter.mjs, snapshot_maker.mjs, tools/fast_start.py): a first
visit from a snapshot made then on a thread of its own (and kept), then from the kept one;
where storage is refused, from the build's snapshot through the HTTP cache over a fast
link, else from one made on the spot; the plain way whenever a
snapshot is unsound, and the page plays every way.

The defects are made in a copy of the site (served like the real one) or in the kept
snapshot: a snapshot that is missing, corrupt, for another Pyodide build, or made from
other sources than the py/ served.
"""

import gzip
import hashlib
import json
import os
import re
import shutil
import tempfile
import time

import pytest
from browser import CHROMIUM, LAUNCH_ARGS, READY_TIMEOUT_MS, ROOT, CompressingHandler, serve
from page_helpers import REFUSED_STORAGE, Watch, class_page, counts_as_error, play_by_clicks, show_activity, state

import build_sw
import fast_start

# A first visit's link as the loader would measure it on an idle loopback (interpreter.mjs):
# where storage is refused, the build's snapshot is worth fetching.
FAST_LINK = "globalThis.boardgamesLinkRate = 50e6;"
# No storage, as in a cross-site frame in this Chromium: `caches` throws a SecurityError
# (with service workers blocked, a top-level page where PyScript itself can start).
NO_STORAGE = """Object.defineProperty(globalThis, "caches", {
    get() { throw new DOMException("The operation is insecure.", "SecurityError"); }})"""

# Whether the page's AI worker is not up (yet)
WORKER_DOWN = "async () => (await window.boardgames.memory()).worker == null"

# Whether the snapshot made here is kept: a python-snapshot-... cache holds its pages.
KEPT = """async () => {
    if (!(await navigator.serviceWorker.getRegistration())?.active) return false;  // the offline copy is not made yet
    for (const name of await caches.keys()) {
        if (name.startsWith("python-snapshot-") && (await (await caches.open(name)).keys()).length) return true;
    }
    return false;
}"""

# The names of this origin's caches once the service worker is installed: its own
# ("boardgames-...") and the one interpreter.mjs keeps the snapshot made here in.
CACHES = """async () => {
    await navigator.serviceWorker.ready;
    return (await caches.keys()).map((name) => name.replace(/-[0-9a-f]{16}$/, ""));
}"""

# The offline copy's plain wasm: its mark (sw.js's HTTP_COPY: the validator of the HTTP
# cache's copy it was taken from), null where it has none; undefined where none is kept.
KEPT_WASM = """async () => {
    const url = new URL("./vendor/pyodide/pyodide.asm.wasm", location.href).href;
    for (const name of await caches.keys()) {
        const kept = await (await caches.open(name)).match(url);
        if (kept) return kept.headers.get("X-Boardgames-Http-Copy");
    }
}"""
# The same wasm kept again with another mark (as if the HTTP cache's copy had changed since).
REMARK_KEPT_WASM = """async (mark) => {
    const url = new URL("./vendor/pyodide/pyodide.asm.wasm", location.href).href;
    for (const name of await caches.keys()) {
        const cache = await caches.open(name), kept = await cache.match(url);
        if (kept) {
            const headers = new Headers(kept.headers);
            headers.set("X-Boardgames-Http-Copy", mark);
            await cache.put(url, new Response(await kept.blob(), { headers }));
        }
    }
}"""

# Run by the page's own interpreter (PyScript runs a <script type="py"> added later with it):
# what a Python program could see of how the interpreter started.
PROBE = """
import json, os, random, sys
from pyscript import document
document.body.dataset.probe = json.dumps({
    "sys.path": sys.path, "os.environ": dict(os.environ), "sys.executable": sys.executable,
    "sys.argv": sys.argv, "sys.orig_argv": sys.orig_argv, "sys.flags": str(sys.flags),
    "cwd": os.getcwd(), "random": random.random(),
    "jspi": bool(sys.modules["pyodide_js"]._module.jspiSupported),
    "precompiled": sorted(set(sys.modules["webapp.precompiled"].used)) if "webapp.precompiled" in sys.modules else None,
    "compiled": [source.lstrip().split("\\n")[0] for source, _ in sys.modules["_kept_runs"].compiled],
    "stdlib": sorted(name for name, module in list(sys.modules.items())
                     if (getattr(module, "__file__", None) or "").startswith("/lib/python"))})
"""


def python_start(page):
    """How interpreter.mjs started the page's Python: {how, reason, seconds, rate}."""
    return page.evaluate("window.boardgamesPython")


def asked(page, name):
    """When the page first asked for its file `name` (ms from navigation)."""
    return page.evaluate("""name => performance.getEntriesByType("resource")
        .find((entry) => new URL(entry.name).pathname.endsWith("/" + name)).startTime""", name)


def probe(page, code=PROBE):
    """What `code` (Python run by the page's interpreter) put in body[data-probe], as JSON."""
    page.evaluate("""code => {
        delete document.body.dataset.probe;
        const script = document.createElement("script");
        script.type = "py";
        script.textContent = code;
        document.body.append(script);
    }""", code)
    page.wait_for_selector("body[data-probe]", state="attached", timeout=60_000)
    return json.loads(page.evaluate("document.body.dataset.probe"))


def watched(page, seen, console=None):
    page.on("request", lambda r: seen.requests.append(r.url))
    page.on("console", lambda m: counts_as_error(m) and seen.console_errors.append(m.text))
    page.on("pageerror", lambda e: seen.console_errors.append(str(e)))
    if console is not None:
        page.on("console", lambda m: console.append(m.text))
    return page


def open_ready(page, url):
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
    assert page.is_hidden("#loading") and page.locator(".py-error:visible").count() == 0
    return page


def manifest(root):
    with open(os.path.join(root, "vendor", "fast", "manifest.json")) as f:
        return json.load(f)


def copy_site(destination):
    """A copy of the served site: the runtime linked, everything else copied (to change)."""
    for name in build_sw.site_files(ROOT) + ["sw.js", "precache.js"]:
        target = os.path.join(destination, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if name.startswith(("vendor/pyodide/", "vendor/pyscript/")):
            os.symlink(os.path.join(ROOT, name), target)
        else:
            shutil.copy(os.path.join(ROOT, name), target)
    return destination


@pytest.fixture(scope="module", autouse=True)
def fast_files_built():
    if not os.path.exists(os.path.join(ROOT, "vendor", "fast", "manifest.json")):
        pytest.fail("vendor/fast/ is missing: `make vendor` builds it (tools/fast_start.py)")
    build_sw.write(ROOT)  # what `make vendor` does: precache.js matches the files served


def snapshot_kept(page, seconds=120):
    """Wait until the offline copy is made and the snapshot made in this browser kept
    (snapshot_maker.mjs: on a first visit, as Python starts; after a visit that started
    otherwise, once the offline copy is made)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(KEPT):
        assert time.monotonic() < deadline, "no snapshot was kept"
        page.wait_for_timeout(250)


def test_a_first_visit_restores_a_snapshot_made_off_the_page_then_every_visit_restores_it_and_so_does_the_ai_worker(browser, site):
    """A first visit downloads no snapshot: one is made on a thread of its own from what the
    visit fetched, restored, and kept.  The returning visit (browser closed and opened
    again on the same profile) restores it, fetching no runtime byte, and so does the AI
    worker, whose first move comes as usual."""
    first_visit, returning_visit, console = Watch(), Watch(), []
    snapshot = manifest(ROOT)["snapshot"]["file"]
    with tempfile.TemporaryDirectory() as profile:
        def launch(seen):
            context = browser.browser_type.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=LAUNCH_ARGS, headless=True,
                viewport={"width": 1100, "height": 850})
            return context, watched(context.pages[0] if context.pages else context.new_page(), seen, console)

        context, page = launch(first_visit)
        open_ready(page, f"{site}/index.html?game=tablut")
        first = python_start(page)
        assert first["how"] == "made" and "made on a thread of its own" in first["reason"], first
        # a first visit leaves the loader to PyScript, which imports it after its own modules
        assert asked(page, "interpreter.mjs") > asked(page, "core.js")
        play_by_clicks(page, "d1-d3")
        snapshot_kept(page)
        assert sorted(page.evaluate(CACHES)) == ["boardgames", "python-snapshot-kept"]
        assert any(re.match(r"boardgames: a snapshot was made and kept here in", line) for line in console), console
        assert not [url for url in first_visit.requests if snapshot in url], "no snapshot downloaded"
        context.close()

        context, page = launch(returning_visit)
        open_ready(page, f"{site}/index.html")
        returning = python_start(page)
        assert returning["how"] == "snapshot" and returning["reason"] is None, returning
        # a returning visit: start.js asks for the loader first, before PyScript's core
        assert asked(page, "interpreter.mjs") <= asked(page, "core.js")
        assert state(page)["game"] == "tablut" and state(page)["moves"] == ["d1-d3"]  # saved game is back
        assert not [url for url in returning_visit.requests if snapshot in url]
        console.clear()
        page.select_option("#player-w", "computer")
        page.wait_for_selector("body[data-worker='ready']", state="attached", timeout=READY_TIMEOUT_MS)
        page.wait_for_function("document.querySelectorAll('#move-list li').length >= 2", timeout=60_000)
        assert any(re.match(r"boardgames: Python started \(snapshot\)", line) for line in console), console
        context.close()
    for seen in (first_visit, returning_visit):
        assert seen.foreign_requests() == [] and seen.console_errors == []


@pytest.mark.parametrize("compressing, form", [(False, "gzipped"), (True, "plain")], ids=["plain server", "compressing server"])
def test_a_visit_fetches_the_wasm_in_one_form_and_the_offline_copy_fetches_nothing_again(browser, site_dir, compressing, form):
    """A first visit takes the gzipped wasm from a plain server, the plain one from a server
    that compresses it anyway, never both and no snapshot; the service worker keeps it plain
    (unpacking the gzipped one) without fetching any wasm again, the snapshot is made from
    it, and the returning visit streams the plain wasm, restores and plays, the server
    sending no runtime byte.  From the compressing server the plain wasm is kept marked as
    the HTTP cache's copy, and the returning visit compiles that copy (beside which V8 keeps
    its compiled code: docs/start-up.md); a third visit, once the kept copy's mark no longer
    matches the HTTP cache's, compiles the kept copy and plays all the same."""
    server = serve(site_dir, compressing)
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html?game=tablut"
    seen = Watch()

    def runtime_fetched():
        return [path for path, status in server.served if status == 200 and re.search(r"\.wasm|/vendor/fast/snapshot-", path)]

    try:
        with tempfile.TemporaryDirectory() as profile:
            for visit in ("first", "returning", "third")[:3 if compressing else 2]:
                context = browser.browser_type.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=LAUNCH_ARGS, headless=True)
                try:
                    page = open_ready(watched(context.pages[0] if context.pages else context.new_page(), seen), url)
                    started = python_start(page)
                    if visit == "first":
                        assert (started["how"], started["wasm"]) == ("made", form), started
                        snapshot_kept(page)
                        fetched = runtime_fetched()
                        assert fetched == [f"/vendor/{'pyodide/pyodide.asm.wasm' if form == 'plain' else 'fast/' + manifest(ROOT)['wasm']['file']}"], fetched
                        assert started["wasmFrom"] is None, started
                        mark = page.evaluate(KEPT_WASM)
                        assert (mark is not None) == compressing, mark
                    else:
                        assert (started["how"], started["wasm"]) == ("snapshot", "plain"), started
                        assert runtime_fetched() == fetched, "the returning visit fetches no runtime byte"
                        http_copy = visit == "returning" and compressing
                        assert started["wasmFrom"] == ("HTTP cache" if http_copy else "offline copy"), started
                        if http_copy:
                            page.evaluate(REMARK_KEPT_WASM, '"another copy"')
                    play_by_clicks(page, "d1-d3")  # (the link's game: a new one each visit)
                    assert state(page)["moves"] == ["d1-d3"]
                finally:
                    context.close()
    finally:
        server.shutdown()
    assert seen.console_errors == [] and seen.foreign_requests() == []


class RedeployedAfterDownload(CompressingHandler):
    """A host that compresses, whose plain wasm has a newer Last-Modified once a visit has
    downloaded it (the site deployed again meanwhile)."""

    def send_head(self):
        self.redeployed = self.path.endswith("/pyodide.asm.wasm") and any(
            path.endswith("/pyodide.asm.wasm") and status == 200 for path, status in self.server.served)
        return super().send_head()

    def date_time_string(self, timestamp=None):
        if timestamp is not None and self.redeployed:  # (not the Date header's)
            timestamp += 86_400
        return super().date_time_string(timestamp)


def test_the_offline_copy_marks_no_wasm_the_host_changed_since_the_visit_fetched_it(browser, site_dir):
    """Where the host's plain wasm is no longer the one the visit fetched, the service worker
    keeps it as the host now serves it, not marked as the HTTP cache's copy: a later visit
    would otherwise compile that copy, stale."""
    server = serve(site_dir, handler=RedeployedAfterDownload)
    try:
        with tempfile.TemporaryDirectory() as profile:
            context = browser.browser_type.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=LAUNCH_ARGS, headless=True)
            try:
                page = open_ready(context.pages[0], f"http://127.0.0.1:{server.server_address[1]}/index.html")
                assert python_start(page)["wasm"] == "plain"
                snapshot_kept(page)
                assert page.evaluate(KEPT_WASM) is None
            finally:
                context.close()
    finally:
        server.shutdown()


def no_storage_context(browser, **options):
    """A context refused storage (see NO_STORAGE) on a link fast enough for the build's
    snapshot."""
    context = browser.new_context(service_workers="block", **options)
    context.add_init_script(NO_STORAGE)
    context.add_init_script(FAST_LINK)
    return context


def test_a_restored_python_looks_like_a_plain_one_with_fresh_randomness(browser, site):
    """Nothing of the machine that made a snapshot shows after a restore (environment,
    paths, executable), whether the build made it or this browser did, and `random` is
    reseeded: two restores draw different numbers.  A restore of either snapshot parses
    no Python source: what the start runs came compiled in it.  No start uses JSPI."""
    def probed(context, how):
        page = watched(context.new_page(), Watch())
        open_ready(page, f"{site}/index.html")
        assert python_start(page)["how"] == how, python_start(page)
        seen = probe(page)
        page.close()
        return seen

    plain_context, built_context, here_context = browser.new_context(), no_storage_context(browser), browser.new_context()
    other = json.dumps({**manifest(ROOT), "pyodide": "0.0.0"})  # another Pyodide's: the plain way
    plain_context.route("**/vendor/fast/manifest.json", lambda route: route.fulfill(
        content_type="application/json", body=other))
    try:
        plain = probed(plain_context, "plain")
        page = open_ready(here_context.new_page(), f"{site}/index.html")
        snapshot_kept(page)
        page.close()
        restored = {"the build's": probed(built_context, "snapshot"), "made here": probed(here_context, "snapshot")}
        again = probed(here_context, "snapshot")
    finally:
        for context in (plain_context, built_context, here_context):
            context.close()
    assert len({plain.pop("random"), again["random"]} | {seen.pop("random") for seen in restored.values()}) == 4
    plain.pop("stdlib")
    # Pyodide runs no Python on JSPI's stacks of its own, where Chromium's garbage collector
    # crashed the page (snapshot.mjs), though this Chromium has JSPI
    blank = browser.new_page()
    assert plain["jspi"] is False and blank.evaluate("'Suspending' in WebAssembly")
    blank.close()
    assert plain.pop("precompiled") is None  # a plain start compiles (precompiled.py)
    # The Python run through runPython (snapshot.mjs KEPT_RUNS): a plain start compiles
    # PyScript's own start, the page's script and this probe; both snapshots keep the first
    # two compiled (the build's by tools/fast_start.py pyscript_start, the one made here as
    # its visit ran them): a restore parses no Python but this probe.
    probe_line = PROBE.lstrip().split("\n")[0]
    assert plain.pop("compiled")[:2] == ["import os as _os", "import webapp.main"]
    for seen in (*restored.values(), again):
        assert seen.pop("compiled") == [probe_line]
    dom = {f"/home/pyodide/webapp/{name}.py" for name in ("dom", "hook", "main", "panels/game_panels",
                                                           "panels/share_panel", "panels/coach_panel")}
    for kind, seen in restored.items():
        # every standard module the page uses was in the snapshot: none is compiled after a
        # restore (why the snapshot needs no precompiled stdlib)
        assert set(seen.pop("stdlib")) <= set(manifest(ROOT)["modules"]), kind
        # the page's DOM modules and PyScript's package came compiled in the snapshot, byte
        # for byte the files PyScript wrote
        kept = seen.pop("precompiled")
        assert dom <= set(kept) and "/home/pyodide/pyscript/__init__.py" in kept, kind
        assert seen == plain, kind
        assert seen["sys.path"].count("") == 1 and seen["sys.executable"] == "/home/pyodide/this.program"
        assert not [value for value in seen["os.environ"].values() if ROOT in value or "node" in value]


def test_a_standard_module_left_out_of_the_pages_stdlib_is_fetched_whole_once_imported(browser, site):
    """The page's stdlib zip holds what it imports (a third of Pyodide's); a program that
    imports another standard module, top-level or inside a package the zip holds in part,
    still gets it: Pyodide's whole zip is fetched, once, with a warning on the console."""
    context = browser.new_context()
    console = []
    try:
        page = watched(context.new_page(), Watch(), console)
        open_ready(page, f"{site}/index.html")
        assert python_start(page)["how"] == "made"
        found = probe(page, """
import json
from pyscript import document
import unittest, xml.dom.minidom, xml.sax.saxutils
document.body.dataset.probe = json.dumps([unittest.__file__, xml.sax.saxutils.__file__,
                                          xml.dom.minidom.parseString("<a/>").documentElement.tagName])
""")
    finally:
        context.close()
    assert {"unittest", "xml.dom.minidom"} <= set(manifest(ROOT)["stdlib"]["left_out"])
    # (the page's stdlib holds its modules compiled)
    assert found == ["/lib/python_stdlib_whole.zip/unittest/__init__.py", "/lib/python314.zip/xml/sax/saxutils.pyc", "a"]
    warnings = [line for line in console if "left out of the page's stdlib" in line]
    assert warnings == ["boardgames: the standard module unittest was left out of the page's stdlib: fetching the whole stdlib"]


def served_copy(change, root):
    """(server, URL of index.html) for a copy of the site in `root` changed by `change(root)`."""
    root = copy_site(str(root))
    change(root)
    server = serve(root)
    return server, f"http://127.0.0.1:{server.server_address[1]}/index.html"


def rewrite_snapshot(root, edit):
    """Replace the snapshot by edit(Python's memory it holds), keeping the manifest consistent."""
    listed = manifest(root)
    path = os.path.join(root, "vendor", "fast", listed["snapshot"]["file"])
    with open(path, "rb") as f:
        raw = fast_start.unpack(gzip.decompress(f.read()))
    pages = fast_start.pack(edit(raw))
    data = gzip.compress(pages, mtime=0)
    with open(path, "wb") as f:
        f.write(data)
    listed["snapshot"].update(sha256=hashlib.sha256(data).hexdigest(), unpacked_bytes=len(pages))
    write_manifest(root, listed)


def write_manifest(root, listed):
    with open(os.path.join(root, "vendor", "fast", "manifest.json"), "w") as f:
        json.dump(listed, f)


def list_snapshot_shorter(root):
    """The manifest gives the unzipped snapshot one byte less than it has."""
    listed = manifest(root)
    listed["snapshot"]["unpacked_bytes"] -= 1
    write_manifest(root, listed)


def snapshot_path(root):
    return os.path.join(root, "vendor", "fast", manifest(root)["snapshot"]["file"])


def flip_bytes(root):
    with open(snapshot_path(root), "r+b") as f:
        f.seek(100_000)
        f.write(b"\xff" * 64)


def other_build(raw):
    # bytes 16-48 of a snapshot hold the id of the Pyodide build that made it
    return raw[:16] + bytes(32) + raw[48:]


# | defect                                      | change to the served copy                       | reason given          |
FALLBACKS = [
    ("snapshot missing", lambda root: os.remove(snapshot_path(root)), r"HTTP 404"),
    ("snapshot corrupt", flip_bytes, r"is not the file the manifest names"),
    ("snapshot longer than listed", list_snapshot_shorter, r"unzipped, it is longer than \d+ bytes"),
    ("snapshot unreadable", lambda root: rewrite_snapshot(root, lambda raw: raw[: len(raw) // 2]),
     r"snapshot start failed"),
    ("snapshot of another build", lambda root: rewrite_snapshot(root, other_build),
     r"snapshot start failed: Snapshot build id mismatch"),
]


def plays_after_a_plain_start(context, seen, url, reason):
    """Vault opened in `context` (watched by `seen`) starts Python the plain way, saying
    `reason` (a pattern), and plays a move; returns the page."""
    page = open_ready(watched(context.new_page(), seen), url + "?game=vault")
    started = python_start(page)
    assert started["how"] == "plain" and re.search(reason, started["reason"]), started
    play_by_clicks(page, "a1-a2")
    assert page.inner_text("#status") == "Black to move"
    return page


@pytest.mark.parametrize("defect, change, reason", FALLBACKS, ids=[row[0] for row in FALLBACKS])
def test_a_bad_snapshot_falls_back_to_a_plain_start_that_plays(browser, defect, change, reason, tmp_path):
    """The build's snapshot, where storage is refused (a first visit over a fast link)."""
    server, url = served_copy(change, tmp_path)
    context = no_storage_context(browser, viewport={"width": 1100, "height": 850})
    seen = Watch()
    try:
        plays_after_a_plain_start(context, seen, url, reason)
    finally:
        context.close()
        server.shutdown()
    expected = [e for e in seen.console_errors if "404" in e and defect == "snapshot missing"]
    assert seen.console_errors == expected and seen.foreign_requests() == []


def flip_start_code(root):
    with open(os.path.join(root, "vendor", "fast", manifest(root)["start_code"]["file"]), "r+b") as f:
        f.seek(1000)
        f.write(b"#" * 16)


def list_other_memory(root):
    """The manifest gives Python's memory one page more than Pyodide starts with."""
    listed = manifest(root)
    listed["snapshot"]["memory_bytes"] += 4096
    write_manifest(root, listed)


# | defect              | change to the served copy | reason given                                                      | the snapshot kept after |
MAKER_FAILURES = [
    ("start code corrupt", flip_start_code, r"^the made start failed: start-code-\w+\.json is not the file the manifest names$", "kept"),
    ("memory not the build's", list_other_memory,
     r"^the made start failed: the snapshot could not be made here: Python's memory here is \d+ bytes, not the \d+ of the build$",
     r"^Python's memory here is \d+ bytes, not the \d+ of the build$"),
]


@pytest.mark.parametrize("defect, change, reason, kept", MAKER_FAILURES, ids=[row[0] for row in MAKER_FAILURES])
def test_a_first_visit_whose_snapshot_cannot_be_made_starts_plain_and_plays(browser, defect, change, reason, kept, tmp_path):
    """A first visit makes its snapshot in a worker before Python starts; where that fails
    (its start code damaged, or the memory the manifest gives is not the one Pyodide
    starts with), the page starts the plain way with the reason, plays, and once the
    offline copy is made tries again from what the visit ran: kept where only the start
    code was wrong, refused with the maker's own words where the memory is."""
    server, url = served_copy(change, tmp_path)
    context = browser.new_context(viewport={"width": 1100, "height": 850})
    seen = Watch()
    try:
        page = plays_after_a_plain_start(context, seen, url, reason)
        page.wait_for_function("window.boardgamesPython.keptSnapshot !== undefined", timeout=READY_TIMEOUT_MS)
        assert re.search(kept, page.evaluate("window.boardgamesPython.keptSnapshot"))
    finally:
        context.close()
        server.shutdown()
    assert seen.console_errors == [] and seen.foreign_requests() == []


def test_a_corrupt_gzipped_wasm_is_not_compiled_and_pyodide_takes_the_plain_one(browser, tmp_path):
    """The loader compiles the gzipped wasm it downloaded only if it is the manifest's file:
    garbage in it, and Pyodide fetches and compiles the plain wasm itself; Python restores
    the snapshot all the same, and the page plays."""
    def spoil_wasm(root):
        with open(os.path.join(root, "vendor", "fast", manifest(root)["wasm"]["file"]), "r+b") as f:
            f.seek(100_000)
            f.write(b"\xff" * 64)

    server, url = served_copy(spoil_wasm, tmp_path)
    context = no_storage_context(browser, viewport={"width": 1100, "height": 850})
    seen = Watch()
    try:
        page = open_ready(watched(context.new_page(), seen), url + "?game=vault")
        assert python_start(page)["how"] == "snapshot"
        fetched = [path for path, status in server.served if status == 200 and ".wasm" in path]
        assert fetched == [f"/vendor/fast/{manifest(ROOT)['wasm']['file']}", "/vendor/pyodide/pyodide.asm.wasm"], fetched
        play_by_clicks(page, "a1-a2")
        assert page.inner_text("#status") == "Black to move"
    finally:
        context.close()
        server.shutdown()
    assert seen.console_errors == [] and seen.foreign_requests() == []


# How a kept snapshot goes bad (its key, response), the next start's way and reason.
SPOILED = {
    "damaged": ("""cache.put(key, new Response(new Uint8Array(1000).fill(7), { headers: response.headers }))""",
                "plain", "the snapshot start failed: the kept snapshot is damaged"),
    "another version's": ("""response.arrayBuffer().then((pages) => {
                               const headers = new Headers(response.headers);
                               headers.set("X-Build-Snapshot-SHA256", "0".repeat(64));
                               return cache.put(key, new Response(pages.slice(0, 1000), { headers }));
                             })""",
                          "made", "no snapshot kept here yet: made on a thread of its own, then restored"),
}


@pytest.mark.parametrize("defect", list(SPOILED))
def test_a_damaged_or_stale_kept_snapshot_is_not_restored_and_is_made_again(browser, site, defect):
    """Garbage in the snapshot kept in this browser: the next start is the plain way (the
    reason on the console); one kept by another version of the site: the next start
    restores one made then.  The page plays, and a sound snapshot is made and kept again, which the
    next start restores."""
    spoil, how, reason = SPOILED[defect]
    context = browser.new_context()
    seen, console = Watch(), []
    kept = """async () => {
        const name = (await caches.keys()).find((n) => n.startsWith("python-snapshot-"));
        const cache = await caches.open(name);
        const [key] = await cache.keys();
        return [cache, key, await cache.match(key)];
    }"""
    try:
        page = open_ready(watched(context.new_page(), seen, console), f"{site}/index.html?game=vault")
        snapshot_kept(page)
        page.evaluate(f"""async () => {{
            const [cache, key, response] = await ({kept})();
            await {spoil};
        }}""")
        open_ready(page, f"{site}/index.html?game=vault")
        started = python_start(page)
        assert (started["how"], started["reason"]) == (how, reason), started
        play_by_clicks(page, "a1-a2")
        assert page.inner_text("#status") == "Black to move"
        deadline = time.monotonic() + 120
        while page.evaluate(f"({kept})().then(([, , response]) => response.arrayBuffer()).then((b) => b.byteLength)") <= 1000:
            assert time.monotonic() < deadline, "no sound snapshot kept again"
            page.wait_for_timeout(250)
        open_ready(page, f"{site}/index.html?game=vault")
        assert python_start(page)["how"] == "snapshot"
    finally:
        context.close()
    assert sum("a snapshot was made and kept here" in line for line in console) == 2, console
    assert seen.console_errors == [] and seen.foreign_requests() == []


def test_a_failed_fetch_of_the_snapshot_falls_back_to_a_plain_start(browser, site):
    context = no_storage_context(browser)
    context.route("**/vendor/fast/snapshot-*", lambda route: route.abort())
    try:
        page = open_ready(context.new_page(), f"{site}/index.html?game=vault")
        assert python_start(page)["how"] == "plain"
        play_by_clicks(page, "a1-a2")
    finally:
        context.close()


# | file changed (under py/boardgames/) | its text | what shows the change (the activity shown, clicked, then read) |
CHANGED_SOURCES = """
tablut.py   | Linnaeus' Viking game | play - #game-summary
lessons.txt | Learn Tablut          | learn #learn #coach-title
"""


@pytest.mark.parametrize("name, text, shown", [[field.strip() for field in line.split("|")]
                                               for line in CHANGED_SOURCES.strip().splitlines()])
def test_a_snapshot_made_from_other_sources_than_the_served_py_is_refused(browser, name, text, shown, tmp_path):
    """The snapshot holds the engine, and the lessons read, as they were built; the copy
    serves a changed file (a new summary for Tablut, a new title for its lesson).  The
    loader refuses the snapshot (the build's, where storage is refused; one made here is
    checked alike), and the page runs the served files: it shows the new text."""
    def change(root):
        path = os.path.join(root, "py", "boardgames", name)
        with open(path) as f:
            source = f.read()
        assert source.count(text) == 1
        with open(path, "w") as f:
            f.write(source.replace(text, "Changed after the snapshot"))

    server, url = served_copy(change, tmp_path)
    context = no_storage_context(browser)
    seen = Watch()
    activity, click, read = shown.split()
    try:
        page = open_ready(watched(context.new_page(), seen), url + "?game=tablut")
        started = python_start(page)
        assert started["how"] == "plain"
        assert started["reason"].endswith(f"py/boardgames/{name} has changed since the snapshot was made")
        show_activity(page, activity)
        if click != "-":
            page.click(click)
        assert page.inner_text(read).startswith("Changed after the snapshot")
        if click == "-":
            play_by_clicks(page, "d1-d3")
    finally:
        context.close()
        server.shutdown()
    assert seen.console_errors == []


def test_a_cross_site_embeds_ai_worker_restores_the_snapshot_its_page_restored(browser, site_dir, tmp_path):
    """A class page on another site embeds a game against the computer.  The frame is
    refused storage, so it restores the build's snapshot through the HTTP cache; its AI
    worker, refused storage too, asks the page and restores that snapshot from the HTTP
    cache as well (it started the lean way before), fetching no byte of it again, and the
    computer then thinks in the worker."""
    server = serve(site_dir)
    embed = f"http://127.0.0.1:{server.server_address[1]}/index.html?embed=1&autostart=1&game=vault&computer=black&level=1"
    html = f'<iframe title="vault" src="{embed}" width="700" height="700"></iframe>'
    worker_lines = []
    try:
        with class_page(browser, tmp_path, html, {"width": 900, "height": 800}, FAST_LINK) as (page, _):
            page.on("worker", lambda worker: worker.on("console", lambda m: worker_lines.append(m.text)))
            frame = page.frame(url=re.compile(r"embed=1"))
            frame.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
            assert frame.evaluate(REFUSED_STORAGE), "a cross-site frame: storage is refused"
            assert python_start(frame)["how"] == "snapshot"
            # the worker starts as soon as the computer is wanted; once it is up, it answers
            deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
            while time.monotonic() < deadline and frame.evaluate(WORKER_DOWN):
                page.wait_for_timeout(200)
            frame.evaluate("window.boardgames.play(window.boardgames.state().legal[0])")
            frame.wait_for_function("window.boardgames.state().moves.length >= 2", timeout=READY_TIMEOUT_MS)
            assert state(frame)["searches"]["in_worker"] == 1, "the computer thinks in its worker"
        started = [line for line in worker_lines if "Python started" in line]
        assert len(started) == 1 and "Python started (snapshot)" in started[0], worker_lines
        snapshots = [path for path, status in server.served if "/vendor/fast/snapshot-" in path]
        assert len(snapshots) == 1, f"the snapshot is fetched once, by the page: {snapshots}"
    finally:
        server.shutdown()


# Whether the frame has read the gzipped wasm (the last file warm() reads before unzipping).
WASM_READ = """() => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/vendor/fast/pyodide.asm-"))"""


def test_a_cross_site_embed_played_before_unzips_its_start_while_the_reader_looks(browser, site_dir, tmp_path):
    """A class page on another site embeds a game that waits for the reader's click; the
    frame is refused storage.  On a first visit nothing of the engine is fetched before the
    click.  The reader plays and comes back (the browser opened again on the same profile):
    while the picture shows, the frame unzips the build's snapshot and wasm from the HTTP
    cache, the click restores Python from them, fetching no runtime byte, and the board
    plays.  A reader who comes back without having played fetches nothing before a click."""
    server = serve(site_dir)
    embed = f"http://127.0.0.1:{server.server_address[1]}/index.html?embed=1&game=vault"
    (tmp_path / "class.html").write_text(f"<!doctype html><meta charset='utf-8'><title>Class page</title>"
                                         f"<link rel='icon' href='data:,'><iframe title='vault' src='{embed}' "
                                         f"width='700' height='700'></iframe>")
    class_server = serve(str(tmp_path))
    class_url = f"http://localhost:{class_server.server_address[1]}/class.html"
    seen = Watch(host_page=class_url.rsplit("/", 1)[0])

    def engine_fetched():
        # (vendor/icons/ is the page's own look, its icons' style sheet, not the engine)
        return sorted(path for path, _ in server.served if path.startswith(("/vendor/", "/interpreter.mjs"))
                      and not path.startswith("/vendor/icons/"))

    def visit(profile, play, warmed=False):
        """The picture shown and left a second (or, if `warmed`, until the frame has read the
        gzipped wasm from the HTTP cache), then, if `play`, clicked and a move made: the
        engine's files fetched before the click and how Python started, or None."""
        context = browser.browser_type.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=LAUNCH_ARGS, headless=True, viewport={"width": 900, "height": 800})
        context.add_init_script(FAST_LINK)
        try:
            page = watched(context.pages[0], seen)
            page.goto(class_url)
            frame = page.frame(url=re.compile(r"embed=1"))
            frame.wait_for_selector("#preview.drawn", state="attached", timeout=READY_TIMEOUT_MS)
            if warmed:
                frame.wait_for_function(WASM_READ, timeout=READY_TIMEOUT_MS)
            else:
                page.wait_for_timeout(1000)
            if not play:
                return None
            assert frame.evaluate(REFUSED_STORAGE), "a cross-site frame: storage is refused"
            before = engine_fetched()
            frame.click("#preview")
            frame.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
            frame.evaluate("window.boardgames.play(window.boardgames.state().legal[0])")
            assert len(state(frame)["moves"]) == 1
            return before, python_start(frame)
        finally:
            context.close()

    try:
        with tempfile.TemporaryDirectory() as profile:
            before, first = visit(profile, play=True)
            assert before == [], "nothing of the engine before the reader's click"
            assert first["how"] == "snapshot" and not first.get("ahead"), first
            fetched = engine_fetched()
            assert any("/vendor/fast/snapshot-" in path for path in fetched), fetched
            server.served.clear()
            before, again = visit(profile, play=True, warmed=True)
            assert again["how"] == "snapshot" and again.get("ahead"), again
            assert not any(re.search(r"\.wasm|/vendor/fast/snapshot-", path) for path in engine_fetched()), \
                "no runtime byte fetched again"
        server.served.clear()
        with tempfile.TemporaryDirectory() as profile:
            visit(profile, play=False)
            visit(profile, play=False)
            assert engine_fetched() == [], "a reader who never played fetches nothing of the engine"
    finally:
        server.shutdown()
        class_server.shutdown()
    assert seen.foreign_requests() == []
    # (the reader who came back without having played: one cache miss, the frame's question)
    assert [line for line in seen.console_errors if "ERR_CACHE_MISS" not in line] == []
    assert len(seen.console_errors) == 1, seen.console_errors


def test_where_storage_is_refused_python_still_restores_the_snapshot_from_the_http_cache(browser, site_dir):
    """Cross-site frames get no storage in this Chromium (NO_STORAGE): they can keep no
    snapshot of their own.  The loader goes through the HTTP cache instead: a first visit
    over this fast link fetches the gzipped wasm and the build's snapshot (never the plain
    wasm too), a returning one (the browser opened again on the same profile, whose disk
    cache holds them) restores the snapshot from there, fetching no runtime byte."""
    server = serve(site_dir)
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html?game=vault"
    seen = Watch()

    def runtime_fetched():
        return sorted(path for path, status in server.served
                      if status == 200 and re.search(r"\.wasm|/vendor/fast/snapshot-", path))

    def visit(profile):
        context = browser.browser_type.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=LAUNCH_ARGS, headless=True, service_workers="block")
        context.add_init_script(NO_STORAGE)
        context.add_init_script(FAST_LINK)
        try:
            page = open_ready(watched(context.new_page(), seen), url)
            started = python_start(page)
            assert started["how"] == "snapshot", started
            assert page.evaluate("navigator.serviceWorker.controller") is None
            play_by_clicks(page, "a1-a2")
            assert page.inner_text("#status") == "Black to move"
        finally:
            context.close()

    def python_fetched():  # the Python files: in one bundle (tools/build_site.py), never one by one
        return [path for path, _ in server.served if "/py/" in path or "/vendor/fast/files-" in path]

    try:
        with tempfile.TemporaryDirectory() as profile:
            visit(profile)
            fetched = runtime_fetched()
            assert [name.split("/")[-1].split("-")[0] for name in fetched] == ["pyodide.asm", "snapshot"], fetched
            assert python_fetched() == [f"/vendor/fast/{manifest(site_dir)['bundle']['file']}"]
            visit(profile)
            assert runtime_fetched() == fetched, "a returning visit fetches no runtime byte"
            assert len(python_fetched()) == 1, "the bundle comes from the HTTP cache"
    finally:
        server.shutdown()
    assert seen.console_errors == [] and seen.foreign_requests() == []


def test_a_damaged_bundle_of_the_python_files_is_replaced_by_each_file_and_the_snapshot_restored(browser, site_dir, tmp_path):
    """site/ serves PyScript's [files] in one bundle (tools/build_site.py).  In a copy of
    it the bundle is damaged: the loader refuses it with one note on the console, fetches
    each file instead, and Python restores the snapshot all the same (the files are the
    ones it was made over); the page plays."""
    bundle = manifest(site_dir)["bundle"]
    root = str(tmp_path)
    shutil.copytree(site_dir, root, dirs_exist_ok=True)
    with open(os.path.join(root, "vendor", "fast", bundle["file"]), "r+b") as f:
        f.seek(1000)
        f.write(b"#" * 64)
    server = serve(root)
    context = no_storage_context(browser)
    seen, console = Watch(), []
    try:
        page = open_ready(watched(context.new_page(), seen, console),
                          f"http://127.0.0.1:{server.server_address[1]}/index.html?game=vault")
        assert python_start(page)["how"] == "snapshot"
        play_by_clicks(page, "a1-a2")
        assert page.inner_text("#status") == "Black to move"
        each = sorted(path for path, status in server.served if path.startswith("/py/") and status == 200)
    finally:
        context.close()
        server.shutdown()
    assert each == sorted(path.removeprefix(".") for path in manifest(site_dir)["files"]["page"])
    notes = [line for line in console if "one by one" in line]
    assert notes == [f"boardgames: the Python files are fetched one by one: {bundle['file']} "
                     "is not the file the manifest names"], notes
    assert seen.console_errors == [] and seen.foreign_requests() == []
