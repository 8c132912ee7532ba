"""gridgames.mines.probabilities / hint (gg_mines_probabilities, gg_mines_hint) and the Game
shortcuts: known answers, a brute-force count on small views, every error class, and whole
no-guess games won by following the hints."""

from __future__ import annotations

import itertools
import math
import random

import pytest

import gridgames
from gridgames import mines
from gridgames.mines import FirstClick, Game, Hint, Logic, NoGuess, State, solvable

README_VIEW = ["B1E1B", "B1E1B", "B111B", "BBBBB"]  # README "Minesweeper solver", one mine


def brute_force(view: list[str], k: int) -> list[list[float | None]]:
    """The model, by definition: every layout of k mines on the hidden cells that matches every
    revealed number is equally likely."""
    rows, cols = len(view), len(view[0])
    hidden = [(r, c) for r in range(rows) for c in range(cols) if view[r][c] in "EF"]
    numbers = [
        (r, c, 0 if ch == "B" else int(ch))
        for r, row in enumerate(view)
        for c, ch in enumerate(row)
        if ch not in "EF"
    ]
    hits = {cell: 0 for cell in hidden}
    total = 0
    for layout in itertools.combinations(hidden, k):
        placed = set(layout)
        if all(
            sum((r + dr, c + dc) in placed for dr in (-1, 0, 1) for dc in (-1, 0, 1)) == n
            for r, c, n in numbers
        ):
            total += 1
            for cell in layout:
                hits[cell] += 1
    assert total, "the reference found no layout"
    return [
        [hits[(r, c)] / total if (r, c) in hits else None for c in range(cols)]
        for r in range(rows)
    ]


def shown(probs):
    """The probabilities with NaN (a revealed cell) as "nan", so that lists compare."""
    return [["nan" if math.isnan(p) else p for p in row] for row in probs]


# ---- known answers ----------------------------------------------------------------------------


def test_a_one_between_two_hidden_cells():
    assert shown(mines.probabilities(["E1E"], 1)) == [[0.5, "nan", 0.5]]
    # A flag is only the player's claim: it counts as hidden.
    assert shown(mines.probabilities(["F1E"], 1)) == [[0.5, "nan", 0.5]]
    # Rows may be str, bytes, bytearray or lists of characters.
    assert shown(mines.probabilities([b"E1E"], 1)) == shown(mines.probabilities([list("E1E")], 1))
    assert shown(mines.probabilities([bytearray(b"E1E")], 1)) == [[0.5, "nan", 0.5]]


def test_the_mine_count_weighs_the_cells_next_to_no_number():
    # (0, 3) and (0, 4) touch no number: only the total concerns them.
    assert shown(mines.probabilities(["E1EEE"], 1)) == [[0.5, "nan", 0.5, 0.0, 0.0]]
    assert shown(mines.probabilities(["E1EEE"], 2)) == [[0.5, "nan", 0.5, 0.5, 0.5]]


def test_readme_example():
    probs = mines.probabilities(README_VIEW, 1)
    assert probs[0][2] == 0.0 and probs[1][2] == 1.0
    assert all(math.isnan(p) for r, row in enumerate(probs) for c, p in enumerate(row) if c != 2)
    assert all(math.isnan(probs[r][2]) for r in (2, 3))
    h = mines.hint(README_VIEW, 1)
    assert h == Hint(0, 2, 0.0) and (h.row, h.col, h.risk) == (0, 2, 0.0)
    assert isinstance(h, tuple) and h.risk == probs[h.row][h.col]


def test_all_hidden_view_and_first_click():
    probs = mines.probabilities(["E" * 9] * 9, 10)
    assert len(probs) == 9 and all(len(row) == 9 for row in probs)
    assert all(p == pytest.approx(10 / 81, abs=1e-12) for row in probs for p in row)
    row, col, risk = mines.hint(["E" * 9] * 9, 10)
    assert (row, col) == (2, 2) and risk == pytest.approx(10 / 81, abs=1e-12)


