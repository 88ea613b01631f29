"""Every puzzle of py/boardgames/puzzles.txt proved with the engine: its line is legal
and ends in the solver's win, no defence escapes (after each of the solver's moves
every reply still loses within the moves left), a win in 1 has only the one winning
move, and a win in 2 no win in 1.  Then the table itself (header, counts, order) and the
reader."""

import pytest
from helpers import COACHED_GAMES

from boardgames import GAME_IDS
from boardgames.core import SIDE_NAMES
from boardgames.puzzles import (HEADER, PUZZLE_FILE, Prover, game_from_spec, puzzles_for,
                                read_puzzles, spec_of)

PUZZLES = read_puzzles()
PER_GAME = 10


@pytest.mark.parametrize("index", range(len(PUZZLES)), ids=[f"{p.spec}-{p.goal}" for p in PUZZLES])
def test_puzzle_is_a_forced_win(index):
    puzzle = PUZZLES[index]
    game, state = puzzle.game(), puzzle.start()
    solver = SIDE_NAMES[state.turn]
    assert game.result(state) is None
    prover = Prover(game, first=puzzle.solution)
    line = puzzle.solution
    for at in range(0, len(line), 2):
        left = puzzle.moves - at // 2
        move = line[at]
        assert move in game.legal(state), f"{move} is not legal"
        assert prover.move_wins(state, move, left), f"{move} does not win within {left}"
        state = game.play(state, move)
        if at + 1 < len(line):
            assert game.result(state) is None, "the game goes on until the last move"
            state = game.play(state, line[at + 1])
            assert game.result(state) is None
    outcome = game.result(state)
    if outcome is None:  # Vault: the win comes at the start of the solver's next turn
        assert all(game.result(game.apply(state, r))["winner"] == solver for r in game.legal(state))
    else:
        assert outcome["winner"] == solver


SHORT = [i for i, p in enumerate(PUZZLES) if p.moves <= 2]


@pytest.mark.parametrize("index", SHORT, ids=[f"{PUZZLES[i].spec}-{PUZZLES[i].goal}" for i in SHORT])
def test_no_other_or_shorter_win(index):
    """A win in 1 has one winning move; a win in 2 has no win in 1.  (That no other
    first move wins within N, and that a win in 3 has no win in 2, is what the finder
    proved; those proofs take too long for the test suite.)"""
    puzzle = PUZZLES[index]
    game, state = puzzle.game(), puzzle.start()
    prover = Prover(game)
    if puzzle.moves == 1:
        assert prover.winning_moves(state, 1) == [puzzle.solution[0]]
    else:
        assert not prover.wins_within(state, puzzle.moves - 1), "a shorter win exists"


def test_a_games_puzzles_come_easiest_first():
    """Puzzles are optional; the coached games keep at least PER_GAME each."""
    assert {p.game_id for p in PUZZLES} <= set(GAME_IDS)
    for game_id in COACHED_GAMES:
        assert len(puzzles_for(game_id, PUZZLES)) >= PER_GAME, game_id
    for game_id in {p.game_id for p in PUZZLES}:
        puzzles = puzzles_for(game_id, PUZZLES)
        assert {p.spec for p in puzzles} == {spec_of(game_from_spec(game_id))}, "the default size"
        counts = [p.moves for p in puzzles]
        assert counts == sorted(counts), f"{game_id}: by N first"
        assert len(set(counts)) >= 2, f"{game_id}: a spread of N"
        assert len({p.position for p in puzzles}) == len(puzzles)


def test_table_header():
    with open(PUZZLE_FILE, encoding="utf-8") as f:
        assert f.readline().rstrip("\n") == " | ".join(HEADER)


def test_another_first_move_is_refuted():
    """The prover can say no: another first move does not win, and it names the reply
    that refutes it."""
    puzzle = next(p for p in PUZZLES if p.moves == 2)
    game, state = puzzle.game(), puzzle.start()
    other = next(m for m in game.legal(state) if m != puzzle.solution[0])
    assert not Prover(game).move_wins(state, other, puzzle.moves)
    assert Prover(game).refutation(state, puzzle.solution[0], puzzle.moves) is None
    reply = Prover(game).refutation(state, other, puzzle.moves)
    after = game.play(state, other)
    assert reply == "" and game.result(after) is not None or reply in game.legal(after)


@pytest.mark.parametrize("text, error", [
    ("game | position\n", "first row"),
    ("game | position | solution | goal\nvut | 9/9/9/9/9/9/9/9/9 w | a1-a2 | win in two\n", "win in N"),
    ("game | position | solution | goal\nvut | x | a1-a2 b1-b2 | win in 1\n", "takes 1 move"),
    ("game | position | solution | goal\nchess | x | a1-a2 | win in 1\n", "unknown game"),
    ("game | position | solution | goal\nvault:7 | x | a1-a2 | win in 1\n", "size must be"),
])
def test_malformed_tables_are_explained(tmp_path, text, error):
    path = tmp_path / "puzzles.txt"
    path.write_text(text)
    with pytest.raises(ValueError, match=error):
        read_puzzles(str(path))


def test_game_specs():
    assert spec_of(game_from_spec("vault:8")) == "vault:8"
    assert spec_of(game_from_spec("vault")) == "vault:10"
    assert spec_of(game_from_spec("tablut")) == "tablut"
    with pytest.raises(ValueError):
        game_from_spec("tablut:9")
