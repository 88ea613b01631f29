"""Moves in motion and men dragged, as players meet them: a mouse drag, a touch drag with
the man lifted above the finger, a drop on a wrong cell, a tap-tap, and no motion when
the system asks for reduced motion or when the history is stepped through; with Draw on,
a finger draws circles and arrows."""

from browser import READY_TIMEOUT_MS
from page_helpers import click_cell, close_sheet, new_game, open_sheet, show_activity, state


def centre(page, cell):
    point = page.evaluate("name => window.boardgames.squareCenter(name)", cell)
    return point["x"], point["y"]


def drag(page, src, dst, dy=0):
    """Press on `src`, move in steps, release at `dst`'s centre moved down by `dy` px."""
    (x0, y0), (x1, y1) = centre(page, src), centre(page, dst)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1, y1 + dy, steps=6)
    page.mouse.up()


def test_a_move_slides_and_a_mouse_drag_plays(module_page):
    page = module_page
    new_game(page, "tablut")
    before = state(page)["motions"]
    click_cell(page, "d1")
    click_cell(page, "d3")
    assert state(page)["moves"] == ["d1-d3"] and state(page)["motions"] == before + 1
    page.wait_for_function("!window.boardgames.state().moving", timeout=5000)
    drag(page, "e3", "f3")  # White's soldier dragged one cell
    after = state(page)
    assert after["moves"] == ["d1-d3", "e3-f3"], after["message"]
    assert after["motions"] == before + 1, "a dropped man is already in place: no slide"


def test_a_drop_on_a_wrong_cell_puts_the_man_back_and_says_why(module_page):
    page = module_page
    new_game(page, "uos")
    drag(page, "c5", "d4")  # a pawn does not step diagonally to an empty cell
    after = state(page)
    assert after["moves"] == [] and after["selected"] == "c5"
    assert after["message"] == "c5 cannot move to d4."
    click_cell(page, "g5")  # the tap-tap still works after it
    assert state(page)["moves"] == ["c5-g5"]


# Counts, for each animation frame, the callbacks asked for during the one before it.
COUNT_FRAME_REQUESTS = """() => {
    const ask = window.requestAnimationFrame.bind(window);
    window.__askFrame = window.requestAnimationFrame;
    window.__frameRequests = [];
    window.__countFrames = true;
    let asked = 0;
    const tick = () => {
        if (!window.__countFrames) return;
        window.__frameRequests.push(asked);
        asked = 0;
        ask(tick);
    };
    window.requestAnimationFrame = (callback) => { asked += 1; return ask(callback); };
    ask(tick);
}"""


def test_moves_played_faster_than_they_slide_keep_one_animation_going(module_page):
    page = module_page
    new_game(page, "tablut")
    page.evaluate(COUNT_FRAME_REQUESTS)
    try:
        before = state(page)["motions"]
        moves = ("d1-d3", "e3-f3", "a4-a3", "f3-f2", "a3-a4", "f2-f3", "a4-a3", "f3-f2")
        # all in one go: each one while the last still slides
        assert page.evaluate("ms => ms.map(m => window.boardgames.play(m).ok)", moves) == [True] * len(moves)
        assert state(page)["motions"] == before + len(moves)
        for _ in range(100):  # (not wait_for_function: its polling asks for frames too)
            if not state(page)["moving"]:
                break
            page.wait_for_timeout(50)
        assert not state(page)["moving"]
        asked = page.evaluate("window.__frameRequests")
        assert max(asked) == 1, f"animation frames asked for per frame: {asked}"
    finally:
        page.evaluate("() => { window.__countFrames = false; window.requestAnimationFrame = window.__askFrame; }")


def test_no_motion_when_stepping_through_the_history(module_page):
    page = module_page
    new_game(page, "tablut")
    for move in ("d1-d3", "e3-f3", "a4-a3"):
        assert page.evaluate("m => window.boardgames.play(m)", move)["ok"]
    page.wait_for_function("!window.boardgames.state().moving", timeout=5000)
    before = state(page)["motions"]
    for index in ("1", "2", "1"):
        page.click(f"#move-list button[data-index='{index}']")
        assert state(page)["moving"] is False
    page.click("#back-to-game")
    assert state(page)["reviewing"] is None and state(page)["motions"] == before


def phone_page(browser, url):
    """(context, page, touch(kind, x, y)) of a phone with touch at `url`: touch dispatches
    a touch event through the DevTools protocol, as a finger would."""
    context = browser.new_context(viewport={"width": 390, "height": 800}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
    cdp = context.new_cdp_session(page)

    def touch(kind, x, y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    return context, page, touch


def finger_drag(touch, start, end):
    (x0, y0), (x1, y1) = start, end
    touch("touchStart", x0, y0)
    for k in range(1, 7):
        touch("touchMove", x0 + (x1 - x0) * k / 6, y0 + (y1 - y0) * k / 6)
    touch("touchEnd", 0, 0)


def test_a_touch_drag_lifts_the_man_above_the_finger(browser, site):
    context, page, touch = phone_page(browser, f"{site}/index.html?game=tablut")
    (x0, y0), (x1, y1) = centre(page, "d1"), centre(page, "d3")
    unit = y0 - centre(page, "d2")[1]
    # The finger ends half a cell below d3: the man, drawn lifted above it, is over d3.
    finger_drag(touch, (x0, y0), (x1, y1 + unit * 0.6))
    assert state(page)["moves"] == ["d1-d3"], state(page)["message"]
    context.close()


def test_with_draw_on_a_finger_draws_circles_and_arrows_and_plays_nothing(browser, site):
    context, page, touch = phone_page(browser, f"{site}/index.html?game=tablut&moves=d1-d3")
    show_activity(page, "review")  # (drawing on the board is a review's tool)
    page.tap("#draw-toggle")
    page.locator("#board").scroll_into_view_if_needed()
    finger_drag(touch, centre(page, "d3"), centre(page, "b3"))  # an arrow
    page.touchscreen.tap(*centre(page, "f1"))  # a circle
    assert state(page)["moves"] == ["d1-d3"] and state(page)["selected"] is None
    open_sheet(page, "share")
    assert "1. d1-d3 {[%csl Gf1] [%cal Gd3b3]}" in page.input_value("#record-text")
    close_sheet(page, "share")
    page.tap("#draw-toggle")  # Draw off: a tap selects again
    page.locator("#board").scroll_into_view_if_needed()
    page.touchscreen.tap(*centre(page, "e3"))
    assert state(page)["selected"] == "e3"
    context.close()


def test_no_motion_under_reduced_motion(browser, site):
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 1100, "height": 850})
    page = context.new_page()
    page.goto(f"{site}/index.html?game=tablut&moves=d1-d3+e3-f3")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
    click_cell(page, "a4")
    click_cell(page, "a3")
    assert state(page)["moves"][-1] == "a4-a3" and state(page)["motions"] == 0
    context.close()
