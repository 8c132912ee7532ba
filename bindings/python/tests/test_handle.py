"""_lib.Handle, the base of every game object: frees exactly once, works as a context manager,
refuses to pass a closed handle, and lets one thread at a time use it. Driven with a C-callable
stand-in for the free function (tests/test_mines_session.py does the same with gg_mines)."""

from __future__ import annotations

import copy
import ctypes
import gc
import pickle
import threading

import pytest

import gridgames
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


def test_call_passes_the_pointer_and_checks_the_status():
    seen = []
    game = Game(ctypes.c_void_p(0x5000))
    game._call(lambda p, *args: seen.append((p.value, args)) or 0, 1, 2)
    assert seen == [(0x5000, (1, 2))]
    with pytest.raises(gridgames.GameOverError):
        game._call(lambda p: 9)
    game.close()
    with pytest.raises(ValueError, match="closed"):
        game._call(lambda p: 0)
    assert len(seen) == 1


def test_close_waits_for_a_call_in_progress():
    # ctypes releases the GIL during a C call: without the lock, close() on another thread
    # would free the handle under the running call.
    entered, release = threading.Event(), threading.Event()

    def slow_call(pointer):
        entered.set()
        release.wait(10)
        freed.append("call returned")  # the same list as the frees, to see their order
        return 0

    game = Game(ctypes.c_void_p(0x6000))
    caller = threading.Thread(target=game._call, args=(slow_call,))
    caller.start()
    assert entered.wait(10)
    closer = threading.Thread(target=game.close)
    closer.start()
    closer.join(0.2)  # enough for an unlocked close() to free first, and fail the test
    release.set()
    caller.join(10)
    closer.join(10)
    assert freed == ["call returned", 0x6000]


def test_copies_are_refused():
    game = Game(ctypes.c_void_p(0x7000))
    for attempt in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError):
            attempt(game)
    game.close()
    assert freed == [0x7000]
