#!/usr/bin/env bash
# Proves every advertised way in (README "A first C program", "Installing" and "Using it from
# other languages and build systems"):
# install to a temporary prefix, then use that install from a plain Makefile project (shared and
# static), from C++17, from Python, and from C89 compilers. Called by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
CHECK=reach
. scripts/test-lib.sh

step "README, \"A first C program\": its example, built and run with its own command"
mkdir "$work/first"
awk '/^## A first C program/ { f = 1 } f && /^```c$/ { c = 1; next } c && /^```$/ { exit } c' \
    README.md >"$work/first/app.c"
build=$(awk '/^## A first C program/ { f = 1 } f && /^```sh$/ { s = 1; next } s { print; exit }' \
    README.md)
echo "$build"
[[ $build == "cc "*" app.c "*" -o app" ]] || fail "the README's build line changed shape: $build"
cargo build --release --lib --quiet
# Run from the repository's top, as the README says, with app.c and app kept in $work.
build=${build/ app.c / \"\$work/first/app.c\" }
eval "${build% -o app} -o \"\$work/first/app\""
[ "$("$work/first/app")" = "fewest rolls: 1" ] || fail "the README's C example printed something else"
echo "ok: fewest rolls: 1"

step "install to a temporary prefix (and a staged DESTDIR install)"
PREFIX=$work/prefix
./scripts/install.sh "$PREFIX"
./scripts/install.sh /usr/local "$work/stage" >/dev/null
[ -f "$work/stage/usr/local/include/gridgames.h" ] || fail "DESTDIR install put no header"
grep -qx 'prefix=/usr/local' "$work/stage/usr/local/lib/pkgconfig/gridgames.pc" ||
    fail "DESTDIR leaked into gridgames.pc"

step "shared library: versioned names, SONAME, only gg_ symbols exported, no debug info"
lib=$PREFIX/lib
version=$(sed -n 's/^Version: //p' "$lib/pkgconfig/gridgames.pc")
for f in "$lib/libgridgames.so.$version" "$lib/libgridgames.a"; do
    if grep -q '\.debug_info' <<<"$(readelf -S "$f")"; then fail "$f carries debug info"; fi
    echo "$(basename "$f"): $(du -k "$f" | cut -f1) KiB, stripped of debug info"
done
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
grep -q "NEEDED.*\[$soname\]" <<<"$(readelf -d app)" || fail "app does not record $soname"
LD_LIBRARY_PATH=$lib ./app

step "C, static: libgridgames.a and Libs.private"
cc app.c $(pkg-config --cflags gridgames) \
    $(pkg-config --static --libs gridgames | sed 's/-lgridgames/-l:libgridgames.a/') -o app
if grep -q libgridgames <<<"$(readelf -d app)"; then fail "static app still needs libgridgames.so"; fi
./app

step "C, a plain Makefile project: make, then make STATIC=1"
make clean
make
LD_LIBRARY_PATH=$lib ./app
make clean
make STATIC=1
if grep -q libgridgames <<<"$(readelf -d app)"; then fail "make STATIC=1 still needs libgridgames.so"; fi
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

step "C++17: bindings/cpp/test_gridgames.cpp against the installed gridgames.hpp"
# A function is wrapped when it is called, or (a gg_x_free) is the deleter of a handle<T, gg_x_free>.
missing=$(for fn in $declared; do grep -Eq "\b$fn(\(|>)" bindings/cpp/gridgames.hpp || echo "$fn"; done)
[ -z "$missing" ] || fail "bindings/cpp/gridgames.hpp does not wrap: $missing"
cmp bindings/cpp/gridgames.hpp "$PREFIX/include/gridgames.hpp" || fail "gridgames.hpp not installed"
mkdir "$work/cpp"
cp bindings/cpp/test_gridgames.cpp "$work/cpp/" # away from bindings/cpp/gridgames.hpp
c++ -std=c++17 -Wall -Wextra -pedantic -Werror $(pkg-config --cflags gridgames) \
    "$work/cpp/test_gridgames.cpp" $(pkg-config --libs gridgames) -o "$work/test_gridgames"
LD_LIBRARY_PATH=$lib "$work/test_gridgames"
# Again under AddressSanitizer (with LeakSanitizer) and UBSan: a game handle freed twice, used
# after its free or never freed fails here. The library is not instrumented, but its allocations
# go through the sanitizer's malloc.
c++ -std=c++17 -Wall -Wextra -pedantic -Werror -g -fsanitize=address,undefined \
    -fno-sanitize-recover=all $(pkg-config --cflags gridgames) \
    "$work/cpp/test_gridgames.cpp" $(pkg-config --libs gridgames) -o "$work/test_gridgames_asan"
LD_LIBRARY_PATH=$lib "$work/test_gridgames_asan"

step "CMake: find_package(gridgames) and gridgames::gridgames, shared and static"
for kind in OFF ON; do
    cmake -S examples/cmake -B "$work/cmake-$kind" -DCMAKE_PREFIX_PATH="$PREFIX" \
        -DGRIDGAMES_STATIC=$kind >/dev/null || fail "cmake configure (static $kind)"
    cmake --build "$work/cmake-$kind" >/dev/null || fail "cmake build (static $kind)"
    if [ $kind = ON ] && grep -q libgridgames <<<"$(readelf -d "$work/cmake-$kind/app")"; then
        fail "the static CMake app still needs libgridgames.so"
    fi
    LD_LIBRARY_PATH=$lib "$work/cmake-$kind/app"
done
# A newer series than installed is refused.
mkdir "$work/cmake-too-new"
printf 'cmake_minimum_required(VERSION 3.14)\nproject(p NONE)\nfind_package(gridgames 9.0 REQUIRED)\n' \
    >"$work/cmake-too-new/CMakeLists.txt"
if cmake -S "$work/cmake-too-new" -B "$work/cmake-too-new/b" -DCMAKE_PREFIX_PATH="$PREFIX" \
    >/dev/null 2>&1; then
    fail "find_package(gridgames 9.0) accepted version $version"
fi

step "LuaJIT: examples/lua/demo.lua, its ffi.cdef read from the installed header"
if command -v luajit >/dev/null; then
    luajit examples/lua/demo.lua "$PREFIX/include/gridgames.h" "$lib/libgridgames.so"
elif [ -n "${CI:-}" ]; then
    fail "luajit is missing (scripts/install-test-tools.sh installs it)"
else
    echo "skipped: no luajit"
fi

step "C#: examples/csharp/Demo.cs with DllImport, under Mono"
if command -v mcs >/dev/null && command -v mono >/dev/null; then
    mcs -nologo examples/csharp/Demo.cs -out:"$work/demo.exe"
    LD_LIBRARY_PATH=$lib mono "$work/demo.exe"
elif [ -n "${CI:-}" ]; then
    fail "mono is missing (scripts/install-test-tools.sh installs mono-mcs)"
else
    echo "skipped: no mono"
fi

step "Python: a wheel from pip, installed in a fresh venv, tested from outside the source tree"
venv=$work/venv
python3 -m venv "$venv"
"$venv/bin/python" -m pip wheel --quiet --disable-pip-version-check --no-deps \
    -w "$work/wheels" ./bindings/python
wheel=$(ls "$work"/wheels/gridgames-*.whl)
echo "wheel: $(basename "$wheel")"
case $(basename "$wheel") in
    *-none-any.whl) fail "the wheel has no platform tag" ;;
    *-py3-none-*.whl) ;;
    *) fail "the wheel is tied to one Python: $(basename "$wheel")" ;;
esac
# A listing read whole: under pipefail, grep -q closing the pipe early fails unzip (SIGPIPE).
listing=$(unzip -l "$wheel")
grep -q 'gridgames/py.typed' <<<"$listing" || fail "the wheel lacks py.typed"
grep -q 'gridgames/libgridgames' <<<"$listing" || fail "the wheel lacks the library"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$wheel" \
    -r bindings/python/requirements-test.txt
cp -r bindings/python/tests "$work/pytests"
cd "$work/pytests"
GRIDGAMES_EXPECT_BUNDLED=1 GRIDGAMES_INSTALLED_LIB_DIR=$lib \
    GRIDGAMES_HEADER=$PREFIX/include/gridgames.h \
    "$venv/bin/python" -m pytest -q -p no:cacheprovider --doctest-modules --pyargs gridgames .
cd "$repo"

step "uninstall: scripts/uninstall.sh removes every installed file"
./scripts/uninstall.sh "$PREFIX"
./scripts/uninstall.sh /usr/local "$work/stage" >/dev/null
left=$(find "$PREFIX" "$work/stage" -type f -o -type l)
[ -z "$left" ] || fail "left after uninstall: $left"
echo "nothing left"
