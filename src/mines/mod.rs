//! Minesweeper: the LeetCode board alphabet and the click with its flood fill, and whole game
//! sessions generated from a seed.
//!
//! Safe Rust only; the C ABI lives in `crate::ffi`.
#![forbid(unsafe_code)]

mod board;
mod flood;
mod layout;
mod neighbours;
mod reveal;
mod rng;
mod session;

pub use board::{
    check_coordinate, check_shape, describe_byte, first_outside, is_revealed, Board, MineTable,
    BLANK, EMPTY, EXPLODED, LEETCODE_MINES, MINE,
};
pub use layout::{Exclusion, Layout, MineSink};
pub use reveal::{click, reveal_empty, Click};
pub use rng::SplitMix64;
pub use session::{Config, FirstClick, Game, GameState};
