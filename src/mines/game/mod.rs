//! A whole game: configuration, generation on the first click, reveals, flags, chords, win and
//! loss, and what the player sees.

pub(crate) mod chord; // the chord move
pub(crate) mod session; // the game: configuration, moves, state and views
