"""Small helpers shared by the page's DOM modules (main.py and its panels)."""

import js
from pyodide.ffi import to_js
from pyscript import document


def element(id_):
    return document.getElementById(id_)


def js_object(value):
    return to_js(value, dict_converter=js.Object.fromEntries)


def add_text(parent, tag, text):
    """A new `tag` child of `parent` holding `text`; returns it."""
    child = document.createElement(tag)
    child.textContent = text
    parent.appendChild(child)
    return child
