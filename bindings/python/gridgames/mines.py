"""Minesweeper: lists of rows in, lists of rows out.

A board is a list of rows, each a str, bytes or list of one-character strings, using the
LeetCode 529 alphabet: 'M' hidden mine, 'E' hidden empty, 'B' revealed blank, '1'-'8' revealed
count, 'X' revealed mine.

:func:`click` applies one click to a board. :class:`Game` is a game session (``gg_mines``):
generated from a :class:`Config` and its seed, or started from a board, then played move by
move; it owns its C handle and is best used as a context manager.
"""

from __future__ import annotations

import ctypes
import enum
import operator
from dataclasses import dataclass
from typing import List, Optional, Sequence, Union

from . import _lib

Row = Union[str, bytes, bytearray, Sequence[str]]

_click = _lib.declare(
    "gg_mines_click",
    ctypes.c_int32,
    [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t],
)


# One past the largest size_t: ctypes would silently wrap anything outside 0.._SIZE_END - 1.
_SIZE_BITS = 8 * ctypes.sizeof(ctypes.c_size_t)
_SIZE_END = 1 << _SIZE_BITS


def _cell(row: int, col: int, rows: int, cols: int) -> tuple[int, int]:
    """(row, col) as ints that fit size_t; IndexError otherwise (the library checks the rest)."""
    r, c = operator.index(row), operator.index(col)
    if not (0 <= r < _SIZE_END and 0 <= c < _SIZE_END):
        raise IndexError(f"cell ({r}, {c}) is outside the {rows} x {cols} board")
    return r, c


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
    row, col = _cell(row, col, rows, cols)
    _lib.check(_click(cells, rows, cols, row, col))
    return _rows(cells, rows, cols)


class FirstClick(enum.IntEnum):
    """The first-click rule of a generated game (``GG_FIRST_CLICK_*``)."""

    #: Mines are placed when the game starts; the first reveal may hit one (at most every cell).
    ANY = 0
    #: Mines are placed at the first reveal, never on that cell (at most cells - 1).
    SAFE = 1
    #: Mines are placed at the first reveal, none in its 3x3 block, so it opens a zero (at most
    #: cells - min(rows, 3) * min(cols, 3)).
    OPENING = 2


class State(enum.IntEnum):
    """Where a game stands (``GG_MINES_*``)."""

    PLAYING = 0  #: moves are accepted
    WON = 1  #: every safe cell is revealed
    LOST = 2  #: a mine was revealed


def _unsigned(value: int, bits: int, what: str) -> int:
    v = operator.index(value)
    if not 0 <= v < 1 << bits:
        raise OverflowError(f"{what} is {v}; it must be 0..{(1 << bits) - 1}")
    return v


@dataclass(frozen=True)
class Config:
    """How :class:`Game` generates a board (``gg_mines_config``). The same configuration and
    the same first reveal give the same board on every platform and in every release.

    Values a C field cannot hold raise OverflowError (TypeError for a non-int) here; the rest
    (zero sizes, too many mines for the rule, an unknown rule, ``no_guess`` without
    ``FirstClick.OPENING``) is checked by the library when the game starts."""

    rows: int
    cols: int
    mines: int
    seed: int
    first_click: int = FirstClick.SAFE
    no_guess: bool = False

    def __post_init__(self) -> None:
        for name in ("rows", "cols", "mines"):
            _unsigned(getattr(self, name), _SIZE_BITS, name)
        _unsigned(self.seed, 64, "seed")
        rule = _unsigned(self.first_click, 32, "first_click")
        if rule in FirstClick.__members__.values():
            object.__setattr__(self, "first_click", FirstClick(rule))

    def _to_c(self) -> "_CConfig":
        return _CConfig(
            self.rows, self.cols, self.mines, self.seed, self.first_click, 1 if self.no_guess else 0
        )


class _CConfig(ctypes.Structure):
    # gg_mines_config, field for field (tests/test_mines_session.py compares with the header).
    _fields_ = [
        ("rows", ctypes.c_size_t),
        ("cols", ctypes.c_size_t),
        ("mines", ctypes.c_size_t),
        ("seed", ctypes.c_uint64),
        ("first_click", ctypes.c_uint32),
        ("no_guess", ctypes.c_uint32),
    ]


_P_GAME = ctypes.POINTER(ctypes.c_void_p)
_new = _lib.declare("gg_mines_new", ctypes.c_int32, [ctypes.POINTER(_CConfig), _P_GAME])
_from_board = _lib.declare(
    "gg_mines_from_board",
    ctypes.c_int32,
    [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_size_t, _P_GAME],
)
_MOVE = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t]
_reveal = _lib.declare("gg_mines_reveal", ctypes.c_int32, _MOVE)
_toggle_flag = _lib.declare("gg_mines_toggle_flag", ctypes.c_int32, _MOVE)
_chord = _lib.declare("gg_mines_chord", ctypes.c_int32, _MOVE)
_state = _lib.declare(
    "gg_mines_state", ctypes.c_int32, [ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint32)]
)
_READ = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
_view = _lib.declare("gg_mines_view", ctypes.c_int32, _READ)
_board = _lib.declare("gg_mines_board", ctypes.c_int32, _READ)


