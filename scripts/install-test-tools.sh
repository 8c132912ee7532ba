#!/usr/bin/env bash
# Installs what the reliability checks of scripts/test.sh need, when it is missing and can be
# installed: Valgrind and the GCC sanitizer runtimes (Debian packages, as root), Miri (a rustup
# component of the nightly toolchain) and cargo-fuzz (from crates.io). Never fails: what cannot be
# installed is reported, and the check that needs it is skipped with a message (tests/c_api.rs
# fails instead when CI is set).
set -uo pipefail
cd "$(dirname "$0")/.."

apt_updated=0
apt_install() {
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        echo "   cannot install $* (needs root and apt-get)"
        return 1
    fi
    if [ "$apt_updated" = 0 ]; then
        apt-get update -qq >/dev/null 2>&1 || true
        apt_updated=1
    fi
    echo "   apt-get install -y $*"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
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
have "ASan+UBSan" "sanitizer_works -fsanitize=address,undefined"
have "TSan" "sanitizer_works -fsanitize=thread"
have "nightly toolchain" "cargo +nightly --version"
have "Miri" "cargo +nightly miri --version"
have "cargo-fuzz" "cargo +nightly fuzz --version"
exit 0
