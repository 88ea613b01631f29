"""The engine's answers are pinned: every game's legal moves (in order), results, position
texts, evaluations, noisy moves and fixed-node searches along seeded random games, as
digests in tests/data/engine_hashes.txt.

A failure means the engine now behaves differently.  `python3 tools/compare_engine.py
--against COMMIT` names the first position that differs; if the change is meant,
`--write` rewrites the table."""

import pytest
from helpers import COACHED_GAMES

import compare_engine
from tables import read_table

ROWS = read_table(compare_engine.TABLE, 4)
CASES = list(dict.fromkeys(case for case, *_ in ROWS))


@pytest.fixture(scope="module")
def answers():
    boardgames = compare_engine.engine()
    return {case: compare_engine.records(boardgames, case, game_id, options)
            for case, game_id, options in compare_engine.cases(boardgames) if case in CASES}


def test_the_table_pins_every_option_of_the_games_it_covers():
    """Pinned answers are optional for a game; the coached games keep theirs."""
    import boardgames
    cases = [(case, game_id) for case, game_id, _ in compare_engine.cases(boardgames)]
    pinned = {game_id for case, game_id in cases if case in CASES}
    assert set(COACHED_GAMES) <= pinned
    assert [case for case, game_id in cases if game_id in pinned] == CASES
    assert [(case, kind) for case, kind, _, _ in ROWS] == [
        (case, kind) for case in CASES for kind in compare_engine.PINNED]


@pytest.mark.parametrize("case", CASES)
def test_answers_are_unchanged(answers, case):
    expected = {kind: (int(count), sha) for row_case, kind, count, sha in ROWS if row_case == case}
    found = {kind: (len(items), compare_engine.digest(items)) for kind, items in answers[case].items()}
    assert found == expected, (f"{case}: the engine answers differently; "
                               "tools/compare_engine.py --against COMMIT shows where")
