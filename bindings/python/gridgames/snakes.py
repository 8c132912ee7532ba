"""Snakes and Ladders: lists of rows in, plain Python values out.

A board is a list of n rows of n ints, row 0 on top, numbered boustrophedon from the bottom-left
cell (square 1); each cell is -1 or the destination square of a snake or ladder.

The real game (README "Snakes and Ladders: the real game") takes a jump table instead: a list of
N ints where ``jumps[s - 1]`` is the destination of square s (1..N), or -1 for none
(:func:`grid_to_jumps` converts a grid), and :class:`Rules` saying how the game is played.

    >>> jumps = [-1] * 10
    >>> jumps[0], jumps[7] = 5, 2            # a ladder 1 -> 5, a snake 8 -> 2
    >>> shortest_turns(jumps)                # the fewest turns from off the board
    2
    >>> faces = shortest(jumps)              # the faces of one such game
    >>> move(jumps, move(jumps, 0, faces[0]), faces[1])
    10
    >>> round(expected_turns(jumps, Rules(faces=6, overshoot=Overshoot.FINISH)), 6)
    3.7881
"""

from __future__ import annotations

import array
import ctypes
import enum
import itertools
import operator
from dataclasses import dataclass
from typing import List, NamedTuple, Optional, Sequence

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


# ---- the real game (issue 4) -------------------------------------------------------------------


class Overshoot(enum.IntEnum):
    """What a roll past the last square N does (``GG_OVERSHOOT_*``)."""

    #: The player does not move and the turn is used: N must be hit exactly.
    STAY = 0
    #: A roll aiming at t > N lands on 2N - t (and takes its jump); needs faces <= N.
    BOUNCE = 1
    #: A roll past N finishes on N.
    FINISH = 2


_SIZE_BITS = 8 * ctypes.sizeof(ctypes.c_size_t)


def _unsigned(value: int, bits: int, what: str) -> int:
    """value as an int that fits `bits` bits; OverflowError otherwise (ctypes would wrap it)."""
    v = operator.index(value)
    if not 0 <= v < 1 << bits:
        raise OverflowError(f"{what} is {v}; it must be 0..{(1 << bits) - 1}")
    return v


@dataclass(frozen=True)
class Rules:
    """How the game is played (``gg_snakes_rules``). The default is the Milton Bradley game: a
    six-faced die, exact landing, players starting off the board.

    Values a C field cannot hold raise OverflowError (TypeError for a non-int) here; the rest
    (0 faces, an unknown overshoot rule, ``start >= N``, bounce with ``faces > N``) is checked by
    the library at each call and raises :class:`gridgames.InvalidArgumentError`."""

    #: Die faces, 1..; each equally likely.
    faces: int = 6
    #: An :class:`Overshoot` rule.
    overshoot: int = Overshoot.STAY
    #: 0: off the board (a first roll of k lands on square k and takes its jump); s in 1..N-1:
    #: standing on square s (its jump is not taken). 1 is the LeetCode start.
    start: int = 0

    def __post_init__(self) -> None:
        _unsigned(self.faces, 32, "faces")
        rule = _unsigned(self.overshoot, 32, "overshoot")
        if rule in Overshoot.__members__.values():
            object.__setattr__(self, "overshoot", Overshoot(rule))
        _unsigned(self.start, _SIZE_BITS, "start")

    def _to_c(self) -> "_CRules":
        return _CRules(self.faces, self.overshoot, self.start)


class _CRules(ctypes.Structure):
    # gg_snakes_rules, field for field (tests/test_snakes_game.py compares with the header).
    _fields_ = [
        ("faces", ctypes.c_uint32),
        ("overshoot", ctypes.c_uint32),
        ("start", ctypes.c_size_t),
    ]


_u32 = ctypes.c_uint32
_size = ctypes.c_size_t
_f64 = ctypes.c_double
_P_RULES = ctypes.POINTER(_CRules)
_P_F64 = ctypes.POINTER(_f64)
_TABLE = [_P_I32, _size, _P_RULES]

