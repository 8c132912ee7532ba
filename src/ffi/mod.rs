//! The C ABI: the only home of `extern "C"` and `unsafe`.
//!
//! Every exported function follows the same four steps, with the macros of `boundary`: check
//! sizes and pointers (`try_ref!`, `try_slice!`, ...), build slices, call the safe core, map
//! errors to a status (`status.rs`, a leaf that imports nothing from here). `ffi_boundary!` catches panics and records this thread's
//! last error (`last_error.rs`).

pub(crate) mod boundary;
mod last_error;
mod mines_click;
mod mines_session;
mod mines_solver;
mod mines_stats;
mod snakes_analysis;
mod snakes_min_rolls;
mod status;
mod status_str;
#[cfg(feature = "test-panic")]
mod test_panic;
mod version;

pub use mines_click::*;
pub use mines_session::*;
pub use mines_solver::*;
pub use mines_stats::*;
pub use snakes_analysis::*;
pub use snakes_min_rolls::*;
pub use status::*;
pub use status_str::*;
pub use version::*;
