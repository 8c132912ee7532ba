"""gridgames.mines.Game (gg_mines sessions): known games, a win, losses, chords, every error
class, with/close(), and boards generated exactly as README "Reproducibility promise" says."""

from __future__ import annotations

import copy
import ctypes
import gc
import pickle
import re

import pytest

import gridgames
from gridgames import mines
from gridgames.mines import Config, FirstClick, Game, Logic, NoGuess, State

# 9 x 9, 10 mines, seed 2024, OPENING first click at (4, 4): pinned by the README.
GOLDEN_ROWS = "EEEEEEMME MEMEEEEEE EMEEEEEEE EEEEEEMEE EEEEEEEME MEMEEEEEE EEEEEEEEE EMEEEEEEE EEEEEEEEE"
GOLDEN = GOLDEN_ROWS.split()
SIZE_MAX = 2 ** (8 * ctypes.sizeof(ctypes.c_size_t)) - 1


def text(grid) -> list[str]:
    return ["".join(row) for row in grid]


def layout(rows, cols, k, seed, excluded):
    """README "Reproducibility promise", transcribed as printed there."""
    M64 = (1 << 64) - 1
    s = seed

    def draw():
        nonlocal s
        s = (s + 0x9E3779B97F4A7C15) & M64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)

    def below(n):
        while True:
            m = draw() * n
            if m & M64 >= ((1 << 64) - n) % n:
                return m >> 64

    allowed = [i for i in range(rows * cols) if i not in excluded]
    n, chosen = len(allowed), set()
    for j in range(n - k, n):
        t = below(j + 1)
        chosen.add(j if t in chosen else t)
    return {allowed[t] for t in chosen}


def mine_cells(board) -> set[int]:
    cols = len(board[0])
    return {r * cols + c for r, row in enumerate(board) for c, ch in enumerate(row) if ch in "MX"}


# ---- the C API's constants and struct ---------------------------------------------------------


def test_constants_match_the_header(header_defines):
    def with_prefix(prefix):
        return {k: v for k, v in header_defines.items() if k.startswith(prefix)}

    assert with_prefix("GG_FIRST_CLICK_") == {f"GG_FIRST_CLICK_{m.name}": m for m in FirstClick}
    assert with_prefix("GG_MINES_") == {f"GG_MINES_{m.name}": m for m in State}
    assert with_prefix("GG_NO_GUESS_") == {f"GG_NO_GUESS_{m.name}": m for m in NoGuess}
    assert with_prefix("GG_SOLVE_") == {f"GG_SOLVE_{m.name}": m for m in Logic}


def test_config_struct_matches_the_header(header):
    body = re.search(r"typedef struct gg_mines_config \{(.*?)\} gg_mines_config;", header, re.S)
    assert body, "no gg_mines_config in the header"
    c_types = {"size_t": ctypes.c_size_t, "uint64_t": ctypes.c_uint64, "uint32_t": ctypes.c_uint32}
    fields = [(name, c_types[t]) for t, name in re.findall(r"^\s*(\w+) (\w+);", body[1], re.M)]
    assert fields == mines._CConfig._fields_


# ---- known games ------------------------------------------------------------------------------


def test_golden_game_and_its_view():
    config = Config(9, 9, 10, seed=2024, first_click=FirstClick.OPENING)
    with Game(config) as game:
        assert (game.rows, game.cols, game.config) == (9, 9, config)
        assert game.state is State.PLAYING
        assert text(game.board()) == ["E" * 9] * 9  # no mine before the first reveal
        game.reveal(4, 4)
        want = text(mines.click(GOLDEN, 4, 4))
        assert text(game.board()) == want
        assert text(game.view()) == [row.replace("M", "E") for row in want]
        assert game.state is State.PLAYING
        assert repr(game) == "<Game 9 x 9, playing>"


@pytest.mark.parametrize("rule", list(FirstClick))
def test_boards_follow_the_documented_generator(rule):
    rows, cols, k, first = 7, 11, 20, (3, 5)
    block = {r * 9 + c for r in (3, 4, 5) for c in (3, 4, 5)}
    assert mine_cells(GOLDEN) == layout(9, 9, 10, 2024, block)  # the transcription itself
    excluded = {
        FirstClick.ANY: set(),
        FirstClick.SAFE: {first[0] * cols + first[1]},
        FirstClick.OPENING: {r * cols + c for r in (2, 3, 4) for c in (4, 5, 6)},
    }[rule]
    for seed in (0, 1, 2024, 2**64 - 1):
        with Game.new(rows, cols, k, seed, rule) as game:
            game.reveal(*first)  # under ANY this may hit a mine; the mines stay where they are
            assert mine_cells(game.board()) == layout(rows, cols, k, seed, excluded), seed


