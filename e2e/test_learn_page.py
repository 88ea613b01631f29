"""Learn and Puzzles in the page, by clicks on the board: one lesson and one puzzle per
game family (a wrong move explained and not played, the right ones praised, the page's
replies, the end of the lesson against the Beginner), solved puzzles remembered, a
puzzle's link, Leave back to the game, and a teacher's puzzle link from the editor."""

import re

import pytest

from boardgames.lessons import read_lessons
from boardgames.puzzles import game_from_spec, puzzles_for, read_puzzles
from page_helpers import REFUSED_STORAGE, class_page, click_cell, menu_item, play_by_clicks, ready, show_activity, state

FAMILIES = ("vut", "tablut", "vault", "pux", "uos")
LESSONS = {lesson.game_id: lesson for lesson in read_lessons().values()}


def click_move(page, game, move):
    """A move by clicks: its man, Pux's carried neighbours (shift-clicks), its cell."""
    src, dst = game.move_cells(move)
    click_cell(page, src)
    for extra in sorted(game.move_extras(move)):
        page.keyboard.down("Shift")
        click_cell(page, extra)
        page.keyboard.up("Shift")
    click_cell(page, dst)


def feedback(page):
    return page.inner_text("#coach-feedback")


def coach(page):
    return state(page)["coach"]


@pytest.mark.parametrize("game_id", FAMILIES)
def test_a_lesson_then_a_puzzle_by_clicks(open_page, game_id):
    lesson = LESSONS[game_id]
    game = game_from_spec(lesson.spec)
    page = open_page(f"?game={game_id}&learn=1")
    assert page.inner_text("#coach-title") == lesson.title
    assert page.is_hidden("#players") and page.is_hidden("#learn") and page.is_hidden("#hint")
    for index, step in enumerate(lesson.steps):
        assert page.inner_text("#coach-progress") == f"Step {index + 1} of {len(lesson.steps)}: {step.title}"
        assert step.ask in page.inner_text("#coach-ask")
        start = game.new(fen=step.position)
        assert state(page)["fen"] == game.fen(start)
        if index == 0:  # one wrong move per lesson: explained, not played
            wrong = next(m for m in game.legal(start) if not step.accepts(m) and not game.move_extras(m))
            click_move(page, game, wrong)
            assert state(page)["moves"] == [] and feedback(page) == step.feedback(wrong)
        click_move(page, game, step.accept[0])
        assert state(page)["moves"] == [step.accept[0]], feedback(page)
        assert feedback(page) == step.right and coach(page)["passed"]
        page.click("#coach-next")
    assert page.inner_text("#coach-progress") == "Lesson complete"
    assert feedback(page) == lesson.finish
    page.click("#coach-play")
    assert coach(page) is None and page.is_hidden("#coach")
    assert page.input_value("#player-b") == "computer" and page.input_value("#level") == "1"
    assert state(page)["game"] == game_id and len(state(page)["moves"]) <= 1  # (the computer may open)

    # the Puzzles button, then the list: the first win in 2
    show_activity(page, "learn")
    page.click("#puzzles")
    puzzles = puzzles_for(game_id, read_puzzles())
    number = next(n for n, p in enumerate(puzzles, start=1) if p.moves == 2)
    page.select_option("#coach-pick", str(number))
    puzzle = puzzles[number - 1]
    game = puzzle.game()
    assert state(page)["fen"] == game.fen(puzzle.start())
    assert page.inner_text("#coach-progress") == f"Puzzle {number} of {len(puzzles)}: win in 2"
    key, reply, last = puzzle.solution
    wrong = next(m for m in game.legal(puzzle.start()) if m != key and not game.move_extras(m))
    click_move(page, game, wrong)
    assert state(page)["moves"] == [] and feedback(page).startswith(f"{wrong} does not win in 2")
    click_move(page, game, key)
    page.wait_for_function("window.boardgames.state().moves.length === 2")
    assert state(page)["moves"] == [key, reply]
    assert feedback(page).endswith("Your move: win in 1.")
    click_move(page, game, last)
    assert feedback(page) == f"{last} wins. Solved!"
    assert page.is_hidden("#result-card")
    assert page.inner_text(f"#coach-pick option[value='{number}']").endswith("\u2713")


def test_a_puzzle_link_remembers_solving_and_leave_brings_the_game_back(open_page):
    page = open_page("?game=tablut")
    play_by_clicks(page, state(page)["legal"][0])
    before = state(page)["moves"]
    saved = page.evaluate("localStorage.getItem('boardgames.saved')")
    puzzle = puzzles_for("tablut", read_puzzles())[0]
    show_activity(page, "learn")
    page.click("#puzzles")
    assert coach(page)["index"] == 0
    click_move(page, puzzle.game(), puzzle.solution[0])
    assert feedback(page).endswith("Solved!")
    link = page.input_value("#coach-link")
    assert link.endswith("?game=tablut&puzzle=1")
    page.click("#coach-leave")
    assert state(page)["moves"] == before and coach(page) is None
    assert page.evaluate("localStorage.getItem('boardgames.saved')") == saved, "a puzzle is not saved as the game"

    again = open_page("?game=tablut&puzzle=1")  # same browser: the solve is remembered
    assert again.inner_text("#coach-progress").endswith("(solved)")
    again.click("#coach-leave")
    assert state(again)["moves"] == before, "the saved game comes back after a puzzle link"
    show_activity(again, "learn")
    again.click("#puzzles")
    assert coach(again)["index"] == 1, "Puzzles opens at the first one not solved"


