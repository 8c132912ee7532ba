//! One click (LeetCode 529) and the flood fill that opens blank regions.
//!
//! The flood is a scanline fill over row spans: a run of blank cells in one row queues the span one
//! wider in the rows above and below. The board itself marks what is revealed, so the only extra
//! memory is the queue of spans, which stays around the size of the opening's edge.

use super::board::{
    check_coordinate, Board, MineTable, BLANK, EMPTY, EXPLODED, LEETCODE_MINES, MINE,
};
use crate::error::{Error, ErrorKind, Result};
use std::collections::VecDeque;

/// What a click did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Click {
    /// A hidden mine was clicked; it is now 'X'.
    Exploded,
    /// This many hidden cells were revealed: 1 for a digit, more for an opening.
    Revealed(usize),
    /// The cell was already revealed; nothing changed.
    Unchanged,
}

/// Applies a click at `(row, col)` with the LeetCode rules.
///
/// ```
/// use gridgames::mines::{click, Board, Click};
/// let mut cells = *b"EEEEEEEMEEEEEEEEEEEE"; // the seed's first example, 4 x 5
/// let mut board = Board::new(&mut cells, 4, 5).unwrap();
/// assert_eq!(click(&mut board, 3, 0).unwrap(), Click::Revealed(18));
/// assert_eq!(&cells, b"B1E1BB1M1BB111BBBBBB");
/// ```
pub fn click(board: &mut Board, row: usize, col: usize) -> Result<Click> {
    let (rows, cols) = (board.rows(), board.cols());
    check_coordinate(row, col, rows, cols)?;
    let cells = board.cells_mut();
    let i = row * cols + col;
    match cells[i] {
        MINE => {
            cells[i] = EXPLODED;
            Ok(Click::Exploded)
        }
        EMPTY => reveal_empty(cells, rows, cols, row, col, &LEETCODE_MINES).map(Click::Revealed),
        _ => Ok(Click::Unchanged),
    }
}

/// Reveals the hidden empty cell `(row, col)` of a `rows x cols` grid and, if it has no
/// neighbouring mine, floods its opening. Returns how many cells were revealed.
///
/// Only `EMPTY` ('E') cells are revealed; `mines` says which bytes count as mines, so a game
/// session can keep its own marks (flags) on the grid and still reuse this fill.
pub fn reveal_empty(
    cells: &mut [u8],
    rows: usize,
    cols: usize,
    row: usize,
    col: usize,
    mines: &MineTable,
) -> Result<usize> {
    debug_assert_eq!(cells.len(), rows * cols);
    debug_assert_eq!(cells[row * cols + col], EMPTY);
    let mut fill = Fill {
        cells,
        rows,
        cols,
        mines,
        revealed: 0,
        queue: VecDeque::new(),
    };
    fill.span(row, col, col)?;
    while let Some((r, lo, hi)) = fill.queue.pop_front() {
        fill.span(r, lo, hi)?;
    }
    Ok(fill.revealed)
}

struct Fill<'a> {
    cells: &'a mut [u8],
    rows: usize,
    cols: usize,
    mines: &'a MineTable,
    revealed: usize,
    queue: VecDeque<(usize, usize, usize)>,
}

