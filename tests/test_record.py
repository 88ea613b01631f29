"""Game records, share links and saved games: formats round-trip, bad input explains itself."""

from urllib.parse import parse_qsl

import pytest

from webapp.words.record import (computer_param, game_record, parse_record, restore, saved_payload,
                           settings_from_query, share_query)
from webapp.state.session import COMPUTER, HUMAN, Session


def played(game_id, moves, **kw):
    session = Session(game_id, **kw)
    for move in moves:
        session.play(move)
    return session


def test_record_text_and_round_trip():
    session = played("vault", ["a1-b2", "h8-g7", "b2-c3"], options={"size": 8})
    text = game_record(session)
    assert text == ('[Game "vault"]\n[Options "size=8"]\n'
                    '[Start "pppppppp/8/8/8/8/8/8/PPPPPPPP w"]\n\n1. a1-b2 h8-g7 2. b2-c3\n')
    again = parse_record(text)
    assert again.moves == session.moves and again.options == {"size": 8}
    assert again.game.fen(again.state) == session.game.fen(session.state)


def test_finished_game_record_names_the_result():
    moves = "a4-a3 e6-h6 a3-a2 e5-e6 a2-a1 e6-c6 b5-b4 c6-c9".split()
    text = game_record(played("tablut", moves))
    assert '[Result "White wins: the king escaped to the edge"]' in text
    assert parse_record(text).result["winner"] == "white"


def test_pasted_record_without_numbers_or_start():
    session = parse_record('[Game "tablut"]\n\nd1-d3 e3-f3\n')
    assert session.moves == ["d1-d3", "e3-f3"]
    assert session.start_fen == session.game.setup


@pytest.mark.parametrize("text,message", [
    ("", "empty"),
    ("d1-d3", 'no [Game "..."] line'),
    ('[Game "chess"]\ne2-e4', "unknown game 'chess'"),
    ('[Game "vault"]\n[Options "size=7"]\n', "size must be one of 6, 8, 10, 12"),
    ('[Game "tablut"]\n[Start "9/9 b"]\n', "bad start position: the board has 2 rows"),
    ('[Game "tablut"]\n1. d1-d3 d3-d1', "move 2 (d3-d1): illegal move"),
    ('[Game tablut]\n', "header line"),
])
def test_bad_records_say_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)")):
        parse_record(text)


def test_share_link_reproduces_the_game():
    session = played("vault", ["a1-b2", "h8-g7"], options={"size": 8})
    query = share_query(session, computer="black", level=3)
    settings, problems = settings_from_query(dict(parse_qsl(query)))
    assert problems == []
    assert settings["game"] == "vault" and settings["options"] == {"size": 8}
    assert settings["moves"] == ["a1-b2", "h8-g7"]
    assert settings["players"] == {"w": HUMAN, "b": COMPUTER} and settings["level"] == 3


def test_share_link_carries_a_custom_start():
    fen = "4k4/9/9/9/9/9/9/9/4K4 w"
    query = share_query(Session("vut-royal", fen=fen))
    settings, problems = settings_from_query(dict(parse_qsl(query)))
    assert problems == [] and settings["fen"] == fen


@pytest.mark.parametrize("params,problem", [
    ({"game": "chess"}, "There is no game 'chess'"),
    ({"game": "vault", "size": "7"}, "Vault has no board size '7' (choose 6, 8, 10, 12); showing 10 \u00d7 10."),
    ({"game": "tablut", "computer": "robot"}, "computer must be white, black, both or none"),
    ({"game": "tablut", "level": "9"}, "level must be 1 to 4"),
    ({"game": "tablut", "moves": "d1-d3 zz"}, "move 2 (zz)"),
    ({"game": "tablut", "fen": "nonsense"}, "bad start position"),
])
def test_bad_link_parameters_fall_back_with_a_message(params, problem):
    settings, problems = settings_from_query(params)
    assert any(problem in p for p in problems), problems
    replayed = Session(settings["game"], options=settings["options"], fen=settings["fen"])
    assert replayed.legal(), "the page still opens a playable game"


