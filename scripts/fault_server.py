#!/usr/bin/env python3
"""AsyncNet's fault-injecting HTTP server: what httpbin cannot do.

Binds 127.0.0.1 on a free port, writes the port to the file named by the first argument, and serves until killed
(or for at most the number of seconds given as the second argument, default 3600). Standard library only.

Every method (any token, QUERY and TRACE included) is accepted on every endpoint; a request body (Content-Length or chunked) is always read before the
answer. HEAD answers with the headers only. Every request is counted per path (without the query), see /hits.

Endpoints:
  /endless-fast?seconds=S chunked 64 KiB chunks, about 64 MB/s (no Content-Length), at most S s (20 by default)
  /gzip-bomb?mb=N         N MiB of zeros gzip-compressed (Content-Encoding: gzip): small on the wire, huge decoded
  /latin1                 text/plain; charset=iso-8859-1 body "café ñ" in latin-1
  /utf16                  text/plain; charset=utf-16 body "héllo" in UTF-16 with BOM
  /no-content-type        200, a body, no Content-Type header
  /json?body=...          application/json with exactly the given body (may be broken JSON)
  /empty-json             200, application/json, Content-Length: 0
  /truncated              Content-Length: 100 but only 10 bytes, then the connection closes
  /reset                  reads the request, then resets the connection (RST)
  /endless                chunked text, a line every 50 ms, for at most 60 s
  /bytes?n=N              N bytes of 'a' (any size, streamed in 64 KiB writes)
  /pattern?n=N&chunk=C    N bytes (any size), application/octet-stream, Content-Length N, written C bytes at a
                          time (default 65536); byte i is (i * 7 + i // 65536) % 251
  /lying-length?declared=D&actual=A
                          Content-Length: D, then A bytes of 'x', then the connection is shut down
  /empty-chunked          200, Transfer-Encoding: chunked, no Content-Type, an empty body (just the last chunk)
  /no-content-html        204 with Content-Type: text/html and no body
  /html                   200 text/html; charset=utf-8, a small page
  /raw?status=S&ct=T&b64=B
                          exactly status S (default 200), Content-Type T (no header when ct is absent) and the
                          body B in standard base64 (default empty); no body for 204 and 304
  /drip?seconds=S&ct=T&status=N
                          status N (default 200), Content-Type T (default text/html), chunked, one byte every
                          100 ms for S seconds (default 1), then the last chunk; a client that goes away ends it
  /hits?path=P            how many requests path P has received so far, as a plain decimal body
  /auth-redirect/TOKEN    with Authorization: Basic dTpw (u:p): 303 to /auth-landing/TOKEN;
                          without: 401 with WWW-Authenticate: Basic realm="t"
  /auth-landing/TOKEN     200 application/json {"method": ..., "authorization": header or null, "body": text}
  /redirect-then-auth/TOKEN
                          302 to /auth-required/TOKEN
  /auth-required/TOKEN    with Authorization: Basic dTpw: 200 application/json {"authorized": true};
                          without: 401 with WWW-Authenticate: Basic realm="t"
  /slow-head?delay=S      waits S seconds, then 200 text/plain "ok"

For retries, redirects and authentication (give each test its own TOKEN or GROUP, e.g. a UUID, so that parallel
tests do not share counters):
  /status-sequence/TOKEN?codes=503,503,200&retry_after=V
                          hit k (1-based) answers the k-th code of the list (the last one repeats), application/json
                          {"hit": k}; a 503 carries Retry-After: V when retry_after is given
  /reset-mid-body/TOKEN?failures=N
                          the first N hits: a 200 head with Content-Length: 1000, 10 bytes, then a reset (RST);
                          later hits: 200 with the 1000 bytes (application/octet-stream, "0123456789" repeated)
  /token/GROUP            adds one to the group's refresh count, answers application/json {"token": "t<count>"}
  /token-count/GROUP      the group's refresh count, as a plain decimal body (0 before any /token/GROUP)
  /protected/GROUP?delay=S
                          200 application/json {"ok": true} with Authorization: Bearer t<count> where count is the
                          group's current refresh count (at least 1); otherwise 401 with WWW-Authenticate: Bearer.
                          The header is judged on arrival; then the answer waits S seconds (default 0)
  /redirect-loop/TOKEN    302 to itself (same path and query), forever
  /dir-redirect           301 Location: /dir/
  /dir/                   200 application/json {"path": "/dir/"}
  /dir                    301 Location: /dir/ (a client that drops the trailing slash of /dir/ loops)
  /echo                   200 application/json {"method", "path", "query" (the raw query string), "headers" (an
                          object; repeated headers joined with ", "), "body" (the request body as UTF-8 text)}
Anything else: 404.
"""
import base64
import binascii
import json
import os
import socket
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlparse

