//! This thread's last failure message: written by the panic boundary, read by
//! `gg_last_error_message`. Per thread, so no call ever sees another thread's failure.

use std::cell::RefCell;

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Records `message` as this thread's last failure. Never panics, even during thread teardown.
pub(crate) fn set(message: String) {
    let _ = LAST_ERROR.try_with(|m| {
        if let Ok(mut m) = m.try_borrow_mut() {
            *m = message;
        }
    });
}

/// Runs `f` with this thread's last failure message; `None` during thread teardown.
pub(crate) fn with<R>(f: impl FnOnce(&str) -> R) -> Option<R> {
    LAST_ERROR
        .try_with(|m| m.try_borrow().ok().map(|m| f(&m)))
        .ok()
        .flatten()
}
