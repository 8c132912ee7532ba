//! Snakes and Ladders: board numbering, validated boards, the fewest-rolls search, and the real
//! game (dice rules, optimal play, expected length, length distribution, win chances).
//!
//! Safe Rust only; the C ABI lives in `crate::ffi`.
#![forbid(unsafe_code)]

mod board; // a validated LeetCode grid
mod classic; // published boards (Milton Bradley)
mod expected; // the exact expected number of turns
mod jumps; // linear jump tables, and a grid read into one
mod lengths; // the distribution of game length, and win chances
mod min_rolls; // the fewest rolls (LeetCode 909) and one shortest game
mod numbering; // boustrophedon numbering: square to cell
mod reach; // reachable positions, and those that can still finish
mod rules; // dice, overshoot, start: one turn of the real game
mod session; // game sessions: turns with a seeded die, undo, save and load

pub use board::{check_dimensions, Board, MAX_SQUARES};
pub use classic::milton_bradley_jumps;
pub use expected::{expected_turns, expected_turns_bounded, Expected};
pub use jumps::{check_squares, grid_to_jumps, grid_to_jumps_with, Track};
pub use lengths::{win_chances, RoundDistribution, TurnChain};
pub use min_rolls::{fewest_rolls, min_rolls, min_rolls_of_grid, shortest, Jumps};
pub use numbering::Numbering;
pub use rules::{Game, Overshoot, Rules};
pub use session::{Session, Turn, MAX_PLAYERS, SNAKES_MAGIC, SNAKES_RECORD_VERSION};
