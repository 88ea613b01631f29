"""Review by clicks, one game per family: a game whose one move missed a proved win in
one (from the project's puzzles) is reviewed in the AI worker; the move gets `??` in the
move list, the better move is drawn as an arrow on the board, and the advantage graph
opens the positions it is clicked at."""

import re

import pytest
from page_helpers import close_sheet, open_ready, open_sheet, screen_pixels, show_activity, state

from boardgames.analysis import Review
from boardgames.puzzles import read_puzzles
from webapp.state.session import Session
from webapp.words import sharing

FAMILIES = ["vut", "tablut", "vault", "pux", "uos"]
CHECK_NODES = 20_000  # the missed move leaves no forced win even at this depth (the page searches less)


def missed_win(game_id):
    """(the puzzle, the move played instead of its win in 1, which leaves no forced win)."""
    puzzle = next(p for p in read_puzzles() if p.game_id == game_id and p.moves == 1)
    game, start = puzzle.game(), puzzle.start()
    mover = "white" if start.turn == "w" else "black"
    for move in sorted(game.legal(start)):
        if move == puzzle.solution[0] or game.result(game.play(start, move)) is not None:
            continue
        review = Review(game, game.play(start, move), [], nodes=CHECK_NODES)
        review.step()
        if not (isinstance(review.evals[0], dict) and review.evals[0]["win"] == mover):
            return puzzle, move
    raise AssertionError(f"{game_id}: every other move keeps a forced win")


def blueness(pixel):
    r, g, b, _ = pixel
    return b - r


@pytest.mark.parametrize("game_id", FAMILIES)
def test_review_marks_a_missed_win_and_draws_the_better_move(context, site, watch, game_id):
    puzzle, missed = missed_win(game_id)
    game = puzzle.game()
    session = Session(game_id, options=dict(game.chosen), fen=puzzle.position)
    session.play(missed)
    page = open_ready(context, watch, sharing.page_link(f"{site}/index.html", session, 2))
    assert state(page)["moves"] == [missed]
    winning = puzzle.solution[0]
    src, dst = (page.evaluate("name => window.boardgames.squareCenter(name)", cell) for cell in game.move_cells(winning))
    middle = ((src["x"] + dst["x"]) / 2, (src["y"] + dst["y"]) / 2)
    assert blueness(screen_pixels(page, [middle])[0]) < 40, "no arrow before the review"
    show_activity(page, "review")
    page.click("#analyse")
    page.wait_for_function("window.boardgames.state().analysis && window.boardgames.state().analysis.done",
                           timeout=60_000)
    found = state(page)["analysis"]
    assert [(m["ply"], m["mark"], m["best"]) for m in found["marks"]] == [(1, "??", winning)]
    assert len(found["evals"]) == 2 and found["evals"][0]["win"] == ("white" if puzzle.start().turn == "w" else "black")
    assert page.inner_text("#move-list button[data-index='1']").replace("\n", "") == f"{missed}??"
    assert page.inner_text("#analysis-move").startswith(f"Move 1 ({missed}??) is a blunder: better was {winning}")
    assert blueness(screen_pixels(page, [middle])[0]) > 60, "the better move's arrow"
    page.locator("#analysis-graph").click(position={"x": 2, "y": 40})  # the start position
    assert state(page)["reviewing"] == 0
    assert page.inner_text("#analysis-move") == ""
    page.focus("#analysis-graph")
    page.keyboard.press("ArrowRight")  # back to the position after the move
    assert state(page)["reviewing"] is None and page.inner_text("#analysis-move").startswith("Move 1")
    page.locator("#analysis-graph").click(position={"x": 2, "y": 40})
    page.locator("#board").scroll_into_view_if_needed()
    for cell in game.move_cells(winning):  # the better move in the start position: a variation
        point = page.evaluate("name => window.boardgames.squareCenter(name)", cell)
        page.mouse.click(point["x"], point["y"])
    assert state(page)["moves"] == [winning] and state(page)["variations"] == 1, state(page)["message"]
    assert page.locator("#result-card").is_hidden()  # (a variation that ends the game says so in the status)
    assert page.inner_text("#message").startswith("A variation begins with move 1")
    assert re.sub(r"\s", "", page.inner_text("#move-list")) == f"{missed}(1.{winning})"
    page.click("#move-list button.off-board")  # the game's own move: its line and review come back
    assert state(page)["moves"] == [missed] and state(page)["analysis"]["done"]
    assert [m["ply"] for m in state(page)["analysis"]["marks"]] == [1]
    assert watch.console_errors == [] and watch.foreign_requests() == []


