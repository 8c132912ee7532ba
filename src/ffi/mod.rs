//! The C ABI: the only home of `extern "C"` and `unsafe`.
//!
//! Every exported function follows the same four steps, with the helpers in `boundary`:
//! check pointers and sizes, build slices, call the safe core, map errors to a status.
//! `ffi_boundary!` catches panics and records the thread's last error.

pub(crate) mod boundary;
mod mines;
mod snakes;
mod status;
#[cfg(feature = "test-panic")]
mod test_panic;

pub use mines::*;
pub use snakes::*;
pub use status::*;
