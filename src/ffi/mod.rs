//! The C ABI: the only home of `extern "C"` and `unsafe`.
//!
//! Every exported function follows the same four steps, with the helpers in `boundary`:
//! check pointers and sizes, build slices, call the safe core, map errors to a status.
//! `ffi_boundary!` catches panics and records the thread's last error.

pub(crate) mod boundary;
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
