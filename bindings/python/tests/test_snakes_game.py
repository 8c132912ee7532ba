"""gridgames.snakes, the real game: published figures for the Milton Bradley board, plain
references (one roll, exact expected turns in fractions, one player's distribution) on small
boards under every rule, and every error class."""

from __future__ import annotations

import ctypes
import dataclasses
import itertools
import math
import random
import re
from fractions import Fraction

import pytest

import gridgames
from gridgames import snakes
from gridgames.snakes import Lengths, Overshoot, Rules

SIZE_MAX = 2 ** (8 * ctypes.sizeof(ctypes.c_size_t)) - 1

LADDERS = [(1, 38), (4, 14), (9, 31), (21, 42), (28, 84), (36, 44), (51, 67), (71, 91), (80, 100)]
CHUTES = [(16, 6), (47, 26), (49, 11), (56, 53), (62, 19), (64, 60), (87, 24), (93, 73),
          (95, 75), (98, 78)]  # fmt: skip


def milton_bradley() -> list[int]:
    jumps = [-1] * 100
    for square, dest in LADDERS + CHUTES:
        jumps[square - 1] = dest
    return jumps


MB = milton_bradley()


# ---- plain references, written from README "The rules, precisely" ----------------------------


def ref_move(jumps, rules, p, f):
    n = len(jumps)
    t = p + f
    if t > n:
        if rules.overshoot == Overshoot.STAY:
            return p
        t = 2 * n - t if rules.overshoot == Overshoot.BOUNCE else n
    return jumps[t - 1] if jumps[t - 1] != -1 else t


def ref_expected(jumps, rules):
    """Exact E[turns] from rules.start by Gauss-Jordan elimination in fractions; inf when a
    position reachable from the start cannot reach N."""
    n = len(jumps)
    succ = {p: [ref_move(jumps, rules, p, f) for f in range(1, rules.faces + 1)] for p in range(n)}
    reach, todo = {rules.start}, [rules.start]
    while todo:
        for q in succ[todo.pop()]:
            if q != n and q not in reach:
                reach.add(q)
                todo.append(q)
    finishes = {p for p in reach if n in succ[p]}
    grew = True
    while grew:
        grew = False
        for p in reach - finishes:
            if any(q in finishes for q in succ[p]):
                finishes.add(p)
                grew = True
    if finishes != reach:
        return math.inf
    states = sorted(reach)
    index = {p: i for i, p in enumerate(states)}
    m = len(states)
    # (I - Q) E = 1
    a = [[Fraction(int(i == j)) for j in range(m)] + [Fraction(1)] for i in range(m)]
    for p in states:
        for q in succ[p]:
            if q != n:
                a[index[p]][index[q]] -= Fraction(1, rules.faces)
    for col in range(m):
        piv = next(r for r in range(col, m) if a[r][col] != 0)
        a[col], a[piv] = a[piv], a[col]
        a[col] = [x / a[col][col] for x in a[col]]
        for r in range(m):
            if r != col and a[r][col] != 0:
                k = a[r][col]
                a[r] = [x - k * y for x, y in zip(a[r], a[col])]
    return a[index[rules.start]][m]


def ref_one_player(jumps, rules, turns):
    """P(one player finishes on turn t), t = 1..turns, by pushing the distribution forward."""
    n = len(jumps)
    dist, out = {rules.start: 1.0}, []
    for _ in range(turns):
        nxt = {}
        for p, w in dist.items():
            for f in range(1, rules.faces + 1):
                q = ref_move(jumps, rules, p, f)
                nxt[q] = nxt.get(q, 0.0) + w / rules.faces
        out.append(nxt.pop(n, 0.0))
        dist = nxt
    return out


