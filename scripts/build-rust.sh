#!/usr/bin/env bash
# `make test` stage 2: the gates (formatting, module cycles), then everything Rust builds, linted
# by Clippy with warnings denied as it compiles.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo="${CARGO:-cargo}"
"$cargo" fmt --all --check || { echo "Rust code is not formatted: run \`cargo fmt --all\` (rustfmt.toml)" >&2; exit 1; }
python3 scripts/check-module-cycles.py crates/domain crates/adapters crates/http crates/cli
python3 scripts/check-domain-words.py crates/domain/src
# Clippy lints while the build compiles (scripts/cargo-linted.sh): every dependency once.
exec scripts/cargo-linted.sh build --workspace --all-targets
