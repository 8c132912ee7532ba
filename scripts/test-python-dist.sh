#!/usr/bin/env bash
# The Python package as it is distributed (scripts/build-wheel.sh), tested as a user gets it:
# - the wheel is tagged py3-none-manylinux_2_17_x86_64, its library needs no glibc symbol newer
#   than 2.17, is named plainly (libgridgames.so.SERIES) and comes with the licences;
# - installed in a fresh venv, the package's tests pass;
# - the sdist carries the crate's sources, the licences and an SPDX licence, and
#   `pip install` of it builds a working package in another fresh venv.
# The tools come from scripts/install-test-tools.sh; what is missing is skipped with a message,
# or fails under CI.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
CHECK="python dist"
. scripts/test-lib.sh
what="the distributable Python package"
cargo zigbuild --help >/dev/null 2>&1 || skip_all "cargo-zigbuild" "$what"
for m in build ziglang auditwheel; do
    python3 -c "import $m" 2>/dev/null || skip_all "the Python module $m" "$what"
done
command -v patchelf >/dev/null || skip_all "patchelf" "$what"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

step "build the wheel and the sdist"
./scripts/build-wheel.sh
dist=bindings/python/dist
wheel=$(ls "$dist"/gridgames-*.whl)
sdist=$(ls "$dist"/gridgames-*.tar.gz)

step "the wheel: $(basename "$wheel")"
[[ $(basename "$wheel") == gridgames-*-py3-none-*manylinux_2_17_x86_64*.whl ]] \
    || fail "the wheel is tagged $(basename "$wheel")"
unzip -q "$wheel" -d "$work/wheel"
lib=$(ls "$work"/wheel/gridgames/libgridgames.so.*)
echo "library: ${lib#"$work"/wheel/}"
newest=$(objdump -T "$lib" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
echo "newest glibc symbol version: $newest"
[ "$(printf '%s\n' "$newest" GLIBC_2.17 | sort -V | tail -1)" = GLIBC_2.17 ] \
    || fail "the library needs $newest"
ls "$work"/wheel/gridgames/*.so 2>/dev/null && fail "a library named like an extension module"
ls "$work"/wheel/gridgames-*.dist-info/licenses/LICENSE-MIT \
    "$work"/wheel/gridgames-*.dist-info/licenses/LICENSE-APACHE >/dev/null \
    || fail "the wheel lacks the licences"
grep -qx 'License-Expression: MIT OR Apache-2.0' "$work"/wheel/gridgames-*.dist-info/METADATA \
    || fail "the wheel's metadata lacks the SPDX licence"

step "the wheel in a fresh venv: the package's tests"
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$wheel" \
    -r bindings/python/requirements-test.txt
cp -r bindings/python/tests "$work/pytests"
(cd "$work/pytests" && GRIDGAMES_EXPECT_BUNDLED=1 GRIDGAMES_HEADER="$repo/include/gridgames.h" \
    "$work/venv/bin/python" -m pytest -q \
    -p no:cacheprovider --doctest-modules --pyargs gridgames .)

step "the sdist: $(basename "$sdist")"
listing=$(tar -tzf "$sdist")
for f in rust/Cargo.toml rust/Cargo.lock rust/build.rs rust/src/lib.rs rust/include/gridgames.h \
    LICENSE-MIT LICENSE-APACHE setup.py; do
    grep -q "^gridgames-[0-9.]*/$f$" <<<"$listing" || fail "the sdist lacks $f"
done
python3 -m venv "$work/venv2"
(cd "$work" && "$work/venv2/bin/python" -m pip install --quiet --disable-pip-version-check \
    "$repo/$sdist")
(cd "$work" && "$work/venv2/bin/python" -c '
import gridgames, pathlib
assert pathlib.Path(gridgames.library_path).name.startswith("libgridgames.so.")
assert gridgames.mines.click(["EM", "EE"], 1, 0) == [["E", "M"], ["1", "E"]]
print("sdist install: gridgames", gridgames.library_version(), "from", gridgames.library_path)
')
