"""Every lesson step, played with the engine: its position is legal, each accepted move
is legal and does what the step declares (`shows`), no other legal move does (so the
page never turns down a move that does the thing), and each typical wrong move the step
explains does not.  The reader's own checks: claims, feedback, malformed files."""

import pytest

from helpers import COACHED_GAMES

from boardgames import GAME_IDS
from boardgames.lessons import failed_claims, holds, lesson_for, read_lessons

LESSONS = read_lessons()
STEPS = [(spec, index) for spec, lesson in LESSONS.items() for index in range(len(lesson.steps))]


def test_a_lesson_is_of_a_sites_game_one_per_game_of_4_to_8_steps():
    games = [lesson.game_id for lesson in LESSONS.values()]
    assert len(games) == len(set(games)) and set(games) <= set(GAME_IDS)
    assert set(COACHED_GAMES) <= set(games)
    for lesson in LESSONS.values():
        assert 4 <= len(lesson.steps) <= 8, lesson.spec
        assert lesson.title and lesson.intro and lesson.finish, lesson.spec


@pytest.mark.parametrize("spec, index", STEPS)
def test_step(spec, index):
    lesson = LESSONS[spec]
    step = lesson.steps[index]
    game = lesson.game()
    state = step.start(game)
    assert game.result(state) is None, "the learner has a move to make"
    legal = game.legal(state)
    for move in step.accept:
        assert move in legal, f"accepted move {move} is not legal"
        assert failed_claims(game, state, move, step.shows) == [], move
    doing_it = [m for m in legal if not failed_claims(game, state, m, step.shows)]
    assert sorted(doing_it) == sorted(step.accept), "the accepted moves are all that do it"
    for move, text in step.wrong_moves.items():
        assert text and move not in step.accept
        if move in legal:
            assert failed_claims(game, state, move, step.shows), f"wrong move {move} does it"


def test_feedback_and_lookup():
    lesson = lesson_for("tablut")
    step = next(s for s in lesson.steps if s.wrong_moves)
    wrong_move, text = next(iter(step.wrong_moves.items()))
    assert step.feedback(step.accept[0]) == step.right
    assert step.feedback(wrong_move) == text
    assert step.feedback("a1-a2") == step.wrong
    with pytest.raises(KeyError):
        lesson_for("chess")


def test_claims_are_judged_on_the_position_after_the_move():
    lesson = lesson_for("vut")
    game = lesson.game()
    state = game.new(fen="9/9/9/9/4p4/9/4P4/9/4O4 w")  # e3 then e4 sandwiches... nothing
    after = game.play(state, "e3-e4")
    assert holds(game, after, "men e4=P e3=.")
    assert holds(game, after, "captures none") and not holds(game, after, "captures e5")
    assert holds(game, after, "game goes on") and not holds(game, after, "wins white")
    with pytest.raises(ValueError, match="unknown claim"):
        holds(game, after, "flies")
    with pytest.raises(ValueError, match="has no king range"):
        holds(game, after, "range black 3")


@pytest.mark.parametrize("text, error", [
    ("step | too early\n", "lesson starts"),
    ("lesson | chess | Chess\n", "unknown game"),
    ("lesson | vut | VUT\nstep | one\nposition | 9/9/9/9/9/9/9/9/4O4 w\n", "has no ask"),
    ("lesson | vut | VUT\nask | what\n", "belongs to a step"),
    ("lesson | vut | VUT\nstep | one\ncolour | red\n", "unknown key"),
])
def test_malformed_files_are_explained(tmp_path, text, error):
    path = tmp_path / "lessons.txt"
    path.write_text(text)
    with pytest.raises(ValueError, match=error):
        read_lessons(str(path))


def test_reading_the_lessons_and_puzzles_builds_no_game(monkeypatch):
    """The page reads both as it starts: building every game's tables there took half a
    second of a returning visit's 1.3 s in the browser."""
    from boardgames import game_class, game_ids
    from boardgames.puzzles import read_puzzles

    def refuse(self, **options):
        raise AssertionError(f"{type(self).__name__} was built")

    for game_id in game_ids():
        monkeypatch.setattr(game_class(game_id), "__init__", refuse)
    assert len(read_lessons()) == len(LESSONS) and read_puzzles()
