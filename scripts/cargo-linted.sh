#!/usr/bin/env bash
# Usage: scripts/cargo-linted.sh CARGO-ARGS...
# Runs cargo with Clippy as the compiler of the workspace's own crates, warnings denied: one
# build both lints and compiles them. `cargo clippy` followed by `cargo build` compiles every
# dependency twice (once checked for Clippy, once built); dependencies are compiled here once,
# by plain rustc (docs/adr/0013-quality-gates.md has the measured stage times).
#
# Every cargo command of `make test` that builds goes through this script: cargo keys the
# workspace's crates on the wrapper, so a command without it would compile them again.
set -euo pipefail
export RUSTC_WORKSPACE_WRAPPER="${RUSTC_WORKSPACE_WRAPPER:-clippy-driver}"
# What `cargo clippy -- -D warnings` hands the driver (its own separator between arguments).
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
exec "${CARGO:-cargo}" "$@"
