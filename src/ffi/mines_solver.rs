//! C entry points for the Minesweeper solver: exact probabilities and the hint.

use super::boundary::{ffi_boundary, try_out, try_out_slice, try_ref, try_slice, FfiError};
use super::mines_session::{GG_FIRST_CLICK_ANY, GG_FIRST_CLICK_OPENING, GG_FIRST_CLICK_SAFE};
use super::status::GG_ERR_INVALID_ARGUMENT;
use crate::mines;
use std::ffi::c_char;

/// Exact mine probabilities of a Minesweeper player view.
///
/// `view` holds `rows * cols` chars, row-major, row 0 on top, no NUL terminators, in the
/// player-view alphabet of `gg_mines_view`: 'E' and 'F' are hidden cells ('F' is only the
/// player's claim, so it is treated like 'E'), 'B' is a revealed cell with no neighbouring mine
/// and '1'-'8' a revealed count. `mines` is the number of mines on the whole board.
///
/// The model: every layout of exactly `mines` mines on the hidden cells that agrees with every
/// revealed number is equally likely. `probs_out[i]` receives, for hidden cell `i`, the share of
/// those layouts that put a mine on it (accurate to 1e-9 on any board size; exactly 0.0 means no
/// layout does), and -1.0 for a revealed cell.
///
/// The count is exact: independent groups of numbers are counted separately by a dynamic
/// programme over the cells they share, then combined over the mine total with the binomial
/// weight of the unconstrained cells. Its cost grows with how many numbers must be tracked at
/// once along the frontier of revealed cells, not with the board size; a frontier too
/// entangled to count within the library's budget is refused with `GG_ERR_TOO_COMPLEX`. Such
/// frontiers are contrived: `benches/win_rate` met none in 1,000,000 expert games a rule set.
/// (Before the count took rings around an opening in their own order, it had met 2 in the
/// first 600,000 modern ones.)
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_ZERO_SIZE`, `GG_ERR_SIZE_OVERFLOW`,
/// `GG_ERR_INVALID_CELL` (a char outside the alphabet), `GG_ERR_TOO_MANY_MINES` (`mines`
/// exceeds `rows * cols`), `GG_ERR_INCONSISTENT` (no layout fits the view; the message names
/// the cell or the count), `GG_ERR_INVALID_ARGUMENT` (misaligned `probs_out`),
/// `GG_ERR_TOO_COMPLEX` (a frontier too entangled to count), `GG_ERR_OUT_OF_MEMORY`. On error
/// `probs_out` is left untouched.
///
/// # Safety
/// `view` must point to `rows * cols` readable chars and `probs_out` to `rows * cols` writable
/// doubles; neither may be modified by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_probabilities(
    view: *const c_char,
    rows: usize,
    cols: usize,
    mines: usize,
    probs_out: *mut f64,
) -> i32 {
    ffi_boundary! {
        // Both buffers are checked (size included) before the view is read.
        let len = mines::cell_count(rows, cols)?;
        let bytes = try_slice!(view as u8, len);
        let out = try_out_slice!(probs_out, len);
        let parsed = mines::View::parse(bytes, rows, cols, mines)?;
        let p = mines::probabilities(&parsed)?;
        for (o, &x) in out.iter_mut().zip(p.probs()) {
            o.write(x);
        }
        Ok(())
    }
}

/// The best next cell to reveal on a Minesweeper player view.
///
/// `view`, `rows`, `cols` and `mines` are as for `gg_mines_probabilities`. On success
/// `*row_out` and `*col_out` receive a hidden cell and `*risk_out` its exact mine probability.
///
/// - When some hidden cell is certainly safe (probability 0), the hint is such a cell, also when
///   the frontier is too entangled to count but the single-number and pair rules prove a cell
///   safe.
/// - Otherwise it is the strategy's best guess: among the safest cells (and promising
///   unconstrained ones), the cell whose reveal gives the best chance of surviving this move and
///   the next, looking at every number it could show; cells whose number is already determined
///   are avoided. The look-ahead shrinks on very large boards to keep the call fast. The
///   tolerance: the guess is at least 90% as safe as the safest cell.
/// - Two exceptions to "among the safest": a forced 50/50 (two hidden cells holding one mine
///   that no reveal can ever tell apart, or a longer chain or a box of cells whose mines lie on
///   one half of it or the other, alike) is guessed as soon as it is found, before any safer
///   guess, because it must be guessed anyway and its number may spare the other guess. So is a
///   pseudo-50/50: a cell that, whenever it holds a mine, makes such a 50/50 with its neighbour
///   along a row or column, so that its risk is owed either way.
/// - On a view with nothing revealed it is the first click: cell (2, 2) ((3, 3) on a board with
///   one side at least 1.5 times the other, as expert's 16 x 30; nearer the middle on boards
///   narrower than 5), chosen for games whose first click is guaranteed an opening: its whole
///   mine-free 3 x 3 block lies on the board, which gives larger openings than a corner.
///   When the first click is only safe, `gg_mines_hint_with` told the rule gives the corner
///   (0, 0), the likeliest zero: about 2 points more classic expert games won than at (2, 2)
///   (40.29% against 38.20%, in issue 33's measurement).
///
/// The hint depends on the view alone. The checks and the look-ahead behind a guess stop at a
/// fixed amount of counting work; what the thread remembers (groups of numbers it counted, and
/// opening guesses) makes a hint faster, but is charged to that work as if counted again, so
/// the stop falls in the same place on any thread, whatever it did before.
///
/// Errors: as for `gg_mines_probabilities`, plus `GG_ERR_GAME_OVER` when no hidden cell can be
/// safe (nothing is hidden, or every hidden cell holds a mine: the game is won). On error the
/// three outputs are left untouched. `GG_ERR_TOO_COMPLEX` comes only when the frontier cannot be
/// counted and no cell is proven safe; a caller playing on must then pick the cell itself.
///
/// # Safety
/// `view` must point to `rows * cols` readable chars; `row_out`, `col_out` and `risk_out` must
/// be writable.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_hint(
    view: *const c_char,
    rows: usize,
    cols: usize,
    mines: usize,
    row_out: *mut usize,
    col_out: *mut usize,
    risk_out: *mut f64,
) -> i32 {
    ffi_boundary! {
        let len = mines::cell_count(rows, cols)?;
        let bytes = try_slice!(view as u8, len);
        let (r, c, risk) = (try_out!(row_out), try_out!(col_out), try_out!(risk_out));
        let parsed = mines::View::parse(bytes, rows, cols, mines)?;
        let h = mines::hint(&parsed)?;
        r.set(h.row);
        c.set(h.col);
        risk.set(h.risk);
        Ok(())
    }
}

/// Hint effort: the safest cell (ties: the fewest hidden neighbours), no look-ahead and no
/// endgame search; the fastest.
pub const GG_EFFORT_FAST: u32 = 0;
/// Hint effort: what `gg_mines_hint` does (a two-move look-ahead over the near-safest cells and
/// an exact search of the game tree when at most 1,024 layouts are left, or up to 16,384 in all
/// with at most 1,024 in each part of the view that nothing ties to the others); on a board at
/// least 18% mines (expert: 20.6%), those of the four best guesses within 2% of the best are
/// scored three moves ahead while at least 90% of the cells are hidden and, with
/// `GG_FIRST_CLICK_OPENING`, while 5/16 to 5/8 of them are.
pub const GG_EFFORT_STANDARD: u32 = 1;
/// Hint effort: `GG_EFFORT_STANDARD` with more room on large boards and more counting work, and
/// the four best guesses scored three moves ahead in full (the position after each number valued
/// by its own best two-move guess) where that wins more: on a board at least 18% mines while
/// 5/8 to 9/10 of the cells are hidden (the early middle game, between the opening and the
/// middle game), and anywhere on a sparser board. On the same expert games as
/// `GG_EFFORT_STANDARD` it wins 0.026 points more classic and 0.024 more modern (1,000,000 games
/// each; 95% intervals 0.014 and 0.016 either side), at 0.75-0.81 times the speed (README
/// "Solver"). On beginner and intermediate, where it looks three moves ahead at every guess, it
/// runs at 0.2-0.3 times the standard effort's speed under the classic rule and about 0.6
/// under the modern one.
pub const GG_EFFORT_DEEP: u32 = 2;

/// Options of `gg_mines_hint_with`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
#[allow(non_camel_case_types)]
pub struct gg_mines_hint_options {
    /// The game's first-click rule, `GG_FIRST_CLICK_ANY`, `GG_FIRST_CLICK_SAFE` or
    /// `GG_FIRST_CLICK_OPENING`: on an all-hidden view the hint is the best first click under
    /// it, (2, 2) (or (3, 3) on wide boards, see `gg_mines_hint`) when the first click opens and
    /// the corner (0, 0) otherwise. When it opens, `GG_EFFORT_STANDARD` also scores the leading
    /// guesses three moves ahead in the middle game of a dense board (`docs/solver.md`).
    pub first_click: u32,
    /// `GG_EFFORT_FAST`, `GG_EFFORT_STANDARD` or `GG_EFFORT_DEEP`.
    pub effort: u32,
}

/// The best next cell to reveal, as `gg_mines_hint`, under the game's first-click rule and with
/// the effort asked for; `*win_out` receives the exact chance of winning the game from this view
/// by following the hints when the endgame search computed it (at most 1,024 layouts left, or
/// up to 16,384 with at most 1,024 in each part that nothing ties to the others, and
/// `GG_EFFORT_STANDARD` or `GG_EFFORT_DEEP`), and NaN otherwise.
///
/// Effort trades time for strength; measured by `benches/win_rate.rs` (README "Solver"):
/// `GG_EFFORT_FAST` takes the safest cell, `GG_EFFORT_STANDARD` is `gg_mines_hint` (under 50 ms
/// on any expert view), `GG_EFFORT_DEEP` adds the full three-move look-ahead where it wins
/// more (about 1.25 times as long on average, up to about 110 ms on an expert view; see
/// `GG_EFFORT_DEEP`). With `GG_FIRST_CLICK_OPENING` and `GG_EFFORT_STANDARD` the hint is
/// `gg_mines_hint`'s.
///
/// Errors: as for `gg_mines_hint`, plus `GG_ERR_NULL_POINTER` for `options` or `win_out` and
/// `GG_ERR_INVALID_ARGUMENT` for an unknown `first_click` or `effort`. On error the four outputs
/// are left untouched.
///
/// # Safety
/// `view` must point to `rows * cols` readable chars, `options` to a readable
/// `gg_mines_hint_options`; `row_out`, `col_out`, `risk_out` and `win_out` must be writable.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn gg_mines_hint_with(
    view: *const c_char,
    rows: usize,
    cols: usize,
    mines: usize,
    options: *const gg_mines_hint_options,
    row_out: *mut usize,
    col_out: *mut usize,
    risk_out: *mut f64,
    win_out: *mut f64,
) -> i32 {
    ffi_boundary! {
        let len = mines::cell_count(rows, cols)?;
        let bytes = try_slice!(view as u8, len);
        let opt = try_ref!(options);
        let (r, c) = (try_out!(row_out), try_out!(col_out));
        let (risk, win) = (try_out!(risk_out), try_out!(win_out));
        let first_click_opens = match opt.first_click {
            GG_FIRST_CLICK_OPENING => true,
            GG_FIRST_CLICK_ANY | GG_FIRST_CLICK_SAFE => false,
            other => {
                return Err(FfiError::new(
                    GG_ERR_INVALID_ARGUMENT,
                    format_args!(
                        "options->first_click is {other}; allowed: GG_FIRST_CLICK_ANY (0), \
                         GG_FIRST_CLICK_SAFE (1), GG_FIRST_CLICK_OPENING (2)"
                    ),
                ))
            }
        };
        let effort = match opt.effort {
            GG_EFFORT_FAST => mines::Effort::Fast,
            GG_EFFORT_STANDARD => mines::Effort::Standard,
            GG_EFFORT_DEEP => mines::Effort::Deep,
            other => {
                return Err(FfiError::new(
                    GG_ERR_INVALID_ARGUMENT,
                    format_args!(
                        "options->effort is {other}; allowed: GG_EFFORT_FAST (0), \
                         GG_EFFORT_STANDARD (1), GG_EFFORT_DEEP (2)"
                    ),
                ))
            }
        };
        let parsed = mines::View::parse(bytes, rows, cols, mines)?;
        let options = mines::HintOptions {
            first_click_opens,
            effort,
        };
        let report = mines::hint_with_options(&parsed, &options)?;
        r.set(report.hint.row);
        c.set(report.hint.col);
        risk.set(report.hint.risk);
        win.set(report.win.unwrap_or(f64::NAN));
        Ok(())
    }
}

/// Solvability logic: a cell is certain when the revealed numbers alone prove it safe.
pub const GG_SOLVE_NUMBERS_ONLY: u32 = 0;
/// Solvability logic: the total number of mines may be used too.
pub const GG_SOLVE_WITH_COUNT: u32 = 1;

/// Whether a Minesweeper board can be won from a first click without guessing, exactly.
///
/// `board` holds `rows * cols` chars in the alphabet of `gg_mines_click`, row-major, no
/// terminators: 'M' a hidden mine, 'E' a hidden safe cell, 'B' and '1'-'8' cells already
/// revealed (each must match its neighbouring mines), 'X' a mine whose place is known. From a
/// click at (`row`, `col`) the check reveals, over and over, every hidden cell that is safe in
/// every layout that fits what is revealed, until no such cell is left. A zero floods as in
/// `gg_mines_click`. `*unsolved_out` receives the number of safe cells still hidden then: 0
/// means the board needs no guess.
///
/// "Every layout that fits" is exact, not a set of patterns. `logic` says which layouts fit:
/// - `GG_SOLVE_NUMBERS_ONLY`: those that agree with every revealed number;
/// - `GG_SOLVE_WITH_COUNT`: those that also hold exactly as many mines as `board` ('M' and 'X').
///
/// A board solvable with `GG_SOLVE_NUMBERS_ONLY` is solvable with `GG_SOLVE_WITH_COUNT`, and the
/// count never leaves more cells hidden.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_ZERO_SIZE`, `GG_ERR_SIZE_OVERFLOW`,
/// `GG_ERR_INVALID_CELL` (a char outside the alphabet), `GG_ERR_INCONSISTENT` (a revealed cell
/// that does not match its neighbours), `GG_ERR_OUT_OF_BOUNDS` (the click),
/// `GG_ERR_INVALID_ARGUMENT` (the click is on a mine, or an unknown `logic`),
/// `GG_ERR_TOO_COMPLEX` (a frontier too entangled to count exactly: never guessed),
/// `GG_ERR_OUT_OF_MEMORY`. `*unsolved_out` is written only on success.
///
/// # Safety
/// `board` must point to `rows * cols` readable chars; `unsolved_out` must be writable.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_solvable(
    board: *const c_char,
    rows: usize,
    cols: usize,
    row: usize,
    col: usize,
    logic: u32,
    unsolved_out: *mut usize,
) -> i32 {
    ffi_boundary! {
        let len = mines::cell_count(rows, cols)?;
        let cells = try_slice!(board as u8, len);
        let out = try_out!(unsolved_out);
        let logic = match logic {
            GG_SOLVE_NUMBERS_ONLY => mines::Logic::NumbersOnly,
            GG_SOLVE_WITH_COUNT => mines::Logic::WithCount,
            other => {
                return Err(FfiError::new(
                    GG_ERR_INVALID_ARGUMENT,
                    format_args!(
                        "logic is {other}; allowed: GG_SOLVE_NUMBERS_ONLY (0), \
                         GG_SOLVE_WITH_COUNT (1)"
                    ),
                ))
            }
        };
        out.set(mines::unsolved_after(cells, rows, cols, row, col, logic)?);
        Ok(())
    }
}
