"""The move list and the review banner, saving in this browser, and the share panel:
link, record, embed code, loading a record, the position text and pictures of the
position (the formats are in record.py and picture.py, the choices in sharing.py).  It
shows what the session and the view hold; picking a move asks the App to review it."""

import js
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from webapp import sharing
from webapp.dom import add_text, element, js_object, storage
from webapp.picture import draw_picture, picture_name, picture_size, position_svg
from webapp.record import game_record, parse_record, saved_payload


def clipboard_allowed():
    """False in a frame whose embedding page does not allow clipboard-write: there the
    browser refuses and logs an error, so the page does not ask."""
    policy = getattr(document, "permissionsPolicy", None) or getattr(document, "featurePolicy", None)
    return policy is None or bool(policy.allowsFeature("clipboard-write"))


class SharePanel:
    def __init__(self, app):
        self.app = app
        self.keep = True  # save the game in this browser (an embedded page does not)
        self.saved = None  # what was last saved

    def install(self):
        app = self.app
        app.listen(element("move-list"), "click", self.on_history_click)
        app.listen(element("back-to-game"), "click", lambda e: self.back_to_game())
        app.listen(element("copy-link"), "click",
                   lambda e: app.launch(self.copy("share-link", "link", "Link copied: paste it to share this game.")))
        app.listen(element("copy-position"), "click",
                   lambda e: app.launch(self.copy("position-text", "position text", "Position text copied.")))
        app.listen(element("download-png"), "click", lambda e: self.download("png"))
        app.listen(element("download-svg"), "click", lambda e: self.download("svg"))
        app.listen(element("load-record"), "click", lambda e: self.load_record())

    def show(self):
        self.show_history()
        self.save()
        self.show_links()

    def show_history(self):
        """The move list, a button per move that shows the position after it, and the
        banner over a past position."""
        session, reviewing = self.app.session, self.app.view.reviewing
        moves = element("move-list")
        moves.innerHTML = ""
        for number, move in enumerate(session.moves, start=1):
            button = add_text(add_text(moves, "li", ""), "button", move)
            button.type = "button"
            button.setAttribute("data-index", str(number))
            button.setAttribute("aria-label", f"Show the position after move {number}, {move}")
            button.setAttribute("aria-pressed", "true" if number == reviewing else "false")
        element("review").hidden = reviewing is None
        if reviewing is not None:
            element("review-text").textContent = sharing.review_words(session, reviewing)

    def on_history_click(self, event):
        index = event.target.getAttribute("data-index")
        if index is not None:
            self.app.review(int(index))
            element("back-to-game").focus()

    def back_to_game(self):
        self.app.review(None)
        element("board").focus()

    def save(self):
        """Keep the game in this browser when it changed (an embedded page keeps nothing,
        nor does a lesson or a puzzle)."""
        store = storage()
        if not self.keep or store is None or self.app.coach.run is not None:
            return  # (a lesson's or puzzle's position is not your game)
        payload = saved_payload(self.app.session, self.app.computer.level())
        if payload == self.saved:
            return
        try:
            store.setItem(sharing.SAVE_KEY, payload)
            self.saved = payload
        except Exception:  # noqa: BLE001 - storage full or refused: play on, unsaved
            self.keep = False
            self.app.say(sharing.NOT_SAVED)

    def show_links(self):
        """The share panel's link, record and embed code, and the embedded page's link to
        the full site, all for the game as it stands."""
        session, level = self.app.session, self.app.computer.level()
        base_url = window.location.origin + window.location.pathname
        link = sharing.page_link(base_url, session, level)
        element("share-link").value = link
        element("full-site").href = link
        element("record-text").value = game_record(session)
        element("embed-code").value = sharing.embed_snippet(sharing.page_link(base_url, session, level, embed=True))
        element("position-text").value = session.game.fen(self.app.view.shown_state(session))

    async def copy(self, box_id, what, done):
        """Copy a read-only box's text (`what`); where the clipboard is refused, select it instead."""
        box = element(box_id)
        try:
            if not clipboard_allowed():
                raise PermissionError("clipboard-write is not allowed in this frame")
            await window.navigator.clipboard.writeText(box.value)
            self.app.say(done)
        except Exception:  # noqa: BLE001 - clipboard refused or missing: select it instead
            box.select()
            self.app.say(f"Copying was not allowed here: the {what} is selected, copy it with Ctrl+C.")

    def download(self, extension):
        """Save a picture of the position shown, as PNG or SVG (webapp/picture.py)."""
        session, view = self.app.session, self.app.view
        name = picture_name(session, view, extension)
        if extension == "svg":
            blob = js.Blob.new(to_js([position_svg(session, view)]), js_object({"type": "image/svg+xml"}))
            url = js.URL.createObjectURL(blob)
        else:
            canvas = document.createElement("canvas")
            width, height = picture_size(session, view)
            canvas.width, canvas.height = round(width), round(height)
            draw_picture(canvas.getContext("2d"), session, view)
            url = canvas.toDataURL("image/png")
        link = document.createElement("a")
        link.href, link.download = url, name
        document.body.appendChild(link)
        link.click()
        link.remove()
        if extension == "svg":
            window.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 10_000)
        self.app.say(f"Picture saved as {name} (where this browser allows downloads).")

    def load_record(self):
        app = self.app
        try:
            session = parse_record(element("record-paste").value, players=app.chosen_players())
        except ValueError as error:
            app.say(f"That record could not be loaded: {error}. Your game is unchanged.")
            return
        app.begin(session)
        app.say(f"Record loaded: {len(session.moves)} moves of {session.game.name}.")
        app.update()
