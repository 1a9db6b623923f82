#!/usr/bin/env bash
# Browser tests: Playwright (Debian's Chromium) against the real `tutorhub serve` on a fresh,
# seeded SQLite database. Builds nothing: needs target/debug/tutorhub and frontend/dist
# (`make test` builds both first). Exit status = Playwright's.
#
# The specs get: E2E_BASE_URL (the server), E2E_DATA_DIR (its data dir; SMS and mail
# outboxes in $E2E_DATA_DIR/outbox/*.jsonl), E2E_STATIC_DIR (the built frontend, for a spec that
# starts a second server) and TUTORHUB_BIN (for back-office CLI commands
# with --data-dir "$E2E_DATA_DIR"). Extra arguments are passed to `playwright test`.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$TUTORHUB_ROOT"

BIN="${TUTORHUB_BIN:-$TUTORHUB_ROOT/target/debug/tutorhub}"
STATIC_DIR="$TUTORHUB_ROOT/frontend/dist"
[[ -x "$BIN" ]] || die "$BIN not found: run 'cargo build -p tutorhub-cli' (or make test)"
[[ -f "$STATIC_DIR/index.html" ]] || die "$STATIC_DIR/index.html not found: run 'npm run build' in frontend/"
[[ -d frontend/node_modules/@playwright/test ]] || die "@playwright/test is not installed: run scripts/install-deps.sh"

seeded_demo_site "$BIN" e2e

# Every journey logs in from 127.0.0.1: the per-address login limit is for strangers, not for
# a test suite (the per-phone limits still hold). Alerts go out every second at any hour, so
# the alerts journey does not wait, nor depend on the time of day it runs.
start_server "$BIN" "$DATA_DIR" "$SERVER_LOG" \
  CASES_AUTO_APPROVE=false TUTORHUB_STATIC_DIR="$STATIC_DIR" LOGIN_ATTEMPTS_PER_ADDRESS=10000 \
  ALERT_ROUND_SECONDS=1 ALERT_QUIET_HOURS=off \
  || die "the server did not start"

PLAYWRIGHT_LOG="$TUTORHUB_ROOT/.tmp/logs/e2e-playwright.log"
log "running Playwright against http://127.0.0.1:$SERVER_PORT"
set +e
(
  cd frontend
  export E2E_BASE_URL="http://127.0.0.1:$SERVER_PORT"
  export E2E_DATA_DIR="$DATA_DIR"
  export E2E_STATIC_DIR="$STATIC_DIR"
  export TUTORHUB_BIN="$BIN"
  export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
  exec npx --no-install playwright test "$@" </dev/null
) 2>&1 | tee "$PLAYWRIGHT_LOG"
status=${PIPESTATUS[0]}
set -e
if (( status != 0 )); then
  log "Playwright failed (exit $status); last server log lines ($SERVER_LOG):"
  tail -n 30 "$SERVER_LOG" >&2 || true
  # Last, where a CI excerpt (the end of the output) shows it: which tests failed and why.
  log "what failed (whole report above, and in $PLAYWRIGHT_LOG):"
  grep -E -A 4 '^ +[0-9]+\) \[' "$PLAYWRIGHT_LOG" | grep -v -E '^ *$|^--$' | head -n 24 >&2 || true
  grep -E '^ +[0-9]+ (failed|flaky|passed|did not run)' "$PLAYWRIGHT_LOG" >&2 || true
fi
exit "$status"
