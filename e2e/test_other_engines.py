"""The page in the two other browser engines: Firefox (Debian's firefox-esr, over WebDriver
BiDi through e2e/engines/firefox_bridge.mjs) and WebKit, Safari's engine (Debian's
WebKitGTK MiniBrowser through WebKitWebDriver and Selenium, on a virtual X display).

One smoke, written once against a four-call driver (goto, evaluate, wait, click), in each
engine: the page starts, a move by clicks, the computer's reply, a puzzle solved, an embed
started by a click on its picture, and a returning visit started from the snapshot the
engine made and kept itself on the first visit; a game
reviewed by the AI worker.

A first visit restores the snapshot this engine makes then on a thread of its own
(snapshot_maker.mjs) and keeps; the returning visit must restore it, under the service worker.  Both engines do this (Firefox
ESR and WebKitGTK both run the service worker and module workers); a test that sees them
start otherwise fails with the loader's `reason`."""

import json
import os
import shutil
import subprocess

import pytest
from browser import ROOT

from boardgames import get_game
from boardgames.puzzles import puzzles_for, read_puzzles
from webapp.drawing.layout import Layout, board_cells

FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
BRIDGE = os.path.join(ROOT, "e2e", "engines", "firefox_bridge.mjs")
START_MS = 180_000  # WebKit starts Python several times slower than Chromium here
STEP_MS = 60_000
READY = "document.body.dataset.ready === '1'"


class Firefox:
    """firefox_bridge.mjs in a node process: one JSON line each way per call."""

    name = "firefox"

    def __init__(self, profile):
        if not os.path.exists(FIREFOX):
            pytest.fail(f"{FIREFOX} is missing: `apt-get install -y firefox-esr` (make test does it)")
        self.console_errors = []
        self.process = subprocess.Popen(["node", BRIDGE, str(profile)], cwd=ROOT, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def _call(self, **command):
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        while True:
            line = self.process.stdout.readline()
            assert line, f"firefox_bridge.mjs ended (exit {self.process.poll()})"
            answer = json.loads(line)
            if "console" in answer:
                self.console_errors.append(answer["console"])
            elif "error" in answer:
                raise AssertionError(f"firefox: {command} failed: {answer['error']}")
            else:
                return answer["value"]

    def goto(self, url):
        self._call(op="goto", url=url)

    def evaluate(self, expression):
        return self._call(op="evaluate", expression=expression)

    def wait(self, expression, timeout_ms=STEP_MS):
        self._call(op="wait", expression=expression, timeout=timeout_ms)

    def click(self, x, y):
        self._call(op="click", x=x, y=y)

    def close(self):
        self.process.stdin.close()
        code = self.process.wait(timeout=60)
        self.process.stdout.close()
        assert code == 0, f"firefox_bridge.mjs exited with {code}"


class WebKit:
    """WebKitGTK's MiniBrowser in automation mode, through Selenium's WebKitGTK driver."""

    name = "webkit"

    def __init__(self, display):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service
        for path in (WEBKIT_DRIVER, MINIBROWSER):
            if not os.path.exists(path):
                pytest.fail(f"{path} is missing: `apt-get install -y webkit2gtk-driver` (make test does it)")
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": display})
        self.console_errors = []  # (WebKitWebDriver gives no console log)
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        # a viewport of 1100x850 as in the other engines: the window holds MiniBrowser's bars too
        self.driver.set_window_size(1100, 850)
        width, height = self.driver.execute_script("return [innerWidth, innerHeight]")
        self.driver.set_window_size(2 * 1100 - width, 2 * 850 - height)
        self.driver.set_script_timeout(STEP_MS / 1000)

    def goto(self, url):
        self.driver.get(url)

    def evaluate(self, expression):
        answer = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "Promise.resolve().then(() => (0, eval)(arguments[0]))"
            ".then((value) => done({value}), (error) => done({error: String(error)}));", expression)
        assert "error" not in answer, f"webkit: {expression} failed: {answer['error']}"
        return answer.get("value")

    def wait(self, expression, timeout_ms=STEP_MS):
        from selenium.webdriver.support.ui import WebDriverWait
        WebDriverWait(self.driver, timeout_ms / 1000, poll_frequency=0.1).until(
            lambda _: self.evaluate(expression), f"still false: {expression}")

    def click(self, x, y):
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(round(x), round(y))
        actions.pointer_action.click()
        actions.perform()

    def close(self):
        self.driver.quit()


