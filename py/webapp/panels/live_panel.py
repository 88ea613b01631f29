"""Play live on the same network: Play live (the host's code, as text and as a QR code
of a link that opens the page joining with it), Join with a friend's code (typed, pasted,
or scanned with the camera where the browser has a barcode reader), the answer code, the
line's state, the friend's requests to accept or decline, and Ask to take back, Offer a
draw, Resign, Offer a new game, Play on by link, Stop.  Everything goes through commands
(state/live.py); the connection itself is main.py's (peer.py)."""

import asyncio

import js
from js import navigator
from pyscript import window

from boardgames.texts import N_, _
from webapp.dom import copy_box, element, js_object, page_address
from webapp.state import commands, live

SCAN_SECONDS = 60
# What the friend asks, by the request's kind (live.ASKS)
ASKED = {"undo": N_("Your friend asks to take back a move."), "draw": N_("Your friend asks to agree a draw."),
         "new": N_("Your friend asks to start a new game, colours swapped.")}


class LivePanel:
    def __init__(self, app):
        self.app = app
        self.drawn = None  # the code whose QR code is shown (or being drawn)

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
        scanning = hasattr(window, "BarcodeDetector") and hasattr(navigator, "mediaDevices")
        for button, box, command in (("live-scan-join", "live-join-code", live.join),
                                     ("live-scan-answer", "live-answer", live.accept)):
            element(button).hidden = not scanning
            app.listen(element(button), "click",
                       lambda e, box=box, command=command: app.launch(self.scan(box, command)))

    def try_do(self, command, text):
        """A command reading a code: a bad code is said, and nothing else changes."""
        try:
            self.app.do(command, text)
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

    async def scan(self, box_id, command):
        """Fill `box_id` from a QR code the camera sees (a join link gives its code), then
        carry out `command` with it."""
        video = element("live-camera")
        try:
            stream = await navigator.mediaDevices.getUserMedia(
                js_object({"video": {"facingMode": "environment"}}))
        except Exception:  # noqa: BLE001 - no camera, or the reader said no
            self.app.say(_("The camera is not available: type or paste the code instead."))
            return
        video.srcObject = stream
        video.hidden = False
        try:
            await video.play()
            detector = js.BarcodeDetector.new(js_object({"formats": ["qr_code"]}))
            for _attempt in range(SCAN_SECONDS * 5):
                found = await detector.detect(video)
                if found.length:
                    text = str(found[0].rawValue)
                    element(box_id).value = text.split("join=", 1)[-1]
                    self.try_do(command, element(box_id).value)
                    return
                await asyncio.sleep(0.2)
            self.app.say(_("No code seen: type or paste it instead."))
        finally:
            for track in stream.getTracks():
                track.stop()
            video.hidden = True
