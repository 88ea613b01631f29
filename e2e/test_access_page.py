"""Playing by keyboard alone, what screen readers are told, and the page on a phone
(360 px, touch) and in the dark theme."""

import os

from browser import READY_TIMEOUT_MS
from page_helpers import counts_as_error, new_game, state

DATA = os.path.join(os.path.dirname(__file__), "data", "scripted_games.txt")


def tablut_escape():
    """The scripted Tablut game in which the king escapes (e2e/data/scripted_games.txt)."""
    with open(DATA) as f:
        for line in f:
            fields = [p.strip() for p in line.split("#", 1)[0].split("|")]
            if fields[0] == "tablut" and fields[2] == "white":
                return fields[1].split(), fields[3]
    raise AssertionError("no Tablut escape in the scripted games")


def cursor_to(page, cell):
    """Walk the keyboard cursor to `cell` with the arrow keys (a square board, not flipped)."""
    if state(page)["cursor"] is None:
        page.keyboard.press("ArrowUp")  # the first arrow shows the cursor where it is
    here = state(page)["cursor"]
    files = ord(cell[0]) - ord(here[0])
    ranks = int(cell[1:]) - int(here[1:])
    keys = ["ArrowRight" if files > 0 else "ArrowLeft"] * abs(files)
    keys += ["ArrowUp" if ranks > 0 else "ArrowDown"] * abs(ranks)
    for key in keys:
        page.keyboard.press(key)
    assert state(page)["cursor"] == cell
    assert page.get_attribute("#board", "aria-label").startswith(f"{cell}: ")


def test_a_whole_game_by_keyboard_with_spoken_moves(module_page):
    page = module_page
    new_game(page, "tablut")
    page.focus("#board")
    cursor_to(page, "e5")
    assert page.get_attribute("#board", "aria-label") == "e5: white king"
    # Escape drops a selection made with Enter
    cursor_to(page, "a4")
    page.keyboard.press("Enter")
    assert state(page)["selected"] == "a4"
    assert page.get_attribute("#board", "aria-label") == "a4: black soldier, selected"
    page.keyboard.press("Escape")
    assert state(page)["selected"] is None
    moves, reason = tablut_escape()
    for number, move in enumerate(moves, start=1):
        src, dst = move.split("-")
        cursor_to(page, src)
        page.keyboard.press("Enter")
        cursor_to(page, dst)
        page.keyboard.press("Space" if number % 2 else "Enter")
        assert state(page)["moves"] == moves[:number], page.inner_text("#message")
        if number == 1:
            assert page.text_content("#announce") == "Black a4 to a3. White to move."
    assert state(page)["result"] == {"winner": "white", "reason": reason}
    assert page.text_content("#announce") == f"White c6 to c9. White wins: {reason}."
    page.click("#undo")
    assert page.text_content("#announce") == "A move taken back. White to move."
    new_game(page, "tablut")
    assert page.text_content("#announce") == "Black to move."


def frame_pixel(page, cell):
    """RGBA where the keyboard cursor's frame crosses the left half of `cell`."""
    return page.evaluate("""name => {
        const c = document.getElementById('board'), p = window.boardgames.squareCenter(name);
        const q = window.boardgames.squareCenter(name === 'a1' ? 'b1' : 'a1');
        const unit = Math.abs(p.x - q.x) / Math.max(1, Math.abs(name.charCodeAt(0) - (name === 'a1' ? 98 : 97)));
        const r = c.getBoundingClientRect(), k = c.width / r.width;
        return Array.from(c.getContext('2d').getImageData((p.x - 0.4 * unit - r.left) * k, (p.y - r.top) * k, 1, 1).data);
    }""", cell)


def test_the_cursor_is_drawn_and_follows_a_flipped_board(module_page):
    page = module_page
    new_game(page, "tablut")
    plain = frame_pixel(page, "e4")
    page.click("#flip")
    page.focus("#board")
    if state(page)["cursor"] is None:
        page.keyboard.press("ArrowUp")  # shows the cursor
    cursor_to_flipped = state(page)["cursor"]
    page.keyboard.press("ArrowUp")  # up the screen is down the ranks when flipped
    assert state(page)["cursor"] == cursor_to_flipped[0] + str(int(cursor_to_flipped[1:]) - 1)
    page.click("#flip")
    page.focus("#board")
    cursor_to(page, "e4")
    assert frame_pixel(page, "e4") != plain, "the cursor's frame is drawn"
    page.keyboard.press("Tab")  # leaving the board hides the cursor
    assert state(page)["cursor"] is None and frame_pixel(page, "e4") == plain


def test_a_phone_in_the_dark_plays_by_touch_without_sideways_scrolling(browser, site):
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True,
                                  is_mobile=True, color_scheme="dark")
    page = context.new_page()
    errors = []
    page.on("console", lambda m: counts_as_error(m) and errors.append(m.text))
    page.goto(f"{site}/index.html?game=tablut")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)
    for cell in ("d1", "d3"):
        point = page.evaluate("name => window.boardgames.squareCenter(name)", cell)
        page.touchscreen.tap(point["x"], point["y"])
    assert state(page)["moves"] == ["d1-d3"]
    assert page.text_content("#announce") == "Black d1 to d3. White to move."
    page.select_option("#level", "1")
    page.select_option("#player-w", "computer")  # the computer's move is announced too
    page.wait_for_function("window.boardgames.state().moves.length === 2", timeout=60_000)
    reply = state(page)["moves"][1].split("-")
    assert page.text_content("#announce").startswith(f"White {reply[0]} to {reply[1]}")
    assert page.text_content("#announce").endswith("Black to move.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    board_width = page.evaluate("document.getElementById('board').getBoundingClientRect().width")
    assert 300 <= board_width <= 360
    small = page.evaluate("""[...document.querySelectorAll('button, select, summary')]
        .filter(e => e.offsetParent).map(e => e.getBoundingClientRect().height).filter(h => h < 40)""")
    assert small == []
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    red, green, blue = [int(v) for v in background[background.index("(") + 1:-1].split(",")[:3]]
    assert red + green + blue < 150, background
    text = page.evaluate("getComputedStyle(document.getElementById('status')).color")
    assert sum(int(v) for v in text[text.index("(") + 1:-1].split(",")[:3]) > 500, text
    context.close()
    assert errors == []