@pytest.fixture(scope="module")
def display():
    """An X display for WebKit: the session's, else a virtual one (Debian's xvfb)."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    if not shutil.which("Xvfb"):
        pytest.fail("Xvfb is missing: `apt-get install -y xvfb` (make test does it)")
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as answer:
        number = answer.readline().strip()
    assert number, "Xvfb did not start"
    yield f":{number}"
    server.terminate()
    server.wait(timeout=30)


@pytest.fixture(params=["firefox", "webkit"])
def engine(request, tmp_path):
    if request.param == "firefox":
        driver = Firefox(tmp_path / "profile")
    else:
        driver = WebKit(request.getfixturevalue("display"))
    yield driver
    driver.close()


def state(engine):
    return engine.evaluate("window.boardgames.state()")


def click_cell(engine, name):
    point = engine.evaluate(f"window.boardgames.squareCenter({json.dumps(name)})")
    engine.click(point["x"], point["y"])


def open_ready(engine, url):
    engine.goto(url)
    engine.wait(READY, START_MS)
    assert engine.evaluate("[...document.querySelectorAll('.py-error')].filter(e => e.offsetParent).length") == 0


# Selenium's own WebKitGTK driver hands Remote a URL, which Remote passes on the deprecated way.
@pytest.mark.filterwarnings("ignore:setting remote_server_addr in RemoteConnection:DeprecationWarning")
def test_the_page_starts_plays_and_embeds(engine, site):
    # A move by clicks (Black moves first in Tablut), and the computer's reply.
    open_ready(engine, f"{site}/index.html?game=tablut&computer=white&level=1")
    game = get_game("tablut")
    first = state(engine)["legal"][0]
    for cell in game.move_cells(first):
        click_cell(engine, cell)
    engine.wait("window.boardgames.state().moves.length === 2")
    moves = state(engine)["moves"]
    assert moves[0] == first and moves[1] in game.legal(game.play(game.new(), first))

    # The game reviewed by the AI worker: an evaluation per position.
    found = engine.evaluate("window.boardgames.analyse().then(() => window.boardgames.state().analysis)")
    assert found["done"] and len(found["evals"]) == 3

    # A first visit makes its snapshot on a thread of its own, restores it and keeps it.
    assert engine.evaluate("window.boardgamesPython.how") == "made"
    engine.wait("window.boardgamesPython.keptSnapshot !== undefined", START_MS)
    assert engine.evaluate("window.boardgamesPython.keptSnapshot") == "kept"

    # A puzzle: its winning move, by clicks.
    puzzles = puzzles_for("tablut", read_puzzles())
    number, puzzle = next((n, p) for n, p in enumerate(puzzles, start=1) if p.moves == 1)
    open_ready(engine, f"{site}/index.html?game=tablut&puzzle={number}")
    assert state(engine)["coach"]["kind"] == "puzzle"
    for cell in puzzle.game().move_cells(puzzle.solution[0]):
        click_cell(engine, cell)
    engine.wait("window.boardgames.state().coach.passed")
    assert engine.evaluate("document.getElementById('coach-feedback').textContent") == \
        f"{puzzle.solution[0]} wins. Solved!"

    # An embed: the board's picture, and the engine started by a click on it, which is kept.
    engine.goto(f"{site}/index.html?embed=1&game=vault&size=6")
    engine.wait("performance.getEntriesByName('board-shown').length === 1")
    assert engine.evaluate("document.body.dataset.engine") == "waiting"
    assert engine.evaluate("(p => p.classList.contains('drawn') && !p.hidden && p.offsetWidth > 0"
                           " && p.querySelector('#preview-board svg') !== null)(document.getElementById('preview'))"), \
        "the embed shows the board's picture"
    box = engine.evaluate("(b => ({x: b.x, y: b.y, width: b.width, height: b.height}))"
                          "(document.getElementById('preview').getBoundingClientRect())")
    layout = Layout(board_cells(get_game("vault", size=6)), box["width"], box["height"])
    x, y = layout.center("a1")
    engine.click(box["x"] + x, box["y"] + y)
    engine.wait(READY, START_MS)
    assert state(engine)["selected"] == "a1"

    # A returning visit: under the service worker, from the snapshot made here.
    engine.wait("navigator.serviceWorker.ready.then(() => true)")
    open_ready(engine, f"{site}/index.html?game=vault")
    assert engine.evaluate("navigator.serviceWorker.controller !== null"), "the offline copy serves the page"
    started = engine.evaluate("window.boardgamesPython")
    assert started["how"] == "snapshot" and started["reason"] is None, started
    assert started["rate"] is None, f"nothing measured: all from the offline copy: {started}"
    assert engine.console_errors == []


def test_live_play_between_firefox_and_chromium(browser, site, tmp_path):
    """The live codes carry between engines: Firefox hosts, Chromium joins, a move each way."""
    firefox = Firefox(tmp_path / "profile")
    guest = browser.new_context().new_page()
    try:
        open_ready(firefox, f"{site}/index.html?game=tablut")
        code = firefox.evaluate("window.boardgames.liveHost('black')")
        guest.goto(f"{site}/index.html")
        guest.wait_for_selector("body[data-ready='1']", state="attached", timeout=START_MS)
        answer = guest.evaluate("async code => await window.boardgames.liveJoin(code)", code)
        assert firefox.evaluate(f"window.boardgames.liveAccept({json.dumps(answer)}).then(() => 'connected')") == \
            "connected"
        guest.wait_for_function("window.boardgames.state().friend && "
                                "window.boardgames.state().friend.connection === 'connected'")
        first = state(firefox)["legal"][0]
        for cell in get_game("tablut").move_cells(first):
            click_cell(firefox, cell)
        guest.wait_for_function("window.boardgames.state().moves.length === 1")
        reply = guest.evaluate("window.boardgames.state().legal[0]")
        assert guest.evaluate(f"window.boardgames.play({json.dumps(reply)}).ok")
        firefox.wait("window.boardgames.state().moves.length === 2")
        assert state(firefox)["moves"] == [first, reply] == guest.evaluate("window.boardgames.state().moves")
        assert firefox.console_errors == []
    finally:
        guest.context.close()
        firefox.close()
