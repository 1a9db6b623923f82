#!/usr/bin/env bash
# The search benchmark (issue 13), what users feel, side by side in one run:
#   (a) a hot page (the same filtered page again and again): the release server, and nginx
#       serving the very same bytes as a static file, taking turns; requests/s, p99 and their
#       ratio;
#   (b) a cold mix of 300,000 distinct filter + keyword + sort + page combinations, for cases
#       and for tutors (scripts/bench-paths.py … wide): no page is asked twice (answers are kept
#       from their first ask), so only searching answers;
#   (c) the time from `serve` to its first answer (the search index is built at start), and the
#       server's resident memory after the run;
#   (d) what the Prometheus metrics cost: the hot page with METRICS_BIND set and with it off, in
#       alternating turns (one server: BENCH_SERVERS=1).
#   (f) the busy evening: 64 readers on the cold mix while writers post, approve (the CLI),
#       apply, withdraw, choose, confirm, book and record lessons, at BENCH_EVENING_RATE flows/s
#       (default 1), then at rising rates until a target is missed: reads and writes p99 per
#       kind, approval to searchable, the machine's capacity (scripts/bench-evening.sh).
#   (e) with BENCH_WITHOUT="none answers sets orders rows board coalesce" (any of them),
#       instead of (a) to (d): what each cache layer is worth, a server with it against one
#       without it, in turns (scripts/bench-layers.sh; `none` measures the noise).
# Seeds BENCH_CASES (default 1,000,000) approved cases and BENCH_TUTORS (default 200,000) tutors
# once per size into .tmp/bench/ and reuses the folder on later runs. BENCH_DATABASE=postgres
# runs on PostgreSQL instead (a cluster kept in .tmp/bench/ too). BENCH_SERVERS=2 (PostgreSQL
# only) runs two servers on that database behind an nginx load balancer, and measures (a) and
# (b) through the balancer, as a site of several servers is used. wrk: 2 threads, 64
# connections, BENCH_DURATION (default 15s) per measurement. Needs target/release/tutorhub
# (`make bench` builds it); installs nginx from Debian's packages when it is missing.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$TUTORHUB_ROOT"

BIN="${TUTORHUB_BIN:-$TUTORHUB_ROOT/target/release/tutorhub}"
CASES="${BENCH_CASES:-1000000}"
TUTORS="${BENCH_TUTORS:-200000}"
ENGINE="${BENCH_DATABASE:-sqlite}"
DURATION="${BENCH_DURATION:-15s}"
CONNECTIONS="${BENCH_CONNECTIONS:-64}"
SERVERS="${BENCH_SERVERS:-1}"
WITHOUT="${BENCH_WITHOUT:-}"
HOT_ROUNDS=5
HOT_PATH="/cases?region=九龍&minRate=300"
[[ "$DURATION" =~ ^[0-9]+s$ ]] || die "BENCH_DURATION is a number of seconds such as 15s, not $DURATION"
ROUND_SECONDS=$(( ${DURATION%s} / HOT_ROUNDS ))
(( ROUND_SECONDS >= 1 )) || die "BENCH_DURATION is at least ${HOT_ROUNDS}s: the hot page takes $HOT_ROUNDS turns"
[[ -x "$BIN" ]] || die "$BIN not found: run 'make build'"
[[ "$ENGINE" == sqlite || "$ENGINE" == postgres ]] || die "BENCH_DATABASE is sqlite or postgres, not $ENGINE"
[[ "$SERVERS" == 1 || ( "$SERVERS" == 2 && "$ENGINE" == postgres ) ]] \
  || die "BENCH_SERVERS is 1, or 2 with BENCH_DATABASE=postgres (several servers share one PostgreSQL), not $SERVERS"
for layer in $WITHOUT; do
  [[ " none answers sets orders rows board coalesce " == *" $layer "* ]] \
    || die "BENCH_WITHOUT names layers among none answers sets orders rows board coalesce, not $layer"
