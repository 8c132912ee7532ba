//! Boustrophedon numbering: square 1 sits at the bottom-left cell and each row of squares runs
//! in the opposite direction to the one below it. Row 0 of the flat board is the top row.

/// Maps square numbers (1-based) to cells of a `rows x cols` row-major board.
///
/// ```
/// use gridgames::snakes::Numbering;
/// let n = Numbering::new(6, 6);
/// assert_eq!(n.cell_of(1), (5, 0));
/// assert_eq!(n.cell_of(7), (4, 5)); // the second row runs right to left
/// assert_eq!(n.cell_of(36), (0, 0));
/// assert_eq!(n.square_at(3, 4), 17);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Numbering {
    rows: usize,
    cols: usize,
}

impl Numbering {
    /// A numbering for `rows x cols` cells. Both must be at least 1.
    pub fn new(rows: usize, cols: usize) -> Self {
        debug_assert!(rows > 0 && cols > 0);
        Numbering { rows, cols }
    }

    /// The number of squares, `rows * cols` (the caller has checked it does not overflow).
    pub fn squares(&self) -> usize {
        self.rows * self.cols
    }

    /// `(row, col)` of square `s` in `1..=squares()`.
    pub fn cell_of(&self, s: usize) -> (usize, usize) {
        let k = s - 1;
        let (q, rem) = (k / self.cols, k % self.cols);
        let col = if q % 2 == 0 { rem } else { self.cols - 1 - rem };
        (self.rows - 1 - q, col)
    }

    /// Flat row-major index of square `s`.
    pub fn index_of(&self, s: usize) -> usize {
        let (r, c) = self.cell_of(s);
        r * self.cols + c
    }

    /// The square number written on cell `(row, col)`.
    pub fn square_at(&self, row: usize, col: usize) -> usize {
        let q = self.rows - 1 - row;
        let rem = if q % 2 == 0 { col } else { self.cols - 1 - col };
        q * self.cols + rem + 1
    }

    /// Calls `f(square, value)` for every square in `from..=to`, in increasing square order, where
    /// `value` is `cells[index_of(square)]`.
    ///
    /// Divides once, then walks each row segment as a plain forward or reversed slice, which is what
    /// keeps the search at the speed of a sequential read.
    #[inline]
    pub fn walk<T: Copy>(&self, cells: &[T], from: usize, to: usize, mut f: impl FnMut(usize, T)) {
        if from > to {
            return;
        }
        let cols = self.cols;
        let mut q = (from - 1) / cols;
        let mut rem = (from - 1) % cols;
        let mut s = from;
        while s <= to {
            let take = (cols - rem).min(to - s + 1);
            let row = &cells[(self.rows - 1 - q) * cols..][..cols];
            if q % 2 == 0 {
                for &v in &row[rem..rem + take] {
                    f(s, v);
                    s += 1;
                }
            } else {
                let hi = cols - rem;
                for &v in row[hi - take..hi].iter().rev() {
                    f(s, v);
                    s += 1;
                }
            }
            q += 1;
            rem = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_and_square_are_inverse_on_rectangles() {
        for rows in 1..6 {
            for cols in 1..6 {
                let n = Numbering::new(rows, cols);
                for s in 1..=n.squares() {
                    let (r, c) = n.cell_of(s);
                    assert_eq!(n.square_at(r, c), s, "{rows}x{cols} square {s}");
                }
            }
        }
    }

    #[test]
    fn walk_visits_squares_in_order_with_their_cells() {
        let n = Numbering::new(3, 4);
        let cells: Vec<usize> = (0..12).collect();
        for from in 1..=12 {
            for to in from..=12 {
                let mut seen = Vec::new();
                n.walk(&cells, from, to, |s, v| seen.push((s, v)));
                let want: Vec<_> = (from..=to).map(|s| (s, n.index_of(s))).collect();
                assert_eq!(seen, want);
            }
        }
    }

    #[test]
    fn seed_example_layout() {
        let n = Numbering::new(6, 6);
        assert_eq!(n.cell_of(2), (5, 1));
        // The seed's ladder 14 -> 35 sits at (3, 1) and its snake 17 -> 13 at (3, 4).
        assert_eq!(n.cell_of(14), (3, 1));
        assert_eq!(n.cell_of(17), (3, 4));
    }
}
