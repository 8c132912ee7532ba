//! Minesweeper: the LeetCode board alphabet and the click with its flood fill, whole game sessions
//! generated from a seed, board and play statistics (3BV, ZiNi), and the solver (exact
//! probabilities, hints, no-guess boards).
//!
//! Safe Rust only; the C ABI lives in `crate::ffi`.
#![forbid(unsafe_code)]

// Dependency order: board <- click <- solver <- generate; stats uses only board; game uses all.
mod board; // the alphabet, validated boards, the 3x3 block, neighbour counts
mod click; // one click and its flood fill (LeetCode 529)
mod game; // a whole game: configuration, generation, moves, views, play statistics
mod generate; // mine placement, the no-guess generator
mod solver; // the view, constraints, counting, probabilities, the hint, the endgame, solvability
mod stats; // 3BV, openings, islands, ZiNi

pub use crate::rng::SplitMix64;
pub use board::alphabet::{
    digit, is_revealed, MineTable, BLANK, EMPTY, EXPLODED, FLAG, HIDDEN, LEETCODE_MINES, MINE,
};
pub use board::leetcode_board::{
    cell_count, check_coordinate, check_shape, describe_byte, first_outside, Board,
};
pub use click::leetcode_click::{click, click_cells, reveal_empty, Click};
pub use game::config::{Config, FirstClick};
pub use game::moves::{Move, MoveKind};
pub use game::play_stats::PlayStats;
pub use game::save::{MINES_MAGIC, MINES_RECORD_VERSION};
pub use game::session::Game;
pub use game::state::GameState;
pub use generate::mine_placement::{Exclusion, Layout, MineSink};
pub use generate::no_guess::{no_guess_layout, MAX_DRAWS, MAX_WORK};
pub use solver::certain_moves::Logic;
pub use solver::hint::{
    advise, advise_with, hint, hint_with, hint_with_options, Advice, Hint, HintReport,
};
pub use solver::hint_options::{Effort, HintOptions};
pub use solver::probability::{
    count_layouts, probabilities, Counter, Probabilities, MAX_TABLE_ENTRIES,
};
pub use solver::solvable::unsolved_after;
pub use solver::view::View;
pub use solver::wide::{binomial, Wide};
pub use stats::board_stats::{measure, BoardStats};