def test_agrees_with_brute_force_on_small_views():
    rng = random.Random(529)
    checked = 0
    for _ in range(40):
        rows, cols = rng.randint(2, 4), rng.randint(2, 5)
        k = rng.randint(1, min(5, rows * cols - 1))
        cells = rng.sample(range(rows * cols), k)
        board = [
            "".join("M" if r * cols + c in cells else "E" for c in range(cols))
            for r in range(rows)
        ]
        safe = [i for i in range(rows * cols) if i not in cells]
        view = board
        for i in rng.sample(safe, rng.randint(1, min(3, len(safe)))):
            view = ["".join(row) for row in mines.click(view, i // cols, i % cols)]
        view = [row.replace("M", "E") for row in view]
        got = mines.probabilities(view, k)
        want = brute_force(view, k)
        for r in range(rows):
            for c in range(cols):
                if want[r][c] is None:
                    assert math.isnan(got[r][c]), (view, k, r, c)
                else:
                    assert got[r][c] == pytest.approx(want[r][c], abs=1e-12), (view, k, r, c)
        if any(ch == "E" for row in view for ch in row) and any(
            p is not None and p < 1.0 for row in want for p in row
        ):
            h = mines.hint(view, k)
            assert view[h.row][h.col] == "E"
            assert h.risk == pytest.approx(want[h.row][h.col], abs=1e-12)
            if any(p == 0.0 for row in want for p in row):
                assert h.risk == 0.0, (view, k)  # a certainly safe cell whenever one exists
        checked += 1
    assert checked == 40


# ---- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize("fn", [mines.probabilities, mines.hint], ids=["probabilities", "hint"])
def test_library_errors_carry_status_and_detail(fn):
    cases = [
        (["EQE"], 1, gridgames.InvalidCellError, "cell (0, 1) holds 'Q'"),
        (["B1E1B", "B1X1B"], 1, gridgames.InvalidCellError, "cell (1, 2) holds 'X'"),
        (["EM1"], 1, gridgames.InvalidCellError, "cell (0, 1) holds 'M'"),
        (["3E"], 1, gridgames.InconsistentError, "(0, 0)"),
        (["E1E"], 0, gridgames.InconsistentError, ""),
        (["EE"], 3, gridgames.TooManyMinesError, "3"),
        ([], 0, gridgames.ZeroSizeError, "0 x 0"),
        ([""], 0, gridgames.ZeroSizeError, "1 x 0"),
    ]
    for view, k, cls, detail in cases:
        with pytest.raises(cls) as info:
            fn(view, k)
        err = info.value
        assert isinstance(err, ValueError)  # each of these classes is also a ValueError
        assert detail in err.detail, (view, err.detail)
        assert str(err) == f"{gridgames.status_str(err.status)}: {err.detail}"


def test_hint_when_nothing_can_be_safe():
    # Every hidden cell holds a mine (the game is won), or nothing is hidden.
    for view, k in ((["1E"], 1), (["E2E"], 2), (["B"], 0)):
        with pytest.raises(gridgames.GameOverError) as info:
            mines.hint(view, k)
        assert info.value.detail
    # probabilities still answers: the hidden cell is a mine.
    assert shown(mines.probabilities(["1E"], 1)) == [["nan", 1.0]]


def test_too_entangled_a_frontier_is_refused():
    # A lattice of numbers, each between four hidden cells, inside a hidden ring (the numbers
    # of a layout with mines on the even rows): a two-dimensional frontier, too entangled to
    # count within the library's budget.
    n = 21

    def hidden(r, c):
        return r in (0, n - 1) or c in (0, n - 1) or (r + c) % 2 == 1

    layout = {(r, c) for r in range(0, n, 2) for c in range(n) if hidden(r, c)}

    def cell(r, c):
        if hidden(r, c):
            return "E"
        return "B12345678"[sum((r + i, c + j) in layout for i in (-1, 0, 1) for j in (-1, 0, 1))]

    view = ["".join(cell(r, c) for c in range(n)) for r in range(n)]
    for fn in (mines.probabilities, mines.hint):
        with pytest.raises(gridgames.TooComplexError, match="too entangled"):
            fn(view, len(layout))
    # Below it, a 'B' whose hidden neighbours are safe: the hint still finds one.
    pocket = view + ["E" * n, "B" + "E" * (n - 1)]
    with pytest.raises(gridgames.TooComplexError):
        mines.probabilities(pocket, len(layout))
    h = mines.hint(pocket, len(layout))
    assert (h.row, h.col) in [(21, 0), (21, 1), (22, 1)] and h.risk == 0.0


def test_python_side_checks():
    for k in (-1, 2**64):
        with pytest.raises(OverflowError, match=f"mines is {k}"):
            mines.probabilities(["E1E"], k)
        with pytest.raises(OverflowError):
            mines.hint(["E1E"], k)
    with pytest.raises(TypeError):
        mines.hint(["E1E"], 1.0)
    with pytest.raises(ValueError, match="mines view row 1 has 2 cells"):
        mines.probabilities(["E1E", "EE"], 1)
    with pytest.raises(ValueError, match=r"cell \(0, 1\) holds 'é'; a cell must be one of E F B"):
        mines.hint(["Eé"], 1)
    with pytest.raises(ValueError, match="not one character"):
        mines.probabilities([["E", "1E"]], 1)


# ---- Game.probabilities / Game.hint -----------------------------------------------------------


def test_game_knows_its_mine_count():
    assert Game.new(9, 9, 10, 1).mines == 10
    with Game.from_board(["MEM", "E2E", "EEE"]) as game:
        assert game.mines == 2
    with Game.from_board(["B1E1B", "B1X1B", "B111B", "BBBBB"]) as lost:
        assert lost.mines == 1


def test_game_probabilities_and_hint_read_the_view():
    with Game.from_board(["EEEEE", "EEEEE", "EEEEM"]) as game:
        assert game.mines == 1
        row, col, risk = game.hint()  # nothing revealed: the first click
        # Nearer the middle on a board narrower than 5.
        assert (row, col) == (1, 2) and risk == pytest.approx(1 / 15, abs=1e-12)
        game.toggle_flag(0, 4)  # a wrong flag: the solver does not trust it
        game.reveal(0, 0)
        assert ["".join(row) for row in game.view()] == ["BBBBF", "BBB11", "BBB1E"]
        assert shown(game.probabilities()) == [
            ["nan", "nan", "nan", "nan", 0.0],
            ["nan", "nan", "nan", "nan", "nan"],
            ["nan", "nan", "nan", "nan", 1.0],
        ]
        assert game.hint() == Hint(0, 4, 0.0)
        game.toggle_flag(0, 4)
        game.reveal(0, 4)
        assert game.state is State.WON
        with pytest.raises(gridgames.GameOverError):
            game.hint()
        assert game.probabilities()[2][4] == 1.0


def test_game_hint_after_a_loss_and_after_close():
    with Game.from_board(["EM"]) as game:
        game.reveal(0, 1)
        assert game.state is State.LOST
        for ask in (game.hint, game.probabilities):
            with pytest.raises(gridgames.InvalidCellError, match="'X'"):
                ask()
    for ask in (game.hint, game.probabilities):
        with pytest.raises(ValueError, match="Game is closed"):
            ask()


@pytest.mark.parametrize(
    "rows, cols, k, seeds", [(9, 9, 10, range(5)), (16, 16, 40, range(2)), (16, 30, 99, [2024])]
)
def test_no_guess_games_are_won_by_following_safe_hints(rows, cols, k, seeds):
    for seed in seeds:
        no_guess = [True, NoGuess.WITH_COUNT, NoGuess.NUMBERS_ONLY][seed % 3]
        with Game.new(rows, cols, k, seed, FirstClick.OPENING, no_guess=no_guess) as game:
            first = game.hint()  # on the all-hidden view: a guess, which OPENING makes safe
            assert (first.row, first.col) == ((3, 3) if cols >= 1.5 * rows else (2, 2))
            assert first.risk == pytest.approx(k / (rows * cols), abs=1e-12)
            game.reveal(first.row, first.col)
            moves = 1
            while game.state is State.PLAYING:
                h = game.hint()
                assert h.risk == 0.0, (seed, moves, h)
                assert game.probabilities()[h.row][h.col] == 0.0
                game.reveal(h.row, h.col)
                moves += 1
                assert moves <= rows * cols
            assert game.state is State.WON, seed
            view = game.view()
            assert sum(row.count("E") + row.count("F") for row in view) == k


@pytest.mark.parametrize("rule", [FirstClick.SAFE, FirstClick.OPENING])
@pytest.mark.parametrize("logic", [Logic.NUMBERS_ONLY, Logic.WITH_COUNT])
def test_no_guess_boards_pass_the_exact_check(rule, logic):
    no_guess = NoGuess.WITH_COUNT if logic is Logic.WITH_COUNT else NoGuess.NUMBERS_ONLY
    for seed in range(3):
        with Game.new(16, 30, 99, seed, rule, no_guess=no_guess) as game:
            game.reveal(8, 15)
            assert solvable(game.board(), 8, 15, logic) == 0


def test_solvable_examples_and_errors():
    assert solvable(["MEE", "EEE", "EEE"], 2, 2) == 0
    assert solvable(["ME", "EE"], 1, 1, Logic.WITH_COUNT) == 2  # a '1' that cannot tell
    assert solvable(["EEME"], 0, 0, Logic.NUMBERS_ONLY) == 1
    assert solvable(["EEME"], 0, 0, Logic.WITH_COUNT) == 0
    assert solvable(["EEXE"], 0, 0) == 0  # 'X' is a mine whose place is known
    with pytest.raises(gridgames.InvalidArgumentError, match="on a mine"):
        solvable(["ME"], 0, 0)
    with pytest.raises(gridgames.InvalidArgumentError, match="logic is 5"):
        solvable(["ME"], 0, 1, 5)
    with pytest.raises(gridgames.OutOfBoundsError):
        solvable(["ME"], 1, 0)
    with pytest.raises(gridgames.InconsistentError):
        solvable(["M2"], 0, 1)
    with pytest.raises(gridgames.InvalidCellError):
        solvable(["MZ"], 0, 1)
    with pytest.raises(ValueError):
        solvable(["ME", "E"], 0, 1)


def test_no_guess_needs_a_first_click_and_a_known_value():
    with pytest.raises(gridgames.InvalidArgumentError, match="SAFE or OPENING"):
        Game.new(9, 9, 10, 1, FirstClick.ANY, no_guess=NoGuess.NUMBERS_ONLY)
    with pytest.raises(gridgames.InvalidArgumentError, match="no_guess is 3"):
        Game.new(9, 9, 10, 1, FirstClick.SAFE, no_guess=3)


# ---- boards as arrays, and what is not a board --------------------------------------------


def test_numpy_boards_and_float_probabilities():
    np = pytest.importorskip("numpy")
    view = ["E1E", "E1E"]
    want = shown(mines.probabilities(view, 1))
    for arr in (
        np.array([list(r) for r in view], dtype="S1"),
        np.frombuffer(b"".join(r.encode() for r in view), dtype=np.uint8).reshape(2, 3),
        np.array([list(r) for r in view]),  # <U1
        np.array([list(r) for r in view], dtype="S1")[:, ::-1][:, ::-1],  # not contiguous
    ):
        assert shown(mines.probabilities(arr, 1)) == want
    probs = np.array(mines.probabilities(view, 1))
    assert probs.dtype == np.float64 and probs.shape == (2, 3)
    assert np.isnan(probs[:, 1]).all() and (probs[:, 0] == probs[:, 2]).all()
    board = np.array([list("EM"), list("EE")], dtype="S1")
    assert mines.click(board, 1, 0) == [["E", "M"], ["1", "E"]]
    with pytest.raises(ValueError):
        mines.probabilities(np.zeros((2, 2, 2), dtype=np.uint8), 1)
    with pytest.raises(TypeError):
        mines.probabilities(np.zeros((2, 2), dtype=np.float64), 1)


def test_a_flat_string_is_not_a_board():
    for flat in ("E1E", b"E1E", bytearray(b"E1E")):
        with pytest.raises(TypeError, match="flat"):
            mines.probabilities(flat, 1)
        with pytest.raises(TypeError, match="flat"):
            mines.click(flat, 0, 0)


def test_hint_with_options():
    from gridgames.mines import Effort, hint_with

    hidden = ["E" * 9] * 9
    assert hint_with(hidden, 10)[:2] == (2, 2)  # the first click opens: gg_mines_hint's
    assert hint_with(hidden, 10, FirstClick.SAFE)[:2] == (0, 0)
    assert hint_with(hidden, 10, FirstClick.ANY)[:2] == (0, 0)
    r = hint_with(README_VIEW, 1, effort=Effort.FAST)
    assert (r.row, r.col, r.risk) == (0, 2, 0.0) and math.isnan(r.win)
    # Few layouts left: the endgame search reports the exact win chance.
    r = hint_with(["E1E"], 1)
    assert r.risk == 0.5 and r.win == 0.5
    with pytest.raises(gridgames.InvalidArgumentError):
        hint_with(hidden, 10, effort=7)
    with pytest.raises(gridgames.InvalidArgumentError):
        hint_with(hidden, 10, first_click=3)
