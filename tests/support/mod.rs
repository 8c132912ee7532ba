//! What the tests share. Each integration test declares `mod support;`; the library's unit tests
//! include this folder as `crate::test_support`. It holds plain references written from the
//! definitions (they share no code with the library), proptest strategies and Miri limits. The
//! seeded generator for test inputs is the library's own, `gridgames::rng::SplitMix64`.
#![allow(dead_code)] // each test binary uses a part

pub mod leetcode_reference; // LeetCode 909 and 529 as published, transcribed plainly
pub mod linear_reference; // linear jump tables, any die and start, other mine tables
pub mod mines_brute; // every layout of a small view, enumerated
pub mod mines_game_model; // a plain Minesweeper game, with the generator from its specification
pub mod miri; // fewer cases, from a fixed seed, and smaller boards under Miri
pub mod snakes_model; // the real game of Snakes and Ladders: turns, BFS, exact and dense solves
pub mod strategies; // proptest strategies: LeetCode boards
