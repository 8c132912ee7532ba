//! The board itself, before any play: the cell alphabet, validated boards, the 3x3 block around a
//! cell, and neighbour counts read a row or 64 cells at a time. Every other folder builds on it.

pub(crate) mod alphabet; // every byte a cell can hold, documented once
pub(crate) mod bit_rows; // a grid as rows of bit masks, and bit-parallel 3x3 sums
pub(crate) mod block; // the 3x3 block around a cell, clipped at the edges
pub(crate) mod leetcode_board; // the LeetCode 529 alphabet, board validation, shape checks
pub(crate) mod neighbours; // neighbour counts along one row, and word-at-a-time byte tests
