#!/usr/bin/env bash
# Runs the Rust-side tests (core, ffi boundary, property and fuzz-target tests, small inputs)
# under Miri, which checks every unsafe block for undefined behaviour: out-of-bounds or misaligned
# access, invalid references, data races, leaks. Tests that start processes or read files are
# skipped there (cfg(miri)), property tests run a couple of small cases from a fixed seed
# (tests/support/miri.rs), and the few core unit tests too slow to interpret are marked
# `cfg_attr(miri, ignore)`: the core is `#![forbid(unsafe_code)]`, and the same tests run natively
# in `cargo test`. The doc examples are left out for the same reason (they use only the safe core,
# and interpreting them took over three minutes): `--lib --tests`.
#
# Needs a nightly toolchain with the miri component (scripts/install-test-tools.sh adds it);
# without it, prints why and exits 0. GG_MIRI=0 skips it.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${GG_MIRI:-1}" = 0 ]; then
    echo "SKIPPED Miri: GG_MIRI=0"
    exit 0
fi
if ! cargo +nightly miri --version >/dev/null 2>&1; then
    echo "SKIPPED Miri: not installed (rustup component add miri rust-src --toolchain nightly)"
    exit 0
fi
echo "== cargo +nightly miri test --lib --tests"
# Its own target folder: Miri's artifacts never mix with the ordinary build's.
MIRIFLAGS="${MIRIFLAGS:-} -Zmiri-strict-provenance" \
    cargo +nightly miri test --target-dir target/miri --lib --tests
