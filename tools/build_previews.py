"""Write `previews/`: every board (each game, each choice of its options, either way up)
drawn in its setup position as SVG by the engine's picture code, which the page's pictures
use too (boardgames/drawing/picture.py), and `previews/previews.js`, what the page's start-up script
(start.js) needs before Python runs: each game's name, summary, first status line and
options, each board's file and aspect, the board colours of both themes, and the sizes of
the runtime's big files (for the progress bar).

The SVGs paint with CSS variables (`var(--board-background)`, ...) that start.js sets
from the colours below, so one file serves the light and the dark theme.  `make vendor`
runs this (it reads vendor/ for the runtime sizes); the folder is git-ignored.
"""

import json
import os
import shutil
import sys
from itertools import product

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))

from boardgames import GAME_IDS, get_game, texts  # noqa: E402
from boardgames.ai import LEVEL_NAMES  # noqa: E402
from webapp.state.page_state import DEFAULT_LEVEL  # noqa: E402
from boardgames.drawing import picture, render  # noqa: E402
from boardgames.drawing.layout import Layout, board_cells  # noqa: E402
from webapp.state import settings  # noqa: E402
from webapp.words import sharing  # noqa: E402
from webapp.state.session import Session  # noqa: E402

import build_sw  # noqa: E402

OUTPUT = "previews"
DATA = "previews.js"
WIDTH = 480  # CSS pixels the preview is drawn at (the page scales it to the board's size)
CSS_THEME = "css-variables"  # render.THEMES entry whose colours are CSS variables
RUNTIME = ("vendor/pyodide", "vendor/fast")
BIG_FILE = 500_000  # runtime files at least this large count in the download progress


def css_variable(key, index=None):
    return f"--board-{key}" + ("" if index is None else f"-{index}")


def css_variable_theme():
    """A render theme whose colours are `var(--board-...)` (the cells' too: see
    `css_variable_cells`); numbers (alphas) are kept, and must be the same in every theme."""
    light = render.THEMES["light"]
    theme = {}
    for key, value in light.items():
        if isinstance(value, str):
            theme[key] = f"var({css_variable(key)})"
        else:
            if any(t[key] != value for t in render.THEMES.values() if key in t):
                sys.exit(f"build_previews: theme value {key!r} differs between themes")
            theme[key] = value
    return theme


def css_variable_cells():
    """The cells' two colours as `var(--board-cell-0)` and `var(--board-cell-1)`."""
    return tuple(f"var({css_variable('cell', i)})" for i in range(2))


def theme_colours():
    """{theme name: {CSS variable: colour}} for the page to set, with the default board
    colours' cells."""
    default = settings.CHOICES["board"][2]
    return {name: {**{css_variable(key): value for key, value in render.THEMES[name].items()
                      if isinstance(value, str)}, **palette_colours()[default][name]}
            for name in ("light", "dark")}


def palette_colours():
    """{board colours: {theme name: {CSS variable: colour}}} of the cells, for the page to
    set when the visitor chose other board colours."""
    return {board: {name: {css_variable("cell", i): colour for i, colour in enumerate(cells)}
                    for name, cells in themes.items() if name in ("light", "dark")}
            for board, themes in render.PALETTES.items()}


def board_key(game_id, options):
    """A board's name: the game id and every option's value ('vault-size8')."""
    return game_id + "".join(f"-{name}{value}" for name, value in sorted(options.items()))


def boards():
    """(key, game id, options) of every board the page can open with."""
    for game_id in GAME_IDS:
        game = get_game(game_id)
        names = sorted(game.options)
        for values in product(*(game.options[name] for name in names)):
            options = dict(zip(names, values))
            yield board_key(game_id, {**game.chosen, **options}), game_id, options


def draw_preview(session, flipped, theme=CSS_THEME, board=None):
    """The SVG of a session's board, drawn as a picture of its position."""
    return picture.svg(session.game, session.state, flipped=flipped, theme=theme,
                       board=board or settings.CHOICES["board"][2], width=WIDTH,
                       attributes='preserveAspectRatio="none"')