class Game(_lib.Handle):
    """A Minesweeper game (a ``gg_mines`` handle): ``Game(config)`` generates the board from the
    seed, :meth:`from_board` starts from a LeetCode board. The handle is freed by :meth:`close`,
    at the end of a ``with`` block, or when the object is collected; a closed game raises
    ValueError. Threads sharing a game take turns (see :class:`gridgames._lib.Handle`).

    Moves (:meth:`reveal`, :meth:`toggle_flag`, :meth:`chord`) follow README "Minesweeper game
    sessions"; a move after the game is won or lost raises :class:`gridgames.GameOverError`.

    >>> with Game.from_board(["MEM", "E2E", "EEE"]) as game:
    ...     game.toggle_flag(0, 0)
    ...     game.toggle_flag(0, 2)
    ...     game.chord(1, 1)  # the '2' has two flags: open its other neighbours
    ...     game.state, ["".join(row) for row in game.view()]
    (<State.WON: 1>, ['F2F', '121', 'BBB'])
    """

    _free = _lib.declare("gg_mines_free", None, [ctypes.c_void_p])

    def __init__(self, config: Config) -> None:
        if not isinstance(config, Config):
            raise TypeError(f"Game takes a gridgames.mines.Config, not {type(config).__name__}")
        c = config._to_c()
        pointer = ctypes.c_void_p()
        _lib.check(_new(ctypes.byref(c), ctypes.byref(pointer)))
        self._start(pointer, config.rows, config.cols, config)

    @classmethod
    def new(
        cls,
        rows: int,
        cols: int,
        mines: int,
        seed: int,
        first_click: int = FirstClick.SAFE,
        no_guess: bool = False,
    ) -> "Game":
        """``Game(Config(rows, cols, mines, seed, first_click, no_guess))``."""
        return cls(Config(rows, cols, mines, seed, first_click, no_guess))

    @classmethod
    def from_board(cls, board: Sequence[Row]) -> "Game":
        """A game from a LeetCode board (copied): 'M' and 'E' hidden, 'B' and '1'-'8' revealed,
        'X' a revealed mine (the game is then lost). Every 'B' and digit must match its
        neighbours, else :class:`gridgames.InconsistentError` names the cell."""
        cells, rows, cols = _cells(board)
        pointer = ctypes.c_void_p()
        _lib.check(_from_board(cells, rows, cols, ctypes.byref(pointer)))
        game = cls.__new__(cls)
        game._start(pointer, rows, cols, None)
        return game

    def _start(self, pointer: ctypes.c_void_p, rows: int, cols: int, config: Optional[Config]):
        _lib.Handle.__init__(self, pointer)
        self._rows, self._cols, self._config = rows, cols, config

    @property
    def rows(self) -> int:
        return self._rows

    @property
    def cols(self) -> int:
        return self._cols

    @property
    def config(self) -> Optional[Config]:
        """The configuration the game was generated from; None for :meth:`from_board`."""
        return self._config

    def reveal(self, row: int, col: int) -> None:
        """Reveals a hidden, unflagged cell: a mine loses, a zero floods open its region. A
        flagged or revealed cell: nothing happens."""
        self._call(_reveal, *_cell(row, col, self._rows, self._cols))

    def toggle_flag(self, row: int, col: int) -> None:
        """Flags or unflags a hidden cell; a revealed cell: nothing happens."""
        self._call(_toggle_flag, *_cell(row, col, self._rows, self._cols))

    def chord(self, row: int, col: int) -> None:
        """On a revealed digit with exactly that many flagged neighbours, reveals the others (a
        wrong flag loses); otherwise nothing happens."""
        self._call(_chord, *_cell(row, col, self._rows, self._cols))

    @property
    def state(self) -> State:
        """:attr:`State.PLAYING`, :attr:`State.WON` or :attr:`State.LOST`."""
        out = ctypes.c_uint32()
        self._call(_state, ctypes.byref(out))
        return State(out.value)

    def view(self) -> List[List[str]]:
        """What the player sees, as rows of one-character strings: 'E' hidden, 'F' flagged, 'B'
        and '1'-'8' revealed; after a loss 'X' each mine hit and 'M' every other mine."""
        return self._read(_view)

    def board(self) -> List[List[str]]:
        """The true board in the LeetCode alphabet, without flags (all 'E' before the mines are
        placed); :func:`click` and :meth:`from_board` accept it."""
        return self._read(_board)

    def _read(self, fn) -> List[List[str]]:
        size = self._rows * self._cols
        buf = ctypes.create_string_buffer(size)
        self._call(fn, buf, size)
        return _rows(buf, self._rows, self._cols)

    def __repr__(self) -> str:
        if self.closed:
            return f"<Game {self._rows} x {self._cols}, closed>"
        return f"<Game {self._rows} x {self._cols}, {self.state.name.lower()}>"


# The solver (issue 6): probabilities(view, mines) -> list of rows of floats (None when
# revealed), hint(view, mines) -> (row, col, risk).

__all__ = ["Config", "FirstClick", "Game", "State", "click"]
