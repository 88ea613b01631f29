"""Write the table of docs/rulings.md from the engine's own texts.

Each game module carries `summary` and `rulings` (what this project decided where the
original texts are silent); the page shows them in its rules panel, and this keeps the
docs saying the same.  tests/test_site.py checks docs/rulings.md is in sync.
Usage: python3 tools/rulings_md.py [--write]
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))

from boardgames import GAME_IDS, get_game  # noqa: E402

BEGIN, END = "<!-- rulings:begin -->", "<!-- rulings:end -->"


def render():
    lines = [BEGIN, "", "| id | game | summary |", "| --- | --- | --- |"]
    games = [get_game(game_id) for game_id in GAME_IDS]
    lines += [f"| `{g.id}` | {g.name} | {g.summary} |" for g in games]
    lines.append("")
    for g in games:
        lines.append(f"**{g.name}** (`{g.id}`):")
        lines += [f"- {ruling}" for ruling in g.rulings]
        lines.append("")
    lines.append(END)
    return "\n".join(lines)


DOC = os.path.join(ROOT, "docs", "rulings.md")


def with_rulings(text):
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        raise SystemExit(f"docs/rulings.md has no {BEGIN} ... {END} section")
    return pattern.sub(lambda m: render(), text)


if __name__ == "__main__":
    with open(DOC) as f:
        text = f.read()
    if "--write" in sys.argv:
        with open(DOC, "w") as f:
            f.write(with_rulings(text))
        print("docs/rulings.md rewritten")
    else:
        print(render())
