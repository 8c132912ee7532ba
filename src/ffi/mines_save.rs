//! C entry points for saving, loading and undoing Minesweeper games, and reading their moves and
//! size: `gg_mines_save`, `gg_mines_load`, `gg_mines_undo`, `gg_mines_moves`,
//! `gg_mines_dimensions`.

use super::boundary::{
    ffi_boundary, try_box, try_mut, try_opt_out_slice, try_out, try_ref, try_slice, write_counted,
};
use super::mines_session::gg_mines;
use crate::mines::{Game, MoveKind};

/// Move kind: a `gg_mines_reveal`.
pub const GG_MOVE_REVEAL: u32 = 0;
/// Move kind: a `gg_mines_toggle_flag` (a flag toggle).
pub const GG_MOVE_FLAG: u32 = 1;
/// Move kind: a `gg_mines_chord`.
pub const GG_MOVE_CHORD: u32 = 2;

/// One accepted move of a game: every `gg_mines_reveal`, `gg_mines_toggle_flag` or
/// `gg_mines_chord` call that returned `GG_OK`, even one that changed nothing (the calls the play
/// statistics count).
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_mines_move {
    /// `GG_MOVE_REVEAL`, `GG_MOVE_FLAG` or `GG_MOVE_CHORD`.
    pub kind: u32,
    /// The move's row.
    pub row: usize,
    /// The move's column.
    pub col: usize,
}

/// Writes the game as a self-contained record into `buf`: how the board was made (the
/// configuration, or the board of a `gg_mines_from_board` game), the mine layout, and every
/// accepted move in order. `gg_mines_load` turns it back into the same game. The format is
/// versioned, little-endian and carries a CRC-32 (docs/save-format.md); later releases load every
/// earlier version's records. An expert game of 200 moves takes under 1 KB; a board takes one bit
/// a cell (two for a `gg_mines_from_board` game) plus about three bytes a move.
///
/// `*len_out` receives the record's size, also when `cap` is too small: then the call returns
/// `GG_ERR_BUFFER_TOO_SMALL` and writes nothing to `buf`, which may be NULL with `cap` 0 to ask
/// for the size.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_BUFFER_TOO_SMALL`, `GG_ERR_OUT_OF_MEMORY`. On error
/// `buf` is not written.
///
/// # Safety
/// `game` must be a live handle that no other thread is using during the call; `buf` must point
/// to `cap` writable bytes (or be NULL with `cap` 0); `len_out` to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_save(
    game: *const gg_mines,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> i32 {
    ffi_boundary! {
        let game = try_ref!(game);
        let len_out = try_out!(len_out);
        let out = try_opt_out_slice!(buf, cap);
        let record = game.game.save()?;
        write_counted(out, cap, "buf", len_out, record.into_iter())
    }
}

/// Makes a game from a record of `gg_mines_save` (`len` bytes): the same view, true board, state,
/// statistics and move list as the saved game, and every later move gives the same result in
/// both. The record is read, never kept: the caller may free it.
///
/// On success `*out` receives a new handle, to be released with `gg_mines_free`. On error `*out`
/// is not written.
///
/// Errors: `GG_ERR_NULL_POINTER`; `GG_ERR_BAD_RECORD` for any record `gg_mines_save` did not
/// write (a wrong magic or an unknown version, a truncated record or trailing bytes, a bad
/// checksum, a configuration or board that is not a legal game, a layout the configuration does
/// not allow, a move off the board or after the game ended), with a message that says which;
/// `GG_ERR_OUT_OF_MEMORY`. The record is never read past `len`, and what loading allocates is
/// bounded by the record (its layout holds a bit for every cell).
///
/// # Safety
/// `buf` must point to `len` readable bytes; `out` to a writable `gg_mines *`.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_load(buf: *const u8, len: usize, out: *mut *mut gg_mines) -> i32 {
    ffi_boundary! {
        let record = try_slice!(buf, len);
        let out = try_out!(out);
        let game = Game::load(record)?;
        out.set(try_box(gg_mines { game })?);
        Ok(())
    }
}

/// Takes back the last accepted move: a reveal, a flag toggle or a chord. Afterwards the game
/// equals one that never made that move: view, true board, state, statistics and move list. A
/// lost game is playing again; a first reveal taken back takes its mines away with it. Undo costs
/// what the move cost: it never replays the game.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_NOTHING_TO_UNDO` (no move since the game began;
/// nothing changes).
///
/// # Safety
/// `game` must be a live handle that no other thread is using during the call.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_undo(game: *mut gg_mines) -> i32 {
    ffi_boundary! {
        let game = try_mut!(game);
        game.game.undo()?;
        Ok(())
    }
}

/// Copies the game's accepted moves, in order, into `out`.
///
/// `*count_out` receives the number of moves, also when `cap` is too small: then the call returns
/// `GG_ERR_BUFFER_TOO_SMALL` and writes nothing to `out`, which may be NULL with `cap` 0 to ask
/// for the count.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_BUFFER_TOO_SMALL`, `GG_ERR_INVALID_ARGUMENT`
/// (misaligned `out`).
///
/// # Safety
/// `game` must be a live handle that no other thread is using during the call; `out` must point
/// to `cap` writable `gg_mines_move` (or be NULL with `cap` 0); `count_out` to a writable
/// `size_t`.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_moves(
    game: *const gg_mines,
    out: *mut gg_mines_move,
    cap: usize,
    count_out: *mut usize,
) -> i32 {
    ffi_boundary! {
        let game = try_ref!(game);
        let count_out = try_out!(count_out);
        let out = try_opt_out_slice!(out, cap);
        let moves = game.game.moves().iter().map(|m| gg_mines_move {
            kind: match m.kind {
                MoveKind::Reveal => GG_MOVE_REVEAL,
                MoveKind::Flag => GG_MOVE_FLAG,
                MoveKind::Chord => GG_MOVE_CHORD,
            },
            row: m.row,
            col: m.col,
        });
        write_counted(out, cap, "out", count_out, moves)
    }
}

/// The size of a game's board and its number of mines: what a caller needs to size the buffers
/// of `gg_mines_view` and `gg_mines_board` for a game it did not make, such as one from
/// `gg_mines_load`.
///
/// Errors: `GG_ERR_NULL_POINTER`. On error nothing is written.
///
/// # Safety
/// `game` must be a live handle that no other thread is using during the call; the three
/// out-pointers must be writable.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_dimensions(
    game: *const gg_mines,
    rows_out: *mut usize,
    cols_out: *mut usize,
    mines_out: *mut usize,
) -> i32 {
    ffi_boundary! {
        let game = try_ref!(game);
        let rows_out = try_out!(rows_out);
        let cols_out = try_out!(cols_out);
        let mines_out = try_out!(mines_out);
        rows_out.set(game.game.rows());
        cols_out.set(game.game.cols());
        mines_out.set(game.game.mines());
        Ok(())
    }
}
