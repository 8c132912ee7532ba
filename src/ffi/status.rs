//! The status codes and their one table: each code's core error kind and its description. A leaf:
//! it imports nothing from the rest of the C boundary.

use crate::error::ErrorKind;
use std::ffi::CStr;

/// Success.
pub const GG_OK: i32 = 0;
/// A required pointer argument was NULL.
pub const GG_ERR_NULL_POINTER: i32 = 1;
/// A dimension (rows, columns, squares) was zero.
pub const GG_ERR_ZERO_SIZE: i32 = 2;
/// Dimensions whose product overflows or exceeds what the types can address.
pub const GG_ERR_SIZE_OVERFLOW: i32 = 3;
/// A board cell holds a value outside its alphabet or range.
pub const GG_ERR_INVALID_CELL: i32 = 4;
/// A coordinate or square lies outside the board.
pub const GG_ERR_OUT_OF_BOUNDS: i32 = 5;
/// An output buffer is smaller than the result; the message says how many elements are needed.
pub const GG_ERR_BUFFER_TOO_SMALL: i32 = 6;
/// A parameter other than a board cell is out of range (an unknown rule, a zero count, a
/// misaligned pointer).
pub const GG_ERR_INVALID_ARGUMENT: i32 = 7;
/// More mines than the board and first-click rule allow.
pub const GG_ERR_TOO_MANY_MINES: i32 = 8;
/// The game has already been won or lost.
pub const GG_ERR_GAME_OVER: i32 = 9;
/// The board contradicts itself: no mine layout fits its revealed numbers.
pub const GG_ERR_INCONSISTENT: i32 = 10;
/// Memory for a caller-sized buffer could not be allocated.
pub const GG_ERR_OUT_OF_MEMORY: i32 = 11;
/// Bounded generation (a no-guess board) gave up; try another seed.
pub const GG_ERR_GENERATION_FAILED: i32 = 12;
/// A bug inside gridgames (a caught panic); the process is unharmed.
pub const GG_ERR_INTERNAL: i32 = 13;
/// A saved record that `gg_mines_save` or `gg_snakes_game_save` did not write: a wrong magic or
/// version, a truncated record or trailing bytes, a bad checksum, or contents that do not make a
/// legal game. The message says which.
pub const GG_ERR_BAD_RECORD: i32 = 14;
/// `gg_mines_undo` or `gg_snakes_game_undo` with no move or turn to take back.
pub const GG_ERR_NOTHING_TO_UNDO: i32 = 15;
/// A position too complex to compute exactly within the library's bounds of time and memory,
/// such as a Minesweeper frontier too entangled to count, or a Snakes and Ladders board whose
/// games last too long to sum or whose mean cannot be proven to 1e-9; no allocation failed. The
/// input itself is valid.
pub const GG_ERR_TOO_COMPLEX: i32 = 16;

