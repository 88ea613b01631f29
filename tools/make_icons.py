"""Draw icons/icon.svg as the PNG icons the web app manifest lists (192 and 512 px, for
browsers and home screens that want bitmaps), with the standard library only.

The SVG is a few flat shapes, so this draws just what it uses: `rect` (with `rx`) and
`circle` (with `stroke`), filled with solid colours, 4x4 samples per pixel for smooth
edges.  Anything else in the SVG is an error, not a silent gap.  The PNGs are committed;
run `python3 tools/make_icons.py` again after changing the SVG.
"""

import os
import struct
import xml.etree.ElementTree as ET
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SVG = os.path.join(ROOT, "icons", "icon.svg")
SIZES = (192, 512)
SAMPLES = 4  # per pixel and axis


def colour(text):
    text = text.lstrip("#")
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))


def rect_test(x, y, w, h, r):
    def inside(px, py):
        if not (x <= px <= x + w and y <= py <= y + h):
            return False
        dx = max(x + r - px, px - (x + w - r), 0)
        dy = max(y + r - py, py - (y + h - r), 0)
        return dx * dx + dy * dy <= r * r
    return inside


def circle_test(cx, cy, r):
    return lambda px, py: (px - cx) ** 2 + (py - cy) ** 2 <= r * r


def shapes(svg_text):
    """[(inside(x, y), rgb)] in drawing order, in the SVG's user units, and its size."""
    root = ET.fromstring(svg_text)
    _, _, width, height = (float(v) for v in root.get("viewBox").split())
    found = []
    for node in root:
        tag = node.tag.rsplit("}", 1)[-1]
        num = lambda name, node=node: float(node.get(name, 0))  # noqa: E731
        if tag == "rect":
            found.append((rect_test(num("x"), num("y"), num("width"), num("height"), num("rx")),
                          colour(node.get("fill"))))
        elif tag == "circle":
            r = num("r")
            stroke = node.get("stroke")
            if stroke:
                half = num("stroke-width") / 2
                found.append((circle_test(num("cx"), num("cy"), r + half), colour(stroke)))
                r -= half
            found.append((circle_test(num("cx"), num("cy"), r), colour(node.get("fill"))))
        else:
            raise ValueError(f"make_icons: <{tag}> is not drawn by this script")
    return found, width, height


def raster(svg_text, size):
    """Rows of RGBA bytes: the SVG scaled to size x size pixels."""
    found, width, height = shapes(svg_text)
    step = 1 / SAMPLES
    rows = []
    for row in range(size):
        line = bytearray()
        for col in range(size):
            total = [0, 0, 0, 0]
            for sy in range(SAMPLES):
                y = (row + (sy + 0.5) * step) * height / size
                for sx in range(SAMPLES):
                    x = (col + (sx + 0.5) * step) * width / size
                    for inside, rgb in reversed(found):
                        if inside(x, y):
                            total[0] += rgb[0]
                            total[1] += rgb[1]
                            total[2] += rgb[2]
                            total[3] += 255
                            break
            n = SAMPLES * SAMPLES
            alpha = total[3] / n
            if alpha:  # colour of the covered samples, not mixed with the transparent ones
                covered = total[3] / 255
                line += bytes(round(c / covered) for c in total[:3]) + bytes([round(alpha)])
            else:
                line += bytes(4)
        rows.append(bytes(line))
    return rows


def png(rows):
    size = len(rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    pixels = zlib.compress(b"".join(b"\0" + row for row in rows), 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def main():
    with open(SVG) as f:
        svg_text = f.read()
    for size in SIZES:
        path = os.path.join(ROOT, "icons", f"icon-{size}.png")
        with open(path, "wb") as f:
            f.write(png(raster(svg_text, size)))
        print(f"make_icons: {os.path.relpath(path, ROOT)}")


if __name__ == "__main__":
    main()