def test_a_teachers_link_with_engine_0_has_no_review_and_no_hint(context, site, watch):
    page = open_ready(context, watch, f"{site}/index.html?game=pux&moves=b2-b3&engine=0")
    show_activity(page, "review")
    assert page.locator("#analyse").is_hidden() and page.locator("#hint").is_hidden()
    error = page.evaluate("async () => { try { await window.boardgames.analyse(); return ''; } "
                          "catch (e) { return e.message; } }")
    assert "turned the computer's help off" in error and state(page)["analysis"] is None
    assert watch.console_errors == [] and watch.foreign_requests() == []


def test_learn_from_the_mistakes_by_clicks(context, site, watch):
    puzzle, missed = missed_win("tablut")
    session = Session("tablut", fen=puzzle.position)
    session.play(missed)
    page = open_ready(context, watch, sharing.page_link(f"{site}/index.html", session, 2))
    page.evaluate("async () => await window.boardgames.analyse()")
    side = puzzle.start().turn
    page.select_option("#analysis-side", side)
    page.click("#analysis-mistakes")
    page.wait_for_selector("#coach:not([hidden])")
    assert state(page)["coach"]["kind"] == "mistakes" and state(page)["moves"] == []
    assert page.inner_text("#coach-ask").startswith(f"{missed} was a blunder")
    assert puzzle.solution[0] not in page.inner_text("#coach")  # not shown before asked
    page.locator("#board").scroll_into_view_if_needed()
    for cell in missed.split("-"):  # the game's own move again: refused
        point = page.evaluate("name => window.boardgames.squareCenter(name)", cell)
        page.mouse.click(point["x"], point["y"])
    assert state(page)["moves"] == [] and "move of the game" in page.inner_text("#coach-feedback")
    page.click("#coach-show")
    assert state(page)["moves"] == [puzzle.solution[0]]
    assert page.inner_text("#coach-feedback").startswith(f"The better move was {puzzle.solution[0]}")
    page.click("#coach-leave")
    assert state(page)["moves"] == [missed] and state(page)["analysis"]["done"]
    assert watch.console_errors == [] and watch.foreign_requests() == []


@pytest.mark.parametrize("button", ["download-record", "download-otn"])
def test_a_record_saved_as_a_file_opens_again(context, site, watch, tmp_path, button):
    page = open_ready(context, watch, f"{site}/index.html?game=tablut")
    for _ in range(7):
        page.evaluate("window.boardgames.play(window.boardgames.state().legal[3])")
    played = state(page)["moves"]
    open_sheet(page, "share")
    with page.expect_download() as download:
        page.click(f"#{button}")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.read_text().startswith("[Game \"tablut\"]" if button == "download-record" else "[variant:Tablut]")
    page.evaluate("window.boardgames.newGame('vut')")
    page.set_input_files("#record-file", str(path))
    page.wait_for_function("window.boardgames.state().game === 'tablut'")
    assert state(page)["moves"] == played and page.inner_text("#message").startswith("Record loaded: 7 moves")
    broken = tmp_path / "broken.txt"
    broken.write_text(path.read_text().replace(played[2], "a1-a9"))
    page.set_input_files("#record-file", str(broken))
    page.wait_for_function("document.getElementById('message').textContent.includes('could not be loaded')")
    assert "move 3" in page.inner_text("#message")
    assert state(page)["moves"] == played, "the game is unchanged"
    assert watch.console_errors == [] and watch.foreign_requests() == []


def test_a_comment_and_a_mark_travel_to_an_embeds_viewer(context, site, watch):
    page = open_ready(context, watch, f"{site}/index.html?game=tablut&moves=d1-d3+e3-f3+a4-c4")
    show_activity(page, "review")  # (a move's comment and mark are a review's)
    page.click("#move-list button[data-index='2']")
    assert page.inner_text("#comment-label") == "Comment on move 2 (e3-f3)"
    page.fill("#comment-text", "White should keep the f-file closed.")
    page.press("#comment-text", "Tab")  # (a comment is kept when its box is left)
    page.select_option("#glyph-select", "?!")
    assert page.inner_text("#move-list button[data-index='2']").replace("\n", "") == "e3-f3?!"
    record = page.input_value("#record-text")
    assert "1. d1-d3 e3-f3?! {White should keep the f-file closed.} 2. a4-c4" in record
    link = page.input_value("#share-link")
    assert "notes=" in link
    embed = open_ready(context, watch, f"{link}&embed=1&viewer=1&autostart=1&ply=2")
    assert embed.inner_text("#viewer-comment") == "White should keep the f-file closed."
    embed.click("#viewer-back")
    assert embed.inner_text("#viewer-comment") == "" and embed.locator("#annotate").is_hidden()
    assert watch.console_errors == [] and watch.foreign_requests() == []


