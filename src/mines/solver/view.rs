//! The player's view of a Minesweeper game, as the solver reads it.
//!
//! It reads the player's view alphabet of `board/alphabet.rs` without the loss marks: 'E' and 'F'
//! hidden, 'B' and '1'-'8' revealed. Anything else is refused. A parsed view holds each cell's
//! count 0..=8, or [`HIDDEN`].

use crate::error::{try_filled, Error, ErrorKind, Result};
use crate::mines::board::alphabet::{digit, BLANK, EMPTY, HIDDEN, VIEW_VALID};
use crate::mines::board::block::for_block_rc;
use crate::mines::board::leetcode_board::{check_shape, describe_byte, first_outside};

/// A validated player view: `rows x cols` cells, each [`HIDDEN`] or a revealed count, and the
/// total number of mines on the board.
///
/// ```
/// use gridgames::mines::{View, HIDDEN};
/// let v = View::parse(b"1EFB", 2, 2, 1).unwrap();
/// assert_eq!(v.cells(), &[1, HIDDEN, HIDDEN, 0]);
/// assert!(View::parse(b"1EMB", 2, 2, 1).is_err()); // 'M' is not in the player's alphabet
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    rows: usize,
    cols: usize,
    mines: usize,
    cells: Vec<u8>,
    /// Hidden cells, kept as cells are revealed and hidden: hints on a large board ask often.
    hidden: usize,
}

impl View {
    /// Validates shape, alphabet and mine count of a player view (row-major bytes).
    ///
    /// Errors: `ZeroSize`/`SizeOverflow`/`InvalidArgument` for the shape, `InvalidCell` for a byte
    /// outside the alphabet, `TooManyMines` when `mines` exceeds the number of cells,
    /// `OutOfMemory`.
    pub fn parse(bytes: &[u8], rows: usize, cols: usize, mines: usize) -> Result<View> {
        let len = check_shape(bytes.len(), rows, cols)?;
        if let Some(i) = first_outside(bytes, &VIEW_VALID) {
            return Err(Error::new(
                ErrorKind::InvalidCell,
                format_args!(
                    "cell ({}, {}) holds {}; a view cell must be E or F (hidden), B or 1-8 \
                     (revealed)",
                    i / cols,
                    i % cols,
                    describe_byte(bytes[i])
                ),
            ));
        }
        check_mines(mines, rows, cols, len)?;
        let mut cells = try_filled(len, HIDDEN)?;
        for (c, &b) in cells.iter_mut().zip(bytes) {
            *c = match b {
                BLANK => 0,
                b'1'..=b'8' => b - b'0',
                _ => HIDDEN,
            };
        }
        // Byte-wide sums over runs of at most 255 cells vectorise; a plain count does not.
        let hidden = cells
            .chunks(255)
            .map(|run| {
                let n = run.iter().fold(0u8, |n, &c| n + u8::from(c == HIDDEN));
                usize::from(n)
            })
            .sum();
        Ok(View {
            rows,
            cols,
            mines,
            cells,
            hidden,
        })
    }

    /// A view with every cell hidden (the start of a game).
    pub fn hidden(rows: usize, cols: usize, mines: usize) -> Result<View> {
        let len = crate::error::checked_area(rows, cols, 1)?;
        check_mines(mines, rows, cols, len)?;
        Ok(View {
            rows,
            cols,
            mines,
            cells: try_filled(len, HIDDEN)?,
            hidden: len,
        })
    }

