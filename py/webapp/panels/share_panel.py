"""The move list and the review banner, and the share panel: link, record, embed code,
loading a record, the position text and pictures of the position (the formats are in
record.py and picture.py, the choices in sharing.py).  It shows what the page state holds;
picking a move sends the review command."""

import js
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from webapp.state import analysis, commands

from webapp.words import sharing
from webapp.dom import add_text, copy_box, element, js_object, page_address
from webapp.drawing.picture import draw_picture, picture_name, picture_size, position_svg
from webapp.words.record import MAX_RECORD, game_record, opentafl_record


class SharePanel:
    def __init__(self, app):
        self.app = app
        self.annotating = None  # (session, ply) whose annotations the editor shows

    def install(self):
        app = self.app
        app.listen(element("move-list"), "click", self.on_history_click)
        app.listen(element("back-to-game"), "click", lambda e: app.do(commands.review, None, focus="board"))
        app.listen(element("copy-link"), "click", lambda e: app.launch(
            copy_box("share-link", "link", "Link copied: paste it to share this game.", app.say)))
        app.listen(element("copy-position"), "click", lambda e: app.launch(
            copy_box("position-text", "position text", "Position text copied.", app.say)))
        app.listen(element("download-png"), "click", lambda e: self.download("png"))
        app.listen(element("download-svg"), "click", lambda e: self.download("svg"))
        app.listen(element("load-record"), "click",
                   lambda e: app.do(commands.load_record, element("record-paste").value))
        app.listen(element("record-file"), "change", lambda e: app.launch(self.open_file()))
        app.listen(element("comment-text"), "change",
                   lambda e: app.do(commands.annotate, element("comment-text").value, None))
        app.listen(element("glyph-select"), "change",
                   lambda e: app.do(commands.annotate, None, element("glyph-select").value))
        app.listen(element("download-record"), "click", lambda e: self.save_text("record-text", "txt"))
        app.listen(element("download-otn"), "click", lambda e: self.save_text("otn-text", "otn.txt"))

    def render(self, state):
        self.show_history(state)
        self.show_annotations(state)
        self.show_links(state)

    def show_annotations(self, state):
        """The editor of the shown move's comment and mark (its texts set when another
        move is shown, so typing is never overwritten)."""
        session = state.session
        ply = state.view.shown_index(session)
        element("annotate").hidden = ply == 0 or state.embedded or state.exercise is not None
        if ply == 0 or self.annotating == (session, ply):
            return
        self.annotating = (session, ply)
        element("comment-label").textContent = f"Comment on move {ply} ({session.moves[ply - 1]})"
        element("comment-text").value = session.comments.get(ply, "")
        element("glyph-select").value = session.glyphs.get(ply, "")

    @staticmethod
    def show_history(state):
        """The move list, a button per move that shows the position after it, and the
        banner over a past position."""
        session, reviewing = state.session, state.view.reviewing
        moves = element("move-list")
        moves.innerHTML = ""
        for number, move in enumerate(session.moves, start=1):
            button = add_text(add_text(moves, "li", ""), "button", move)
            button.type = "button"
            button.setAttribute("data-index", str(number))
            mark = analysis.mark_at(state.analysis, number)
            glyph = session.glyphs.get(number) or (mark["mark"] if mark is not None else None)
            words = ""
            if glyph is not None:
                add_text(button, "span", glyph).className = "mark"
                words = f" ({analysis.GLYPH_WORDS[glyph]})"
            if number in session.comments:
                words += f", commented: {session.comments[number]}"
            button.setAttribute("aria-label", f"Show the position after move {number}, {move}{words}")
            button.setAttribute("aria-pressed", "true" if number == reviewing else "false")
        element("review").hidden = reviewing is None
        if reviewing is not None:
            element("review-text").textContent = sharing.review_words(session, reviewing)

    def on_history_click(self, event):
        button = event.target.closest("button[data-index]")  # (a click on a move's mark too)
        if button is not None:
            self.app.do(commands.review, int(button.getAttribute("data-index")), focus="back-to-game")

    @staticmethod
    def show_links(state):
        """The share panel's link, record and embed code, and the embedded page's link to
        the full site, all for the game as it stands."""
        session, level = state.session, state.level
        base_url = page_address()
        link = sharing.page_link(base_url, session, level)
        element("share-link").value = link
        element("full-site").href = link
        element("record-text").value = game_record(session)
        otn = opentafl_record(session)
        element("otn-box").hidden = element("download-otn").hidden = otn is None
        element("otn-text").value = otn or ""
        element("embed-code").value = sharing.embed_snippet(sharing.page_link(base_url, session, level, embed=True))
        element("position-text").value = session.game.fen(state.view.shown_state(session))

    async def open_file(self):
        """Load the record in the file the reader picked (a huge file is refused unread)."""
        picker = element("record-file")
        if not picker.files.length:
            return
        chosen = picker.files.item(0)
        picker.value = ""
        if chosen.size > 4 * MAX_RECORD:
            self.app.say(f"{chosen.name} is {chosen.size // 1_000_000 or 1} MB: far too big for a game record. "
                         "Your game is unchanged.")
            return
        self.app.do(commands.load_record, str(await chosen.text()))

    def save_text(self, box_id, extension):
        """Save a record box's text as a file."""
        session = self.app.state.session
        name = f"{session.game_id}-{len(session.moves)}-moves.{extension}"
        blob = js.Blob.new(to_js([element(box_id).value]), js_object({"type": "text/plain"}))
        save_url(js.URL.createObjectURL(blob), name, made=True)
        self.app.say(f"Record saved as {name} (where this browser allows downloads).")

    def download(self, extension):
        """Save a picture of the position shown, as PNG or SVG (webapp/drawing/picture.py)."""
        session, view = self.app.state.session, self.app.state.view
        name = picture_name(session, view, extension)
        if extension == "svg":
            blob = js.Blob.new(to_js([position_svg(session, view)]), js_object({"type": "image/svg+xml"}))
            save_url(js.URL.createObjectURL(blob), name, made=True)
        else:
            canvas = document.createElement("canvas")
            width, height = picture_size(session, view)
            canvas.width, canvas.height = round(width), round(height)
            draw_picture(canvas.getContext("2d"), session, view)
            save_url(canvas.toDataURL("image/png"), name)
        self.app.say(f"Picture saved as {name} (where this browser allows downloads).")


def save_url(url, name, made=False):
    """Offer `url` as a download called `name` (`made`: an object URL, let go later)."""
    link = document.createElement("a")
    link.href, link.download = url, name
    document.body.appendChild(link)
    link.click()
    link.remove()
    if made:
        window.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 10_000)
