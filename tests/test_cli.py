"""The command line (boardgames/cli.py): each command's output, and bad input answered
with one sentence and exit status 1, never a traceback."""

import io
import os
import subprocess
import sys

import pytest

from boardgames import GAME_IDS, game_ids, get_game
from boardgames.cli import main
from boardgames.perft import perft
from boardgames.record import read_record
from perft import perft_cases


def run(capsys, *argv, typed=None, monkeypatch=None):
    """(exit status, stdout, stderr) of `boardgames argv...`, with `typed` as its input."""
    if typed is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_list_names_every_game_and_its_options(capsys):
    status, out, _err = run(capsys, "list")
    assert status == 0 and [line.split()[0] for line in out.splitlines()] == list(game_ids())  # (a test's own too)
    assert set(GAME_IDS) <= set(game_ids())
    assert "size=6|8|10|12 (default 10)" in out


@pytest.mark.parametrize("game_id,options,fen,depth,count", [case for case in perft_cases() if case[4] < 5000][:12])
def test_perft_counts_as_the_perft_table(capsys, game_id, options, fen, depth, count):
    argv = ["perft", game_id, str(depth), *(f"--option={k}={v}" for k, v in options.items())]
    status, out, _err = run(capsys, *argv, *(["--fen", fen] if fen else []))
    assert status == 0 and out == f"{count}\n"


# arguments | what stderr says (after "boardgames: ")
BAD_INPUT = """
perft chess 2                                  | unknown game 'chess' (known: vut,
perft vault 2 --option size=7                  | vault: size must be one of 6, 8, 10, 12, not 7
perft vault 2 --option size                    | options are written name=value, not 'size'
perft tablut 1 --fen 9/9_w                     | bad position: the board has 2 rows, expected 9
perft tablut -1                                | the depth is a whole number of moves, 0 or more
analyse                                        | give a record file, or --game and --moves
analyse /no/such/record.txt                    | cannot read /no/such/record.txt: No such file or directory
analyse --game tablut --moves d1-d3_e1-e4      | move 2 (e1-e4): illegal move 'e1-e4'
analyse --game tablut                          | the game has no moves to review
convert /no/such/record.txt                    | cannot read /no/such/record.txt
"""


@pytest.mark.parametrize("argv,said", [[f.strip() for f in row.split("|")] for row in BAD_INPUT.strip().splitlines()])
def test_bad_input_gets_one_sentence_and_status_1(capsys, argv, said):
    status, out, err = run(capsys, *[word.replace("_", " ") for word in argv.split()])
    assert status == 1 and out == "" and err.startswith(f"boardgames: {said}") and err.count("\n") == 1


def test_play_explains_an_illegal_move_and_goes_on(capsys, monkeypatch):
    status, out, _err = run(capsys, "play", "tablut", typed="e5-e6\nd1-d9\nmoves\nd1-d3\nquit\n", monkeypatch=monkeypatch)
    assert status == 0
    assert "illegal move 'e5-e6'; Black has no move from e5: try again" in out
    assert "illegal move 'd1-d9'; from d1: d1-a1 d1-b1 d1-c1 d1-d2 d1-d3 d1-d4: try again" in out
    assert " d1-d3 " in out  # ('moves': the legal moves listed)
    assert "[Game \"tablut\"]" in out and out.rstrip().endswith("1. d1-d3")
    assert "9  . . . s s s . . ." in out and "   a b c d e f g h i" in out


def test_the_computer_takes_a_win_and_the_record_says_so(capsys):
    status, out, _err = run(capsys, "play", "tablut", "--white", "2", "--fen", "3s5/9/9/9/9/s2K4s/9/9/9 w")
    assert status == 0 and "White (Casual) plays d4-d1" in out
    assert '[Result "White wins: the king escaped to the edge"]' in out


def test_analyse_marks_a_blunder_with_the_better_move(capsys):
    status, out, _err = run(capsys, "analyse", "--game", "tablut", "--fen", "9/9/9/9/9/3sKs3/9/4s4/9 b",
                            "--moves", "e2-i2", "--nodes", "3000")
    assert status == 0
    assert "   1  e2-i2??             W#1  100.0%" in out
    assert "Move 1 (e2-i2??) is a blunder: better was e2-e3 (line: e2-e3)." in out
    assert out.rstrip().endswith("White: no marks.\nBlack: 1 blunder, accuracy 0%.")


def test_convert_to_opentafl_and_back(capsys, tmp_path):
    ours = tmp_path / "game.txt"
    ours.write_text('[Game "tablut"]\n[Event "Club night"]\n\n1. d1-d3 e3-f3?! {a comment} (1... e3-g3) 2. a4-c4\n')
    status, opentafl, _err = run(capsys, "convert", str(ours))
    assert status == 0 and opentafl.startswith("[variant:Tablut]\ndim:9 ")
    assert opentafl.rstrip().endswith("1. d1-d3 e3-f3\n2. a4-c4")
    back = tmp_path / "back.otn"
    back.write_text(opentafl)
    status, out, _err = run(capsys, "convert", str(back), "--output", str(tmp_path / "again.txt"))
    assert status == 0 and out == ""
    again = read_record((tmp_path / "again.txt").read_text())
    assert again.game_id == "tablut" and again.moves == ["d1-d3", "e3-f3", "a4-c4"]


def test_convert_refuses_a_game_opentafl_has_not(capsys, tmp_path):
    record = tmp_path / "vut.txt"
    record.write_text('[Game "vut"]\n\n1. a2-a3\n')
    status, _out, err = run(capsys, "convert", str(record), "--to", "opentafl")
    assert status == 1 and err.startswith("boardgames: OpenTafl's notation has no VUT: only tablut")


def test_python_m_boardgames_runs_the_command_line():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run([sys.executable, "-m", "boardgames", "perft", "vut-7x7", "2"], capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": os.path.join(root, "py")})
    game = get_game("vut-7x7")
    assert done.returncode == 0 and done.stdout == f"{perft(game, game.new(), 2)}\n"
