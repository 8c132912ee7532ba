"""Minesweeper: lists of rows in, lists of rows out.

A board is a list of rows, each a str, bytes or list of one-character strings, using the
LeetCode 529 alphabet: 'M' hidden mine, 'E' hidden empty, 'B' revealed blank, '1'-'8' revealed
count, 'X' revealed mine.

:func:`click` applies one click to a board. :class:`Game` is a game session (``gg_mines``):
generated from a :class:`Config` and its seed, or started from a board, then played move by
move; it owns its C handle and is best used as a context manager.

The solver reads a player view (the alphabet of :meth:`Game.view`: 'E' and 'F' hidden, 'B' and
'1'-'8' revealed) and the mine count: :func:`probabilities` gives each hidden cell's exact mine
probability, :func:`hint` the best cell to reveal; :meth:`Game.hint` asks for the game's own.

:func:`measure` gives a board's 3BV, openings, islands and ZiNi; :meth:`Game.stats` a game's
clicks and 3BV solved.
"""

from __future__ import annotations

import ctypes
import enum
import operator
from dataclasses import dataclass
from typing import List, NamedTuple, Optional, Sequence, Union

from . import _lib, errors

Row = Union[str, bytes, bytearray, Sequence[str]]
_NAN = float("nan")

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


_BOARD_CELLS = "M E B X 1-8"
_VIEW_CELLS = "E F B 1-8"


def _row_bytes(row: Row, r: int, what: str, alphabet: str) -> bytes:
    if isinstance(row, (bytes, bytearray)):
        return bytes(row)
    text = row if isinstance(row, str) else "".join(row)
    if len(text) != len(row):
        raise ValueError(f"{what} row {r} holds a cell that is not one character")
    try:
        return text.encode("ascii")
    except UnicodeEncodeError as e:
        raise ValueError(
            f"cell ({r}, {e.start}) holds {text[e.start]!r}; a cell must be one of {alphabet}"
        ) from None


def _array_bytes(board, what: str) -> tuple[bytes, int, int]:
    """A 2-D numpy array of one-byte characters (dtype S1 or uint8) or of one-character strings
    (U1), without importing numpy: its bytes, row-major, and its shape."""
    if board.ndim != 2:
        raise ValueError(f"{what} is a {board.ndim}-D array; a board has rows and columns")
    rows, cols = (int(n) for n in board.shape)
    kind, size = board.dtype.kind, board.dtype.itemsize
    if kind in "Su" and size == 1:
        return board.tobytes(order="C"), rows, cols
    if kind == "U" and size == 4:
        text = "".join(str(x) for x in board.ravel(order="C"))
        if len(text) != rows * cols:
            raise ValueError(f"{what} holds a cell that is not one character")
        return text.encode("ascii", "replace"), rows, cols
    raise TypeError(f"{what} has dtype {board.dtype}; use S1, uint8 or U1")


def _cells(
    board: Sequence[Row], what: str = "mines board", alphabet: str = _BOARD_CELLS
) -> tuple[ctypes.Array, int, int]:
    if isinstance(board, (str, bytes, bytearray)):
        # Flat text has no rows: read as a column, a whole board would turn into nonsense.
        raise TypeError(
            f"{what} is flat {type(board).__name__}; pass its rows (a list of strings) or a 2-D "
            "array"
        )
    if hasattr(board, "ndim") and hasattr(board, "tobytes"):
        data, rows, cols = _array_bytes(board, what)
        return ctypes.create_string_buffer(data, len(data) + 1), rows, cols
    rows, cols = _lib.grid_shape(board, what)
    data = b"".join(_row_bytes(row, r, what, alphabet) for r, row in enumerate(board))
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


class Logic(enum.IntEnum):
    """What a certain move may be proven from (``GG_SOLVE_*``), for :func:`solvable`."""

    #: The revealed numbers alone.
    NUMBERS_ONLY = 0
    #: The revealed numbers and the total number of mines.
    WITH_COUNT = 1


