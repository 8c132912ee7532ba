#!/usr/bin/env bash
# Runs the Rust-side tests (core, ffi boundary, property and fuzz-target tests, small inputs)
# under Miri, which checks every unsafe block for undefined behaviour: out-of-bounds or misaligned
# access, invalid references, data races, leaks. Tests that start processes or read files are
# skipped there (cfg(miri)).
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
echo "== cargo +nightly miri test (core and ffi unit tests, seed property tests)"
# Its own target folder: Miri's artifacts never mix with the ordinary build's. Miri runs code
# about a thousand times slower, so it covers the unsafe-bearing layers (ffi boundary, bit sets,
# allocation helpers) and the seed operations' core and property tests, not the heavy numerical
# and solver suites, which hold no unsafe code of their own.
export MIRIFLAGS="${MIRIFLAGS:-} -Zmiri-strict-provenance"
cargo +nightly miri test --target-dir target/miri --lib -- \
    ffi:: bitset:: error:: snakes::board snakes::numbering mines::board mines::reveal \
    mines::neighbours
cargo +nightly miri test --target-dir target/miri --test properties
