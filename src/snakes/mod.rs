//! Snakes and Ladders: board numbering, validated boards and the fewest-rolls search.
//!
//! Safe Rust only; the C ABI lives in `crate::ffi`.
#![forbid(unsafe_code)]

mod board;
mod numbering;
mod search;

pub use board::{check_dimensions, Board, MAX_SQUARES};
pub use numbering::Numbering;
pub use search::{fewest_rolls, min_rolls, JumpTable, Jumps};
