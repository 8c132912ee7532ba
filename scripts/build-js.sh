#!/usr/bin/env bash
# Builds the npm package's WebAssembly module: bindings/js/gridgames.wasm, without debug info,
# plus the licence files the package ships. `npm pack` in bindings/js then makes the tarball.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown >/dev/null
fi
# Its own target directory: the release profile keeps debug info for profiling natively.
CARGO_TARGET_DIR=target/js CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_STRIP=debuginfo \
    cargo build --release --lib --quiet --target wasm32-unknown-unknown
cp target/js/wasm32-unknown-unknown/release/gridgames.wasm bindings/js/gridgames.wasm
cp LICENSE-MIT LICENSE-APACHE bindings/js/
echo "bindings/js/gridgames.wasm: $(wc -c <bindings/js/gridgames.wasm) bytes" \
    "($(gzip -9c bindings/js/gridgames.wasm | wc -c) gzipped)"
