"""Live play (webapp/words/live_code.py and webapp/state/live.py): the codes carry what a
browser's description needs and refuse what was changed, cut or is of the other kind; two
page states wired to each other play moves both ways, agree take-backs, draws and new
games, refuse illegal or malformed messages, and agree again after a reconnection."""

import json

import pytest

from webapp.state import commands, live
from webapp.state.effects import Marks, decide
from webapp.state.page_state import PageState
from webapp.state.session import FRIEND, HUMAN, Session
from webapp.state.settings import defaults
from webapp.words.live_code import read_code, write_code

# Chromium 142's descriptions: .local names (its default), and addresses (with
# --disable-features=WebRtcHideLocalIpsWithMdns, as the e2e tests launch it)
CHROMIUM_OFFER = """v=0\r
o=- 4286977402472241278 2 IN IP4 127.0.0.1\r
s=-\r
t=0 0\r
a=group:BUNDLE 0\r
a=extmap-allow-mixed\r
a=msid-semantic: WMS\r
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r
c=IN IP4 0.0.0.0\r
a=candidate:1552753654 1 udp 2113937151 45c78f67-85a8-4133-940b-c5850f5f2d9d.local 60282 typ host generation 0 network-cost 999\r
a=candidate:1543458630 1 udp 2113942271 d7c007c3-35f7-4d62-a37e-00d0d520c2fe.local 54437 typ host generation 0 network-cost 999\r
a=ice-ufrag:Piy3\r
a=ice-pwd:q+7kjZjL50ystyOEdEvFI0h5\r
a=ice-options:trickle\r
a=fingerprint:sha-256 A3:43:21:97:E1:B8:86:96:1C:BA:59:36:0D:37:1F:42:F7:38:C9:A3:05:C0:FC:8C:A5:18:76:61:82:58:5F:C4\r
a=setup:actpass\r
a=mid:0\r
a=sctp-port:5000\r
a=max-message-size:262144\r
"""
CHROMIUM_ANSWER = """v=0\r
o=- 7741634951395044556 2 IN IP4 127.0.0.1\r
m=application 44906 UDP/DTLS/SCTP webrtc-datachannel\r
c=IN IP4 192.0.2.2\r
a=candidate:869784946 1 udp 2113937151 192.0.2.2 44906 typ host generation 0 network-cost 999\r
a=candidate:4172356754 1 udp 2113942271 fd00::2 35737 typ host generation 0 network-cost 999\r
a=candidate:2 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0\r
a=ice-ufrag:f3DV\r
a=ice-pwd:R1LJkwApE+B74eXDtjyBNGV+\r
a=fingerprint:sha-256 E2:0C:B0:E6:70:E9:70:F8:D0:80:B5:17:47:EF:30:0E:16:9D:49:76:4C:A0:07:6E:56:C1:05:72:BD:45:B3:FB\r
a=setup:active\r
"""

# Firefox's (its form: UDP in capitals, ufrag and pwd in hex, a larger message size)
FIREFOX_OFFER = """v=0\r
o=mozilla...THIS_IS_SDPARTA-99.0 5236042193461738475 0 IN IP4 0.0.0.0\r
s=-\r
t=0 0\r
a=fingerprint:sha-256 5C:93:4B:3E:90:0A:88:E9:D2:B1:63:C2:1B:41:7B:4F:3B:24:19:48:B8:3E:B4:9A:6D:52:61:17:8E:3F:0A:21\r
a=group:BUNDLE 0\r
a=ice-options:trickle\r
a=msid-semantic:WMS *\r
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r
c=IN IP4 0.0.0.0\r
a=candidate:0 1 UDP 2122252543 0b6a6b8c-7d2e-4c5f-9a1b-2c3d4e5f6a7b.local 50012 typ host\r
a=candidate:1 1 TCP 2105524479 0b6a6b8c-7d2e-4c5f-9a1b-2c3d4e5f6a7b.local 9 typ host tcptype active\r
a=sendrecv\r
a=end-of-candidates\r
a=ice-pwd:6e1c8c6b0e5c2f7a9d3b4a1e8f2c7d5b\r
a=ice-ufrag:3f9a2b1c\r
a=mid:0\r
a=setup:actpass\r
a=sctp-port:5000\r
a=max-message-size:1073741823\r
"""


