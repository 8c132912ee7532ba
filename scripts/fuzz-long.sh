#!/usr/bin/env bash
# A long fuzzing campaign, apart from the test command: every target in fuzz/fuzz_targets/ (or the
# ones named) for RUNS executions each (default 10^7), then a table of what each did. Hours on
# two cores: run it by hand, and keep the table in docs/reliability.md.
#
#   scripts/fuzz-long.sh [RUNS] [TARGET...]
#
# It is scripts/fuzz.sh counting executions instead of seconds, with the same corpus, logs and
# regressions; unlike the test command's run, a missing cargo-fuzz is an error here.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-10000000}"
shift || true
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz-long.sh needs a nightly toolchain and cargo-fuzz (scripts/install-test-tools.sh)" >&2
    exit 1
fi
GG_FUZZ_RUNS="$runs" exec ./scripts/fuzz.sh 1 "$@"