BASIC_U_P = "Basic dTpw"  # u:p
AUTH_CHALLENGE = 'Basic realm="t"'
CLIENT_GONE = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)

_hits = {}
_hits_lock = threading.Lock()
_refreshes = {}
_refreshes_lock = threading.Lock()
RESET_BODY = b"0123456789" * 100


def count_hit(path):
    with _hits_lock:
        _hits[path] = _hits.get(path, 0) + 1


def hits(path):
    with _hits_lock:
        return _hits.get(path, 0)


# Byte i of /pattern is (7 i + s) % 251 with s = i // 65536. As 7 * 36 = 252 = 1 (mod 251), that is
# T[(i + 36 s) % 251] with T[k] = 7 k % 251: a slice of T repeated, starting at (i + 36 s) % 251.
_SEGMENT = 65536
_PATTERN = bytes(7 * k % 251 for k in range(251)) * (_SEGMENT // 251 + 2)


def pattern_bytes(start, end):
    """Bytes start..<end of the /pattern body."""
    parts = []
    while start < end:
        segment = start // _SEGMENT
        stop = min(end, (segment + 1) * _SEGMENT)
        offset = (start + 36 * segment) % 251
        parts.append(_PATTERN[offset:offset + stop - start])
        start = stop
    return b"".join(parts)


def refresh(group):
    """Adds one to the group's refresh count and returns the new count."""
    with _refreshes_lock:
        _refreshes[group] = _refreshes.get(group, 0) + 1
        return _refreshes[group]


def refresh_count(group):
    with _refreshes_lock:
        return _refreshes.get(group, 0)


def query_float(query, name, default):
    try:
        return float(query.get(name, [default])[0])
    except ValueError:
        return float(default)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    request_body = b""

    def log_message(self, *args):
        pass

    def _send(self, status, body, content_type="text/plain; charset=utf-8", headers=None):
        self.send_response(status)
        if content_type is not None:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _read_body(self):
        """Reads the request body (Content-Length or chunked) so it never stays unread."""
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            parts = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass  # trailers
                    break
                parts.append(self.rfile.read(size))
                self.rfile.readline()
            self.request_body = b"".join(parts)
        else:
            length = int(self.headers.get("Content-Length") or 0)
            self.request_body = self.rfile.read(length) if length > 0 else b""

    def _handle(self):
        try:
            self._read_body()
        except (ValueError, OSError):
            self.close_connection = True
            return
        self.dispatch()

    do_GET = do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = _handle

    def __getattr__(self, name):
        # Any other method (QUERY, TRACE, PURGE, ...): BaseHTTPRequestHandler looks up do_<METHOD>.
        if name.startswith("do_"):
            return self._handle
        raise AttributeError(name)

    def _authorized(self):
        return self.headers.get("Authorization") == BASIC_U_P

    def _challenge(self):
        self._send(401, b"authentication required", headers={"WWW-Authenticate": AUTH_CHALLENGE})

    def _redirect(self, status, location):
        self._send(status, b"", None, headers={"Location": location})

    def endless_fast(self, seconds):
        """Chunked 64 KiB chunks of 'z', about 64 MB/s, for at most `seconds`; no Content-Length.

        Not faster: a loopback stream at full speed keeps FoundationNetworking's work queue (shared by every
        URLSession of the client process) so busy that other tasks of that process stall until it ends."""
        self._chunked_head(200, "application/octet-stream")
        chunk = b"z" * 65536
        deadline = time.monotonic() + seconds
        try:
            while time.monotonic() < deadline:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                time.sleep(0.001)
            self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def gzip_bomb(self, megabytes):
        """`megabytes` MiB of zeros, gzip-compressed (about 1/1000 of that on the wire), Content-Encoding: gzip."""
        import gzip
        import io
        buffer = io.BytesIO()
        with gzip.GzipFile(fileobj=buffer, mode="wb", compresslevel=9) as compressed:
            zeros = bytes(1 << 20)
            for _ in range(megabytes):
                compressed.write(zeros)
        self._send(200, buffer.getvalue(), "application/octet-stream", {"Content-Encoding": "gzip"})

    def _chunked_head(self, status, content_type):
        self.send_response(status)
        if content_type is not None:
            self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

    def dispatch(self):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        path = url.path
        count_hit(unquote(path))
        if path == "/latin1":
            self._send(200, "café ñ".encode("latin-1"), "text/plain; charset=iso-8859-1")
        elif path == "/utf16":
            self._send(200, "héllo".encode("utf-16"), "text/plain; charset=utf-16")
        elif path == "/no-content-type":
            self._send(200, b"no type here", None)
        elif path == "/json":
            self._send(200, query.get("body", [""])[0].encode("utf-8"), "application/json")
        elif path == "/empty-json":
            self._send(200, b"", "application/json")
        elif path == "/truncated":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "100")
            self.end_headers()
            self.wfile.write(b'{"partial":')
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
        elif path == "/reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            self.connection.close()
        elif path == "/endless":
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            deadline = time.monotonic() + 60
            try:
                count = 0
                while time.monotonic() < deadline:
                    line = f"line {count}\n".encode()
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(line), line))
                    self.wfile.flush()
                    count += 1
                    time.sleep(0.05)
                self.wfile.write(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True
        elif path == "/bytes":
            total = int(query.get("n", ["0"])[0])
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(total))
            self.end_headers()
            chunk = b"a" * 65536
            sent = 0
            try:
                while sent < total:
                    part = chunk[: min(len(chunk), total - sent)]
                    self.wfile.write(part)
                    sent += len(part)
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True
        elif path == "/pattern":
            self.pattern(int(query.get("n", ["0"])[0]), int(query.get("chunk", ["65536"])[0]))
        elif path == "/lying-length":
            self.lying_length(int(query.get("declared", ["0"])[0]), int(query.get("actual", ["0"])[0]))
        elif path == "/empty-chunked":
            self._chunked_head(200, None)
            if self.command != "HEAD":
                self.wfile.write(b"0\r\n\r\n")
        elif path == "/no-content-html":
            self.send_response(204)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
        elif path == "/html":
            page = "<!doctype html><html><head><title>AsyncNet</title></head><body><p>héllo</p></body></html>\n"
            self._send(200, page.encode("utf-8"), "text/html; charset=utf-8")
        elif path == "/raw":
            self.raw(parse_qs(url.query, keep_blank_values=True))
        elif path == "/drip":
            status = int(query.get("status", ["200"])[0])
            self.drip(query_float(query, "seconds", "1"), status, query.get("ct", ["text/html"])[0])
        elif path == "/hits":
            self._send(200, str(hits(query.get("path", [""])[0])).encode())
        elif path.startswith("/auth-redirect/"):
            token = path[len("/auth-redirect/"):]
            if self._authorized():
                self._redirect(303, "/auth-landing/" + token)
            else:
                self._challenge()
        elif path.startswith("/auth-landing/"):
            answer = {
                "method": self.command,
                "authorization": self.headers.get("Authorization"),
                "body": self.request_body.decode("utf-8", "replace"),
            }
            self._send(200, json.dumps(answer).encode("utf-8"), "application/json")
        elif path.startswith("/redirect-then-auth/"):
            self._redirect(302, "/auth-required/" + path[len("/redirect-then-auth/"):])
        elif path.startswith("/auth-required/"):
            if self._authorized():
                self._send(200, json.dumps({"authorized": True}).encode("utf-8"), "application/json")
            else:
                self._challenge()
        elif path == "/slow-head":
            time.sleep(max(0.0, query_float(query, "delay", "1")))
            self._send(200, b"ok")
        elif path == "/endless-fast":
            self.endless_fast(query_float(query, "seconds", "20"))
        elif path == "/gzip-bomb":
            self.gzip_bomb(int(query_float(query, "mb", "100")))
        elif path.startswith("/status-sequence/"):
            self.status_sequence(hits(unquote(path)), query)
        elif path.startswith("/reset-mid-body/"):
            self.reset_mid_body(hits(unquote(path)), int(query_float(query, "failures", "1")))
        elif path.startswith("/token/"):
            count = refresh(unquote(path[len("/token/"):]))
            self._send(200, json.dumps({"token": "t%d" % count}).encode("utf-8"), "application/json")
        elif path.startswith("/token-count/"):
            self._send(200, str(refresh_count(unquote(path[len("/token-count/"):]))).encode())
        elif path.startswith("/protected/"):
            self.protected(unquote(path[len("/protected/"):]), query_float(query, "delay", "0"))
        elif path.startswith("/redirect-loop/"):
            self._redirect(302, self.path)
        elif path in ("/dir-redirect", "/dir"):
            self._redirect(301, "/dir/")
        elif path == "/dir/":
            self._send(200, json.dumps({"path": "/dir/"}).encode("utf-8"), "application/json")
        elif path == "/echo":
            self.echo(url)
        else:
            self._send(404, b"unknown fault endpoint")

    def status_sequence(self, hit, query):
        try:
            codes = [int(code) for code in query.get("codes", ["200"])[0].split(",")]
        except ValueError:
            self._send(400, b"bad /status-sequence query: codes must be integers")
            return
        if not codes or not all(200 <= code <= 999 for code in codes):
            self._send(400, b"bad /status-sequence query: codes must be 200...999")
            return
        status = codes[min(hit, len(codes)) - 1]
        headers = {}
        if status == 503 and "retry_after" in query:
            headers["Retry-After"] = query["retry_after"][0]
        self._send(status, json.dumps({"hit": hit}).encode("utf-8"), "application/json", headers)

    def reset_mid_body(self, hit, failures):
        if hit > failures:
            self._send(200, RESET_BODY, "application/octet-stream")
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(len(RESET_BODY)))
        self.end_headers()
        self.close_connection = True
        try:
            self.wfile.write(RESET_BODY[:10])
            self.wfile.flush()
            time.sleep(0.02)  # let the head and the 10 bytes reach the client before the reset
        except CLIENT_GONE:
            pass
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.connection.close()

    def protected(self, group, delay):
        count = refresh_count(group)
        authorized = count >= 1 and self.headers.get("Authorization") == "Bearer t%d" % count
        time.sleep(max(0.0, delay))
        if authorized:
            self._send(200, json.dumps({"ok": True}).encode("utf-8"), "application/json")
        else:
            self._send(401, b"bearer token required", headers={"WWW-Authenticate": "Bearer"})

    def echo(self, url):
        headers = {}
        for name, value in self.headers.items():
            headers[name] = headers[name] + ", " + value if name in headers else value
        answer = {
            "method": self.command,
            "path": unquote(url.path),
            "query": url.query,
            "headers": headers,
            "body": self.request_body.decode("utf-8", "replace"),
        }
        self._send(200, json.dumps(answer).encode("utf-8"), "application/json")

    def pattern(self, total, chunk):
        chunk = max(1, chunk)
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(total))
        self.end_headers()
        if self.command == "HEAD":
            return
        sent = 0
        try:
            while sent < total:
                end = min(total, sent + chunk)
                self.wfile.write(pattern_bytes(sent, end))
                sent = end
        except CLIENT_GONE:
            self.close_connection = True

    def lying_length(self, declared, actual):
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(declared))
        self.end_headers()
        self.close_connection = True
        try:
            if self.command != "HEAD":
                self.wfile.write(b"x" * actual)
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
        except CLIENT_GONE:
            pass

    def raw(self, query):
        try:
            status = int(query.get("status", ["200"])[0])
            # "+" in an unencoded query arrives as a space; base64 has no spaces, so put it back.
            body = base64.b64decode(query.get("b64", [""])[0].replace(" ", "+"), validate=True)
        except (ValueError, binascii.Error) as error:
            self._send(400, ("bad /raw query: %s" % error).encode())
            return
        if not 200 <= status <= 999:
            self._send(400, b"bad /raw query: status must be 200...999")
            return
        self.send_response(status)
        if "ct" in query:
            self.send_header("Content-Type", query["ct"][0])
        if status in (204, 304):
            self.end_headers()
            return
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def drip(self, seconds, status, content_type):
        self._chunked_head(status, content_type)
        if self.command == "HEAD":
            return
        deadline = time.monotonic() + seconds
        try:
            self.wfile.flush()
            while time.monotonic() < deadline:
                self.wfile.write(b"1\r\n.\r\n")
                self.wfile.flush()
                time.sleep(0.1)
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except CLIENT_GONE:
            self.close_connection = True


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that goes away mid-answer is what the tests do on purpose; anything else is worth a traceback.
        if isinstance(sys.exc_info()[1], CLIENT_GONE):
            return
        super().handle_error(request, client_address)


def main():
    port_file = sys.argv[1]
    lifetime = float(sys.argv[2]) if len(sys.argv) > 2 else 3600
    server = Server(("127.0.0.1", 0), Handler)
    with open(port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(port_file + ".tmp", port_file)
    threading.Timer(lifetime, server.shutdown).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
