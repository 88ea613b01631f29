"""tools/browser.py's static server, which the e2e tests and benchmarks serve the page with."""

import contextlib
import io
import os
import socket
import struct
import time
import urllib.request

from browser import serve


def hang_up_during(server, path):
    """Ask for `path` and reset the connection after the first bytes of the answer."""
    client = socket.create_connection(("127.0.0.1", server.server_address[1]))
    client.sendall(f"GET {path} HTTP/1.1\r\nHost: test\r\n\r\n".encode())
    client.recv(1000)
    client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # a reset, not a close
    client.close()


def test_a_browser_going_away_mid_answer_prints_nothing_and_the_server_goes_on(tmp_path):
    (tmp_path / "big.bin").write_bytes(os.urandom(1 << 20) * 16)
    (tmp_path / "small.txt").write_text("still here")
    server = serve(str(tmp_path))
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors):
        hang_up_during(server, "/big.bin")
        time.sleep(0.5)
    assert errors.getvalue() == ""
    url = f"http://127.0.0.1:{server.server_address[1]}/small.txt"
    assert urllib.request.urlopen(url).read() == b"still here"
    assert ("/small.txt", 200) in server.served
    server.shutdown()
