//! Limits for the property tests under Miri (scripts/miri.sh), which interprets every step
//! thousands of times slower: a couple of cases on small boards still walk every `unsafe` path of
//! the C ABI, and no failure file is read or written (Miri isolates the file system).

use proptest::test_runner::Config;

/// `cases` cases normally; 2 under Miri.
pub fn config(cases: u32) -> Config {
    if cfg!(miri) {
        Config {
            cases: 2,
            failure_persistence: None,
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
