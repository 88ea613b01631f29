"""Variations: a move in a past position branches instead of discarding the game; the
tree's lines can be entered, promoted and deleted, and travel in records, links and the
saved game (webapp/state/lines.py, Session's variation methods, record.py)."""

import random
from urllib.parse import parse_qsl

import pytest

from boardgames import GAME_IDS
from webapp.state import analysis, commands, friend
from webapp.state.effects import Marks, decide
from webapp.state.lines import count, lines_data, main_line
from webapp.state.page_state import PageState
from webapp.state.session import COMPUTER, FRIEND, HUMAN, Session
from webapp.state.settings import defaults
from webapp.state.view import View
from webapp.words.record import game_record, read_record, restore, saved_payload, settings_from_query, share_query

GAME = ["d1-d3", "e3-f3", "a4-c4", "e4-e3"]  # Tablut: Black (the attackers) moves first


def session_of(moves, game_id="tablut"):
    session = Session(game_id)
    for move in moves:
        session.play(move)
    return session


def play_at(session, ply, move):
    """The reader's move in the position after `ply` moves (as a click in a review)."""
    View().review(session, ply)
    return session.play_here(move)


def main_moves(session):
    return [line.moves[ply - 1 - line.start] for line, ply in main_line(session.line())]


def test_a_move_in_a_past_position_begins_a_variation_and_keeps_the_game():
    session = session_of(GAME)
    session.annotate(3, comment="The game's move.")
    play_at(session, 2, "a6-c6")
    assert session.moves == ["d1-d3", "e3-f3", "a6-c6"] and session.shown is None  # (the live position)
    assert [kid if kid is None else kid.moves for kid in session.branches[2]] == [["a4-c4", "e4-e3"], None]
    assert main_moves(session) == GAME  # the game stays the main line
    assert session.variation_at(3) == 2 and session.variation_at(2) is None
    assert session.comments == {} and session.branches[2][0].comments == {3: "The game's move."}
    assert "2. a4-c4 {The game's move.} (2. a6-c6) 2... e4-e3" in game_record(session)


@pytest.mark.parametrize("ply,move,moves,shown", [
    # | position | move | the line on the board after it | the position shown |
    (2, "a4-c4", GAME, 3),                 # the game's own move: on along it, nothing new
    (1, "e3-f3", GAME, 2),
])
def test_the_lines_own_move_goes_on_along_it(ply, move, moves, shown):
    session = session_of(GAME)
    play_at(session, ply, move)
    assert session.moves == moves and session.branches == {} and session.shown == shown


def test_a_variations_first_move_enters_it_rather_than_making_a_twin():
    session = session_of(GAME)
    play_at(session, 2, "a6-c6")
    play_at(session, 2, "a4-c4")  # back to the game's move: the game's line comes back on the board
    assert session.moves == GAME and count(session.branches) == 1
    assert [kid if kid is None else kid.moves for kid in session.branches[2]] == [None, ["a6-c6"]]
    play_at(session, 2, "a6-c6")
    assert session.moves == GAME[:2] + ["a6-c6"] and count(session.branches) == 1


def test_entering_promoting_and_deleting_lines():
    session = session_of(GAME)
    session.annotate(4, glyph="?")
    play_at(session, 2, "a6-c6")
    session.play("e4-d4")
    session.annotate(4, comment="Here instead.")
    session.enter(2, 0)  # the game again
    assert session.moves == GAME and session.glyphs == {4: "?"} and session.comments == {}
    session.enter(2, 1)  # and the variation, with its note
    assert session.moves == ["d1-d3", "e3-f3", "a6-c6", "e4-d4"] and session.comments == {4: "Here instead."}
    session.promote(4)
    assert main_moves(session) == session.moves and session.variation_at(4) is None
    assert "2. a6-c6 (2. a4-c4 e4-e3?) 2... e4-d4 {Here instead.}" in game_record(session)
    session.enter(2, 1)
    assert session.delete_variation(4) == 2  # the game's line goes: the promoted one is back on the board
    assert session.moves == ["d1-d3", "e3-f3", "a6-c6", "e4-d4"] and session.branches == {}


