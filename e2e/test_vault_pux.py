"""Vault and Pux in the page, by real clicks: the board-size control and URL, the jump
line through the pivot, the far-rank warning, the Draw button, Pux's move builder
(carry toggles by button and by shift-click, captures), and whole scripted games."""

import os

from page_helpers import click_cell, new_game, state

DATA = os.path.join(os.path.dirname(__file__), "data", "vault_pux_games.txt")


def scripted(game_id):
    """(options text, moves, winner, reason) of the scripted game of `game_id`."""
    with open(DATA) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line.startswith(game_id + " "):
                _, option, moves, winner, reason = [p.strip() for p in line.split("|")]
                return option, moves.split(), winner, reason
    raise LookupError(game_id)


def canvas_pixel(page, x, y):
    """RGBA of the canvas at viewport point (x, y)."""
    return page.evaluate("""([x, y]) => {
        const c = document.getElementById('board'), r = c.getBoundingClientRect(), k = c.width / r.width;
        return Array.from(c.getContext('2d').getImageData((x - r.left) * k, (y - r.top) * k, 1, 1).data);
    }""", [x, y])


def centre(page, name):
    return page.evaluate("name => window.boardgames.squareCenter(name)", name)


def rows(fen):
    return fen.split()[0].count("/") + 1


def finish(page, winner, reason):
    s = state(page)
    assert s["result"] == {"winner": winner, "reason": reason}
    assert page.inner_text("#status") == f"{winner.capitalize()} wins: {reason}"
    assert page.get_attribute("body", "data-result") == winner


# -- Vault ------------------------------------------------------------------------------------
def test_vault_size_comes_from_the_url_and_the_size_control(module_page, site):
    page = module_page
    page.goto(f"{site}/index.html?game=vault&size=8")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
    assert state(page)["options"] == {"size": 8} and rows(state(page)["fen"]) == 8
    assert page.is_visible("#option-size") and page.input_value("#option-size") == "8"
    page.select_option("#option-size", "12")
    s = state(page)
    assert s["options"] == {"size": 12} and rows(s["fen"]) == 12 and centre(page, "l12") is not None
    page.click("#new-game")  # a new game keeps the chosen size
    assert state(page)["options"] == {"size": 12}
    new_game(page, "pux")
    assert page.is_hidden("#game-options") and page.is_hidden("#draw")


def test_vault_jump_capture_and_far_rank_win_by_clicks(module_page):
    page = module_page
    new_game(page, "vault")
    option, moves, winner, reason = scripted("vault")
    page.select_option("#option-size", option.split("=")[1])
    assert rows(state(page)["fen"]) == 6
    for move in moves:
        src, dst = move.split("-")
        click_cell(page, src)
        if move == "b1-d3":  # hovering the landing cell draws the jump through the pivot c2
            a, b = centre(page, "b1"), centre(page, "c2")
            probe = ((a["x"] + b["x"]) / 2, (a["y"] + b["y"]) / 2)
            before = canvas_pixel(page, *probe)
            page.mouse.move(centre(page, "d3")["x"], centre(page, "d3")["y"])
            assert canvas_pixel(page, *probe) != before, "the jump line crosses b1-c2"
        click_cell(page, dst)
        assert state(page)["moves"][-1] == move, page.inner_text("#message")
        if move == "c2-e4":
            assert state(page)["fen"].split()[0].count("p") == 5, "the jump captured e4"
        if move == "d5-d6":
            assert page.inner_text("#notes") == "White's pawn on d6 wins next turn unless captured."
    finish(page, winner, reason)
    assert page.is_hidden("#notes") and page.is_hidden("#draw")
    assert page.inner_text("#move-list").split() == moves


def test_draw_button_between_humans(module_page):
    page = module_page
    new_game(page, "vault")
    assert page.is_visible("#draw")
    page.select_option("#player-b", "computer")
    assert page.is_hidden("#draw"), "no agreed draw against the computer"
    page.select_option("#player-b", "human")
    click_cell(page, "a1")
    click_cell(page, "a2")
    page.click("#draw")
    s = state(page)
    assert s["result"] == {"winner": None, "reason": "drawn by agreement"} and s["legal"] == []
    assert page.inner_text("#status") == "Draw: drawn by agreement"
    assert page.get_attribute("body", "data-result") == "draw" and page.is_hidden("#draw")
    page.click("#undo")
    s = state(page)
    assert s["result"] is None and s["moves"] == ["a1-a2"] and page.is_visible("#draw")
    assert page.inner_text("#status") == "Black to move"


# -- Pux --------------------------------------------------------------------------------------
def carry_by_shift_click(page, cell):
    page.keyboard.down("Shift")
    click_cell(page, cell)
    page.keyboard.up("Shift")


def test_pux_tells_the_side_that_moved_sideways(module_page):
    page = module_page
    new_game(page, "pux")
    for src, dst in (("b2", "a2"), ("g7", "g6")):
        click_cell(page, src)
        click_cell(page, dst)
    assert state(page)["moves"] == ["b2-a2", "g7-g6"]
    assert page.inner_text("#notes") == "White moved sideways last turn, so it may not move sideways now."
    click_cell(page, "a2")
    assert "a3" in state(page)["targets"] and "b2" not in state(page)["targets"]
    click_cell(page, "b2")  # back sideways: refused
    assert state(page)["moves"] == ["b2-a2", "g7-g6"]
    assert page.inner_text("#message") == "a2 cannot move to b2: white's last move was sideways (no two in a row)."


def test_pux_builder_transport_capture_and_a_whole_game_by_clicks(module_page):
    page = module_page
    new_game(page, "pux")
    _, moves, winner, reason = scripted("pux")
    transports = 0
    for move in moves:
        head, _, dst = move.replace(":", "-").partition("-")
        mover, _, carried = head.partition(",")
        click_cell(page, mover)
        if carried:
            toggle = (lambda c: page.click(f"#builder button[data-cell='{c}']")) if transports == 0 \
                else (lambda c: carry_by_shift_click(page, c))
            before = state(page)["targets"]
            for k in range(0, len(carried), 2):
                toggle(carried[k:k + 2])
            s = state(page)
            assert s["carried"] == [carried[k:k + 2] for k in range(0, len(carried), 2)]
            assert s["targets"] != before and dst in s["targets"]
            if transports == 0:  # b2 carrying b1: MP 4 shared by two pieces
                assert page.inner_text("#builder .mp") == "Move potential: 4"
                assert page.get_attribute("#builder button[data-cell='b1']", "aria-pressed") == "true"
                assert s["targets"] == ["a2", "a3", "b3", "b4"]
            transports += 1
        elif ":" in move:
            assert "capture" in page.inner_text("#builder")
            assert dst in state(page)["targets"]
        click_cell(page, dst)
        assert state(page)["moves"][-1] == move, page.inner_text("#message")
        assert page.is_hidden("#builder")
    assert transports == 2
    finish(page, winner, reason)
    assert page.inner_text("#move-list").split() == moves