@pytest.mark.parametrize("params,options", [
    ({"game": "vault", "size": "8"}, {"size": 8}),
    ({"game": "vault", "size": " 12 "}, {"size": 12}),
    ({"game": "vault"}, {}),
    ({"game": "vault", "size": None}, {}),
])
def test_board_size_from_the_url(params, options):
    assert settings_from_query(params) == ({**settings_from_query({"game": "vault"})[0], "options": options}, [])


def test_embed_flag():
    assert settings_from_query({"embed": "1"})[0]["embed"] is True
    assert settings_from_query({})[0]["embed"] is False


def test_saved_game_round_trip():
    session = played("tablut", ["d1-d3"], players={"w": COMPUTER, "b": HUMAN})
    again, level = restore(saved_payload(session, level=3))
    assert again.moves == ["d1-d3"] and again.players == {"w": COMPUTER, "b": HUMAN} and level == 3


@pytest.mark.parametrize("payload,message", [
    ("{not json", "not readable"),
    ('{"version": 0, "game": "tablut"}', "another version"),
    ('{"version": 1, "game": "tablut"}', "damaged"),
    ('{"version": 1, "game": "tablut", "fen": null, "moves": ["e5-e1"],'
     ' "players": {"w": "human", "b": "human"}, "level": 2}', "damaged"),
    ('{"version": 1, "game": "nope", "fen": null, "moves": [],'
     ' "players": {"w": "human", "b": "human"}, "level": 2}', "damaged"),
    ('[1, 2]', "another version"),
])
def test_corrupt_saved_games_are_refused(payload, message):
    with pytest.raises(ValueError, match=message):
        restore(payload)


@pytest.mark.parametrize("players,computer", [
    ({"w": HUMAN, "b": HUMAN}, "none"), ({"w": COMPUTER, "b": HUMAN}, "white"),
    ({"w": HUMAN, "b": COMPUTER}, "black"), ({"w": COMPUTER, "b": COMPUTER}, "both"),
])
def test_computer_param_reads_back(players, computer):
    assert computer_param(players) == computer
    assert settings_from_query({"computer": computer})[0]["players"] == players


def test_comments_and_marks_round_trip_through_the_record_and_the_saved_game():
    session = Session("tablut")
    for move in ("d1-d3", "e3-f3", "a4-c4"):
        session.play(move)
    session.annotate(2, comment="Too slow {really}.", glyph="?!")
    session.annotate(3, glyph="!")
    text = game_record(session)
    assert "1. d1-d3 e3-f3?! {Too slow (really).} 2. a4-c4!" in text
    again = parse_record(text)
    assert (again.moves, again.comments, again.glyphs) == (session.moves, {2: "Too slow (really)."}, {2: "?!", 3: "!"})
    restored, _ = restore(saved_payload(again, 2))
    assert (restored.comments, restored.glyphs) == (again.comments, again.glyphs)
    again.undo()
    again.play("a4-a3")  # another move 3: its old mark is dropped
    assert again.glyphs == {2: "?!"}


@pytest.mark.parametrize("moves,read,variations", [
    # | move text of a record | main line | variations (count) |
    ("1. d1-d3 (1. d9-d7 e3-f3) e3-f3", ["d1-d3", "e3-f3"], 1),
    ("1. d1-d3 {a {comment} e3-f3", ["d1-d3", "e3-f3"], 0),  # (a comment ends at the first brace)
    ("1. d1-d3 $1 e3-f3 (1... e3-e4 (1... e5-e4)) *", ["d1-d3", "e3-f3"], 2),
])
def test_variations_are_read_and_foreign_glyphs_read_past(moves, read, variations):
    from webapp.state.lines import count
    from webapp.words.record import read_moves
    main = read_moves(moves)
    assert main.moves == read and count(main.branches) == variations


@pytest.mark.parametrize("moves,message", [("1. d1-d3 (e3-f3", "never closed"), ("1. d1-d3 ) e3-f3", "closes no")])
def test_an_unbalanced_variation_is_refused(moves, message):
    with pytest.raises(ValueError, match=message):
        parse_record(f'[Game "tablut"]\n{moves}')


