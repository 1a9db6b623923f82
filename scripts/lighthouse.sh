#!/usr/bin/env bash
# `make lighthouse` (issue 14's targets; not part of `make test`): Lighthouse's mobile preset
# (simulated throttling) against the release server on loopback, with the demo data, on the
# public pages people share: /, /all-cases, a tutor's page, a case's page and the login page, in
# zh-HK and in English (LIGHTHOUSE_LANGUAGES, default "zh-HK en"); LIGHTHOUSE_RUNS runs each
# (default 2). Prints one table row per run: the four category scores, LCP, FCP, CLS, Total
# Blocking Time and the JavaScript the page loaded (as sent), and keeps the JSON reports in
# .tmp/lighthouse/. Installs Lighthouse from the npm registry into .tmp/tools/lighthouse once;
# uses Debian's Chromium (scripts/install-deps.sh). Needs target/release/tutorhub (`make
# lighthouse` builds it). Run it on an otherwise idle machine.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$TUTORHUB_ROOT"

LIGHTHOUSE_VERSION="13.5.0"
RUNS="${LIGHTHOUSE_RUNS:-2}"
release_and_chromium

TOOL=".tmp/tools/lighthouse"
if [[ ! -x "$TOOL/node_modules/.bin/lighthouse" || ! -f "$TOOL/.version-$LIGHTHOUSE_VERSION" ]]; then
  log "installing lighthouse@$LIGHTHOUSE_VERSION into $TOOL"
  rm -rf "$TOOL"; mkdir -p "$TOOL"
  npm install --prefix "$TOOL" --no-audit --no-fund --loglevel=error "lighthouse@$LIGHTHOUSE_VERSION" </dev/null >/dev/null
  touch "$TOOL/.version-$LIGHTHOUSE_VERSION"
fi

REPORTS="$TUTORHUB_ROOT/.tmp/lighthouse"
mkdir -p "$REPORTS"
seeded_demo_site "$BIN" lighthouse
jwt_secret="$(python3 -c 'import secrets; print(secrets.token_hex(32))')"
start_server "$BIN" "$DATA_DIR" "$SERVER_LOG" LOG_FORMAT=text RUST_LOG=warn JWT_SECRET="$jwt_secret" \
  || die "the server did not start"
BASE="http://127.0.0.1:$SERVER_PORT"

public_pages "$BASE"
ZH_PAGES=("${PUBLIC_PAGES[@]}")
# Each page in zh-HK, then in English (`/en…`). Lighthouse's Chromium asks for English
# (Accept-Language: en-US), which the server answers with a redirect to /en: it is told zh-HK, so
# that each address is measured in its own language.
LANGUAGES=" ${LIGHTHOUSE_LANGUAGES:-zh-HK en} "
PAGES=()
if [[ "$LANGUAGES" == *" zh-HK "* ]]; then PAGES+=("${ZH_PAGES[@]}"); fi
if [[ "$LANGUAGES" == *" en "* ]]; then
  for page in "${ZH_PAGES[@]}"; do PAGES+=("/en${page%/}"); done
fi
(( ${#PAGES[@]} > 0 )) || die "LIGHTHOUSE_LANGUAGES names zh-HK, en or both, not${LANGUAGES% }"

summary() {
  python3 - "$1" "$2" <<'PY'
import json, sys
report = json.load(open(sys.argv[2]))
score = lambda c: round((report["categories"][c]["score"] or 0) * 100)
audit = lambda a: report["audits"][a]
js = sum(r.get("transferSize", 0) for r in audit("network-requests")["details"]["items"] if r.get("resourceType") == "Script")
print(f"{sys.argv[1]:<22} {score('performance'):>5} {score('accessibility'):>5} {score('best-practices'):>5} {score('seo'):>5}"
      f" {audit('largest-contentful-paint')['numericValue']/1000:>6.2f}s {audit('first-contentful-paint')['numericValue']/1000:>6.2f}s"
      f" {audit('cumulative-layout-shift')['numericValue']:>7.3f} {audit('total-blocking-time')['numericValue']:>6.0f}ms {js/1024:>8.0f} KiB")
PY
}

rows=()
for page in "${PAGES[@]}"; do
  for run in $(seq 1 "$RUNS"); do
    name="$(tr -c 'a-zA-Z0-9' '_' <<<"$page" | sed 's/_*$//')"
    report="$REPORTS/${name:-home}-$run.json"
    log "lighthouse $page (run $run of $RUNS)"
    CHROME_PATH="$CHROMIUM" "$TOOL/node_modules/.bin/lighthouse" "$BASE$page" --quiet --output=json --output-path="$report" \
      --only-categories=performance,accessibility,best-practices,seo --extra-headers='{"Accept-Language":"zh-HK"}' \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync" \
      </dev/null || die "lighthouse failed on $page"
    rows+=("$(summary "$page" "$report")")
  done
done

echo
echo "== lighthouse $LIGHTHOUSE_VERSION, mobile preset (simulated throttling), release server, demo data =="
printf '%-22s %5s %5s %5s %5s %7s %7s %7s %8s %12s\n' page perf a11y bp seo LCP FCP CLS TBT "JS loaded"
printf '%s\n' "${rows[@]}"
echo "targets: performance >= 95, accessibility >= 95, best practices 100, SEO 100, LCP <= 2.0 s, CLS <= 0.02"
echo "(JS loaded: every script the page loaded, as sent (compressed); npm run check:budget holds each page's start to its budget, target 150 KiB)"
echo "reports: $REPORTS"