def test_a_puzzle_link_over_a_game_against_the_computer_wakes_the_computer_only_on_leave(open_page):
    page = open_page("?game=tablut&computer=white&level=1")
    play_by_clicks(page, state(page)["legal"][0])
    page.wait_for_function("window.boardgames.state().moves.length === 2")
    kept = state(page)["moves"]

    puzzle = open_page("?game=tablut&puzzle=1")
    assert coach(puzzle)["kind"] == "puzzle"
    assert puzzle.get_attribute("body", "data-worker") is None, "a puzzle's page starts no AI worker"
    puzzle.click("#coach-leave")
    assert state(puzzle)["moves"] == kept
    assert puzzle.get_attribute("body", "data-worker") in ("starting", "ready"), \
        "the game kept against the computer starts it"


def test_a_teacher_makes_a_puzzle_link_from_a_set_up_position(open_page):
    table = next(p for p in puzzles_for("tablut", read_puzzles()) if p.moves == 2)
    page = open_page("?game=tablut")
    menu_item(page, "setup-open")
    page.fill("#setup-text", table.position)
    page.click("#setup-puzzle")
    page.wait_for_selector("#setup-puzzle-box:not([hidden])")
    link = page.input_value("#setup-puzzle-link")
    assert "puzzle=custom" in link and "Puzzle link ready" in page.inner_text("#message")
    pupil = open_page(link[link.index("?"):])
    assert pupil.inner_text("#coach-title") == "Tablut puzzle"
    assert pupil.inner_text("#coach-progress") == "Win in 2"
    assert state(pupil)["fen"] == table.game().fen(table.start())
    click_move(pupil, table.game(), table.solution[0])
    pupil.wait_for_function("window.boardgames.state().moves.length === 2")


def test_bad_learning_links_say_why_and_still_play(open_page):
    page = open_page("?game=pux&puzzle=99")
    assert "There is no puzzle '99' for Pux" in page.inner_text("#message")
    assert coach(page)["index"] == 0
    page = open_page("?game=vault&puzzle=custom&position=junk&solution=a1-a2")
    assert "The puzzle link does not work" in page.inner_text("#message")
    assert coach(page) is None and state(page)["legal"]


def test_a_puzzle_embedded_on_a_class_site_is_solved_without_storage(browser, site, tmp_path):
    """A teacher's class page on another site frames a puzzle (storage refused there):
    it starts, the pupil solves it by clicks, nothing is kept and nothing fails."""
    puzzles = puzzles_for("vault", read_puzzles())
    number = next(n for n, p in enumerate(puzzles, start=1) if p.moves == 2)
    puzzle, game = puzzles[number - 1], puzzles[number - 1].game()
    html = (f'<iframe title="puzzle" src="{site}/index.html?game=vault&puzzle={number}'
            f'&embed=1&autostart=1" width="700" height="820"></iframe>')
    with class_page(browser, tmp_path, html, {"width": 800, "height": 900}) as (page, _):
        frame = page.frame(url=re.compile("puzzle="))
        assert frame.inner_text("#preview-note") == "Loading the puzzle\u2026"
        ready(frame)
        assert frame.evaluate(REFUSED_STORAGE)
        assert frame.inner_text("#coach-progress").startswith(f"Puzzle {number} of ")
        box = page.locator("iframe").bounding_box()

        def click(cell):
            point = frame.evaluate("name => window.boardgames.squareCenter(name)", cell)
            page.mouse.click(box["x"] + point["x"], box["y"] + point["y"])

        key, reply, last = puzzle.solution
        for cell in game.move_cells(key):
            click(cell)
        frame.wait_for_function("window.boardgames.state().moves.length === 2")
        for cell in game.move_cells(last):
            click(cell)
        assert frame.inner_text("#coach-feedback") == f"{last} wins. Solved!"


def keyboard_to(page, cell):
    """Walk the board's cursor to `cell` with the arrow keys (a square board, White
    below), then press Enter there."""
    for _ in range(20):
        now = state(page)["cursor"]
        if now == cell:
            break
        if now[0] != cell[0]:
            page.keyboard.press("ArrowRight" if cell[0] > now[0] else "ArrowLeft")
        else:
            page.keyboard.press("ArrowUp" if int(cell[1:]) > int(now[1:]) else "ArrowDown")
    assert state(page)["cursor"] == cell
    page.keyboard.press("Enter")


def test_a_lesson_step_by_keyboard_with_its_words_in_live_regions(open_page):
    lesson = LESSONS["tablut"]
    step = lesson.steps[0]
    page = open_page("?game=tablut&learn=1")
    assert page.get_attribute("#coach-feedback", "aria-live") == "polite"
    assert page.get_attribute("#coach", "aria-labelledby") == "coach-title"
    page.focus("#board")
    page.keyboard.press("ArrowUp")  # the cursor shows
    src, dst = lesson.game().move_cells(step.accept[0])
    keyboard_to(page, src)
    assert state(page)["selected"] == src
    keyboard_to(page, dst)
    assert state(page)["moves"] == [step.accept[0]] and feedback(page) == step.right
    page.focus("#coach-next")
    page.keyboard.press("Enter")
    assert page.inner_text("#coach-progress").startswith("Step 2 of ")
    assert page.evaluate("document.activeElement.id") == "coach-title"
