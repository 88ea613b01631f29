"""The codes two players exchange to play live over WebRTC with no server: the host's
code (its offer) and the guest's answer code.

A browser's session description (SDP) of a data channel is some 600 characters, of
which only a few fields differ between two devices: the ICE user fragment and password,
the DTLS certificate's SHA-256 fingerprint and the host candidates (an IPv4 or IPv6
address, or the `<uuid>.local` name a browser shows instead of its address, and a UDP
port).  A code packs those into bytes, with a version, the kind (host or answer) and a
CRC-32 check, in base64url (about 100-150 characters, and a small QR code); reading a
code writes the rest of the description back as browsers write it.
"""

import re

from boardgames.texts import N_, _

# base64, binascii, ipaddress, uuid and zlib are imported where used (the start-up snapshot
# has no room for modules most visits never use).

VERSION = 1
KINDS = {"host": 1, "answer": 2}
# What a code of each kind that does not work is told in (words: whole sentences, translated
# where they are said): (none entered, bad letters, does not check out, another version, the other kind)
KIND_WORDS = {
    "host": (N_("enter your friend's code first"),
             N_("your friend's code has letters no code has: check it was copied whole"),
             N_("your friend's code does not check out: it is cut short or mistyped"),
             N_("your friend's code is of another version ({version}) than this page reads ({ours}): "
                "both of you, reload the page"),
             N_("that is an answer code, not your friend's code")),
    "answer": (N_("enter your friend's answer code first"),
               N_("your friend's answer code has letters no code has: check it was copied whole"),
               N_("your friend's answer code does not check out: it is cut short or mistyped"),
               N_("your friend's answer code is of another version ({version}) than this page reads ({ours}): "
                  "both of you, reload the page"),
               N_("that is a host's code, not your friend's answer code")),
}
SETUP = {"host": "actpass", "answer": "active"}  # the DTLS roles the browsers take
CANDIDATE = re.compile(r"a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host", re.I)  # (Firefox writes UDP)
FAMILIES = {4: 4, 6: 16, 0: 16}  # candidate kind byte: 4 IPv4, 6 IPv6, 0 a .local name (a uuid)
MAX_CANDIDATES = 8


def _field(sdp, name):
    found = re.search(rf"^a={name}:(.+?)\s*$", sdp, re.M)
    if found is None:
        raise ValueError(_("the session description has no {name}").format(name=name))
    return found.group(1)


def write_code(sdp: str, kind: str) -> str:
    """The code of a browser's local description `sdp` (`kind` "host" or "answer")."""
    import base64
    import ipaddress
    import uuid
    import zlib
    ufrag, pwd = _field(sdp, "ice-ufrag").encode(), _field(sdp, "ice-pwd").encode()
    algorithm, fingerprint = _field(sdp, "fingerprint").split()
    if algorithm.lower() != "sha-256":
        raise ValueError(_("the browser's certificate uses {algorithm}, not sha-256").format(algorithm=algorithm))
    body = bytes([VERSION, KINDS[kind], len(ufrag)]) + ufrag + bytes([len(pwd)]) + pwd
    body += bytes.fromhex(fingerprint.replace(":", ""))
    candidates = []
    for address, port in CANDIDATE.findall(sdp):
        if address.endswith(".local"):
            packed = bytes([0]) + uuid.UUID(address[:-len(".local")]).bytes
        else:
            ip = ipaddress.ip_address(address)
            packed = bytes([ip.version]) + ip.packed
        candidates.append(packed + int(port).to_bytes(2, "big"))
    if not candidates:
        raise ValueError(_("this device found no network to offer (is it on Wi-Fi?)"))
    body += bytes([min(len(candidates), MAX_CANDIDATES)]) + b"".join(candidates[:MAX_CANDIDATES])
    body += zlib.crc32(body).to_bytes(4, "big")
    return base64.urlsafe_b64encode(body).rstrip(b"=").decode()


def read_code(text: str, kind: str) -> str:
    """The remote description a code of `kind` ("host" or "answer") stands for; ValueError
    with a reader's sentence for a code that is mistyped, cut short or of the other kind."""
    import base64
    import binascii
    import zlib
    empty, letters, broken, version, other = KIND_WORDS[kind]
    code = re.sub(r"\s+", "", text or "")
    if not code:
        raise ValueError(_(empty))
    try:
        data = base64.b64decode(code + "=" * (-len(code) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise ValueError(_(letters)) from None
    if len(data) < 8 or zlib.crc32(data[:-4]) != int.from_bytes(data[-4:], "big"):
        raise ValueError(_(broken))
    if data[0] != VERSION:
        raise ValueError(_(version).format(version=data[0], ours=VERSION))
    if data[1] != KINDS[kind]:
        raise ValueError(_(other))
    try:
        return _description(data[2:-4], kind)
    except (IndexError, ValueError, KeyError):
        raise ValueError(_(broken)) from None


def _description(data, kind):
    import ipaddress
    import uuid
    at = 0

    def take(count):
        nonlocal at
        if at + count > len(data):
            raise IndexError("short")
        at += count
        return data[at - count:at]

    ufrag = take(take(1)[0]).decode("ascii")
    pwd = take(take(1)[0]).decode("ascii")
    fingerprint = ":".join(f"{byte:02X}" for byte in take(32))
    lines = []
    for index in range(take(1)[0]):
        family = take(1)[0]
        raw = take(FAMILIES[family])
        address = f"{uuid.UUID(bytes=raw)}.local" if family == 0 else str(ipaddress.ip_address(raw))
        port = int.from_bytes(take(2), "big")
        lines.append(f"a=candidate:{index + 1} 1 udp {2122260223 - index} {address} {port} typ host")
    if at != len(data) or not lines:
        raise ValueError("extra")
    return "\r\n".join([
        "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0", *lines,
        f"a=ice-ufrag:{ufrag}", f"a=ice-pwd:{pwd}", f"a=fingerprint:sha-256 {fingerprint}",
        f"a=setup:{SETUP[kind]}", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", ""])


def code_in(text: str) -> str:
    """The code a scanned QR code holds: the code itself (a guest's answer), or the host's
    link to the page joining with it (`?join=CODE`); ValueError for a link without one (a
    stranger's).  Whether the code works is read_code's to say."""
    text = text.strip()
    if "://" not in text:
        return text
    from urllib.parse import parse_qs, urlsplit
    codes = parse_qs(urlsplit(text).query).get("join")
    if not codes:
        raise ValueError("a link without a live code")
    return codes[0]
