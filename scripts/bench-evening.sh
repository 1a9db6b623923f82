# shellcheck shell=bash
# The busy evening (issue 38): sourced by scripts/bench.sh after its other measurements. Uses
# bench.sh's functions and variables (BIN, DATA_DIR, DB_ENV, WORK, CONNECTIONS, the cold mix of
# cases in $WORK/cold-cases.txt).
#
# Readers and writers at once, on a server of its own: wrk's 64 connections ask the cold mix
# of filters and keywords (from a part of the file the cold run did not reach), while
# scripts/bench_evening.py runs the evening's writes at a rate of flows per second: a parent
# posts a case, the back office approves it with the CLI, two tutors apply and one withdraws,
# the parent chooses, the tutor confirms and records a lesson, a member books a tutor who
# accepts and records one; and each approved case is looked for by its keyword until found.
#
# The rate. A big Hong Kong evening brings several hundred new cases an hour, 0.1 to 0.2 a
# second. One flow a second is 3,600 cases an hour with 11 writes and an approval each, five
# to ten times that evening: the run the targets are read on. Then the rate doubles, a shorter
# run each, until reads or writes miss their target (or the steps end): the last rate that met
# both is the machine's capacity. The demo accounts' daily caps (30 applications a tutor, 20
# bookings a member) allow about 880 flows a day: the steps stay within them.

EVENING_RATE="${BENCH_EVENING_RATE:-1}"
EVENING_SECONDS="${BENCH_EVENING_SECONDS:-60}"
EVENING_STEPS="${BENCH_EVENING_STEPS:-2 4 8}"
EVENING_STEP_SECONDS=20
EVENING_READ_P99_MS=20
EVENING_WRITE_P99_MS=100
EVENING_SEARCHABLE_P99_MS=1000

# The demo accounts the writers log in as (idempotent), before the server starts: `seed`
# writes to the database directly.
python3 scripts/bench_evening.py --setup --base http://127.0.0.1:1 --bin "$BIN" --data-dir "$DATA_DIR" \
  ${DB_ENV[0]:+--database-url "${DB_ENV[0]#DATABASE_URL=}"} >"$LOGS/bench-evening-setup.log" 2>&1 \
  || { tail -n 20 "$LOGS/bench-evening-setup.log" >&2; die "the busy evening's accounts could not be seeded"; }
if [[ "$ENGINE" == postgres ]]; then
  # Caps are counted in a table on PostgreSQL: an earlier run today must not use them up.
  "${as_pg[@]}" "$PGBIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U tutorhub -d bench -qc "DELETE FROM rate_limits" >/dev/null
fi
SERVER_PORT="$(free_port)"
# As in production: cases wait for the back office, and every request is counted.
env -u DATABASE_URL -u CASES_AUTO_APPROVE "${DB_ENV[@]}" METRICS_BIND="127.0.0.1:$(free_port)" \
  "$BIN" serve --bind "127.0.0.1:$SERVER_PORT" --data-dir "$DATA_DIR" >>"$SERVER_LOG" 2>&1 </dev/null &
SERVER_PID=$!
wait_for_http "http://127.0.0.1:$SERVER_PORT/health" 600 "$SERVER_PID" \
  || { tail -n 20 "$SERVER_LOG" >&2; die "the server did not start (busy evening)"; }
EVENING_BASE="http://127.0.0.1:$SERVER_PORT"
warm_up "$EVENING_BASE" "$WORK/cold-cases.txt"

# One evening at $1 flows a second for $2 seconds, the readers starting at fraction $3 of the
# cold mix. Prints the readers' BENCH line, then the writers' EVENING lines; fails on any error.
evening_run() {
  local rate="$1" seconds="$2" start="$3" reads writes wrk_pid
  reads="$WORK/evening-reads-$rate.txt"; writes="$WORK/evening-writes-$rate.txt"
  BENCH_PATHS="$WORK/cold-cases.txt" BENCH_START="$start" wrk -t2 -c"$CONNECTIONS" -d"${seconds}s" --latency \
    -s scripts/bench-paths.lua "$EVENING_BASE" >"$reads" &
  wrk_pid=$!
  if ! python3 scripts/bench_evening.py --base "$EVENING_BASE" --bin "$BIN" --data-dir "$DATA_DIR" \
    ${DB_ENV[0]:+--database-url "${DB_ENV[0]#DATABASE_URL=}"} --rate "$rate" --seconds "$seconds" >"$writes" 2>&1; then
    wait "$wrk_pid" || true
    cat "$writes" >&2
    die "the busy evening's writes failed at $rate flows/s"
  fi
  wait "$wrk_pid"
  local line; line="$(grep '^BENCH ' "$reads" | tail -n 1)"
  check_errors "$line" "busy evening reads at $rate flows/s"
  echo "$line"
  grep '^EVENING ' "$writes"
}
evening_field() { awk -v kind="kind=$2" -v key="$3" '$2 == kind { for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == key) print kv[2] } }' <<<"$1"; }
# The worst write p99 of a run's kinds (the CLI's approval apart: a process start, not a request).
worst_write_p99() {
  grep '^EVENING kind=' <<<"$1" | grep -v -E 'kind=(searchable|approve|approve_cpu|approve_wait) ' \
    | sed -n 's/.* p99_ms=\([^ ]*\).*/\1/p' | sort -g | tail -n 1
}
meets_targets() {
  awk -v r="$(field "$(grep '^BENCH ' <<<"$1")" p99_ms)" -v w="$(worst_write_p99 "$1")" \
    -v rt="$EVENING_READ_P99_MS" -v wt="$EVENING_WRITE_P99_MS" 'BEGIN { exit !(r <= rt && w <= wt) }'
}