done
[[ -z "$WITHOUT" || "$SERVERS" == 1 ]] || die "BENCH_WITHOUT runs its own two servers: leave BENCH_SERVERS at 1"
command -v wrk >/dev/null 2>&1 || die "wrk not found: run scripts/install-deps.sh"
if ! command -v nginx >/dev/null 2>&1; then
  log "installing nginx (Debian's nginx-light) for the static-file comparison"
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx-light >/dev/null \
    || die "cannot install nginx: apt-get install nginx-light"
fi

BENCH_DIR="$TUTORHUB_ROOT/.tmp/bench"
DATA_DIR="$BENCH_DIR/$ENGINE-$CASES-cases-$TUTORS-tutors"
LOGS="$TUTORHUB_ROOT/.tmp/logs"
SERVER_LOG="$LOGS/bench-server.log"
mkdir -p "$DATA_DIR" "$LOGS"
: >"$SERVER_LOG"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/tutorhub-bench.XXXXXX")"
chmod 755 "$WORK"
SERVER_PID=""
SECOND_PID=""
NGINX_PID=""
BALANCER_PID=""
PG_CTL=()

# shellcheck disable=SC2317  # called from the trap
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  stop_server
  for pid in "$SECOND_PID" "$NGINX_PID" "$BALANCER_PID"; do
    if [[ -n "$pid" ]]; then kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  done
  if (( ${#PG_CTL[@]} > 0 )); then
    "${PG_CTL[@]}" stop -m fast >/dev/null 2>&1 || log "warning: PostgreSQL did not stop (cluster in $DATA_DIR.cluster)"
    # Kept for a run that failed: the work folder goes.
    cp "$WORK/pg/server.log" "$LOGS/bench-postgres.log" 2>/dev/null || true
  fi
  rm -rf "$WORK"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# PostgreSQL: a cluster of its own under .tmp/bench, kept with its data between runs.
DB_ENV=()
if [[ "$ENGINE" == postgres ]]; then
  PGBIN="$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  [[ -x "$PGBIN/pg_ctl" ]] || die "PostgreSQL server binaries not found (run scripts/install-deps.sh)"
  as_pg=()
  if (( EUID == 0 )); then as_pg=(runuser -u postgres --); fi
  # Beside the data folder, not in it: `tutorhub seed` and `serve` make their data folder
  # private (0700) while they run, and a cluster inside it would lose its postgres user the
  # way in (its checkpointer then panics mid-seed, once a million cases fill the WAL).
  CLUSTER="$DATA_DIR.cluster"
  if [[ -f "$DATA_DIR/cluster/PG_VERSION" && ! -e "$CLUSTER" ]]; then mv "$DATA_DIR/cluster" "$CLUSTER"; fi  # an older run's
  if [[ ! -f "$CLUSTER/PG_VERSION" ]]; then
    mkdir -p "$CLUSTER"; chmod 700 "$CLUSTER"
    if (( EUID == 0 )); then chown postgres:postgres "$CLUSTER"; chmod 755 "$BENCH_DIR" "$TUTORHUB_ROOT/.tmp"; fi
    "${as_pg[@]}" "$PGBIN/initdb" -D "$CLUSTER" -A trust -U tutorhub >/dev/null
  fi
  PG_PORT="$(free_port)"
  # The server's log and socket, in a folder the postgres user may write.
  mkdir -p "$WORK/pg"
  if (( EUID == 0 )); then chown postgres:postgres "$WORK/pg"; fi
  PG_CTL=("${as_pg[@]}" "$PGBIN/pg_ctl" -D "$CLUSTER" -l "$WORK/pg/server.log" -w)
  "${PG_CTL[@]}" start -o "-k $WORK/pg -h 127.0.0.1 -p $PG_PORT -c shared_buffers=512MB -c fsync=off" >/dev/null \
    || { cat "$WORK/pg/server.log" >&2 || true; die "PostgreSQL did not start"; }
  "${as_pg[@]}" "$PGBIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U tutorhub -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = 'bench'" | grep -q 1 \
    || "${as_pg[@]}" "$PGBIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U tutorhub bench
  DB_ENV=(DATABASE_URL="postgres://tutorhub@127.0.0.1:$PG_PORT/bench")
fi

# Seeding: once per size; the marker is written only after both parts succeeded.
if [[ ! -f "$DATA_DIR/seeded" ]]; then
  log "seeding $CASES cases and $TUTORS tutors into $DATA_DIR ($ENGINE; reused by later runs)"
  start=$SECONDS
  env "${DB_ENV[@]}" "$BIN" seed --cases "$CASES" --tutors "$TUTORS" --data-dir "$DATA_DIR" \
    || die "tutorhub seed failed"
  echo "seeded in $(( SECONDS - start )) s" >"$DATA_DIR/seeded"
fi
log "data: $(cat "$DATA_DIR/seeded"), $(du -sch "$DATA_DIR" ${CLUSTER:+"$CLUSTER"} | tail -n 1 | cut -f1) on disk"

# (c) Start to serving: the search index is built from the database before the server listens.
SERVER_PORT="$(free_port)"
started_ns=$(date +%s%N)
# Counting every request, as in production (METRICS_BIND on a port of its own).
env -u DATABASE_URL "${DB_ENV[@]}" METRICS_BIND="127.0.0.1:$(free_port)" "$BIN" serve --bind "127.0.0.1:$SERVER_PORT" --data-dir "$DATA_DIR" \
  >>"$SERVER_LOG" 2>&1 </dev/null &
SERVER_PID=$!
wait_for_http "http://127.0.0.1:$SERVER_PORT/health" 600 "$SERVER_PID" \
  || { tail -n 20 "$SERVER_LOG" >&2; die "the server did not start"; }
start_ms=$(( ($(date +%s%N) - started_ns) / 1000000 ))
index_ms="$(grep -o '"millis":[0-9]*' "$SERVER_LOG" | tail -n 1 | cut -d: -f2)"
BASE="http://127.0.0.1:$SERVER_PORT"
log "serving after $start_ms ms (index built in ${index_ms:-?} ms)"

# Several servers: a second one on the same database (its own data folder, as on another
# machine), and nginx balancing between the two; everything below goes through the balancer.
if (( SERVERS == 2 )); then
  SECOND_PORT="$(free_port)"
  mkdir -p "$WORK/second"
  env -u DATABASE_URL "${DB_ENV[@]}" METRICS_BIND="127.0.0.1:$(free_port)" "$BIN" serve --bind "127.0.0.1:$SECOND_PORT" --data-dir "$WORK/second" \
    >>"$LOGS/bench-server-2.log" 2>&1 </dev/null &
  SECOND_PID=$!
  wait_for_http "http://127.0.0.1:$SECOND_PORT/health" 600 "$SECOND_PID" \
    || { tail -n 20 "$LOGS/bench-server-2.log" >&2; die "the second server did not start"; }
  BALANCER_PORT="$(free_port)"
  mkdir -p "$WORK/lb"
  cat >"$WORK/lb/nginx.conf" <<NGINX
worker_processes auto;
pid $WORK/lb/nginx.pid;
error_log $WORK/lb/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  upstream tutorhub { server 127.0.0.1:$SERVER_PORT; server 127.0.0.1:$SECOND_PORT; keepalive 64; }
  server {
    listen 127.0.0.1:$BALANCER_PORT;
    location / {
      proxy_pass http://tutorhub; proxy_http_version 1.1; proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
    }
  }
}
NGINX
  nginx -p "$WORK/lb" -c "$WORK/lb/nginx.conf" -g 'daemon off;' &
  BALANCER_PID=$!
  wait_for_http "http://127.0.0.1:$BALANCER_PORT/health" 10 "$BALANCER_PID" || die "the load balancer did not start"
  BASE="http://127.0.0.1:$BALANCER_PORT"
  log "two servers (ports $SERVER_PORT and $SECOND_PORT) behind nginx at $BASE"
fi

# Totals are exact and pages agree: page 1 and page 2 report the same total.
json_field() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get(sys.argv[1]))' "$1"; }
for q in "/cases" "/cases?q=數學&districts=觀塘區" "/tutors?q=DSE&region=九龍"; do
  url="$BASE$(urlencode_query "$q")"
  t1="$(curl -sf --max-time 10 "$url" | json_field total)" || die "GET $q failed"
  sep="?"; [[ "$q" == *\?* ]] && sep="&"
  t2="$(curl -sf --max-time 10 "$url${sep}page=2" | json_field total)" || die "GET $q page 2 failed"
  [[ "$t1" == "$t2" ]] || die "total differs between page 1 ($t1) and page 2 ($t2) of $q"
  log "total of GET $q = $t1"
done

# A 3 s warm-up over the paths in file $2 against base URL $1. It starts a quarter of the file
# away: the measured run never asks its pages again.
warm_up() {
  BENCH_PATHS="$2" BENCH_START=0.25 wrk -t2 -c"$CONNECTIONS" -d3s -s scripts/bench-paths.lua "$1" >/dev/null
}
# One wrk run of $3 (default DURATION) over the paths in file $2 against base URL $1, from the
# fraction $4 of the file (default 0); prints its BENCH line.
measure_only() {
  local out
  out="$(BENCH_PATHS="$2" BENCH_START="${4:-0}" wrk -t2 -c"$CONNECTIONS" -d"${3:-$DURATION}" --latency -s scripts/bench-paths.lua "$1")"
  grep '^BENCH ' <<<"$out" | tail -n 1
}
# A warm-up, then one measured run.
measure() {
  warm_up "$1" "$2"
  measure_only "$1" "$2"
}
# One BENCH line for the runs given one per line: requests and seconds added up, the median
# p50, and the worst p90, p99 and maximum (percentiles of separate runs cannot be merged).
combine_rounds() {
  grep '^BENCH ' <<<"$1" | awk '
    { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[NR, kv[1]] = kv[2] } n = NR }
    END {
      requests = 0; seconds = 0; http = 0; sock = 0; p90 = 0; p99 = 0; mx = 0
      for (r = 1; r <= n; r++) {
        requests += v[r, "requests"]; seconds += v[r, "seconds"]
        http += v[r, "http_errors"]; sock += v[r, "socket_errors"]
        if (v[r, "p90_ms"] + 0 > p90) p90 = v[r, "p90_ms"] + 0
        if (v[r, "p99_ms"] + 0 > p99) p99 = v[r, "p99_ms"] + 0
        if (v[r, "max_ms"] + 0 > mx) mx = v[r, "max_ms"] + 0
        p50s[r] = v[r, "p50_ms"] + 0
      }
      for (i = 2; i <= n; i++) for (j = i; j > 1 && p50s[j - 1] > p50s[j]; j--) { t = p50s[j]; p50s[j] = p50s[j - 1]; p50s[j - 1] = t }
      printf "BENCH paths=%d requests=%d seconds=%.1f rps=%.0f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f max_ms=%.2f http_errors=%d socket_errors=%d\n",
        v[1, "paths"], requests, seconds, requests / seconds, p50s[int((n + 1) / 2)], p90, p99, mx, http, sock
    }'
}
field() { sed -n "s/.* $2=\([^ ]*\).*/\1/p" <<<"$1"; }
check_errors() {
  (( $(field "$1" http_errors) == 0 && $(field "$1" socket_errors) == 0 )) || die "errors in $2: $1"
}

