//! A validated, mutable LeetCode 529 board (the alphabet is in `alphabet.rs`), and the checks of
//! a board's shape, coordinates, bytes and revealed counts that every entry point shares.

use super::alphabet::{BLANK, EMPTY, EXPLODED, LEETCODE_MINES, MINE};
use super::block::for_block;
use crate::error::{checked_area, Error, ErrorKind, Result};

/// The alphabet as a table, for `first_outside` (validation itself uses `first_not_leetcode`).
#[cfg(test)]
const LEETCODE_VALID: [bool; 256] = {
    let mut t = [false; 256];
    t[MINE as usize] = true;
    t[EMPTY as usize] = true;
    t[BLANK as usize] = true;
    t[EXPLODED as usize] = true;
    let mut d = b'1';
    while d <= b'8' {
        t[d as usize] = true;
        d += 1;
    }
    t
};

/// Renders a byte for error messages: printable ASCII as `'c'`, anything else as hex.
pub fn describe_byte(b: u8) -> impl std::fmt::Display {
    struct Byte(u8);
    impl std::fmt::Display for Byte {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            let b = self.0;
            if b.is_ascii_graphic() {
                write!(f, "'{}' (0x{b:02X})", b as char)
            } else {
                write!(f, "0x{b:02X}")
            }
        }
    }
    Byte(b)
}

/// A borrowed `rows x cols` LeetCode board (row-major, no terminators) whose every byte is in the
/// alphabet.
///
/// ```
/// use gridgames::mines::Board;
/// let mut cells = *b"EEMEE";
/// let board = Board::new(&mut cells, 1, 5).unwrap();
/// assert_eq!(board.rows(), 1);
/// let mut bad = *b"EZ";
/// assert!(Board::new(&mut bad, 1, 2).is_err());
/// ```
#[derive(Debug)]
pub struct Board<'a> {
    cells: &'a mut [u8],
    rows: usize,
    cols: usize,
}

impl<'a> Board<'a> {
    /// Validates dimensions, length and alphabet.
    pub fn new(cells: &'a mut [u8], rows: usize, cols: usize) -> Result<Self> {
        check_leetcode(cells, rows, cols)?;
        Ok(Board { cells, rows, cols })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[u8] {
        self.cells
    }

    pub(crate) fn cells_mut(&mut self) -> &mut [u8] {
        self.cells
    }
}

/// The number of cells of a `rows x cols` board: `ZeroSize` or `SizeOverflow` when it has none or
/// cannot be addressed. Every entry point that takes a board checks its shape here first.
pub fn cell_count(rows: usize, cols: usize) -> Result<usize> {
    checked_area(rows, cols, 1)
}

/// Checks that `len` bytes form a `rows x cols` board.
pub fn check_shape(len: usize, rows: usize, cols: usize) -> Result<usize> {
    let cells = checked_area(rows, cols, 1)?;
    if len != cells {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            format_args!("a {rows} x {cols} board needs {cells} cells, got {len}"),
        ));
    }
    Ok(cells)
}

/// Checks the dimensions, length and alphabet of a LeetCode board, as [`Board::new`] does,
/// without borrowing it mutably.
pub(crate) fn check_leetcode(cells: &[u8], rows: usize, cols: usize) -> Result<()> {
    check_shape(cells.len(), rows, cols)?;
    if let Some(i) = first_not_leetcode(cells) {
        return Err(Error::new(
            ErrorKind::InvalidCell,
            format_args!(
                "cell ({}, {}) holds {}; allowed: M E B X 1-8",
                i / cols,
                i % cols,
                describe_byte(cells[i])
            ),
        ));
    }
    Ok(())
}

/// Checks that `(row, col)` lies on a `rows x cols` board.
pub fn check_coordinate(row: usize, col: usize, rows: usize, cols: usize) -> Result<()> {
    if row >= rows || col >= cols {
        return Err(Error::new(
            ErrorKind::OutOfBounds,
            format_args!("cell ({row}, {col}) is outside the {rows} x {cols} board"),
        ));
    }
    Ok(())
}

