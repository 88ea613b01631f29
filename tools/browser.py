"""What the e2e tests and the browser tools share: Debian's Chromium and how to launch it,
and a plain static server on a free loopback port."""

import functools
import http.server
import os
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
READY_TIMEOUT_MS = 120_000


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Logs nothing; notes each answer in its server's `served`: (path, status)."""

    def log_message(self, *args):
        pass

    def log_request(self, code="-", size="-"):
        self.server.served.append((self.path, int(code)))


def serve(directory):
    """A plain static server of `directory` on 127.0.0.1 (a free port), in a thread."""
    handler = functools.partial(QuietHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.served = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
