#!/usr/bin/env bash
# Contract test: schemathesis generates requests from openapi.yaml and sends them to the real
# `tutorhub serve` (debug binary, fresh demo-seeded SQLite, loopback only). A response fails
# the run when it is a 5xx or does not match the documented schema. Bounded in time:
# CONTRACT_MAX_TIME seconds of testing (default 60), about 75 s in all.
# Extra arguments are passed to `schemathesis run`.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$TUTORHUB_ROOT"

BIN="${TUTORHUB_BIN:-$TUTORHUB_ROOT/target/debug/tutorhub}"
SCHEMATHESIS="$TUTORHUB_ROOT/.tmp/venv/bin/schemathesis"
MAX_TIME="${CONTRACT_MAX_TIME:-60}"
[[ -x "$BIN" ]] || die "$BIN not found: run 'cargo build -p tutorhub-cli' (or make test)"
[[ -x "$SCHEMATHESIS" ]] || die "$SCHEMATHESIS not found: run scripts/install-deps.sh"
[[ -f openapi.yaml ]] || die "openapi.yaml not found: run 'make openapi'"

seeded_demo_site "$BIN" contract

start_server "$BIN" "$DATA_DIR" "$SERVER_LOG" \
  CASES_AUTO_APPROVE=false \
  || die "the server did not start"

# Requests carry the access token of a demo account (`seed --demo`), so that the operations
# behind login are tested too; without a token they would only ever answer 401.
auth=()
login_body="$(printf '{"identifier":"%s","password":"%s"}' "${CONTRACT_LOGIN_PHONE:-61234567}" "${CONTRACT_LOGIN_PASSWORD:-demo1234}")"
token="$(curl -sf --max-time 10 -H 'Content-Type: application/json' -d "$login_body" \
  "http://127.0.0.1:$SERVER_PORT/users/login" \
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])' 2>/dev/null || true)"
if [[ -n "$token" ]]; then
  auth=(-H "Authorization: Bearer $token")
  log "testing as demo account ${CONTRACT_LOGIN_PHONE:-61234567}"
else
  log "warning: could not log in as a demo account: testing without a token"
fi

# Only the loopback server is contacted: the schema is a local file with no remote $refs and
# proxies are bypassed for loopback. schemathesis runs in .tmp/contract, where it keeps its
# files (.hypothesis, .schemathesis for `st replay`), out of the source tree.
export NO_PROXY="127.0.0.1,localhost" no_proxy="127.0.0.1,localhost"
mkdir -p .tmp/contract
cd .tmp/contract
log "schemathesis $("$SCHEMATHESIS" --version | awk '{print $NF}') against http://127.0.0.1:$SERVER_PORT for ${MAX_TIME}s"
set +e
timeout --kill-after=10 "$(( MAX_TIME + 60 ))" \
  "$SCHEMATHESIS" run "$TUTORHUB_ROOT/openapi.yaml" \
    --url "http://127.0.0.1:$SERVER_PORT" \
    --checks not_a_server_error,response_schema_conformance \
    --max-time "$MAX_TIME" \
    --request-timeout 10 \
    --generation-database none \
    --no-color \
    "${auth[@]}" \
    "$@" </dev/null
status=$?
set -e
if (( status != 0 )); then
  log "schemathesis failed (exit $status); replay a case from .tmp/contract with ../venv/bin/st replay ID"
  log "last server log lines ($SERVER_LOG):"
  tail -n 30 "$SERVER_LOG" >&2 || true
fi
exit "$status"