log "busy evening: $EVENING_RATE flows/s for ${EVENING_SECONDS}s, readers on the cold mix of cases"
evening="$(evening_run "$EVENING_RATE" "$EVENING_SECONDS" 0.55)"
capacity="below $EVENING_RATE"
meets_targets "$evening" && capacity="$EVENING_RATE"
steps=""
if [[ "$capacity" == "$EVENING_RATE" ]]; then
  start=0.7
  for rate in $EVENING_STEPS; do
    log "busy evening, capacity step: $rate flows/s for ${EVENING_STEP_SECONDS}s"
    step="$(evening_run "$rate" "$EVENING_STEP_SECONDS" "$start")"
    steps+="$(printf '%-8s reads p99 %8s ms   worst write p99 %8s ms   searchable p99 %8s ms' "$rate" \
      "$(field "$(grep '^BENCH ' <<<"$step")" p99_ms)" "$(worst_write_p99 "$step")" "$(evening_field "$step" searchable p99_ms)")"$'\n'
    start="$(awk -v s="$start" 'BEGIN { printf "%.2f", s + 0.05 }')"
    meets_targets "$step" || break
    capacity="$rate"
  done
fi
stop_server

reads_line="$(grep '^BENCH ' <<<"$evening")"
echo
echo "== busy evening ($ENGINE, $CASES cases, $TUTORS tutors; readers wrk -t2 -c$CONNECTIONS on the cold mix of cases) =="
echo "writers: $EVENING_RATE flows/s for ${EVENING_SECONDS}s (a flow: 11 requests and one approval by the CLI)"
row "reads while writing" "$reads_line"
printf '%-16s %7s %9s %9s %9s %7s\n' "write" count "p50 ms" "p99 ms" "max ms" errors
grep '^EVENING kind=' <<<"$evening" | grep -v 'kind=searchable ' | while read -r _ kind rest; do
  printf '%-16s %7s %9s %9s %9s %7s\n' "${kind#kind=}" "$(evening_field "$evening" "${kind#kind=}" count)" \
    "$(evening_field "$evening" "${kind#kind=}" p50_ms)" "$(evening_field "$evening" "${kind#kind=}" p99_ms)" \
    "$(evening_field "$evening" "${kind#kind=}" max_ms)" "$(evening_field "$evening" "${kind#kind=}" errors)"
done
echo "approval to found by keyword: p50 $(evening_field "$evening" searchable p50_ms) ms, p99 $(evening_field "$evening" searchable p99_ms) ms, max $(evening_field "$evening" searchable max_ms) ms (target p99 at most $EVENING_SEARCHABLE_P99_MS ms)"
echo "targets: reads p99 at most $EVENING_READ_P99_MS ms, writes p99 at most $EVENING_WRITE_P99_MS ms (the CLI's approval apart: a process each)"
if [[ -n "$steps" ]]; then
  echo "capacity steps (flows/s, ${EVENING_STEP_SECONDS}s each):"
  printf '%s' "$steps"
fi
if [[ "$capacity" == "below "* ]]; then
  # Not met at the first rate: say which target, so the line names what limits the machine.
  echo "capacity of this machine: below $EVENING_RATE flows/s ($(awk -v c="$EVENING_RATE" 'BEGIN { printf "%g", c * 11 }') write requests/s):" \
    "reads p99 $(field "$reads_line" p99_ms) ms (target $EVENING_READ_P99_MS), worst write p99 $(worst_write_p99 "$evening") ms (target $EVENING_WRITE_P99_MS)"
else
  echo "capacity of this machine: $capacity flows/s, $(awk -v c="$capacity" 'BEGIN { printf "%g", c * 11 }') write requests/s, with both targets met"
fi
