//! C entry point for the fewest rolls on a LeetCode 909 grid: `gg_snakes_min_rolls`.

use super::boundary::{ffi_boundary, try_out, try_slice};
use crate::snakes;

/// Fewest dice rolls from square 1 to square n*n (LeetCode 909).
///
/// `board` holds `n * n` cells, row-major, row 0 on top. Squares are numbered boustrophedon from
/// the bottom-left cell `board[n-1][0]` (square 1), each row running opposite to the one below.
/// Each cell is -1 (no jump) or the destination square 1..n*n of a snake or ladder; squares 1 and
/// n*n hold no jump. Each roll the player picks a face 1..6 and moves to `s + face` (never past
/// n*n); a jump on the landing square is followed once, never chained.
///
/// On success `*rolls_out` is the fewest rolls, or -1 when square n*n cannot be reached (0 for
/// n = 1). On error `*rolls_out` is not written and the board is not read past `n * n` cells.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_ZERO_SIZE` (n = 0), `GG_ERR_SIZE_OVERFLOW` (n * n
/// overflows or exceeds `INT32_MAX`), `GG_ERR_INVALID_CELL` (a destination outside 1..n*n or a jump
/// on square 1 or n*n), `GG_ERR_INVALID_ARGUMENT` (misaligned pointer), `GG_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `board` must point to `n * n` readable `int32_t`; `rolls_out` to a writable `int32_t`.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_min_rolls(
    board: *const i32,
    n: usize,
    rolls_out: *mut i32,
) -> i32 {
    ffi_boundary! {
        let squares = snakes::check_dimensions(n, n)?;
        let cells = try_slice!(board, squares);
        let out = try_out!(rolls_out);
        let rolls = snakes::min_rolls_of_grid(cells, n, n)?;
        // At most n*n - 1 <= INT32_MAX - 1 rolls, so the cast cannot truncate.
        out.set(rolls.map_or(-1, |r| r as i32));
        Ok(())
    }
}
