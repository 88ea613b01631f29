"""Lessons and puzzles as the page runs them (webapp/state/coach.py): the referee, the words,
the page's replies, links and the teacher's puzzles."""

from urllib.parse import parse_qsl

import pytest

from boardgames.lessons import read_lessons
from boardgames.puzzles import Prover, puzzles_for, read_puzzles
from helpers import table_rows
from webapp.state import coach
from webapp.state.session import PAGE

LESSONS = read_lessons()
PUZZLES = read_puzzles()
PUZZLE_GAMES = list(dict.fromkeys(p.game_id for p in PUZZLES))  # the games that have puzzles


def cells(session, move):
    return session.game.move_cells(move)


def click_move(session, move):
    """Play `move` as the page's clicks do (select, Pux's extras, destination)."""
    src, dst = cells(session, move)
    session.click(src)
    for extra in sorted(session.game.move_extras(move)):
        session.click(extra, extra=True)
    return session.click(dst)


@pytest.mark.parametrize("spec", list(LESSONS))
def test_a_lesson_taken_by_clicks_refuses_wrong_moves_and_ends_on_its_last_words(spec):
    run = coach.LessonRun(LESSONS[spec])
    for index, step in enumerate(LESSONS[spec].steps):
        assert run.index == index and run.words()["progress"].startswith(f"Step {index + 1} of ")
        session = run.session
        wrong = next((m for m in session.legal() if not step.accepts(m)), None)
        if wrong is not None:
            assert click_move(session, wrong) is None and session.moves == []
            assert run.feedback == step.feedback(wrong) and not run.passed()
        assert click_move(session, step.accept[0]) == step.accept[0]
        assert run.passed() and run.feedback == step.right
        session.undo()  # Undo takes the step back
        assert not run.passed()
        run.show_me()
        assert run.passed() and session.moves == [step.accept[0]]
        run.go_to(index + 1)
    assert run.finished and run.feedback == LESSONS[spec].finish
    assert run.words()["progress"] == "Lesson complete"


def test_the_first_step_also_says_what_the_lesson_is_about():
    lesson = LESSONS["tablut"]
    run = coach.LessonRun(lesson)
    assert run.words()["ask"] == f"{lesson.intro} {lesson.steps[0].ask}"
    run.go_to(1)
    assert run.words()["ask"] == lesson.steps[1].ask


def first_with(game_id, moves):
    return next(p for p in puzzles_for(game_id, PUZZLES) if p.moves == moves)


@pytest.mark.parametrize("game_id", PUZZLE_GAMES)
def test_a_puzzle_solved_by_clicks_with_the_page_replying(game_id):
    puzzle = first_with(game_id, 2)
    run = coach.PuzzleRun([puzzle])
    session = run.session
    assert session.players[run.solver] == "human" and PAGE in session.players.values()
    key, reply, last = puzzle.solution
    assert click_move(session, key) == key and run.feedback == f"{key}: right. Now the reply."
    assert run.reply_due() == reply
    assert session.click(cells(session, reply)[0]) is None and session.message == "Wait for the reply."
    assert run.play_reply() == reply and run.reply_due() is None
    assert run.feedback.endswith("Your move: win in 1.")
    assert click_move(session, last) == last
    assert run.finished and run.feedback == f"{last} wins. Solved!" and run.key() in run.solved
    winner = session.result and session.result["winner"]
    assert winner in (None, "white" if run.solver == "w" else "black")  # (Vault: wins at the next turn)
    assert Prover(session.game).move_wins(session.states[-2], last, 1)


@pytest.mark.parametrize("game_id", PUZZLE_GAMES)
def test_a_wrong_first_move_is_explained_and_not_played(game_id):
    puzzle = first_with(game_id, 2)
    run = coach.PuzzleRun([puzzle])
    state = run.session.state
    wrong = next(m for m in run.session.legal() if m != puzzle.solution[0])
    assert not run.judge(wrong) and run.session.moves == []
    assert run.feedback.startswith(f"{wrong} ")
    if "answers" in run.feedback:  # the reply named refutes it: no win in 1 after it
        reply = run.feedback.split("answers ")[1].split(".")[0]
        after = run.session.game.apply(run.session.game.apply(state, wrong), reply)
        assert not Prover(run.session.game).wins_within(after, 1)


def test_a_win_in_one_missed_says_so():
    puzzle = first_with("vut", 1)
    run = coach.PuzzleRun([puzzle])
    wrong = next(m for m in run.session.legal() if m != puzzle.solution[0])
    assert not run.judge(wrong)
    assert run.feedback == f"{wrong} does not win at once. Look for the move that ends the game now."


def test_another_winning_move_later_in_the_line_is_followed():
    """After the key move, any move that still wins as fast is accepted, and the page
    answers it with a proved defence."""
    for puzzle in PUZZLES:
        if puzzle.moves != 2:
            continue
        run = coach.PuzzleRun([puzzle])
        run.session.play(puzzle.solution[0])
        run.play_reply()
        prover = Prover(run.session.game)
        others = [m for m in prover.winning_moves(run.session.state, 1) if m != puzzle.solution[2]]
        if others:
            break
    else:
        pytest.skip("no puzzle of the table has a second winning last move")
    assert run.judge(others[0]) and run.line[2] == others[0]
    run.session.play(others[0])
    assert run.finished and run.key() in run.solved


