#!/usr/bin/env bash
# The playground (examples/web/) in a real browser: Debian's Chromium driven by playwright-core
# (bindings/js's dev dependencies) plays a seeded game and checks the page against the native
# library (examples/web/test/browser.test.mjs). Screenshots go to target/web-artifacts/.
# Chromium, Node and playwright-core come from scripts/install-test-tools.sh; what is missing is
# skipped with a message, or fails under CI.
set -euo pipefail
cd "$(dirname "$0")/.."
CHECK=web
. scripts/test-lib.sh
what="the browser test"
command -v node >/dev/null || skip_all "Node.js" "$what"
command -v "${CHROMIUM:-chromium}" >/dev/null || skip_all "Chromium (Debian package chromium)" "$what"
[ -d bindings/js/node_modules/playwright-core ] ||
    skip_all "playwright-core (npm ci in bindings/js)" "$what"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

step "the playground in Chromium"
./scripts/build-js.sh
cargo build --release --lib --quiet
cc -std=c99 -Wall -Wextra -pedantic -Werror -Iinclude examples/web/test/native_game.c \
    -Ltarget/release -lgridgames -Wl,-rpath,"$PWD/target/release" -o "$work/native_game"
CHROMIUM=$(command -v "${CHROMIUM:-chromium}") \
    node examples/web/test/browser.test.mjs "$work/native_game" target/web-artifacts
