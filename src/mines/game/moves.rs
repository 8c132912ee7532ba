//! The move list: every reveal, flag toggle and chord a game accepted, and what each changed, so
//! that `undo.rs` can take it back at the cost of the move and `save.rs` can write the game.
//!
//! What a move changed is logged compactly: the cells it revealed as row-major runs, the mines
//! it hit, the flag it toggled, whether it placed the mines, and the counters before it. The
//! cells a move revealed are found by a pass over the rows its floods wrote, against a bitmap of
//! the cells already revealed (one bit a cell).

use super::session::{Clicks, Game, GameState};
use crate::error::{try_filled, try_push, try_reserve, Result};
use crate::mines::board::alphabet::{BLANK, EMPTY, EXPLODED, FLAGGED_EMPTY, FLAGGED_MINE, MINE};

/// What kind of move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// [`Game::reveal`].
    Reveal,
    /// [`Game::toggle_flag`].
    Flag,
    /// [`Game::chord`].
    Chord,
}

/// One accepted move: a call of [`Game::reveal`], [`Game::toggle_flag`] or [`Game::chord`] that
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
    touched: Option<(usize, usize)>,
    current: Option<Step>,
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
    fn log_revealed(&mut self, cells: &[u8], cols: usize) -> Result<()> {
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
    fn hide_unlogged(&self, cells: &mut [u8], cols: usize) -> usize {
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

impl Game {
    /// Makes move `mv` with `f` and records it. On success the move joins the list with what
    /// undo needs; on failure the game is left as it was before the move.
    pub(crate) fn record<T>(
        &mut self,
        mv: Move,
        f: impl FnOnce(&mut Game) -> Result<T>,
    ) -> Result<T> {
        try_reserve(&mut self.history.moves, 1)?;
        try_reserve(&mut self.history.steps, 1)?;
        self.history.touched = None;
        self.history.current = Some(Step {
            state: self.state,
            hidden_safe: self.hidden_safe,
            flags: self.flags,
            clicks: self.clicks,
            runs_from: self.history.runs.len(),
            exploded_from: self.history.exploded.len(),
            flag: None,
            placed: false,
        });
        let result = f(self).and_then(|x| {
            self.history.log_revealed(&self.cells, self.cols)?;
            Ok(x)
        });
        let step = self.history.current.take().expect("set above");
        match result {
            Ok(x) => {
                self.history.steps.push(step);
                self.history.moves.push(mv);
                Ok(x)
            }
            Err(e) => {
                self.history.hide_unlogged(&mut self.cells, self.cols);
                self.take_back(&step);
                Err(e)
            }
        }
    }

    /// Restores what `step` logged: the cells its move revealed are hidden again, the mines it
    /// hit hidden, its flag toggled back, its mines taken away, and the counters reset.
    pub(crate) fn take_back(&mut self, step: &Step) {
        let h = &mut self.history;
        for &(start, len) in &h.runs[step.runs_from.min(h.runs.len())..] {
            for i in start..start + len {
                self.cells[i] = EMPTY;
                h.shown[i / 64] &= !(1 << (i % 64));
            }
        }
        h.runs.truncate(step.runs_from);
        for &i in &h.exploded[step.exploded_from.min(h.exploded.len())..] {
            if self.cells[i] == EXPLODED {
                self.cells[i] = MINE;
            }
        }
        h.exploded.truncate(step.exploded_from);
        if let Some((i, before)) = step.flag {
            self.cells[i] = before;
        }
        if step.placed {
            for b in &mut self.cells {
                *b = match *b {
                    MINE => EMPTY,
                    FLAGGED_MINE => FLAGGED_EMPTY,
                    other => other,
                };
            }
            self.pending = self.origin;
        }
        self.state = step.state;
        self.hidden_safe = step.hidden_safe;
        self.flags = step.flags;
        self.clicks = step.clicks;
    }

    /// Every accepted move so far, in order.
    pub fn moves(&self) -> &[Move] {
        &self.history.moves
    }
}
