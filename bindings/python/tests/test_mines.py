"""gridgames.mines against the LeetCode 529 examples and bad input."""

from __future__ import annotations

import pytest

import gridgames
from gridgames import mines

EXAMPLE = ["EEEEE", "EEMEE", "EEEEE", "EEEEE"]
AFTER = ["B1E1B", "B1M1B", "B111B", "BBBBB"]


def test_leetcode_examples():
    assert mines.click(EXAMPLE, 3, 0) == [list(row) for row in AFTER]
    assert mines.click(AFTER, 1, 2) == [list(r) for r in ["B1E1B", "B1X1B", "B111B", "BBBBB"]]


def test_rows_may_be_str_bytes_or_lists_and_are_not_modified():
    as_lists = [list(row) for row in EXAMPLE]
    as_bytes = [row.encode() for row in EXAMPLE]
    want = [list(row) for row in AFTER]
    assert mines.click(as_lists, 3, 0) == want
    assert mines.click(as_bytes, 3, 0) == want
    assert mines.click([bytearray(r) for r in as_bytes], 3, 0) == want
    assert as_lists == [list(row) for row in EXAMPLE]


def test_click_on_revealed_cell_changes_nothing():
    assert mines.click(AFTER, 0, 0) == [list(row) for row in AFTER]


def test_bad_input_raises_and_names_the_problem():
    with pytest.raises(gridgames.OutOfBoundsError) as info:
        mines.click(EXAMPLE, 4, 0)
    assert info.value.detail and isinstance(info.value, IndexError)
    with pytest.raises(IndexError):
        mines.click(EXAMPLE, -1, 0)
    with pytest.raises(gridgames.InvalidCellError, match=r"\(0, 2\)"):
        mines.click(["EEQ"], 0, 0)
    with pytest.raises(ValueError, match=r"\(0, 1\)"):
        mines.click(["Eé"], 0, 0)
    with pytest.raises(ValueError, match="one character"):
        mines.click([["E", "EE"]], 0, 0)
    with pytest.raises(ValueError, match="row 1"):
        mines.click(["EE", "E"], 0, 0)
    with pytest.raises(gridgames.ZeroSizeError):
        mines.click([], 0, 0)
