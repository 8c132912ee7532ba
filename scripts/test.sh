#!/usr/bin/env bash
# Runs every test: Rust unit, doc and property tests, and the C programs in c_tests/ compiled
# against the generated header and the built library (tests/c_api.rs); then the install and the
# C, C++, Python and legacy-C ways in, from a temporary prefix (scripts/test-reach.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test
./scripts/test-reach.sh