def random_board(rng, n):
    jumps = [-1] * n
    for s in rng.sample(range(1, n), rng.randint(0, n // 3)):
        jumps[s - 1] = rng.randint(1, n)
    return jumps


# ---- the C API's constants and struct ---------------------------------------------------------


def test_overshoot_constants_match_the_header(header_defines):
    defined = {k: v for k, v in header_defines.items() if k.startswith("GG_OVERSHOOT_")}
    assert defined == {f"GG_OVERSHOOT_{m.name}": m for m in Overshoot}


def test_rules_struct_matches_the_header(header):
    body = re.search(r"typedef struct gg_snakes_rules \{(.*?)\} gg_snakes_rules;", header, re.S)
    assert body, "no gg_snakes_rules in the header"
    c_types = {"size_t": ctypes.c_size_t, "uint32_t": ctypes.c_uint32}
    fields = [(name, c_types[t]) for t, name in re.findall(r"^\s*(\w+) (\w+);", body[1], re.M)]
    assert fields == snakes._CRules._fields_
    assert [f.name for f in dataclasses.fields(Rules)] == [n for n, _ in fields]


def test_rules_defaults_and_conversion():
    assert Rules() == Rules(6, Overshoot.STAY, 0)
    assert Rules(overshoot=1).overshoot is Overshoot.BOUNCE
    assert Rules(overshoot=3).overshoot == 3  # unknown: the library reports it at the call
    c = Rules(8, Overshoot.FINISH, 1)._to_c()
    assert (c.faces, c.overshoot, c.start) == (8, 2, 1)


# ---- published figures: Milton Bradley Chutes and Ladders -------------------------------------


def test_milton_bradley_expected_length():
    # Althoen, King & Schilling (1993): 39.2251223082349...
    assert snakes.expected_turns(MB) == pytest.approx(39.2251223082349, rel=1e-9)
    assert snakes.expected_turns(MB, Rules(6, Overshoot.STAY, 0)) == snakes.expected_turns(MB)


def test_milton_bradley_shortest_game_replays():
    faces = snakes.shortest(MB)
    assert len(faces) == 7 == snakes.shortest_turns(MB)
    assert all(1 <= f <= 6 for f in faces)
    position = 0
    for f in faces:
        position = snakes.move(MB, position, f)
    assert position == 100
    assert snakes.move(MB, 0, 1) == 38 and snakes.move(MB, 97, 6) == 97  # ladder; exact landing


def test_milton_bradley_distribution_and_percentiles():
    one = snakes.length_distribution(MB, 1, 400)
    assert isinstance(one, Lengths) and len(one.probs) == 400
    assert min(one.probs) >= 0 and one.probs[5] == 0 and one.probs[6] > 0
    assert math.fsum(one.probs) + one.tail == pytest.approx(1, abs=1e-12)
    assert math.fsum(t * p for t, p in enumerate(one.probs, 1)) == pytest.approx(39.225, abs=0.05)
    assert one.probs[:60] == pytest.approx(ref_one_player(MB, Rules(), 60), abs=1e-12)

    def percentile(probs, share):
        return next(t for t, c in enumerate(itertools.accumulate(probs), 1) if c >= share)

    # README: half the games end by turn 32, 90% by 72, 99% by 128; 4 players 18 / 29 / 44.
    assert [percentile(one.probs, q) for q in (0.5, 0.9, 0.99)] == [32, 72, 128]
    four = snakes.length_distribution(MB, 4, 100)
    assert [percentile(four.probs, q) for q in (0.5, 0.9, 0.99)] == [18, 29, 44]
    assert snakes.length_distribution(MB, 3, 0) == Lengths([], 1.0)


def test_milton_bradley_win_chances():
    # README: 0.5079 0.4921; 0.3430 0.3332 0.3238; 0.2601 0.2532 0.2466 0.2401.
    published = {
        2: [0.5079, 0.4921],
        3: [0.3430, 0.3332, 0.3238],
        4: [0.2601, 0.2532, 0.2466, 0.2401],
    }
    for players, want in published.items():
        chances = snakes.win_chances(MB, players)
        assert chances == pytest.approx(want, abs=5e-5)
        assert math.fsum(chances) == pytest.approx(1, abs=1e-9)
    assert snakes.win_chances(MB, 1) == pytest.approx([1.0], abs=1e-9)


# ---- small boards, every rule, against the references -----------------------------------------


def test_coin_on_two_squares():
    coin = Rules(2, Overshoot.STAY, 1)
    assert snakes.expected_turns([-1, -1], coin) == 2.0
    assert snakes.expected_turns([-1, -1], Rules(2, Overshoot.FINISH, 1)) == 1.0
    assert snakes.length_distribution([-1, -1], 2, 3, coin) == Lengths(
        [0.75, 0.1875, 0.046875], 0.015625
    )
    assert snakes.win_chances([-1, -1], 2, coin) == pytest.approx([2 / 3, 1 / 3], abs=1e-12)


def test_unreachable_end():
    stuck, coin = [-1, 1, 1, -1], Rules(2, Overshoot.STAY, 1)  # 2 and 3 slide back to 1
    assert snakes.shortest(stuck, coin) is None and snakes.shortest_turns(stuck, coin) is None
    assert snakes.expected_turns(stuck, coin) == math.inf
    assert snakes.win_chances(stuck, 3, coin) == [0.0, 0.0, 0.0]
    assert snakes.length_distribution(stuck, 3, 2, coin) == Lengths([0.0, 0.0], 1.0)
    assert snakes.expected_turns(stuck, Rules(3, Overshoot.STAY, 1)) == pytest.approx(3.0)


def test_random_boards_match_the_references():
    rng = random.Random(4)
    for _ in range(60):
        n = rng.randint(2, 12)
        jumps = random_board(rng, n)
        overshoot = rng.choice(list(Overshoot))
        faces = rng.randint(1, n if overshoot == Overshoot.BOUNCE else n + 2)
        rules = Rules(faces, overshoot, rng.choice([0, rng.randrange(n)]))
        for p in range(n):
            for f in range(1, faces + 1):
                assert snakes.move(jumps, p, f, rules) == ref_move(jumps, rules, p, f)
        want = ref_expected(jumps, rules)
        got = snakes.expected_turns(jumps, rules)
        if want == math.inf:
            assert got == math.inf, (jumps, rules)
        else:
            assert got == pytest.approx(float(want), rel=1e-9), (jumps, rules)
            faces_played = snakes.shortest(jumps, rules)
            position = rules.start
            for f in faces_played:
                position = snakes.move(jumps, position, f, rules)
            assert position == n
        probs, tail = snakes.length_distribution(jumps, 1, 30, rules)
        assert probs == pytest.approx(ref_one_player(jumps, rules, 30), abs=1e-12)
        assert math.fsum(probs) + tail == pytest.approx(1, abs=1e-12)


def test_grid_to_jumps():
    # 2 x 3: bottom row squares 1 2 3, top row 6 5 4; square 1 may jump.
    assert snakes.grid_to_jumps([[-1, 2, -1], [4, -1, -1]]) == [4, -1, -1, -1, 2, -1]
    assert snakes.grid_to_jumps(((-1,),)) == [-1]
    board = [[-1] * 6 for _ in range(6)]
    board[3][1], board[3][4], board[5][1] = 35, 13, 15  # LeetCode 909, example 1
    jumps = snakes.grid_to_jumps(board)
    assert [(s, d) for s, d in enumerate(jumps, 1) if d != -1] == [(2, 15), (14, 35), (17, 13)]
    assert snakes.shortest_turns(jumps, Rules(start=1)) == snakes.min_rolls(board) == 4


# ---- errors -----------------------------------------------------------------------------------


def test_library_errors_carry_status_and_detail():
    ten = [-1] * 10
    cases = [
        (snakes.expected_turns, ([],), gridgames.ZeroSizeError, "squares is 0"),
        (snakes.shortest, (ten, Rules(faces=0)), gridgames.InvalidArgumentError,
         "rules.faces is 0"),
        (snakes.expected_turns, (ten, Rules(overshoot=3)), gridgames.InvalidArgumentError,
         "rules.overshoot is 3"),
        (snakes.win_chances, (ten, 2, Rules(start=10)), gridgames.InvalidArgumentError,
         "rules.start is 10"),
        (snakes.length_distribution, (ten, 2, 5, Rules(11, Overshoot.BOUNCE)),
         gridgames.InvalidArgumentError, "bouncing needs faces <= 10"),
        (snakes.win_chances, (ten, 0), gridgames.InvalidArgumentError, "players"),
        (snakes.length_distribution, (ten, 0, 5), gridgames.InvalidArgumentError, "players"),
        # Valid, but a game with a 2^32 - 1 faced die and exact landing lasts billions of turns.
        (snakes.win_chances, ([-1, -1], 2, Rules(faces=2**32 - 1)),
         gridgames.TooComplexError, "too long to sum"),
        (snakes.move, (ten, 0, 7), gridgames.InvalidArgumentError,
         "face is 7; the die has faces 1..6"),
        (snakes.move, (ten, 0, 0), gridgames.InvalidArgumentError, "face is 0"),
        (snakes.move, (ten, 11, 1), gridgames.OutOfBoundsError, "from is 11"),
        (snakes.move, (ten, SIZE_MAX, 1), gridgames.OutOfBoundsError, "from is"),
        (snakes.move, (ten, 10, 1), gridgames.GameOverError, "the game is over"),
        (snakes.shortest_turns, ([-1, -1, -1, 11] + [-1] * 6,), gridgames.InvalidCellError,
         "square 4 holds 11; a destination must be -1 or 1..10"),
        (snakes.expected_turns, ([-1] * 3 + [0] + [-1] * 6,), gridgames.InvalidCellError,
         "square 4 holds 0"),
        (snakes.win_chances, ([-1] * 9 + [4], 2), gridgames.InvalidCellError,
         "square 10 holds 4; the last square"),
        (snakes.grid_to_jumps, ([[-1, 7, -1], [-1, -1, -1]],), gridgames.InvalidCellError,
         "cell (0, 1) holds 7; a destination must be -1 or 1..6"),
        (snakes.grid_to_jumps, ([[3, -1, -1], [-1, -1, -1]],), gridgames.InvalidCellError,
         "square 6"),
        (snakes.grid_to_jumps, ([],), gridgames.ZeroSizeError, ""),
        (snakes.grid_to_jumps, ([[], []],), gridgames.ZeroSizeError, ""),
    ]  # fmt: skip
    for fn, args, cls, detail in cases:
        with pytest.raises(cls) as info:
            fn(*args)
        err = info.value
        assert detail in err.detail, (fn.__name__, args)
        assert str(err) == f"{gridgames.status_str(err.status)}: {err.detail}"
    # A jump to its own square means nothing, even on the last square.
    assert snakes.shortest_turns([-1] * 9 + [10]) == 2


def test_values_python_refuses_before_the_call():
    ten = [-1] * 10
    # ctypes would wrap these silently.
    with pytest.raises(OverflowError):
        snakes.expected_turns([-1, 2**31] + [-1] * 8)
    with pytest.raises(OverflowError):
        snakes.expected_turns([-1, -(2**31) - 1] + [-1] * 8)
    for field, value in (("faces", -1), ("faces", 2**32), ("overshoot", -1), ("start", 2**64)):
        with pytest.raises(OverflowError, match=field):
            Rules(**{field: value})
    with pytest.raises(OverflowError, match="face is 4294967296"):
        snakes.move(ten, 0, 2**32)
    with pytest.raises(IndexError, match="position -1"):
        snakes.move(ten, -1, 1)
    with pytest.raises(IndexError):
        snakes.move(ten, 2**64, 1)
    with pytest.raises(OverflowError, match="players"):
        snakes.win_chances(ten, 2**32)
    with pytest.raises(OverflowError, match="players"):
        snakes.length_distribution(ten, -1, 3)
    with pytest.raises(OverflowError, match="rounds"):
        snakes.length_distribution(ten, 2, -1)
    with pytest.raises(TypeError):
        Rules(faces=6.0)
    with pytest.raises(TypeError, match="Rules"):
        snakes.expected_turns(ten, (6, 0, 0))
    with pytest.raises(TypeError):
        snakes.expected_turns(["-1"] * 10)
    with pytest.raises(TypeError):
        snakes.move(ten, 0.0, 1)
    with pytest.raises(ValueError, match="row 1 has 2 cells"):
        snakes.grid_to_jumps([[-1, -1, -1], [-1, -1]])
