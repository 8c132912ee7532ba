//! Undo: take back the last accepted move, at the cost of that move, never by replaying the game.

use super::moves::Move;
use super::session::Game;
use crate::error::{Error, ErrorKind, Result};

impl Game {
    /// Takes back the last accepted move (a reveal, a flag toggle or a chord) and returns it.
    /// Afterwards the game equals one that never made that move: the view, the true board, the
    /// state, the statistics and the move list. A lost game is playing again, and a first reveal
    /// taken back takes its mines away with it (the next first reveal places them again).
    ///
    /// `NothingToUndo` when no move has been made; nothing changes then.
    pub fn undo(&mut self) -> Result<Move> {
        let Some(step) = self.history.steps.pop() else {
            return Err(Error::new(
                ErrorKind::NothingToUndo,
                "no move to undo: the game has accepted none since it began",
            ));
        };
        self.take_back(&step);
        Ok(self.history.moves.pop().expect("one move a step"))
    }
}