def game_data(game_id):
    game = get_game(game_id)
    options = {name: {"label": game.option_words(name, "")[0],
                      "values": [[value, game.option_words(name, value)[1]] for value in allowed],
                      "default": game.chosen[name]}
               for name, allowed in game.options.items()}
    return {"name": game.name, "summary": game.summary, "status": Session(game_id).status(),
            "options": options, "draw": game.agreed_draw}


def shown_texts():
    """Every text of the games' data and the levels that start.js shows before Python runs (tools/i18n.py
    writes their translations out for it)."""
    texts = set()
    for game_id in GAME_IDS:
        data = game_data(game_id)
        texts |= {data["name"], data["summary"], data["status"]}
        for option in data["options"].values():
            texts |= {option["label"], *(words for _value, words in option["values"])}
    return texts | set(LEVEL_NAMES.values())  # (the computer's levels, in the Play panel's list)


def runtime_sizes(root):
    """The runtime's big files a first visit downloads, as the offline copy keeps them: the
    gzipped wasm rather than the plain one, the page's stdlib, never the build's snapshot
    (tools/build_sw.py)."""
    sizes = {}
    for folder in RUNTIME:
        path = os.path.join(root, folder)
        for name in sorted(os.listdir(path)) if os.path.isdir(path) else []:
            sizes[f"{folder}/{name}"] = os.path.getsize(os.path.join(path, name))
    gzipped = any(build_sw.GZIPPED_WASM.search(path) for path in sizes)
    left = {build_sw.PLAIN_WASM} if gzipped else set()
    return {path: size for path, size in sizes.items()
            if size >= BIG_FILE and not build_sw.NOT_KEPT.search(path) and path not in left}


def write(root=ROOT):
    """Write previews/ (cleared first); returns the paths written, relative to `root`."""
    render.THEMES[CSS_THEME] = css_variable_theme()
    for themes in render.PALETTES.values():
        themes[CSS_THEME] = css_variable_cells()
    folder = os.path.join(root, OUTPUT)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    written, board_data = [], {}
    for key, game_id, options in boards():
        session = Session(game_id, options=options)  # the setup position
        for flipped in (False, True):
            name = f"{key}{'-flipped' if flipped else ''}.svg"
            with open(os.path.join(folder, name), "w") as f:
                f.write(draw_preview(session, flipped))
            written.append(f"{OUTPUT}/{name}")
        cells = board_cells(session.game)
        board_data[key] = {"aspect": Layout.aspect(cells), "plainAspect": Layout.aspect(cells, False),
                           "setup": session.start_fen}
    data = {"default": GAME_IDS[0], "games": {game_id: game_data(game_id) for game_id in GAME_IDS},
            "boards": board_data, "colours": theme_colours(), "palettes": palette_colours(),
            "runtime": runtime_sizes(root), "saveKey": sharing.SAVE_KEY,
            "settingsKey": settings.SETTINGS_KEY, "linkParams": list(sharing.LINK_PARAMS),
            "languages": [*texts.LANGUAGES, texts.PSEUDO], "rightToLeft": sorted(texts.RIGHT_TO_LEFT),
            "levels": list(LEVEL_NAMES.items()), "level": DEFAULT_LEVEL, "friendParams": ["friend", "join"]}
    with open(os.path.join(folder, DATA), "w") as f:
        f.write("// Written by tools/build_previews.py (make vendor): what start.js shows before Python runs.\n"
                f"self.BOARD_PREVIEWS = {json.dumps(data, ensure_ascii=False, indent=1)};\n")
    written.append(f"{OUTPUT}/{DATA}")
    size = sum(os.path.getsize(os.path.join(root, path)) for path in written)
    print(f"build_previews: {len(written) - 1} board previews in {OUTPUT}/, {size / 1e3:.0f} kB")
    return written


if __name__ == "__main__":
    write()
