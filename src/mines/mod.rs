//! Minesweeper: the LeetCode board alphabet and the click with its flood fill, whole game sessions
//! generated from a seed, board and play statistics (3BV, ZiNi), and the solver (exact
//! probabilities, hints, no-guess boards).
//!
//! Safe Rust only; the C ABI lives in `crate::ffi`.
#![forbid(unsafe_code)]

mod bit_rows;
mod block;
mod board;
mod component_count;
mod constraints;
mod count_cache;
mod endgame;
mod flood;
mod hint;
mod layout;
mod mine_total;
mod neighbours;
mod no_guess;
mod probability;
mod regions;
mod reveal;
mod rng;
mod session;
mod stats;
mod view;
mod wide;
mod zini;

pub use board::{
    check_coordinate, check_shape, describe_byte, first_outside, is_revealed, Board, MineTable,
    BLANK, EMPTY, EXPLODED, LEETCODE_MINES, MINE,
};
pub use hint::{advise, advise_with, hint, hint_with, Advice, Hint};
pub use layout::{Exclusion, Layout, MineSink};
pub use no_guess::{no_guess_layout, solvable_without_guessing, MAX_LAYOUTS, MAX_PERTURBATIONS};
pub use probability::{count_layouts, probabilities, Counter, Probabilities, MAX_TABLE_ENTRIES};
pub use reveal::{click, reveal_empty, Click};
pub use rng::SplitMix64;
pub use session::{Config, FirstClick, Game, GameState, PlayStats};
pub use stats::{measure, BoardStats};
pub use view::{View, FLAG, HIDDEN};
pub use wide::{binomial, Wide};
