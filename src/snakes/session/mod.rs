//! Game sessions of Snakes and Ladders: players take turns with a seeded die (or the caller's),
//! and a game can be undone, saved and loaded.

mod die; // the seeded die: its stream is part of the reproducibility promise
mod save; // save a session to a record, and load it back
mod turns; // the session: players in turn, rolls, positions, the winner
mod undo; // take back the last turn, the die included

pub use save::{SNAKES_MAGIC, SNAKES_RECORD_VERSION};
pub use turns::{Session, Turn, MAX_PLAYERS};
