#!/usr/bin/env bash
# `make test` stage 2: the gates (formatting, module cycles, lints), then everything Rust builds.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo="${CARGO:-cargo}"
"$cargo" fmt --all --check || { echo "Rust code is not formatted: run \`cargo fmt --all\` (rustfmt.toml)" >&2; exit 1; }
python3 scripts/check-module-cycles.py crates/domain crates/adapters crates/http crates/cli
python3 scripts/check-domain-words.py crates/domain/src
"$cargo" clippy --workspace --all-targets --quiet -- -D warnings
exec "$cargo" build --workspace --all-targets
