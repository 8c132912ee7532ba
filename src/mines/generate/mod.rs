//! Making boards: the seeded generator, uniform mine placement with the first-click rule's cells
//! kept clear, and no-guess boards.

pub(crate) mod mine_placement; // uniform, reproducible mine placement
pub(crate) mod no_guess; // the no-guess generator
pub(crate) mod rng; // SplitMix64, the seeded stream behind every generated board
