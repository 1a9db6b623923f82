#!/usr/bin/env bash
# `make test` stage 2: the module graph has no cycle, then everything Rust builds.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 scripts/check-module-cycles.py crates/domain crates/adapters crates/http crates/cli
exec "${CARGO:-cargo}" build --workspace --all-targets
