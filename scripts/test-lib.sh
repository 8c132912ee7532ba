# Sourced by the test scripts, after they set CHECK to the name their messages start with:
#   step WHAT            prints a step's heading ("== CHECK: WHAT");
#   fail WHAT            prints "CHECK: FAILED: WHAT" and exits 1;
#   missing TOOL WHAT    the one rule for a tool that is not there: under CI (every check must
#                        run) it fails; otherwise it says that WHAT is skipped and returns;
#   skip_all TOOL WHAT   missing, then exits 0: for a tool the whole script needs.
# scripts/install-test-tools.sh installs what it can.
step() { printf '\n== %s: %s\n' "$CHECK" "$*"; }
fail() { echo "$CHECK: FAILED: $*" >&2; exit 1; }
missing() {
    if [ -n "${CI:-}" ]; then fail "$1 is missing"; fi
    echo "SKIPPED $2: $1 is missing (scripts/install-test-tools.sh installs it)"
}
skip_all() {
    missing "$1" "$2"
    exit 0
}
