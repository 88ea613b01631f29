"""Two friends play live on one network (two browser contexts, a WebRTC data channel,
no server): the codes pass through the pages' own fields, moves go both ways by clicks,
a take-back asked is accepted, a dropped friend is reported and a new page of theirs
takes the game on; the hook's liveHost/liveJoin/liveAccept; no connection falls back to
play by link."""

import pytest
from browser import CHROMIUM, LAUNCH_ARGS
from page_helpers import open_ready, play_by_clicks, show_activity, state

# Chromium shows a .local name instead of a device's address unless told not to; on
# one machine both work, the addresses spare the tests any name lookup
WEBRTC_ARGS = ["--disable-features=WebRtcHideLocalIpsWithMdns"]
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1100, "height": 850}}


@pytest.fixture(scope="module")
def webrtc_browser(browser):
    """A second Chromium of the session's Playwright, launched with WEBRTC_ARGS."""
    launched = browser.browser_type.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS + WEBRTC_ARGS)
    yield launched
    launched.close()



def connection(page):
    return page.evaluate("window.boardgames.state().friend && window.boardgames.state().friend.connection")


def join_by_fields(host, guest):
    """The guest types the host's code, the host types the guest's answer: connected."""
    host.wait_for_function("document.getElementById('live-code').value.length > 40")
    show_activity(guest, "friend")
    guest.fill("#live-join-code", host.input_value("#live-code"))
    guest.click("#live-join")
    guest.wait_for_function("document.getElementById('live-code').value.length > 40")
    host.wait_for_selector("#live-qr svg", state="attached")
    host.fill("#live-answer", guest.input_value("#live-code"))
    host.click("#live-connect")
    for page in (host, guest):
        page.wait_for_function("window.boardgames.state().friend && "
                               "window.boardgames.state().friend.connection === 'connected'", timeout=15_000)
        assert page.inner_text("#live-status") == "Connected: playing live."


def wait_moves(page, count):
    page.wait_for_function(f"window.boardgames.state().moves.length === {count}", timeout=10_000)


def test_two_friends_play_live_by_clicks(webrtc_browser, site, watch):
    host_device, guest_device = webrtc_browser.new_context(**DESKTOP), webrtc_browser.new_context(**PHONE)
    try:
        host = open_ready(host_device, watch, f"{site}/index.html?game=tablut")
        guest = open_ready(guest_device, watch, f"{site}/index.html?game=vut")
        show_activity(host, "friend")
        host.click("#live-host")  # the host plays the side to move (Black in Tablut)
        join_by_fields(host, guest)
        assert state(guest)["game"] == "tablut" and state(guest)["friend"]["side"] == "white"
        assert state(host)["friend"] == {"mode": "live", "side": "black", "connection": "connected"}
        played = []
        for number in range(4):
            mover, other = (host, guest) if number % 2 == 0 else (guest, host)
            mover.locator("#board").scroll_into_view_if_needed()
            move = state(mover)["legal"][number]
            play_by_clicks(mover, move)
            played.append(move)
            wait_moves(other, len(played))
            assert state(other)["moves"] == played == state(mover)["moves"]
        guest.click("#live-undo")  # White asks to take back its last move
        host.wait_for_selector("#live-asked:not([hidden])")
        assert host.inner_text("#live-asked-text") == "Your friend asks to take back a move."
        host.click("#live-yes")
        wait_moves(guest, 3)
        assert state(host)["moves"] == state(guest)["moves"] == played[:3]
        guest.close()  # the friend's page is gone: the host is told
        host.wait_for_function("['interrupted', 'lost'].includes(window.boardgames.state().friend.connection)",
                               timeout=20_000)
        assert "connection is" in host.inner_text("#live-status")
        host.click("#live-host")  # Make new codes: the game is kept
        assert host.inner_text("#live-status") in ("Making your code…", "Waiting for your friend's answer code.")
        guest = open_ready(guest_device, watch, f"{site}/index.html")
        join_by_fields(host, guest)
        assert state(guest)["moves"] == played[:3] and state(guest)["friend"]["side"] == "white"
        guest.locator("#board").scroll_into_view_if_needed()
        move = state(guest)["legal"][0]
        play_by_clicks(guest, move)
        wait_moves(host, 4)
        assert state(host)["moves"] == played[:3] + [move]
    finally:
        host_device.close()
        guest_device.close()
    assert watch.console_errors == [] and watch.foreign_requests() == []


def test_the_hook_connects_and_no_connection_falls_back_to_a_link(webrtc_browser, site, watch):
    devices = [webrtc_browser.new_context(**DESKTOP) for _ in range(3)]
    try:
        host, guest, late = (open_ready(device, watch, f"{site}/index.html?game=pux") for device in devices)
        code = host.evaluate("async () => await window.boardgames.liveHost('white')")
        answer = guest.evaluate("async code => await window.boardgames.liveJoin(code)", code)
        assert host.evaluate("async code => await window.boardgames.liveAccept(code)", answer) is True
        guest.wait_for_function("window.boardgames.state().friend && "
                                "window.boardgames.state().friend.connection === 'connected'")
        assert state(guest)["friend"]["side"] == "black"
        assert host.evaluate("window.boardgames.play(window.boardgames.state().legal[0]).ok")
        wait_moves(guest, 1)
        error = guest.evaluate("async () => { try { await window.boardgames.liveJoin('AAAA'); return ''; } "
                               "catch (e) { return e.message; } }")
        assert "does not work" in error and state(guest)["friend"]["connection"] == "connected"
        # an answer code from a page that is gone: no connection forms, the host plays on by link
        stale = late.evaluate("async () => await window.boardgames.liveHost()")
        gone = guest.evaluate("async code => await window.boardgames.liveJoin(code)", stale)
        devices[1].close()
        error = late.evaluate("async code => { try { await window.boardgames.liveAccept(code); return ''; } "
                              "catch (e) { return e.message; } }", gone)
        assert "No live connection formed" in error and "same network" in error
        assert state(late)["friend"]["mode"] == "link" and late.input_value("#friend-link").startswith(site)
    finally:
        for device in devices:
            device.close()
    assert watch.console_errors == [] and watch.foreign_requests() == []
