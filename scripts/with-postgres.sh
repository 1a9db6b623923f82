#!/usr/bin/env bash
# Usage: scripts/with-postgres.sh COMMAND [ARG...]
#
# Starts a throwaway PostgreSQL cluster (Debian's postgresql package) on a free port of
# 127.0.0.1, exports TUTORHUB_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:PORT/postgres,
# runs COMMAND, then stops the cluster (pg_ctl stop) and removes its folder, whatever happens.
# Exits with COMMAND's status. Several can run at once: each has its own folder and port.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

(( $# > 0 )) || die "usage: $0 COMMAND [ARG...]"

PGBIN="$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
[[ -n "$PGBIN" && -x "$PGBIN/initdb" && -x "$PGBIN/pg_ctl" ]] \
  || die "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin (run scripts/install-deps.sh, or: apt-get install postgresql)"

# initdb refuses to run as root: as root, the cluster belongs to the 'postgres' user.
as_pg=()
if (( EUID == 0 )); then
  id -u postgres >/dev/null 2>&1 || die "user 'postgres' missing (apt-get install postgresql creates it)"
  as_pg=(runuser -u postgres --)
fi

PG_DIR="$(mktemp -d "${TMPDIR:-/tmp}/tutorhub-pg.XXXXXX")"
chmod 700 "$PG_DIR"
if (( EUID == 0 )); then
  chown postgres:postgres "$PG_DIR"
fi
PG_STARTED=0
CHILD_PID=""

# shellcheck disable=SC2317  # called from the trap
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  if [[ -n "$CHILD_PID" ]] && kill -0 "$CHILD_PID" 2>/dev/null; then
    kill -TERM "$CHILD_PID" 2>/dev/null || true
    wait "$CHILD_PID" 2>/dev/null || true
  fi
  if (( PG_STARTED )); then
    "${as_pg[@]}" "$PGBIN/pg_ctl" -D "$PG_DIR/data" -m fast -w -t 30 stop >/dev/null 2>&1 \
      || log "warning: pg_ctl stop failed (cluster in $PG_DIR)"
  fi
  rm -rf "$PG_DIR"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"${as_pg[@]}" "$PGBIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
  >"$PG_DIR/initdb.log" 2>&1 || { cat "$PG_DIR/initdb.log" >&2; die "initdb failed"; }

for attempt in 1 2 3 4 5; do
  PORT="$(free_port)"
  if "${as_pg[@]}" "$PGBIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w -t 30 \
       -o "-p $PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
       start >/dev/null 2>&1; then
    PG_STARTED=1
    break
  fi
  log "PostgreSQL did not start on port $PORT (attempt $attempt); log:"
  tail -n 5 "$PG_DIR/log" >&2 || true
done
(( PG_STARTED )) || die "PostgreSQL failed to start"

export TUTORHUB_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
log "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') at $TUTORHUB_TEST_POSTGRES_URL"

run_child "$@"
