#!/usr/bin/env bash
# Checks the shared library's ABI against the committed description of the last release of its
# series (abi/): libabigail's abidiff on the binary (functions, their parameter types, and the
# size and layout of every struct they take) and a comparison of the header's GG_ constants.
# Additions pass; a removed or changed function, a struct whose size or layout changed, or a
# constant whose value changed or that disappeared fails. Called by scripts/test.sh.
#
#   scripts/check-abi.sh            check
#   scripts/check-abi.sh --update   write abi/ from this build: what a release does (README
#                                   "Versions and ABI")
#
# Needs abidw and abidiff (Debian's abigail-tools; scripts/install-test-tools.sh installs it).
# Without them the check is skipped with a message, or fails when CI is set.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v abidiff >/dev/null || ! command -v abidw >/dev/null; then
    if [ -n "${CI:-}" ]; then
        echo "abi: FAILED: abidw and abidiff are missing (apt-get install abigail-tools)" >&2
        exit 1
    fi
    echo "SKIPPED the ABI check: abidw and abidiff are missing (apt-get install abigail-tools)"
    exit 0
fi

series=$(grep -m1 '^version' Cargo.toml | sed -E 's/.*"([0-9]+)\.([0-9]+)\.[0-9]+".*/\1 \2/' |
    awk '{ print ($1 == 0) ? "0." $2 : $1 }')
baseline=abi/libgridgames.so.$series.abi
constants=abi/constants-$series.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Struct layouts come from DWARF type information, which the release profile leaves out: a build
# of its own keeps it.
echo "== abi: building libgridgames with full debug information"
RUSTFLAGS="-C debuginfo=2" cargo build --quiet --release --lib --target-dir target/abi
abidw --no-show-locs --no-corpus-path --out-file "$work/current.abi" \
    target/abi/release/libgridgames.so
grep -E '^#define GG_[A-Z0-9_]+ ' include/gridgames.h | grep -v '^#define GG_VERSION_' |
    awk '{ print $2, $3 }' | sort >"$work/constants.txt"

if [ "${1:-}" = "--update" ]; then
    mkdir -p abi
    cp "$work/current.abi" "$baseline"
    cp "$work/constants.txt" "$constants"
    echo "abi: wrote $baseline and $constants"
    exit 0
fi

[ -f "$baseline" ] || { echo "abi: FAILED: no baseline $baseline" >&2; exit 1; }

# The contents of the opaque handles are the library's own business (abi/suppressions.txt).
echo "== abi: abidiff $baseline"
status=0
abidiff --suppressions abi/suppressions.txt --no-show-locs --no-added-syms \
    "$baseline" "$work/current.abi" >"$work/diff.txt" || status=$?
# With additions left out, any difference at all (abidiff's status is a bit set: 1 error,
# 2 usage error, 4 a change such as a struct's layout, 8 a removal) breaks the series.
if [ "$status" != 0 ]; then
    cat "$work/diff.txt" >&2
    echo "abi: FAILED: the ABI changed since the baseline (abidiff status $status)" >&2
    exit 1
fi
added=$(abidiff --suppressions abi/suppressions.txt --no-show-locs "$baseline" \
    "$work/current.abi" | grep -cE "^  \[A\]" || true)
echo "abi: no function or struct changed since the baseline; $added added"

echo "== abi: the header's constants against $constants"
# Every constant of the baseline must still be there with its value; new ones may be added.
changed=$(comm -23 <(sort "$constants") "$work/constants.txt")
if [ -n "$changed" ]; then
    echo "abi: FAILED: constants removed or changed since the baseline:" >&2
    echo "$changed" | sed 's/^/   /' >&2
    exit 1
fi
echo "abi: every constant of the baseline keeps its value ($(wc -l <"$constants") checked)"

# The check itself can fail: a header with one of the baseline's constants changed must be
# refused.
first=$(head -1 "$constants" | cut -d' ' -f1)
sed "s/^$first .*/$first 424242/" "$work/constants.txt" >"$work/bent.txt"
if [ -z "$(comm -23 <(sort "$constants") <(sort "$work/bent.txt"))" ]; then
    echo "abi: FAILED: the constants check did not notice a changed value" >&2
    exit 1
fi
