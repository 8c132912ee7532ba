//! C entry points for Minesweeper statistics: a board's 3BV, openings, islands and ZiNi, and a
//! game's clicks.

use super::boundary::{ffi_boundary, try_out, try_ref, try_slice};
use super::mines_session::gg_mines;
use crate::mines::{self, BoardStats, PlayStats};
use std::ffi::c_char;

/// What a layout asks of a player, whatever the play (`gg_mines_measure`).
///
/// An *opening* is an 8-connected region of safe cells with no neighbouring mine; one click on it
/// reveals it and its border (the numbered cells next to it). A numbered safe cell that borders
/// no opening is *isolated*: it needs a click of its own.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct gg_mines_board_stats {
    /// 3BV (Bechtel's Board Benchmark Value): the fewest left clicks that clear the board,
    /// openings + isolated numbers.
    pub bbbv: usize,
    /// Openings: 8-connected regions of safe cells with no neighbouring mine.
    pub openings: usize,
    /// Islands: 8-connected groups of isolated numbers.
    pub islands: usize,
    /// Greedy ZiNi (Zimmermann-Nikolaus): the clicks (left, right and chord) of a greedy player
    /// who knows the layout. A cell's premium is the unsolved 3BV in its 3x3 block (each opening
    /// with a closed zero there once, each closed isolated number once), minus its unflagged
    /// neighbouring mines, minus 1 if it is closed, minus 1 for the chord. Repeatedly the
    /// top-left-most cell of highest premium is solved (opened if closed, its mines flagged,
    /// chorded) while that premium is at least 0; otherwise the top-left-most unsolved 3BV cell is
    /// left-clicked. Never above `bbbv`.
    pub zini: usize,
    /// Safe cells showing 0, 1, ..., 8.
    pub counts: [usize; 9],
}

impl From<BoardStats> for gg_mines_board_stats {
    fn from(s: BoardStats) -> Self {
        gg_mines_board_stats {
            bbbv: s.bbbv,
            openings: s.openings,
            islands: s.islands,
            zini: s.zini,
            counts: s.counts,
        }
    }
}

/// How a game has been played so far (`gg_mines_stats`). With a clock of its own, a front end
/// shows 3BV/s (`bbbv_solved` per second) and efficiency (`bbbv_solved` over the clicks).
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct gg_mines_play_stats {
    /// The board's 3BV; 0 while the layout does not exist yet (before the first reveal of a
    /// `GG_FIRST_CLICK_SAFE` or `GG_FIRST_CLICK_OPENING` game).
    pub bbbv: usize,
    /// Openings with a revealed blank + revealed numbers that border no opening. Equals `bbbv`
    /// once the game is won.
    pub bbbv_solved: usize,
    /// `gg_mines_reveal` calls that returned `GG_OK`.
    pub left_clicks: usize,
    /// `gg_mines_toggle_flag` calls that returned `GG_OK`.
    pub right_clicks: usize,
    /// `gg_mines_chord` calls that returned `GG_OK`.
    pub chords: usize,
    /// Of those calls, the ones that changed the view.
    pub effective_clicks: usize,
    /// Flags on the board now.
    pub flags: usize,
    /// Safe cells revealed.
    pub revealed: usize,
}

impl From<PlayStats> for gg_mines_play_stats {
    fn from(s: PlayStats) -> Self {
        gg_mines_play_stats {
            bbbv: s.bbbv,
            bbbv_solved: s.bbbv_solved,
            left_clicks: s.left_clicks,
            right_clicks: s.right_clicks,
            chords: s.chords,
            effective_clicks: s.effective_clicks,
            flags: s.flags,
            revealed: s.revealed,
        }
    }
}

/// Measures the layout of a LeetCode board of `rows * cols` chars (row-major, no terminators):
/// 3BV, openings, islands, greedy ZiNi and the count of each number, into `*out`.
///
/// The alphabet is `gg_mines_from_board`'s: 'M' and 'X' are mines, 'E', 'B' and '1'-'8' safe.
/// What is revealed does not change the statistics, but every 'B' and digit must equal its count
/// of neighbouring mines. Time and memory are linear in the board (about 12 bytes a cell; ZiNi
/// adds a log factor). On error `*out` is not written.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_ZERO_SIZE`, `GG_ERR_SIZE_OVERFLOW` (also boards of
/// 2^32 - 1 cells or more), `GG_ERR_INVALID_CELL` (a char outside the alphabet),
/// `GG_ERR_INCONSISTENT` (a 'B' or digit that does not match its neighbours),
/// `GG_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `board` must point to `rows * cols` readable chars; `out` to a writable
/// `gg_mines_board_stats`.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_measure(
    board: *const c_char,
    rows: usize,
    cols: usize,
    out: *mut gg_mines_board_stats,
) -> i32 {
    ffi_boundary! {
        let len = mines::cell_count(rows, cols)?;
        let cells = try_slice!(board as u8, len);
        let out = try_out!(out);
        out.set(mines::measure(cells, rows, cols)?.into());
        Ok(())
    }
}

/// Writes how `game` has been played so far into `*out`: its board's 3BV and the 3BV solved, the
/// accepted reveals, flag toggles and chords, the ones that changed the view, the flags and the
/// revealed cells. The solved 3BV takes a pass over the board. On error `*out` is not written.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `game` must be a live handle that no other thread is modifying during the call; `out` must
/// point to a writable `gg_mines_play_stats`.
#[no_mangle]
pub unsafe extern "C" fn gg_mines_stats(
    game: *const gg_mines,
    out: *mut gg_mines_play_stats,
) -> i32 {
    ffi_boundary! {
        let game = try_ref!(game);
        let out = try_out!(out);
        out.set(game.game.stats()?.into());
        Ok(())
    }
}
