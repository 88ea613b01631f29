"""Small helpers shared by the page's DOM modules (main.py and its panels), among them
the browser's storage, which a page in a cross-site frame may be refused."""

import asyncio

import js
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from boardgames.texts import N_, _

# What a refused copy says, by what the box holds (`what` of copy_box).
COPY_REFUSED = {
    "link": N_("Copying was not allowed here: the link is selected, copy it with Ctrl+C."),
    "code": N_("Copying was not allowed here: the code is selected, copy it with Ctrl+C."),
    "position text": N_("Copying was not allowed here: the position text is selected, copy it with Ctrl+C."),
}

def element(id_):
    return document.getElementById(id_)


async def after_next_frame(longest_ms=100):
    """Return in a task after the browser's next frame, the page laid out then (or after
    `longest_ms` where no frame comes: a tab in the background).  What Python measures or
    draws there forces no layout, which in the middle of a long task would hold the page."""
    done = asyncio.get_running_loop().create_future()

    def settle(*_):
        if not done.done():
            done.set_result(None)
    window.requestAnimationFrame(create_once_callable(lambda _: window.setTimeout(create_once_callable(settle), 0)))
    window.setTimeout(create_once_callable(settle), longest_ms)
    await done


def js_object(value):
    return to_js(value, dict_converter=js.Object.fromEntries)


def page_address():
    """The page's address without its query: the base of every link it gives."""
    return window.location.origin + window.location.pathname


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


def clipboard_allowed():
    """False in a frame whose embedding page does not allow clipboard-write: there the
    browser refuses and logs an error, so the page does not ask."""
    policy = getattr(document, "permissionsPolicy", None) or getattr(document, "featurePolicy", None)
    return policy is None or bool(policy.allowsFeature("clipboard-write"))


async def copy_box(box_id, what, done, say):
    """Copy a read-only box's text (`what`: "link", "code" or "position text"), then
    `say(done)` (`done` already translated); where the clipboard is refused, select the
    text instead and say how to copy it."""
    box = element(box_id)
    try:
        if not clipboard_allowed():
            raise PermissionError("clipboard-write is not allowed in this frame")
        await window.navigator.clipboard.writeText(box.value)
        say(done)
    except Exception:  # noqa: BLE001 - clipboard refused or missing: select it instead
        box.select()
        say(_(COPY_REFUSED[what]))
