# shellcheck shell=bash
# Shared helpers for the scripts in this folder. Source it; do not run it.

# Repository root (the parent of this folder).
# shellcheck disable=SC2034  # used by the scripts that source this file
TUTORHUB_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

log() { printf '[%s] %s\n' "$(basename "$0")" "$*" >&2; }
die() { log "error: $*"; exit 1; }

# Print a TCP port on 127.0.0.1 that is free right now (the kernel picks it).
free_port() {
  local py
  py="$(command -v python3 || true)"
  if [[ -n "$py" ]]; then
    "$py" - <<'PY'
import socket
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()
PY
    return
  fi
  # Fallback without Python: try random high ports until one refuses a connection.
  local port _
  for _ in $(seq 1 50); do
    port=$(( 20000 + RANDOM % 30000 ))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return
    fi
  done
  die "no free loopback port found"
}

# wait_for_http URL TIMEOUT_SECONDS PID: wait until URL answers 200; fail early if PID dies.
wait_for_http() {
  local url="$1" timeout="$2" pid="$3" deadline
  deadline=$(( SECONDS + timeout ))
  while (( SECONDS < deadline )); do
    if ! kill -0 "$pid" 2>/dev/null; then
      return 2
    fi
    if [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$url" 2>/dev/null || true)" == "200" ]]; then
      return 0
    fi
    sleep 0.2
  done
  return 1
}

# start_server BIN DATA_DIR LOG [ENV=VALUE...]: start `BIN serve` on a free loopback port,
# wait for GET /health to answer 200 (60 s), and set SERVER_PID and SERVER_PORT.
# Retries with another port when the server exits early (e.g. the port was taken meanwhile).
start_server() {
  local bin="$1" data_dir="$2" logfile="$3"
  shift 3
  local attempt rc
  for attempt in 1 2 3; do
    SERVER_PORT="$(free_port)"
    log "starting $bin serve on 127.0.0.1:$SERVER_PORT (log: $logfile)"
    # No metrics listener unless the caller sets METRICS_BIND: test servers run side by side.
    env -u DATABASE_URL METRICS_BIND=off "$@" "$bin" serve --bind "127.0.0.1:$SERVER_PORT" --data-dir "$data_dir" \
      >>"$logfile" 2>&1 </dev/null &
    SERVER_PID=$!
    rc=0
    wait_for_http "http://127.0.0.1:$SERVER_PORT/health" 60 "$SERVER_PID" || rc=$?
    if (( rc == 0 )); then
      log "server up (pid $SERVER_PID) at http://127.0.0.1:$SERVER_PORT"
      return 0
    fi
    if (( rc == 1 )); then
      log "server did not answer GET /health with 200 within 60 s; last log lines:"
      tail -n 40 "$logfile" >&2 || true
      stop_server
      return 1
    fi
    log "server exited early (attempt $attempt); last log lines:"
    tail -n 20 "$logfile" >&2 || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
  done
  return 1
}

# Stop the server started by start_server, by its PID (TERM, then KILL after 10 s).
stop_server() {
  local pid="${SERVER_PID:-}" i
  [[ -n "$pid" ]] || return 0
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for i in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    if kill -0 "$pid" 2>/dev/null; then
      log "server $pid still running after 10 s; sending KILL"
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
  wait "$pid" 2>/dev/null || true
  SERVER_PID=""
}

# URL-encode one string (UTF-8 bytes), keeping the characters of a query string's syntax.
urlencode_query() {
  python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe="=&-_.~/?"))' "$1"
}

# seeded_demo_site BIN NAME: a fresh data folder (sets DATA_DIR) seeded with the demo data, and
# a server log .tmp/logs/NAME-server.log (sets SERVER_LOG). When the script exits, however it
# exits, the server started by start_server is stopped by its PID and the folder removed.
seeded_demo_site() {
  local bin="$1" name="$2"
  mkdir -p "$TUTORHUB_ROOT/.tmp/logs"
  SERVER_LOG="$TUTORHUB_ROOT/.tmp/logs/$name-server.log"
  : >"$SERVER_LOG"
  DATA_DIR="$(mktemp -d "${TMPDIR:-/tmp}/tutorhub-$name.XXXXXX")"
  SERVER_PID=""
  trap stop_site EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  log "seeding demo data into $DATA_DIR"
  env -u DATABASE_URL "$bin" seed --demo --data-dir "$DATA_DIR" >>"$SERVER_LOG" 2>&1 \
    || { tail -n 40 "$SERVER_LOG" >&2; die "tutorhub seed --demo failed"; }
}

# release_and_chromium: sets BIN (TUTORHUB_BIN, else the release binary) and CHROMIUM
# (CHROMIUM_PATH, else Debian's), or stops saying how to get them (make lighthouse, make
# profile-start).
release_and_chromium() {
  BIN="${TUTORHUB_BIN:-$TUTORHUB_ROOT/target/release/tutorhub}"
  CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
  [[ -x "$BIN" ]] || die "$BIN not found: run 'make build'"
  [[ -x "$CHROMIUM" ]] || die "$CHROMIUM not found: run scripts/install-deps.sh"
}

# public_pages BASE: sets PUBLIC_PAGES to the public pages people share, as paths on the site at
# BASE: home, the board, its first tutor's and first case's pages, and the login page (make
# lighthouse, make profile-start).
public_pages() {
  local base="$1" tutor case_number
  tutor="$(curl -sf "$base/tutors?pageSize=1" | python3 -c "import json,sys; print(json.load(sys.stdin)['items'][0]['userId'])")" \
    || die "$base/tutors names no tutor"
  case_number="$(curl -sf "$base/cases?pageSize=1" | python3 -c "import json,sys; print(json.load(sys.stdin)['items'][0]['caseId'])")" \
    || die "$base/cases names no case"
  # shellcheck disable=SC2034  # read by the scripts that call it
  PUBLIC_PAGES=("/" "/all-cases" "/tutor/$tutor" "/case/$case_number" "/login-or-register")
}

# shellcheck disable=SC2317  # called from the trap of seeded_demo_site
stop_site() {
  local rc=$?
  trap - EXIT INT TERM
  stop_server
  rm -rf "$DATA_DIR"
  exit "$rc"
}

# run_child COMMAND [ARG...]: runs COMMAND in the background and waits for it, so that INT and
# TERM reach the calling script's traps at once; CHILD_PID names it meanwhile (for a trap to
# stop it). Stdin is passed on explicitly: a background job would otherwise read /dev/null.
# Exits the script with COMMAND's status.
run_child() {
  local status
  set +e
  "$@" <&0 &
  CHILD_PID=$!
  wait "$CHILD_PID"
  status=$?
  CHILD_PID=""
  set -e
  exit "$status"
}
