"""Snakes and Ladders: lists of rows in, plain Python values out.

A board is a list of n rows of n ints, row 0 on top, numbered boustrophedon from the bottom-left
cell (square 1); each cell is -1 or the destination square of a snake or ladder.
"""

from __future__ import annotations

import array
import ctypes
import itertools
from typing import Optional, Sequence

from . import _lib

_i32 = ctypes.c_int32
_P_I32 = ctypes.POINTER(_i32)

_min_rolls = _lib.declare("gg_snakes_min_rolls", _i32, [_P_I32, ctypes.c_size_t, _P_I32])


# array.array checks range and type as it copies; pick its 32-bit code.
_I32_CODE = next(code for code in "il" if array.array(code).itemsize == 4)


def _int32_cells(rows: Sequence[Sequence[int]]) -> "ctypes.Array[ctypes.c_int32]":
    """The board flattened into a C int32 array (OverflowError/TypeError for bad values)."""
    flat = array.array(_I32_CODE, itertools.chain.from_iterable(rows))
    if not flat:
        # Never NULL: an empty board reaches the library, which reports n = 0.
        return (_i32 * 1)()
    return (_i32 * len(flat)).from_buffer(flat)


def min_rolls(board: Sequence[Sequence[int]]) -> Optional[int]:
    """Fewest rolls from square 1 to square n*n when the player picks each face (LeetCode 909),
    or None when the last square cannot be reached.

    >>> min_rolls([[-1, -1], [-1, 3]])
    1
    """
    n, cols = _lib.grid_shape(board, "snakes board")
    if cols != n:
        raise ValueError(f"snakes board has {n} rows of {cols} cells; it must be square")
    cells = _int32_cells(board)
    rolls = _i32()
    _lib.check(_min_rolls(cells, n, ctypes.byref(rolls)))
    return None if rolls.value < 0 else rolls.value


# Game analysis (issue 4) goes here: a Rules dataclass converted to gg_snakes_rules, and
# grid_to_jumps / move / shortest / expected_turns / length_distribution / win_chances.

__all__ = ["min_rolls"]
