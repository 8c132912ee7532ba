#!/usr/bin/env bash
# A long fuzzing campaign, apart from the test command: every target in fuzz/fuzz_targets/ (or the
# ones named) for RUNS executions each (default 10^7), then a table of what each did. Hours on
# two cores: run it by hand, and keep the table in docs/reliability.md.
#
#   scripts/fuzz-long.sh [RUNS] [TARGET...]
#
# The corpus is shared with scripts/fuzz.sh (fuzz/corpus/<target>/), so a campaign continues the
# last one. A crash stops that target with its input in fuzz/artifacts/<target>/ and the script
# fails at the end; keep the input in fuzz/regressions/<target>/ once fixed.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-10000000}"
shift || true
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz-long.sh needs a nightly toolchain and cargo-fuzz (scripts/install-test-tools.sh)" >&2
    exit 1
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
    [ -d fuzz/regressions/"$t" ] && corpus+=(fuzz/regressions/"$t")
    log="fuzz/corpus/$t.long.log"
    echo "== fuzzing $t for $runs executions"
    start=$(date +%s)
    if cargo +nightly fuzz run "$t" "${corpus[@]}" -- \
        -runs="$runs" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 >"$log" 2>&1; then
        result="no failure"
    else
        result="FAILED (see $log)"
        status=1
    fi
    secs=$(($(date +%s) - start))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    cov=$(grep -Eo 'cov: [0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+' || echo "?")
    rate=$(( ${execs:-0} / (secs > 0 ? secs : 1) ))
    line="| \`$t\` | ${execs:-?} | $secs | $rate | $cov | $(find "${corpus[0]}" -type f | wc -l) | $result |"
    echo "$line"
    table="$table
$line"
done
echo
echo "$table"
exit "$status"
