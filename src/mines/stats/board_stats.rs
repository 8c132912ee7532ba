//! Board statistics of the field: 3BV, openings, islands, greedy ZiNi and the count of each number.
//!
//! The definitions (see `regions.rs` for openings and isolated numbers):
//! - **3BV** (Bechtel's Board Benchmark Value): the fewest left clicks that clear the board,
//!   openings plus isolated numbers;
//! - **islands**: the 8-connected groups of isolated numbers;
//! - **ZiNi**: the clicks of the greedy Zimmermann-Nikolaus strategy (`zini.rs`), never above 3BV.

use super::regions::Regions;
use super::zini::greedy_zini;
use crate::error::{try_filled, Result};
use crate::mines::board::alphabet::LEETCODE_MINES;
use crate::mines::board::leetcode_board::{check_revealed_counts, Board};

/// What a layout asks of a player, whatever the play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BoardStats {
    /// 3BV: openings plus numbered safe cells that border no opening.
    pub bbbv: usize,
    /// 8-connected regions of safe cells with no neighbouring mine.
    pub openings: usize,
    /// 8-connected groups of numbered safe cells that border no opening.
    pub islands: usize,
    /// Greedy ZiNi: clicks (left, right and chord) of the Zimmermann-Nikolaus greedy strategy.
    pub zini: usize,
    /// Safe cells showing 0, 1, ..., 8.
    pub counts: [usize; 9],
}

/// The statistics of a LeetCode board (`rows * cols` bytes, row-major): 'M' and 'X' are mines,
/// every other cell is safe, and a revealed 'B' or digit must match its neighbours
/// (`Inconsistent` otherwise). What is revealed does not matter: statistics are of the layout.
///
/// ```
/// use gridgames::mines::measure;
/// // 3 x 3 with a mine in the middle: eight isolated numbers forming one island.
/// let s = measure(b"EEEEMEEEE", 3, 3).unwrap();
/// assert_eq!((s.bbbv, s.openings, s.islands, s.zini), (8, 0, 1, 5));
/// assert_eq!(s.counts[1], 8);
/// ```
pub fn measure(board: &[u8], rows: usize, cols: usize) -> Result<BoardStats> {
    // A board too large to label is refused before it is copied.
    Regions::check_size(rows, cols)?;
    let mut cells = try_filled(board.len(), 0u8)?;
    cells.copy_from_slice(board);
    Board::new(&mut cells, rows, cols)?;
    check_revealed_counts(&cells, rows, cols)?;
    let regions = Regions::new(rows, cols, |i| LEETCODE_MINES[usize::from(cells[i])] != 0)?;
    drop(cells);
    of_regions(&regions)
}

/// The statistics of a labelled layout.
pub(crate) fn of_regions(regions: &Regions) -> Result<BoardStats> {
    Ok(BoardStats {
        bbbv: regions.bbbv(),
        openings: regions.openings(),
        islands: regions.islands()?,
        zini: greedy_zini(regions)?,
        counts: regions.histogram(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    #[test]
    fn a_board_too_large_to_label_is_refused_before_it_is_read() {
        // The slice is empty: a board of 2^32 cells must be refused on its size alone, before
        // anything is copied or read.
        let e = measure(&[], 65536, 65536).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::SizeOverflow, "{}", e.detail());
    }

    #[test]
    fn worked_example() {
        // The README's example.
        #[rustfmt::skip]
        let board = b"\
EEEEE\
EEEEE\
MEEEM\
EEEEE\
EMEEE";
        let s = measure(board, 5, 5).unwrap();
        // Two openings (the top, and the bottom-right corner) and two isolated numbers on the
        // left edge, (3, 0) and (4, 0), which touch: one island.
        assert_eq!((s.bbbv, s.openings, s.islands, s.zini), (4, 2, 1, 4));
        assert_eq!(s.counts, [9, 11, 2, 0, 0, 0, 0, 0, 0]);
    }

    #[test]
    fn revealed_cells_do_not_matter_but_must_agree() {
        let hidden = measure(b"EEEEEEEMEEEEEEEEEEEE", 4, 5).unwrap();
        let played = measure(b"B1E1BB1X1BB111BBBBBB", 4, 5).unwrap();
        assert_eq!(hidden, played);
        assert_eq!(
            measure(b"B1E2BB1M1BB111BBBBBB", 4, 5).unwrap_err().kind(),
            ErrorKind::Inconsistent
        );
        assert_eq!(
            measure(b"EEZ", 1, 3).unwrap_err().kind(),
            ErrorKind::InvalidCell
        );
        assert_eq!(measure(b"", 0, 3).unwrap_err().kind(), ErrorKind::ZeroSize);
        assert_eq!(
            measure(b"EE", 1, 3).unwrap_err().kind(),
            ErrorKind::InvalidArgument
        );
    }
}
