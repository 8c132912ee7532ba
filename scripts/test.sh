#!/usr/bin/env bash
# Runs every test: Rust unit, doc, property and fuzz-regression tests, and the C programs in
# c_tests/ compiled against the generated header and the built library, plain and under
# ASan+UBSan, Valgrind and TSan (tests/c_api.rs); the install and every way in (C with
# pkg-config, Make and CMake, C++, a pip-built Python wheel, LuaJIT, C#, legacy C) from a
# temporary prefix, then the uninstall (scripts/test-reach.sh); the WebAssembly and 32-bit builds
# against the native one (scripts/test-wasm.sh); the ABI against the last release's
# (scripts/check-abi.sh); then, with a nightly toolchain, Miri and a bounded fuzzing run
# (docs/reliability.md).
#
# Shorter local runs: GG_FUZZ_SECONDS=0 skips fuzzing (default 30 s per target), GG_MIRI=0 skips
# Miri.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-test-tools.sh
cargo test
./scripts/check-abi.sh
./scripts/test-reach.sh
./scripts/test-wasm.sh
./scripts/test-js.sh
./scripts/test-web.sh
./scripts/test-python-dist.sh
./scripts/miri.sh
./scripts/fuzz.sh "${GG_FUZZ_SECONDS:-30}"