# (e) What each cache layer is worth, in place of (a) to (d): BENCH_WITHOUT names the layers.
if [[ -n "$WITHOUT" ]]; then
  # shellcheck source=scripts/bench-layers.sh
  source scripts/bench-layers.sh
fi

# (a) Hot: the product, then nginx with the same bytes.
hot_encoded="$(urlencode_query "$HOT_PATH")"
echo "$hot_encoded" >"$WORK/hot-product.txt"
mkdir -p "$WORK/www"
curl -sf "$BASE$hot_encoded" -o "$WORK/www/hot.json" || die "GET $HOT_PATH failed"
chmod -R a+rX "$WORK/www"
echo "/hot.json" >"$WORK/hot-nginx.txt"
NGINX_PORT="$(free_port)"
cat >"$WORK/nginx.conf" <<NGINX
worker_processes auto;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    location / { root $WORK/www; default_type application/json; }
  }
}
NGINX
nginx -p "$WORK" -c "$WORK/nginx.conf" -g 'daemon off;' &
NGINX_PID=$!
wait_for_http "http://127.0.0.1:$NGINX_PORT/hot.json" 10 "$NGINX_PID" || die "nginx did not start"
cmp -s <(curl -sf "http://127.0.0.1:$NGINX_PORT/hot.json") "$WORK/www/hot.json" || die "nginx serves other bytes"

