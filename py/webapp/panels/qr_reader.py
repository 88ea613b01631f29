"""Reading a QR code with the camera (live play's codes): the back camera in a live
preview, read by the browser's BarcodeDetector where it has one (Chrome on Android and
macOS), else by jsQR (the npm package jsqr, vendored by tools/vendor.py), whose script is
fetched the first time Scan is pressed.  A camera refused, missing or busy raises
CameraError with the sentence the page shows; nothing else changes."""

import asyncio

import js
from js import navigator
from pyodide.ffi import JsException, create_once_callable
from pyscript import document, window

from boardgames.texts import N_
from webapp.dom import js_object

QR_READER = "./vendor/jsqr/jsQR.js"  # as tools/vendor.py's QR_READER
READS_A_SECOND = 6
LARGEST = 720  # pixels: a frame is read at most this wide (jsQR's time grows with the pixels)
# getUserMedia's refusals (DOMException names) -> what the page says
CAMERA_WORDS = {
    "NotAllowedError": N_("The camera was not allowed: type or paste the code instead."),
    "SecurityError": N_("The camera was not allowed: type or paste the code instead."),
    "NotFoundError": N_("This device has no camera the page can use: type or paste the code instead."),
    "OverconstrainedError": N_("This device has no camera the page can use: type or paste the code instead."),
    "NotReadableError": N_("The camera is busy (another app is using it): close that app, or type or paste the code."),
    "AbortError": N_("The camera is busy (another app is using it): close that app, or type or paste the code."),
}
# No camera at all for the page: a page not on https (nor this machine), or an old browser
NO_CAMERA = N_("This browser lets the page use no camera (the page needs https for it): type or paste the code "
               "instead.")


class CameraError(Exception):
    """The camera cannot be used; its message is the sentence to show (translated where shown)."""


class QrReader:
    def __init__(self):
        self.detector = None  # BarcodeDetector, or None for jsQR
        self.canvas = None  # where jsQR reads a frame from

    @staticmethod
    async def open(video):
        """The back camera in `video`; its stream (to close)."""
        devices = getattr(navigator, "mediaDevices", None)
        if not devices:
            raise CameraError(NO_CAMERA)
        try:
            stream = await devices.getUserMedia(js_object({"video": {"facingMode": "environment"}, "audio": False}))
        except JsException as error:  # the browser's refusal, by its name
            raise CameraError(CAMERA_WORDS.get(error.name, NO_CAMERA)) from None
        video.srcObject = stream
        await video.play()
        return stream

    @staticmethod
    def close(video, stream):
        for track in stream.getTracks():
            track.stop()
        video.srcObject = None

    async def ready(self):
        """The decoder: the browser's, else jsQR's script, fetched once."""
        if self.detector is not None or hasattr(window, "jsQR"):
            return
        if hasattr(window, "BarcodeDetector"):
            formats = await js.BarcodeDetector.getSupportedFormats()
            if "qr_code" in formats.to_py():
                self.detector = js.BarcodeDetector.new(js_object({"formats": ["qr_code"]}))
                return
        loaded = asyncio.get_event_loop().create_future()
        script = document.createElement("script")
        script.src = QR_READER
        script.onload = create_once_callable(lambda event: loaded.done() or loaded.set_result(True))
        script.onerror = create_once_callable(lambda event: loaded.done() or loaded.set_result(False))
        document.head.appendChild(script)
        if not await loaded:
            script.remove()
            raise CameraError(N_("The code reader could not be loaded: type or paste the code instead."))

    async def read(self, video, wanted):
        """The text of the first QR code the camera shows, or None once `wanted()` is false."""
        await self.ready()
        while wanted():
            text = await self.read_frame(video)
            if text:
                return text
            await asyncio.sleep(1 / READS_A_SECOND)
        return None

    async def read_frame(self, video):
        width, height = video.videoWidth, video.videoHeight
        if not width or not height:
            return None
        if self.detector is not None:
            found = await self.detector.detect(video)
            return str(found[0].rawValue) if found.length else None
        scale = min(1, LARGEST / width)
        width, height = round(width * scale), round(height * scale)
        if self.canvas is None:
            self.canvas = document.createElement("canvas")
        self.canvas.width, self.canvas.height = width, height
        context = self.canvas.getContext("2d", js_object({"willReadFrequently": True}))
        context.drawImage(video, 0, 0, width, height)
        pixels = context.getImageData(0, 0, width, height)
        found = window.jsQR(pixels.data, width, height, js_object({"inversionAttempts": "attemptBoth"}))
        return str(found.data) if found else None
