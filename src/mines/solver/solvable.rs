//! Whether a board can be won without guessing, exactly: `gg_mines_solvable`. It plays the board
//! from the first click with certain moves only (`certain_moves.rs`) and counts what is left.

use super::certain_moves::{CertainPlay, Logic};
use super::probability::with_counter;
use crate::error::{Error, ErrorKind, Result};
use crate::mines::board::alphabet::PLAY_MINES;
use crate::mines::board::leetcode_board::check_coordinate;

/// How many safe cells remain hidden once no certain move is left, playing `board` from a click
/// at `(row, col)`: 0 means the board is won without a guess.
///
/// `board` is a LeetCode board (`rows * cols` bytes, row-major): 'M' a hidden mine, 'E' a hidden
/// safe cell, 'B' and '1'-'8' revealed cells (each must match its neighbours), 'X' a mine whose
/// place is known. The total number of mines, for [`Logic::WithCount`], is the number of 'M' and
/// 'X'.
///
/// Errors: `ZeroSize`/`SizeOverflow`/`InvalidArgument` for the shape, `InvalidCell` for a byte
/// outside the alphabet, `Inconsistent` for a revealed cell that does not match its neighbours,
/// `OutOfBounds` for the click, `InvalidArgument` when the click is on a mine, `OutOfMemory`.
///
/// ```
/// use gridgames::mines::{unsolved_after, Logic};
/// // The click opens everything around the corner mine: nothing is left to guess.
/// assert_eq!(unsolved_after(b"MEEEEEEEE", 3, 3, 2, 2, Logic::NumbersOnly).unwrap(), 0);
/// // A '1' with three hidden neighbours: no logic can say which holds the mine.
/// assert_eq!(unsolved_after(b"MEEE", 2, 2, 1, 1, Logic::WithCount).unwrap(), 2);
/// // 1 x 4, mine at (0, 2): the '1' at (0, 1) finds it, and only the count clears (0, 3).
/// assert_eq!(unsolved_after(b"EEME", 1, 4, 0, 0, Logic::NumbersOnly).unwrap(), 1);
/// assert_eq!(unsolved_after(b"EEME", 1, 4, 0, 0, Logic::WithCount).unwrap(), 0);
/// ```
pub fn unsolved_after(
    board: &[u8],
    rows: usize,
    cols: usize,
    row: usize,
    col: usize,
    logic: Logic,
) -> Result<usize> {
    let mut play = CertainPlay::default();
    play.load(board, rows, cols)?;
    check_coordinate(row, col, rows, cols)?;
    let i = play.index(row, col);
    if PLAY_MINES[usize::from(play.cells()[i])] != 0 {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            format_args!("the first click ({row}, {col}) is on a mine"),
        ));
    }
    play.open(i)?;
    with_counter(|counter| play.play(counter, logic, u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors() {
        let e = unsolved_after(b"ME", 1, 2, 0, 0, Logic::NumbersOnly).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert_eq!(e.detail(), "the first click (0, 0) is on a mine");
        let e = unsolved_after(b"ME", 1, 2, 1, 0, Logic::NumbersOnly).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::OutOfBounds);
        let e = unsolved_after(b"M2", 1, 2, 0, 1, Logic::NumbersOnly).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Inconsistent);
        let e = unsolved_after(b"MZ", 1, 2, 0, 1, Logic::NumbersOnly).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidCell);
        let e = unsolved_after(b"ME", 2, 2, 0, 1, Logic::NumbersOnly).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    }

    #[test]
    fn tall_boards_answer_as_their_rows_and_name_their_own_cells() {
        let mut rng = crate::rng::SplitMix64::new(3);
        for len in [1, 2, 63, 64, 65, 200, 1000] {
            let column: Vec<u8> = (0..len)
                .map(|_| if rng.below(5) == 0 { b'M' } else { b'E' })
                .collect();
            let Some(click) = column.iter().position(|&b| b == b'E') else {
                continue;
            };
            for logic in [Logic::NumbersOnly, Logic::WithCount] {
                let row = unsolved_after(&column, 1, len, 0, click, logic).unwrap();
                let col = unsolved_after(&column, len, 1, click, 0, logic).unwrap();
                assert_eq!(row, col, "{len} cells, {logic:?}");
            }
        }
        // A 4 x 1 column whose '2' at (2, 0) sees one mine.
        let e = unsolved_after(b"EM2E", 4, 1, 0, 0, Logic::NumbersOnly).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Inconsistent);
        assert!(
            e.detail().starts_with("cell (2, 0) shows"),
            "{}",
            e.detail()
        );
        let e = unsolved_after(b"EMEE", 4, 1, 1, 0, Logic::NumbersOnly).unwrap_err();
        assert_eq!(e.detail(), "the first click (1, 0) is on a mine");
    }

    #[test]
    fn the_count_decides_what_the_numbers_cannot() {
        let both = |b: &[u8], rows, cols, r, c| {
            (
                unsolved_after(b, rows, cols, r, c, Logic::NumbersOnly).unwrap(),
                unsolved_after(b, rows, cols, r, c, Logic::WithCount).unwrap(),
            )
        };
        assert_eq!(both(b"EEME", 1, 4, 0, 0), (1, 0));
        assert_eq!(both(b"EEEM", 2, 2, 0, 0), (2, 2));
        // Already revealed cells count; 'X' is a mine whose place is known.
        assert_eq!(both(b"B1ME", 1, 4, 0, 0), (1, 0));
        assert_eq!(both(b"EEXE", 1, 4, 0, 0), (1, 0));
    }
}
