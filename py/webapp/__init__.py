"""Browser side of the site: layout, drawing and interaction.

Only `main.py` touches the DOM (PyScript); the other modules are plain Python so pytest
checks them in CPython.  This package imports the engine, never the reverse.
"""
