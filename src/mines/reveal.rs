//! One click (LeetCode 529) and the flood fill that opens blank regions.
//!
//! The flood itself, a scanline fill over row spans with a capped queue, is in `flood.rs`; the
//! neighbour counts it reads row by row are in `neighbours.rs`. An unplayed board with few mines
//! skips the search: `flood_few_mines.rs` proves from the mine list that the click opens every
//! zero cell and writes the board in one pass.

use super::board::{
    check_coordinate, Board, MineTable, BLANK, EMPTY, EXPLODED, LEETCODE_MINES, MINE,
};
use super::flood::{Flood, Regions};
use super::flood_few_mines;
use super::neighbours::Window;
use crate::error::Result;

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
/// Only `EMPTY` ('E') cells are revealed; `mines` says which bytes count as mines (each adds its
/// table value, normally 1, to a count), so a game session can keep its own marks (flags) on the
/// grid and still reuse this fill. `EMPTY`, `BLANK` and the digits must not count as mines.
///
/// Extra memory is a queue of row spans capped at 1/32 of the grid's bytes (see `flood.rs`); an
/// allocation failure is reported before anything is written. (The one exception: a grid holding
/// all 256 byte values, which leaves the fill no marker byte, may fail part-way.)
///
/// ```
/// use gridgames::mines::{reveal_empty, LEETCODE_MINES};
/// let mut cells = *b"EEEEEEEMEEEEEEEEEEEE"; // 4 x 5
/// assert_eq!(reveal_empty(&mut cells, 4, 5, 3, 0, &LEETCODE_MINES).unwrap(), 18);
/// assert_eq!(&cells, b"B1E1BB1M1BB111BBBBBB");
/// ```
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
    debug_assert!([EMPTY, BLANK]
        .iter()
        .chain(b"12345678")
        .all(|&b| mines[b as usize] == 0));
    reveal_empty_rows(cells, rows, cols, row, col, mines, Regions::MayBeLarge).map(|(n, _)| n)
}

/// [`reveal_empty`], also telling the first and last rows it changed.
pub(crate) fn reveal_empty_rows(
    cells: &mut [u8],
    rows: usize,
    cols: usize,
    row: usize,
    col: usize,
    mines: &MineTable,
    regions: Regions,
) -> Result<(usize, (usize, usize))> {
    // A click next to a mine only shows its count: no queue needed.
    let k = Window::new(cells, rows, cols, row, mines, None).count(col);
    if k > 0 {
        cells[row * cols + col] = b'0'.wrapping_add(k as u8);
        return Ok((1, (row, row)));
    }
    if regions == Regions::MayBeLarge && cells.len() >= flood_few_mines::MIN_CELLS {
        if let Some(n) = flood_few_mines::open(cells, rows, cols, mines) {
            return Ok((n, (0, rows - 1)));
        }
    }
    let mut flood = Flood::new(cells, rows, cols, mines, regions)?;
    let n = flood.open(row, col)?;
    Ok((n, flood.rows_touched().unwrap_or((row, row))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

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
