//! Limits for the property tests under Miri (scripts/miri.sh), which interprets every step
//! thousands of times slower: a couple of cases on small boards still walk every `unsafe` path of
//! the C ABI, and no failure file is read or written (Miri isolates the file system).

use proptest::test_runner::{Config, RngSeed};

/// `cases` cases normally; 2 under Miri, from a fixed seed.
pub fn config(cases: u32) -> Config {
    if cfg!(miri) {
        Config {
            cases: 2,
            failure_persistence: None,
            // Miri's own random numbers are shared by the test threads, so which cases a test
            // drew hung on how the threads interleaved: one run drew a brute-force case that took
            // ten minutes to interpret, another took seconds. A fixed seed makes the run repeatable.
            rng_seed: RngSeed::Fixed(0x6772_6964),
            ..Config::default()
        }
    } else {
        Config::with_cases(cases)
    }
}

/// `n` normally; at most `under_miri` under Miri (board sides, square counts, rounds).
pub fn size(n: usize, under_miri: usize) -> usize {
    if cfg!(miri) {
        n.min(under_miri)
    } else {
        n
    }
}
