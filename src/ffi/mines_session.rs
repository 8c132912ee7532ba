//! C entry points for Minesweeper game sessions: an opaque `gg_mines` handle and its moves.

use super::boundary::{
    ffi_boundary, try_box, try_mut, try_out, try_out_slice, try_ref, try_slice, FfiError, FfiResult,
};
use super::status::GG_ERR_INVALID_ARGUMENT;
use crate::mines::{self, FirstClick, Game, GameState, Logic};
use std::ffi::c_char;
use std::mem::MaybeUninit;

/// First-click rule: mines are placed by `gg_mines_new`; the first reveal may hit one.
/// At most rows * cols mines.
pub const GG_FIRST_CLICK_ANY: u32 = 0;
/// First-click rule: mines are placed at the first reveal, never on the revealed cell.
/// At most rows * cols - 1 mines.
pub const GG_FIRST_CLICK_SAFE: u32 = 1;
/// First-click rule: mines are placed at the first reveal, none in its 3x3 block, so the first
/// reveal opens a zero. At most rows * cols - min(rows, 3) * min(cols, 3) mines (cells - 9 on
/// boards of at least 3 x 3).
pub const GG_FIRST_CLICK_OPENING: u32 = 2;

/// No-guess option: a plain board, mines placed uniformly at random.
pub const GG_NO_GUESS_OFF: u32 = 0;
/// No-guess option: a board won from the first click without a guess, each move proven safe
/// from the revealed numbers and the total number of mines (`GG_SOLVE_WITH_COUNT`).
pub const GG_NO_GUESS_WITH_COUNT: u32 = 1;
/// No-guess option: a board won from the first click without a guess, each move proven safe
/// from the revealed numbers alone (`GG_SOLVE_NUMBERS_ONLY`).
pub const GG_NO_GUESS_NUMBERS_ONLY: u32 = 2;

/// Game state: moves are accepted.
pub const GG_MINES_PLAYING: u32 = 0;
/// Game state: every safe cell is revealed.
pub const GG_MINES_WON: u32 = 1;
/// Game state: a mine was revealed.
pub const GG_MINES_LOST: u32 = 2;

/// A Minesweeper game in progress, created by `gg_mines_new` or `gg_mines_from_board` and
/// released by `gg_mines_free`.
///
/// A handle is used by one thread at a time: calls on the same handle must not overlap (guard it
/// with a lock to share it). Different handles may be used from different threads at once.
#[allow(non_camel_case_types)]
pub struct gg_mines {
    pub(crate) game: Game,
}

/// How `gg_mines_new` generates a game.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_mines_config {
    /// Rows of the board (at least 1).
    pub rows: usize,
    /// Columns of the board (at least 1).
    pub cols: usize,
    /// Mines on the board; the limit depends on `first_click`.
    pub mines: usize,
    /// The seed: the same seed, size, mine count, rule and first click give the same board on
    /// every platform and in every release.
    pub seed: u64,
    /// `GG_FIRST_CLICK_ANY`, `GG_FIRST_CLICK_SAFE` or `GG_FIRST_CLICK_OPENING`.
    pub first_click: u32,
    /// `GG_NO_GUESS_OFF` (0), or a board won from the first click without a guess:
    /// `GG_NO_GUESS_WITH_COUNT` (1: every move proven safe from the numbers and the mine total)
    /// or `GG_NO_GUESS_NUMBERS_ONLY` (2: from the numbers alone). Needs `GG_FIRST_CLICK_SAFE` or
    /// `GG_FIRST_CLICK_OPENING`. The board is drawn like a uniform board among those that need
    /// no guess, and is still a pure function of the configuration and the first click.
    pub no_guess: u32,
}

fn core_config(cfg: &gg_mines_config) -> FfiResult<mines::Config> {
    let first_click = match cfg.first_click {
        GG_FIRST_CLICK_ANY => FirstClick::Any,
        GG_FIRST_CLICK_SAFE => FirstClick::Safe,
        GG_FIRST_CLICK_OPENING => FirstClick::Opening,
        other => {
            return Err(FfiError::new(
                GG_ERR_INVALID_ARGUMENT,
                format_args!(
                    "first_click is {other}; allowed: GG_FIRST_CLICK_ANY (0), \
                     GG_FIRST_CLICK_SAFE (1), GG_FIRST_CLICK_OPENING (2)"
                ),
            ))
        }
    };
    let no_guess = match cfg.no_guess {
        GG_NO_GUESS_OFF => None,
        GG_NO_GUESS_WITH_COUNT => Some(Logic::WithCount),
        GG_NO_GUESS_NUMBERS_ONLY => Some(Logic::NumbersOnly),
        other => {
            return Err(FfiError::new(
                GG_ERR_INVALID_ARGUMENT,
                format_args!(
                    "no_guess is {other}; allowed: GG_NO_GUESS_OFF (0), GG_NO_GUESS_WITH_COUNT \
                     (1), GG_NO_GUESS_NUMBERS_ONLY (2)"
                ),
            ))
        }
    };
    Ok(mines::Config {
        rows: cfg.rows,
        cols: cfg.cols,
        mines: cfg.mines,
        seed: cfg.seed,
        first_click,
        no_guess,
    })
}

