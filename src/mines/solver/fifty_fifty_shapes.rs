//! The shapes of a 50/50 that may still form: two cells side by side, in a row or a column, and
//! a 2 x 2 box. Each has *walls*: the cells that see some of the shape's cells and not others.
//! When every wall cell is a mine and the shape holds one mine (a pair) or the mines of one
//! diagonal (a box), each layout has a twin, the mines moved to the other cell or diagonal,
//! that every number agrees with now and after any reveal: a 50/50 for the rest of the game.
//! The pseudo-50/50s (`pseudo_fifty_fifty.rs`) and the long-term risk (`long_term_risk.rs`)
//! look for them.
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

/// A 2 x 2 box: the cells of one diagonal, of the other, and the walls, its four diagonal
/// neighbours. The cells beside the box see one cell of each diagonal, so they never tell the
/// two apart.
pub(crate) const BOX_DIAGONAL: [(isize, isize); 2] = [(0, 0), (1, 1)];
pub(crate) const BOX_OTHER_DIAGONAL: [(isize, isize); 2] = [(0, 1), (1, 0)];
pub(crate) const BOX_WALLS: [(isize, isize); 4] = [(-1, -1), (-1, 2), (2, -1), (2, 2)];

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

    #[test]
    fn a_box_wall_is_a_cell_that_sees_the_diagonals_unequally() {
        // On a 6 x 6 board, the box at (2, 2): every other cell sees as many cells of one
        // diagonal as of the other, or is a wall.
        let view = View::hidden(6, 6, 1).unwrap();
        let at = |d: (isize, isize)| view.offset(14, d).unwrap();
        let (one, other) = (BOX_DIAGONAL.map(at), BOX_OTHER_DIAGONAL.map(at));
        let mut walls: Vec<usize> = BOX_WALLS.iter().map(|&d| at(d)).collect();
        walls.sort_unstable();
        let mut want = Vec::new();
        for k in (0..36).filter(|k| !one.contains(k) && !other.contains(k)) {
            let sees = |cells: [usize; 2]| {
                let mut n = 0;
                view.for_each_neighbour(k, |j| n += usize::from(cells.contains(&j)));
                n
            };
            if sees(one) != sees(other) {
                want.push(k);
            }
        }
        assert_eq!(walls, want);
    }
}