def test_nested_variations_and_siblings_in_a_record_round_trip():
    text = ('[Game "tablut"]\n\n1. d1-d3 {A start.} e3-f3 (1... e3-g3 2. a4-c4 (2. a6-c6 e4-e3) (2. i4-g4) 2... e4-e3) '
            '(1... e4-d4) 2. a4-c4 e4-e3!?')
    session, found = read_record(text)
    assert session.moves == GAME and found == 4 and session.glyphs == {4: "!?"}
    kids = session.branches[1]
    assert kids[0] is None and [kid.moves for kid in kids[1:]] == [["e3-g3", "a4-c4", "e4-e3"], ["e4-d4"]]
    assert [kid if kid is None else kid.moves for kid in kids[1].branches[2]] == [None, ["a6-c6", "e4-e3"], ["i4-g4"]]
    written = game_record(session)
    assert written.endswith("1. d1-d3 {A start.} 1... e3-f3 (1... e3-g3 2. a4-c4 (2. a6-c6 e4-e3) (2. i4-g4) "
                            "2... e4-e3) (1... e4-d4) 2. a4-c4 e4-e3!?\n")
    assert game_record(read_record(written)[0]) == written
    commands_state = PageState(Session("tablut"), settings=defaults())
    commands.show_line(commands_state, [], 0)
    commands.load_record(commands_state, text)
    assert commands_state.message == "Record loaded: 4 moves of Tablut, with 4 variations in the move list."
    commands.show_line(commands_state, [(1, 1), (2, 2)], 3)  # the nested (2. i4-g4)
    assert commands_state.session.moves == ["d1-d3", "e3-g3", "i4-g4"] and commands_state.view.reviewing is None
    assert game_record(commands_state.session) == written  # (the tree is the same whatever line is on the board)


@pytest.mark.parametrize("moves,message", [
    # | move text | what the reader is told |
    ("1. d1-d3 (1. d1-d2 e3-f3 e3-f3) e3-f3", "move 3 (e3-f3) of a variation"),
    ("1. d1-d3 (e3-f3", "never closed"),
    ("1. d1-d3 ) e3-f3", "closes no variation"),
    ("(1. d1-d3) e3-f3", "comes after the move it replaces"),
    ("1. d1-d3 () e3-f3", "holds no moves"),
])
def test_a_bad_variation_names_the_move_and_leaves_the_game_alone(moves, message):
    state = PageState(session_of(GAME), settings=defaults())
    commands.load_record(state, f'[Game "tablut"]\n{moves}')
    assert message in state.message and "Your game is unchanged" in state.message
    assert state.session.moves == GAME


def random_tree(game_id, rng):
    """A session with a random game and random variations made as a reader makes them."""
    session = Session(game_id)
    for _ in range(rng.randint(4, 12)):
        legal = session.legal()
        if not legal:
            break
        session.play(rng.choice(legal))
    for _ in range(4):
        ply = rng.randrange(len(session.moves))
        View().review(session, ply)
        others = [move for move in session.legal() if move != session.moves[ply]]
        if not others:
            continue
        session.play_here(rng.choice(others))
        for _ in range(rng.randint(0, 3)):
            if session.legal():
                session.play(rng.choice(session.legal()))
        session.annotate(len(session.moves), comment=f"after {ply}", glyph=rng.choice(["", "!?", "?"]))
        if rng.random() < 0.3 and session.variation_at(len(session.moves)) is not None:
            session.promote(len(session.moves))
    return session


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_records_links_and_saved_games_keep_the_variations_of_random_games(game_id):
    rng = random.Random(game_id)
    for _ in range(3):
        session = random_tree(game_id, rng)
        record = game_record(session)
        again, found = read_record(record)
        assert game_record(again) == record and found == count(session.line().branches)
        restored, _ = restore(saved_payload(session, 2))
        assert restored.moves == session.moves and lines_data(restored.branches) == lines_data(session.line().branches)
        settings, problems = settings_from_query(dict(parse_qsl(share_query(session))))
        assert problems == [] and lines_data(settings["lines"]) == lines_data(session.line().branches)


