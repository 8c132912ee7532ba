//! Test-only (cargo feature `test-panic`): a way to make every exported call panic inside its
//! panic boundary, so tests/c_api.rs can prove a panic reaches C as `GG_ERR_INTERNAL` and the
//! process lives on. Without the feature this file is not compiled, so the shipped library and the
//! header carry no trace of it.

/// The environment variable that arms the trigger.
pub(crate) const TRIGGER: &str = "GG_TEST_PANIC";

/// Panics when `GG_TEST_PANIC` is set in the environment.
pub(crate) fn maybe_panic() {
    if std::env::var_os(TRIGGER).is_some() {
        panic!("forced by {TRIGGER} (test-panic feature)");
    }
}
