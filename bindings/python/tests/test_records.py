"""Save, load and undo of Minesweeper games, and Snakes and Ladders game sessions."""

from __future__ import annotations

import pytest

import gridgames
from gridgames import mines, snakes


def expert(seed: int) -> mines.Game:
    return mines.Game.new(16, 30, 99, seed, mines.FirstClick.OPENING)


def seen(game: mines.Game):
    return game.view(), game.board(), game.state, game.stats(), game.moves


def test_a_saved_game_loads_as_the_same_game_and_plays_on_alike():
    with expert(2024) as game:
        game.reveal(8, 15)
        game.toggle_flag(0, 0)
        record = game.save()
        assert isinstance(record, bytes) and len(record) < 2048
        with mines.Game.load(record) as loaded:
            assert (loaded.rows, loaded.cols, loaded.mines) == (16, 30, 99)
            assert seen(loaded) == seen(game)
            assert loaded.moves == [
                mines.Move(mines.MoveKind.REVEAL, 8, 15),
                mines.Move(mines.MoveKind.FLAG, 0, 0),
            ]
            for r, c in [(0, 1), (5, 5), (15, 29)]:
                if game.state != mines.State.PLAYING:
                    break
                game.reveal(r, c)
                loaded.reveal(r, c)
                assert seen(loaded) == seen(game)


def test_undo_goes_back_to_a_new_game():
    with expert(7) as game, expert(7) as fresh:
        game.reveal(8, 15)
        game.toggle_flag(1, 1)
        game.undo()
        game.undo()
        assert seen(game) == seen(fresh)
        with pytest.raises(gridgames.NothingToUndoError):
            game.undo()


def test_a_damaged_record_is_refused_with_a_reason():
    with expert(3) as game:
        record = bytearray(game.save())
    record[10] ^= 1
    with pytest.raises(gridgames.BadRecordError, match="checksum"):
        mines.Game.load(bytes(record))
    with pytest.raises(gridgames.BadRecordError):
        mines.Game.load(b"GGMS")


def milton_bradley() -> list:
    jumps = [-1] * 100
    for a, b in [(1, 38), (4, 14), (9, 31), (21, 42), (28, 84), (36, 44), (51, 67), (71, 91),
                 (80, 100), (16, 6), (47, 26), (49, 11), (56, 53), (62, 19), (64, 60), (87, 24),
                 (93, 73), (95, 75), (98, 78)]:
        jumps[a - 1] = b
    return jumps


def test_a_seeded_two_player_game_plays_to_a_winner():
    with snakes.Game(milton_bradley(), players=2, seed=2024) as game:
        assert game.players == 2 and game.positions == [0, 0] and game.winner is None
        turns = []
        while game.winner is None:
            turns.append(game.roll())
        last = turns[-1]
        assert last.won and last.to == 100 and game.winner == last.player
        assert game.turns == len(turns) and game.history == turns
        assert [t.player for t in turns[:4]] == [0, 1, 0, 1]
        with pytest.raises(gridgames.GameOverError):
            game.roll()
        game.undo()
        assert game.roll() == last  # the die was put back


def test_sessions_save_and_load_and_take_engine_faces():
    with snakes.Game(milton_bradley(), players=3, seed=5) as game:
        assert game.play(1) == snakes.Turn(0, 1, 0, 38, False)
        with pytest.raises(gridgames.InvalidArgumentError):
            game.play(7)
        for _ in range(9):
            game.roll()
        with snakes.Game.load(game.save()) as loaded:
            assert loaded.positions == game.positions and loaded.turns == 10
            assert [loaded.roll() for _ in range(20)] == [game.roll() for _ in range(20)]
        with pytest.raises(gridgames.BadRecordError):
            snakes.Game.load(b"GGSL\x01\x00")
