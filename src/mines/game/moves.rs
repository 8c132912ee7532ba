//! The move list: every reveal, flag toggle and chord a game accepted, and what each changed, so
//! that `undo.rs` can take it back at the cost of the move and `save.rs` can write the game
//! (`move_recording.rs` records each move and takes it back).
//!
//! What a move changed is logged compactly: the cells it revealed as row-major runs, the mines
//! it hit, the flag it toggled, whether it placed the mines, and the counters before it. The
//! cells a move revealed are found by a pass over the rows its floods wrote, against a bitmap of
//! the cells already revealed (one bit a cell).

use super::state::{Clicks, GameState};
use crate::error::{try_filled, try_push, try_reserve, Result};
use crate::mines::board::alphabet::{BLANK, EMPTY};

/// What kind of move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// [`Game::reveal`](crate::mines::Game::reveal).
    Reveal,
    /// [`Game::toggle_flag`](crate::mines::Game::toggle_flag).
    Flag,
    /// [`Game::chord`](crate::mines::Game::chord).
    Chord,
}

/// One accepted move: a call of [`Game::reveal`](crate::mines::Game::reveal), [`Game::toggle_flag`](crate::mines::Game::toggle_flag) or [`Game::chord`](crate::mines::Game::chord) that
/// returned `Ok`, even one that changed nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The kind of move.
    pub kind: MoveKind,
    /// Its row.
    pub row: usize,
    /// Its column.
    pub col: usize,
}

/// What undo restores of one move.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Step {
    pub(crate) state: GameState,
    pub(crate) hidden_safe: usize,
    pub(crate) flags: usize,
    pub(crate) clicks: Clicks,
    /// Where the move's revealed runs and hit mines start in the logs.
    pub(crate) runs_from: usize,
    pub(crate) exploded_from: usize,
    /// The cell a flag toggle changed, and its byte before.
    pub(crate) flag: Option<(usize, u8)>,
    /// Whether the move placed the mines (the first reveal of a SAFE or OPENING game).
    pub(crate) placed: bool,
}

/// The move list and the logs behind undo.
#[derive(Debug, Clone, Default)]
pub(crate) struct History {
    pub(crate) moves: Vec<Move>,
    pub(crate) steps: Vec<Step>,
    /// Revealed cells, as `(first index, length)` runs in row-major order.
    pub(crate) runs: Vec<(usize, usize)>,
    /// Mines hit ('M' that became 'X').
    pub(crate) exploded: Vec<usize>,
    /// One bit a cell: revealed safe cells, as of the last recorded move.
    pub(crate) shown: Vec<u64>,
    /// The move being made: the rows its floods wrote, and the step so far.
    pub(crate) touched: Option<(usize, usize)>,
    pub(crate) current: Option<Step>,
}

/// Whether a game byte is a revealed safe cell.
fn revealed_safe(b: u8) -> bool {
    b == BLANK || (b'1'..=b'8').contains(&b)
}

impl History {
    /// A history for a game of `len` cells, marking the cells `cells` already shows as revealed.
    pub(crate) fn new(cells: &[u8]) -> Result<History> {
        let mut shown = try_filled(cells.len().div_ceil(64), 0u64)?;
        for (i, &b) in cells.iter().enumerate() {
            if revealed_safe(b) {
                shown[i / 64] |= 1 << (i % 64);
            }
        }
        Ok(History {
            shown,
            ..History::default()
        })
    }

    /// Notes that the move being made wrote rows `first..=last`.
    pub(crate) fn touch(&mut self, first: usize, last: usize) {
        self.touched = Some(match self.touched {
            Some((a, b)) => (a.min(first), b.max(last)),
            None => (first, last),
        });
    }

    /// Notes that the move being made placed the mines.
    pub(crate) fn placed(&mut self) {
        if let Some(step) = &mut self.current {
            step.placed = true;
        }
    }

    /// Logs a mine the move being made is about to hit.
    pub(crate) fn exploding(&mut self, i: usize) -> Result<()> {
        try_push(&mut self.exploded, i)
    }

    /// Notes the flag toggle of the move being made: the cell and its byte before.
    pub(crate) fn flagging(&mut self, i: usize, before: u8) {
        if let Some(step) = &mut self.current {
            step.flag = Some((i, before));
        }
    }

    /// Logs the cells of rows `first..=last` that are revealed now and were not: two passes, the
    /// first to count the runs, so that nothing can fail once the bitmap starts to change.
    pub(crate) fn log_revealed(&mut self, cells: &[u8], cols: usize) -> Result<()> {
        let Some((first, last)) = self.touched else {
            return Ok(());
        };
        let range = first * cols..(last + 1) * cols;
        let new =
            |i: usize, shown: &[u64]| revealed_safe(cells[i]) && shown[i / 64] >> (i % 64) & 1 == 0;
        let mut runs = 0;
        let mut in_run = false;
        for i in range.clone() {
            let n = new(i, &self.shown);
            runs += usize::from(n && !in_run);
            in_run = n;
        }
        try_reserve(&mut self.runs, runs)?;
        let mut start = None;
        for i in range.clone() {
            if new(i, &self.shown) {
                self.shown[i / 64] |= 1 << (i % 64);
                start.get_or_insert(i);
            } else if let Some(s) = start.take() {
                self.runs.push((s, i - s));
            }
        }
        if let Some(s) = start {
            self.runs.push((s, range.end - s));
        }
        Ok(())
    }

    /// Hides again the cells of the touched rows that are revealed but not in the bitmap: what a
    /// move that failed part-way (out of memory in a flood) revealed. Returns how many.
    pub(crate) fn hide_unlogged(&self, cells: &mut [u8], cols: usize) -> usize {
        let Some((first, last)) = self.touched else {
            return 0;
        };
        let mut n = 0;
        let start = first * cols;
        for (i, b) in cells[start..(last + 1) * cols].iter_mut().enumerate() {
            let i = start + i;
            if revealed_safe(*b) && self.shown[i / 64] >> (i % 64) & 1 == 0 {
                *b = EMPTY;
                n += 1;
            }
        }
        n
    }
}
