//! This thread's last failure message: written by the panic boundary, read by
//! `gg_last_error_message`. Per thread, so no call ever sees another thread's failure.
//!
//! The message is kept as the core's [`Detail`] and put into words only when read, so recording
//! that memory ran out needs no memory.

use crate::error::Detail;
use std::cell::RefCell;

thread_local! {
    static LAST_ERROR: RefCell<Option<Detail>> = const { RefCell::new(None) };
}

/// Records `message` as this thread's last failure. Never panics, even during thread teardown.
pub(crate) fn set(message: Detail) {
    let _ = LAST_ERROR.try_with(|m| {
        if let Ok(mut m) = m.try_borrow_mut() {
            *m = Some(message);
        }
    });
}

/// Runs `f` with this thread's last failure, if any; `None` during thread teardown.
pub(crate) fn with<R>(f: impl FnOnce(Option<&Detail>) -> R) -> Option<R> {
    LAST_ERROR
        .try_with(|m| m.try_borrow().ok().map(|m| f(m.as_ref())))
        .ok()
        .flatten()
}
