//! The flag toggle: a right click on a hidden cell.

use super::moves::{Move, MoveKind};
use super::session::Game;
use crate::error::Result;
use crate::mines::board::alphabet::{EMPTY, FLAGGED_EMPTY, FLAGGED_MINE, MINE};

impl Game {
    /// Flags a hidden unflagged cell or unflags a flagged one; returns whether the cell is flagged
    /// now. A revealed cell is left alone (and is not flagged). After the game has ended:
    /// `GameOver`, nothing changes.
    pub fn toggle_flag(&mut self, row: usize, col: usize) -> Result<bool> {
        let mv = Move {
            kind: MoveKind::Flag,
            row,
            col,
        };
        self.record(mv, |game| game.toggle(row, col))
    }

    fn toggle(&mut self, row: usize, col: usize) -> Result<bool> {
        let i = self.check_move(row, col)?;
        self.clicks.right += 1;
        let before = self.cells[i];
        let (now, flagged) = match before {
            EMPTY => (FLAGGED_EMPTY, true),
            MINE => (FLAGGED_MINE, true),
            FLAGGED_EMPTY => (EMPTY, false),
            FLAGGED_MINE => (MINE, false),
            _ => return Ok(false),
        };
        self.history.flagging(i, before);
        self.cells[i] = now;
        self.clicks.effective += 1;
        if flagged {
            self.flags += 1;
        } else {
            self.flags -= 1;
        }
        Ok(flagged)
    }
}
