"""Live play with a camera and no code typed: Chromium on Linux has no BarcodeDetector, so
Scan opens the camera and jsQR (npm, vendored) reads the code, its script fetched only
then.  Chromium's fake camera shows a y4m file made from the other page's QR code: the
guest scans the host's, the host the guest's answer, and a move crosses each way.  A
stranger's QR code is refused, and a camera refused or missing is said, in a sentence."""

import base64
import os
import sys
import time

import pytest
from browser import CHROMIUM, LAUNCH_ARGS, ROOT
from page_helpers import open_ready, play_by_clicks, show_activity, state

WEBRTC_ARGS = ["--disable-features=WebRtcHideLocalIpsWithMdns"]  # (as test_live_page.py)
WIDTH, HEIGHT = 640, 480  # the fake camera's frames
# The luma of an SVG (a page's QR code) drawn on white in the middle of a camera frame, base64
SVG_LUMA = """async ([svg, width, height]) => {
  const image = new Image();  // (an SVG inline in a page names no namespace; a file must)
  const file = svg.includes("xmlns=") ? svg : svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"');
  image.src = URL.createObjectURL(new Blob([file], {type: "image/svg+xml"}));
  await image.decode();
  const canvas = new OffscreenCanvas(width, height), ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff"; ctx.fillRect(0, 0, width, height);
  const side = Math.round(height * 0.7);
  ctx.drawImage(image, (width - side) / 2, (height - side) / 2, side, side);
  const rgba = ctx.getImageData(0, 0, width, height).data, luma = new Uint8Array(width * height);
  for (let i = 0; i < luma.length; i++) luma[i] = 0.299 * rgba[4 * i] + 0.587 * rgba[4 * i + 1] + 0.114 * rgba[4 * i + 2];
  let text = ""; for (let i = 0; i < luma.length; i += 8192) text += String.fromCharCode(...luma.subarray(i, i + 8192));
  return btoa(text);
}"""


def write_camera(page, svg, path):
    """Make `path` the fake camera's video: two frames of `svg` (a QR code) in grey."""
    luma = base64.b64decode(page.evaluate(SVG_LUMA, [svg, WIDTH, HEIGHT]))
    chroma = bytes([128]) * (WIDTH * HEIGHT // 2)
    with open(path, "wb") as f:
        f.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _frame in range(2):
            f.write(b"FRAME\n" + luma + chroma)


def stranger_svg(text):
    """A QR code of `text` as the page draws them (segno, from the wheel the build vendors)."""
    sys.path.insert(0, os.path.join(ROOT, "vendor", "wheels", "segno-1.6.6-py3-none-any.whl"))
    import segno
    return segno.make(text, error="m").svg_inline(scale=3, dark="#111", light="#fff", border=4)


@pytest.fixture
def camera_browser(browser, tmp_path):
    """camera_browser(name, allowed=True) -> (a Chromium whose fake camera shows the file,
    the file); `allowed`: the camera is granted when asked (else a page is refused it)."""
    launched = []

    def launch(name, allowed=True):
        video = tmp_path / f"{name}.y4m"
        video.write_bytes(b"")
        args = LAUNCH_ARGS + WEBRTC_ARGS + ["--use-fake-device-for-media-stream",
                                            f"--use-file-for-fake-video-capture={video}"]
        args += ["--use-fake-ui-for-media-stream"] if allowed else []
        launched.append(browser.browser_type.launch(executable_path=CHROMIUM, args=args))
        return launched[-1], str(video)

    yield launch
    for each in launched:
        each.close()


def scan(page, button):
    """Press Scan (after the code is in view); the seconds until the camera read a code."""
    page.click(button)
    page.wait_for_selector("#scanner:not([hidden])", state="attached")
    started = time.monotonic()
    page.wait_for_selector("#scanner[hidden]", state="attached", timeout=20_000)
    return time.monotonic() - started


def test_two_friends_connect_by_scanning_each_others_codes(camera_browser, site, watch):
    host_browser, host_camera = camera_browser("host")
    guest_browser, guest_camera = camera_browser("guest")
    host_device = host_browser.new_context(viewport={"width": 1100, "height": 850}, permissions=["camera"])
    guest_device = guest_browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                             permissions=["camera"])
    try:
        host = open_ready(host_device, watch, f"{site}/index.html?game=tablut")
        guest = open_ready(guest_device, watch, f"{site}/index.html?game=vut")
        show_activity(host, "friend")
        host.click("#live-host")
        host.wait_for_selector("#live-qr svg", state="attached")
        code = host.input_value("#live-code")
        write_camera(host, host.inner_html("#live-qr"), guest_camera)
        show_activity(guest, "friend")
        fetched = []
        guest.on("request", lambda request: fetched.append(request.url))
        assert not [url for url in fetched if "jsqr" in url]
        seconds = scan(guest, "#live-scan-join")
        assert [url for url in fetched if url.endswith("/vendor/jsqr/jsQR.js")], "the decoder, fetched on Scan"
        assert code in guest.input_value("#live-join-code"), "the host's link read, no code typed"
        guest.wait_for_function("document.getElementById('live-code').value.length > 40")
        guest.wait_for_selector("#live-qr svg", state="attached")
        print(f"\nthe guest's camera read the host's QR code {seconds:.2f} s after Scan")
        write_camera(guest, guest.inner_html("#live-qr"), host_camera)
        seconds = scan(host, "#live-scan-answer")
        print(f"the host's camera read the guest's answer code {seconds:.2f} s after Scan")
        assert host.input_value("#live-answer") == guest.input_value("#live-code")
        for page in (host, guest):
            page.wait_for_function("window.boardgames.state().friend && "
                                   "window.boardgames.state().friend.connection === 'connected'", timeout=15_000)
        assert state(guest)["game"] == "tablut" and state(guest)["friend"]["side"] == "white"
        for mover, other in ((host, guest), (guest, host)):
            mover.locator("#board").scroll_into_view_if_needed()
            move = state(mover)["legal"][0]
            play_by_clicks(mover, move)
            other.wait_for_function(f"window.boardgames.state().moves.includes('{move}')", timeout=10_000)
        assert state(host)["moves"] == state(guest)["moves"] and len(state(host)["moves"]) == 2
    finally:
        host_device.close()
        guest_device.close()
    assert watch.console_errors == [] and watch.foreign_requests() == []


