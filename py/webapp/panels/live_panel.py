"""Play live on the same network: Play live (the host's code, as text and as a QR code
of a link that opens the page joining with it), Join with a friend's code (typed, pasted,
or scanned with the camera: qr_reader.py), the answer code (scanned too), the
line's state, the friend's requests to accept or decline, and Ask to take back, Offer a
draw, Resign, Offer a new game, Play on by link, Stop.  Everything goes through commands
(state/live.py); the connection itself is main.py's (peer.py)."""

import js

from boardgames.texts import N_, _
from webapp.dom import copy_box, element, page_address
from webapp.panels.qr_reader import CameraError, QrReader
from webapp.state import commands, live

SCAN_SECONDS = 60
# What the friend asks, by the request's kind (live.ASKS)
ASKED = {"undo": N_("Your friend asks to take back a move."), "draw": N_("Your friend asks to agree a draw."),
         "new": N_("Your friend asks to start a new game, colours swapped.")}


class LivePanel:
    def __init__(self, app):
        self.app = app
        self.drawn = None  # the code whose QR code is shown (or being drawn)
        self.reader = QrReader()
        self.scanning = False  # the camera reads a code (until Stop)

    def install(self):
        app = self.app
        app.listen(element("live-host"), "click", lambda e: app.do(live.host, None))
        app.listen(element("live-join"), "click", lambda e: self.try_do(live.join, element("live-join-code").value))
        app.listen(element("live-connect"), "click", lambda e: self.try_do(live.accept, element("live-answer").value))
        app.listen(element("live-copy"), "click", lambda e: app.launch(
            copy_box("live-code", "code", _("Code copied: send it to your friend."), app.say)))
        app.listen(element("live-yes"), "click", lambda e: app.do(live.answer, True))
        app.listen(element("live-no"), "click", lambda e: app.do(live.answer, False))
        app.listen(element("live-undo"), "click", lambda e: app.do(commands.undo))
        app.listen(element("live-draw"), "click", lambda e: app.do(live.ask, "draw"))
        app.listen(element("live-new"), "click", lambda e: app.do(live.ask, "new"))
        app.listen(element("live-resign"), "click", lambda e: app.do(live.resign))
        app.listen(element("live-stop"), "click", lambda e: app.do(live.stop))
        app.listen(element("live-by-link"), "click", lambda e: app.do(live.on_by_link))
        for button, box, step in (("live-scan-join", "live-join-code", "join"),
                                  ("live-scan-answer", "live-answer", "accept")):
            app.listen(element(button), "click", lambda e, box=box, step=step: app.launch(self.scan(box, step)))
        app.listen(element("scan-stop"), "click", lambda e: self.stop_scan())

    def try_do(self, command, *args):
        """A command reading a code: a bad code is said, and nothing else changes."""
        try:
            self.app.do(command, *args)
        except ValueError:
            self.app.update()

    def render(self, state):
        live_on, friend = state.live, state.friend
        lost = live_on is not None and live_on["connection"] in ("interrupted", "lost")
        element("live-choose").hidden = not (live_on is None and friend is None or lost)
        element("live-host").textContent = (_("Make new codes") if lost and live_on["role"] == "host"
                                            else _("Play live on this network"))
        element("live-box").hidden = live_on is None
        if live_on is None:
            return
        connection = live_on["connection"]
        element("live-status").textContent = _(live.CONNECTION_WORDS[connection])
        code = live_on["code"]
        showing = code is not None and connection in ("waiting", "answered", "connecting")
        element("live-code-box").hidden = not showing
        element("live-answer-box").hidden = not (live_on["role"] == "host" and connection == "waiting")
        if showing:
            host = live_on["role"] == "host"
            element("live-code-label").textContent = (_("Your code: give it to your friend (or let them scan it)")
                                                      if host else _("Your answer code: give it to your friend"))
            element("live-code").value = code
            shown = f"{page_address()}?join={code}" if host else code
            if shown != self.drawn:
                self.drawn = shown
                self.app.launch(self.app.qr.draw(element("live-qr"), shown, _("QR code of the code for your friend"),
                                                 lambda: shown == self.drawn))
        asked = live_on["asked"]
        element("live-asked").hidden = asked is None
        if asked is not None:
            words = ASKED[asked["what"]]
            element("live-asked-text").textContent = _(words)
        playing = friend is not None and friend["mode"] == "live" and connection == "connected"
        element("live-actions").hidden = not playing
        over = state.session.result is not None
        element("live-draw").hidden = not state.session.game.agreed_draw
        element("live-draw").disabled = element("live-resign").disabled = over or live_on["asking"] is not None
        element("live-undo").disabled = element("live-new").disabled = live_on["asking"] is not None
        element("live-by-link").hidden = not (lost and friend is not None)

    async def scan(self, box_id, step):
        """Read a QR code with the camera, in a preview with a frame to aim at and Stop:
        the host's (step "join": its link or code) or the guest's answer code ("accept");
        the code goes in `box_id` and is carried out as if typed there."""
        if self.scanning:
            return
        self.scanning = True
        video = element("live-camera")
        element("scanner").hidden = False
        element("scan-stop").focus()  # (in view, under the board on a phone)
        deadline = js.performance.now() + SCAN_SECONDS * 1000
        text = stream = None
        try:
            stream = await self.reader.open(video)
            text = await self.reader.read(video, lambda: self.scanning and js.performance.now() < deadline)
            if text is None and self.scanning:
                self.app.say(_("No code seen: type or paste it instead."))
        except CameraError as error:
            self.app.say(_(str(error)))
        finally:
            if stream is not None:
                self.reader.close(video, stream)
            self.stop_scan()
        if text is not None:
            element(box_id).value = text
            self.try_do(live.scanned, text, step)

    def stop_scan(self):
        self.scanning = False
        element("scanner").hidden = True
