"""The browser's end of live play (state/live.py): one RTCPeerConnection with no ICE
server, so only the two devices' own addresses are tried (live play needs one network,
and the page contacts no STUN or TURN server), and one data channel negotiated on both
sides (id 0).  JSON messages go over it, and a heartbeat every second tells the line's
state: connected, interrupted (a few seconds of silence), lost."""

import asyncio
import json
import time

import js
from pyodide.ffi import create_proxy

from webapp.dom import js_object

PING = 1.0  # seconds between heartbeats
INTERRUPTED = 3.5  # seconds of silence before the line is called interrupted
LOST = 12.0  # ... lost
FORM = 10.0  # seconds a connection has, once the host has entered the answer code
GUEST_FORM = 180.0  # ... once the guest has made its answer code (the host must enter it)
GATHERING = 3.0  # seconds at most to gather the device's addresses


class PeerLink:
    """`on_message(text)` for each message of the friend's page, `on_connection(status)`
    when the line's state changes ("connected", "interrupted", "lost", or "failed" when no
    connection formed in time)."""

    def __init__(self, on_message, on_connection):
        self.on_message, self.on_connection = on_message, on_connection
        self.pc = js.RTCPeerConnection.new(js_object({"iceServers": []}))
        self.channel = self.pc.createDataChannel("game", js_object({"negotiated": True, "id": 0}))
        self.heard = None  # time.monotonic() of the last message, None before the channel opened
        self.deadline = None  # the time the connection must have formed by
        self.status = None
        self.closed = False
        self.proxies = []
        self.listen(self.channel, "message", self.take)
        self.listen(self.channel, "open", lambda e: self.hear())
        self.listen(self.channel, "close", lambda e: self.report("lost"))
        self.beat = asyncio.ensure_future(self.heartbeat())

    def listen(self, target, event, handler):
        proxy = create_proxy(handler)
        self.proxies.append((target, event, proxy))
        target.addEventListener(event, proxy)

    async def offer(self):
        """The host's local description (its SDP)."""
        return await self.describe(self.pc.createOffer())

    async def answer(self, sdp):
        """The guest's local description, answering the host's `sdp`."""
        await self.pc.setRemoteDescription(js_object({"type": "offer", "sdp": sdp}))
        self.deadline = time.monotonic() + GUEST_FORM
        return await self.describe(self.pc.createAnswer())

    async def accept(self, sdp):
        """The host takes the guest's answer: the connection forms now, or not."""
        await self.pc.setRemoteDescription(js_object({"type": "answer", "sdp": sdp}))
        self.deadline = time.monotonic() + FORM

    async def describe(self, making):
        await self.pc.setLocalDescription(await making)
        waited = 0.0
        while self.pc.iceGatheringState != "complete" and waited < GATHERING:
            await asyncio.sleep(0.05)
            waited += 0.05
        return self.pc.localDescription.sdp

    def send(self, message):
        if self.channel.readyState == "open":
            self.channel.send(json.dumps(message))

    def take(self, event):
        self.hear()
        if event.data != "ping":
            self.on_message(str(event.data))

    def hear(self):
        self.heard = time.monotonic()
        self.report("connected")

    def report(self, status):
        if status != self.status and not self.closed:
            self.status = status
            self.on_connection(status)

    async def heartbeat(self):
        while not self.closed:
            await asyncio.sleep(PING)
            now = time.monotonic()
            if self.heard is None:
                if self.deadline is not None and now > self.deadline:
                    self.report("failed")
                    self.close()
                continue
            if self.channel.readyState == "open":
                self.channel.send("ping")
            silence = now - self.heard
            if silence > LOST or self.pc.connectionState in ("failed", "closed"):
                self.report("lost")
            elif silence > INTERRUPTED:
                self.report("interrupted")

    def close(self):
        self.closed = True
        for target, event, proxy in self.proxies:
            target.removeEventListener(event, proxy)
            proxy.destroy()
        self.proxies = []
        self.pc.close()
