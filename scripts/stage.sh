#!/usr/bin/env bash
# Usage: scripts/stage.sh NAME COMMAND [ARG...]
# Runs one stage of `make test`: prints a header, runs COMMAND, prints its elapsed time (and
# the time since TEST_START, epoch seconds, when set). Exits with COMMAND's status.
set -uo pipefail

name="$1"
shift
start="$EPOCHREALTIME"
printf '\n========== %s ==========\n$ %s\n' "$name" "$*"
"$@"
status=$?
elapsed="$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')"
total=""
if [[ -n "${TEST_START:-}" ]]; then
  total=", $(( EPOCHSECONDS - TEST_START )) s since make test started"
fi
if (( status == 0 )); then
  printf '========== %s: ok in %s s%s ==========\n' "$name" "$elapsed" "$total"
else
  printf '========== %s: FAILED (exit %d) after %s s%s ==========\n' "$name" "$status" "$elapsed" "$total" >&2
fi
exit "$status"