def test_undo_to_a_branch_then_its_move_goes_along_the_variation_with_the_rest_to_redo():
    session = session_of(GAME)
    play_at(session, 2, "a6-c6")
    session.play("e4-d4")
    session.enter(2, 0)
    session.undo()
    session.undo()
    session.play("a6-c6")
    assert session.moves == GAME[:2] + ["a6-c6"] and session.undone == ["e4-d4"]
    assert [kid if kid is None else kid.moves for kid in session.branches[2]] == [["a4-c4", "e4-e3"], None]
    session.undo()
    session.play("i4-g4")  # another move: the line taken back is kept aside too
    assert [kid if kid is None else kid.moves for kid in session.branches[2]] == [
        ["a4-c4", "e4-e3"], ["a6-c6", "e4-d4"], None]
    session.undo()
    session.play("a6-c6")
    session.redo()
    assert session.moves == GAME[:2] + ["a6-c6", "e4-d4"]


def test_a_click_in_a_past_position_branches_and_the_reader_moves_both_sides():
    state = PageState(session_of(GAME), settings=defaults())
    commands.set_players(state, {"w": HUMAN, "b": COMPUTER})
    commands.review(state, 2)
    commands.click(state, "a6")
    assert state.session.selected == "a6" and state.session.moves == GAME
    commands.click(state, "c6")
    assert state.session.moves == GAME[:2] + ["a6-c6"] and state.view.reviewing is None
    assert state.message == ("A variation begins with move 3: the game's own moves are kept in the move list. "
                             "You move both sides here (the computer's panel brings it back).")
    assert state.session.players == {"w": HUMAN, "b": HUMAN}
    commands.show_line(state, [(2, 0)], 3)
    assert state.session.moves == GAME and state.view.reviewing == 3
    commands.delete_variation(state)
    assert "main line" in state.message and count(state.session.branches) == 1


def test_no_variation_in_a_game_with_a_friend():
    state = PageState(session_of(GAME), settings=defaults())
    friend.open_game(state, "b", "link", "abc")
    assert state.session.players == {"b": HUMAN, "w": FRIEND}
    commands.review(state, 2)
    commands.click(state, "a6")
    assert "past position" in state.message and state.session.selected is None and state.session.moves == GAME


def test_a_review_is_kept_aside_while_another_line_is_on_the_board():
    state = PageState(session_of(GAME), settings=defaults())
    marks = Marks()
    analysis.begin(state)
    job = state.analysis
    decide(state, marks)
    analysis.progress(state, job, {"evals": [0, 0, 0, 0, 0], "marks": [], "accuracy": {"w": 100, "b": 100},
                                   "counts": None, "done": True, "progress": 1.0})
    commands.review(state, 2)
    commands.click(state, "a6")
    commands.click(state, "c6")
    decide(state, marks)
    assert state.analysis is None
    commands.show_line(state, [(2, 0)], 4)
    decide(state, marks)
    assert state.analysis is job and job["done"]


def test_a_variation_that_ends_the_game_brings_no_result_card():
    from boardgames.puzzles import read_puzzles
    puzzle = next(p for p in read_puzzles() if p.game_id == "tablut" and p.moves == 1)
    winning = puzzle.solution[0]
    other = next(move for move in sorted(puzzle.game().legal(puzzle.start())) if move != winning)
    for past, card in ((True, False), (False, True)):
        session = Session("tablut", fen=puzzle.position)
        session.play(other)
        state = PageState(session, settings=defaults())
        decide(state, Marks())
        if past:
            commands.review(state, 0)  # the winning move as a variation
        else:
            commands.undo(state)
        for cell in winning.split("-"):
            commands.click(state, cell)
        decide(state, Marks())
        assert state.session.moves == [winning] and state.session.result is not None
        assert state.card is card and count(state.session.branches) == int(past)
