#!/usr/bin/env bash
# The playground (examples/web/) in a real browser: Debian's Chromium driven by playwright-core
# (bindings/js's dev dependencies) plays a seeded game and checks the page against the native
# library (examples/web/test/browser.test.mjs). Screenshots go to target/web-artifacts/.
# Chromium, Node and playwright-core come from scripts/install-test-tools.sh; what is missing is
# skipped with a message, or fails under CI.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "web: FAILED: $*" >&2; exit 1; }
missing() {
    if [ -n "${CI:-}" ]; then fail "$1 is missing"; fi
    echo "SKIPPED the browser test: $1 is missing (scripts/install-test-tools.sh installs it)"
    exit 0
}
command -v node >/dev/null || missing "Node.js"
command -v "${CHROMIUM:-chromium}" >/dev/null || missing "Chromium (Debian package chromium)"
[ -d bindings/js/node_modules/playwright-core ] || missing "playwright-core (npm ci in bindings/js)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf '\n== web: the playground in Chromium\n'
./scripts/build-js.sh
cargo build --release --lib --quiet
cc -std=c99 -Wall -Wextra -pedantic -Werror -Iinclude examples/web/test/native_game.c \
    -Ltarget/release -lgridgames -Wl,-rpath,"$PWD/target/release" -o "$work/native_game"
CHROMIUM=$(command -v "${CHROMIUM:-chromium}") \
    node examples/web/test/browser.test.mjs "$work/native_game" target/web-artifacts
