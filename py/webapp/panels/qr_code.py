"""QR codes drawn in the page (a game by link's link, live play's codes) by segno (PyPI),
whose wheel the build vendors into vendor/wheels/ and the page imports from our origin
the first time a code is drawn."""

import sys

import js

from boardgames.texts import N_, _
QR_WHEEL = "segno-1.6.6-py3-none-any.whl"  # as tools/vendor.py's PAGE_WHEELS pins it
NO_QR = N_("(No QR code here: copy or share the text instead.)")


class QrCodes:
    def __init__(self):
        self.segno = None

    async def svg(self, text):
        """`text` as an inline SVG QR code; None where the wheel could not be fetched."""
        if self.segno is None:
            response = await js.fetch(f"./vendor/wheels/{QR_WHEEL}")
            if not response.ok:
                return None
            path = f"/tmp/{QR_WHEEL}"
            with open(path, "wb") as f:
                f.write((await response.arrayBuffer()).to_bytes())
            sys.path.insert(0, path)
            import segno  # (a wheel fetched only when a code is drawn)
            self.segno = segno
        return self.segno.make(text, error="m").svg_inline(scale=3, dark="#111", light="#fff", border=4)

    async def draw(self, box, text, label, current):
        """Draw `text`'s code in `box` (labelled `label` for screen readers), unless
        `current()` says another text is wanted by then."""
        svg = await self.svg(text)
        if not current():
            return
        if svg is None:
            box.textContent = _(NO_QR)
            return
        box.innerHTML = svg
        box.firstElementChild.setAttribute("role", "img")
        box.firstElementChild.setAttribute("aria-label", label)
