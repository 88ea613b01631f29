"""Pictures of positions as a teacher makes them: PNG and SVG downloads of the position
shown (a past one too), and the position text to copy."""

import struct

from page_helpers import close_sheet, new_game, open_sheet, state


def test_download_the_position_as_png_and_svg_and_copy_its_text(module_page, tmp_path):
    page = module_page
    new_game(page, "tablut")
    assert page.evaluate("m => window.boardgames.play(m)", "d1-d3")["ok"]
    open_sheet(page, "share")
    assert page.input_value("#position-text") == state(page)["fen"]
    with page.expect_download() as png:
        page.click("#download-png")
    path = tmp_path / "board.png"
    png.value.save_as(path)
    data = path.read_bytes()
    assert png.value.suggested_filename == "tablut-move-1.png"
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (800, 800)
    with page.expect_download() as svg:
        page.click("#download-svg")
    text = svg.value.path().read_text()
    assert svg.value.suggested_filename == "tablut-move-1.svg"
    assert text.startswith("<svg") and text.count("<path") > 81, "every cell and every man"
    close_sheet(page, "share")
