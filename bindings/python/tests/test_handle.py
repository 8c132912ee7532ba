"""_lib.Handle, the base of every game object: frees exactly once, works as a context manager,
and refuses to pass a closed handle. Until a real handle lands (gg_mines, issue 5) it is driven
with a C-callable stand-in for the free function."""

from __future__ import annotations

import ctypes
import gc

import pytest

from gridgames import _lib

freed: list[int] = []
FREE = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(lambda p: freed.append(p))


class Game(_lib.Handle):
    _free = FREE


@pytest.fixture(autouse=True)
def clear():
    freed.clear()


def test_with_block_frees_once():
    with Game(ctypes.c_void_p(0x1000)) as game:
        assert not game.closed
    assert game.closed and freed == [0x1000]
    game.close()
    assert freed == [0x1000]


def test_garbage_collection_frees():
    game = Game(ctypes.c_void_p(0x2000))
    del game
    gc.collect()
    assert freed == [0x2000]


def test_passing_the_object_passes_the_pointer_until_closed():
    seen = []
    take = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(lambda p: seen.append(p))
    game = Game(ctypes.c_void_p(0x3000))
    take(game)
    assert seen == [0x3000]
    game.close()
    with pytest.raises((ValueError, ctypes.ArgumentError), match="closed"):
        take(game)
    assert seen == [0x3000]
