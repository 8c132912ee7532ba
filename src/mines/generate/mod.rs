//! Making boards: uniform mine placement with the first-click rule's cells kept clear (seeded by
//! `crate::rng`), and no-guess boards.

pub(crate) mod mine_placement; // uniform, reproducible mine placement
pub(crate) mod no_guess; // the no-guess generator
