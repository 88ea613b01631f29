"""Two friends on their own devices (two browser contexts) play a game by link: each move
gives a link that opens the game for the other, board turned their way, their side to
move.  A damaged link says what is wrong and changes nothing the visitor has."""

import re

import pytest
from browser import READY_TIMEOUT_MS
from page_helpers import open_ready, play_by_clicks, show_activity, state

from boardgames import get_game

SAVED = "localStorage.getItem('boardgames.saved')"



@pytest.mark.parametrize("device", [{"viewport": {"width": 1100, "height": 850}},
                                    {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}],
                         ids=["desktop", "phone"])
def test_two_friends_play_four_moves_by_link(browser, site, watch, device):
    devices = [browser.new_context(**device) for _ in range(2)]
    try:
        first = open_ready(devices[0], watch, f"{site}/index.html?game=tablut")
        play_by_clicks(first, "d1-d3")  # a game of one's own, saved in this browser
        saved = first.evaluate(SAVED)
        show_activity(first, "friend")
        first.select_option("#friend-side", "w")
        first.click("#friend-start")
        assert state(first)["friend"] == {"mode": "link", "side": "white", "connection": None}
        game, played, page = get_game("tablut"), ["d1-d3"], first
        for number in range(4):
            page.locator("#board").scroll_into_view_if_needed()  # (a phone shows the link below it)
            s = state(page)
            move = s["legal"][0]
            play_by_clicks(page, move)
            played.append(move)
            assert "friend's move" in page.inner_text("#friend-turn")
            link = page.input_value("#friend-link")
            assert link == page.evaluate("window.boardgames.friendLink()") and len(link) < 2000
            page.wait_for_selector("#friend-qr svg", state="attached")
            friends_man = game.move_cells(state(page)["legal"][0])[0]  # not the visitor's to move now
            page.mouse.click(*center(page, friends_man))
            assert state(page)["moves"] == played and "your friend's move" in page.inner_text("#message")
            page = open_ready(devices[(number + 1) % 2], watch, link)
            s = state(page)
            assert s["moves"] == played and s["friend"]["side"] == ("black" if number % 2 == 0 else "white")
            assert page.evaluate("window.boardgames.state().fen.split(' ')[1]") == s["friend"]["side"][0]
        assert first.evaluate(SAVED) == saved, "a game by link does not overwrite the saved game"
        assert page.inner_text("#friend-games") == "Tablut, you play white: your move (5 moves)"
        code = re.search(r"[?&]g=([^&]+)", link).group(1)
        damaged = link.replace(f"g={code}", f"g={code[:-2]}{'A' if code[-2] != 'A' else 'B'}{code[-1]}")
        broken = open_ready(devices[0], watch, damaged)
        assert "does not check out" in broken.inner_text("#message") or "damaged" in broken.inner_text("#message")
        assert state(broken)["friend"] is None and state(broken)["moves"] == ["d1-d3"], "the saved game is back"
        show_activity(broken, "friend")
        broken.click("#friend-games a")  # the game by link is one click away
        broken.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
        assert state(broken)["moves"] == played and state(broken)["friend"]["side"] == "white"
    finally:
        for context in devices:
            context.close()
    assert watch.console_errors == [] and watch.foreign_requests() == []


def center(page, cell):
    point = page.evaluate("name => window.boardgames.squareCenter(name)", cell)
    return point["x"], point["y"]