def lines(sdp, prefix):
    return [line for line in sdp.splitlines() if line.startswith(prefix)]


@pytest.mark.parametrize("sdp,kind,setup", [(CHROMIUM_OFFER, "host", "actpass"), (CHROMIUM_ANSWER, "answer", "active"),
                                            (FIREFOX_OFFER, "host", "actpass")])
def test_a_code_carries_what_the_other_browser_needs(sdp, kind, setup):
    code = write_code(sdp, kind)
    assert len(code) <= 160 and code.isascii()
    described = read_code(f"  {code[:40]}\n{code[40:]} ", kind)  # (spaces and breaks of a typed code)
    for field in ("a=ice-ufrag:", "a=ice-pwd:", "a=fingerprint:"):
        assert lines(described, field) == lines(sdp, field)
    udp = [line.split()[4:6] for line in lines(sdp, "a=candidate:") if " udp " in line.lower()]
    assert udp
    assert [line.split()[4:6] for line in lines(described, "a=candidate:")] == udp
    assert lines(described, "a=setup:") == [f"a=setup:{setup}"]
    assert "m=application 9 UDP/DTLS/SCTP webrtc-datachannel" in described


@pytest.mark.parametrize("change,kind,words", [
    ("", "answer", "that is a host's code, not your friend's answer code"),
    ("cut", "host", "cut short or mistyped"),
    ("letter", "host", "cut short or mistyped"),
    ("junk", "host", "letters no code has"),
    ("empty", "host", "enter your friend's code first"),
])
def test_a_bad_code_is_refused_with_a_reason(change, kind, words):
    code = write_code(CHROMIUM_OFFER, "host")
    code = {"": code, "cut": code[:-9], "letter": code[:50] + ("A" if code[50] != "A" else "B") + code[51:],
            "junk": code[:20] + "!*" + code[20:], "empty": " "}[change]
    with pytest.raises(ValueError, match=words):
        read_code(code, kind)


def test_a_description_without_addresses_gives_no_code():
    without = "\n".join(line for line in CHROMIUM_OFFER.splitlines() if not line.startswith("a=candidate"))
    with pytest.raises(ValueError, match="no network"):
        write_code(without, "host")


# -- two pages ----------------------------------------------------------------------------


class Page:
    """A page state with its effects, as main.py runs them (the link: `sent`)."""

    def __init__(self, game_id="tablut"):
        self.state = PageState(Session(game_id), settings=defaults())
        self.marks = Marks()
        self.sent = []
        self.wanted = []
        self.do(lambda state: None)

    def do(self, command, *args):
        command(self.state, *args)
        effects = decide(self.state, self.marks)
        self.sent += effects.send
        if effects.connect is not None:
            self.wanted.append(effects.connect[0])

    @property
    def session(self):
        return self.state.session


def deliver(sender, receiver):
    """Pass what `sender` sent to `receiver` (as JSON over the channel); True if any."""
    messages, sender.sent = sender.sent, []
    for message in messages:
        receiver.do(live.received, json.dumps(message))
    return bool(messages)


def pump(a, b):
    while deliver(a, b) | deliver(b, a):
        pass


def connected(plies=0, guest_game="vut", game="tablut"):
    """A host (White, in Tablut Black moves first, after `plies` moves) and a guest (on
    another game) connected."""
    host, guest = Page(game), Page(guest_game)
    for _ in range(plies):
        host.session.play(host.session.legal()[0])
    host.do(live.host, "w")
    guest.do(live.join, write_code(CHROMIUM_OFFER, "host"))
    host.do(live.code_made, "code")
    guest.do(live.code_made, "answer")
    host.do(live.accept, write_code(CHROMIUM_ANSWER, "answer"))
    assert (host.wanted, guest.wanted) == (["offer", "accept"], ["answer"])
    for page in (host, guest):
        page.do(live.connection_changed, "connected")
    pump(host, guest)
    return host, guest