/// One row per status: its code, the core error it reports (none for `GG_OK` and
/// `GG_ERR_NULL_POINTER`, `GG_ERR_BUFFER_TOO_SMALL` and `GG_ERR_INTERNAL`, which only the boundary
/// raises) and what `gg_status_str` says. The one place codes, kinds and descriptions meet.
const STATUSES: [(i32, Option<ErrorKind>, &CStr); 17] = [
    (GG_OK, None, c"ok"),
    (
        GG_ERR_NULL_POINTER,
        None,
        c"a required pointer argument is NULL",
    ),
    (
        GG_ERR_ZERO_SIZE,
        Some(ErrorKind::ZeroSize),
        c"a dimension is zero",
    ),
    (
        GG_ERR_SIZE_OVERFLOW,
        Some(ErrorKind::SizeOverflow),
        c"the dimensions overflow or exceed the addressable size",
    ),
    (
        GG_ERR_INVALID_CELL,
        Some(ErrorKind::InvalidCell),
        c"a board cell holds a value outside its alphabet or range",
    ),
    (
        GG_ERR_OUT_OF_BOUNDS,
        Some(ErrorKind::OutOfBounds),
        c"a coordinate lies outside the board",
    ),
    (
        GG_ERR_BUFFER_TOO_SMALL,
        None,
        c"an output buffer is too small",
    ),
    (
        GG_ERR_INVALID_ARGUMENT,
        Some(ErrorKind::InvalidArgument),
        c"an argument is out of range",
    ),
    (
        GG_ERR_TOO_MANY_MINES,
        Some(ErrorKind::TooManyMines),
        c"too many mines for the board and first-click rule",
    ),
    (
        GG_ERR_GAME_OVER,
        Some(ErrorKind::GameOver),
        c"the game is already over",
    ),
    (
        GG_ERR_INCONSISTENT,
        Some(ErrorKind::Inconsistent),
        c"the board contradicts itself",
    ),
    (
        GG_ERR_OUT_OF_MEMORY,
        Some(ErrorKind::OutOfMemory),
        c"out of memory",
    ),
    (
        GG_ERR_GENERATION_FAILED,
        Some(ErrorKind::GenerationFailed),
        c"board generation gave up",
    ),
    (GG_ERR_INTERNAL, None, c"internal error in gridgames"),
    (
        GG_ERR_BAD_RECORD,
        Some(ErrorKind::BadRecord),
        c"the saved record is not one gridgames wrote",
    ),
    (
        GG_ERR_NOTHING_TO_UNDO,
        Some(ErrorKind::NothingToUndo),
        c"there is nothing to undo",
    ),
    (
        GG_ERR_TOO_COMPLEX,
        Some(ErrorKind::TooComplex),
        c"too complex to compute exactly within the library's bounds",
    ),
];

pub(crate) fn describe(status: i32) -> &'static CStr {
    STATUSES
        .iter()
        .find(|&&(code, _, _)| code == status)
        .map_or(c"unknown status code", |&(_, _, text)| text)
}

/// The status that reports a core error of this kind.
pub(crate) fn status_of(kind: ErrorKind) -> i32 {
    STATUSES
        .iter()
        .find(|&&(_, k, _)| k == Some(kind))
        .map_or(GG_ERR_INTERNAL, |&(code, _, _)| code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_its_own_description() {
        let mut seen = std::collections::HashSet::new();
        for code in GG_OK..=GG_ERR_TOO_COMPLEX {
            let s = describe(code);
            assert_ne!(s, c"unknown status code", "code {code}");
            assert!(seen.insert(s), "code {code} repeats a description");
        }
        assert_eq!(describe(-1), c"unknown status code");
        assert_eq!(describe(GG_ERR_TOO_COMPLEX + 1), c"unknown status code");
    }

    #[test]
    fn every_error_kind_has_its_own_status() {
        // Naming every kind here makes a new one a compile error until it is listed.
        let all = |k: ErrorKind| match k {
            ErrorKind::ZeroSize
            | ErrorKind::SizeOverflow
            | ErrorKind::InvalidCell
            | ErrorKind::OutOfBounds
            | ErrorKind::InvalidArgument
            | ErrorKind::TooManyMines
            | ErrorKind::GameOver
            | ErrorKind::Inconsistent
            | ErrorKind::OutOfMemory
            | ErrorKind::GenerationFailed
            | ErrorKind::BadRecord
            | ErrorKind::NothingToUndo
            | ErrorKind::TooComplex => k,
        };
        let kinds = [
            ErrorKind::ZeroSize,
            ErrorKind::SizeOverflow,
            ErrorKind::InvalidCell,
            ErrorKind::OutOfBounds,
            ErrorKind::InvalidArgument,
            ErrorKind::TooManyMines,
            ErrorKind::GameOver,
            ErrorKind::Inconsistent,
            ErrorKind::OutOfMemory,
            ErrorKind::GenerationFailed,
            ErrorKind::BadRecord,
            ErrorKind::NothingToUndo,
            ErrorKind::TooComplex,
        ];
        let mut codes: Vec<i32> = kinds.iter().map(|&k| status_of(all(k))).collect();
        assert!(codes.iter().all(|&c| c != GG_ERR_INTERNAL && c != GG_OK));
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), kinds.len());
        // The table lists every code once, in order.
        assert!(STATUSES.iter().enumerate().all(|(i, s)| s.0 == i as i32));
    }
}
