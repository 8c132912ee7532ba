//! gridgames: Snakes and Ladders and Minesweeper logic for C, C++ and every language with a C FFI.
//!
//! The safe core lives in [`snakes`] and [`mines`]; [`ffi`] exposes it as `extern "C"` functions
//! described by the generated header `include/gridgames.h`.
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs, clippy::undocumented_unsafe_blocks)]

pub mod bitset;
pub(crate) mod double_double;
pub mod error;
pub mod ffi;
pub mod mines;
pub mod radix_heap;
pub mod rng;
pub mod snakes;

/// What the tests share (references, strategies), loaded once for the whole crate's unit tests.
#[cfg(test)]
#[path = "../tests/support/mod.rs"]
pub(crate) mod test_support;

pub use error::{Error, ErrorKind, Result};
