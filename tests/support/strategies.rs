//! Proptest strategies shared by the property tests.

use proptest::prelude::*;

/// A LeetCode 529 board and a click on it: `rows x cols` cells, each a mine ('M') with
/// probability `per_mille / 1000` and otherwise hidden ('E'); on about half the boards, revealed
/// cells ('B', 'X', '1'-'8', not necessarily true to their neighbours) are sprinkled in.
/// Returns (rows, cols, cells, click row, click column).
pub fn leetcode_board(
    rows: impl Strategy<Value = usize>,
    cols: impl Strategy<Value = usize>,
    per_mille: impl Strategy<Value = u32>,
) -> impl Strategy<Value = (usize, usize, Vec<u8>, usize, usize)> {
    (rows, cols, per_mille, any::<bool>()).prop_flat_map(|(rows, cols, pml, extras)| {
        let pml = pml.min(1000);
        let cell = if extras {
            prop_oneof![
                pml.max(1) => Just(b'M'),
                (1000 - pml).max(1) => Just(b'E'),
                30 => Just(b'B'),
                20 => Just(b'X'),
                30 => b'1'..=b'8',
            ]
            .boxed()
        } else {
            prop_oneof![pml.max(1) => Just(b'M'), (1000 - pml).max(1) => Just(b'E')].boxed()
        };
        (
            Just(rows),
            Just(cols),
            proptest::collection::vec(cell, rows * cols),
            0..rows,
            0..cols,
        )
    })
}
