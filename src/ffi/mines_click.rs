//! C entry point for the Minesweeper click (LeetCode 529): `gg_mines_click`.

use super::boundary::{ffi_boundary, try_slice_mut};
use crate::mines;
use std::ffi::c_char;

/// Applies one click to a Minesweeper board in place (LeetCode 529).
///
/// `board` holds `rows * cols` chars, row-major, row 0 on top, with no NUL terminators. The
/// alphabet: 'M' hidden mine, 'E' hidden empty, 'B' revealed blank, '1'-'8' revealed count, 'X'
/// revealed mine.
///
/// - A click on 'M' turns it into 'X'.
/// - A click on 'E' shows its count of neighbouring mines ('M' or 'X', eight directions), or 'B'
///   when the count is zero; a 'B' opens its hidden 'E' neighbours the same way, repeatedly.
///   Cells that were already revealed are not expanded.
/// - A click on a revealed cell ('B', '1'-'8', 'X') changes nothing and returns `GG_OK`.
///
/// The whole board is validated before anything is written; on error it is left untouched.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_ZERO_SIZE`, `GG_ERR_SIZE_OVERFLOW`,
/// `GG_ERR_INVALID_CELL` (a char outside the alphabet), `GG_ERR_OUT_OF_BOUNDS` (the click),
/// `GG_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `board` must point to `rows * cols` readable and writable chars, not accessed by another thread
/// during the call.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_click(
    board: *mut c_char,
    rows: usize,
    cols: usize,
    row: usize,
    col: usize,
) -> i32 {
    ffi_boundary! {
        let len = mines::cell_count(rows, cols)?;
        let cells = try_slice_mut!(board as u8, len);
        mines::click_cells(cells, rows, cols, row, col)?;
        Ok(())
    }
}
