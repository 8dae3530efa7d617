#!/usr/bin/env python3
"""Starts gunicorn on a free loopback port without a port race. Used by scripts/lib/servers.sh.

Usage: serve_httpbin.py PORT_FILE GUNICORN [GUNICORN_ARGS...]

Binds and listens on 127.0.0.1:0, writes the port to PORT_FILE (atomically), then execs GUNICORN with
`--bind fd://N` on that very socket. The socket stays bound from bind to exec, so no other process can take the
port in between (binding port 0, closing it and letting gunicorn bind the number later is a race). Connections
made before gunicorn is ready wait in the listen backlog.

The process first moves into its own process group, so the caller can stop the gunicorn master and its workers
together (kill -- -PID). exec keeps the PID: the caller's $! is the gunicorn master.
"""
import os
import socket
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: serve_httpbin.py PORT_FILE GUNICORN [GUNICORN_ARGS...]")
    port_file, gunicorn, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.setpgid(0, 0)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    sock.set_inheritable(True)
    with open(port_file + ".tmp", "w") as f:
        f.write(str(sock.getsockname()[1]))
    os.replace(port_file + ".tmp", port_file)
    # gunicorn would take sockets from these instead of --bind (systemd socket activation, its own re-exec).
    for name in ("LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES", "GUNICORN_FD"):
        os.environ.pop(name, None)
    sys.stdout.flush()
    os.execv(gunicorn, [gunicorn, "--bind", "fd://%d" % sock.fileno()] + args)


if __name__ == "__main__":
    main()