def test_the_live_evaluation_shows_the_engines_view_of_the_shown_position(context, site, watch):
    page = open_ready(context, watch, f"{site}/index.html?game=pux&moves=b2-b3")
    show_activity(page, "review")
    page.check("#eval-toggle")
    page.wait_for_function("document.getElementById('eval-line').textContent.includes('depth 2')", timeout=30_000)
    line = page.inner_text("#eval-line").split(": ", 1)[1].split()
    assert line[0] in state(page)["legal"], "the best line starts with a legal move"
    page.click("#move-list button[data-index='1']")  # (the last move: the position after it is the live one)
    page.evaluate("window.boardgames.newGame('pux')")
    page.wait_for_function("document.getElementById('eval-line').textContent.includes('depth')", timeout=30_000)
    assert page.inner_text("#eval-line").split(": ", 1)[1].split()[0] in state(page)["legal"]
    page.uncheck("#eval-toggle")
    assert page.inner_text("#eval-line") == ""
    assert watch.console_errors == [] and watch.foreign_requests() == []


def test_the_right_button_draws_arrows_and_circles_that_the_record_keeps(context, site, watch):
    page = open_ready(context, watch, f"{site}/index.html?game=tablut&moves=d1-d3")
    centre = {cell: page.evaluate("name => window.boardgames.squareCenter(name)", cell) for cell in ("d3", "b3", "f1")}
    middle = ((centre["d3"]["x"] + centre["b3"]["x"]) / 2, centre["d3"]["y"])
    before = screen_pixels(page, [middle])[0]
    page.mouse.move(centre["d3"]["x"], centre["d3"]["y"])
    page.mouse.down(button="right")
    page.mouse.move(centre["b3"]["x"], centre["b3"]["y"], steps=4)
    page.mouse.up(button="right")
    page.mouse.click(centre["f1"]["x"], centre["f1"]["y"], button="right")
    r, g, b, _ = screen_pixels(page, [middle])[0]
    assert g > r + 40 and g > b + 20 and (r, g, b) != tuple(before[:3]), "a green arrow from d3 to b3"
    open_sheet(page, "share")
    assert "1. d1-d3 {[%csl Gf1] [%cal Gd3b3]}" in page.input_value("#record-text")
    assert state(page)["moves"] == ["d1-d3"] and state(page)["selected"] is None, "drawing plays nothing"
    assert watch.console_errors == [] and watch.foreign_requests() == []


def test_variations_made_by_clicks_are_promoted_deleted_saved_and_linked(context, site, watch):
    game = ["d1-d3", "e3-f3", "a4-c4", "e4-e3"]
    page = open_ready(context, watch, f"{site}/index.html?game=tablut&moves={'+'.join(game)}")
    page.click("#move-list button[data-index='2']")
    page.locator("#board").scroll_into_view_if_needed()
    for cell in ("a6", "c6"):  # another move 3 in the position after move 2
        point = page.evaluate("name => window.boardgames.squareCenter(name)", cell)
        page.mouse.click(point["x"], point["y"])
    assert state(page)["moves"] == game[:2] + ["a6-c6"] and state(page)["variations"] == 1
    assert re.sub(r"\s", "", page.inner_text("#move-list")) == "d1-d3e3-f3a4-c4(2.a6-c6)e4-e3"
    open_sheet(page, "share")
    assert page.input_value("#record-text").endswith("1. d1-d3 e3-f3 2. a4-c4 (2. a6-c6) 2... e4-e3\n")
    page.fill("#tag-white", "Ann")
    page.fill("#tag-date", "2026-11-25")
    page.press("#tag-date", "Tab")  # (a field is kept when it is left)
    assert '[White "Ann"]\n[Date "2026.11.25"]' in page.input_value("#record-text")
    close_sheet(page, "share")
    page.click("#promote-line")
    assert page.inner_text("#message") == "This line is now the main line."
    assert page.input_value("#record-text").endswith("1. d1-d3 e3-f3 2. a6-c6 (2. a4-c4 e4-e3)\n")
    link = page.input_value("#share-link")
    again = open_ready(context, watch, f"{site}/index.html")  # a returning visit: the saved game
    assert state(again)["moves"] == game[:2] + ["a6-c6"] and state(again)["variations"] == 1
    again.close()
    page.click("#move-list button.off-board >> text=e4-e3")  # the game's line, now the variation
    assert state(page)["moves"] == game and state(page)["reviewing"] is None
    assert page.locator("#variation-tools").is_visible()
    page.click("#delete-line")
    assert state(page)["moves"] == game[:2] + ["a6-c6"] and state(page)["variations"] == 0
    assert page.inner_text("#message") == "Variation deleted: the board shows the position after move 2."
    linked = open_ready(context, watch, link)
    assert state(linked)["moves"] == game[:2] + ["a6-c6"] and state(linked)["variations"] == 1
    assert watch.console_errors == [] and watch.foreign_requests() == []
