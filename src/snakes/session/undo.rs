//! Undo: take back the last turn, the die included, so that a roll after an undo repeats the
//! undone roll and a saved game is always its configuration plus its turns.

use super::turns::{Session, Turn};
use crate::error::{Error, ErrorKind, Result};

impl Session {
    /// Takes back the last turn and returns it: the player stands where they stood, it is their
    /// turn again, a win is undone, and the game's die is where it was before that turn.
    ///
    /// `NothingToUndo` when no turn has been played; nothing changes then.
    pub fn undo(&mut self) -> Result<Turn> {
        let Some(last) = self.played.pop() else {
            return Err(Error::new(
                ErrorKind::NothingToUndo,
                "no turn to undo: none has been played",
            ));
        };
        self.positions[last.turn.player as usize] = last.turn.from;
        self.die = last.die_before;
        self.winner = None;
        Ok(last.turn)
    }
}
