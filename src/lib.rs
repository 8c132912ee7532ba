//! gridgames: Snakes and Ladders and Minesweeper logic for C, C++ and every language with a C FFI.
//!
//! The safe core lives in [`snakes`] and [`mines`]; [`ffi`] exposes it as `extern "C"` functions
//! described by the generated header `include/gridgames.h`.
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs, clippy::undocumented_unsafe_blocks)]

pub mod bitset; // fallible bit sets
pub(crate) mod double_double; // compensated sums
pub mod error; // Error, ErrorKind, and the fallible allocation helpers
pub mod ffi; // the C ABI: the only extern "C" and unsafe
pub mod mines; // Minesweeper
pub mod radix_heap; // the monotone priority queue of the fewest-rolls waves
pub(crate) mod record; // the saved-record container: magic, version, varints, CRC-32
pub mod rng; // SplitMix64, the seeded generator
pub mod snakes; // Snakes and Ladders

/// What the tests share (references, strategies), loaded once for the whole crate's unit tests.
#[cfg(test)]
#[path = "../tests/support/mod.rs"]
pub(crate) mod test_support; // tests/support: references and strategies

pub use error::{Error, ErrorKind, Result};
