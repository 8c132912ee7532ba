"""gridgames.mines.measure and Game.stats (gg_mines_measure, gg_mines_stats): the README's worked
example, a played game, the structs against the header, and the errors."""

from __future__ import annotations

import ctypes
import re

import pytest

import gridgames
from gridgames import mines
from gridgames.mines import BoardStats, Game, PlayStats, State

C_TYPES = {"size_t": ctypes.c_size_t}


def struct_fields(header: str, name: str) -> list[tuple[str, object]]:
    body = re.search(rf"typedef struct {name} \{{(.*?)\}} {name};", header, re.S)
    assert body, f"no {name} in the header"
    fields = []
    for t, field, n in re.findall(r"^\s*(\w+) (\w+)(?:\[(\d+)\])?;", body[1], re.M):
        fields.append((field, C_TYPES[t] * int(n) if n else C_TYPES[t]))
    return fields


def test_structs_match_the_header(header):
    board = struct_fields(header, "gg_mines_board_stats")
    assert [f for f, _ in board] == [f for f, _ in mines._CBoardStats._fields_]
    for (_, want), (_, got) in zip(board, mines._CBoardStats._fields_):
        assert ctypes.sizeof(want) == ctypes.sizeof(got)
    assert struct_fields(header, "gg_mines_play_stats") == mines._CPlayStats._fields_
    assert list(PlayStats._fields) == [f for f, _ in mines._CPlayStats._fields_]


def test_worked_example():
    stats = mines.measure(["EEEEE", "EEEEE", "MEEEM", "EEEEE", "EMEEE"])
    assert stats == BoardStats(4, 2, 1, 4, (9, 11, 2, 0, 0, 0, 0, 0, 0))


def test_revealed_cells_must_agree_but_do_not_change_the_statistics():
    assert mines.measure(["1E1", "EXE", "1E1"]) == mines.measure(["EEE", "EME", "EEE"])
    with pytest.raises(gridgames.InconsistentError, match=r"cell \(0, 0\)"):
        mines.measure(["2M", "EE"])
    with pytest.raises(gridgames.InvalidCellError):
        mines.measure(["EQ"])
    with pytest.raises(gridgames.ZeroSizeError):
        mines.measure([])
    with pytest.raises(ValueError):
        mines.measure(["EEE", "EE"])


def test_play_stats_count_every_accepted_move():
    with Game.from_board(["EEEEE", "EEMEE", "EEEEE", "EEEEE"]) as game:
        assert game.stats() == PlayStats(2, 0, 0, 0, 0, 0, 0, 0)
        game.reveal(3, 0)
        game.reveal(3, 0)  # already revealed: accepted, not effective
        game.toggle_flag(1, 2)
        with pytest.raises(IndexError):
            game.reveal(9, 9)
        game.chord(1, 1)
        assert game.state is State.WON
        stats = game.stats()
        assert stats == PlayStats(
            bbbv=2,
            bbbv_solved=2,
            left_clicks=2,
            right_clicks=1,
            chords=1,
            effective_clicks=3,
            flags=1,
            revealed=19,
        )
    with pytest.raises(ValueError):
        game.stats()
