"""The page state, its commands and what follows them (webapp/state/page_state.py, commands.py,
effects.py), without a browser: each effect is decided once per change, in one place,
whatever the panels do."""

import json

import pytest

from boardgames.puzzles import puzzles_for, read_puzzles
from webapp.state import coach, commands
from webapp.state.effects import Marks, decide
from webapp.state.page_state import PageState
from webapp.state.session import COMPUTER, HUMAN, Session
from webapp.state.settings import defaults


def page(game_id="tablut", embedded=False, **players):
    state = PageState(session=Session(game_id, players={"w": HUMAN, "b": HUMAN, **players}),
                      settings=defaults(), embed={}, embedded=embedded, keep=not embedded)
    state.players = dict(state.session.players)
    marks = Marks()
    decide(state, marks)  # the first rendering
    return state, marks


def run(state, marks, script):
    """Apply `script` ("command arg arg; ..."), each command followed by its effects as
    in the page, and return the effects of the last."""
    effects = decide(state, marks)
    for step in filter(None, (part.split() for part in script.split(";"))):
        name, *args = step
        getattr(commands, name)(state, *(int(a) if a.isdigit() else a for a in args))
        effects = decide(state, marks)
    return effects


def play_cells(state, marks, game, move):
    for cell in game.move_cells(move):
        effects = run(state, marks, f"click {cell}")
    return effects


def effects_row(effects):
    saved = json.loads(effects.save)["moves"] if effects.save else None
    return {"save": "-" if saved is None else " ".join(saved) or "start", "sound": effects.sound or "-",
            "think": "-" if effects.think is None else f"{effects.think:g}",
            "motion": "yes" if effects.motion else "-", "cancel": "yes" if effects.cancel else "-"}


# The black player moves first in Tablut.  Columns: who plays Black and White, the script,
# then what follows it: the moves saved, the sound, the computer's pause before moving
# (- : it does not move), the move in motion, any search begun before cancelled.
CASES = """
b        | w        | script                                      | save        | sound | think | motion | cancel
human    | human    | click d1; click d3                          | d1-d3       | move  | -     | yes    | yes
human    | human    | click d1                                    | -           | -     | -     | -      | -
human    | computer | click d1; click d3                          | d1-d3       | move  | 0     | yes    | yes
computer | computer | toggle_pause                                | -           | -     | -     | -      | yes
human    | human    | click d1; click d3; undo                    | start       | -     | -     | -      | yes
human    | human    | click d1; click d3; undo; redo              | d1-d3       | move  | -     | yes    | yes
human    | human    | click d1; drop d1 d3                        | d1-d3       | move  | -     | -      | yes
human    | human    | click d1; drop d1 e5                        | -           | -     | -     | -      | -
human    | human    | set_level 3                                 | -           | -     | -     | -      | yes
"""


def table(text):
    rows = [[cell.strip() for cell in line.split("|")] for line in text.strip().splitlines()]
    return [dict(zip(rows[0], row)) for row in rows[1:]]


@pytest.mark.parametrize("case", table(CASES), ids=lambda case: case["script"])
def test_a_command_is_followed_by_its_effects_once(case):
    state, marks = page(b=case["b"], w=case["w"])
    found = effects_row(run(state, marks, case["script"]))
    if case["script"] == "set_level 3":  # (a new level is saved with the game)
        assert found["save"] == "start" and json.loads(marks.saved)["level"] == 3
        found["save"] = "-"
    assert found == {name: case[name] for name in found}
    assert effects_row(decide(state, marks)) == dict.fromkeys(found, "-"), "nothing happens twice"


def test_an_embed_keeps_nothing_and_is_silent():
    state, marks = page(embedded=True)
    effects = run(state, marks, "click d1; click d3")
    assert effects.save is None and effects.sound is None and effects.motion


def test_a_paused_demo_waits_and_goes_on_at_its_speed():
    state, marks = page(b=COMPUTER, w=COMPUTER)
    state.speed = "slow"
    assert run(state, marks, "toggle_pause").think is None and state.paused
    assert run(state, marks, "toggle_pause").think == 2.0
    commands.set_players(state, {"w": HUMAN, "b": COMPUTER})
    assert not state.paused and state.players == state.session.players == {"w": HUMAN, "b": COMPUTER}


def test_a_hint_is_searched_once_and_dropped_by_a_new_position():
    state, marks = page()
    effects = run(state, marks, "ask_hint")
    assert effects.hint and effects.worker and not effects.cancel
    assert not decide(state, marks).hint
    commands.hint_found(state, "d1-d3")
    assert state.view.hint == "d1-d3" and state.message.startswith("Hint: d1-d3")
    run(state, marks, "click d1; click d2")
    assert state.view.hint is None and state.hint_asked is None


def test_a_hint_is_for_a_human_on_their_turn():
    state, marks = page(b=COMPUTER)
    assert not run(state, marks, "ask_hint").hint
    assert state.message == "A hint is for a human player, on their turn."


def test_the_card_comes_up_once_when_a_game_ends_here():
    state, marks = page()
    effects = run(state, marks, "agree_draw")
    assert effects.card and state.card
    commands.close_card(state)
    assert not decide(state, marks).card and not state.card
    run(state, marks, "undo")
    assert not state.card


def test_a_lesson_keeps_no_game_and_leaving_brings_it_back():
    state, marks = page()
    run(state, marks, "click d1; click d3")
    game = state.session
    commands.start_exercise(state, coach.LessonRun(coach.lesson_of("tablut")))
    assert decide(state, marks).save is None and state.exercise is not None
    commands.leave_exercise(state)
    assert state.session is game and decide(state, marks).save is None, "unchanged: not saved again"


def test_a_solved_puzzle_is_kept_and_its_reply_asked_once():
    state, marks = page()
    puzzle = next(p for p in puzzles_for("tablut", read_puzzles()) if p.moves == 2)
    commands.start_exercise(state, coach.PuzzleRun([puzzle]))
    assert decide(state, marks).solved is None
    key, reply, last = puzzle.solution
    effects = play_cells(state, marks, puzzle.game(), key)
    assert effects.reply == (state.exercise, state.session, state.exercise.ply)
    assert decide(state, marks).reply is None, "asked once"
    commands.play_reply(state, *effects.reply)
    assert state.session.moves == [key, reply]
    decide(state, marks)
    assert json.loads(play_cells(state, marks, puzzle.game(), last).solved) == [state.exercise.key()]


def test_a_setting_is_kept_once_and_the_board_follows_it():
    state, marks = page()
    effects = run(state, marks, "")
    assert effects.settings is None
    commands.set_setting(state, "dots", False)
    effects = decide(state, marks)
    assert json.loads(effects.settings)["dots"] is False and state.view.dots is False
    assert decide(state, marks).settings is None


def test_a_bad_record_changes_nothing_and_says_why():
    state, marks = page()
    run(state, marks, "click d1; click d3")
    game = state.session
    commands.load_record(state, "not a record")
    assert state.session is game and state.message.startswith("That record could not be loaded")
    assert decide(state, marks).save is None
