#!/usr/bin/env bash
# Soak test (`make soak`): burst scenarios against the release server on loopback. Runs the
# daily-caps test (crates/http/tests/api/daily_caps.rs: its server's clock is the test's), seeds the
# demo data into a fresh data folder, starts `tutorhub serve` on a free 127.0.0.1 port with
# HEADER_READ_TIMEOUT_SECONDS=5 and new cases approved at once, and runs scripts/soak.py
# against it: 10,000 junk searches of 60,000 characters and 10,000 valid ones, a login burst
# from 200 addresses (and 200 wrong logins for one account), huge bodies (64/256 MiB JSON,
# 64 MiB chunked, 50 MiB multipart), 400 slow clients, 150,000 password resets for distinct
# phones from 7,500 addresses with correct logins meanwhile, invitations to tutors who do not
# fit, and the daily caps' report. Prints, per scenario, the server's peak RSS, the answers by
# status and the figure a normal user saw; exits 1 when an expectation failed. Bounded: under
# 8 minutes in all. Needs target/release/tutorhub (`make soak` builds it first), cargo and
# python3 (standard library). Extra arguments are passed to soak.py (e.g. --only bodies).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$TUTORHUB_ROOT"

BIN="${TUTORHUB_BIN:-$TUTORHUB_ROOT/target/release/tutorhub}"
HEADER_TIMEOUT=5
[[ -x "$BIN" ]] || die "$BIN not found: run 'make build'"
command -v python3 >/dev/null 2>&1 || die "python3 not found"
command -v cargo >/dev/null 2>&1 || die "cargo not found (the daily-caps scenario runs a test)"

mkdir -p .tmp/soak
daily_caps=.tmp/soak/daily-caps.txt
log "daily caps on a clock the test controls: cargo test -p tutorhub-http --test api daily_caps::"
# A failure shows in the table (the report then lacks the test's figure), not here.
timeout 900 cargo test -q -p tutorhub-http --test api daily_caps:: -- --nocapture >"$daily_caps" 2>&1 || true

seeded_demo_site "$BIN" soak

# A throwaway signing key (64 hex characters), so that nothing is written to DATA_DIR for it.
jwt_secret="$(python3 -c 'import secrets; print(secrets.token_hex(32))')"
start_server "$BIN" "$DATA_DIR" "$SERVER_LOG" \
  LOG_FORMAT=text RUST_LOG=warn \
  HEADER_READ_TIMEOUT_SECONDS="$HEADER_TIMEOUT" \
  CASES_AUTO_APPROVE=true \
  JWT_SECRET="$jwt_secret" \
  || die "the server did not start"

log "soak against http://127.0.0.1:$SERVER_PORT (server pid $SERVER_PID)"
set +e
timeout --kill-after=5 480 \
  python3 scripts/soak.py \
    --base "http://127.0.0.1:$SERVER_PORT" \
    --pid "$SERVER_PID" \
    --header-timeout "$HEADER_TIMEOUT" \
    --data-dir "$DATA_DIR" \
    --daily-caps-report "$daily_caps" \
    "$@" </dev/null
status=$?
set -e
if (( status == 124 || status == 137 )); then
  log "soak.py did not finish within 480 s"
fi
if (( status != 0 )); then
  log "soak failed (exit $status); last server log lines ($SERVER_LOG):"
  tail -n 30 "$SERVER_LOG" >&2 || true
fi
exit "$status"
