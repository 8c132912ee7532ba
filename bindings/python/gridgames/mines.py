"""Minesweeper: lists of rows in, lists of rows out.

A board is a list of rows, each a str, bytes or list of one-character strings, using the
LeetCode 529 alphabet: 'M' hidden mine, 'E' hidden empty, 'B' revealed blank, '1'-'8' revealed
count, 'X' revealed mine.
"""

from __future__ import annotations

import ctypes
from typing import List, Sequence, Union

from . import _lib

Row = Union[str, bytes, bytearray, Sequence[str]]

_click = _lib.declare(
    "gg_mines_click",
    ctypes.c_int32,
    [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t],
)


def _row_bytes(row: Row, r: int) -> bytes:
    if isinstance(row, (bytes, bytearray)):
        return bytes(row)
    text = row if isinstance(row, str) else "".join(row)
    if len(text) != len(row):
        raise ValueError(f"mines board row {r} holds a cell that is not one character")
    try:
        return text.encode("ascii")
    except UnicodeEncodeError as e:
        raise ValueError(
            f"cell ({r}, {e.start}) holds {text[e.start]!r}; a cell must be one of M E B X 1-8"
        ) from None


def _cells(board: Sequence[Row]) -> tuple[ctypes.Array, int, int]:
    rows, cols = _lib.grid_shape(board, "mines board")
    data = b"".join(_row_bytes(row, r) for r, row in enumerate(board))
    # One spare byte: never NULL, even for an empty board (the library then reports the size).
    return ctypes.create_string_buffer(data, len(data) + 1), rows, cols


def _rows(buf: ctypes.Array, rows: int, cols: int) -> List[List[str]]:
    text = buf.raw[: rows * cols].decode("ascii")
    return [list(text[r * cols : (r + 1) * cols]) for r in range(rows)]


def click(board: Sequence[Row], row: int, col: int) -> List[List[str]]:
    """The board after one click at (row, col), as a new list of rows of one-character strings
    (LeetCode 529). The input is not modified.

    >>> click(["EEEEE", "EEMEE", "EEEEE", "EEEEE"], 3, 0)[0]
    ['B', '1', 'E', '1', 'B']
    """
    cells, rows, cols = _cells(board)
    if row < 0 or col < 0:
        raise IndexError(f"click ({row}, {col}) lies outside the {rows} x {cols} board")
    _lib.check(_click(cells, rows, cols, row, col))
    return _rows(cells, rows, cols)


# Sessions (issue 5) go here: class Game(_lib.Handle) with _free = gg_mines_free, built by
# Game.new(rows, cols, mines, seed, first_click) / Game.from_board(board), with reveal(),
# toggle_flag(), chord(), state, view() and board() returning lists of rows.
# The solver (issue 6): probabilities(view, mines) -> list of rows of floats (None when
# revealed), hint(view, mines) -> (row, col, risk).

__all__ = ["click"]
