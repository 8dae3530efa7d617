# Sourced by scripts/test and scripts/example: installs and starts the local test servers.
# Exports ASYNCNET_HTTPBIN_URL and ASYNCNET_FAULT_URL; stop_servers stops both.

ROOT=${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
VENV="$ROOT/.venv"
RUN_DIR=$(mktemp -d "${TMPDIR:-/tmp}/asyncnet-servers.XXXXXX")
HTTPBIN_PID=""
FAULT_PID=""

die() { echo "error: $*" >&2; exit 1; }

install_servers() {
    command -v python3 >/dev/null || die "python3 is required to run the test servers"
    if [ ! -x "$VENV/bin/gunicorn" ] || ! "$VENV/bin/python" -c "import httpbin" 2>/dev/null; then
        echo "==> installing httpbin and gunicorn into $VENV"
        python3 -m venv "$VENV" || die "could not create a venv (on Debian: apt-get install python3-venv)"
        "$VENV/bin/pip" install --quiet --disable-pip-version-check "httpbin==0.10.4" "gunicorn>=22" \
            || die "pip could not install httpbin and gunicorn"
    fi
}

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

wait_for_url() {
    local url=$1 name=$2
    for _ in $(seq 1 100); do
        if python3 -c "import urllib.request,sys; urllib.request.urlopen(sys.argv[1], timeout=1)" "$url" 2>/dev/null; then
            return 0
        fi
        sleep 0.1
    done
    die "$name did not answer at $url (logs in $RUN_DIR)"
}

start_servers() {
    install_servers
    local port
    port=$(free_port)
    "$VENV/bin/gunicorn" --bind "127.0.0.1:$port" --workers 2 --threads 16 --timeout 120 \
        --log-level warning "httpbin:app" >"$RUN_DIR/httpbin.log" 2>&1 &
    HTTPBIN_PID=$!
    python3 "$ROOT/scripts/fault_server.py" "$RUN_DIR/fault.port" 3600 >"$RUN_DIR/fault.log" 2>&1 &
    FAULT_PID=$!
    for _ in $(seq 1 100); do [ -s "$RUN_DIR/fault.port" ] && break; sleep 0.1; done
    [ -s "$RUN_DIR/fault.port" ] || die "the fault server did not start (logs in $RUN_DIR)"
    export ASYNCNET_HTTPBIN_URL="http://127.0.0.1:$port"
    export ASYNCNET_FAULT_URL="http://127.0.0.1:$(cat "$RUN_DIR/fault.port")"
    wait_for_url "$ASYNCNET_HTTPBIN_URL/get" httpbin
    wait_for_url "$ASYNCNET_FAULT_URL/latin1" "the fault server"
    echo "==> httpbin at $ASYNCNET_HTTPBIN_URL, fault server at $ASYNCNET_FAULT_URL"
}

stop_servers() {
    [ -n "$HTTPBIN_PID" ] && kill "$HTTPBIN_PID" 2>/dev/null
    [ -n "$FAULT_PID" ] && kill "$FAULT_PID" 2>/dev/null
    wait 2>/dev/null
    rm -rf "$RUN_DIR"
}
