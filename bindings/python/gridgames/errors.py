"""Exceptions for failed gridgames calls, one class per status code.

Every error raised for a library status is a :class:`GridgamesError` carrying ``status`` (the
``GG_ERR_*`` code), ``name`` (``"GG_ERR_INVALID_CELL"``), ``description`` (``gg_status_str``)
and ``detail`` (``gg_last_error_message``). The classes also derive from the matching built-in
exception where one fits, so ``except ValueError`` catches a bad board.
"""

from __future__ import annotations


class GridgamesError(Exception):
    """A gridgames call returned a status other than GG_OK."""

    status: int = -1
    name: str = "GG_ERR_UNKNOWN"

    def __init__(self, status: int, description: str, detail: str) -> None:
        super().__init__(f"{description}: {detail}" if detail else description)
        self.status = status
        self.description = description
        self.detail = detail


# The codes are fixed by the C ABI (src/ffi/status.rs); tests check them against the header.
class NullPointerError(GridgamesError, ValueError):
    status, name = 1, "GG_ERR_NULL_POINTER"


class ZeroSizeError(GridgamesError, ValueError):
    status, name = 2, "GG_ERR_ZERO_SIZE"


class SizeOverflowError(GridgamesError, ValueError):
    status, name = 3, "GG_ERR_SIZE_OVERFLOW"


class InvalidCellError(GridgamesError, ValueError):
    status, name = 4, "GG_ERR_INVALID_CELL"


class OutOfBoundsError(GridgamesError, IndexError):
    status, name = 5, "GG_ERR_OUT_OF_BOUNDS"


class BufferTooSmallError(GridgamesError):
    status, name = 6, "GG_ERR_BUFFER_TOO_SMALL"


class InvalidArgumentError(GridgamesError, ValueError):
    status, name = 7, "GG_ERR_INVALID_ARGUMENT"


class TooManyMinesError(GridgamesError, ValueError):
    status, name = 8, "GG_ERR_TOO_MANY_MINES"


class GameOverError(GridgamesError):
    status, name = 9, "GG_ERR_GAME_OVER"


class InconsistentError(GridgamesError, ValueError):
    status, name = 10, "GG_ERR_INCONSISTENT"


class OutOfMemoryError(GridgamesError, MemoryError):
    status, name = 11, "GG_ERR_OUT_OF_MEMORY"


class GenerationFailedError(GridgamesError):
    status, name = 12, "GG_ERR_GENERATION_FAILED"


class InternalError(GridgamesError):
    status, name = 13, "GG_ERR_INTERNAL"


class BadRecordError(GridgamesError, ValueError):
    status, name = 14, "GG_ERR_BAD_RECORD"


class NothingToUndoError(GridgamesError):
    status, name = 15, "GG_ERR_NOTHING_TO_UNDO"


class TooComplexError(GridgamesError):
    status, name = 16, "GG_ERR_TOO_COMPLEX"


BY_STATUS: dict[int, type[GridgamesError]] = {
    cls.status: cls
    for cls in (
        NullPointerError,
        ZeroSizeError,
        SizeOverflowError,
        InvalidCellError,
        OutOfBoundsError,
        BufferTooSmallError,
        InvalidArgumentError,
        TooManyMinesError,
        GameOverError,
        InconsistentError,
        OutOfMemoryError,
        GenerationFailedError,
        InternalError,
        BadRecordError,
        NothingToUndoError,
        TooComplexError,
    )
}


def error_for(status: int, description: str, detail: str) -> GridgamesError:
    """The exception for a status; codes newer than these bindings get a plain GridgamesError."""
    cls = BY_STATUS.get(status)
    if cls is None:
        err = GridgamesError(status, description, detail)
        err.name = f"status {status}"
        return err
    return cls(status, description, detail)


__all__ = ["GridgamesError", "error_for", "BY_STATUS"] + [c.__name__ for c in BY_STATUS.values()]
