"""Going over a game (boardgames/analysis.py, webapp/state/analysis.py): the win-chance
curve of every game rises with the score and is certain for a forced win; a move that
misses a win in one is a blunder whose better move wins (on the project's own win-in-1
puzzles, one per family); marks follow the drop in the mover's chance; the page state's
review follows the worker's answers and ends when the game's moves change."""

import pytest

from boardgames import GAME_IDS
from boardgames.analysis import Review, judge, move_accuracy, white_evaluation, win_chance
from boardgames.ai import WIN
from boardgames.puzzles import read_puzzles
from webapp.state import analysis, commands
from webapp.state.effects import Marks, decide
from webapp.state.page_state import PageState
from webapp.state.session import Session
from webapp.state.settings import defaults

WINS_IN_ONE = {puzzle.game_id: puzzle for puzzle in reversed(read_puzzles()) if puzzle.moves == 1}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_win_chance_rises_with_the_score_and_a_forced_win_is_certain(game_id):
    chances = [win_chance(game_id, score) for score in (-2000, -300, -100, 0, 100, 300, 2000)]
    assert chances == sorted(chances) and chances[0] < chances[-1]
    assert all(-1 < chance < 1 for chance in chances)
    assert win_chance(game_id, {"win": "white", "plies": 3}) == 1
    assert win_chance(game_id, {"win": "black", "plies": 0}) == -1


@pytest.mark.parametrize("score,turn,white", [
    (150, "w", 150), (150, "b", -150), (WIN - 3, "b", {"win": "black", "plies": 3}),
    (3 - WIN, "b", {"win": "white", "plies": 3}),
])
def test_a_search_score_is_told_from_whites_side(score, turn, white):
    class Position:
        pass
    state = Position()
    state.turn = turn
    assert white_evaluation(state, score) == white


@pytest.mark.parametrize("before,after,mover,mark", [
    # | before | after | mover | mark |
    (0, 0, "w", None),
    (0, -75, "w", "?!"),
    (0, -150, "w", "?"),
    (0, -800, "w", "??"),
    (0, 800, "b", "??"),
    ({"win": "white", "plies": 5}, 900, "w", "??"),  # a forced win thrown away, whatever the scores
    ({"win": "white", "plies": 5}, {"win": "white", "plies": 4}, "w", None),
    (-800, -900, "w", None),  # lost already: little left to drop
])
def test_a_move_is_marked_by_the_drop_in_the_movers_chance(before, after, mover, mark):
    assert judge("a-game-with-the-default-curve", before, after, mover) == mark


def test_accuracy_is_full_for_no_drop_and_falls_with_it():
    assert move_accuracy(0) == pytest.approx(100, abs=0.01)
    assert move_accuracy(10) > move_accuracy(30) > move_accuracy(80) >= 0


@pytest.mark.parametrize("game_id", ["vut", "tablut", "vault", "pux", "uos"])
def test_a_move_that_misses_a_win_in_one_is_a_blunder_and_the_better_move_wins(game_id):
    """(The puzzle's solution is proved the only win in 1; a move that keeps a forced
    win for later is no blunder, so the test takes the first move that leaves none.)"""
    puzzle = WINS_IN_ONE[game_id]
    game, start = puzzle.game(), puzzle.start()
    winning = puzzle.solution[0]
    mover = "white" if start.turn == "w" else "black"
    for missed in sorted(game.legal(start)):
        if missed == winning or game.result(game.play(start, missed)) is not None:
            continue
        review = Review(game, start, [missed], nodes=3000)
        while not review.done:
            review.step()
        assert review.evals[0]["win"] == mover  # (a win in 1 is found at once, in every game)
        after = review.evals[1]
        if not (isinstance(after, dict) and after["win"] == mover):
            break
    else:
        pytest.fail("every other move keeps a forced win")
    assert [(mark["ply"], mark["mark"], mark["best"], mark["line"][0]) for mark in review.marks] == \
        [(1, "??", winning, winning)]


def test_a_review_of_a_finished_game_rates_the_last_position_by_its_result():
    puzzle = WINS_IN_ONE["tablut"]
    game, start = puzzle.game(), puzzle.start()
    review = Review(game, start, [puzzle.solution[0]], nodes=500)
    while not review.done:
        review.step()
    winner = "white" if start.turn == "w" else "black"
    assert review.evals[-1] == {"win": winner, "plies": 0} and review.marks == []
    assert review.accuracy()[start.turn] == pytest.approx(100, abs=0.01)


