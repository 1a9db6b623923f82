#!/usr/bin/env bash
# Installs what the build and the tests need, and does nothing when all of it is there:
#   - Debian packages: postgresql, chromium, fonts-noto-cjk, wrk, ca-certificates, curl
#   - the frontend's npm packages (npm ci in frontend/, no browser download)
#   - a Python venv in .tmp/venv with schemathesis (the contract test)
#   - a Python venv in .tmp/s3-venv with moto's S3 server (scripts/with-s3.sh)
# Works as root without a TTY (CI). As another user, it says what to install.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$TUTORHUB_ROOT"

SCHEMATHESIS_VERSION="4.32.5"
MOTO_VERSION="5.2.5"
APT_PACKAGES=(postgresql chromium fonts-noto-cjk wrk ca-certificates curl)
NODE_MIN="20.19"

export DEBIAN_FRONTEND=noninteractive
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

is_installed() {
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" == "install ok installed" ]]
}

# apt/dpkg may be busy (another install, unattended upgrades): wait for the locks, retry.
apt_get() {
  local attempt
  for attempt in 1 2 3; do
    if apt-get -o DPkg::Lock::Timeout=600 -o Acquire::Retries=3 "$@" </dev/null; then
      return 0
    fi
    log "apt-get $1 failed (attempt $attempt); retrying in 10 s"
    sleep 10
  done
  return 1
}

# --- Debian packages ---------------------------------------------------------------------
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  is_installed "$pkg" || missing+=("$pkg")
done
# A Debian python3 needs python3-venv to make a venv (pyenv's and others' do not).
PYTHON="$(command -v python3 || true)"
if [[ -z "$PYTHON" ]]; then
  missing+=(python3 python3-venv)
elif ! "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1 && ! is_installed python3-venv; then
  missing+=(python3-venv)
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  missing+=(nodejs npm)
fi

if (( ${#missing[@]} > 0 )); then
  if (( EUID != 0 )); then
    die "missing Debian packages: ${missing[*]} -- install them with: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}"
  fi
  log "installing Debian packages: ${missing[*]}"
  start=$SECONDS
  apt_get update -qq
  apt_get install -y -qq --no-install-recommends "${missing[@]}"
  log "Debian packages installed in $(( SECONDS - start )) s"
  PYTHON="$(command -v python3 || true)"
fi

# --- Node.js and the frontend packages ----------------------------------------------------
node_version="$(node -p 'process.versions.node')"
if [[ "$(printf '%s\n%s\n' "$NODE_MIN" "$node_version" | sort -V | head -n 1)" != "$NODE_MIN" ]]; then
  die "Node.js $node_version is too old: the frontend needs Node >= $NODE_MIN"
fi

# The three installs below wait mostly on the network and on unpacking, not on each other:
# they run side by side (a fresh clone's deps stage went from about 190 s to the longest one).
install_frontend_packages() {
  [[ -f frontend/package.json ]] || return 0
  local stamp="frontend/node_modules/.package-lock.json" start=$SECONDS
  if [[ -f frontend/package-lock.json ]]; then
    if [[ ! -d frontend/node_modules || ! -f "$stamp" || frontend/package-lock.json -nt "$stamp" ]]; then
      log "npm ci in frontend/ (node $node_version, npm $(npm --version))"
      (cd frontend && npm ci --no-audit --no-fund --loglevel=error </dev/null)
      touch "$stamp"
      log "npm ci done in $(( SECONDS - start )) s"
    fi
  elif [[ ! -d frontend/node_modules || frontend/package.json -nt "$stamp" ]]; then
    log "frontend/package-lock.json is missing: running npm install (commit the lockfile it writes)"
    (cd frontend && npm install --no-audit --no-fund --loglevel=error </dev/null)
  fi
}

# install_python_venv DIR COMMAND REQUIREMENT: a venv in DIR with REQUIREMENT, unless DIR/bin/COMMAND
# and the stamp of that requirement are there.
install_python_venv() {
  local dir="$1" command="$2" requirement="$3" start=$SECONDS
  local stamp="$dir/.${requirement//[^A-Za-z0-9.=-]/_}"
  [[ -x "$dir/bin/$command" && -f "$stamp" ]] && return 0
  log "creating $dir with $requirement"
  rm -rf "$dir"
  mkdir -p .tmp
  "$PYTHON" -m venv "$dir"
  "$dir/bin/python" -m pip install --quiet --disable-pip-version-check "$requirement" </dev/null
  touch "$stamp"
  log "$dir ready in $(( SECONDS - start )) s"
}

pids=()
install_frontend_packages & pids+=($!)
# The contract test's schemathesis.
install_python_venv .tmp/venv schemathesis "schemathesis==$SCHEMATHESIS_VERSION" & pids+=($!)
# moto's S3-compatible server (scripts/with-s3.sh), in a venv of its own: it pulls in Flask
# and boto, which schemathesis does not need.
install_python_venv .tmp/s3-venv moto_server "moto[server]==$MOTO_VERSION" & pids+=($!)
failed=0
for pid in "${pids[@]}"; do
  wait "$pid" || failed=1
done
(( failed == 0 )) || die "installing the npm packages or a Python venv failed (see above)"

# --- Rust ------------------------------------------------------------------------------------
if ! command -v cargo >/dev/null 2>&1 && [[ ! -x "$HOME/.cargo/bin/cargo" ]]; then
  die "cargo not found (neither on PATH nor in \$HOME/.cargo/bin): install the Rust toolchain (rustup)"
fi
export PATH="$HOME/.cargo/bin:$PATH"
for tool in fmt clippy; do
  if ! cargo "$tool" --version >/dev/null 2>&1; then
    die "cargo $tool not found: the gates of make test need it (rustup component add rustfmt clippy)"
  fi
done

log "dependencies satisfied"