/// Starts a game with a board generated from `cfg->seed`.
///
/// Mines are placed uniformly at random by a documented, stable generator (SplitMix64 and
/// Floyd's sampling, see docs/reproducibility.md), so the same configuration and the same first
/// click give the same board everywhere. With `GG_FIRST_CLICK_ANY` they are placed now; with
/// `GG_FIRST_CLICK_SAFE` and `GG_FIRST_CLICK_OPENING` at the first reveal, away from it.
///
/// With `no_guess` the first reveal runs the no-guess generator: it draws uniform boards and
/// keeps the first that the exact solvability check (`gg_mines_solvable`) wins from that click,
/// and only when many draws fail (dense boards) does it move a few mines, each by at most two
/// cells, where play gets stuck. Its work is bounded (on a 16 x 30 expert board it takes about a
/// millisecond; on any board at most about a second). Small boards, with at most 8,192 possible
/// layouts, are searched exhaustively. If it gives up, that reveal returns
/// `GG_ERR_GENERATION_FAILED` and changes nothing (try another seed or fewer mines); a later
/// reveal at the same cell is refused again at once.
///
/// On success `*out` receives a new handle, to be released with `gg_mines_free`. On error `*out`
/// is not written.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_ZERO_SIZE`, `GG_ERR_SIZE_OVERFLOW`,
/// `GG_ERR_INVALID_ARGUMENT` (an unknown `first_click` or `no_guess`, `no_guess` with
/// `GG_FIRST_CLICK_ANY`),
/// `GG_ERR_TOO_MANY_MINES` (more than the rule allows), `GG_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `cfg` must point to a readable `gg_mines_config`; `out` to a writable `gg_mines *`.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_new(cfg: *const gg_mines_config, out: *mut *mut gg_mines) -> i32 {
    ffi_boundary! {
        let cfg = try_ref!(cfg);
        let out = try_out!(out);
        let game = Game::new(&core_config(cfg)?)?;
        out.set(try_box(gg_mines { game })?);
        Ok(())
    }
}

/// Starts a game from a LeetCode board of `rows * cols` chars (row-major, no terminators).
///
/// 'M' and 'E' are hidden; 'B' and '1'-'8' are revealed; 'X' is a revealed mine, and the game is
/// then already lost. Every 'B' and digit must equal its count of neighbouring mines ('M' or
/// 'X'). A board with no hidden safe cell and no 'X' is already won. The board is copied: the
/// caller keeps it.
///
/// On success `*out` receives a new handle, to be released with `gg_mines_free`. On error `*out`
/// is not written.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_ZERO_SIZE`, `GG_ERR_SIZE_OVERFLOW`,
/// `GG_ERR_INVALID_CELL` (a char outside the alphabet), `GG_ERR_INCONSISTENT` (a 'B' or digit
/// that does not match its neighbours), `GG_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `board` must point to `rows * cols` readable chars; `out` to a writable `gg_mines *`.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_from_board(
    board: *const c_char,
    rows: usize,
    cols: usize,
    out: *mut *mut gg_mines,
) -> i32 {
    ffi_boundary! {
        let len = mines::cell_count(rows, cols)?;
        let cells = try_slice!(board as u8, len);
        let out = try_out!(out);
        let game = Game::from_board(cells, rows, cols)?;
        out.set(try_box(gg_mines { game })?);
        Ok(())
    }
}

/// Releases a game. NULL is ignored. The handle must not be used afterwards.
///
/// # Safety
/// `game` must be NULL or a handle from `gg_mines_new` or `gg_mines_from_board` that has not
/// been released yet and that no other thread is using.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_free(game: *mut gg_mines) {
    ffi_boundary! { returning () =>
        if !game.is_null() {
            // SAFETY: a live handle comes from Box::into_raw in gg_mines_new / gg_mines_from_board,
            // and the caller gives up its only use of it.
            drop(unsafe { Box::from_raw(game) });
        }
    }
}

/// Reveals the cell at (`row`, `col`).
///
/// - A hidden, unflagged mine loses the game; the view then shows it as 'X'.
/// - A hidden, unflagged safe cell shows its count of neighbouring mines, and a zero ('B') floods
///   open every connected hidden safe cell that is not flagged, as in `gg_mines_click`.
/// - A flagged or revealed cell: nothing happens, `GG_OK`.
/// - The first reveal of a `GG_FIRST_CLICK_SAFE` or `GG_FIRST_CLICK_OPENING` game places the mines
///   first.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_GAME_OVER` (already won or lost),
/// `GG_ERR_OUT_OF_BOUNDS`, `GG_ERR_OUT_OF_MEMORY`. An error changes nothing.
///
/// # Safety
/// `game` must be a live handle that no other thread is using during the call.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_reveal(game: *mut gg_mines, row: usize, col: usize) -> i32 {
    ffi_boundary! {
        let game = try_mut!(game);
        game.game.reveal(row, col)?;
        Ok(())
    }
}