    /// A copy of the view, or `OutOfMemory` instead of an abort.
    pub fn try_clone(&self) -> Result<View> {
        let cells = crate::error::try_copy(&self.cells)?;
        Ok(View {
            rows: self.rows,
            cols: self.cols,
            mines: self.mines,
            cells,
            hidden: self.hidden,
        })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Total number of mines on the board (hidden ones included; none is ever revealed).
    pub fn mines(&self) -> usize {
        self.mines
    }

    /// Row-major cells: [`HIDDEN`] or a revealed count 0..=8.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Whether cell `i` (row-major index) is hidden.
    #[inline]
    pub fn is_hidden(&self, i: usize) -> bool {
        self.cells[i] == HIDDEN
    }

    /// Reveals hidden cell `i` with count `value` (0..=8). Used to explore "what if".
    pub fn reveal(&mut self, i: usize, value: u8) {
        debug_assert!(value <= 8);
        self.hidden -= usize::from(self.cells[i] == HIDDEN);
        self.cells[i] = value;
    }

    /// Hides cell `i` again.
    pub fn hide(&mut self, i: usize) {
        self.hidden += usize::from(self.cells[i] != HIDDEN);
        self.cells[i] = HIDDEN;
    }

    /// Number of hidden cells.
    pub fn hidden_count(&self) -> usize {
        debug_assert_eq!(
            self.hidden,
            self.cells.iter().filter(|&&c| c == HIDDEN).count()
        );
        self.hidden
    }

    /// `(row, col)` of index `i`.
    #[inline]
    pub fn coords(&self, i: usize) -> (usize, usize) {
        (i / self.cols, i % self.cols)
    }

    /// The cell `dr` rows and `dc` columns away from `i`, if on the board.
    #[inline]
    pub(crate) fn offset(&self, i: usize, (dr, dc): (isize, isize)) -> Option<usize> {
        let (r, c) = self.coords(i);
        let r = r.checked_add_signed(dr).filter(|&r| r < self.rows)?;
        let c = c.checked_add_signed(dc).filter(|&c| c < self.cols)?;
        Some(r * self.cols + c)
    }

    /// Calls `f` with the row-major index of each of the (up to eight) neighbours of `i`, in
    /// increasing index order.
    #[inline]
    pub fn for_each_neighbour(&self, i: usize, mut f: impl FnMut(usize)) {
        let (r, c) = self.coords(i);
        if r > 0 && c > 0 && r + 1 < self.rows && c + 1 < self.cols {
            let w = self.cols;
            for j in [
                i - w - 1,
                i - w,
                i - w + 1,
                i - 1,
                i + 1,
                i + w - 1,
                i + w,
                i + w + 1,
            ] {
                f(j);
            }
            return;
        }
        for_block_rc(r, c, self.rows, self.cols, |rr, cc| {
            let j = rr * self.cols + cc;
            if j != i {
                f(j);
            }
        });
    }

    /// Number of neighbours of `i` (3, 5 or 8 on boards at least 2 wide and tall).
    pub fn neighbour_count(&self, i: usize) -> usize {
        let mut n = 0;
        self.for_each_neighbour(i, |_| n += 1);
        n
    }

    /// Number of hidden neighbours of `i`.
    pub fn hidden_neighbours(&self, i: usize) -> usize {
        let mut n = 0;
        self.for_each_neighbour(i, |j| n += usize::from(self.cells[j] == HIDDEN));
        n
    }

    /// Writes the view back in the player alphabet ('E' hidden, 'B', '1'-'8').
    #[allow(clippy::disallowed_methods)] // the Rust API's convenience: no C entry point calls it
    pub fn to_bytes(&self) -> Vec<u8> {
        self.cells
            .iter()
            .map(|&c| match c {
                HIDDEN => EMPTY,
                d => digit(d),
            })
            .collect()
    }
}

fn check_mines(mines: usize, rows: usize, cols: usize, len: usize) -> Result<()> {
    if mines > len {
        return Err(Error::new(
            ErrorKind::TooManyMines,
            format_args!("mines is {mines}, but a {rows} x {cols} board has only {len} cells"),
        ));
    }
    Ok(())
}

/// For tests: the byte safe cell `i` shows in a layout whose mines are `mine` (row-major,
/// `rows` x `cols`).
#[cfg(test)]
pub(crate) fn shown_byte(mine: &[bool], rows: usize, cols: usize, i: usize) -> u8 {
    let mut k = 0;
    crate::mines::board::block::for_block(i, rows, cols, |j| k += u8::from(mine[j]));
    crate::mines::digit(k)
}

/// A view met in play, for tests: `mines` mines placed at random on `rows` x `cols`, then
/// `clicks` random clicks (one on a mine does nothing), the mines left hidden. `next(m)` draws
/// below `m`.
#[cfg(test)]
pub(crate) fn clicked_view(
    next: &mut impl FnMut(usize) -> usize,
    (rows, cols, mines): (usize, usize, usize),
    clicks: usize,
) -> View {
    use crate::mines::{reveal_empty, LEETCODE_MINES};
    let n = rows * cols;
    let mut board = vec![b'E'; n];
    let mut placed = 0;
    while placed < mines {
        let i = next(n);
        if board[i] == b'E' {
            board[i] = b'M';
            placed += 1;
        }
    }
    for _ in 0..clicks {
        let i = next(n);
        if board[i] == b'E' {
            reveal_empty(&mut board, rows, cols, i / cols, i % cols, &LEETCODE_MINES).unwrap();
        }
    }
    let bytes: Vec<u8> = board
        .iter()
        .map(|&b| if b == b'M' { b'E' } else { b })
        .collect();
    View::parse(&bytes, rows, cols, mines).unwrap()
}

/// For tests: two 16 x 30 expert views (99 mines) that modern play met, at seeds 502537 and
/// 529206 of the win-rate bench. The first click opened only its own block, and guesses two
/// cells out from it built a ring of numbers around it (rows 9 on are hidden). Walked from a far
/// end, their frontiers needed 1.3 and 2.8 million steps to count, and were refused.
#[cfg(test)]
pub(crate) fn ring_views() -> [View; 2] {
    RINGS.map(|ring| {
        let mut bytes = ring.concat().into_bytes();
        bytes.resize(16 * 30, b'E');
        View::parse(&bytes, 16, 30, 99).unwrap()
    })
}

/// A lattice of numbers between hidden cells inside a hidden ring, `rows` x `cols`: a
/// frontier as entangled as frontiers get. With `pocket`, two more rows below it hold a 'B'
/// whose hidden neighbours the single-number rule proves safe. Returns the view's bytes, rows
/// and mines.
#[cfg(test)]
pub(crate) fn lattice(rows: usize, cols: usize, pocket: bool) -> (Vec<u8>, usize, usize) {
    let hidden =
        |r: usize, c: usize| r == 0 || r == rows - 1 || c == 0 || c == cols - 1 || (r + c) % 2 == 1;
    let mine = |r: usize, c: usize| r < rows && c < cols && r % 2 == 0 && hidden(r, c);
    let all_rows = if pocket { rows + 2 } else { rows };
    let mut bytes = Vec::new();
    for r in 0..all_rows {
        for c in 0..cols {
            bytes.push(if r >= rows {
                if (r, c) == (rows + 1, 0) {
                    b'B'
                } else {
                    b'E'
                }
            } else if hidden(r, c) {
                b'E'
            } else {
                let mut k = 0;
                for rr in r.saturating_sub(1)..=r + 1 {
                    for cc in c.saturating_sub(1)..=c + 1 {
                        k += u8::from(mine(rr, cc));
                    }
                }
                crate::mines::digit(k)
            });
        }
    }
    let mines = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .filter(|&(r, c)| mine(r, c))
        .count();
    (bytes, all_rows, mines)
}

#[cfg(test)]
const RINGS: [[&str; 9]; 2] = [
    [
        "EEEEEEEEEEEEEEEEEEEEEEEEEEEEEE",
        "E3E2E3EEEEEEEEEEEEEEEEEEEEEEEE",
        "EE111E1EEEEEEEEEEEEEEEEEEEEEEE",
        "E21B112EEEEEEEEEEEEEEEEEEEEEEE",
        "EE111E3EEEEEEEEEEEEEEEEEEEEEEE",
        "E2E1E2EEEEEEEEEEEEEEEEEEEEEEEE",
        "EE321EEEEEEEEEEEEEEEEEEEEEEEEE",
        "EEEEEEEEEEEEEEEEEEEEEEEEEEEEEE",
        "EEEEEEEEEEEEEEEEEEEEEEEEEEEEEE",
    ],
    [
        "EEEEEEEEEEEEEEEEEEEEEEEEEEEEEE",
        "E2E2E2EEEEEEEEEEEEEEEEEEEEEEEE",
        "EE111EEEEEEEEEEEEEEEEEEEEEEEEE",
        "E21B12EEEEEEEEEEEEEEEEEEEEEEEE",
        "EE111E2EEEEEEEEEEEEEEEEEEEEEEE",
        "E2E2E11E1EEEEEEEEEEEEEEEEEEEEE",
        "EEEE2211EEEEEEEEEEEEEEEEEEEEEE",
        "EEEEEEE3EEEEEEEEEEEEEEEEEEEEEE",
        "EEEEEEEEEEEEEEEEEEEEEEEEEEEEEE",
    ],
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alphabet() {
        let v = View::parse(b"EFB12345678E", 3, 4, 2).unwrap();
        assert_eq!(
            v.cells(),
            &[HIDDEN, HIDDEN, 0, 1, 2, 3, 4, 5, 6, 7, 8, HIDDEN]
        );
        assert_eq!(v.to_bytes(), b"EEB12345678E");
        for bad in [b'M', b'X', b'0', b'9', b'e', 0u8, 0xFF] {
            let e = View::parse(&[b'E', b'E', b'E', bad], 2, 2, 0).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidCell);
            assert!(
                e.detail().starts_with("cell (1, 1) holds"),
                "{}",
                e.detail()
            );
        }
    }

