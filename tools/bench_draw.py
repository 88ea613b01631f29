"""Drawing the board, in CPython: the Python side of one frame, per game, mid-game with a
man selected and the pointer over one of its destinations.

    change   a change of the page: the scene computed, then drawn
    pointer  a pointer move: the same scene drawn again with the pointer elsewhere (the page
             since the house issue); `again` beside it computes the scene anew for every
             move, as the page did before
The context records nothing (the browser's canvas costs are not Python's).
Usage: python3 tools/bench_draw.py [--frames 200]
"""

import argparse
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))

from boardgames import GAME_IDS  # noqa: E402
from webapp.drawing.layout import Layout, board_cells  # noqa: E402
from boardgames.drawing.render import draw_scene  # noqa: E402
from webapp.drawing.scene import Scene  # noqa: E402
from webapp.state.session import Session  # noqa: E402
from webapp.state.view import View  # noqa: E402


class NullContext:
    """A canvas context that draws nothing."""

    def __getattr__(self, name):
        return lambda *args: None


def mid_game(game_id, seed=1, plies=12):
    """(session, view, destinations): a game after some random moves, a man with
    destinations selected."""
    session = Session(game_id)
    rng = random.Random(seed)
    for _ in range(plies):
        legal = session.legal()
        if not legal or session.result is not None:
            break
        session.play(rng.choice(legal))
    for move in session.legal():
        source = session.game.move_cells(move)[0]
        session.select(source)
        destinations = sorted(session.destinations(source))
        if destinations:
            return session, View(), destinations
    return session, View(), []


def per_frame(work, frames):
    start = time.perf_counter()
    for frame in range(frames):
        work(frame)
    return (time.perf_counter() - start) / frames * 1000


def timings(game_id, frames):
    """(change, pointer, again) milliseconds per frame for one game."""
    ctx = NullContext()
    session, view, destinations = mid_game(game_id)
    layout = Layout(board_cells(session.game), 600, 600)
    pointed = destinations + [None]
    scene = Scene(session, view)

    def change(frame):
        draw_scene(ctx, layout, Scene(session, view), view, 600, 600)

    def pointer(frame):
        view.hover = pointed[frame % len(pointed)]
        draw_scene(ctx, layout, scene, view, 600, 600)

    def again(frame):
        view.hover = pointed[frame % len(pointed)]
        draw_scene(ctx, layout, Scene(session, view), view, 600, 600)

    return per_frame(change, frames), per_frame(pointer, frames), per_frame(again, frames)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=200)
    frames = parser.parse_args().frames
    print(f"{'game':18} {'change ms':>10} {'pointer ms':>11} {'again ms':>9}")
    for game_id in GAME_IDS:
        change, pointer, again = timings(game_id, frames)
        print(f"{game_id:18} {change:10.3f} {pointer:11.3f} {again:9.3f}")


if __name__ == "__main__":
    main()
