#!/usr/bin/env bash
# Builds the library for 32-bit and WebAssembly targets and proves they agree with the native one:
# - wasm32-unknown-unknown: examples/wasm/check.mjs calls one function of each family under Node
#   and prints two seeded expert boards (plain and no-guess);
# - i686-unknown-linux-gnu: examples/wasm/native_boards.c, built with -m32, prints the same boards;
# - i686-unknown-linux-gnu: the unit tests, where usize has 32 bits like a u32 die;
# - wasm32-wasip1: builds.
# Each board must equal, byte for byte, the one the native x86_64 library gives. Called by
# scripts/test.sh; the rustup targets, Node and gcc-multilib come from install-test-tools.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
CHECK=targets
. scripts/test-lib.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

have_target() { grep -qx "$1" <<<"$(rustup target list --installed 2>/dev/null)"; }
for t in wasm32-unknown-unknown wasm32-wasip1 i686-unknown-linux-gnu; do
    have_target "$t" || rustup target add "$t" >/dev/null 2>&1 || true
done
have_m32() { echo 'int main(void) { return 0; }' | cc -m32 -x c - -o /dev/null 2>/dev/null; }

step "native x86_64: the reference boards"
cargo build --release --lib --quiet
cc -std=c99 -Wall -Wextra -pedantic -Werror -Iinclude examples/wasm/native_boards.c \
    -Ltarget/release -lgridgames -Wl,-rpath,"$PWD/target/release" -o "$work/native_boards"
"$work/native_boards" >"$work/native.txt"
cut -c1-40 "$work/native.txt"

if ! have_target wasm32-unknown-unknown; then
    missing "the wasm32-unknown-unknown target" "wasm32-unknown-unknown"
elif ! command -v node >/dev/null; then
    missing "Node.js" "wasm32-unknown-unknown under Node"
else
    step "wasm32-unknown-unknown under Node $(node --version)"
    cargo build --release --lib --quiet --target wasm32-unknown-unknown
    wasm=target/wasm32-unknown-unknown/release/gridgames.wasm
    echo "$wasm: $(wc -c <"$wasm") bytes"
    node examples/wasm/check.mjs "$wasm" >"$work/wasm.txt"
    cmp "$work/native.txt" "$work/wasm.txt" || fail "the wasm boards differ from the native ones"
    echo "the seeded boards are byte-for-byte the native ones"
fi

if ! have_target wasm32-wasip1; then
    missing "the wasm32-wasip1 target" "wasm32-wasip1"
else
    step "wasm32-wasip1"
    cargo build --release --lib --quiet --target wasm32-wasip1
    ls -l target/wasm32-wasip1/release/gridgames.wasm
fi

if ! have_target i686-unknown-linux-gnu; then
    missing "the i686-unknown-linux-gnu target" "i686-unknown-linux-gnu"
elif ! have_m32; then
    missing "the 32-bit C library (gcc-multilib)" "i686-unknown-linux-gnu"
else
    step "i686-unknown-linux-gnu (32-bit usize)"
    cargo build --release --lib --quiet --target i686-unknown-linux-gnu
    lib32=$PWD/target/i686-unknown-linux-gnu/release
    cc -m32 -std=c99 -Wall -Wextra -pedantic -Werror -Iinclude examples/wasm/native_boards.c \
        -L"$lib32" -lgridgames -Wl,-rpath,"$lib32" -o "$work/boards32"
    grep -q "32-bit" <<<"$(file "$work/boards32")" || fail "not a 32-bit program"
    "$work/boards32" >"$work/i686.txt"
    cmp "$work/native.txt" "$work/i686.txt" || fail "the i686 boards differ from the native ones"
    echo "the seeded boards are byte-for-byte the native ones"

    step "i686-unknown-linux-gnu: the unit tests with a 32-bit usize"
    if ! cargo test --release --lib --quiet --target i686-unknown-linux-gnu >"$work/test32.txt" 2>&1; then
        grep -E "FAILED|panicked" "$work/test32.txt" | cut -c1-300 >&2 || tail -20 "$work/test32.txt" >&2
        fail "unit tests fail on i686"
    fi
    grep "^test result" "$work/test32.txt"
fi