impl Fill<'_> {
    /// Mines around `(r, c)`; the cell itself is hidden-empty, so including it adds nothing.
    #[inline]
    fn count(&self, r: usize, c: usize) -> u8 {
        let c0 = c.saturating_sub(1);
        let c1 = (c + 1).min(self.cols - 1);
        let r0 = r.saturating_sub(1);
        let r1 = (r + 1).min(self.rows - 1);
        let mut k = 0;
        for rr in r0..=r1 {
            for &b in &self.cells[rr * self.cols + c0..=rr * self.cols + c1] {
                k += self.mines[b as usize];
            }
        }
        k
    }

    #[inline]
    fn is_empty(&self, r: usize, c: usize) -> bool {
        self.cells[r * self.cols + c] == EMPTY
    }

    /// Reveals `(r, c)` as a digit if it has neighbouring mines; returns whether it did.
    #[inline]
    fn try_digit(&mut self, r: usize, c: usize) -> bool {
        let k = self.count(r, c);
        if k == 0 {
            return false;
        }
        self.cells[r * self.cols + c] = b'0' + k;
        self.revealed += 1;
        true
    }

    /// Reveals every hidden empty cell of row `r` in `lo..=hi`, extending blank runs past the span.
    fn span(&mut self, r: usize, lo: usize, hi: usize) -> Result<()> {
        let mut c = lo;
        while c <= hi {
            if !self.is_empty(r, c) || self.try_digit(r, c) {
                c += 1;
                continue;
            }
            let mut left = c;
            while left > 0 && self.is_empty(r, left - 1) && !self.try_digit(r, left - 1) {
                left -= 1;
            }
            let mut right = c;
            while right + 1 < self.cols
                && self.is_empty(r, right + 1)
                && !self.try_digit(r, right + 1)
            {
                right += 1;
            }
            self.cells[r * self.cols + left..=r * self.cols + right].fill(BLANK);
            self.revealed += right - left + 1;
            let wide = (left.saturating_sub(1), (right + 1).min(self.cols - 1));
            if r > 0 {
                self.push(r - 1, wide)?;
            }
            if r + 1 < self.rows {
                self.push(r + 1, wide)?;
            }
            c = right + 1;
        }
        Ok(())
    }

    fn push(&mut self, r: usize, (lo, hi): (usize, usize)) -> Result<()> {
        self.queue.try_reserve(1).map_err(|_| {
            Error::new(
                ErrorKind::OutOfMemory,
                format!(
                    "flood fill queue of {} spans could not grow",
                    self.queue.len()
                ),
            )
        })?;
        self.queue.push_back((r, lo, hi));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(board: &[u8], rows: usize, cols: usize, r: usize, c: usize) -> (Vec<u8>, Click) {
        let mut cells = board.to_vec();
        let mut b = Board::new(&mut cells, rows, cols).unwrap();
        let out = click(&mut b, r, c).unwrap();
        (cells, out)
    }

    #[test]
    fn seed_examples() {
        let (after, out) = run(b"EEEEEEEMEEEEEEEEEEEE", 4, 5, 3, 0);
        assert_eq!(&after, b"B1E1BB1M1BB111BBBBBB");
        assert_eq!(out, Click::Revealed(18));
        let (after, out) = run(b"B1E1BB1M1BB111BBBBBB", 4, 5, 1, 2);
        assert_eq!(&after, b"B1E1BB1X1BB111BBBBBB");
        assert_eq!(out, Click::Exploded);
    }

    #[test]
    fn revealed_cells_are_left_alone() {
        for (r, c) in [(0, 0), (0, 1), (1, 2)] {
            let (after, out) = run(b"B1E1BB1X1BB111BBBBBB", 4, 5, r, c);
            assert_eq!(&after, b"B1E1BB1X1BB111BBBBBB");
            assert_eq!(out, Click::Unchanged);
        }
    }

    #[test]
    fn revealed_mine_counts_as_mine() {
        let (after, _) = run(b"XEE", 1, 3, 0, 1);
        assert_eq!(&after, b"X1E");
        let (after, _) = run(b"XEE", 1, 3, 0, 2);
        assert_eq!(&after, b"X1B");
    }

    #[test]
    fn existing_blanks_stop_the_flood() {
        // The seed never expands through an already revealed 'B'.
        let (after, _) = run(b"EEBEE", 1, 5, 0, 0);
        assert_eq!(&after, b"BBBEE");
    }

    #[test]
    fn flood_wraps_around_obstacles_diagonally() {
        #[rustfmt::skip]
        let board = b"\
EEEEE\
EMMME\
EMEME\
EMMME\
EEEEE";
        // A corner next to a mine shows its digit and opens nothing else.
        let (after, out) = run(board, 5, 5, 0, 0);
        assert_eq!(out, Click::Revealed(1));
        assert_eq!(&after[..5], b"1EEEE");
        // The walled-in centre counts all eight mines.
        let (after, _) = run(board, 5, 5, 2, 2);
        assert_eq!(after[12], b'8');
        let (after, out) = run(b"EEEEEEEEEE", 2, 5, 1, 4);
        assert_eq!(&after, b"BBBBBBBBBB");
        assert_eq!(out, Click::Revealed(10));
    }

    #[test]
    fn out_of_bounds_click() {
        let mut cells = *b"EEEE";
        let mut b = Board::new(&mut cells, 2, 2).unwrap();
        let e = click(&mut b, 2, 0).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::OutOfBounds);
        assert_eq!(e.detail(), "cell (2, 0) is outside the 2 x 2 board");
    }
}