# The two take turns, HOT_ROUNDS times each, so that both meet this machine's changing speed
# alike: the same build and page measured 36,000 and 52,000 requests/s a minute apart, and a
# product measured in a slow minute against nginx in a fast one gave a ratio off by a third.
log "hot page, product ($HOT_PATH) and nginx (the same $(wc -c <"$WORK/www/hot.json") bytes), in $HOT_ROUNDS turns of ${ROUND_SECONDS}s each"
warm_up "$BASE" "$WORK/hot-product.txt"
warm_up "http://127.0.0.1:$NGINX_PORT" "$WORK/hot-nginx.txt"
hot_product_rounds=""; hot_nginx_rounds=""
for (( round = 1; round <= HOT_ROUNDS; round++ )); do
  hot_product_rounds+="$(measure_only "$BASE" "$WORK/hot-product.txt" "${ROUND_SECONDS}s")"$'\n'
  hot_nginx_rounds+="$(measure_only "http://127.0.0.1:$NGINX_PORT" "$WORK/hot-nginx.txt" "${ROUND_SECONDS}s")"$'\n'
done
hot_product="$(combine_rounds "$hot_product_rounds")"; check_errors "$hot_product" "hot (product)"
hot_nginx="$(combine_rounds "$hot_nginx_rounds")"; check_errors "$hot_nginx" "hot (nginx)"
kill -TERM "$NGINX_PID" 2>/dev/null || true; wait "$NGINX_PID" 2>/dev/null || true; NGINX_PID=""

