#!/usr/bin/env python3
"""AsyncNet's fault-injecting HTTP server: what httpbin cannot do.

Binds 127.0.0.1 on a free port, writes the port to the file named by the first argument, and serves until killed
(or for at most --lifetime seconds). Standard library only.

Endpoints:
  /latin1                 text/plain; charset=iso-8859-1 body "café ñ" in latin-1
  /utf16                  text/plain; charset=utf-16 body "héllo" in UTF-16 with BOM
  /no-content-type        200, a body, no Content-Type header
  /json?body=...          application/json with exactly the given body (may be broken JSON)
  /empty-json             200, application/json, Content-Length: 0
  /truncated              Content-Length: 100 but only 10 bytes, then the connection closes
  /reset                  reads the request, then resets the connection (RST)
  /endless                chunked text, a line every 50 ms, for at most 60 s
  /bytes?n=N              N bytes of 'a' (any size, streamed in 64 KiB writes)
"""
import socket
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

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

    def do_HEAD(self):
        self.do_GET()

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        self.do_GET()

    def do_GET(self):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        path = url.path
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
        else:
            self._send(404, b"unknown fault endpoint")


def main():
    port_file = sys.argv[1]
    lifetime = float(sys.argv[2]) if len(sys.argv) > 2 else 3600
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    with open(port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    import os
    os.replace(port_file + ".tmp", port_file)
    threading.Timer(lifetime, server.shutdown).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
