#!/usr/bin/env bash
# Proves every advertised way in (README "Installing" and "Using from other languages"):
# install to a temporary prefix, then use that install from a plain Makefile project (shared and
# static), from C++17, from Python, and from C89 compilers. Called by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
step() { printf '\n== reach: %s\n' "$*"; }
fail() { echo "reach: FAILED: $*" >&2; exit 1; }

step "install to a temporary prefix (and a staged DESTDIR install)"
PREFIX=$work/prefix
./scripts/install.sh "$PREFIX"
./scripts/install.sh /usr/local "$work/stage" >/dev/null
[ -f "$work/stage/usr/local/include/gridgames.h" ] || fail "DESTDIR install put no header"
grep -qx 'prefix=/usr/local' "$work/stage/usr/local/lib/pkgconfig/gridgames.pc" ||
    fail "DESTDIR leaked into gridgames.pc"

step "shared library: versioned names, SONAME, only gg_ symbols exported"
lib=$PREFIX/lib
version=$(sed -n 's/^Version: //p' "$lib/pkgconfig/gridgames.pc")
soname=$(readelf -d "$lib/libgridgames.so.$version" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
echo "SONAME $soname"
[ "$(readlink "$lib/libgridgames.so")" = "$soname" ] || fail "libgridgames.so -> $soname"
[ "$(readlink "$lib/$soname")" = "libgridgames.so.$version" ] || fail "$soname -> .so.$version"
nm -D --defined-only "$lib/libgridgames.so.$version" | tee "$work/exports.txt"
exported=$(awk '{ print $NF }' "$work/exports.txt" | sort)
# Function names from declarations (lines that start with a type), not from comments.
declared=$(sed -n 's/^[A-Za-z][^(]*\b\(gg_[a-z0-9_]*\)(.*/\1/p' "$PREFIX/include/gridgames.h" |
    sort -u)
[ "$exported" = "$declared" ] ||
    fail "exports (<) differ from the header (>): $(diff <(echo "$exported") <(echo "$declared"))"

step "pkg-config"
export PKG_CONFIG_PATH=$lib/pkgconfig
pkg-config --validate gridgames
[ "$(pkg-config --modversion gridgames)" = "$version" ] || fail "pkg-config --modversion"
echo "cflags: $(pkg-config --cflags gridgames)"
echo "libs: $(pkg-config --libs gridgames)"
echo "static libs: $(pkg-config --static --libs gridgames)"

step "C, shared: cc app.c \$(pkg-config --cflags --libs gridgames)"
cp -r examples/consumer "$work/consumer"
cd "$work/consumer"
cc app.c $(pkg-config --cflags --libs gridgames) -o app
readelf -d app | grep -q "NEEDED.*\[$soname\]" || fail "app does not record $soname"
LD_LIBRARY_PATH=$lib ./app

step "C, static: libgridgames.a and Libs.private"
cc app.c $(pkg-config --cflags gridgames) \
    $(pkg-config --static --libs gridgames | sed 's/-lgridgames/-l:libgridgames.a/') -o app
if readelf -d app | grep -q libgridgames; then fail "static app still needs libgridgames.so"; fi
./app

step "C, a plain Makefile project: make, then make STATIC=1"
make clean
make
LD_LIBRARY_PATH=$lib ./app
make clean
make STATIC=1
if readelf -d app | grep -q libgridgames; then fail "make STATIC=1 still needs libgridgames.so"; fi
./app
cd "$repo"

step "legacy C: the installed header as C89/C90/gnu89 and C++98, pedantic"
for std in c89 gnu89 c90; do
    cc -std=$std -Wall -Wextra -pedantic -Werror $(pkg-config --cflags gridgames) \
        -c c_tests/header_twice.c -o "$work/probe.o"
done
c++ -x c++ -std=c++98 -Wall -Wextra -pedantic -Werror $(pkg-config --cflags gridgames) \
    -c c_tests/header_twice.c -o "$work/probe.o"
echo "ok"

step "C++17: bindings/cpp/test_gridgames.cpp"
# A function is wrapped when it is called, or (a gg_x_free) is the deleter of a handle<T, gg_x_free>.
missing=$(for fn in $declared; do grep -Eq "\b$fn(\(|>)" bindings/cpp/gridgames.hpp || echo "$fn"; done)
[ -z "$missing" ] || fail "bindings/cpp/gridgames.hpp does not wrap: $missing"
c++ -std=c++17 -Wall -Wextra -pedantic -Werror $(pkg-config --cflags gridgames) \
    bindings/cpp/test_gridgames.cpp $(pkg-config --libs gridgames) -o "$work/test_gridgames"
LD_LIBRARY_PATH=$lib "$work/test_gridgames"
# Again under AddressSanitizer (with LeakSanitizer) and UBSan: a game handle freed twice, used
# after its free or never freed fails here. The library is not instrumented, but its allocations
# go through the sanitizer's malloc.
c++ -std=c++17 -Wall -Wextra -pedantic -Werror -g -fsanitize=address,undefined \
    -fno-sanitize-recover=all $(pkg-config --cflags gridgames) \
    bindings/cpp/test_gridgames.cpp $(pkg-config --libs gridgames) -o "$work/test_gridgames_asan"
LD_LIBRARY_PATH=$lib "$work/test_gridgames_asan"

step "Python: bindings/python with pytest, against the installed library"
venv=target/py-venv
if ! "$venv/bin/python" -c 'import pytest' 2>/dev/null; then
    python3 -m venv --clear "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
        -r bindings/python/requirements-test.txt
fi
cd bindings/python
GRIDGAMES_LIB=$lib/libgridgames.so GRIDGAMES_HEADER=$PREFIX/include/gridgames.h \
    "$repo/$venv/bin/python" -m pytest -q
