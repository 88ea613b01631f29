"""UOS and VUT in the page, without a browser: diamond hit tests up to the corners, the
cylinder's ghost labels, check marks and king ranges, and the rules panel's leads."""

import pytest
from recording import RecordingContext
from helpers import drawn

from boardgames import GAME_IDS, get_game
from boardgames.core import Overlay
from webapp.words import rules_panel
from webapp.drawing.layout import Layout, board_cells
from boardgames.drawing.render import THEMES, draw_brackets
from webapp.state.session import Session
from webapp.state.view import View

UOS = get_game("uos")
# A UOS game in which Black's king has been checked 3 times (White to play l6-h2, the 4th).
CHECKING = ("o13-n14 c13-d12 c3-a5 d12-b14 n14-b14 m1-l2 m13-h8 o3-n4 a1-f6 a13-c9 a5-e9 c9-g7 "
            "f6-g7 m5-m7 h8-m3 n4-n2 e9-c11 l2-k1 c11-e13 o7-o3 e13-g15 o3-o7 g7-m7 a15-a11 "
            "m7-o7 o1-m1 m3-h8 a11-k11 h8-k11 n2-h2 g1-h2 m1-l2 o7-k7 i1-h2 k7-l6 l2-n2").split()


def uos_session(moves=()):
    session = Session("uos")
    for move in moves:
        session.play(move)
    return session


@pytest.mark.parametrize("flipped", [False, True])
def test_every_diamond_answers_clicks_up_to_its_corners(flipped):
    layout = Layout(board_cells(UOS), 520, 520, flipped=flipped)
    assert len(layout.by_name) == 113
    for name, cell in layout.by_name.items():
        for dx, dy in ((0, 0), (0.95, 0), (-0.95, 0), (0, 0.95), (0, -0.95), (0.47, 0.47), (-0.47, -0.47)):
            assert layout.cell_at(*layout.to_px(cell.x + dx, cell.y + dy)) == name, (name, dx, dy)
    a1 = layout.by_name["a1"]
    assert layout.cell_at(*layout.to_px(a1.x + 1, a1.y - 0.5)) is None, "the notch below b1's corner"


def test_uos_names_stay_apart_on_a_phone():
    layout = Layout(board_cells(UOS), 340, 340)
    labels = layout.labels()
    files = sorted(x for text, x, _ in labels if text.isalpha())
    ranks = sorted(y for text, _, y in labels if text.isdigit())
    assert len(files) == len(ranks) == 15
    font = max(10, int(layout.unit * 0.3))  # render.draw_labels
    assert min(b - a for a, b in zip(files, files[1:])) > font
    assert min(b - a for a, b in zip(ranks, ranks[1:])) > font


def test_cylinder_ghost_files_are_labelled_with_their_real_file():
    layout = Layout(board_cells(get_game("vut-cylindrical")), 550, 450)
    labels = {text: x for text, x, _ in layout.labels()}
    assert labels["(i)"] < labels["a"] < labels["i"] < labels["(a)"]
    ghost_i3 = next(c for c in layout.cells if c.ghost and c.name == "i3")
    assert layout.cell_at(*layout.to_px(ghost_i3.x, ghost_i3.y)) == "i3"


def test_brackets_of_a_diamond_stay_inside_it():
    layout = Layout(board_cells(UOS), 520, 520)
    cell = layout.by_name["h2"]
    ctx = RecordingContext()
    draw_brackets(ctx, layout, cell, "#000")
    points = [args for name, args in ctx.calls if name in ("moveTo", "lineTo")]
    assert len(points) == 12
    for px, py in points:
        assert layout.cell_at(px, py) == "h2"


def test_king_ranges_and_check():
    start = uos_session()
    assert start.notes() == [
        "White king's range: unlimited (0 checks received)",
        "Black king's range: unlimited (0 checks received)"]
    assert UOS.overlays(start.state, []) == [] and start.status() == "White to move"
    session = uos_session(CHECKING + ["l6-h2"])
    assert UOS.overlays(session.state, []) == [Overlay("alarm", ("n2",))]
    assert session.status() == "Check! Black to move"
    assert session.notes() == [
        "White king's range: 3 steps (1 check received)",
        "Black king's range: 1 step (4 checks received)"]
    session.play("n2-o1")
    assert UOS.overlays(session.state, []) == [] and session.status() == "White to move"


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if g != "uos"])
def test_other_games_give_no_check(game_id):
    session = Session(game_id)
    assert session.game.warning(session.state) == ""
    assert all(overlay.kind != "alarm" for overlay in session.game.overlays(session.state, []))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_checked_king_gets_a_dashed_ring_and_a_warning_sign(theme):
    view = View()
    view.theme = theme
    colours = THEMES[theme]

    def alarm(session):
        ctx, layout = drawn(session, view, 520)
        king = layout.center("n2")
        rings = [m for m in ctx.strokes(colours["taken"]) if m.dashed and m.near(king)]
        signs = [m for m in ctx.fills(colours["white_man"]) if m.size < layout.unit * 0.15  # the '!' dot
                 and 0 < m.centre[0] - king[0] < layout.unit and 0 < king[1] - m.centre[1] < layout.unit]
        return rings, signs

    assert alarm(uos_session(CHECKING)) == ([], [])
    rings, signs = alarm(uos_session(CHECKING + ["l6-h2"]))
    assert len(rings) == 1 and len(signs) == 1, "a dashed ring round n2, '!' at its upper right"


@pytest.mark.parametrize("text,lead", [
    ("Setup reconstructed: figure 5 is missing.", "Setup reconstructed:"),
    ("Rook: slides by orthogonal steps.", "Rook:"),
    ("White moves first. Checkmate wins: no move may leave the king in check.", ""),
    ("A very long opening phrase indeed: is no lead", ""),
])
def test_a_rule_lead_is_a_short_phrase_before_a_colon(text, lead):
    got_lead, rest = rules_panel.lead_and_rest(text)
    assert got_lead == lead and got_lead + rest == text


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if g.split("-")[0] in ("vut", "uos")])
def test_reconstructed_setups_lead_the_rulings(game_id):
    titles = rules_panel.sections(get_game(game_id))
    assert [title for title, _ in titles] == ["Rules", "Rulings"]
    assert titles[1][1][0][0] == "Setup reconstructed:"
