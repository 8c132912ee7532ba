//! Linear jump tables: the board as a track of squares 1..N, each with its snake or ladder.
//!
//! Real boards (the Milton Bradley one has a ladder on square 1 and players start off the board)
//! do not fit the LeetCode grid, so the game analysis reads `jumps[s - 1]`: -1 for no jump, else
//! the destination of square `s`. [`grid_to_jumps`] converts a LeetCode grid into that form.

use super::board::{check_dimensions, check_grid, first_invalid, EndRule};
#[cfg(test)]
use super::numbering::Numbering;
use crate::error::{try_filled, Error, ErrorKind, Result};

/// A validated linear jump table of `N = len` squares.
///
/// Every entry is -1 or a destination in `1..=N`; square `N` holds no jump (-1, or `N` itself,
/// which means nothing). Square 1 may hold a jump: it is taken by a player who lands there from off
/// the board. A jump to its own square means nothing.
///
/// ```
/// use gridgames::snakes::Track;
/// // Square 1 climbs to 4, square 3 slides to 2; square 5 ends the game.
/// let track = Track::new(&[4, -1, 2, -1, -1]).unwrap();
/// assert_eq!((track.dest(1), track.dest(2), track.dest(3)), (4, 2, 2));
/// assert!(Track::new(&[-1, 6, -1, -1, -1]).is_err()); // 6 is off a 5-square board
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Track<'a> {
    jumps: &'a [i32],
}

impl<'a> Track<'a> {
    /// Validates a table; the errors name the square, its value and the allowed range.
    pub fn new(jumps: &'a [i32]) -> Result<Self> {
        let squares = check_squares(jumps.len())?;
        if let Some(i) = first_invalid(jumps, squares) {
            return Err(Error::new(
                ErrorKind::InvalidCell,
                format_args!(
                    "square {} holds {}; a destination must be -1 or 1..{squares}",
                    i + 1,
                    jumps[i]
                ),
            ));
        }
        let last = jumps[squares - 1];
        if last != -1 && last as usize != squares {
            return Err(Error::new(
                ErrorKind::InvalidCell,
                format_args!("square {squares} holds {last}; the last square holds no jump"),
            ));
        }
        Ok(Track { jumps })
    }

    /// A table that [`Track::new`] accepted before, taken without a second pass over it.
    pub(crate) fn validated(jumps: &'a [i32]) -> Self {
        debug_assert!(Track::new(jumps).is_ok());
        Track { jumps }
    }

    /// The number of squares `N`.
    pub fn squares(&self) -> usize {
        self.jumps.len()
    }

    /// Where a move that lands on square `t` (in `1..=N`) ends: the jump destination, or `t`.
    #[inline]
    pub fn dest(&self, t: usize) -> usize {
        let raw = self.jumps[t - 1];
        if raw < 0 {
            t
        } else {
            raw as usize
        }
    }

    /// The table as given.
    pub fn raw(&self) -> &'a [i32] {
        self.jumps
    }
}

/// Checks a square count: at least 1 and small enough for `int32_t` destinations.
pub fn check_squares(squares: usize) -> Result<usize> {
    if squares == 0 {
        return Err(Error::new(
            ErrorKind::ZeroSize,
            "squares is 0; a board needs at least 1 square",
        ));
    }
    if squares > super::board::MAX_SQUARES {
        return Err(Error::new(
            ErrorKind::SizeOverflow,
            format_args!(
                "squares is {squares}; destinations are int32_t, so at most {}",
                super::board::MAX_SQUARES
            ),
        ));
    }
    Ok(squares)
}