def test_same_seed_same_board_other_seed_other_board():
    def board_after_first_click(seed):
        with Game.new(16, 30, 99, seed, FirstClick.SAFE) as game:
            game.reveal(8, 15)
            return game.board()

    assert board_after_first_click(7) == board_after_first_click(7)
    assert board_after_first_click(7) != board_after_first_click(8)


def test_win_by_reveal_safe_first_click():
    for seed in range(10):
        with Game.new(3, 3, 8, seed) as game:  # SAFE by default: the first reveal is never a mine
            assert game.config.first_click is FirstClick.SAFE
            game.reveal(0, 0)
            assert text(game.view()) == ["3EE", "EEE", "EEE"]
            assert game.state is State.WON


def test_win_by_chord_and_flags():
    with Game.from_board(["EEEEE", "EEEEE", "EEEEM"]) as game:
        assert game.config is None and (game.rows, game.cols) == (3, 5)
        game.toggle_flag(0, 4)  # a wrong flag, on a safe cell
        game.reveal(0, 4)  # flagged: nothing
        game.reveal(0, 0)
        assert text(game.view()) == ["BBBBF", "BBB11", "BBB1E"]
        assert text(game.board()) == ["BBBBE", "BBB11", "BBB1M"]
        game.chord(2, 3)  # no flag next to this '1': nothing
        game.toggle_flag(2, 4)
        game.chord(1, 4)  # two flags next to a '1': nothing
        assert text(game.view()) == ["BBBBF", "BBB11", "BBB1F"]
        game.toggle_flag(0, 4)
        game.chord(1, 4)
        assert game.state is State.WON
        assert text(game.view()) == ["BBBBB", "BBB11", "BBB1F"]
        for move in (game.reveal, game.toggle_flag, game.chord):
            with pytest.raises(gridgames.GameOverError, match="already won"):
                move(0, 0)
        assert text(game.view()) == ["BBBBB", "BBB11", "BBB1F"]


def test_loss_by_chord_next_to_a_wrong_flag():
    with Game.from_board(["MEM", "E2E", "EEE"]) as game:
        game.toggle_flag(0, 0)
        game.toggle_flag(0, 1)  # wrong
        game.chord(1, 1)
        assert game.state is State.LOST
        assert text(game.view()) == ["MFX", "121", "BBB"]
        assert text(game.board()) == ["MEX", "121", "BBB"]
        with pytest.raises(gridgames.GameOverError, match="already lost"):
            game.chord(1, 1)


def test_loss_by_reveal():
    with Game.new(6, 7, 12, 99, FirstClick.ANY) as game:
        board = text(game.board())
        mine = next((r, c) for r, row in enumerate(board) for c, ch in enumerate(row) if ch == "M")
        game.toggle_flag(5, 6)
        game.reveal(*mine)
        assert game.state is State.LOST
        view = text(game.view())
        assert view[mine[0]][mine[1]] == "X"
        for r in range(6):
            for c in range(7):
                if (r, c) != mine:
                    # Every other mine shows, flagged or not; the rest stays hidden.
                    want = "M" if board[r][c] == "M" else "F" if (r, c) == (5, 6) else "E"
                    assert view[r][c] == want, (r, c)
        with pytest.raises(gridgames.GameOverError):
            game.reveal(0, 0)


def test_from_board_states_and_row_types():
    with Game.from_board([b"B1E1B", bytearray(b"B1X1B"), list("B111B"), "BBBBB"]) as lost:
        assert lost.state is State.LOST
        assert text(lost.view()) == ["B1E1B", "B1X1B", "B111B", "BBBBB"]
    with Game.from_board(["M1"]) as won:
        assert won.state is State.WON


# ---- errors -----------------------------------------------------------------------------------


def test_library_errors_carry_status_and_detail():
    new, from_board = Game.new, Game.from_board
    cases = [
        (new, (3, 3, 10, 1, FirstClick.ANY), gridgames.TooManyMinesError,
         "10 mines do not fit on a 3 x 3 board; at most 9 are allowed"),
        (new, (9, 9, 73, 1, FirstClick.OPENING), gridgames.TooManyMinesError, "at most 72"),
        (new, (0, 9, 0, 1), gridgames.ZeroSizeError, "0 x 9"),
        (new, (SIZE_MAX, 2, 0, 1), gridgames.SizeOverflowError, "exceed"),
        (new, (9, 9, 10, 1, 3), gridgames.InvalidArgumentError, "first_click is 3"),
        (new, (9, 9, 10, 1, FirstClick.ANY, True), gridgames.InvalidArgumentError, "SAFE or OPENING"),
        (new, (9, 9, 10, 1, FirstClick.SAFE, 7), gridgames.InvalidArgumentError, "no_guess is 7"),
        (from_board, (["EE", "FE"],), gridgames.InvalidCellError, "cell (1, 0) holds 'F'"),
        (from_board, (["M2E"],), gridgames.InconsistentError,
         "cell (0, 1) shows '2' (0x32) but 1 of its neighbours are mines"),
        (from_board, ([],), gridgames.ZeroSizeError, "0 x 0"),
    ]
    for make, args, cls, detail in cases:
        with pytest.raises(cls) as info:
            make(*args)
        err = info.value
        assert detail in err.detail
        assert str(err) == f"{gridgames.status_str(err.status)}: {err.detail}"


