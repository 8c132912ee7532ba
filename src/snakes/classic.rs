//! Published boards, as linear jump tables.

/// The Milton Bradley Chutes and Ladders board (100 squares) as a linear jump table.
///
/// Ladders 1-38, 4-14, 9-31, 21-42, 28-84, 36-44, 51-67, 71-91, 80-100; chutes 16-6, 47-26, 49-11,
/// 56-53, 62-19, 64-60, 87-24, 93-73, 95-75, 98-78. Played with exact landing from off the board
/// ([`Rules::STANDARD`](super::Rules::STANDARD)), a game lasts 39.225... turns on average.
///
/// ```
/// use gridgames::snakes::{expected_turns, milton_bradley_jumps, Game, Rules};
/// let jumps = milton_bradley_jumps();
/// let e = expected_turns(&Game::new(&jumps, Rules::STANDARD).unwrap()).unwrap();
/// assert!((e - 39.2251223082349).abs() < 1e-9);
/// ```
pub fn milton_bradley_jumps() -> Vec<i32> {
    const JUMPS: [(usize, i32); 19] = [
        (1, 38),
        (4, 14),
        (9, 31),
        (21, 42),
        (28, 84),
        (36, 44),
        (51, 67),
        (71, 91),
        (80, 100),
        (16, 6),
        (47, 26),
        (49, 11),
        (56, 53),
        (62, 19),
        (64, 60),
        (87, 24),
        (93, 73),
        (95, 75),
        (98, 78),
    ];
    #[allow(clippy::disallowed_macros)] // the Rust API's convenience: no C entry point calls it
    let mut table = vec![-1; 100];
    for (from, to) in JUMPS {
        table[from - 1] = to;
    }
    table
}
