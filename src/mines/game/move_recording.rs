//! How each move is recorded, so that it can be taken back: around every reveal, flag toggle
//! and chord, and when a move fails part-way.

use super::moves::{Move, Step};
use super::session::Game;
use crate::error::{try_reserve, Result};
use crate::mines::board::alphabet::{EMPTY, EXPLODED, FLAGGED_EMPTY, FLAGGED_MINE, MINE};

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
                crate::error::try_push(&mut self.history.steps, step)?;
                crate::error::try_push(&mut self.history.moves, mv)?;
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
