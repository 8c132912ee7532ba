//! Minesweeper: the LeetCode board alphabet and the click with its flood fill.
//!
//! Safe Rust only; the C ABI lives in `crate::ffi`.
#![forbid(unsafe_code)]

mod board;
mod flood;
mod neighbours;
mod reveal;

pub use board::{
    check_coordinate, check_shape, describe_byte, first_outside, is_revealed, Board, MineTable,
    BLANK, EMPTY, EXPLODED, LEETCODE_MINES, MINE,
};
pub use reveal::{click, reveal_empty, Click};
