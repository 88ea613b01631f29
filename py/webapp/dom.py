"""Small helpers shared by the page's DOM modules (main.py and its panels), among them
the browser's storage, which a page in a cross-site frame may be refused."""

import js
from pyodide.ffi import to_js
from pyscript import document, window


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


def storage():
    """The browser's localStorage, or None where it is refused (some sandboxed frames)."""
    try:
        return window.localStorage
    except Exception:  # noqa: BLE001 - a page without storage still plays
        return None


def stored_text(key):
    """The text kept under `key`, or None (nothing kept, or storage refused)."""
    store = storage()
    try:
        text = store.getItem(key) if store is not None else None
    except Exception:  # noqa: BLE001 - refused on reading: as if nothing were kept
        return None
    return text if isinstance(text, str) else None


def keep_text(key, text):
    """Keep `text` under `key`; False where storage is refused or full."""
    store = storage()
    if store is None:
        return False
    try:
        store.setItem(key, text)
    except Exception:  # noqa: BLE001 - refused or full
        return False
    return True