# (b) Cold: distinct combinations, never the same page twice.
python3 scripts/bench-paths.py cases 300000 wide >"$WORK/cold-cases.txt"
python3 scripts/bench-paths.py tutors 300000 wide >"$WORK/cold-tutors.txt"
log "cold mix: cases"
cold_cases="$(measure "$BASE" "$WORK/cold-cases.txt")"; check_errors "$cold_cases" "cold (cases)"
log "cold mix: tutors"
cold_tutors="$(measure "$BASE" "$WORK/cold-tutors.txt")"; check_errors "$cold_tutors" "cold (tutors)"

rss_kb="$(awk '/^VmRSS:/ { print $2 }' "/proc/$SERVER_PID/status")"
peak_kb="$(awk '/^VmHWM:/ { print $2 }' "/proc/$SERVER_PID/status")"
if [[ -n "$SECOND_PID" ]]; then
  second_rss_kb="$(awk '/^VmRSS:/ { print $2 }' "/proc/$SECOND_PID/status")"
fi

# (d) What the metrics cost: the hot page (the cheapest answer, so the largest share of the
# counting) from a server that counts every request (METRICS_BIND set) and from one that counts
# nothing (METRICS_BIND=off: no recorder), one at a time on the same data, restarted for each
# turn and taking turns, so that both meet this machine's changing speed alike.
METRICS_TURNS=3
metrics_cost=""
if (( SERVERS == 1 )); then
  stop_server
  metrics_on_rounds=""; metrics_off_rounds=""
  for (( turn = 1; turn <= METRICS_TURNS; turn++ )); do
    for counting in on off; do
      metrics_bind=off
      [[ "$counting" == on ]] && metrics_bind="127.0.0.1:$(free_port)"
      SERVER_PORT="$(free_port)"
      env -u DATABASE_URL "${DB_ENV[@]}" METRICS_BIND="$metrics_bind" "$BIN" serve --bind "127.0.0.1:$SERVER_PORT" \
        --data-dir "$DATA_DIR" >>"$SERVER_LOG" 2>&1 </dev/null &
      SERVER_PID=$!
      wait_for_http "http://127.0.0.1:$SERVER_PORT/health" 600 "$SERVER_PID" \
        || { tail -n 20 "$SERVER_LOG" >&2; die "the server did not start (metrics $counting)"; }
      warm_up "http://127.0.0.1:$SERVER_PORT" "$WORK/hot-product.txt"
      line="$(measure_only "http://127.0.0.1:$SERVER_PORT" "$WORK/hot-product.txt" "${ROUND_SECONDS}s")"
      if [[ "$counting" == on ]]; then
        metrics_on_rounds+="$line"$'\n'
        # The counting is real: the scrape shows the hot page's route with its requests.
        # Read whole first: `grep -q` stops at the first match, and curl, cut off mid-answer,
        # would fail the pipe.
        scrape="$(curl -sf "http://$metrics_bind/metrics")" || die "the metrics listener did not answer"
        grep -q 'http_route="/cases",http_response_status_code="200"' <<<"$scrape" \
          || die "the metrics listener did not count the hot page"
      else
        metrics_off_rounds+="$line"$'\n'
      fi
      stop_server
    done
  done
  metrics_on="$(combine_rounds "$metrics_on_rounds")"; check_errors "$metrics_on" "hot (metrics on)"
  metrics_off="$(combine_rounds "$metrics_off_rounds")"; check_errors "$metrics_off" "hot (metrics off)"
  metrics_cost="$(awk -v on="$(field "$metrics_on" rps)" -v off="$(field "$metrics_off" rps)" 'BEGIN { printf "%.1f", (off - on) * 100 / off }')"
