"""Drawing a board without a browser, the page's drawing and its pictures' alike: cell
geometry (layout.py), the men's shapes (men_shapes.py), a scene drawn on any canvas 2D
context (render.py), a canvas that writes SVG (svg_canvas.py), and a position's picture
(picture.py: `boardgames.svg`, a state's `_repr_svg_` in a notebook, the previews that
tools/build_previews.py makes for start.js).
"""
