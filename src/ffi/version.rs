//! The library version: `gg_version`.

use super::boundary::ffi_boundary;
use std::ffi::{c_char, CStr};

const VERSION: &CStr =
    match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
        Ok(v) => v,
        Err(_) => panic!("version string has an interior NUL"),
    };

/// The library version as "MAJOR.MINOR.PATCH", a static string the caller must not free.
#[no_mangle]
pub extern "C" fn gg_version() -> *const c_char {
    ffi_boundary! { returning VERSION.as_ptr() =>
        VERSION.as_ptr()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_matches_cargo() {
        // SAFETY: gg_version returns a static NUL-terminated string.
        let v = unsafe { CStr::from_ptr(gg_version()) };
        assert_eq!(v.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    }
}
