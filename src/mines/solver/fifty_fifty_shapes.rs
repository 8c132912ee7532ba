//! The shapes of a 50/50 that may still form: two cells side by side, in a row or a column. Each
//! has *walls*: the cells that see one of the shape's cells and not the other. When every wall
//! cell is a mine and the shape holds one mine, each layout has a twin, the mine moved to the
//! other cell, that every number agrees with now and after any reveal: a 50/50 for the rest of
//! the game. The pseudo-50/50s (`pseudo_fifty_fifty.rs`) look for them.
//!
//! Offsets are (row, column) from the shape's first cell, its top-left one.

/// A pair of cells and its walls, the sides (nearest first, so that a pair amid safe cells is
/// turned down after two looks).
pub(crate) struct Pair {
    pub second: (isize, isize),
    pub sides: [(isize, isize); 6],
}

pub(crate) const PAIRS: [Pair; 2] = [
    // Side by side in a row.
    Pair {
        second: (0, 1),
        sides: [(0, -1), (0, 2), (-1, -1), (1, -1), (-1, 2), (1, 2)],
    },
    // In a column.
    Pair {
        second: (1, 0),
        sides: [(-1, 0), (2, 0), (-1, -1), (-1, 1), (2, -1), (2, 1)],
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mines::solver::view::View;
    use crate::test_support::mines_brute;

    #[test]
    fn the_sides_are_the_cells_that_see_one_of_the_pair() {
        let view = View::hidden(6, 6, 1).unwrap();
        for a in [0, 14, 28] {
            for pair in &PAIRS {
                let b = view.offset(a, pair.second).unwrap();
                let mut got: Vec<usize> = pair
                    .sides
                    .iter()
                    .filter_map(|&d| view.offset(a, d))
                    .collect();
                got.sort_unstable();
                assert_eq!(got, mines_brute::pair_sides(a, b, 6, 6), "{a} and {b}");
            }
        }
    }
}
