"""What the side panel shows (one activity at a time), the menu and its windows, and the
keyboard shortcuts: page state changed by commands (webapp/state/commands.py) and the keys'
table (webapp/words/shortcuts.py), checked without a browser."""

import os
import re

import pytest

from webapp.state import analysis, coach, commands, friend
from webapp.state.page_state import PageState
from webapp.state.session import HUMAN, Session
from webapp.state.settings import defaults
from webapp.words import shortcuts

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Steps the table's scripts use beyond the commands: a lesson put on the board, a review begun.
STEPS = {"lesson": lambda state: commands.start_exercise(state, coach.LessonRun(coach.lesson_of("tablut"))),
         "review_game": analysis.begin, "play_by_link": friend.play_by_link}

# Columns: the script (Tablut, Black moving first), then the activity the side panel shows,
# the menu, the window open over the page, the game on the board, the exercise on it.
CASES = """
script                                                   | shown  | menu | sheet | game   | exercise
-                                                        | play   | -    | -     | tablut | -
show_activity review                                     | review | -    | -     | tablut | -
toggle_menu                                              | play   | open | -     | tablut | -
toggle_menu; toggle_menu                                 | play   | -    | -     | tablut | -
toggle_menu; show_activity learn                         | learn  | -    | -     | tablut | -
toggle_menu; open_sheet rules                            | play   | -    | rules | tablut | -
open_sheet share; close_sheet                            | play   | -    | -     | tablut | -
open_sheet games; pick_game vut                          | play   | -    | -     | vut    | -
show_activity friend; open_editor                        | setup  | -    | -     | tablut | -
show_activity friend; open_editor; close_editor          | friend | -    | -     | tablut | -
open_editor; show_activity review                        | review | -    | -     | tablut | -
show_activity learn; lesson                              | learn  | -    | -     | tablut | lesson
show_activity learn; lesson; show_activity play          | play   | -    | -     | tablut | -
show_activity learn; lesson; leave_exercise              | learn  | -    | -     | tablut | -
lesson; show_activity learn                              | learn  | -    | -     | tablut | lesson
play_by_link                                             | friend | -    | -     | tablut | -
click d1; click d3; review_game                          | review | -    | -     | tablut | -
click d1; click d3; agree_draw; review_from_start        | review | -    | -     | tablut | -
"""


def table(text):
    rows = [[cell.strip() for cell in line.split("|")] for line in text.strip().splitlines()]
    return [dict(zip(rows[0], row)) for row in rows[1:]]


def run(script):
    state = PageState(session=Session("tablut", players={"w": HUMAN, "b": HUMAN}), settings=defaults(), embed={})
    for step in filter(None, (part.split() for part in script.split(";"))):
        name, *args = step
        if name in STEPS:
            STEPS[name](state)
        elif name != "-":
            getattr(commands, name)(state, *args)
    return state


@pytest.mark.parametrize("case", table(CASES), ids=lambda case: case["script"])
def test_one_activity_at_a_time_and_the_menus_windows(case):
    state = run(case["script"])
    found = {"shown": state.shown_activity(), "menu": "open" if state.menu else "-", "sheet": state.sheet or "-",
             "game": state.session.game_id, "exercise": state.exercise.kind if state.exercise else "-"}
    assert found == {name: case[name] for name in found}
    assert state.editor is None or found["shown"] == "setup"


def test_an_unknown_activity_or_window_changes_nothing():
    state = run("show_activity review")
    with pytest.raises(ValueError):
        commands.show_activity(state, "lobby")
    with pytest.raises(ValueError):
        commands.open_sheet(state, "chat")
    assert state.shown_activity() == "review" and state.sheet is None


# Columns: the key, the element it is pressed on (tag, role), a modifier held, what it does.
KEYS = """
key        | tag      | role | modifier | action
n          | BODY     | -    | -        | press new-game
N          | BODY     | -    | -        | press new-game
u          | BUTTON   | -    | -        | press undo
r          | BODY     | -    | -        | press redo
f          | CANVAS   | -    | -        | press flip
h          | BODY     | -    | -        | press hint
m          | BODY     | -    | -        | press menu-button
p          | BODY     | -    | -        | press viewer-play
?          | BODY     | -    | -        | press keys-open
u          | BODY     | -    | ctrl     | -
u          | INPUT    | -    | -        | -
n          | TEXTAREA | -    | -        | -
f          | SELECT   | -    | -        | -
z          | BODY     | -    | -        | -
ArrowLeft  | BODY     | -    | -        | step back
ArrowRight | BUTTON   | -    | -        | step forward
Home       | BODY     | -    | -        | step first
End        | BODY     | -    | -        | step last
ArrowLeft  | CANVAS   | -    | -        | -
ArrowRight | BUTTON   | tab  | -        | -
ArrowLeft  | INPUT    | -    | -        | -
"""


@pytest.mark.parametrize("case", table(KEYS), ids=lambda case: f"{case['key']} on {case['tag']}")
def test_a_key_does_what_its_button_does_where_it_is_not_the_elements_own(case):
    role = None if case["role"] == "-" else case["role"]
    action = shortcuts.key_action(case["key"], case["tag"], role, case["modifier"] != "-")
    assert (" ".join(action) if action else "-") == case["action"]


def test_every_shortcut_presses_a_button_of_the_page_and_the_help_names_each_key():
    with open(os.path.join(ROOT, "index.html")) as f:
        ids = set(re.findall(r'\bid="([^"]+)"', f.read()))
    assert set(shortcuts.BUTTON_KEYS.values()) <= ids
    listed = {key.lower() for keys, _words in shortcuts.HELP for key in keys}
    assert set(shortcuts.BUTTON_KEYS) <= listed
