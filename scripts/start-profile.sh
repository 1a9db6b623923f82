#!/usr/bin/env bash
# `make profile-start` (issue 38; not part of `make test`): where each public page's start spends
# the main thread, by package, and its long tasks. Builds the frontend with source maps into
# .tmp/profile-dist (dist/ stays as it is), serves it with the demo data from the release server
# on loopback, and runs frontend/scripts/start-profile.mjs on /, /all-cases, a tutor's page, a
# case's page and the login page, PROFILE_RUNS runs each (default 3). Lighthouse's blocking time
# varies by hundreds of milliseconds between runs on this machine; this profile says where the
# time goes and what a change took away. Needs target/release/tutorhub (`make profile-start`
# builds it) and Chromium.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$TUTORHUB_ROOT"

RUNS="${PROFILE_RUNS:-3}"
release_and_chromium
BUILD="$TUTORHUB_ROOT/.tmp/profile-dist"

log "building the frontend with source maps into $BUILD"
(cd frontend && npx vite build --sourcemap --outDir "$BUILD" --emptyOutDir >/dev/null) || die "the frontend did not build"

seeded_demo_site "$BIN" profile-start
jwt_secret="$(python3 -c 'import secrets; print(secrets.token_hex(32))')"
start_server "$BIN" "$DATA_DIR" "$SERVER_LOG" LOG_FORMAT=text RUST_LOG=warn JWT_SECRET="$jwt_secret" \
  TUTORHUB_STATIC_DIR="$BUILD" || die "the server did not start"
BASE="http://127.0.0.1:$SERVER_PORT"

public_pages "$BASE"
(cd frontend && CHROMIUM_PATH="$CHROMIUM" node scripts/start-profile.mjs "$BUILD" "$BASE" "$RUNS" "${PUBLIC_PAGES[@]}")