def test_the_guest_takes_the_hosts_game_and_the_other_side():
    host, guest = connected(2)
    assert guest.session.game_id == "tablut" and guest.session.moves == host.session.moves != []
    assert guest.state.friend["side"] == "b" and guest.session.players == {"w": FRIEND, "b": HUMAN}
    assert host.session.players == {"w": HUMAN, "b": FRIEND} and not host.state.view.flipped
    assert guest.state.view.flipped


def test_moves_go_both_ways_once_each():
    host, guest = connected()
    guest.do(commands.play, guest.session.legal()[0])
    pump(host, guest)
    host.do(commands.play, host.session.legal()[3])
    pump(host, guest)
    assert host.session.moves == guest.session.moves and len(host.session.moves) == 2
    guest.do(commands.play, guest.session.legal()[1])
    guest.do(lambda state: None)  # (a later change sends nothing again)
    assert len(guest.sent) == 1


def test_the_friends_side_cannot_be_moved_here():
    host, guest = connected()
    before = list(host.session.moves)
    host.do(commands.click, host.session.game.move_cells(host.session.legal()[0])[0])
    assert host.session.moves == before and "friend" in host.session.message


@pytest.mark.parametrize("message,words", [
    ({"t": "move", "n": 0, "m": "a1-a9"}, "not legal here"),
    ({"t": "move", "n": 5, "m": "e1-e3"}, "not at this game's move 1"),
    ({"t": "move", "n": 0}, "malformed"),
    ({"t": "ask", "what": "undo", "to": 4}, "moves this game does not have"),
    ({"t": "dance"}, "does not know"),
    ("{not json", "malformed"),
])
def test_a_bad_message_is_refused_and_the_game_stays(message, words):
    host, guest = connected()
    guest.session.play(guest.session.legal()[0])  # (what the host must not be pushed into)
    before = (list(host.session.moves), host.session.result)
    host.do(live.received, message if isinstance(message, str) else json.dumps(message))
    assert (host.session.moves, host.session.result) == before
    assert "refused" in host.state.message and words in host.state.message
    assert host.sent[-1]["t"] == "refused"
    deliver(host, guest)
    assert "refused a message" in guest.state.message


def test_a_move_for_the_other_side_is_refused():
    host, guest = connected()
    guest.do(commands.play, guest.session.legal()[0])
    pump(host, guest)
    host.do(live.received, json.dumps({"t": "move", "n": 1, "m": host.session.legal()[0]}))
    assert len(host.session.moves) == 1 and "refused" in host.state.message


@pytest.mark.parametrize("yes", [True, False])
def test_a_take_back_is_asked_and_answered(yes):
    host, guest = connected()
    guest.do(commands.play, guest.session.legal()[0])
    pump(host, guest)
    host.do(commands.play, host.session.legal()[0])
    pump(host, guest)
    guest.do(commands.undo)  # White asks: back to before its move (the reply goes too)
    pump(host, guest)
    assert host.state.live["asked"]["what"] == "undo" and len(host.session.moves) == 2
    host.do(live.answer, yes)
    pump(host, guest)
    assert len(host.session.moves) == len(guest.session.moves) == (0 if yes else 2)
    assert guest.state.live["asking"] is None and ("declined" in guest.state.message) != yes


def test_a_draw_a_resignation_and_a_new_game_with_colours_swapped():
    host, guest = connected(game="vault")  # (the one game whose rules know a draw by agreement)
    guest.do(commands.agree_draw)
    pump(host, guest)
    host.do(live.answer, True)
    pump(host, guest)
    assert host.session.result == guest.session.result == {"winner": None, "reason": "drawn by agreement"}
    host.do(commands.new_game_again)  # (asks the friend)
    pump(host, guest)
    guest.do(live.answer, True)
    pump(host, guest)
    assert (host.state.friend["side"], guest.state.friend["side"]) == ("b", "w")
    assert host.session.moves == guest.session.moves == [] and host.session.result is None
    host.do(live.resign)
    pump(host, guest)
    assert host.session.result == guest.session.result == {"winner": "white", "reason": "black resigned"}


def test_a_draw_is_offered_only_where_the_rules_have_one():
    host, guest = connected()
    guest.do(commands.agree_draw)
    assert guest.sent == [] and guest.state.message == "Tablut has no draw by agreement."
    host.do(live.received, json.dumps({"t": "ask", "what": "draw"}))
    assert host.state.live["asked"] is None and "no draw by agreement" in host.state.message


