"""The computer's turns without a browser: the worker's functions, cancelling, Move now,
falling back to the page's thread, the demo's pace and the hint arrow."""

import asyncio
import json

import pytest
from helpers import drawn

from boardgames import get_game
from webapp.worker import ai_worker
from webapp.worker.computer import Computer, Worker, is_demo, pause_before_move
from webapp.drawing.render import THEMES
from webapp.state.session import COMPUTER, HUMAN, Session
from webapp.state.view import View


class Proxy:
    """The AI worker as the page sees it (functions returning awaitables), with a hook
    called before each think() so a test can act while the computer thinks."""

    def __init__(self, on_think=None, fail=False, hang=False):
        self.calls = []
        self.on_think, self.fail, self.hang = on_think, fail, hang

    async def start(self, *args):
        self.calls.append("start")
        return ai_worker.start(*args)

    async def think(self, seconds):
        self.calls.append("think")
        if self.fail:
            raise RuntimeError("the worker died")
        if self.hang:
            await asyncio.Future()  # never answers
        if self.on_think:
            self.on_think(self.calls.count("think"))
        return ai_worker.think(seconds)


def played_session(game_id, moves, **players):
    session = Session(game_id, players={"w": HUMAN, "b": HUMAN, **players})
    for move in moves:
        session.play(move)
    return session


def test_the_worker_replays_the_moves_and_answers_a_legal_move():
    session = played_session("tablut", ["d1-d3", "e3-f3"])
    answer = json.loads(ai_worker.start("tablut", "{}", session.start_fen, json.dumps(session.moves), 1))
    assert answer["best"] in session.legal() and answer["done"] is False
    while not answer["done"]:
        answer = json.loads(ai_worker.think(0.05))
    assert answer["best"] in session.legal() and answer["depth"] >= 1


def test_the_worker_takes_the_games_options():
    game = get_game("vault", size=6)
    answer = json.loads(ai_worker.start("vault", '{"size": 6}', game.fen(game.new()), "[]", 1))
    assert answer["best"] in game.legal(game.new())


def test_a_search_on_the_pages_thread_plays_a_legal_move():
    session = played_session("tablut", ["d1-d3"])
    computer = Computer()
    move = asyncio.run(computer.search("move", session, 1))
    assert move in session.legal()
    assert computer.busy is None


def test_the_worker_is_used_once_ready():
    session = played_session("tablut", [])
    computer = Computer()
    computer.worker = Worker(Proxy())
    move = asyncio.run(computer.search("move", session, 1))
    assert move in session.legal()
    assert computer.worker.proxy.calls[0] == "start" and "think" in computer.worker.proxy.calls


def test_move_now_plays_the_best_move_so_far_after_one_more_slice():
    session = played_session("tablut", [])
    computer = Computer()
    computer.worker = Worker(Proxy(on_think=lambda n: computer.stop_early()))
    move = asyncio.run(computer.search("move", session, 4))  # Expert: seconds if not stopped
    assert move in session.legal()
    assert computer.worker.proxy.calls == ["start", "think"]
    assert computer.busy is None


def test_a_cancelled_search_answers_nothing_and_the_next_one_plays():
    """Undo, new game or players changed while the computer thinks: the old answer is
    dropped, and the computer is not left stuck for its next turn."""
    session = played_session("tablut", ["d1-d3"])
    computer = Computer()
    computer.worker = Worker(Proxy(on_think=lambda n: n == 2 and computer.cancel()))
    assert asyncio.run(computer.search("move", session, 4)) is None
    assert computer.busy is None
    assert computer.worker.proxy.calls == ["start", "think", "think"], "no slice after the cancel"
    computer.worker.proxy.on_think = None
    assert asyncio.run(computer.search("move", session, 1)) in session.legal()


def test_a_new_search_makes_the_running_ones_answer_stale():
    first = played_session("tablut", [])
    second = played_session("tablut", ["d1-d3"])
    computer = Computer()

    async def both():
        running = asyncio.ensure_future(computer.search("move", first, 4))
        await asyncio.sleep(0)  # the first search is under way
        hint = await computer.search("hint", second, 1)
        return await running, hint

    stale, hint = asyncio.run(both())
    assert stale is None
    assert hint in second.legal()


def test_a_broken_worker_falls_back_to_the_pages_thread():
    session = played_session("tablut", [])
    computer = Computer()
    computer.worker = Worker(Proxy(fail=True))
    assert asyncio.run(computer.search("move", session, 1)) in session.legal()
    assert computer.worker is None


def test_a_worker_that_never_answers_falls_back_to_the_pages_thread():
    session = played_session("tablut", [])
    computer = Computer()
    computer.worker = Worker(Proxy(hang=True), give_up=lambda: asyncio.sleep(0))  # patience runs out at once
    assert asyncio.run(computer.search("move", session, 1)) in session.legal()
    assert computer.worker is None
    assert computer.searches == {"started": 1, "ended": 1, "in_worker": 0}


def test_the_demo_pauses_between_moves_only_when_the_computer_plays_both_sides():
    assert is_demo({"w": COMPUTER, "b": COMPUTER})
    assert pause_before_move({"w": COMPUTER, "b": COMPUTER}, "slow") > pause_before_move(
        {"w": COMPUTER, "b": COMPUTER}, "normal") > pause_before_move({"w": COMPUTER, "b": COMPUTER}, "fast")
    assert pause_before_move({"w": COMPUTER, "b": HUMAN}, "slow") == 0


def test_move_now_skips_the_demos_pause():
    session = played_session("tablut", [], w=COMPUTER, b=COMPUTER)
    computer = Computer()
    computer.worker = Worker(Proxy())

    async def stopped():
        running = asyncio.ensure_future(computer.search("move", session, 4, pause=600))
        await asyncio.sleep(0)
        computer.stop_early()
        return await running

    assert asyncio.run(stopped()) in session.legal()
    assert computer.worker.proxy.calls == ["start"], "stopped before the first slice"


def test_a_hint_is_drawn_as_an_arrow_to_the_destination():
    session = Session("tablut")
    view = View()
    plain, layout = drawn(session, view)
    view.hint = "d1-d3"
    hinted, _ = drawn(session, view)
    arrow = [m for m in hinted.marks if m not in plain.marks]
    colour = THEMES["light"]["hint"]
    assert {m.style for m in arrow} == {colour}
    (x0, y0), (_, y1) = layout.center("d1"), layout.center("d3")
    box = (min(m.box[0] for m in arrow), min(m.box[1] for m in arrow),
           max(m.box[2] for m in arrow), max(m.box[3] for m in arrow))
    assert box == pytest.approx((x0, y1, x0, y0), abs=layout.unit * 0.3), "from d1's centre to d3's"
    view.reviewing = 0  # a past position shows no hint
    session.play("d1-d2")
    reviewed, _ = drawn(session, view)
    assert not reviewed.fills(colour) and not reviewed.strokes(colour)