def test_a_strangers_code_is_refused_and_changes_nothing(camera_browser, site, watch):
    guest_browser, guest_camera = camera_browser("guest")
    device = guest_browser.new_context(viewport={"width": 1100, "height": 850}, permissions=["camera"])
    try:
        guest = open_ready(device, watch, f"{site}/index.html?game=vut")
        write_camera(guest, stranger_svg("https://example.org/lesson?week=3"), guest_camera)
        show_activity(guest, "friend")
        scan(guest, "#live-scan-join")
        assert "holds a link, not a live code" in guest.inner_text("#message")
        assert state(guest)["friend"] is None and guest.is_hidden("#live-box")
    finally:
        device.close()
    assert watch.console_errors == []


def test_no_camera_is_said_in_a_sentence_and_the_typed_code_still_works(open_page):
    page = open_page("?game=vut")  # (this Chromium has no camera)
    show_activity(page, "friend")
    page.click("#live-scan-join")
    page.wait_for_function("document.getElementById('message').textContent !== ''")
    assert page.is_hidden("#scanner")
    assert page.inner_text("#message") == "This device has no camera the page can use: type or paste the code instead."
    assert state(page)["friend"] is None and page.is_hidden("#live-box")
    page.fill("#live-join-code", "not a code")
    page.click("#live-join")
    assert page.inner_text("#message").startswith("That code does not work")


def test_a_refused_camera_is_said_in_a_sentence(camera_browser, site, watch):
    guest_browser, camera = camera_browser("guest", allowed=False)
    device = guest_browser.new_context(viewport={"width": 1100, "height": 850})
    try:
        page = open_ready(device, watch, f"{site}/index.html?game=vut")
        write_camera(page, stranger_svg("a camera that works"), camera)
        show_activity(page, "friend")
        scan(page, "#live-scan-join")
        assert page.inner_text("#message") == "The camera was not allowed: type or paste the code instead."
        assert state(page)["friend"] is None
    finally:
        device.close()
    assert watch.console_errors == []
