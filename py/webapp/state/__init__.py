"""What the page shows and how it changes, decided without the browser (pytest checks it in
CPython): the page state, the commands that change it and the effects that follow, the
game being played, how it is looked at, the Settings, the embed's parameters, the
position editor and the lessons and puzzles being taken.
"""
