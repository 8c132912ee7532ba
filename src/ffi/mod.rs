//! The C ABI: the only home of `extern "C"` and `unsafe`.
//!
//! Every exported function follows the same four steps, with the macros of `boundary`: check
//! sizes and pointers (`try_ref!`, `try_slice!`, ...), build slices, call the safe core, map
//! errors to a status (`status.rs`). `ffi_boundary!` catches panics and records this thread's
//! last error (`last_error.rs`).

pub(crate) mod boundary;
mod last_error;
mod mines;
mod mines_session;
mod mines_solver;
mod mines_stats;
mod snakes;
mod snakes_game;
mod status;
#[cfg(feature = "test-panic")]
mod test_panic;

pub use mines::*;
pub use mines_session::*;
pub use mines_solver::*;
pub use mines_stats::*;
pub use snakes::*;
pub use snakes_game::*;
pub use status::*;
