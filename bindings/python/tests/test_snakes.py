"""gridgames.snakes against the LeetCode 909 examples, a plain BFS, and bad input."""

from __future__ import annotations

import random
from collections import deque

import pytest

import gridgames
from gridgames import snakes


def reference(board):
    """The seed's breadth-first search, written plainly."""
    n = len(board)

    def cell(s):
        r, c = divmod(s - 1, n)
        row = n - 1 - r
        return row, (c if r % 2 == 0 else n - 1 - c)

    dist = {1: 0}
    queue = deque([1])
    while queue:
        s = queue.popleft()
        if s == n * n:
            return dist[s]
        for t in range(s + 1, min(s + 6, n * n) + 1):
            r, c = cell(t)
            if board[r][c] != -1:
                t = board[r][c]
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return None


def test_leetcode_examples():
    board = [[-1] * 6 for _ in range(6)]
    board[3][1], board[3][4], board[5][1] = 35, 13, 15
    assert snakes.min_rolls(board) == 4
    assert snakes.min_rolls([[-1, -1], [-1, 3]]) == 1
    assert snakes.min_rolls([[-1]]) == 0


def test_unreachable_is_none():
    assert snakes.min_rolls([[1, -1, -1], [1, 1, 1], [-1, 1, 1]]) is None


def test_tuples_and_random_boards_match_reference():
    rng = random.Random(909)
    for _ in range(200):
        n = rng.randint(2, 7)
        board = [[-1] * n for _ in range(n)]
        for _ in range(rng.randint(0, n * n // 2)):
            r, c = rng.randrange(n), rng.randrange(n)
            board[r][c] = rng.randint(1, n * n)
        board[n - 1][0] = -1
        board[0][0 if n % 2 == 0 else n - 1] = -1  # square n*n
        assert snakes.min_rolls(tuple(map(tuple, board))) == reference(board), board


def test_bad_input():
    with pytest.raises(gridgames.ZeroSizeError):
        snakes.min_rolls([])
    with pytest.raises(gridgames.InvalidCellError, match="cell"):
        snakes.min_rolls([[-1, -1], [5, -1]])
    with pytest.raises(ValueError, match="square"):
        snakes.min_rolls([[-1, -1, -1], [-1, -1, -1]])
    with pytest.raises(ValueError, match="row 1 has 1 cells"):
        snakes.min_rolls([[-1, -1], [-1]])
    with pytest.raises(OverflowError):
        snakes.min_rolls([[-1, 2**40], [-1, -1]])
    with pytest.raises(TypeError):
        snakes.min_rolls([[-1, "3"], [-1, -1]])


def test_large_board():
    n = 400
    assert snakes.min_rolls([[-1] * n for _ in range(n)]) == (n * n - 1 + 5) // 6
