"""The panels around the board (DOM code, run in the browser): each renders from the page
state and sends commands; none calls another.
"""
