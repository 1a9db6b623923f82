# shellcheck shell=bash
# What each cache layer of the search is worth (issue 37): sourced by scripts/bench.sh when
# BENCH_WITHOUT names layers, in place of its usual measurements.
#
# For each layer, two servers on the same database, started together: A with every layer, B
# with that layer switched off (`serve`'s SEARCH_CACHES_OFF). They are measured in turns,
# A then B, then B then A, so that both meet this machine's changing speed alike: the cold
# mixes of cases and of tutors and the hot page (and for the board cache, the fee guidance).
# The layer `none` is the control: B is A again, and the differences it shows are the noise a
# layer must beat to earn its place.
#
# Each server asks its own half of the wide mix (bench-paths.py with sort orders: 443,520 case
# and 528,000 tutor paths), and every turn starts elsewhere in it, so no page is asked of a
# server twice and only searching answers. Uses bench.sh's functions and variables.

AB_TURNS=3
AB_SECONDS=3
# Where each turn's run starts in a server's paths, as a fraction (bench-paths.lua's
# BENCH_START): its two threads read about a tenth of the file each from there and half a file
# on, clear of the warm-up's (0.25) and of each other turn's.
ab_start() { awk -v turn="$1" 'BEGIN { printf "%.2f", 0.35 + 0.1 * (turn - 1) }'; }

# Starts a server without the layers $2 (empty: none), on port $3, logging to $4; echoes its pid.
ab_server() {
  local name="$1" off="$2" port="$3" log_file="$4"
  mkdir -p "$WORK/ab-$name"
  local data_dir="$DATA_DIR"
  # On PostgreSQL each server has a data folder of its own, as on another machine; on SQLite
  # the database is a file of the data folder, which both share (each builds its own index).
  [[ "$ENGINE" == postgres ]] && data_dir="$WORK/ab-$name"
  local without=(-u SEARCH_CACHES_OFF)
  [[ -n "$off" ]] && without=(SEARCH_CACHES_OFF="$off")
  env -u DATABASE_URL "${without[@]}" "${DB_ENV[@]}" METRICS_BIND=off "$BIN" serve --bind "127.0.0.1:$port" \
    --data-dir "$data_dir" >>"$log_file" 2>&1 </dev/null &
  echo $!
}

ab_stop() {
  local pid
  for pid in "$@"; do
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
}

rss_mb() { awk '/^VmRSS:/ { printf "%d", $2 / 1024 }' "/proc/$1/status"; }

# Change from A to B in percent of A, for field $3 of BENCH lines $1 (A) and $2 (B).
ab_change() { awk -v a="$(field "$1" "$3")" -v b="$(field "$2" "$3")" 'BEGIN { printf "%+.1f%%", (b - a) * 100 / a }'; }

for kind in cases tutors; do
  python3 scripts/bench-paths.py "$kind" all wide >"$WORK/ab-$kind-all.txt"
  # Alternate lines to each server: two halves of the same shuffled mix.
  awk 'NR % 2 == 1' "$WORK/ab-$kind-all.txt" >"$WORK/ab-$kind-A.txt"
  awk 'NR % 2 == 0' "$WORK/ab-$kind-all.txt" >"$WORK/ab-$kind-B.txt"
done
# The fee guidance of the case form, what the board cache serves: a quartile query over the
# cases alike, about a second each at a million cases. Too slow for wrk's turns: for the layer
# `board` only, each server answers 16 of them twice in a row, and the second round's time
# tells whether they were kept.
python3 scripts/bench-paths.py fees 16 >"$WORK/ab-fees.txt"
# The seconds server $1 takes for one round of the fee guidance, one request at a time.
fee_round() {
  local started path
  started=$(date +%s%N)
  while read -r path; do
    curl -sf --max-time 30 "$1$path" >/dev/null || die "GET $path failed"
  done <"$WORK/ab-fees.txt"
  awk -v ns="$(( $(date +%s%N) - started ))" 'BEGIN { printf "%.2f", ns / 1e9 }'
}
hot_path="$(urlencode_query "$HOT_PATH")"
echo "$hot_path" >"$WORK/ab-hot-A.txt"
cp "$WORK/ab-hot-A.txt" "$WORK/ab-hot-B.txt"

