"""The page's icons: those index.html names (`class="icon i-NAME"`), taken from the npm
package lucide-static (pinned in package-lock.json, ISC licence) and written into one
style sheet, vendor/icons/icons.css, that the page links: each icon a CSS mask (`--icon`),
so it takes the colour of its text in either theme and costs one request for all.

Run by tools/vendor.py; a name lucide does not have stops the build.
"""

import os
import re
import sys
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "node_modules", "lucide-static")
OUTPUT = os.path.join("vendor", "icons", "icons.css")
NAMED = re.compile(r'class="[^"]*\bicon i-([a-z0-9-]+)')


def icon_names(page):
    """The icons the page `page` (a path) names, sorted."""
    with open(page) as f:
        return sorted(set(NAMED.findall(f.read())))


def icon_rule(name):
    """`.i-NAME { --icon: url("data:...") }`: the icon's SVG as a data URL (comments and
    line breaks dropped)."""
    path = os.path.join(PACKAGE, "icons", f"{name}.svg")
    if not os.path.isfile(path):
        sys.exit(f"icons: lucide-static has no icon '{name}' ({path})")
    with open(path) as f:
        svg = re.sub(r"<!--.*?-->", "", f.read(), flags=re.S)
    svg = re.sub(r"\s+", " ", svg).strip()
    return f'.i-{name} {{ --icon: url("data:image/svg+xml,{urllib.parse.quote(svg, safe=" =:/,.-")}"); }}'


def write(root=ROOT):
    """Write vendor/icons/icons.css; returns the icons written."""
    names = icon_names(os.path.join(root, "index.html"))
    with open(os.path.join(PACKAGE, "package.json")) as f:
        version = re.search(r'"version":\s*"([^"]+)"', f.read()).group(1)
    path = os.path.join(root, OUTPUT)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(f"/* Icons from lucide-static {version} (ISC licence), written by "
                f"tools/icons.py. */\n")
        f.write("\n".join(icon_rule(name) for name in names) + "\n")
    print(f"icons: {len(names)} lucide icons in {OUTPUT}")
    return names


if __name__ == "__main__":
    write()
