"""Browser side of the site: drawing, input and panels for any game the engine registers.

    main.py      the page: start-up, input, App.do (a command) and App.update (its effects, then rendering)
    state/       what the page shows and the commands that change it (plain Python)
    words/       what the page tells: words, records, links, sounds (plain Python)
    drawing/     the board's scene and its drawing, men, motion, pictures (plain Python)
    panels/      the panels around the board (DOM code): render the state, send commands
    worker/      the computer's search, in the AI worker or on the page's thread
    hook.py      window.boardgames, for tests, demos and embedding pages
    dom.py       small DOM helpers, and the storage a framed page may be refused

Only main.py, hook.py, dom.py and panels/ touch the browser; pytest checks the rest in
CPython.  This package imports the engine, never the reverse, and names no game: what
differs between games is the games' own declarations (boardgames.core.Game).
"""