    #[test]
    fn the_hidden_count_follows_reveals_and_hides() {
        let plain = |v: &View| v.cells().iter().filter(|&&c| c == HIDDEN).count();
        let mut v = View::parse(b"EFB1EE2EE", 3, 3, 2).unwrap();
        assert_eq!((v.hidden_count(), plain(&v)), (6, 6));
        let mut rng = crate::mines::SplitMix64::new(3);
        for _ in 0..200 {
            let i = rng.below(9) as usize;
            // Revealing or hiding a cell twice must not count it twice.
            if rng.below(2) == 0 {
                v.reveal(i, rng.below(9) as u8);
            } else {
                v.hide(i);
            }
            assert_eq!(v.hidden, plain(&v));
            assert_eq!(v.try_clone().unwrap().hidden, plain(&v));
        }
        assert_eq!(View::hidden(2, 5, 1).unwrap().hidden, 10);
    }

    #[test]
    fn shape_and_mines() {
        assert_eq!(
            View::parse(b"EEE", 2, 2, 0).unwrap_err().kind(),
            ErrorKind::InvalidArgument
        );
        assert_eq!(
            View::parse(b"", 0, 2, 0).unwrap_err().kind(),
            ErrorKind::ZeroSize
        );
        let e = View::parse(b"EEEE", 2, 2, 5).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooManyMines);
        assert_eq!(e.detail(), "mines is 5, but a 2 x 2 board has only 4 cells");
        assert!(View::parse(b"EEEE", 2, 2, 4).is_ok());
    }

    #[test]
    fn neighbours_in_order() {
        let v = View::hidden(3, 4, 0).unwrap();
        let mut got = Vec::new();
        v.for_each_neighbour(5, |j| got.push(j));
        assert_eq!(got, vec![0, 1, 2, 4, 6, 8, 9, 10]);
        got.clear();
        v.for_each_neighbour(0, |j| got.push(j));
        assert_eq!(got, vec![1, 4, 5]);
        assert_eq!(v.neighbour_count(11), 3);
    }
}
