#!/usr/bin/env bash
# Builds libgridgames in release mode and runs the C demo linked against it.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --lib --quiet
lib="$PWD/target/release"
"${CC:-cc}" -std=c99 -Wall -Wextra -pedantic -Werror -Iinclude examples/demo.c \
    -L"$lib" -lgridgames -Wl,-rpath,"$lib" -o "$lib/demo"
"$lib/demo"
