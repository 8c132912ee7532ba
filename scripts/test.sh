#!/usr/bin/env bash
# Runs every test: Rust unit, doc and property tests, and the C programs in c_tests/ compiled
# against the generated header and the built library (tests/c_api.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test