def test_after_a_drop_the_pages_agree_again():
    host, guest = connected()
    guest.do(commands.play, guest.session.legal()[0])
    pump(host, guest)
    for page in (host, guest):
        page.do(live.connection_changed, "lost")
    host.do(commands.play, host.session.legal()[2])  # (made while the line was down: sent with the hello)
    assert host.sent == []
    for page in (host, guest):
        page.do(live.connection_changed, "connected")
    pump(host, guest)
    assert guest.session.moves == host.session.moves and len(guest.session.moves) == 2
    guest.do(commands.play, guest.session.legal()[0])
    pump(host, guest)
    assert host.session.moves == guest.session.moves and len(host.session.moves) == 3


def test_a_new_guest_page_takes_the_game_on():
    host, guest = connected(1)
    host.do(live.connection_changed, "lost")
    host.do(live.host)  # new codes: the side is kept
    newcomer = Page("pux")
    newcomer.do(live.join, write_code(CHROMIUM_OFFER, "host"))
    for page in (host, newcomer):
        page.do(live.connection_changed, "connected")
    pump(host, newcomer)
    assert newcomer.session.moves == host.session.moves != [] and newcomer.state.friend["side"] == "b"
    assert host.state.friend["side"] == "w"


def test_no_connection_in_time_leaves_the_host_playing_by_link():
    host = Page()
    host.do(live.host, "w")
    host.do(live.code_made, "code")
    host.do(live.no_connection)
    assert host.state.live is None and host.state.friend["mode"] == "link" and host.state.friend["side"] == "w"
    assert "same network" in host.state.message and "by link" in host.state.message
    guest = Page()
    guest.do(live.join, write_code(CHROMIUM_OFFER, "host"))
    guest.do(live.no_connection)
    assert guest.state.live is None and guest.state.friend is None and "ask your friend" in guest.state.message.lower()


def test_a_bad_code_changes_nothing():
    page = Page()
    with pytest.raises(ValueError):
        page.do(live.join, "AAAA")
    assert page.state.live is None and "does not work" in page.state.message


def test_a_resignation_made_while_the_line_was_down_reaches_the_friend():
    host, guest = connected()
    for page in (host, guest):
        page.do(live.connection_changed, "lost")
    guest.do(live.resign)
    for page in (host, guest):
        page.do(live.connection_changed, "connected")
    pump(host, guest)
    assert host.session.result == guest.session.result == {"winner": "white", "reason": "black resigned"}


# What a scanned QR code gives (the text it holds, how it is used), and what is said.
SCANS = """
holds                                                | step   | joined | message
{host}                                               | join   | yes    | Making your answer code…
http://192.168.1.5:8000/index.html?game=vut&join={host} | join | yes    | Making your answer code…
https://example.org/games/?join={host}               | join   | yes    | Making your answer code…
https://example.org/lesson?week=3                    | join   | -      | That QR code holds a link, not a live code of this page
{answer}                                             | join   | -      | That code does not work: that is an answer code
a shopping list                                      | join   | -      | That code does not work
"""


@pytest.mark.parametrize("row", [[cell.strip() for cell in line.split("|")] for line in SCANS.strip().splitlines()[1:]],
                         ids=lambda row: row[0][:30])
def test_a_scanned_code_is_read_as_a_typed_one_and_anything_else_refused(row):
    holds, step, joined, message = row
    page = Page()
    text = holds.format(host=write_code(CHROMIUM_OFFER, "host"), answer=write_code(CHROMIUM_ANSWER, "answer"))
    if joined == "yes":
        page.do(live.scanned, text, step)
        assert page.state.live["role"] == "guest" and page.wanted == ["answer"]
    else:
        with pytest.raises(ValueError):
            page.do(live.scanned, text, step)
        assert page.state.live is None
    assert page.state.message.startswith(message)


def test_the_host_scans_the_guests_answer():
    host = Page()
    host.do(live.host, "w")
    host.do(live.code_made, "code")
    host.do(live.scanned, write_code(CHROMIUM_ANSWER, "answer"), "accept")
    assert host.wanted == ["offer", "accept"] and host.state.live["connection"] == "connecting"