fi

ratio="$(awk -v a="$(field "$hot_product" rps)" -v b="$(field "$hot_nginx" rps)" 'BEGIN { printf "%.2f", a / b }')"
row() { printf '%-26s %10s req/s   p50 %8s ms   p99 %8s ms\n' "$1" "$(field "$2" rps)" "$(field "$2" p50_ms)" "$(field "$2" p99_ms)"; }

echo
echo "== bench summary ($ENGINE, $CASES cases, $TUTORS tutors, $SERVERS server(s); wrk -t2 -c$CONNECTIONS -d$DURATION) =="
if (( SERVERS == 2 )); then echo "(the tutorhub rows go through an nginx load balancer to both servers)"; fi
row "hot page, tutorhub" "$hot_product"
row "hot page, nginx" "$hot_nginx"
echo "hot ratio tutorhub/nginx:  $ratio   (target at least 0.5; $HOT_ROUNDS turns of ${ROUND_SECONDS}s each, p99 the worst turn's)"
row "cold mix, cases" "$cold_cases"
row "cold mix, tutors" "$cold_tutors"
echo "cold paths:                $(field "$cold_cases" paths) cases, $(field "$cold_tutors" paths) tutors, all distinct (target p99 at most 20 ms)"
echo "start to serving:          $start_ms ms, of which building the index $index_ms ms (target at most 30 s)"
echo "server memory after run:   RSS $(( rss_kb / 1024 )) MB, peak $(( peak_kb / 1024 )) MB (target at most 500 MB)"
if [[ -n "$SECOND_PID" ]]; then echo "second server after run:   RSS $(( second_rss_kb / 1024 )) MB"; fi
if [[ -n "$metrics_cost" ]]; then
  row "hot page, metrics on" "$metrics_on"
  row "hot page, metrics off" "$metrics_off"
  echo "metrics cost:              ${metrics_cost}% of the hot page's requests/s (target at most 5%; $METRICS_TURNS turns of ${ROUND_SECONDS}s each)"
fi

# (f) The busy evening, on a server of its own (one server: scripts/bench-evening.sh).
if (( SERVERS == 1 )); then
  # shellcheck source=scripts/bench-evening.sh
  source scripts/bench-evening.sh
fi
