#!/usr/bin/env bash
# Builds libgridgames in release mode and installs it the way C libraries are installed:
#
#   PREFIX/lib/libgridgames.so.X.Y.Z            the shared library, SONAME libgridgames.so.SERIES
#   PREFIX/lib/libgridgames.so.SERIES -> .so.X.Y.Z   what programs load at run time
#   PREFIX/lib/libgridgames.so        -> .so.SERIES  what `-lgridgames` finds at link time
#   PREFIX/lib/libgridgames.a
#   PREFIX/include/gridgames.h
#   PREFIX/lib/pkgconfig/gridgames.pc
#
# SERIES is the ABI series: MAJOR from 1.0, 0.MINOR before (README "Versions and ABI").
#
# Usage: scripts/install.sh PREFIX [DESTDIR]
#   PREFIX   absolute path where the files live at run time; it is written into gridgames.pc.
#   DESTDIR  optional staging root for packagers: files go to DESTDIR/PREFIX/...
# LIBDIR and INCLUDEDIR (absolute) override PREFIX/lib and PREFIX/include, e.g.
#   LIBDIR=/usr/lib/x86_64-linux-gnu scripts/install.sh /usr
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: scripts/install.sh PREFIX [DESTDIR]   (see the comment at the top)" >&2
    exit 2
fi
prefix=${1%/}
destdir=${2:-}
libdir=${LIBDIR:-$prefix/lib}
includedir=${INCLUDEDIR:-$prefix/include}
for dir in "$prefix" "$libdir" "$includedir"; do
    case $dir in
        /*) ;;
        *) echo "install.sh: '$dir' must be an absolute path" >&2; exit 2 ;;
    esac
done

# One release build gives the .so, the .a and the header. The extra rustc flag prints what the
# static library needs from the system; cargo replays that note when the build is already fresh.
build_log=$(cargo rustc --release --lib --color never -- --print native-static-libs 2>&1) || {
    echo "$build_log" >&2
    exit 1
}
libs_private=$(sed -n 's/^note: native-static-libs: //p' <<<"$build_log" | tail -n 1)
if [ -z "$libs_private" ]; then
    echo "$build_log" >&2
    echo "install.sh: rustc did not print native-static-libs" >&2
    exit 1
fi

macro() { sed -n "s/^#define GG_VERSION_$1 \([0-9]*\)$/\1/p" include/gridgames.h; }
major=$(macro MAJOR)
minor=$(macro MINOR)
patch=$(macro PATCH)
version="$major.$minor.$patch"
if [ "$major" = 0 ]; then series="0.$minor"; else series="$major"; fi
real="libgridgames.so.$version"
soname="libgridgames.so.$series"

built=target/release
if ! readelf -d "$built/libgridgames.so" | grep -q "Library soname: \[$soname\]"; then
    echo "install.sh: $built/libgridgames.so lacks SONAME $soname (see build.rs)" >&2
    exit 1
fi

# pkg-config paths stay relative to ${prefix} when they can, so --define-variable works.
pc_path() {
    case $1 in
        "$prefix") echo '${prefix}' ;;
        "$prefix"/*) echo "\${prefix}${1#"$prefix"}" ;;
        *) echo "$1" ;;
    esac
}

lib_to="$destdir$libdir"
install -d "$lib_to" "$lib_to/pkgconfig" "$destdir$includedir"
install -m 0755 "$built/libgridgames.so" "$lib_to/$real"
ln -sfn "$real" "$lib_to/$soname"
ln -sfn "$soname" "$lib_to/libgridgames.so"
install -m 0644 "$built/libgridgames.a" "$lib_to/libgridgames.a"
install -m 0644 include/gridgames.h "$destdir$includedir/gridgames.h"

cat >"$lib_to/pkgconfig/gridgames.pc" <<EOF
prefix=$prefix
libdir=$(pc_path "$libdir")
includedir=$(pc_path "$includedir")

Name: gridgames
Description: Snakes and Ladders and Minesweeper logic behind a C ABI
Version: $version
Libs: -L\${libdir} -lgridgames
Libs.private: $libs_private
Cflags: -I\${includedir}
EOF
chmod 0644 "$lib_to/pkgconfig/gridgames.pc"

echo "installed gridgames $version (SONAME $soname) under $destdir$prefix"
