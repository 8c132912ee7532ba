#!/usr/bin/env bash
# Runs every test: Rust unit, doc, property and fuzz-regression tests, and the C programs in
# c_tests/ compiled against the generated header and the built library, plain and under
# ASan+UBSan, Valgrind and TSan (tests/c_api.rs); the install and the C, C++, Python and
# legacy-C ways in, from a temporary prefix (scripts/test-reach.sh); then, with a nightly
# toolchain, Miri and a bounded fuzzing run (README, "Reliability").
#
# Shorter local runs: GG_FUZZ_SECONDS=0 skips fuzzing (default 30 s per target), GG_MIRI=0 skips
# Miri.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-test-tools.sh
cargo test
./scripts/test-reach.sh
./scripts/miri.sh
./scripts/fuzz.sh "${GG_FUZZ_SECONDS:-30}"
