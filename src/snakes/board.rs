//! A validated Snakes and Ladders grid: every cell is -1 or a destination square.

use super::numbering::Numbering;
use crate::error::{checked_area, Error, ErrorKind, Result};

/// A borrowed `rows x cols` grid of jump destinations (row 0 on top, LeetCode numbering) that has
/// passed validation: every cell is -1 or in `1..=rows*cols`, and the first and last squares hold no
/// jump. A jump to its own square is allowed and means nothing.
///
/// ```
/// use gridgames::snakes::Board;
/// let cells = [-1, -1, -1, 3];
/// let board = Board::square(&cells, 2).unwrap();
/// assert_eq!(board.squares(), 4);
/// assert!(Board::square(&[-1, -1, 5, -1], 2).is_err()); // 5 > 4
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Board<'a> {
    cells: &'a [i32],
    numbering: Numbering,
}

/// The largest board: destinations are `int32_t`, so the last square must fit in one.
pub const MAX_SQUARES: usize = i32::MAX as usize;

impl<'a> Board<'a> {
    /// Validates an `n x n` board.
    pub fn square(cells: &'a [i32], n: usize) -> Result<Self> {
        Self::new(cells, n, n)
    }

    /// Validates a `rows x cols` board.
    pub fn new(cells: &'a [i32], rows: usize, cols: usize) -> Result<Self> {
        let numbering = check_grid(cells, rows, cols, EndRule::LeetCode)?;
        Ok(Board { cells, numbering })
    }

    /// [`Board::new`] in the pass that hands each jump to `f`, as [`Board::each_jump`] does: a
    /// sparse board is read once. Should something be wrong, or `f` stop the pass, `Board::new`
    /// reads the whole board and decides, with its errors naming the cell.
    pub(crate) fn new_with_jumps(
        cells: &'a [i32],
        rows: usize,
        cols: usize,
        mut f: impl FnMut(usize, usize) -> bool,
    ) -> Result<Self> {
        let squares = check_dimensions(rows, cols)?;
        if cells.len() == squares {
            let numbering = Numbering::new(rows, cols);
            let mut whole = true;
            each_jump_of(numbering, cells, |s, raw| {
                whole = is_destination(raw, squares) && f(s, raw as usize);
                whole
            });
            if whole {
                check_ends(cells, numbering, EndRule::LeetCode)?;
                return Ok(Board { cells, numbering });
            }
        }
        Board::new(cells, rows, cols)
    }

    /// Calls `f(square, destination)` for every square whose jump leads elsewhere, in decreasing
    /// square order and one pass over the board, until `f` returns `false`.
    pub(crate) fn each_jump(&self, mut f: impl FnMut(usize, usize) -> bool) {
        each_jump_of(self.numbering, self.cells, |s, raw| f(s, raw as usize));
    }

    /// The number of squares.
    pub fn squares(&self) -> usize {
        self.numbering.squares()
    }

    /// The numbering that maps squares to cells.
    pub fn numbering(&self) -> Numbering {
        self.numbering
    }

    /// The raw cells, row-major.
    pub fn cells(&self) -> &'a [i32] {
        self.cells
    }

    /// Where a roll that lands on square `s` ends: the jump destination, or `s` itself.
    pub fn destination(&self, s: usize) -> usize {
        match self.cells[self.numbering.index_of(s)] {
            -1 => s,
            d => d as usize,
        }
    }
}

/// `rows * cols` squares, checked for zero, overflow and the `int32_t` destination range.
pub fn check_dimensions(rows: usize, cols: usize) -> Result<usize> {
    let squares = checked_area(rows, cols, std::mem::size_of::<i32>())?;
    if squares > MAX_SQUARES {
        return Err(Error::new(
            ErrorKind::SizeOverflow,
            format_args!(
                "a {rows} x {cols} board has {squares} squares; destinations are int32_t, so at most {MAX_SQUARES}"
            ),
        ));
    }
    Ok(squares)
}

/// What the end squares of a grid may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EndRule {
    /// LeetCode 909: squares 1 and `N` hold -1.
    LeetCode,
    /// A real board: square 1 may hold a jump (taken by a player who lands there from off the
    /// board); square `N` holds -1 or `N`, which means nothing.
    Track,
}

/// Validates a `rows x cols` grid: its size, every destination in `1..=N`, and `rule` for the end
/// squares. The errors name the cell, its value and the allowed range.
pub(crate) fn check_grid(
    cells: &[i32],
    rows: usize,
    cols: usize,
    rule: EndRule,
) -> Result<Numbering> {
    let squares = check_dimensions(rows, cols)?;
    if cells.len() != squares {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            format_args!(
                "a {rows} x {cols} board needs {squares} cells, got {}",
                cells.len()
            ),
        ));
    }
    if let Some(i) = first_invalid(cells, squares) {
        return Err(Error::new(
            ErrorKind::InvalidCell,
            format_args!(
                "cell ({}, {}) holds {}; a destination must be -1 or 1..{squares}",
                i / cols,
                i % cols,
                cells[i]
            ),
        ));
    }
    let numbering = Numbering::new(rows, cols);
    check_ends(cells, numbering, rule)?;
    Ok(numbering)
}

