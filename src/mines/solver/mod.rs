//! The solver: the player's view, the constraints its numbers make, exact counting and
//! probabilities, the hint, the endgame search, and play by certain moves with the solvability
//! check built on it.

pub(crate) mod certain_moves; // play with certain moves only
pub(crate) mod component_count; // exact layout counts of one component, by mine total
pub(crate) mod constraints; // the constraints numbers put on their neighbours; components/ splits
pub(crate) mod count_cache; // counted components, reused across positions
pub(crate) mod decoded_grid; // a grid as the solver reads it: counts, hidden, known mines
pub(crate) mod endgame; // exact endgame play when few layouts remain
pub(crate) mod fifty_fifty; // forced 50/50s: guesses that must be made, taken early
pub(crate) mod fifty_fifty_sets; // forced 50/50s between halves of larger sets: chains, boxes
pub(crate) mod fifty_fifty_shapes; // the shapes of a 50/50 that may still form, and their walls
pub(crate) mod first_click; // the first click, under the game's first-click rule
pub(crate) mod guess; // the guess: candidates scored two moves ahead, the leading few three
pub(crate) mod guess_candidates; // the cells worth a guess
pub(crate) mod hint; // which cell to reveal next: gg_mines_hint
pub(crate) mod hint_options; // the first-click rule and the effort a hint is given
pub(crate) mod long_term_risk; // guesses weighed up by the 50/50s they may settle
pub(crate) mod lookahead; // scoring a guess by what its number would tell: two or three moves
pub(crate) mod mine_total; // components combined over the mine total
pub(crate) mod opening_memo; // this thread's memory of opening guesses
pub(crate) mod probability; // exact probabilities; the hint's what_if.rs, budget_charges.rs
pub(crate) mod pseudo_fifty_fifty; // cells safe or half of a 50/50 to come, guessed early
pub(crate) mod row_rules; // the single-number rule on whole rows of bit masks
pub(crate) mod solvable; // whether a board is won without a guess: gg_mines_solvable
pub(crate) mod view; // the player's view, as the solver reads it
pub(crate) mod wide; // a float with a 64-bit exponent, for layout counts
pub(crate) mod wide_runs; // long Wide products in runs of plain f64
pub(crate) mod word_hash; // a fast hash for the solver's own memories
