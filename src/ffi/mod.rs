//! The C ABI: the only home of `extern "C"` and `unsafe`.
//!
//! Every exported function follows the same four steps, with the macros of `boundary`: check
//! sizes and pointers (`try_ref!`, `try_slice!`, ...), build slices, call the safe core, map
//! errors to a status (`status.rs`, a leaf that imports nothing from here). `ffi_boundary!`
//! catches panics and records this thread's last error (`last_error.rs`). One file per family
//! of entry points, named for them.

pub(crate) mod boundary; // the panic boundary and the pointer macros
mod last_error; // this thread's last error
mod mines_click; // gg_mines_click
mod mines_save; // gg_mines_save, _load, _undo, _moves, _dimensions
mod mines_session; // gg_mines_new ... gg_mines_free: game sessions
mod mines_solver; // gg_mines_probabilities, gg_mines_hint, gg_mines_solvable
mod mines_stats; // gg_mines_measure, gg_mines_stats
mod snakes_analysis; // gg_snakes_*: the real game and its analysis
mod snakes_min_rolls; // gg_snakes_min_rolls
mod snakes_session; // gg_snakes_game_*: sessions, turns, save, load, undo
mod status; // the status codes and their table (a leaf)
mod status_str; // gg_status_str, gg_last_error_message
#[cfg(feature = "test-panic")]
mod test_panic; // test-only: makes every call panic
mod version; // gg_version

pub use mines_click::*;
pub use mines_save::*;
pub use mines_session::*;
pub use mines_solver::*;
pub use mines_stats::*;
pub use snakes_analysis::*;
pub use snakes_min_rolls::*;
pub use snakes_session::*;
pub use status::*;
pub use status_str::*;
pub use version::*;
