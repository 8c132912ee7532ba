//! Minesweeper: the LeetCode board alphabet and the click with its flood fill, whole game sessions
//! generated from a seed, board and play statistics (3BV, ZiNi), and the solver (exact
//! probabilities, hints, no-guess boards).
//!
//! Safe Rust only; the C ABI lives in `crate::ffi`.
#![forbid(unsafe_code)]

mod bit_rows;
mod block;
mod board;
mod certain_moves;
mod chord;
mod component_count;
mod constraints;
mod count_cache;
mod endgame;
mod flood;
mod flood_few_mines;
mod flood_rows;
mod hint;
mod mine_placement;
mod mine_total;
mod neighbours;
mod no_guess_generator;
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
    cell_count, check_coordinate, check_shape, describe_byte, first_outside, is_revealed, Board,
    MineTable, BLANK, EMPTY, EXPLODED, LEETCODE_MINES, MINE,
};
pub use certain_moves::{unsolved_after, Logic};
pub use hint::{advise, advise_with, hint, hint_with, Advice, Hint};
pub use mine_placement::{Exclusion, Layout, MineSink};
pub use no_guess_generator::{no_guess_layout, MAX_DRAWS, MAX_WORK};
pub use probability::{count_layouts, probabilities, Counter, Probabilities, MAX_TABLE_ENTRIES};
pub use reveal::{click, click_cells, reveal_empty, Click};
pub use rng::SplitMix64;
pub use session::{Config, FirstClick, Game, GameState, PlayStats};
pub use stats::{measure, BoardStats};
pub use view::{View, FLAG, HIDDEN};
pub use wide::{binomial, Wide};
