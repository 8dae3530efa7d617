# Sourced by scripts/test and scripts/example: installs, starts, watches and stops the local test servers.
#
#   servers_install_traps  call first: on exit (also on INT, TERM, HUP) stops both servers and exits with the
#                          run's own status; cleanup never changes it. When that status is non-zero, the server
#                          logs are kept and their last lines printed to stderr; on success they are deleted.
#   start_servers          installs the pinned servers (scripts/requirements-test.txt) into .venv when needed,
#                          starts httpbin (gunicorn) and the fault server on 127.0.0.1, waits until both answer,
#                          and exports ASYNCNET_HTTPBIN_URL and ASYNCNET_FAULT_URL.
#   check_servers [WHEN]   returns 1 after reporting each server that is no longer running
#                          ("httpbin (pid N) died WHEN"); WHEN defaults to "during the run".
#   stop_servers [STATUS]  what the exit trap runs; never fails.
# Sourcing this file starts nothing and creates nothing: the run folder (logs, port files) is made by
# start_servers and removed by stop_servers.

ROOT=${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
VENV="$ROOT/.venv"
SERVERS_RUN_DIR=""
HTTPBIN_PID=""
HTTPBIN_PGID=""
FAULT_PID=""
EXITED=""
SERVERS_START_TIMEOUT=${SERVERS_START_TIMEOUT:-60}
LOG_TAIL_LINES=40

die() { echo "error: $*" >&2; exit 1; }

servers_install_traps() {
    trap servers_exit_trap EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    trap 'exit 129' HUP
}

servers_exit_trap() {
    local status=$?
    set +e
    trap '' INT TERM HUP
    stop_servers "$status"
    exit "$status"
}

# server_alive PID: the process runs (a zombie does not count).
server_alive() {
    local pid=$1 stat state
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
    if [ -r "/proc/$pid/stat" ]; then
        stat=$(cat "/proc/$pid/stat" 2>/dev/null) || return 1
        state=${stat##*) }
        state=${state%% *}
    elif command -v ps >/dev/null; then
        state=$(ps -o stat= -p "$pid" 2>/dev/null) || return 1
    fi
    case ${state:-} in Z*) return 1 ;; esac
    return 0
}

# reap PID: waits for a child that has ended; sets EXITED to "exit status N" or "killed by signal N".
# (Not in $(...): a subshell cannot wait for this shell's children.)
reap() {
    local status=0
    wait "$1" 2>/dev/null || status=$?
    if [ "$status" -gt 128 ]; then EXITED="killed by signal $((status - 128))"; else EXITED="exit status $status"; fi
}

install_servers() {
    python3 "$ROOT/scripts/lib/ensure_venv.py" "$VENV" "$ROOT/scripts/requirements-test.txt" \
        || die "could not install the test servers into $VENV"
}

# wait_for_server NAME PID TEST...: runs TEST every 0.1 s until it succeeds; fails at once if PID has exited.
wait_for_server() {
    local name=$1 pid=$2 deadline=$((SECONDS + SERVERS_START_TIMEOUT))
    shift 2
    until "$@"; do
        if ! server_alive "$pid"; then reap "$pid"; die "$name (pid $pid) exited while starting ($EXITED)"; fi
        [ "$SECONDS" -lt "$deadline" ] || die "$name (pid $pid) did not answer within ${SERVERS_START_TIMEOUT}s"
        sleep 0.1
    done
}

# url_answers URL: an HTTP GET gets a 2xx answer (no proxy, 2 s timeout).
url_answers() {
    python3 - "$1" 2>/dev/null <<'EOF'
import sys, urllib.request
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
opener.open(sys.argv[1], timeout=2).read()
EOF
}

start_servers() {
    command -v python3 >/dev/null || die "python3 is required to run the test servers"
    install_servers
    SERVERS_RUN_DIR=$(mktemp -d "${TMPDIR:-/tmp}/asyncnet-servers.XXXXXX") || die "could not create a run folder"
    # serve_httpbin.py binds the port itself and hands the bound socket to gunicorn: no race for the port.
    # It also gives gunicorn its own process group, so stop_servers stops the master and its workers together.
    "$VENV/bin/python" "$ROOT/scripts/lib/serve_httpbin.py" "$SERVERS_RUN_DIR/httpbin.port" "$VENV/bin/gunicorn" \
        --workers 2 --threads 16 --timeout 120 --graceful-timeout 3 --log-level warning "httpbin:app" \
        >"$SERVERS_RUN_DIR/httpbin.log" 2>&1 </dev/null &
    HTTPBIN_PID=$!
    HTTPBIN_PGID=$HTTPBIN_PID
    # The fault server binds port 0 itself and writes the port it got; its lifetime outlasts a slow TSan run.
    python3 "$ROOT/scripts/fault_server.py" "$SERVERS_RUN_DIR/fault.port" 21600 \
        >"$SERVERS_RUN_DIR/fault.log" 2>&1 </dev/null &
    FAULT_PID=$!

    wait_for_server httpbin "$HTTPBIN_PID" test -s "$SERVERS_RUN_DIR/httpbin.port"
    wait_for_server "the fault server" "$FAULT_PID" test -s "$SERVERS_RUN_DIR/fault.port"
    export ASYNCNET_HTTPBIN_URL="http://127.0.0.1:$(cat "$SERVERS_RUN_DIR/httpbin.port")"
    export ASYNCNET_FAULT_URL="http://127.0.0.1:$(cat "$SERVERS_RUN_DIR/fault.port")"
    # The sockets were bound by our own processes, so whoever answers on them is the server we started.
    wait_for_server httpbin "$HTTPBIN_PID" url_answers "$ASYNCNET_HTTPBIN_URL/get"
    wait_for_server "the fault server" "$FAULT_PID" url_answers "$ASYNCNET_FAULT_URL/latin1"
    check_servers "while starting" || exit 1
    echo "==> httpbin (pid $HTTPBIN_PID) at $ASYNCNET_HTTPBIN_URL, fault server (pid $FAULT_PID) at $ASYNCNET_FAULT_URL"
}

check_servers() {
    local when=${1:-during the run} ok=0
    if [ -n "$HTTPBIN_PID" ] && ! server_alive "$HTTPBIN_PID"; then
        reap "$HTTPBIN_PID"
        echo "error: httpbin (pid $HTTPBIN_PID) died $when ($EXITED)" >&2
        HTTPBIN_PID=""
        ok=1
    fi
    if [ -n "$FAULT_PID" ] && ! server_alive "$FAULT_PID"; then
        reap "$FAULT_PID"
        echo "error: the fault server (pid $FAULT_PID) died $when ($EXITED)" >&2
        FAULT_PID=""
        ok=1
    fi
    return "$ok"
}

# stop_one PID [PGID]: TERM to the process and to its process group, KILL whatever is left after 5 s, then
# reap it. A dead server's PID is cleared by check_servers, but its group is still signalled: gunicorn workers
# may outlive their master, and a group id is not reused while any member lives. Never fails.
stop_one() {
    local pid=$1 pgid=${2:-}
    [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null
    [ -n "$pgid" ] && kill -TERM -- "-$pgid" 2>/dev/null
    for _ in $(seq 1 50); do
        if [ -n "$pid" ] && ! server_alive "$pid"; then
            wait "$pid" 2>/dev/null # reap it: a zombie would still count as a member of its group
            pid=""
        fi
        if [ -z "$pid" ] && { [ -z "$pgid" ] || ! kill -0 -- "-$pgid" 2>/dev/null; }; then break; fi
        sleep 0.1
    done
    [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null
    [ -n "$pgid" ] && kill -0 -- "-$pgid" 2>/dev/null && kill -KILL -- "-$pgid" 2>/dev/null
    [ -z "$pid" ] || wait "$pid" 2>/dev/null
    return 0
}

stop_servers() {
    local status=${1:-0} log
    stop_one "$HTTPBIN_PID" "$HTTPBIN_PGID" || true
    stop_one "$FAULT_PID" || true
    HTTPBIN_PID=""
    HTTPBIN_PGID=""
    FAULT_PID=""
    if [ -n "$SERVERS_RUN_DIR" ] && [ -d "$SERVERS_RUN_DIR" ]; then
        if [ "$status" -eq 0 ]; then
            rm -rf "$SERVERS_RUN_DIR" || true
        else
            for log in "$SERVERS_RUN_DIR"/httpbin.log "$SERVERS_RUN_DIR"/fault.log; do
                [ -e "$log" ] || continue
                echo "---- last $LOG_TAIL_LINES lines of $log ----" >&2
                if [ -s "$log" ]; then tail -n "$LOG_TAIL_LINES" "$log" >&2 || true; else echo "(empty)" >&2; fi
            done
            echo "==> the run failed (status $status); server logs kept in $SERVERS_RUN_DIR" >&2
        fi
    fi
    SERVERS_RUN_DIR=""
    return 0
}
