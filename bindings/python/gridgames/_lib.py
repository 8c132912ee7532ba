"""Finds and loads libgridgames, declares the C prototypes, and turns statuses into exceptions.

Search order (the first that exists wins; an explicit GRIDGAMES_LIB that fails is an error):

1. the environment variable ``GRIDGAMES_LIB``, when set: a path to the shared library, for
   trying another build on purpose;
2. the library bundled in the package: ``gridgames/libgridgames.so.SERIES``, which
   ``pip install ./bindings/python`` builds into the wheel, or ``gridgames/libgridgames.so``;
3. the source tree this package sits in: ``target/release``, then ``target/debug``;
4. the system: the dynamic loader's search (``LD_LIBRARY_PATH``, ldconfig's cache) for the
   SONAME of the ABI series these bindings were written for, ``libgridgames.so.SERIES``.

The loaded library must belong to that ABI series (README "Versions and ABI"), because the
prototypes below are those of its header.

A family module declares its functions with :func:`declare` and calls them through
:func:`check`; an object owning a ``gg_*`` handle subclasses :class:`Handle`.
"""

from __future__ import annotations

import ctypes
import os
import sys
import threading
from pathlib import Path
from typing import Callable, Iterable, Mapping, Optional, Sequence

from .errors import error_for

# The header version these bindings follow; the library must be of the same ABI series and not
# older. Update with the header (tests/test_abi.py compares it with GG_VERSION_*).
VERSION = (0, 1, 0)
OK = 0

if sys.platform == "win32":
    _FILE = "gridgames.dll"
elif sys.platform == "darwin":
    _FILE = "libgridgames.dylib"
else:
    _FILE = "libgridgames.so"


def abi_series(version: Sequence[int]) -> tuple[int, ...]:
    """MAJOR from 1.0; (0, MINOR) before, as every 0.MINOR is its own series."""
    return (0, version[1]) if version[0] == 0 else (version[0],)


def soname() -> str:
    """The name the dynamic loader knows this ABI series by, e.g. libgridgames.so.0.1."""
    return _FILE + "." + ".".join(map(str, abi_series(VERSION)))


def candidates(
    environ: Mapping[str, str] = os.environ, package_dir: Optional[Path] = None
) -> list[str]:
    """Where to look, in order; paths are absolute, a bare name means the system's search."""
    if environ.get("GRIDGAMES_LIB"):
        return [environ["GRIDGAMES_LIB"]]
    here = package_dir or Path(__file__).resolve().parent
    # The wheel bundles the library under its SONAME, a name Python never takes for a module.
    found = [str(here / soname()), str(here / _FILE)]
    # bindings/python/gridgames -> the repository root.
    root = here.parent.parent.parent
    found += [str(root / "target" / profile / _FILE) for profile in ("release", "debug")]
    found.append(soname())
    return found


def _load() -> tuple[ctypes.CDLL, str]:
    tried = []
    for cand in candidates():
        explicit = bool(os.environ.get("GRIDGAMES_LIB"))
        if os.sep in cand and not explicit and not os.path.exists(cand):
            tried.append(f"{cand}: no such file")
            continue
        try:
            return ctypes.CDLL(cand), cand
        except OSError as e:
            tried.append(f"{cand}: {e}")
    raise ImportError(
        "gridgames: cannot load the shared library; tried:\n  "
        + "\n  ".join(tried)
        + "\nReinstall the package (pip install ./bindings/python builds the library and bundles"
        + " it), set GRIDGAMES_LIB to the path of a libgridgames, or install the library"
        + " system-wide (scripts/install.sh)."
    )


lib, path = _load()

lib.gg_version.restype = ctypes.c_char_p
lib.gg_version.argtypes = []
library_version_string: str = lib.gg_version().decode("ascii")


def _parse(text: str) -> tuple[int, int, int]:
    parts = text.split(".")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise ImportError(f"gridgames: {path} reports version {text!r}, not MAJOR.MINOR.PATCH")
    return int(parts[0]), int(parts[1]), int(parts[2])


def compatible(library: Sequence[int], bindings: Sequence[int] = VERSION) -> bool:
    """Same ABI series and not older than the bindings."""
    return abi_series(library) == abi_series(bindings) and tuple(library) >= tuple(bindings)