stop_server
ab_table=""
for layer in $WITHOUT; do
  off="$layer"
  [[ "$layer" == none ]] && off=""
  port_a="$(free_port)"; port_b="$(free_port)"
  pid_a="$(ab_server A "" "$port_a" "$LOGS/bench-ab-A.log")"
  pid_b="$(ab_server B "$off" "$port_b" "$LOGS/bench-ab-B.log")"
  SECOND_PID="$pid_b"; SERVER_PID="$pid_a"  # stopped by bench.sh's cleanup if this run fails
  wait_for_http "http://127.0.0.1:$port_a/health" 600 "$pid_a" || { tail -n 20 "$LOGS/bench-ab-A.log" >&2; die "server A did not start"; }
  wait_for_http "http://127.0.0.1:$port_b/health" 600 "$pid_b" || { tail -n 20 "$LOGS/bench-ab-B.log" >&2; die "server B (without $layer) did not start"; }
  log "without $layer: A on $port_a (every layer), B on $port_b (SEARCH_CACHES_OFF=$off), $AB_TURNS turns of ${AB_SECONDS}s"
  declare -A base=([A]="http://127.0.0.1:$port_a" [B]="http://127.0.0.1:$port_b")
  declare -A rounds=()
  for kind in cases tutors hot; do
    for who in A B; do warm_up "${base[$who]}" "$WORK/ab-$kind-$who.txt"; done
    for (( turn = 1; turn <= AB_TURNS; turn++ )); do
      order="A B"; (( turn % 2 == 0 )) && order="B A"
      for who in $order; do
        rounds[$kind$who]+="$(measure_only "${base[$who]}" "$WORK/ab-$kind-$who.txt" "${AB_SECONDS}s" "$(ab_start "$turn")")"$'\n'
      done
    done
  done
  if [[ "$layer" == board ]]; then
    fees=""
    for who in A B; do
      first="$(fee_round "${base[$who]}")"; second="$(fee_round "${base[$who]}")"
      fees+=" $who: ${first} s, then ${second} s;"
    done
    ab_table+="$(printf '%-9s %-7s 16 fee guides, one at a time, twice:%s' "$layer" fees "$fees")"$'\n'
  fi
  rss_a="$(rss_mb "$pid_a")"; rss_b="$(rss_mb "$pid_b")"
  ab_stop "$pid_a" "$pid_b"; SERVER_PID=""; SECOND_PID=""
  for kind in cases tutors hot; do
    a="$(combine_rounds "${rounds[${kind}A]}")"; check_errors "$a" "$kind (A, every layer)"
    b="$(combine_rounds "${rounds[${kind}B]}")"; check_errors "$b" "$kind (B, without $layer)"
    ab_table+="$(printf '%-9s %-7s %8s %8s %8s   %7s %7s %8s   %7s %7s %8s' "$layer" "$kind" \
      "$(field "$a" rps)" "$(field "$b" rps)" "$(ab_change "$a" "$b" rps)" \
      "$(field "$a" p50_ms)" "$(field "$b" p50_ms)" "$(ab_change "$a" "$b" p50_ms)" \
      "$(field "$a" p99_ms)" "$(field "$b" p99_ms)" "$(ab_change "$a" "$b" p99_ms)")"$'\n'
  done
  ab_table+="$(printf '%-9s %-7s RSS after the turns: A %s MB, B %s MB' "$layer" memory "$rss_a" "$rss_b")"$'\n'
  unset base rounds
done

echo
echo "== what each cache layer is worth ($ENGINE, $CASES cases, $TUTORS tutors; A every layer, B without it; $AB_TURNS turns of ${AB_SECONDS}s, wrk -t2 -c$CONNECTIONS) =="
printf '%-9s %-7s %8s %8s %8s   %7s %7s %8s   %7s %7s %8s\n' without kind "A req/s" "B req/s" change "A p50" "B p50" change "A p99" "B p99" change
printf '%s' "$ab_table"
echo "(none: B is A again; its changes are this run's noise. p50 the median turn's, p99 the worst turn's, in ms)"
exit 0
