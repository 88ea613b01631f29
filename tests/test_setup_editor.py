"""The position editor (webapp/state/setup_editor.py): placing men on every kind of board
and the position text it writes, which the engine then accepts or explains."""

import pytest

from boardgames import GAME_IDS, get_game
from webapp.drawing.layout import Layout, board_cells
from webapp.drawing.render import THEMES
from webapp.state.session import Session
from webapp.drawing.render import draw_setup
from webapp.state.setup_editor import BoardEditor
from webapp.state.view import View

from recording import RecordingContext


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_setup_reads_back_to_the_same_text(game_id):
    game = get_game(game_id)
    editor = BoardEditor(game, game.setup)
    assert editor.text() == game.setup
    assert editor.men == game.men(game.new())


def test_placing_and_removing_on_a_square_board():
    game = get_game("tablut")
    editor = BoardEditor(game, game.setup)
    editor.clear()
    assert editor.text() == "9/9/9/9/9/9/9/9/9 b"
    editor.place("e5", "K")
    editor.place("a1", "s")
    editor.place("b1", "S")
    editor.place("b1", "S")  # the same man again empties the cell
    editor.turn = "w"
    assert editor.text() == "9/9/9/9/4K4/9/9/9/s8 w"
    editor.place("a1", None)
    assert editor.men == {"e5": "K"}
    session = Session("tablut", fen=editor.text())
    assert session.men() == {"e5": "K"} and session.state.turn == "w"


def test_palette_lists_the_games_men_white_first():
    assert [letter for letter, _ in BoardEditor(get_game("tablut"), get_game("tablut").setup).palette()] == \
        ["K", "S", "s"]
    uos = get_game("uos")
    palette = dict(BoardEditor(uos, uos.setup).palette())
    assert palette["N"] == "white knight" and palette["k"] == "black king" and len(palette) == 12
    pux = get_game("pux")
    assert dict(BoardEditor(pux, pux.setup).palette())["d"] == "black promoted piece"


def test_bad_placements_and_texts_are_refused_and_keep_the_board():
    game = get_game("tablut")
    editor = BoardEditor(game, game.setup)
    before = editor.text()
    with pytest.raises(ValueError, match="no cell 'j1'"):
        editor.place("j1", "K")
    with pytest.raises(ValueError, match="'k' is not a man of Tablut"):
        editor.place("a1", "k")
    with pytest.raises(ValueError, match="2 fields"):
        editor.load("9/9/9/9/4K4/9/9/9/9")
    with pytest.raises(ValueError, match="row 5"):
        editor.load("9/9/9/9/4X4/9/9/9/9 w")
    with pytest.raises(ValueError, match="side to move"):
        editor.load("9/9/9/9/4K4/9/9/9/9 x")
    assert editor.text() == before


def test_uos_diamond_board_keeps_its_counters():
    game = get_game("uos")
    editor = BoardEditor(game, "8/7/8/7/8/7/8/7/8/Q6/6R1/1K5/8/7/1k6 w 0 3 0 40")
    assert editor.men == {"b6": "Q", "m5": "R", "d4": "K", "c1": "k"}
    editor.place("d4", None)
    editor.place("h4", "K")
    assert editor.text() == "8/7/8/7/8/7/8/7/8/Q6/6R1/3K3/8/7/1k6 w 0 3 0 40"
    assert Session("uos", fen=editor.text()).men()["h4"] == "K"
    with pytest.raises(ValueError, match="6 fields"):
        editor.load("8/7/8/7/8/7/8/7/8/Q6/6R1/1K5/8/7/1k6 w")


def test_pux_field_and_vault_sizes():
    pux = get_game("pux")
    editor = BoardEditor(pux, pux.setup)
    editor.clear()
    editor.place("a1", "D")
    editor.place("h8", "s")
    assert editor.text() == "7s/8/8/8/8/8/8/D7 w -"
    vault = get_game("vault", size=6)
    editor = BoardEditor(vault, vault.setup)
    assert editor.text() == vault.setup and len(editor.men) == 12
    editor.place("f6", None)
    assert editor.text().startswith("ppppp1/6/")
    with pytest.raises(ValueError, match="no cell 'g1'"):
        editor.place("g1", "P")
    with pytest.raises(ValueError, match="rows"):
        editor.load(get_game("vault").setup)


def test_an_impossible_position_is_the_engines_to_refuse():
    game = get_game("tablut")
    editor = BoardEditor(game, game.setup)
    editor.place("e6", "K")  # a second king
    with pytest.raises(ValueError, match="one king"):
        Session("tablut", fen=editor.text())


def test_the_editor_board_is_drawn_with_its_men_and_cursor():
    game = get_game("uos")
    editor = BoardEditor(game, game.setup)
    editor.clear()
    editor.place("h8", "Q")
    editor.place("a1", "k")
    layout = Layout(board_cells(game), 600, 600)
    view = View()
    view.theme, view.cursor, view.cursor_shown = "dark", "a1", True
    ctx = RecordingContext()
    draw_setup(ctx, layout, editor, view, 600, 600)
    colours = THEMES["dark"]
    assert ctx.cells_filled(layout, colours["white_man"]) == {"h8"}
    assert ctx.cells_filled(layout, colours["black_man"]) == {"a1"}
    cursor = [m for m in ctx.strokes(colours["cursor"]) if m.dashed]
    assert len(cursor) == 1 and cursor[0].near(layout.center("a1"))
