#!/usr/bin/env bash
# Builds libgridgames in release mode and installs it the way C libraries are installed:
#
#   PREFIX/lib/libgridgames.so.X.Y.Z            the shared library, SONAME libgridgames.so.SERIES
#   PREFIX/lib/libgridgames.so.SERIES -> .so.X.Y.Z   what programs load at run time
#   PREFIX/lib/libgridgames.so        -> .so.SERIES  what `-lgridgames` finds at link time
#   PREFIX/lib/libgridgames.a
#   PREFIX/include/gridgames.h                  the C header
#   PREFIX/include/gridgames.hpp                the C++17 wrappers (bindings/cpp)
#   PREFIX/lib/pkgconfig/gridgames.pc
#   PREFIX/lib/cmake/gridgames/gridgamesConfig.cmake (+ ConfigVersion): find_package(gridgames)
#   PREFIX/share/gridgames/install-manifest.txt what scripts/uninstall.sh removes
#
# The installed libraries are stripped of debug info (the development build in target/ keeps it).
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
if ! grep -q "Library soname: \[$soname\]" <<<"$(readelf -d "$built/libgridgames.so")"; then
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
cmake_to="$lib_to/cmake/gridgames"
share_to="$destdir$prefix/share/gridgames"
install -d "$lib_to" "$lib_to/pkgconfig" "$destdir$includedir" "$cmake_to" "$share_to"
install -m 0755 "$built/libgridgames.so" "$lib_to/$real"
ln -sfn "$real" "$lib_to/$soname"
ln -sfn "$soname" "$lib_to/libgridgames.so"
install -m 0644 "$built/libgridgames.a" "$lib_to/libgridgames.a"
"${STRIP:-strip}" --strip-debug "$lib_to/$real" "$lib_to/libgridgames.a"
install -m 0644 include/gridgames.h "$destdir$includedir/gridgames.h"
install -m 0644 bindings/cpp/gridgames.hpp "$destdir$includedir/gridgames.hpp"

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

# CMake: imported targets gridgames::gridgames (shared) and gridgames::gridgames_static.
static_deps=$(for flag in $libs_private; do echo "${flag#-l}"; done | paste -sd ';' -)
cat >"$cmake_to/gridgamesConfig.cmake" <<EOF
# gridgames $version, installed by scripts/install.sh.
#   find_package(gridgames $major.$minor REQUIRED)
#   target_link_libraries(app PRIVATE gridgames::gridgames)         # libgridgames.so
#   target_link_libraries(app PRIVATE gridgames::gridgames_static)  # libgridgames.a
if(NOT TARGET gridgames::gridgames)
  add_library(gridgames::gridgames SHARED IMPORTED)
  set_target_properties(gridgames::gridgames PROPERTIES
    IMPORTED_LOCATION "$libdir/$real"
    IMPORTED_SONAME "$soname"
    INTERFACE_INCLUDE_DIRECTORIES "$includedir")
  add_library(gridgames::gridgames_static STATIC IMPORTED)
  set_target_properties(gridgames::gridgames_static PROPERTIES
    IMPORTED_LOCATION "$libdir/libgridgames.a"
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_LINK_LIBRARIES "$static_deps"
    INTERFACE_INCLUDE_DIRECTORIES "$includedir")
endif()
set(gridgames_VERSION "$version")
set(gridgames_INCLUDE_DIRS "$includedir")
set(gridgames_LIBRARIES gridgames::gridgames)
EOF
# Compatible: the same ABI series (the same MAJOR, and the same MINOR while MAJOR is 0), and at
# least the version asked for.
cat >"$cmake_to/gridgamesConfigVersion.cmake" <<EOF
set(PACKAGE_VERSION "$version")
if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
elseif(NOT PACKAGE_FIND_VERSION_MAJOR STREQUAL "$major")
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
elseif("$major" STREQUAL "0" AND NOT PACKAGE_FIND_VERSION_MINOR STREQUAL "$minor")
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
EOF
chmod 0644 "$cmake_to"/*.cmake

# Everything installed, as run-time paths, for scripts/uninstall.sh.
cat >"$share_to/install-manifest.txt" <<EOF
$libdir/$real
$libdir/$soname
$libdir/libgridgames.so
$libdir/libgridgames.a
$libdir/pkgconfig/gridgames.pc
$libdir/cmake/gridgames/gridgamesConfig.cmake
$libdir/cmake/gridgames/gridgamesConfigVersion.cmake
$includedir/gridgames.h
$includedir/gridgames.hpp
$prefix/share/gridgames/install-manifest.txt
EOF
chmod 0644 "$share_to/install-manifest.txt"

echo "installed gridgames $version (SONAME $soname) under $destdir$prefix"
