#!/usr/bin/env bash
# Load benchmark of the case board: seeds BENCH_CASES (default 100000) cases into a fresh
# SQLite database, starts the release server on loopback and drives it with wrk
# (2 threads, 64 connections, BENCH_DURATION default 20s) over a mix of filtered GET /cases
# pages (scripts/bench-cases.lua). Prints requests/s and p50/p99 latency.
# Needs target/release/tutorhub (`make bench` builds it first).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$TUTORHUB_ROOT"

BIN="${TUTORHUB_BIN:-$TUTORHUB_ROOT/target/release/tutorhub}"
CASES="${BENCH_CASES:-100000}"
DURATION="${BENCH_DURATION:-20s}"
CONNECTIONS="${BENCH_CONNECTIONS:-64}"
LUA="$TUTORHUB_ROOT/scripts/bench-cases.lua"
[[ -x "$BIN" ]] || die "$BIN not found: run 'make build'"
command -v wrk >/dev/null 2>&1 || die "wrk not found: run scripts/install-deps.sh"

mkdir -p .tmp/logs
SERVER_LOG="$TUTORHUB_ROOT/.tmp/logs/bench-server.log"
WRK_OUT="$TUTORHUB_ROOT/.tmp/logs/bench-wrk.txt"
: >"$SERVER_LOG"
DATA_DIR="$(mktemp -d "${TMPDIR:-/tmp}/tutorhub-bench.XXXXXX")"
SERVER_PID=""

# shellcheck disable=SC2317  # called from the trap
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  stop_server
  rm -rf "$DATA_DIR"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

log "seeding $CASES cases into $DATA_DIR"
start=$SECONDS
"$BIN" seed --cases "$CASES" --data-dir "$DATA_DIR" >>"$SERVER_LOG" 2>&1 \
  || { tail -n 40 "$SERVER_LOG" >&2; die "tutorhub seed --cases $CASES failed"; }
seed_seconds=$(( SECONDS - start ))
log "seeded in ${seed_seconds} s ($(du -sh "$DATA_DIR" | cut -f1) on disk)"

start_server "$BIN" "$DATA_DIR" "$SERVER_LOG" || die "the server did not start"
BASE="http://127.0.0.1:$SERVER_PORT"

# `total` of a few queries, straight from the server (page 1 and page 2 must agree).
json_field() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get(sys.argv[1]))' "$1"; }
for q in "/cases" "/cases?districts=觀塘區" "/cases?region=九龍&minRate=300"; do
  url="$BASE$(urlencode_query "$q")"
  t1="$(curl -sf --max-time 10 "$url" | json_field total)" || die "GET $q failed"
  sep="?"; [[ "$q" == *\?* ]] && sep="&"
  t2="$(curl -sf --max-time 10 "$url${sep}page=2" | json_field total)" || die "GET $q page 2 failed"
  [[ "$t1" == "$t2" ]] || die "total differs between page 1 ($t1) and page 2 ($t2) of $q"
  log "total of GET $q = $t1"
done

log "warm-up: 3 s at $CONNECTIONS connections"
wrk -t2 -c"$CONNECTIONS" -d3s -s "$LUA" "$BASE" >/dev/null

log "measuring: wrk -t2 -c$CONNECTIONS -d$DURATION --latency"
wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency -s "$LUA" "$BASE" | tee "$WRK_OUT"

line="$(grep '^BENCH ' "$WRK_OUT" | tail -n 1)"
[[ -n "$line" ]] || die "wrk printed no BENCH line"
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$line"; }
rps="$(field rps)"; p50="$(field p50_ms)"; p99="$(field p99_ms)"
http_errors="$(field http_errors)"; socket_errors="$(field socket_errors)"

echo
echo "== bench summary =="
echo "cases seeded:        $CASES (seed took ${seed_seconds} s)"
echo "load:                wrk -t2 -c$CONNECTIONS -d$DURATION, $(field paths) filtered GET /cases paths"
echo "requests/s:          $rps"
echo "latency p50 / p99:   ${p50} ms / ${p99} ms"
echo "errors:              http ${http_errors}, socket ${socket_errors}"
if awk -v p="$p99" 'BEGIN { exit !(p < 20) }'; then
  echo "aim p99 < 20 ms:     met"
else
  echo "aim p99 < 20 ms:     NOT met"
fi
if (( http_errors > 0 || socket_errors > 0 )); then
  die "the run had errors: the numbers above are not valid"
fi
