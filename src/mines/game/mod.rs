//! A whole game: configuration, generation on the first click, reveals, flags, chords, win and
//! loss, and what the player sees.

pub(crate) mod chord; // the chord move
pub(crate) mod config; // size, mines, seed, the first-click rule, no-guess generation
pub(crate) mod flag; // the flag toggle move
pub(crate) mod generation; // the one place a game's board is generated
pub(crate) mod move_recording; // each move recorded around it, and taken back
pub(crate) mod moves; // the move list, and what each move changed, for undo and save
pub(crate) mod play_stats; // clicks, effective clicks, 3BV solved
pub(crate) mod reveal; // the reveal move
pub(crate) mod save; // save a game to a record, and load it back
pub(crate) mod session; // the game: how it starts, its state, what every move shares
pub(crate) mod state; // playing, won or lost, and the moves counted
pub(crate) mod undo; // take back the last move
pub(crate) mod views; // what the player sees, and the true board
