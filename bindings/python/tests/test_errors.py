"""Library failures become exceptions carrying the status, its description and the detail."""

from __future__ import annotations

import threading

import pytest

import gridgames
from gridgames import errors


def test_exception_carries_status_description_and_detail():
    with pytest.raises(gridgames.InvalidCellError) as info:
        gridgames.snakes.min_rolls([[-1, 0], [-1, -1]])
    err = info.value
    assert err.status == 4 and err.name == "GG_ERR_INVALID_CELL"
    assert err.description == gridgames.status_str(4)
    assert err.detail == "cell (0, 1) holds 0; a destination must be -1 or 1..4"
    assert str(err) == f"{err.description}: {err.detail}"
    assert isinstance(err, gridgames.GridgamesError) and isinstance(err, ValueError)


def test_builtin_bases():
    assert issubclass(gridgames.OutOfBoundsError, IndexError)
    assert issubclass(gridgames.OutOfMemoryError, MemoryError)
    assert issubclass(gridgames.ZeroSizeError, ValueError)
    assert not issubclass(gridgames.GameOverError, ValueError)


def test_every_code_has_its_class_and_description():
    seen = set()
    for status, cls in errors.BY_STATUS.items():
        err = errors.error_for(status, gridgames.status_str(status), "d")
        assert type(err) is cls and err.status == status
        assert err.description not in seen and err.description != "unknown status code"
        seen.add(err.description)


def test_unknown_code():
    assert gridgames.status_str(-1) == "unknown status code"
    assert gridgames.status_str(0) == "ok"
    err = errors.error_for(99, gridgames.status_str(99), "")
    assert type(err) is gridgames.GridgamesError and err.status == 99
    assert str(err) == "unknown status code"


def test_last_error_message_is_per_thread():
    with pytest.raises(gridgames.ZeroSizeError):
        gridgames.snakes.min_rolls([])
    mine = gridgames.last_error_message()
    assert "0 x 0" in mine
    theirs = []
    t = threading.Thread(target=lambda: theirs.append(gridgames.last_error_message()))
    t.start()
    t.join()
    assert theirs == [""]
    # Success keeps the last failure.
    assert gridgames.snakes.min_rolls([[-1]]) == 0
    assert gridgames.last_error_message() == mine