def test_a_links_notes_carry_the_comments_and_marks():
    session = Session("tablut")
    for move in ("d1-d3", "e3-f3"):
        session.play(move)
    session.annotate(2, comment="Why? {here}", glyph="?!")
    params = dict(parse_qsl(share_query(session)))
    settings, problems = settings_from_query(params)
    assert problems == [] and settings["notes"] == {"comments": {2: "Why? {here}"}, "glyphs": {2: "?!"}, "shapes": {}}


@pytest.mark.parametrize("notes,problem", [
    ("{", "they are not JSON"),
    ('{"5": ["?", ""]}', "the game has no move 5"),
    ('{"1": ["?x", ""]}', "move 1's note is not [mark, comment, shapes]"),
    ('{"0": ["?", ""]}', "move 0's note is not [mark, comment, shapes]"),
    ('{"1": ["", "", ["Xd4"]]}', "move 1's shapes are not circles (Cd4) and arrows (Ad1d3)"),
])
def test_bad_notes_in_a_link_are_explained_and_the_game_still_opens(notes, problem):
    settings, problems = settings_from_query({"game": "tablut", "moves": "d1-d3", "notes": notes})
    assert settings["moves"] == ["d1-d3"] and settings["notes"] == {}
    assert problems == [f"The link's comments could not be read ({problem}); the game is shown without them."]


def test_shapes_drawn_on_positions_travel_in_records_saved_games_and_links():
    session = Session("tablut")
    for move in ("d1-d3", "e3-f3"):
        session.play(move)
    session.toggle_shape(0, "Ce5")
    session.toggle_shape(1, "Ad3d4")
    session.toggle_shape(1, "Cf3")
    session.annotate(1, comment="Eyes on f3.")
    text = game_record(session)
    assert text.splitlines()[-1] == "{[%csl Ge5]} 1. d1-d3 {[%csl Gf3] [%cal Gd3d4] Eyes on f3.} 1... e3-f3"
    again = parse_record(text)
    assert (again.shapes, again.comments) == ({0: ["Ce5"], 1: ["Cf3", "Ad3d4"]}, {1: "Eyes on f3."})
    assert restore(saved_payload(again, 2))[0].shapes == again.shapes
    settings, problems = settings_from_query(dict(parse_qsl(share_query(again))))
    assert problems == [] and settings["notes"]["shapes"] == again.shapes
    session.toggle_shape(1, "Cf3")  # (drawn again: taken away)
    assert session.shapes[1] == ["Ad3d4"]
    lichess = parse_record('[Game "tablut"]\n1. d1-d3 {[%cal Rd3d5,Yd3d6] [%csl Bd2] see}')
    assert lichess.shapes == {1: ["Ad3d5", "Ad3d6", "Cd2"]} and lichess.comments == {1: "see"}


def test_a_records_other_tags_are_kept():
    text = '[Game "tablut"]\n[Event "Club night"]\n[White "Ann \\"the Swede\\""]\n[Black "Bo"]\n\n1. d1-d3'
    session = parse_record(text)
    assert session.tags == {"Event": "Club night", "White": "Ann \\'the Swede\\'", "Black": "Bo"}
    again = parse_record(game_record(session))
    assert again.tags == session.tags and restore(saved_payload(again, 2))[0].tags == session.tags


@pytest.mark.parametrize("name,typed,kept", [
    # | tag | what the reader typed | what the record keeps |
    ("White", "  Ann  Smith ", "Ann Smith"),
    ("Event", 'Club "open" night', "Club 'open' night"),
    ("Date", "2026-11-25", "2026.11.25"),
    ("Black", "", None),
])
def test_the_players_event_and_date_the_reader_writes_go_in_the_record(name, typed, kept):
    from webapp.state import commands
    from webapp.state.page_state import PageState
    from webapp.state.settings import defaults
    state = PageState(Session("tablut"), settings=defaults())
    state.session.tags["Black"] = "Bo"
    commands.set_tag(state, name, typed)
    assert state.session.tags.get(name) == kept
    record = game_record(state.session)
    assert (f'[{name} "{kept}"]' in record) if kept else f"[{name} " not in record
    assert parse_record(record).tags.get(name) == kept