if not compatible(_parse(library_version_string)):
    raise ImportError(
        f"gridgames: {path} is version {library_version_string}; these bindings need ABI "
        f"series {'.'.join(map(str, abi_series(VERSION)))} at version "
        f"{'.'.join(map(str, VERSION))} or later"
    )

declared: set[str] = set()


def declare(name: str, restype, argtypes: Iterable) -> Callable:
    """Gives a C function its prototype (ctypes then converts and checks every argument)."""
    try:
        fn = getattr(lib, name)
    except AttributeError:
        raise ImportError(
            f"gridgames: {path} (version {library_version_string}) lacks {name}"
        ) from None
    fn.restype = restype
    fn.argtypes = list(argtypes)
    declared.add(name)
    return fn


declared.add("gg_version")
gg_status_str = declare("gg_status_str", ctypes.c_char_p, [ctypes.c_int32])
gg_last_error_message = declare(
    "gg_last_error_message", ctypes.c_size_t, [ctypes.c_char_p, ctypes.c_size_t]
)


def status_str(status: int) -> str:
    """gg_status_str(): the description of a status code."""
    return gg_status_str(status).decode("utf-8", "replace")


def last_error_message() -> str:
    """gg_last_error_message(): this thread's detail of the last failure, "" when none."""
    # The message is per thread, so it cannot change between the two calls.
    size = gg_last_error_message(None, 0) + 1
    buf = ctypes.create_string_buffer(size)
    gg_last_error_message(buf, size)
    return buf.value.decode("utf-8", "replace")


def check(status: int) -> None:
    """Raises the status's GridgamesError subclass unless it is GG_OK."""
    if status != OK:
        raise error_for(status, status_str(status), last_error_message())


def grid_shape(rows: Sequence[Sequence], what: str) -> tuple[int, int]:
    """(rows, cols) of a rectangular list of rows; ValueError naming a ragged row."""
    height = len(rows)
    width = len(rows[0]) if height else 0
    for r, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"{what} row {r} has {len(row)} cells; row 0 has {width}")
    return height, width


class Handle:
    """Owns one opaque gg_* pointer and frees it exactly once: on close(), at the end of a
    ``with`` block, or when garbage-collected. Subclasses set ``_free`` to the C free function
    (e.g. ``gg_mines_free``) and make their calls through :meth:`_call`. Passing the object to a
    declared function passes its pointer; a closed handle raises ValueError instead of passing
    NULL.

    The C API lets one thread at a time use a handle, and ctypes releases the GIL during a call,
    so every call and close() hold a per-handle lock: threads sharing an object take turns
    instead of corrupting it. Copies are refused, since two owners would free twice."""

    _free: Optional[Callable[[ctypes.c_void_p], None]] = None

    def __init__(self, pointer: ctypes.c_void_p) -> None:
        self._lock = threading.Lock()
        self._pointer: Optional[ctypes.c_void_p] = pointer

    def _closed_error(self) -> ValueError:
        return ValueError(f"{type(self).__name__} is closed")

    @property
    def _as_parameter_(self) -> ctypes.c_void_p:
        if self._pointer is None:
            raise self._closed_error()
        return self._pointer

    def _call(self, fn: Callable[..., int], *args) -> None:
        """check(fn(pointer, *args)) while holding the lock; ValueError once closed."""
        with self._lock:
            if self._pointer is None:
                raise self._closed_error()
            check(fn(self._pointer, *args))

    @property
    def closed(self) -> bool:
        return self._pointer is None

    def close(self) -> None:
        lock = getattr(self, "_lock", None)
        if lock is None:  # __init__ never ran (the constructor failed first)
            return
        with lock:  # waits for a call in progress on another thread
            pointer, self._pointer = self._pointer, None
            if pointer is not None and type(self)._free is not None:
                type(self)._free(pointer)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()

    def __copy__(self):
        raise TypeError(f"{type(self).__name__} owns a C handle and cannot be copied")

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __reduce__(self):
        raise TypeError(f"{type(self).__name__} owns a C handle and cannot be pickled")