/// Validates a `rows x cols` LeetCode grid (row 0 on top, square 1 at the bottom left, rows
/// alternating direction) and calls `put(square, value)` for squares 1..N in order.
///
/// The grid follows the linear table's rules: every cell is -1 or in `1..=N`, and square `N` holds
/// no jump (-1 or `N`). Square 1 may hold a jump. `put` is called only after the whole grid has
/// been checked, so on error nothing has been handed out. Returns `N`.
pub fn grid_to_jumps_with(
    board: &[i32],
    rows: usize,
    cols: usize,
    put: impl FnMut(usize, i32),
) -> Result<usize> {
    let numbering = check_grid(board, rows, cols, EndRule::Track)?;
    let squares = numbering.squares();
    numbering.walk(board, 1, squares, put);
    Ok(squares)
}

/// The linear jump table of a `rows x cols` LeetCode grid: `table[s - 1]` is the cell of square
/// `s`. See [`grid_to_jumps_with`] for the rules.
///
/// ```
/// use gridgames::snakes::grid_to_jumps;
/// // 2 x 3: the bottom row holds squares 1 2 3 left to right, the top row 6 5 4.
/// let grid = [-1, 2, -1,
///             -1, 5, -1];
/// assert_eq!(grid_to_jumps(&grid, 2, 3).unwrap(), vec![-1, 5, -1, -1, 2, -1]);
/// ```
pub fn grid_to_jumps(board: &[i32], rows: usize, cols: usize) -> Result<Vec<i32>> {
    let squares = check_dimensions(rows, cols)?;
    let mut out = try_filled(squares.min(board.len()), -1i32)?;
    grid_to_jumps_with(board, rows, cols, |s, v| out[s - 1] = v)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validates_destinations_and_last_square() {
        assert!(Track::new(&[38, -1, 2, -1]).is_err()); // 38 > 4
        let e = Track::new(&[-1, 0, -1]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidCell);
        assert!(e.detail().contains("square 2 holds 0"), "{}", e.detail());
        let e = Track::new(&[-1, -1, 1]).unwrap_err();
        assert!(e.detail().contains("last square"), "{}", e.detail());
        assert!(Track::new(&[-1, -1, 3]).is_ok()); // a jump to itself means nothing
        assert!(Track::new(&[3, 2, -1]).is_ok()); // square 1 may hold a jump
        assert_eq!(Track::new(&[]).unwrap_err().kind(), ErrorKind::ZeroSize);
    }

    #[test]
    fn dest_follows_jumps_and_self_jumps() {
        let t = Track::new(&[3, 2, -1]).unwrap();
        assert_eq!(t.dest(1), 3);
        assert_eq!(t.dest(2), 2);
        assert_eq!(t.dest(3), 3);
    }

    #[test]
    fn grid_conversion_matches_numbering() {
        for rows in 1..5 {
            for cols in 1..5 {
                let n = rows * cols;
                let num = Numbering::new(rows, cols);
                // Cell i holds the square number of cell i, except the last square.
                let mut grid: Vec<i32> = (0..n)
                    .map(|i| num.square_at(i / cols, i % cols) as i32)
                    .collect();
                grid[num.index_of(n)] = -1;
                let table = grid_to_jumps(&grid, rows, cols).unwrap();
                for s in 1..n {
                    assert_eq!(table[s - 1], s as i32);
                }
                assert_eq!(table[n - 1], -1);
            }
        }
    }

    #[test]
    fn grid_errors_name_the_cell() {
        let e = grid_to_jumps(&[-1, -1, 9, -1], 2, 2).unwrap_err();
        assert!(e.detail().contains("cell (1, 0) holds 9"), "{}", e.detail());
        let e = grid_to_jumps(&[2, -1, -1, -1], 2, 2).unwrap_err();
        assert!(e.detail().contains("square 4"), "{}", e.detail());
        assert_eq!(
            grid_to_jumps(&[], 0, 3).unwrap_err().kind(),
            ErrorKind::ZeroSize
        );
        // Square 1 (cell (1, 0)) may hold a ladder here.
        assert_eq!(
            grid_to_jumps(&[-1, -1, 3, -1], 2, 2).unwrap(),
            vec![3, -1, -1, -1]
        );
    }
}
