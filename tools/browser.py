"""What the e2e tests and the browser tools share: Debian's Chromium and how to launch it,
and a plain static server on a free loopback port."""

import email.utils
import functools
import gzip
import http.server
import io
import os
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
READY_TIMEOUT_MS = 120_000


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Logs nothing; notes each answer to a GET in its server's `served`: (path, status)
    (a HEAD, which fetches no file, is not noted), and the body bytes it sent in `sent`."""

    def log_message(self, *args):
        pass

    def log_request(self, code="-", size="-"):
        if self.command != "HEAD":
            self.server.served.append((self.path, int(code)))

    def copyfile(self, source, outputfile):
        start = source.tell()
        super().copyfile(source, outputfile)
        self.server.sent += source.tell() - start


class CompressingHandler(QuietHandler):
    """As a host that compresses: a body the browser accepts gzipped is sent gzipped (not
    files that are compressed already), with Last-Modified and 304s as the plain server."""

    ALREADY_COMPRESSED = (".gz", ".png", ".zip", ".whl")

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if ("gzip" not in self.headers.get("Accept-Encoding", "") or not os.path.isfile(path)
                or path.endswith(self.ALREADY_COMPRESSED)):
            return super().send_head()
        modified = int(os.path.getmtime(path))
        since = self.headers.get("If-Modified-Since")
        if since and email.utils.parsedate_to_datetime(since).timestamp() >= modified:
            self.send_response(304)
            self.end_headers()
            return None
        cache = self.server.compressed
        if path not in cache:
            with open(path, "rb") as f:
                cache[path] = gzip.compress(f.read(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(cache[path])))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return io.BytesIO(cache[path])


class QuietServer(http.server.ThreadingHTTPServer):
    """Reports an error while answering as ThreadingHTTPServer does (a traceback), except
    a browser that went away in the middle of an answer (a closed page, a cancelled
    request: a broken pipe or a reset connection), which `make bench` met at every run."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(directory, compressing=False, handler=None):
    """A plain static server of `directory` on 127.0.0.1 (a free port), in a thread; one
    that compresses as many hosts do with `compressing`; `handler`: another such class."""
    handler = functools.partial(handler or (CompressingHandler if compressing else QuietHandler), directory=directory)
    server = QuietServer(("127.0.0.1", 0), handler)
    server.served, server.sent, server.compressed = [], 0, {}
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