def test_show_me_solves_with_help_only():
    puzzle = first_with("tablut", 2)
    run = coach.PuzzleRun([puzzle])
    run.show_me()
    assert run.session.moves == [puzzle.solution[0]] and run.reply_due() == puzzle.solution[1]
    run.play_reply()
    run.show_me()
    assert run.finished and run.solved == set()
    assert run.feedback.endswith("Solved with help: try it again on your own.")
    run.go_to(0)
    assert run.session.moves == [] and not run.helped


def test_undo_in_a_puzzle_goes_back_to_the_learners_turn():
    puzzle = first_with("pux", 2)
    run = coach.PuzzleRun([puzzle])
    run.session.play(puzzle.solution[0])
    run.play_reply()
    assert run.session.undo() and run.session.moves == [] and run.reply_due() is None


LINKS = """
| query                          | kind   | index | problem                                                    |
| game=tablut&learn=1            | lesson | 0     |                                                            |
| game=vault&learn=yes           | lesson | 0     |                                                            |
| game=pux&puzzle=3              | puzzle | 2     |                                                            |
| game=uos&puzzle=0              | puzzle | 0     | There is no puzzle '0' for UOS (1 to {count}); here is the first. |
| game=vut&puzzle=x              | puzzle | 0     | There is no puzzle 'x' for VUT (1 to {count}); here is the first. |
| game=tablut&puzzle=custom      | -      | -     | The puzzle link does not work (it needs a position and a solution). |
| game=tablut&learn=0            | -      | -     |                                                            |
| game=tablut                    | -      | -     |                                                            |
"""


@pytest.mark.parametrize("query, kind, index, problem", table_rows(LINKS)[1:])
def test_links_open_a_lesson_or_a_puzzle_and_explain_bad_values(query, kind, index, problem):
    params = dict(parse_qsl(query))
    run, problems = coach.linked_run(params)
    count = len(puzzles_for(params["game"], PUZZLES))
    assert problems == ([problem.format(count=count)] if problem else [])
    if kind == "-":
        assert run is None
    else:
        assert run.kind == kind and run.index == int(index)
        assert run.session.game_id == params["game"]


def test_a_table_puzzles_link_opens_it_again():
    run, _ = coach.linked_run({"game": "pux", "puzzle": "4"})
    again, problems = coach.linked_run(dict(parse_qsl(coach.puzzle_query(run))))
    assert problems == [] and again.puzzle.row() == run.puzzle.row() == puzzles_for("pux", PUZZLES)[3].row()


@pytest.mark.parametrize("game_id", PUZZLE_GAMES)
def test_a_teachers_position_becomes_a_puzzle_link_that_plays(game_id):
    table = first_with(game_id, 2)
    puzzle = coach.make_puzzle(table.game(), table.position)
    assert puzzle.moves == 2 and puzzle.solution[0] == table.solution[0]  # the only winning first move
    query = coach.puzzle_query(coach.PuzzleRun([puzzle], custom=True))
    run, problems = coach.linked_run(dict(parse_qsl(query)))
    assert problems == [] and run.custom and run.words()["progress"] == "Win in 2"
    assert run.judge(puzzle.solution[0])


BAD_TEACHER_LINKS = """
| solution                | problem                                                                          |
| a1-a2                   | The puzzle link does not work (a1-a2 is not legal there).                     |
| {key} {reply}           | The puzzle link does not work (the solution must be the solver's moves and the replies, at most 3 moves of the solver). |
| {key} {reply} {wrong}   | The puzzle link does not work (its last move does not win).                      |
"""


@pytest.mark.parametrize("solution, problem", table_rows(BAD_TEACHER_LINKS)[1:])
def test_a_tampered_teachers_link_is_refused_with_a_reason(solution, problem):
    table = first_with("tablut", 2)
    key, reply, last = table.solution
    game = table.game()
    after = game.apply(game.apply(table.start(), key), reply)
    wrong = next(m for m in game.legal(after) if not game.result(game.apply(after, m)))
    params = {"game": "tablut", "puzzle": "custom", "position": table.position,
              "solution": solution.format(key=key, reply=reply, wrong=wrong)}
    run, problems = coach.linked_run(params)
    assert run is None and problems == [problem]


def test_a_position_without_a_forced_win_makes_no_puzzle():
    game = read_puzzles()[0].game()
    with pytest.raises(ValueError, match="White has no forced win in 3 moves or fewer here"):
        coach.make_puzzle(game, game.setup)


SOLVED = """
| stored                  | keys          |
| ["vut a", "pux b"]      | vut a, pux b  |
| not json                |               |
| {"vut a": 1}            |               |
| [1, "tablut c"]         | tablut c      |
"""


@pytest.mark.parametrize("stored, keys", table_rows(SOLVED)[1:])
def test_the_solved_puzzles_are_read_back_whatever_storage_holds(stored, keys):
    assert coach.read_solved(stored) == {k.strip() for k in keys.split(",") if k.strip()}
    assert coach.read_solved(None) == set()


def test_solved_puzzles_are_marked_in_the_list_and_the_progress():
    puzzles = puzzles_for("uos", PUZZLES)
    run = coach.PuzzleRun(puzzles, 1, solved={f"{puzzles[1].spec} {puzzles[1].position}"})
    labels = run.choices()
    assert labels[1] == (f"2. Win in {puzzles[1].moves} \u2713", True) and labels[0][1] is False
    assert run.words()["progress"].endswith("(solved)")
    assert coach.read_solved(coach.solved_text(run.solved)) == run.solved
