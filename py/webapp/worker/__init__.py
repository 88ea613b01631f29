"""The computer's bridge: the search driven in slices, in the AI worker (ai_worker.py is
the worker's own script) or on the page's thread until it is up.
"""
