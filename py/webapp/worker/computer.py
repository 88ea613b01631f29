"""The computer's turns and the hints, without the DOM: which engine, slices, cancelling.

A search runs in the AI worker once it is ready (main.py sets `Computer.worker`), else
on the page's own thread in short slices with a yield to the browser between them.
Every search has a token: `cancel()` (new game, undo, players changed) makes the
running search's answer stale, so it is dropped and never played; `stop_early()`
("Move now") ends it at the next slice with the best move found so far.
"""

import asyncio
import json
import sys

from boardgames import GAME_IDS, game_class, game_ids
from boardgames.texts import N_

from webapp.worker import ai_worker
from webapp.state.session import COMPUTER

WORKER_SLICE = 0.1  # seconds per think() call in the worker
HERE_SLICE = 0.05  # seconds per slice on the page's thread (the page is frozen meanwhile)
WAIT_STEP = 0.05  # a demo's pause between moves is waited in steps this long
WORKER_PATIENCE = 15.0  # seconds without an answer after which the worker counts as broken
REVIEW_SECONDS = 0.18  # a review's second pass: search per position in the worker (100 moves: about 18 s)
# seconds a step of the worker's review (per position) and evaluation (per deepening
# slice): (in the worker, on the page's thread if the worker never came up: the page
# freezes meanwhile)
STEP_SECONDS = {"review": (REVIEW_SECONDS, 0.05), "evaluate": (0.3, 0.05)}
WORKER_WAIT = 20.0  # seconds a review waits for the worker to come up

# Pause before each move when the computer plays both sides, so watchers can follow.
SPEEDS = {"fast": 0.0, "normal": 0.8, "slow": 2.0}
SPEED_NAMES = {"fast": N_("Fast"), "normal": N_("Normal"), "slow": N_("Slow")}  # translated where shown


def is_demo(players):
    return all(who == COMPUTER for who in players.values())


def pause_before_move(players, speed):
    """Seconds to wait before the computer moves: only in a demo (computer against computer)."""
    return SPEEDS[speed] if is_demo(players) else 0.0


def added_games():
    """The games registered beyond the site's own, as ai_worker.register_games takes them:
    each module's name and source (the worker's interpreter has only the site's files)."""
    modules = dict.fromkeys(game_class(game_id).__module__ for game_id in game_ids() if game_id not in GAME_IDS)
    games = []
    for name in modules:
        with open(sys.modules[name].__file__, encoding="utf-8") as f:
            games.append({"module": name, "source": f.read()})
    return json.dumps(games)


class Here:
    """The search on the page's own thread: the worker's functions, called directly."""

    slice = HERE_SLICE

    async def start(self, *args):
        return ai_worker.start(*args)

    async def think(self, seconds):
        await asyncio.sleep(0)  # let the browser paint and handle input between slices
        return ai_worker.think(seconds)

    async def call(self, name, *args):
        """One of the worker's functions, here (after a yield to the browser)."""
        await asyncio.sleep(0)
        return getattr(ai_worker, name)(*args)


def out_of_patience():
    return asyncio.sleep(WORKER_PATIENCE)


class Worker:
    """The search in the AI worker: `proxy` has the worker's exported functions.  A call
    still unanswered when `give_up()` returns (WORKER_PATIENCE seconds) raises TimeoutError,
    so a dead worker cannot leave the computer thinking for ever."""

    slice = WORKER_SLICE

    def __init__(self, proxy, give_up=out_of_patience):
        self.proxy = proxy
        self.give_up = give_up

    async def _call(self, function, *args):
        async def call():
            return await function(*args)
        answer = asyncio.ensure_future(call())
        patience = asyncio.ensure_future(self.give_up())
        done, _ = await asyncio.wait({answer, patience}, return_when=asyncio.FIRST_COMPLETED)
        if answer in done:
            patience.cancel()
            return answer.result()
        answer.cancel()
        raise TimeoutError(f"the AI worker did not answer {function}")

    async def start(self, *args):
        return await self._call(self.proxy.start, *args)

    async def think(self, seconds):
        return await self._call(self.proxy.think, seconds)

    async def call(self, name, *args):
        """One of the worker's functions, in the worker."""
        return await self._call(getattr(self.proxy, name), *args)


class Computer:
    def __init__(self):
        self.worker = None  # a Worker once the AI worker is ready
        self.here = Here()
        self.token = 0
        self.busy = None  # "move" or "hint" while a search runs
        self.depth = 0  # depth reached by the running search
        # ended: played, cancelled or failed; in_worker: answered by the AI worker
        self.searches = {"started": 0, "ended": 0, "in_worker": 0}
        self._stop = False

    def cancel(self):
        """Forget the running search: its answer will be dropped."""
        self.token += 1
        self.busy = None
        self._stop = False

    def stop_early(self):
        """Move now: end the running search with its best move so far."""
        if self.busy:
            self._stop = True

    def search(self, kind, session, level, pause=0.0):
        """Start a search now, for `session` as it is now (any running one is cancelled):
        awaiting it gives the move the computer would play at `level` after waiting
        `pause` seconds, or None if the search was cancelled meanwhile."""
        self.cancel()
        self.busy, self.depth = kind, 0
        request = (session.game_id, json.dumps(session.options), session.start_fen,
                   json.dumps(session.moves), level)
        self.searches["started"] += 1
        return self._counted(self._search(self.token, request, pause))

    async def _counted(self, search):
        try:
            return await search
        finally:
            self.searches["ended"] += 1

    async def _search(self, token, request, pause):
        waited = 0.0
        while waited < pause and not self._stop:
            await asyncio.sleep(WAIT_STEP)
            waited += WAIT_STEP
            if token != self.token:
                return None
        engine = self.worker or self.here
        try:
            answer = await self._run(engine, request, token)
            self.searches["in_worker"] += engine is not self.here and answer is not None
        except Exception:  # noqa: BLE001 - a broken worker must not stop the computer
            if engine is self.here or token != self.token:
                raise
            self.worker = None
            answer = await self._run(self.here, request, token)
        if answer is None:
            return None
        self.busy = None
        self._stop = False
        return answer["best"]

    async def _run(self, engine, request, token):
        answer = json.loads(str(await engine.start(*request)))
        while token == self.token and not answer["done"] and not self._stop:
            answer = json.loads(str(await engine.think(engine.slice)))
            if token == self.token:
                self.depth = answer["depth"]
        return answer if token == self.token else None

    async def follow(self, kind, session, moves, progress, wanted):
        """Run the worker's `kind` ("review": every position of `moves`; "evaluate": the
        position after them) step by step: `progress(found)` after each (found: the
        worker's `<kind>_step` answer) until it is done, while `wanted()` says so.  In
        the worker once it is up (waited for up to WORKER_WAIT seconds), else here."""
        waited = 0.0
        while self.worker is None and waited < WORKER_WAIT and wanted():
            await asyncio.sleep(0.1)
            waited += 0.1
        engine = self.worker or self.here
        seconds = STEP_SECONDS[kind][engine is self.here]
        found = json.loads(str(await engine.call(f"{kind}_start", session.game_id, json.dumps(session.options),
                                                 session.start_fen, json.dumps(moves), seconds)))
        while wanted():
            progress(found)
            if found["done"]:
                return
            found = json.loads(str(await engine.call(f"{kind}_step")))