/// Index of the first byte not allowed by `valid`.
pub fn first_outside(cells: &[u8], valid: &[bool; 256]) -> Option<usize> {
    const CHUNK: usize = 4096;
    for (k, chunk) in cells.chunks(CHUNK).enumerate() {
        if !chunk.iter().fold(true, |acc, &b| acc & valid[b as usize]) {
            let j = chunk.iter().position(|&b| !valid[b as usize]).unwrap_or(0);
            return Some(k * CHUNK + j);
        }
    }
    None
}

/// Index of the first byte outside the LeetCode alphabet: the same answer as
/// `first_outside(cells, &LEETCODE_VALID)`, but written with comparisons only, so that the
/// all-valid common case compiles to vector instructions (a table lookup per byte does not).
fn first_not_leetcode(cells: &[u8]) -> Option<usize> {
    #[inline(always)]
    fn ok(b: u8) -> bool {
        (b.wrapping_sub(b'1') < 8) | (b == MINE) | (b == EMPTY) | (b == BLANK) | (b == EXPLODED)
    }
    const CHUNK: usize = 256;
    for (k, chunk) in cells.chunks(CHUNK).enumerate() {
        // Boards not yet played hold only 'E' and 'M': half the comparisons settle them.
        if chunk.iter().fold(0u8, |other, &b| {
            other | u8::from((b != EMPTY) & (b != MINE))
        }) == 0
        {
            continue;
        }
        if chunk.iter().fold(0u8, |bad, &b| bad | u8::from(!ok(b))) != 0 {
            let j = chunk.iter().position(|&b| !ok(b)).unwrap_or(0);
            return Some(k * CHUNK + j);
        }
    }
    None
}

/// Checks every revealed blank and digit of a LeetCode board against its neighbouring mines
/// ('M' or 'X'): `Inconsistent` names the first that disagrees.
pub(crate) fn check_revealed_counts(cells: &[u8], rows: usize, cols: usize) -> Result<()> {
    for (i, &b) in cells.iter().enumerate() {
        let shown = match b {
            BLANK => 0,
            b'1'..=b'8' => b - b'0',
            _ => continue,
        };
        let (r, c) = (i / cols, i % cols);
        let mut mines = 0;
        for_block(i, rows, cols, |j| {
            mines += LEETCODE_MINES[usize::from(cells[j])]
        });
        if mines != shown {
            return Err(Error::new(
                ErrorKind::Inconsistent,
                format_args!(
                    "cell ({r}, {c}) shows {} but {mines} of its neighbours are mines ('M' or 'X')",
                    describe_byte(b)
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_foreign_bytes_with_position() {
        for bad in [b'Z', b'0', b'9', 0u8, b'e', 0xFF] {
            let mut cells = [b'E', b'E', b'E', bad, b'E', b'E'];
            let e = Board::new(&mut cells, 2, 3).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidCell);
            assert!(e.detail().starts_with("cell (1, 0)"), "{}", e.detail());
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn fast_alphabet_check_agrees_with_the_table() {
        for b in 0..=255u8 {
            for at in [0, 5, 255, 256, 700] {
                let mut cells = vec![b'E'; 701];
                cells[at] = b;
                let want = first_outside(&cells, &LEETCODE_VALID);
                assert_eq!(first_not_leetcode(&cells), want, "byte {b} at {at}");
                assert_eq!(want.is_none(), LEETCODE_VALID[b as usize]);
            }
        }
    }

    #[test]
    fn accepts_whole_alphabet() {
        let mut cells = *b"MEBX12345678";
        assert!(Board::new(&mut cells, 3, 4).is_ok());
    }

    #[test]
    fn shape_and_coordinates() {
        assert_eq!(
            check_shape(0, 0, 3).unwrap_err().kind(),
            ErrorKind::ZeroSize
        );
        assert_eq!(
            check_shape(4, usize::MAX, 2).unwrap_err().kind(),
            ErrorKind::SizeOverflow
        );
        assert_eq!(
            check_coordinate(2, 0, 2, 5).unwrap_err().kind(),
            ErrorKind::OutOfBounds
        );
        assert!(check_coordinate(1, 4, 2, 5).is_ok());
    }
}
