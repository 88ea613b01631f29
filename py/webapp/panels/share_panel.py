"""The move list and the review banner, and the share panel: link, record, embed code,
loading a record, the position text and pictures of the position (the formats are in
record.py and picture.py, the choices in sharing.py).  It shows what the page state holds;
picking a move sends the review command."""

import js
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from boardgames.texts import _, ngettext
from webapp.state import analysis, commands

from webapp.words import sharing
from webapp.dom import add_text, copy_box, element, js_object, page_address
from webapp.drawing.picture import draw_picture, picture_name, picture_size, position_svg
from webapp.state.lines import walk
from boardgames.record import MAX_RECORD, move_number
from webapp.words.record import game_record, opentafl_record


class SharePanel:
    def __init__(self, app):
        self.app = app
        self.annotating = None  # (session, ply) whose annotations the editor shows

    def install(self):
        app = self.app
        app.listen(element("move-list"), "click", self.on_history_click)
        app.listen(element("back-to-game"), "click", lambda e: app.do(commands.review, None, focus="board"))
        app.listen(element("copy-link"), "click", lambda e: app.launch(
            copy_box("share-link", "link", _("Link copied: paste it to share this game."), app.say)))
        app.listen(element("copy-position"), "click", lambda e: app.launch(
            copy_box("position-text", "position text", _("Position text copied."), app.say)))
        app.listen(element("download-png"), "click", lambda e: self.download("png"))
        app.listen(element("download-svg"), "click", lambda e: self.download("svg"))
        app.listen(element("load-record"), "click",
                   lambda e: app.do(commands.load_record, element("record-paste").value))
        app.listen(element("record-file"), "change", lambda e: app.launch(self.open_file()))
        app.listen(element("comment-text"), "change",
                   lambda e: app.do(commands.annotate, element("comment-text").value, None))
        app.listen(element("glyph-select"), "change",
                   lambda e: app.do(commands.annotate, None, element("glyph-select").value))
        app.listen(element("draw-toggle"), "change", lambda e: app.do(commands.toggle_drawing))
        app.listen(element("record-tags"), "change",
                   lambda e: app.do(commands.set_tag, e.target.getAttribute("data-tag"), e.target.value))
        app.listen(element("promote-line"), "click", lambda e: app.do(commands.promote))
        app.listen(element("delete-line"), "click", lambda e: app.do(commands.delete_variation))
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
        element("draw-box").hidden = state.embedded or state.exercise is not None
        element("draw-toggle").checked = state.view.drawing
        if ply == 0 or self.annotating == (session, ply):
            return
        self.annotating = (session, ply)
        # TRANSLATORS: the label of the box for a comment on a move: "Comment on move 2 (e3-f3)"
        element("comment-label").textContent = _("Comment on move {number} ({move})").format(
            number=ply, move=session.moves[ply - 1])
        element("comment-text").value = session.comments.get(ply, "")
        element("glyph-select").value = session.glyphs.get(ply, "")

    @staticmethod
    def show_history(state):
        """The move list (the main line, each variation in parentheses after the move it
        replaces), a button per move that shows the position after it, and the banner
        over a past position."""
        session, reviewing = state.session, state.view.reviewing
        moves = element("move-list")
        moves.innerHTML = ""
        holder, depth, numbered = moves, 0, True
        for step in walk(session.line()):
            if step[0] == "(":
                if not depth:
                    holder = add_text(moves, "li", "")
                    holder.className = "variation"
                add_text(holder, "span", "(")
                depth, numbered = depth + 1, True
                continue
            if step[0] == ")":
                add_text(holder, "span", ")")
                depth, numbered = depth - 1, True
                continue
            kind, line, ply, path = step
            move, here = line.moves[ply - 1 - line.start], session.on_board(path)
            if not depth:
                holder = add_text(moves, "li", "")
                holder.value = ply
            button = add_text(holder, "button", f"{move_number(ply, numbered)} {move}".strip() if depth else move)
            numbered = False
            button.type = "button"
            button.setAttribute("data-index", str(ply))
            button.setAttribute("data-path", " ".join(f"{at}:{index}" for at, index in path))
            mark = analysis.mark_at(state.analysis, ply) if here else None
            glyph = line.glyphs.get(ply) or (mark["mark"] if mark is not None else None)
            # TRANSLATORS: a screen reader's words for a move in the move list: "Show the position after move 3, e2-e4"
            label = _("Show the position after move {number}, {move}").format(number=ply, move=move)
            if glyph is not None:
                add_text(button, "span", glyph).className = "mark"
                # TRANSLATORS: the move list's label of a move, then its mark: "..., e2-e4 (good move)"
                label = _("{label} ({mark})").format(label=label, mark=_(analysis.GLYPH_WORDS[glyph]))
            if ply in line.comments:
                label = _("{label}, commented: {comment}").format(label=label, comment=line.comments[ply])
            if not here:
                label = _("{label}, in another line").format(label=label)
            button.setAttribute("aria-label", label)
            button.setAttribute("aria-pressed", "true" if here and ply == reviewing else "false")
            if not here:
                button.className = "off-board"
        # the move on the board, or the last, in view (an empty list is not measured: a
        # measure here forces the page's layout, which the first render leaves to the browser)
        shown = moves.querySelector('button[aria-pressed="true"]')
        if shown:  # (JS null is not None)
            moves.scrollTop = shown.offsetTop - moves.clientHeight / 2
        elif moves.lastElementChild:
            moves.scrollTop = moves.scrollHeight
        element("review").hidden = reviewing is None
        if reviewing is not None:
            element("review-text").textContent = sharing.review_words(session, reviewing)
        ply = state.view.shown_index(session)
        element("variation-tools").hidden = (session.variation_at(ply) is None or state.embedded
                                             or state.exercise is not None)

    def on_history_click(self, event):
        button = event.target.closest("button[data-index]")  # (a click on a move's mark too)
        if button is not None:
            path = [tuple(map(int, choice.split(":"))) for choice in button.getAttribute("data-path").split()]
            self.app.do(commands.show_line, path, int(button.getAttribute("data-index")), focus="back-to-game")

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
        for name in ("White", "Black", "Event", "Date"):
            field = element(f"tag-{name.lower()}")
            value = session.tags.get(name, "")
            if not field.matches(":focus"):  # (never over the reader's typing)
                field.value = value.replace(".", "-") if name == "Date" else value
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
            size = chosen.size // 1_000_000 or 1
            self.app.say(ngettext("{name} is {count} MB: far too big for a game record. Your game is unchanged.",
                                  "{name} is {count} MB: far too big for a game record. Your game is unchanged.",
                                  size).format(name=chosen.name, count=size))
            return
        self.app.do(commands.load_record, str(await chosen.text()))

    def save_text(self, box_id, extension):
        """Save a record box's text as a file."""
        session = self.app.state.session
        name = f"{session.game_id}-{len(session.moves)}-moves.{extension}"
        blob = js.Blob.new(to_js([element(box_id).value]), js_object({"type": "text/plain"}))
        save_url(js.URL.createObjectURL(blob), name, made=True)
        self.app.say(_("Record saved as {name} (where this browser allows downloads).").format(name=name))

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
        self.app.say(_("Picture saved as {name} (where this browser allows downloads).").format(name=name))


def save_url(url, name, made=False):
    """Offer `url` as a download called `name` (`made`: an object URL, let go later)."""
    link = document.createElement("a")
    link.href, link.download = url, name
    document.body.appendChild(link)
    link.click()
    link.remove()
    if made:
        window.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 10_000)
