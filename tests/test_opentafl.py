"""OpenTafl Notation for Tablut (boardgames/opentafl.py): the setup's rules string reads as
OpenTafl writes its variants; random games round-trip through a game record with their
captures and result; a record with a wrong capture, an illegal move, a berserk move or
another board size is refused naming the line and the move."""

import random

import pytest

from boardgames import get_game
from boardgames.opentafl import position_record, read_position, read_record, rules_string, write_record

TABLUT = get_game("tablut")


def random_game(seed, plies=200):
    rng = random.Random(seed)
    state, moves = TABLUT.new(), []
    while len(moves) < plies and TABLUT.result(state) is None:
        move = rng.choice(sorted(TABLUT.legal(state)))
        moves.append(move)
        state = TABLUT.play(state, move)
    return moves, state


def test_the_setup_as_opentafl_writes_it():
    start = TABLUT.new()
    assert position_record(TABLUT, start) == "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/"
    assert rules_string(TABLUT, start).startswith("dim:9 esc:e ")
    assert rules_string(TABLUT, start).endswith(" start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/")


def test_positions_are_written_from_rank_1():
    state = TABLUT.new(fen="3sss3/4s4/4S4/s3S3s/ssSSKSSss/s3S3s/4S4/4s4/2s1ss3 b")  # (rank 1 changed)
    record = position_record(TABLUT, state)
    assert record.startswith("/2t1tt3/")
    assert read_position(TABLUT, record) == TABLUT.fen(state)


@pytest.mark.parametrize("seed", range(12))
def test_a_random_game_round_trips(seed):
    moves, end = random_game(seed)
    text = write_record(TABLUT, TABLUT.new(), moves, {"variant": "Tablut"})
    assert text.startswith("[variant:Tablut]\ndim:9 ")
    start, read, resigned = read_record(TABLUT, text)
    assert (start, read, resigned) == (TABLUT.setup, moves, None)
    if TABLUT.result(end) is not None and TABLUT.result(end)["winner"]:
        assert text.rstrip().endswith("++" if TABLUT.result(end)["winner"] == "black" else "--")
    assert any("x" in line for line in text.splitlines()[2:]) == any(
        TABLUT.play(state, move).last[1] for state, move in zip(states(moves), moves))


def states(moves):
    state = TABLUT.new()
    for move in moves:
        yield state
        state = TABLUT.play(state, move)


def test_an_opentafl_record_with_commentary_and_a_resignation():
    text = """[event:Club night]
[attackers:Doe, Jane]
dim:9 esc:e surf:n cenh: cenhe: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/
1. d1-d3 e3-f3
[The attackers open on the d-file.|]
2. ---
"""
    start, moves, resigned = read_record(TABLUT, text)
    assert moves == ["d1-d3", "e3-f3"] and resigned == "b"


@pytest.mark.parametrize("change,words", [
    ("1. d1-d3 e3-f3xd2", "line 2, move 2 (e3-f3xd2): the record captures d2, the rules here capture nothing"),
    ("1. d1-d9", "line 2, move 1 (d1-d9): not a legal move here"),
    ("1. d1^d3", "berserk moves are not part of Tablut"),
    ("1. d1--d3", "not an OTN move record"),
])
def test_a_bad_move_is_refused_naming_it(change, words):
    text = f"dim:9 start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/\n{change}\n"
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        read_record(TABLUT, text)


@pytest.mark.parametrize("rules,words", [
    ("dim:11 start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/", "11-wide board"),
    ("dim:9 atkf:n start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/", "attackers move first"),
    ("dim:9 start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4N4/4t4/3ttt3/", "taflman 'N'"),
    ("dim:9", "no start position"),
])
def test_rules_for_another_game_are_refused(rules, words):
    with pytest.raises(ValueError, match=words):
        read_record(TABLUT, rules + "\n1. d1-d3\n")


def test_the_page_writes_and_reads_opentafl_records_beside_its_own():
    from webapp.state.session import Session
    from boardgames.record import MAX_RECORD
    from webapp.words.record import game_record, opentafl_record, parse_record
    moves, _ = random_game(3, plies=30)
    session = Session("tablut")
    for move in moves:
        session.play(move)
    session.resign(session.state.turn)
    text = opentafl_record(session)
    assert "[variant:Tablut]" in text and f"[termination:{session.result['reason']}]" in text
    assert text.rstrip().endswith("---")
    read = parse_record(text)
    assert (read.game_id, read.moves, read.result) == ("tablut", moves, session.result)
    assert parse_record(game_record(session)).moves == moves  # (ours still reads)
    assert opentafl_record(Session("vut")) is None  # OpenTafl plays tafl only
    with pytest.raises(ValueError, match="far longer than a game"):
        parse_record("[Game \"tablut\"]\n" + "d1-d3 " * (MAX_RECORD // 6 + 1))
