"""Drawing a board, without the browser: the scene computed once per change, the canvas
drawing of a scene, the men's shapes, a move in motion, cell geometry, pictures of a
position and the SVG canvas that start.js's board picture is drawn with at build time.
"""