class NoGuess(enum.IntEnum):
    """Whether :class:`Game` boards need no guess (``GG_NO_GUESS_*``), and proven how."""

    #: A plain board, mines placed uniformly at random.
    OFF = 0
    #: Won from the first click without a guess, every move proven from the numbers and the
    #: mine total (``True`` means this too).
    WITH_COUNT = 1
    #: Won from the first click without a guess, every move proven from the numbers alone.
    NUMBERS_ONLY = 2


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

    ``no_guess`` is a :class:`NoGuess` (``True`` is ``NoGuess.WITH_COUNT``) and needs
    ``FirstClick.SAFE`` or ``FirstClick.OPENING``. Values a C field cannot hold raise
    OverflowError (TypeError for a non-int) here; the rest (zero sizes, too many mines for the
    rule, an unknown rule or ``no_guess`` value, ``no_guess`` with ``FirstClick.ANY``) is checked
    by the library when the game starts."""

    rows: int
    cols: int
    mines: int
    seed: int
    first_click: int = FirstClick.SAFE
    no_guess: int = NoGuess.OFF

    def __post_init__(self) -> None:
        for name in ("rows", "cols", "mines"):
            _unsigned(getattr(self, name), _SIZE_BITS, name)
        _unsigned(self.seed, 64, "seed")
        rule = _unsigned(self.first_click, 32, "first_click")
        if rule in FirstClick.__members__.values():
            object.__setattr__(self, "first_click", FirstClick(rule))
        no_guess = _unsigned(self.no_guess, 32, "no_guess")
        if no_guess in NoGuess.__members__.values():
            object.__setattr__(self, "no_guess", NoGuess(no_guess))

    def _to_c(self) -> "_CConfig":
        return _CConfig(
            self.rows, self.cols, self.mines, self.seed, self.first_click, self.no_guess
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


class MoveKind(enum.IntEnum):
    """The kind of an accepted move (``GG_MOVE_*``)."""

    REVEAL = 0
    FLAG = 1
    CHORD = 2


class Move(NamedTuple):
    """One accepted move (``gg_mines_move``): a :meth:`Game.reveal`, :meth:`Game.toggle_flag` or
    :meth:`Game.chord` that did not raise, even one that changed nothing."""

    kind: MoveKind
    row: int
    col: int


class _CMove(ctypes.Structure):
    # gg_mines_move, field for field.
    _fields_ = [("kind", ctypes.c_uint32), ("row", ctypes.c_size_t), ("col", ctypes.c_size_t)]


_P_SIZE_T = ctypes.POINTER(ctypes.c_size_t)
_save = _lib.declare(
    "gg_mines_save",
    ctypes.c_int32,
    [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, _P_SIZE_T],
)
_load = _lib.declare("gg_mines_load", ctypes.c_int32, [ctypes.c_char_p, ctypes.c_size_t, _P_GAME])
_undo = _lib.declare("gg_mines_undo", ctypes.c_int32, [ctypes.c_void_p])
_moves = _lib.declare(
    "gg_mines_moves",
    ctypes.c_int32,
    [ctypes.c_void_p, ctypes.POINTER(_CMove), ctypes.c_size_t, _P_SIZE_T],
)
_dimensions = _lib.declare(
    "gg_mines_dimensions", ctypes.c_int32, [ctypes.c_void_p, _P_SIZE_T, _P_SIZE_T, _P_SIZE_T]
)


class BoardStats(NamedTuple):
    """What a layout asks of a player (``gg_mines_board_stats``; README "Minesweeper
    statistics")."""

    #: 3BV: the fewest left clicks that clear the board, openings + isolated numbers.
    bbbv: int
    #: 8-connected regions of safe cells with no neighbouring mine.
    openings: int
    #: 8-connected groups of numbered safe cells that border no opening.
    islands: int
    #: Greedy ZiNi: the clicks (left, right, chord) of the Zimmermann-Nikolaus greedy strategy.
    zini: int
    #: Safe cells showing 0, 1, ..., 8.
    counts: tuple


class PlayStats(NamedTuple):
    """How a game has been played so far (``gg_mines_play_stats``). With a clock of its own, a
    front end shows 3BV/s (``bbbv_solved`` per second) and efficiency (``bbbv_solved`` over the
    clicks)."""

    #: The board's 3BV; 0 while the layout does not exist yet.
    bbbv: int
    #: Openings with a revealed blank + revealed numbers that border no opening.
    bbbv_solved: int
    #: Accepted reveals.
    left_clicks: int
    #: Accepted flag toggles.
    right_clicks: int
    #: Accepted chords.
    chords: int
    #: Of those moves, the ones that changed the view.
    effective_clicks: int
    #: Flags on the board now.
    flags: int
    #: Safe cells revealed.
    revealed: int


class _CBoardStats(ctypes.Structure):
    # gg_mines_board_stats, field for field (tests/test_mines_stats.py compares with the header).
    _fields_ = [
        ("bbbv", ctypes.c_size_t),
        ("openings", ctypes.c_size_t),
        ("islands", ctypes.c_size_t),
        ("zini", ctypes.c_size_t),
        ("counts", ctypes.c_size_t * 9),
    ]


class _CPlayStats(ctypes.Structure):
    # gg_mines_play_stats, field for field.
    _fields_ = [(name, ctypes.c_size_t) for name in PlayStats._fields]


_measure = _lib.declare(
    "gg_mines_measure",
    ctypes.c_int32,
    [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.POINTER(_CBoardStats)],
)
_stats = _lib.declare(
    "gg_mines_stats", ctypes.c_int32, [ctypes.c_void_p, ctypes.POINTER(_CPlayStats)]
)


def measure(board: Sequence[Row]) -> BoardStats:
    """3BV, openings, islands, greedy ZiNi and the count of each number of a LeetCode board:
    'M' and 'X' are mines, every other cell is safe; a revealed 'B' or digit must match its
    neighbours (else :class:`gridgames.InconsistentError`).

    >>> measure(["EEE", "EME", "EEE"])
    BoardStats(bbbv=8, openings=0, islands=1, zini=5, counts=(0, 8, 0, 0, 0, 0, 0, 0, 0))
    """
    cells, rows, cols = _cells(board)
    out = _CBoardStats()
    _lib.check(_measure(cells, rows, cols, ctypes.byref(out)))
    return BoardStats(out.bbbv, out.openings, out.islands, out.zini, tuple(out.counts))


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
        self._start(pointer, config.rows, config.cols, config.mines, config)

    @classmethod
    def new(
        cls,
        rows: int,
        cols: int,
        mines: int,
        seed: int,
        first_click: int = FirstClick.SAFE,
        no_guess: int = NoGuess.OFF,
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
        mine_count = cells.raw.count(b"M") + cells.raw.count(b"X")
        game._start(pointer, rows, cols, mine_count, None)
        return game

    def _start(
        self, pointer: ctypes.c_void_p, rows: int, cols: int, mines: int, config: Optional[Config]
    ) -> None:
        _lib.Handle.__init__(self, pointer)
        self._rows, self._cols, self._mines, self._config = rows, cols, mines, config

    @property
    def rows(self) -> int:
        return self._rows

    @property
    def cols(self) -> int:
        return self._cols

    @property
    def mines(self) -> int:
        """Mines on the board: the configuration's count, or the 'M' and 'X' cells of the board
        given to :meth:`from_board`. Players know it; :meth:`hint` passes it to the solver."""
        return self._mines

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

    def stats(self) -> PlayStats:
        """3BV, 3BV solved, clicks and effective clicks so far (``gg_mines_stats``)."""
        out = _CPlayStats()
        self._call(_stats, ctypes.byref(out))
        return PlayStats(*(getattr(out, name) for name in PlayStats._fields))

    def probabilities(self) -> List[List[float]]:
        """:func:`probabilities` of the current :meth:`view` and :attr:`mines`: what a player
        can know, not a peek at the board. After a loss the view shows 'X' and 'M', which the
        solver refuses (:class:`gridgames.InvalidCellError`)."""
        return probabilities(self.view(), self._mines)

    def hint(self) -> "Hint":
        """:func:`hint` for the current :meth:`view` and :attr:`mines`: a cell to
        :meth:`reveal` and its risk. After a win :class:`gridgames.GameOverError`, after a loss
        :class:`gridgames.InvalidCellError` (the view shows 'X' and 'M')."""
        return hint(self.view(), self._mines)

    def save(self) -> bytes:
        """The game as a self-contained record (``gg_mines_save``; docs/save-format.md): how the
        board was made, its layout and every accepted move. :meth:`load` turns it back into the
        same game."""
        with self._lock:
            if self._pointer is None:
                raise self._closed_error()
            size = ctypes.c_size_t()
            status = _save(self._pointer, None, 0, ctypes.byref(size))
            if status != errors.BufferTooSmallError.status:
                _lib.check(status)
            buf = ctypes.create_string_buffer(size.value)
            _lib.check(_save(self._pointer, buf, size.value, ctypes.byref(size)))
            return buf.raw[: size.value]

    @classmethod
    def load(cls, record: bytes) -> "Game":
        """The game a record of :meth:`save` holds: the same view, board, state, statistics and
        moves, and every later move gives the same result. A record :meth:`save` did not write
        raises :class:`gridgames.BadRecordError`, whose message says what is wrong."""
        data = bytes(record)
        pointer = ctypes.c_void_p()
        _lib.check(_load(data, len(data), ctypes.byref(pointer)))
        game = cls.__new__(cls)
        game._start(pointer, 0, 0, 0, None)
        rows, cols, mines = ctypes.c_size_t(), ctypes.c_size_t(), ctypes.c_size_t()
        game._call(_dimensions, ctypes.byref(rows), ctypes.byref(cols), ctypes.byref(mines))
        game._rows, game._cols, game._mines = rows.value, cols.value, mines.value
        return game

    def undo(self) -> None:
        """Takes back the last accepted move; the game then equals one that never made it (a
        lost game is playing again). :class:`gridgames.NothingToUndoError` when there is none."""
        self._call(_undo)

    @property
    def moves(self) -> List[Move]:
        """Every accepted move so far, in order."""
        with self._lock:
            if self._pointer is None:
                raise self._closed_error()
            count = ctypes.c_size_t()
            status = _moves(self._pointer, None, 0, ctypes.byref(count))
            if count.value == 0:
                _lib.check(status)
                return []
            out = (_CMove * count.value)()
            _lib.check(_moves(self._pointer, out, count.value, ctypes.byref(count)))
            return [Move(MoveKind(m.kind), m.row, m.col) for m in out]

    def _read(self, fn) -> List[List[str]]:
        size = self._rows * self._cols
        buf = ctypes.create_string_buffer(size)
        self._call(fn, buf, size)
        return _rows(buf, self._rows, self._cols)

    def __repr__(self) -> str:
        if self.closed:
            return f"<Game {self._rows} x {self._cols}, closed>"
        return f"<Game {self._rows} x {self._cols}, {self.state.name.lower()}>"


# ---- the solver (README "Minesweeper solver") ---------------------------------------------------

# view, rows, cols, mines
_SOLVER_IN = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t]
_P_SIZE, _P_DOUBLE = ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(ctypes.c_double)
_probabilities = _lib.declare("gg_mines_probabilities", ctypes.c_int32, _SOLVER_IN + [_P_DOUBLE])
_hint = _lib.declare("gg_mines_hint", ctypes.c_int32, _SOLVER_IN + [_P_SIZE, _P_SIZE, _P_DOUBLE])


class Hint(NamedTuple):
    """The cell :func:`hint` advises to reveal next, and its exact mine probability."""

    row: int
    col: int
    risk: float


def _solver_args(view: Sequence[Row], mines: int) -> tuple[ctypes.Array, int, int, int]:
    cells, rows, cols = _cells(view, "mines view", _VIEW_CELLS)
    return cells, rows, cols, _unsigned(mines, _SIZE_BITS, "mines")


def probabilities(view: Sequence[Row], mines: int) -> List[List[float]]:
    """The exact chance that each hidden cell of a player view holds a mine, as rows of floats;
    NaN for a revealed cell (so ``numpy.array`` of the result is a float array).

    ``view`` is a list of rows in the alphabet of :meth:`Game.view`: 'E' and 'F' hidden (a flag
    is only the player's claim, so it counts as hidden), 'B' and '1'-'8' revealed; ``mines`` is
    the number of mines on the whole board. Every layout of exactly ``mines`` mines that agrees
    with every revealed number counts as equally likely; 0.0 means no layout has a mine there,
    1.0 that every one does.

    Errors: :class:`gridgames.InvalidCellError` (another character, e.g. a lost game's 'X' or
    'M'), :class:`gridgames.InconsistentError` (no layout fits the view),
    :class:`gridgames.TooManyMinesError` (more mines than cells),
    :class:`gridgames.ZeroSizeError`, :class:`gridgames.TooComplexError` (a contrived
    frontier too entangled to count); ValueError for ragged rows, OverflowError for a
    ``mines`` that size_t cannot hold.

    >>> probabilities(["E1E"], 1)  # one mine, next to the '1'
    [[0.5, nan, 0.5]]
    """
    cells, rows, cols, mines = _solver_args(view, mines)
    # At least one element: never NULL, so an empty view is reported as such by the library.
    out = (ctypes.c_double * max(rows * cols, 1))()
    _lib.check(_probabilities(cells, rows, cols, mines, out))
    return [
        [_NAN if p < 0.0 else p for p in out[r * cols : (r + 1) * cols]] for r in range(rows)
    ]


def hint(view: Sequence[Row], mines: int) -> Hint:
    """The best next cell to reveal on a player view (as for :func:`probabilities`), with its
    exact mine probability: a certainly safe cell (``risk == 0.0``) whenever one exists,
    otherwise the solver's best guess. On a view with nothing revealed it is the first click,
    cell (2, 2) ((3, 3) on boards with one side at least 1.5 times the other, as expert's
    16 x 30; nearer the middle on boards narrower than 5), which suits games whose first click
    opens a zero (:attr:`FirstClick.OPENING`).

    Errors: those of :func:`probabilities`, and :class:`gridgames.GameOverError` when no hidden
    cell can be safe (nothing is hidden, or every hidden cell holds a mine: the game is won).

    >>> hint(["B1E1B", "B1E1B", "B111B", "BBBBB"], 1)
    Hint(row=0, col=2, risk=0.0)
    """
    cells, rows, cols, mines = _solver_args(view, mines)
    row, col, risk = ctypes.c_size_t(), ctypes.c_size_t(), ctypes.c_double()
    _lib.check(
        _hint(cells, rows, cols, mines, ctypes.byref(row), ctypes.byref(col), ctypes.byref(risk))
    )
    return Hint(row.value, col.value, risk.value)


class Effort(enum.IntEnum):
    """How much :func:`hint_with` looks ahead (``GG_EFFORT_*``): time against strength."""

    #: The safest cell, no look-ahead and no endgame search.
    FAST = 0
    #: What :func:`hint` does.
    STANDARD = 1
    #: Twice as many candidates in the look-ahead, four times the budget.
    DEEP = 2


class _CHintOptions(ctypes.Structure):
    _fields_ = [("first_click", ctypes.c_uint32), ("effort", ctypes.c_uint32)]


_hint_with = _lib.declare(
    "gg_mines_hint_with",
    ctypes.c_int32,
    _SOLVER_IN + [ctypes.POINTER(_CHintOptions), _P_SIZE, _P_SIZE, _P_DOUBLE, _P_DOUBLE],
)


class HintReport(NamedTuple):
    """What :func:`hint_with` advises, and the exact win chance when the endgame search
    computed one (NaN otherwise)."""

    row: int
    col: int
    risk: float
    win: float


def hint_with(
    view: Sequence[Row],
    mines: int,
    first_click: int = FirstClick.OPENING,
    effort: int = Effort.STANDARD,
) -> HintReport:
    """:func:`hint` under the game's first-click rule (on an all-hidden view: :func:`hint`'s
    first click when the first click opens, the corner (0, 0) otherwise) and with the :class:`Effort` asked for,
    through ``gg_mines_hint_with``.

    >>> hint_with(["E" * 9] * 9, 10, FirstClick.SAFE)[:2]
    (0, 0)
    """
    cells, rows, cols, mines = _solver_args(view, mines)
    options = _CHintOptions(
        _unsigned(first_click, 32, "first_click"), _unsigned(effort, 32, "effort")
    )
    row, col = ctypes.c_size_t(), ctypes.c_size_t()
    risk, win = ctypes.c_double(), ctypes.c_double()
    _lib.check(
        _hint_with(
            cells, rows, cols, mines, ctypes.byref(options), ctypes.byref(row),
            ctypes.byref(col), ctypes.byref(risk), ctypes.byref(win),
        )
    )
    return HintReport(row.value, col.value, risk.value, win.value)


_solvable = _lib.declare(
    "gg_mines_solvable",
    ctypes.c_int32,
    [
        ctypes.c_char_p,
        ctypes.c_size_t,
        ctypes.c_size_t,
        ctypes.c_size_t,
        ctypes.c_size_t,
        ctypes.c_uint32,
        _P_SIZE,
    ],
)


def solvable(board: Sequence[Row], row: int, col: int, logic: int = Logic.WITH_COUNT) -> int:
    """How many safe cells stay hidden when ``board`` is played from a click at (row, col),
    revealing, over and over, every cell that is safe in every layout that fits what is
    revealed (exactly, not by patterns); 0 means the board needs no guess.

    ``board`` is a list of rows in the alphabet of :func:`click`: 'M' a hidden mine, 'E' a
    hidden safe cell, 'B' and '1'-'8' revealed (they must match their neighbours), 'X' a mine
    whose place is known. ``logic`` says which layouts fit: :attr:`Logic.NUMBERS_ONLY` those
    that agree with the numbers, :attr:`Logic.WITH_COUNT` those that also hold the board's
    number of mines.

    Errors: :class:`gridgames.InvalidArgumentError` (a click on a mine, an unknown logic),
    :class:`gridgames.OutOfBoundsError`, :class:`gridgames.InvalidCellError`,
    :class:`gridgames.InconsistentError`, :class:`gridgames.ZeroSizeError`; ValueError for
    ragged rows.

    >>> solvable(["EEME"], 0, 0, Logic.NUMBERS_ONLY)  # the '1' finds the mine...
    1
    >>> solvable(["EEME"], 0, 0, Logic.WITH_COUNT)  # ...and the count clears the last cell
    0
    """
    cells, rows, cols = _cells(board, "mines board", _BOARD_CELLS)
    left = ctypes.c_size_t()
    _lib.check(
        _solvable(
            cells,
            rows,
            cols,
            _unsigned(row, _SIZE_BITS, "row"),
            _unsigned(col, _SIZE_BITS, "col"),
            _unsigned(logic, 32, "logic"),
            ctypes.byref(left),
        )
    )
    return left.value


__all__ = [
    "BoardStats",
    "Config",
    "FirstClick",
    "Game",
    "Hint",
    "Logic",
    "NoGuess",
    "PlayStats",
    "State",
    "click",
    "hint",
    "measure",
    "probabilities",
    "solvable",
]
