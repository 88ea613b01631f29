"""A computer-against-computer demo stays healthy game after game (tools/soak_demo.py
plays a hundred): no PyProxy left alive, no event listener added, no console error (the
fixture fails the test on any)."""

from page_helpers import menu_item

GAME_OVER = "document.body.dataset.result"


def test_demo_games_leave_no_proxies_or_listeners(open_page, context):
    page = open_page("?game=vault&size=6&computer=both&level=1")
    # (a first visit's snapshot is made by a worker whose two handlers count as listeners
    # until it is done: a one-off, not a game's)
    page.wait_for_function("boardgamesPython.how === 'snapshot' || boardgamesPython.keptSnapshot !== undefined",
                           timeout=120_000, polling=250)
    page.select_option("#speed", "fast")
    menu_item(page, "sound")  # a sound's nodes live until it ends: this test is about the games
    assert page.get_attribute("#sound", "aria-pressed") == "false"
    page.click("#menu-button")  # (the menu closed again)
    cdp = context.new_cdp_session(page)
    assert page.evaluate("window.boardgames.memory(true)")["proxies"] == 0
    seen = []
    for _ in range(3):
        page.wait_for_function(GAME_OVER, timeout=120_000, polling=250)
        cdp.send("HeapProfiler.collectGarbage")
        memory = page.evaluate("window.boardgames.memory()")
        if page.get_attribute("body", "data-worker") == "ready":
            assert memory["worker"]["objects"] > 1000, "the AI worker's interpreter answers"
        seen.append((memory["proxies"], cdp.send("Memory.getDOMCounters")["jsEventListeners"]))
        assert page.evaluate("document.querySelectorAll('#move-list li').length") > 0
        page.click("#new-game")
        assert page.evaluate(GAME_OVER) == ""
    assert [proxies for proxies, _ in seen] == [0, 0, 0], "PyProxies made during the games stay alive"
    assert seen[1][1] == seen[2][1], f"event listeners grew from game to game: {seen}"
