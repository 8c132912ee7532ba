#!/usr/bin/env bash
# Fuzzes the C ABI with cargo-fuzz (libFuzzer + AddressSanitizer on the Rust code).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Runs every target in fuzz/fuzz_targets/ (or the ones named) for SECONDS each (default 30, or
# $GG_FUZZ_SECONDS). The corpus grows in fuzz/corpus/<target>/ (not committed), so later runs go
# deeper. A crash stops the run with the input saved in fuzz/artifacts/<target>/; keep it as a
# regression test by copying it into fuzz/regressions/<target>/ (tests/fuzz_regressions.rs
# replays that folder in every `cargo test`).
#
# With GG_FUZZ_RUNS set, each target runs for that many executions instead (SECONDS is then
# ignored): scripts/fuzz-long.sh. Either way a table of what each target did ends the output.
#
# Needs a nightly toolchain and cargo-fuzz (scripts/install-test-tools.sh installs cargo-fuzz);
# without them it prints why and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-${GG_FUZZ_SECONDS:-30}}"
shift || true
if [ -n "${GG_FUZZ_RUNS:-}" ]; then
    limit=(-runs="$GG_FUZZ_RUNS")
    what="$GG_FUZZ_RUNS executions"
else
    limit=(-max_total_time="$seconds")
    what="${seconds}s"
fi
if [ "$seconds" = 0 ] && [ -z "${GG_FUZZ_RUNS:-}" ]; then
    echo "SKIPPED fuzzing: 0 seconds asked for"
    exit 0
fi
if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "SKIPPED fuzzing: no nightly toolchain (cargo +nightly)"
    exit 0
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "SKIPPED fuzzing: cargo-fuzz is not installed (cargo install cargo-fuzz --locked)"
    exit 0
fi

if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    targets=()
    for f in fuzz/fuzz_targets/*.rs; do
        targets+=("$(basename "$f" .rs)")
    done
fi

echo "== cargo fuzz build (${targets[*]})"
cargo +nightly fuzz build

status=0
table="| target | executions | seconds | executions/s | coverage | corpus | result |
| --- | ---: | ---: | ---: | ---: | ---: | --- |"
for t in "${targets[@]}"; do
    corpus=(fuzz/corpus/"$t")
    mkdir -p "${corpus[0]}"
    # Kept regressions seed the corpus; libFuzzer only writes to the first folder.
    [ -d fuzz/regressions/"$t" ] && corpus+=(fuzz/regressions/"$t")
    log="fuzz/corpus/$t.log"
    echo "== fuzzing $t for $what"
    start=$(date +%s)
    # A hang is a unit past 60 s: the slowest legitimate call, a no-guess reveal that spends the
    # generator's whole budget (about 0.5 s natively), takes 10-20 s under the instrumentation.
    if cargo +nightly fuzz run "$t" "${corpus[@]}" -- \
        "${limit[@]}" -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 \
        >"$log" 2>&1; then
        result="no failure"
    else
        status=1
        result="FAILED"
        echo "   $t: FAILED; the log's end ($log):"
        tail -n 60 "$log"
        echo "   Keep the input under fuzz/artifacts/$t/ as fuzz/regressions/$t/<name> once fixed."
    fi
    secs=$(($(date +%s) - start))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    cov=$(grep -Eo 'cov: [0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+' || echo "?")
    inputs=$(find "${corpus[0]}" -type f | wc -l)
    echo "   $t: ${execs:-?} executions, cov: $cov, corpus $inputs inputs, $result"
    table="$table
| \`$t\` | ${execs:-?} | $secs | $(( ${execs:-0} / (secs > 0 ? secs : 1) )) | $cov | $inputs | $result |"
done
echo
echo "$table"
exit "$status"