/// Checks `rule` for the end squares of a grid whose values are all destinations.
fn check_ends(cells: &[i32], numbering: Numbering, rule: EndRule) -> Result<()> {
    let squares = numbering.squares();
    let ends: &[usize] = match rule {
        EndRule::LeetCode => &[1, squares],
        EndRule::Track => &[squares],
    };
    for &s in ends {
        let i = numbering.index_of(s);
        let v = cells[i];
        let allowed = v == -1 || (rule == EndRule::Track && v as usize == squares);
        if !allowed {
            let cols = numbering.cols();
            let (row, col) = (i / cols, i % cols);
            let kind = ErrorKind::InvalidCell;
            return Err(match rule {
                EndRule::LeetCode => Error::new(
                    kind,
                    format_args!(
                        "cell ({row}, {col}) is square {s} and holds {v}; squares 1 and \
                         {squares} hold no jump"
                    ),
                ),
                EndRule::Track => Error::new(
                    kind,
                    format_args!(
                        "cell ({row}, {col}) is square {s} and holds {v}; the last square holds \
                         no jump"
                    ),
                ),
            });
        }
    }
    Ok(())
}

/// Whether a cell of a board of `squares` squares may hold `v`: -1 or a square.
#[inline]
fn is_destination(v: i32, squares: usize) -> bool {
    v == -1 || (v as u32).wrapping_sub(1) < squares as u32
}

/// Calls `f(square, value)` for every cell that holds a jump leading elsewhere (or a value that is
/// no destination at all), in decreasing square order, until `f` returns `false`. A jump to its own square
/// means nothing and is skipped.
fn each_jump_of(numbering: Numbering, cells: &[i32], mut f: impl FnMut(usize, i32) -> bool) {
    // Decreasing square order reads memory forwards, about twice as fast as square order.
    numbering.scan_down(cells, -1, |s, raw| raw as usize == s || f(s, raw));
}

/// Index of the first cell that is neither -1 nor in `1..=squares`.
pub(crate) fn first_invalid(cells: &[i32], squares: usize) -> Option<usize> {
    let ok = |v: i32| is_destination(v, squares);
    // Chunks let the compiler vectorise the common all-valid case.
    const CHUNK: usize = 1024;
    for (k, chunk) in cells.chunks(CHUNK).enumerate() {
        if !chunk.iter().fold(true, |acc, &v| acc & ok(v)) {
            let j = chunk.iter().position(|&v| !ok(v)).unwrap_or(0);
            return Some(k * CHUNK + j);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_out_of_range_destinations_with_their_cell() {
        for bad in [0, -2, 5, i32::MIN, i32::MAX] {
            let cells = [-1, -1, bad, -1];
            let e = Board::square(&cells, 2).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidCell);
            assert!(e.detail().contains("cell (1, 0)"), "{}", e.detail());
            assert!(e.detail().contains(&bad.to_string()));
        }
    }

    #[test]
    fn rejects_jumps_on_first_and_last_square() {
        // Square 1 is bottom-left (1, 0); square 4 is top-left (0, 0).
        assert!(Board::square(&[-1, -1, 2, -1], 2)
            .unwrap_err()
            .detail()
            .contains("square 1"));
        assert!(Board::square(&[2, -1, -1, -1], 2)
            .unwrap_err()
            .detail()
            .contains("square 4"));
    }

    #[test]
    fn accepts_self_jumps_and_one_cell() {
        assert!(Board::square(&[-1, 3, -1, -1], 2).is_ok());
        assert!(Board::square(&[-1], 1).is_ok());
        assert!(Board::square(&[1], 1).is_err());
    }

    #[test]
    fn dimension_errors() {
        assert_eq!(
            Board::square(&[], 0).unwrap_err().kind(),
            ErrorKind::ZeroSize
        );
        assert_eq!(
            check_dimensions(50_000, 50_000).unwrap_err().kind(),
            ErrorKind::SizeOverflow
        );
        assert_eq!(
            check_dimensions(usize::MAX, 3).unwrap_err().kind(),
            ErrorKind::SizeOverflow
        );
    }

    #[test]
    fn invalid_cell_found_in_later_chunk() {
        let mut cells = vec![-1; 40 * 40];
        cells[1500] = 0;
        let e = Board::square(&cells, 40).unwrap_err();
        assert!(e.detail().contains("cell (37, 20)"), "{}", e.detail());
    }
}
