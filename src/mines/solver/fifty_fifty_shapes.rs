//! The shapes of a 50/50 that may still form: two cells side by side, in a row or a column, and
//! a 2 x 2 box. Each has *walls*: the cells that see some of the shape's cells and not others.
//! When every wall cell is a mine and the shape holds one mine (a pair) or the mines of one
//! diagonal (a box), each layout has a twin, the mines moved to the other cell or diagonal,
//! that every number agrees with now and after any reveal: a 50/50 for the rest of the game.
//! The pseudo-50/50s (`pseudo_fifty_fifty.rs`) and the long-term risk (`long_term_risk.rs`)
//! look for them.
//!
//! Offsets are (row, column) from the shape's first cell, its top-left one.

use super::fifty_fifty::certain_mine;
use super::probability::Probabilities;
use super::view::View;

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

/// The most walls a shape has: a pair's six sides.
const MOST_OPEN_WALLS: usize = 6;

/// The wall cells of a shape that may still be safe.
#[derive(Clone, Copy)]
pub(crate) struct OpenWalls {
    len: usize,
    cells: [usize; MOST_OPEN_WALLS],
}

impl OpenWalls {
    pub(crate) fn cells(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

/// The walls at offsets `walls` from `a` that may still be safe (hidden, and not a mine in
/// every layout); `None` when a wall is revealed, so that the shape can never be walled in, or
/// when more than `most` may be safe. Walls off the board wall nothing.
pub(crate) fn open_walls(
    view: &View,
    probs: &Probabilities,
    a: usize,
    walls: &[(isize, isize)],
    most: usize,
) -> Option<OpenWalls> {
    let most = most.min(MOST_OPEN_WALLS);
    let mut open = OpenWalls {
        len: 0,
        cells: [0; MOST_OPEN_WALLS],
    };
    for k in walls.iter().filter_map(|&d| view.offset(a, d)) {
        if !view.is_hidden(k) {
            return None;
        }
        if !certain_mine(view, probs, k) {
            if open.len == most {
                return None;
            }
            open.cells[open.len] = k;
            open.len += 1;
        }
    }
    Some(open)
}

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

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn open_walls_are_the_hidden_walls_some_layout_leaves_safe() {
        use crate::mines::solver::probability::Counter;
        let mut rng = crate::rng::SplitMix64::new(0x0a11);
        let (mut some, mut none) = (0, 0);
        for (bytes, rows, cols, mines, layouts) in
            mines_brute::small_views(1500, &mut |n| rng.below(n))
        {
            let view = View::parse(&bytes, rows, cols, mines).unwrap();
            let probs = Counter::new().probabilities(&view).unwrap();
            for a in 0..rows * cols {
                for (walls, most) in [(&PAIRS[0].sides[..], 1), (&PAIRS[1].sides[..], 6)]
                    .into_iter()
                    .chain([(&BOX_WALLS[..], 2)])
                {
                    let on_board: Vec<usize> =
                        walls.iter().filter_map(|&d| view.offset(a, d)).collect();
                    let revealed = on_board.iter().any(|&k| bytes[k] != b'E');
                    let want: Vec<usize> = on_board
                        .into_iter()
                        .filter(|&k| layouts.iter().any(|l| !l[k]))
                        .collect();
                    let want = (!revealed && want.len() <= most).then_some(want);
                    let got = open_walls(&view, &probs, a, walls, most).map(|o| o.cells().to_vec());
                    assert_eq!(got, want, "{} at {a}", String::from_utf8_lossy(&bytes));
                    some += usize::from(got.as_ref().is_some_and(|g| !g.is_empty()));
                    none += usize::from(got.is_none());
                }
            }
        }
        assert!(
            some > 100 && none > 100,
            "{some} with open walls, {none} none"
        );
    }
}