def test_the_page_reviews_the_game_on_the_board_and_forgets_it_when_the_moves_change():
    state = PageState(Session("pux"), settings=defaults())
    marks = Marks()
    decide(state, marks)
    analysis.begin(state)
    assert state.analysis is None and "no moves" in state.message
    for _ in range(3):
        commands.play(state, sorted(state.session.legal())[0])
    analysis.begin(state)
    job = state.analysis
    effects = decide(state, marks)
    assert effects.review is job and effects.worker
    assert decide(state, marks).review is None  # (started once)
    found = {"evals": [0, -20, 10, -900], "marks": [{"ply": 3, "mark": "??", "best": "b2-b3", "line": ["b2-b3"]}],
             "accuracy": {"w": 50.0, "b": 90.0}, "counts": {"w": {"??": 1, "?": 0, "?!": 0},
                                                            "b": {"??": 0, "?": 0, "?!": 0}},
             "done": True, "progress": 1.0}
    analysis.progress(state, job, found)
    decide(state, marks)
    assert state.analysis["done"] and not state.analysis["running"]
    assert state.message == "White: 1 blunder, accuracy 50%; Black: no marks, accuracy 90%."
    assert state.view.better == "b2-b3"  # the live position is after the marked move 3
    commands.review(state, 1)
    decide(state, marks)
    assert state.view.better is None
    commands.review(state, None)
    commands.play(state, sorted(state.session.legal())[0])
    decide(state, marks)
    assert state.analysis is None and state.view.better is None


def test_a_teachers_engine_0_turns_review_and_hints_off():
    state = PageState(Session("pux"), settings=defaults(), embed={"engine": False})
    commands.play(state, sorted(state.session.legal())[0])
    analysis.begin(state)
    assert state.analysis is None and "turned the computer's help off" in state.message
    commands.ask_hint(state)
    assert state.hint_asked is None and "turned the computer's help off" in state.message


def reviewed_state(game_id="pux", plies=6):
    """A page state whose game of `plies` first-listed moves is reviewed (in CPython, on a
    node budget)."""
    state = PageState(Session(game_id), settings=defaults())
    for _ in range(plies):
        commands.play(state, sorted(state.session.legal())[0])
    analysis.begin(state)
    session = state.session
    review = Review(session.game, session.states[0], session.moves, nodes=800)
    while not review.done:
        review.step()
    analysis.progress(state, state.analysis, {"evals": review.evals, "marks": review.marks, "done": True,
                                              "accuracy": review.accuracy(), "counts": review.counts(),
                                              "progress": 1.0})
    return state


def test_learning_from_mistakes_asks_for_a_better_move_and_keeps_the_game():
    state = reviewed_state()
    game, found = state.session, state.analysis
    side = game.states[found["marks"][0]["ply"] - 1].turn
    commands.learn_mistakes(state, side)
    run = state.exercise
    assert run.kind == "mistakes" and run.count == len([m for m in found["marks"]
                                                        if game.states[m["ply"] - 1].turn == side])
    mark = run.mark
    assert state.session.moves == game.moves[:mark["ply"] - 1] and "was" in run.words()["ask"]
    assert mark["best"] not in run.words()["ask"] and mark["best"] not in run.feedback  # never shown unasked
    played = game.moves[mark["ply"] - 1]
    assert not run.judge(played) and "move of the game" in run.feedback
    bad = next((m for m in sorted(state.session.legal()) if m not in mark["good"] and m != played), None)
    if bad is not None:
        assert not run.judge(bad) and "try another" in run.feedback
    good = mark["good"][0]
    assert run.judge(good) and run.feedback.startswith(f"Yes: {good}")
    commands.exercise_step(state, 0)  # Try again, then Show me
    commands.show_me(state)
    assert state.session.moves[-1] == mark["best"] and run.passed()
    commands.leave_exercise(state)
    assert state.session is game and state.analysis is found and state.exercise is None


def test_learning_needs_a_review_with_marks_for_that_side():
    state = PageState(Session("pux"), settings=defaults())
    commands.learn_mistakes(state, "w")
    assert state.exercise is None and "Review the game first" in state.message


