#!/usr/bin/env bash
# Usage: scripts/with-s3.sh COMMAND [ARG...]
#
# Starts a throwaway S3-compatible server (moto's, from PyPI, in .tmp/s3-venv; see
# scripts/install-deps.sh) on a free port of 127.0.0.1 with one empty bucket, exports
#   TUTORHUB_TEST_S3_ENDPOINT=http://127.0.0.1:PORT  TUTORHUB_TEST_S3_BUCKET=tutorhub-test
#   AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (moto accepts any)
# runs COMMAND, then stops the server by its PID, whatever happens. Exits with COMMAND's status.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

(( $# > 0 )) || die "usage: $0 COMMAND [ARG...]"
MOTO="$TUTORHUB_ROOT/.tmp/s3-venv/bin/moto_server"
[[ -x "$MOTO" ]] || die "$MOTO not found (run scripts/install-deps.sh)"

S3_DIR="$(mktemp -d "${TMPDIR:-/tmp}/tutorhub-s3.XXXXXX")"
S3_PID=""
CHILD_PID=""

# shellcheck disable=SC2317  # called from the trap
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  for pid in "$CHILD_PID" "$S3_PID"; do
    if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
    fi
  done
  rm -rf "$S3_DIR"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

started=0
for attempt in 1 2 3; do
  PORT="$(free_port)"
  "$MOTO" -H 127.0.0.1 -p "$PORT" >"$S3_DIR/log" 2>&1 &
  S3_PID=$!
  if wait_for_http "http://127.0.0.1:$PORT/" 60 "$S3_PID"; then
    started=1
    break
  fi
  log "the S3 server did not start on port $PORT (attempt $attempt); log:"
  tail -n 5 "$S3_DIR/log" >&2 || true
  kill -TERM "$S3_PID" 2>/dev/null || true
  wait "$S3_PID" 2>/dev/null || true
  S3_PID=""
done
(( started )) || die "the S3 server failed to start"

export TUTORHUB_TEST_S3_ENDPOINT="http://127.0.0.1:$PORT"
export TUTORHUB_TEST_S3_BUCKET="tutorhub-test"
export AWS_ACCESS_KEY_ID="testing" AWS_SECRET_ACCESS_KEY="testing"
curl -sf -X PUT -o /dev/null "$TUTORHUB_TEST_S3_ENDPOINT/$TUTORHUB_TEST_S3_BUCKET" || die "could not create the test bucket"
log "S3 server (moto) at $TUTORHUB_TEST_S3_ENDPOINT, bucket $TUTORHUB_TEST_S3_BUCKET"

run_child "$@"