/// Flags a hidden, unflagged cell, or unflags a flagged one. A revealed cell: nothing happens,
/// `GG_OK`. Flags stop reveals, floods and chords from opening a cell.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_GAME_OVER` (already won or lost),
/// `GG_ERR_OUT_OF_BOUNDS`. An error changes nothing.
///
/// # Safety
/// `game` must be a live handle that no other thread is using during the call.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_toggle_flag(game: *mut gg_mines, row: usize, col: usize) -> i32 {
    ffi_boundary! {
        let game = try_mut!(game);
        game.game.toggle_flag(row, col)?;
        Ok(())
    }
}

/// Chords on the cell at (`row`, `col`): when it is a revealed digit with exactly that many
/// flagged neighbours, reveals every unflagged hidden neighbour (in row-major order) as
/// `gg_mines_reveal` would. A wrong flag means a mine is among them: every mine uncovered shows
/// 'X' in the view and the game is lost. Otherwise (not a digit, another number of flags) nothing
/// happens, `GG_OK`.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_GAME_OVER` (already won or lost),
/// `GG_ERR_OUT_OF_BOUNDS`, `GG_ERR_OUT_OF_MEMORY` (as for `gg_mines_reveal`). Except for that last
/// case, an error changes nothing.
///
/// # Safety
/// `game` must be a live handle that no other thread is using during the call.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_chord(game: *mut gg_mines, row: usize, col: usize) -> i32 {
    ffi_boundary! {
        let game = try_mut!(game);
        game.game.chord(row, col)?;
        Ok(())
    }
}

/// Writes the game state to `*state_out`: `GG_MINES_PLAYING`, `GG_MINES_WON` (every safe cell is
/// revealed) or `GG_MINES_LOST` (a mine was revealed). On error `*state_out` is not written.
///
/// Errors: `GG_ERR_NULL_POINTER`.
///
/// # Safety
/// `game` must be a live handle that no other thread is modifying during the call; `state_out`
/// must point to a writable `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_state(game: *const gg_mines, state_out: *mut u32) -> i32 {
    ffi_boundary! {
        let game = try_ref!(game);
        let out = try_out!(state_out);
        out.set(match game.game.state() {
            GameState::Playing => GG_MINES_PLAYING,
            GameState::Won => GG_MINES_WON,
            GameState::Lost => GG_MINES_LOST,
        });
        Ok(())
    }
}

/// Copies `bytes` into `out`, which the caller checked and sized to `cap`, after checking it holds
/// at least `bytes.len()`.
fn write_board(
    out: &mut [MaybeUninit<u8>],
    bytes: impl ExactSizeIterator<Item = u8>,
) -> FfiResult<()> {
    let needed = bytes.len();
    if out.len() < needed {
        return Err(FfiError::buffer_too_small("out", out.len(), needed));
    }
    for (d, b) in out.iter_mut().zip(bytes) {
        *d = MaybeUninit::new(b);
    }
    Ok(())
}

/// Writes what the player sees into `out`: `rows * cols` chars, row-major, no terminator.
///
/// 'E' hidden, 'F' flagged, 'B' and '1'-'8' revealed. After a loss, 'X' marks every mine that
/// was revealed and 'M' every other mine, flagged or not. Before the end, and after a win, mines
/// look like any other hidden cell.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_BUFFER_TOO_SMALL` (`cap` below `rows * cols`; nothing
/// is written), `GG_ERR_SIZE_OVERFLOW` (a `cap` of more bytes than can be addressed, such as
/// `SIZE_MAX`), `GG_ERR_INVALID_ARGUMENT` (misaligned `out`).
///
/// # Safety
/// `game` must be a live handle that no other thread is modifying during the call; `out` must
/// point to `cap` writable chars.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_view(game: *const gg_mines, out: *mut c_char, cap: usize) -> i32 {
    ffi_boundary! {
        let game = try_ref!(game);
        let out = try_out_slice!(out as u8, cap);
        write_board(out, game.game.view_bytes())
    }
}

/// Writes the true board into `out` in the LeetCode alphabet: `rows * cols` chars, row-major, no
/// terminator.
///
/// 'M' hidden mine, 'E' hidden safe cell, 'B' and '1'-'8' revealed, 'X' a revealed mine; flags
/// are not shown. Before the first reveal of a `GG_FIRST_CLICK_SAFE` or `GG_FIRST_CLICK_OPENING`
/// game no mine is placed yet, so every cell is 'E'. The result can be passed to
/// `gg_mines_click` or `gg_mines_from_board`.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_BUFFER_TOO_SMALL` (`cap` below `rows * cols`; nothing
/// is written), `GG_ERR_SIZE_OVERFLOW` (a `cap` of more bytes than can be addressed, such as
/// `SIZE_MAX`), `GG_ERR_INVALID_ARGUMENT` (misaligned `out`).
///
/// # Safety
/// `game` must be a live handle that no other thread is modifying during the call; `out` must
/// point to `cap` writable chars.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_board(
    game: *const gg_mines,
    out: *mut c_char,
    cap: usize,
) -> i32 {
    ffi_boundary! {
        let game = try_ref!(game);
        let out = try_out_slice!(out as u8, cap);
        write_board(out, game.game.board_bytes())
    }
}