def test_the_reviews_marks_are_kept_in_the_record_beside_the_readers_comments():
    from webapp.words.record import game_record
    state = reviewed_state()
    found = state.analysis
    first = found["marks"][0]
    commands.review(state, first["ply"])
    commands.annotate(state, "My idea.", None)
    analysis.keep_marks(state)
    analysis.keep_marks(state)  # (twice: the better move is not written twice)
    session = state.session
    assert session.glyphs == {mark["ply"]: mark["mark"] for mark in found["marks"]}
    assert session.comments[first["ply"]] == f"My idea. Better was {first['best']} ({' '.join(first['line'])})."
    assert f"{session.moves[first['ply'] - 1]}{first['mark']} {{My idea. Better was" in game_record(session)
    assert state.analysis is found  # (annotating does not change the game's moves)
    commands.review(state, 0)
    commands.annotate(state, "Before the first move?", None)
    assert "Pick a move first" in state.message and 0 not in session.comments


def test_the_live_evaluation_follows_the_position_shown():
    import json as json_module
    from webapp.worker import ai_worker
    state = PageState(Session("tablut"), settings=defaults())
    marks = Marks()
    assert decide(state, marks).evaluate is None
    analysis.toggle_evaluation(state)
    effects = decide(state, marks)
    key, session, moves = effects.evaluate
    assert moves == [] and effects.worker and state.evaluation["eval"] is None
    assert analysis.evaluation_words(state.evaluation) == "Evaluating…"
    found = json_module.loads(ai_worker.evaluate_start("tablut", "{}", session.start_fen, "[]", 0.05))
    analysis.evaluated(state, key, found)
    assert state.evaluation["depth"] >= 1 and state.evaluation["line"][0] in session.legal()
    assert analysis.evaluation_words(state.evaluation).startswith(("Even", "0.", "1.", "2."))
    assert decide(state, marks).evaluate is None  # (the same position: evaluated once)
    commands.play(state, "d1-d3")
    assert decide(state, marks).evaluate[2] == ["d1-d3"]
    commands.review(state, 0)
    assert decide(state, marks).evaluate[2] == []
    analysis.toggle_evaluation(state)
    decide(state, marks)
    assert state.evaluation is None


@pytest.mark.parametrize("evaluation,words", [
    # | eval | depth | line | words |
    ({"eval": 130, "depth": 7, "line": ["d1-d3"]}, "1.3 for White, depth 7: d1-d3"),
    ({"eval": -250, "depth": 3, "line": []}, "2.5 for Black, depth 3"),
    ({"eval": {"win": "black", "plies": 3}, "depth": 4, "line": ["a1-a2"]},
     "Black can force a win (3 plies), depth 4: a1-a2"),
    ({"eval": {"win": "white", "plies": 0}, "depth": 0, "line": []}, "White has won, depth 0"),
])
def test_the_evaluation_in_words(evaluation, words):
    assert analysis.evaluation_words(evaluation) == words


def test_right_button_shapes_go_on_the_shown_position_and_into_the_scene():
    from webapp.drawing.scene import Scene
    state = PageState(Session("tablut"), settings=defaults())
    commands.play(state, "d1-d3")
    commands.draw_shape(state, "d3", "d5")
    commands.draw_shape(state, "e5", "e5")
    commands.draw_shape(state, "e5", None)  # (released off the board: nothing)
    assert state.session.shapes == {1: ["Ad3d5", "Ce5"]}
    assert Scene(state.session, state.view).shapes == [("A", "d3", "d5"), ("C", "e5")]
    commands.review(state, 0)
    assert Scene(state.session, state.view).shapes == []
    commands.draw_shape(state, "e5", "e5")
    assert state.session.shapes == {1: ["Ad3d5", "Ce5"], 0: ["Ce5"]}


def test_draw_is_a_mode_that_leaves_the_selection_and_says_how():
    state = PageState(Session("tablut"), settings=defaults())
    commands.click(state, "d1")
    commands.toggle_drawing(state)
    assert state.view.drawing and state.session.selected is None and state.message.startswith("Draw: tap a cell")
    commands.toggle_drawing(state)
    assert not state.view.drawing and state.message == ""