def test_bad_moves_raise_and_change_nothing():
    with Game.from_board(["B1E", "B1M", "B11"]) as game:
        with pytest.raises(gridgames.OutOfBoundsError) as info:
            game.reveal(3, 0)
        assert info.value.detail == "cell (3, 0) is outside the 3 x 3 board"
        with pytest.raises(gridgames.OutOfBoundsError):
            game.toggle_flag(0, 3)
        with pytest.raises(IndexError):
            game.chord(SIZE_MAX, SIZE_MAX)
        # Outside size_t: refused before the call (ctypes would wrap -1 and 2**64 silently).
        for row, col in ((-1, 0), (0, -1), (2**64, 0), (0, 2**64 + 2)):
            for move in (game.reveal, game.toggle_flag, game.chord):
                with pytest.raises(IndexError, match="outside the 3 x 3 board"):
                    move(row, col)
        with pytest.raises(TypeError):
            game.reveal(0.0, 1)
        assert text(game.view()) == ["B1E", "B1E", "B11"]
        assert game.state is State.PLAYING


def test_click_refuses_coordinates_outside_size_t():
    with pytest.raises(IndexError):
        mines.click(["EM", "EE"], 2**64, 0)  # would have wrapped to (0, 0)


def test_config_rejects_what_c_cannot_hold():
    bad = [("rows", -1), ("cols", SIZE_MAX + 1), ("mines", -5), ("seed", 2**64), ("seed", -1)]
    bad += [("first_click", 2**32), ("first_click", -1)]
    for name, value in bad:
        with pytest.raises(OverflowError, match=f"{name} is {value}"):
            Config(**{**dict(rows=9, cols=9, mines=10, seed=1), name: value})
    with pytest.raises(TypeError):
        Config(9.0, 9, 10, 1)
    with pytest.raises(TypeError, match="Config"):
        Game((9, 9, 10, 1))
    with pytest.raises(ValueError, match="row 1"):
        Game.from_board(["EE", "E"])


def test_config_values():
    config = Config(9, 9, 10, seed=2**64 - 1, first_click=2)
    assert config.first_click is FirstClick.OPENING
    assert Config(9, 9, 10, 1).first_click is FirstClick.SAFE
    assert Config(9, 9, 10, 1, first_click=7).first_click == 7  # the library will refuse it
    with pytest.raises(AttributeError):
        config.rows = 3  # frozen


# ---- ownership --------------------------------------------------------------------------------


class Counted(Game):
    """A Game whose frees are recorded before the real gg_mines_free runs."""

    freed: list[int] = []

    @staticmethod
    def _free(pointer):
        Counted.freed.append(pointer.value)
        Game._free(pointer)


@pytest.fixture
def freed():
    Counted.freed.clear()
    return Counted.freed


def test_with_block_frees_once_and_closes(freed):
    with Counted.from_board(["EM"]) as game:
        pointer = game._pointer.value
        game.reveal(0, 0)
    assert game.closed and freed == [pointer]
    game.close()
    assert freed == [pointer]
    assert repr(game) == "<Game 1 x 2, closed>"
    moves = [lambda: game.reveal(0, 0), lambda: game.toggle_flag(0, 0), lambda: game.chord(0, 0)]
    for use in moves + [lambda: game.state, game.view, game.board]:
        with pytest.raises(ValueError, match="Counted is closed"):
            use()


def test_exception_in_with_block_still_frees(freed):
    with pytest.raises(gridgames.OutOfBoundsError):
        with Counted(Config(2, 2, 1, 5)) as game:
            game.reveal(2, 2)
    assert game.closed and len(freed) == 1


def test_close_and_garbage_collection_free(freed):
    game = Counted.new(4, 4, 3, 1)
    game.close()
    assert len(freed) == 1
    Counted.from_board(["EE"])  # dropped at once
    gc.collect()
    assert len(freed) == 2


def test_failed_construction_frees_nothing(freed):
    with pytest.raises(gridgames.TooManyMinesError):
        Counted.new(2, 2, 5, 1)
    with pytest.raises(gridgames.InconsistentError):
        Counted.from_board(["B1"])
    gc.collect()
    assert freed == []


def test_copies_are_refused():
    with Game.from_board(["EM"]) as game:
        for attempt in (copy.copy, copy.deepcopy, pickle.dumps):
            with pytest.raises(TypeError, match="cannot be"):
                attempt(game)
