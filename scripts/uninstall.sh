#!/usr/bin/env bash
# Removes what scripts/install.sh installed under PREFIX (and DESTDIR), as listed in
# PREFIX/share/gridgames/install-manifest.txt, then gridgames' own folders when left empty.
#
# Usage: scripts/uninstall.sh PREFIX [DESTDIR]   (the same arguments as install.sh)
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: scripts/uninstall.sh PREFIX [DESTDIR]" >&2
    exit 2
fi
prefix=${1%/}
destdir=${2:-}
manifest="$destdir$prefix/share/gridgames/install-manifest.txt"
if [ ! -f "$manifest" ]; then
    echo "uninstall.sh: no $manifest: gridgames is not installed under $destdir$prefix" >&2
    exit 1
fi
mapfile -t files <"$manifest"
for f in "${files[@]}"; do
    if [ -n "$f" ]; then rm -f -- "$destdir$f"; fi
done
# Only folders that belong to gridgames, and only when empty.
for f in "${files[@]}"; do
    case $f in
        */cmake/gridgames/* | */share/gridgames/*)
            rmdir -- "$(dirname -- "$destdir$f")" 2>/dev/null || true ;;
    esac
done
echo "removed gridgames from $destdir$prefix"
