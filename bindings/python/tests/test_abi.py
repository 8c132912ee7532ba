"""The bindings match the header and the library: versions, status codes, every function."""

from __future__ import annotations

import gridgames
from gridgames import _lib, errors


def test_header_lists_the_current_functions(header_functions):
    # Guards the regular expression itself.
    assert {"gg_snakes_min_rolls", "gg_mines_click", "gg_version"} <= header_functions


def test_every_header_function_is_wrapped(header_functions):
    missing = sorted(header_functions - _lib.declared)
    assert not missing, f"add Python wrappers for {missing} (see bindings/README.md)"


def header_version(defines) -> tuple:
    return tuple(defines[f"GG_VERSION_{part}"] for part in ("MAJOR", "MINOR", "PATCH"))


def test_bindings_version_is_the_headers(header_defines):
    assert _lib.VERSION == header_version(header_defines)
    assert gridgames.__version__ == "%d.%d.%d" % header_version(header_defines)


def test_library_is_the_headers_version(header_defines):
    assert gridgames.library_version() == "%d.%d.%d" % header_version(header_defines)


def test_status_codes_match_the_header(header_defines):
    codes = {k: v for k, v in header_defines.items() if k.startswith("GG_ERR_")}
    assert codes, "no GG_ERR_ codes found in the header"
    assert {cls.name: cls.status for cls in errors.BY_STATUS.values()} == codes
    assert header_defines["GG_OK"] == _lib.OK


def test_abi_series_rules():
    assert _lib.abi_series((0, 1, 7)) == (0, 1)
    assert _lib.abi_series((2, 3, 4)) == (2,)
    assert _lib.compatible((0, 1, 0), (0, 1, 0))
    assert _lib.compatible((0, 1, 3), (0, 1, 0))
    assert not _lib.compatible((0, 2, 0), (0, 1, 0))  # a new 0.x series may break
    assert not _lib.compatible((0, 1, 0), (0, 1, 2))  # older than the bindings
    assert _lib.compatible((1, 4, 0), (1, 2, 5))
    assert not _lib.compatible((2, 0, 0), (1, 2, 5))
    series = ".".join(map(str, _lib.abi_series(_lib.VERSION)))
    assert _lib.soname() == f"libgridgames.so.{series}"
