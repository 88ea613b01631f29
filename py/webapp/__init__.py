"""Browser side of the site: drawing, input and panels for any game the engine registers.

Pure modules (session, view, layout, render, access, record, sharing, computer,
setup_editor, rules_panel, ai_worker) import no browser code, so pytest checks them in
CPython; the DOM modules (main and the *_panel modules, hook, dom) wire them to the page
through PyScript.  This package imports the engine, never the reverse, and names no
game: what differs between games is the games' own declarations (boardgames.core.Game).
"""