_grid_to_jumps = _lib.declare(
    "gg_snakes_grid_to_jumps", _i32, [_P_I32, _size, _size, _P_I32, _size]
)
_move = _lib.declare("gg_snakes_move", _i32, _TABLE + [_size, _u32, ctypes.POINTER(_size)])
_shortest = _lib.declare(
    "gg_snakes_shortest",
    _i32,
    _TABLE + [ctypes.POINTER(_u32), _size, ctypes.POINTER(ctypes.c_int64)],
)
_expected_turns = _lib.declare("gg_snakes_expected_turns", _i32, _TABLE + [_P_F64])
_length_distribution = _lib.declare(
    "gg_snakes_length_distribution", _i32, _TABLE + [_u32, _P_F64, _size, _P_F64]
)
_win_chances = _lib.declare("gg_snakes_win_chances", _i32, _TABLE + [_u32, _P_F64])

_STANDARD = Rules()


def _table(jumps: Sequence[int], rules: Rules) -> tuple:
    """(jumps as a C array, N, rules as a C struct): the first three arguments of each call."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a gridgames.snakes.Rules, not {type(rules).__name__}")
    cells = _int32_cells([jumps])
    return cells, len(jumps), ctypes.byref(rules._to_c())


def grid_to_jumps(board: Sequence[Sequence[int]]) -> List[int]:
    """The jump table of a LeetCode grid: rows of ints, row 0 on top, square 1 at the bottom
    left, rows alternating direction (rectangles too). Square 1 may hold a jump; square N may
    not.

    >>> grid_to_jumps([[-1, -1, -1], [4, 2, -1]])  # bottom row: squares 1 2 3; top: 6 5 4
    [4, 2, -1, -1, -1, -1]
    """
    rows, cols = _lib.grid_shape(board, "snakes grid")
    cells = _int32_cells(board)
    jumps = (_i32 * max(rows * cols, 1))()
    _lib.check(_grid_to_jumps(cells, rows, cols, jumps, rows * cols))
    return jumps[: rows * cols]


def move(jumps: Sequence[int], position: int, face: int, rules: Rules = _STANDARD) -> int:
    """The position after rolling ``face`` from ``position`` (0: off the board, 1..N a square).
    Raises :class:`gridgames.GameOverError` when ``position`` is N and
    :class:`gridgames.OutOfBoundsError` (an IndexError) when it is past N.

    >>> move([-1, -1, -1, 2, -1], 3, 1)      # square 4 holds a snake to 2
    2
    """
    v = operator.index(position)
    if not 0 <= v < 1 << _SIZE_BITS:
        raise IndexError(f"position {v} is outside the board 0..{len(jumps)}")
    face = _unsigned(face, 32, "face")
    to = _size()
    _lib.check(_move(*_table(jumps, rules), v, face, ctypes.byref(to)))
    return to.value


def shortest_turns(jumps: Sequence[int], rules: Rules = _STANDARD) -> Optional[int]:
    """The fewest turns from ``rules.start`` to square N when the player chooses every face, or
    None when N cannot be reached. The overshoot rule never changes it."""
    turns = ctypes.c_int64()
    _lib.check(_shortest(*_table(jumps, rules), None, 0, ctypes.byref(turns)))
    return None if turns.value < 0 else turns.value


def shortest(jumps: Sequence[int], rules: Rules = _STANDARD) -> Optional[List[int]]:
    """The faces of one shortest game, in order (its length is the fewest turns), or None when
    N cannot be reached. Replaying them with :func:`move` from ``rules.start`` ends on N."""
    args = _table(jumps, rules)
    # Count first (cap 0), then fill a buffer of that size.
    turns = ctypes.c_int64()
    _lib.check(_shortest(*args, None, 0, ctypes.byref(turns)))
    if turns.value < 0:
        return None
    faces = (_u32 * max(turns.value, 1))()
    _lib.check(_shortest(*args, faces, turns.value, ctypes.byref(turns)))
    return faces[: turns.value]


def expected_turns(jumps: Sequence[int], rules: Rules = _STANDARD) -> float:
    """The mean number of turns one player needs with a fair die, to a relative error of 1e-9;
    ``math.inf`` when the game can fail to end (a position reachable from the start cannot
    reach N)."""
    out = _f64()
    _lib.check(_expected_turns(*_table(jumps, rules), ctypes.byref(out)))
    return out.value


class Lengths(NamedTuple):
    """The result of :func:`length_distribution`."""

    #: probs[t - 1] is P(the game ends in round t), for t = 1..rounds.
    probs: List[float]
    #: P(the game has not ended after ``rounds`` rounds), including games that never end.
    tail: float


def length_distribution(
    jumps: Sequence[int], players: int, rounds: int, rules: Rules = _STANDARD
) -> Lengths:
    """When a game of ``players`` players ends: they each roll once per round, in turn order, all
    from ``rules.start``, and the game ends when one of them reaches N. No probability is
    negative, and ``sum(probs) + tail`` is 1 within 1e-12."""
    players = _unsigned(players, 32, "players")
    rounds = _unsigned(rounds, _SIZE_BITS, "rounds")
    args = _table(jumps, rules)
    probs = (_f64 * rounds)() if rounds else None  # MemoryError for absurd rounds
    tail = _f64()
    _lib.check(_length_distribution(*args, players, probs, rounds, ctypes.byref(tail)))
    return Lengths(probs[:] if probs is not None else [], tail.value)


def win_chances(jumps: Sequence[int], players: int, rules: Rules = _STANDARD) -> List[float]:
    """P(player i wins) for i = 0..players-1, each within 1e-9 (player 0 rolls first). They sum
    to P(the game ends), below 1 when players can get stuck for good."""
    players = _unsigned(players, 32, "players")
    args = _table(jumps, rules)
    chances = (_f64 * max(players, 1))()  # never NULL: 0 players is the library's to report
    _lib.check(_win_chances(*args, players, chances))
    return chances[:players]


__all__ = [
    "Lengths",
    "Overshoot",
    "Rules",
    "expected_turns",
    "grid_to_jumps",
    "length_distribution",
    "min_rolls",
    "move",
    "shortest",
    "shortest_turns",
    "win_chances",
]


# ---- game sessions ------------------------------------------------------------------------------


class Turn(NamedTuple):
    """One turn (``gg_snakes_turn``)."""

    #: Who rolled, 0-based.
    player: int
    #: The face rolled, 1..faces.
    face: int
    #: Where the player stood before the roll (0 is off the board).
    from_: int
    #: Where the player stands after the roll and any jump.
    to: int
    #: Whether this turn reached the last square and won.
    won: bool


class _CTurn(ctypes.Structure):
    # gg_snakes_turn, field for field.
    _fields_ = [
        ("player", _u32),
        ("face", _u32),
        ("from_", _size),
        ("to", _size),
        ("won", _u32),
    ]


class _CState(ctypes.Structure):
    # gg_snakes_state, field for field.
    _fields_ = [("next_player", _u32), ("winner", _u32), ("turns", ctypes.c_uint64)]


class _CGameConfig(ctypes.Structure):
    # gg_snakes_game_config, field for field.
    _fields_ = [
        ("jumps", _P_I32),
        ("squares", _size),
        ("rules", _CRules),
        ("players", _u32),
        ("seed", ctypes.c_uint64),
    ]


_P_GAME = ctypes.POINTER(ctypes.c_void_p)
_P_SIZE = ctypes.POINTER(_size)
_game_new = _lib.declare("gg_snakes_game_new", _i32, [ctypes.POINTER(_CGameConfig), _P_GAME])
_game_roll = _lib.declare("gg_snakes_game_roll", _i32, [ctypes.c_void_p, ctypes.POINTER(_CTurn)])
_game_play = _lib.declare(
    "gg_snakes_game_play", _i32, [ctypes.c_void_p, _u32, ctypes.POINTER(_CTurn)]
)
_game_state = _lib.declare(
    "gg_snakes_game_state", _i32, [ctypes.c_void_p, ctypes.POINTER(_CState)]
)
_game_positions = _lib.declare("gg_snakes_game_positions", _i32, [ctypes.c_void_p, _P_SIZE, _size])
_game_size = _lib.declare(
    "gg_snakes_game_size", _i32, [ctypes.c_void_p, ctypes.POINTER(_u32), _P_SIZE]
)
_game_save = _lib.declare(
    "gg_snakes_game_save", _i32, [ctypes.c_void_p, ctypes.c_char_p, _size, _P_SIZE]
)
_game_load = _lib.declare("gg_snakes_game_load", _i32, [ctypes.c_char_p, _size, _P_GAME])
_game_undo = _lib.declare("gg_snakes_game_undo", _i32, [ctypes.c_void_p])
_game_turns = _lib.declare(
    "gg_snakes_game_turns", _i32, [ctypes.c_void_p, ctypes.POINTER(_CTurn), _size, _P_SIZE]
)

#: ``gg_snakes_state.winner`` while nobody has won.
NO_WINNER = 0xFFFFFFFF


class Game(_lib.Handle):
    """A game of Snakes and Ladders played turn by turn (a ``gg_snakes_game`` handle): players
    take turns in order with the game's seeded die (:meth:`roll`) or faces of the caller's own
    dice (:meth:`play`); the first to reach the last square wins. The same seed gives the same
    rolls everywhere. A board with a loop some player can never leave still plays, and such a
    game may never end.

    >>> jumps = [-1] * 10
    >>> jumps[0] = 5
    >>> with Game(jumps, players=2, seed=7) as game:
    ...     first = game.roll()
    ...     game.undo()
    ...     game.roll() == first  # undo puts the die back too
    True
    """

    _free = _lib.declare("gg_snakes_game_free", None, [ctypes.c_void_p])

    def __init__(
        self, jumps: Sequence[int], rules: Rules = _STANDARD, players: int = 2, seed: int = 0
    ) -> None:
        cells, squares, rules_c = _table(jumps, rules)
        cfg = _CGameConfig(
            ctypes.cast(cells, _P_I32),
            squares,
            rules._to_c(),
            _unsigned(players, 32, "players"),
            _unsigned(seed, 64, "seed"),
        )
        del rules_c
        pointer = ctypes.c_void_p()
        _lib.check(_game_new(ctypes.byref(cfg), ctypes.byref(pointer)))
        _lib.Handle.__init__(self, pointer)

    def _turn(self, fn, *args) -> Turn:
        out = _CTurn()
        self._call(fn, *args, ctypes.byref(out))
        return Turn(out.player, out.face, out.from_, out.to, bool(out.won))

    def roll(self) -> Turn:
        """The next player's turn with the game's own die. :class:`gridgames.GameOverError`
        once someone has won."""
        return self._turn(_game_roll)

    def play(self, face: int) -> Turn:
        """The next player's turn with ``face`` from the caller's dice (1..faces)."""
        return self._turn(_game_play, _unsigned(face, 32, "face"))

    def undo(self) -> None:
        """Takes back the last turn, the die included: a roll after an undo repeats the undone
        roll. :class:`gridgames.NothingToUndoError` when no turn has been played."""
        self._call(_game_undo)

    def _state(self) -> _CState:
        out = _CState()
        self._call(_game_state, ctypes.byref(out))
        return out

    @property
    def next_player(self) -> int:
        return self._state().next_player

    @property
    def winner(self) -> Optional[int]:
        """The winner, or None while the game is on."""
        w = self._state().winner
        return None if w == NO_WINNER else w

    @property
    def turns(self) -> int:
        """Turns taken so far by all players."""
        return self._state().turns

    @property
    def players(self) -> int:
        players, squares = _u32(), _size()
        self._call(_game_size, ctypes.byref(players), ctypes.byref(squares))
        return players.value

    @property
    def history(self) -> List[Turn]:
        """Every turn played so far, in order."""
        with self._lock:
            if self._pointer is None:
                raise self._closed_error()
            count = _size()
            status = _game_turns(self._pointer, None, 0, ctypes.byref(count))
            if count.value == 0:
                _lib.check(status)
                return []
            out = (_CTurn * count.value)()
            _lib.check(_game_turns(self._pointer, out, count.value, ctypes.byref(count)))
            return [Turn(t.player, t.face, t.from_, t.to, bool(t.won)) for t in out]

    @property
    def positions(self) -> List[int]:
        """Every player's position, player 0 first (0 is off the board)."""
        n = self.players
        out = (_size * n)()
        self._call(_game_positions, out, n)
        return list(out)

    def save(self) -> bytes:
        """The game as a self-contained record: the configuration and every turn."""
        with self._lock:
            if self._pointer is None:
                raise self._closed_error()
            size = _size()
            _game_save(self._pointer, None, 0, ctypes.byref(size))
            buf = ctypes.create_string_buffer(size.value)
            _lib.check(_game_save(self._pointer, buf, size.value, ctypes.byref(size)))
            return buf.raw[: size.value]

    @classmethod
    def load(cls, record: bytes) -> "Game":
        """The game a record of :meth:`save` holds, its turns replayed: it rolls the same
        future. :class:`gridgames.BadRecordError` for a record :meth:`save` did not write."""
        data = bytes(record)
        pointer = ctypes.c_void_p()
        _lib.check(_game_load(data, len(data), ctypes.byref(pointer)))
        game = cls.__new__(cls)
        _lib.Handle.__init__(game, pointer)
        return game

    def __repr__(self) -> str:
        if self.closed:
            return "<snakes.Game, closed>"
        return f"<snakes.Game, {self.players} players, {self.turns} turns>"
