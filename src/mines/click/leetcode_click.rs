//! One click (LeetCode 529) and the flood fill that opens blank regions.
//!
//! The flood itself, a scanline fill over row spans with a capped queue, is in `flood.rs`; the
//! neighbour counts it reads row by row are in `neighbours.rs`. An unplayed board with few mines
//! skips the search: `flood_few_mines.rs` proves from the mine list that the click opens every
//! zero cell and writes the board in one pass.

use super::flood::{Flood, Regions, Touched};
use super::flood_few_mines::{self, MineList};
use crate::error::Result;
use crate::mines::board::alphabet::{MineTable, BLANK, EMPTY, EXPLODED, LEETCODE_MINES, MINE};
use crate::mines::board::leetcode_board::{check_coordinate, check_shape, Board};
use crate::mines::board::neighbours::Window;

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
/// let mut cells = *b"EEEEEEEMEEEEEEEEEEEE"; // LeetCode 529's first example, 4 x 5
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

/// Validates `cells` as a `rows x cols` board, as [`Board::new`] does, and applies a click at
/// `(row, col)`, as [`click`] does: the same answers and errors, with one pass over the board
/// fewer when it is large, unplayed and has few mines (the pass that lists them validates it).
///
/// ```
/// use gridgames::mines::{click_cells, Click};
/// let mut cells = *b"EEEEEEEMEEEEEEEEEEEE"; // 4 x 5
/// assert_eq!(click_cells(&mut cells, 4, 5, 3, 0).unwrap(), Click::Revealed(18));
/// assert_eq!(&cells, b"B1E1BB1M1BB111BBBBBB");
/// let mut bad = *b"EZ";
/// assert!(click_cells(&mut bad, 1, 2, 0, 0).is_err());
/// ```
pub fn click_cells(
    cells: &mut [u8],
    rows: usize,
    cols: usize,
    row: usize,
    col: usize,
) -> Result<Click> {
    check_shape(cells.len(), rows, cols)?;
    check_coordinate(row, col, rows, cols)?;
    if cells.len() >= flood_few_mines::MIN_CELLS && cells[row * cols + col] == EMPTY {
        let list = MineList::of(cells, rows, cols, &LEETCODE_MINES);
        // A list proves every cell 'E' or one mine byte; any other board is validated in full.
        if list.is_none() {
            Board::new(cells, rows, cols)?;
        }
        let (at, regions) = ((row, col), Regions::MayBeLarge);
        let (n, _) = reveal_listed(cells, rows, cols, at, &LEETCODE_MINES, regions, list)?;
        return Ok(Click::Revealed(n));
    }
    click(&mut Board::new(cells, rows, cols)?, row, col)
}

/// [`reveal_empty`], also telling a rectangle that holds every cell it changed.
pub(crate) fn reveal_empty_rows(
    cells: &mut [u8],
    rows: usize,
    cols: usize,
    row: usize,
    col: usize,
    mines: &MineTable,
    regions: Regions,
) -> Result<(usize, Touched)> {
    let mut list = None;
    // A digit needs no list: the count comes first.
    if regions == Regions::MayBeLarge
        && cells.len() >= flood_few_mines::MIN_CELLS
        && Window::new(cells, rows, cols, row, mines, None).count(col) == 0
    {
        list = MineList::of(cells, rows, cols, mines);
    }
    reveal_listed(cells, rows, cols, (row, col), mines, regions, list)
}

/// [`reveal_empty_rows`], with the board's mines if they were listed (nothing is listed here:
/// without a list the flood fill opens the region).
fn reveal_listed(
    cells: &mut [u8],
    rows: usize,
    cols: usize,
    (row, col): (usize, usize),
    mines: &MineTable,
    regions: Regions,
    list: Option<MineList>,
) -> Result<(usize, Touched)> {
    // A click next to a mine only shows its count: no queue needed.
    let k = Window::new(cells, rows, cols, row, mines, None).count(col);
    if k > 0 {
        cells[row * cols + col] = b'0'.wrapping_add(k as u8);
        return Ok((1, Touched::cell(row, col)));
    }
    if let Some(n) = list.and_then(|list| list.open(cells, rows, cols)) {
        let whole = Touched {
            rows: (0, rows - 1),
            cols: (0, cols - 1),
        };
        return Ok((n, whole));
    }
    let mut flood = Flood::new(cells, rows, cols, mines, regions)?;
    let n = flood.open(row, col)?;
    Ok((n, flood.touched().unwrap_or(Touched::cell(row, col))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::mines::click::flood_few_mines::tests::random_board;

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
        // LeetCode 529 never expands through an already revealed 'B'.
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

    /// `click_cells` against `Board::new` then `click`: the same board, answer or error.
    fn same_as_validate_then_click(board: &[u8], rows: usize, cols: usize, r: usize, c: usize) {
        let mut want = board.to_vec();
        let expected = Board::new(&mut want, rows, cols).and_then(|mut b| click(&mut b, r, c));
        let mut got = board.to_vec();
        let answer = click_cells(&mut got, rows, cols, r, c);
        match (answer, expected) {
            (Ok(a), Ok(b)) => assert_eq!(a, b),
            (Err(a), Err(b)) => assert_eq!((a.kind(), a.detail()), (b.kind(), b.detail())),
            (a, b) => panic!("click_cells gave {a:?}, validate then click {b:?}"),
        }
        assert!(got == want, "{rows} x {cols}, click ({r}, {c})");
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn click_cells_on_large_boards_matches_validate_then_click() {
        let (rows, cols) = (600, 500);
        let mut rng = crate::mines::SplitMix64::new(3);
        let sparse = random_board(&mut rng, rows * cols, 2);
        let zero = (0..rows * cols)
            .find(|&i| {
                let (r, c) = (i / cols, i % cols);
                sparse[i] == EMPTY
                    && Window::new(&sparse, rows, cols, r, &LEETCODE_MINES, None).count(c) == 0
            })
            .unwrap();
        let digit = (0..rows * cols)
            .find(|&i| sparse[i] == EMPTY && sparse.get(i + 1) == Some(&MINE))
            .unwrap();
        let mine = sparse.iter().position(|&b| b == MINE).unwrap();
        for at in [zero, digit, mine] {
            same_as_validate_then_click(&sparse, rows, cols, at / cols, at % cols);
        }
        // Boards the mine list declines: a played one, a dense one, an invalid one, one where
        // two kinds of mine byte meet, and one with a cell shut in by a ring of four mines.
        let mut played = sparse.clone();
        played[rows * cols - 1] = BLANK;
        let dense = random_board(&mut rng, rows * cols, 50);
        let mut invalid = sparse.clone();
        invalid[rows * cols / 2] = b'Z';
        let mut two = sparse.clone();
        two[rows * cols - 1] = EXPLODED;
        let mut ring = sparse.clone();
        let centre = zero + 5 * cols;
        for d in [2 * cols, 2] {
            ring[centre - d] = MINE;
            ring[centre + d] = MINE;
        }
        for board in [&played, &dense, &invalid, &two, &ring] {
            for at in [zero, digit, mine, centre] {
                same_as_validate_then_click(board, rows, cols, at / cols, at % cols);
            }
        }
        // Shape and coordinate errors come first, as before.
        same_as_validate_then_click(&sparse, rows, cols, rows, 0);
        let mut short = sparse[1..].to_vec();
        assert!(click_cells(&mut short, rows, cols, 0, 0).is_err());
    }
}
