//! What a status means, and this thread's detail of the last failure: `gg_status_str` and
//! `gg_last_error_message`.

use super::boundary::ffi_boundary;
use super::last_error;
use super::status::describe;
use std::ffi::c_char;

/// Describes a status code in a few words.
///
/// Returns a static, NUL-terminated string that the caller must not free. Codes this version does
/// not know get "unknown status code".
#[no_mangle]
pub extern "C" fn gg_status_str(status: i32) -> *const c_char {
    ffi_boundary! { returning c"internal error in gridgames".as_ptr() =>
        describe(status).as_ptr()
    }
}

/// Copies this thread's detail of the last failure into `buf`.
///
/// The message names what was wrong, e.g. "cell (3, 4) holds 40; a destination must be -1 or
/// 1..36". It is kept per thread until the next failure on that thread; successful calls leave it
/// alone. At most `cap - 1` bytes are copied and the result is always NUL-terminated when
/// `cap > 0`.
///
/// Returns the full length of the message in bytes, without the terminator, so a return value
/// `>= cap` means the copy was truncated. `buf` may be NULL when `cap` is 0, to ask for the length
/// only. Returns 0 when this thread has seen no failure.
///
/// # Safety
/// `buf` must be NULL or point to `cap` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn gg_last_error_message(buf: *mut c_char, cap: usize) -> usize {
    ffi_boundary! { returning 0 =>
        last_error::with(|detail| {
            let out: &mut [u8] = if buf.is_null() || cap == 0 {
                &mut []
            } else {
                // SAFETY: buf is non-NULL and the caller promised `cap` writable bytes, which no
                // Rust value aliases.
                unsafe { std::slice::from_raw_parts_mut(buf.cast::<u8>(), cap) }
            };
            let mut w = Truncating { out, len: 0 };
            // Writing to `Truncating` never fails: it drops what does not fit. No failure yet
            // reads as the empty message.
            if let Some(detail) = detail {
                let _ = std::fmt::write(&mut w, format_args!("{detail}"));
            }
            let n = w.len.min(w.out.len().saturating_sub(1));
            if let Some(end) = w.out.get_mut(n) {
                *end = 0;
            }
            w.len
        })
        .unwrap_or(0)
    }
}

/// Formats into a caller's buffer, keeping room for the terminator and counting every byte, so
/// that no message needs an allocation to be read.
struct Truncating<'a> {
    out: &'a mut [u8],
    len: usize,
}

impl std::fmt::Write for Truncating<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let room = self.out.len().saturating_sub(1).saturating_sub(self.len);
        let n = room.min(s.len());
        if n > 0 {
            self.out[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        }
        self.len += s.len();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_allocation_failure_is_put_into_words_when_read() {
        let e = crate::error::Error::alloc::<u64>(5, Some(12));
        last_error::set(e.into_detail());
        let want = "could not grow a buffer of 12 elements of 8 bytes by 5";
        let mut buf = [b'#'; 80];
        // SAFETY: `buf` holds 80 writable bytes.
        let len = unsafe { gg_last_error_message(buf.as_mut_ptr().cast(), buf.len()) };
        assert_eq!(len, want.len());
        assert_eq!(&buf[..len + 1], format!("{want}\0").as_bytes());
        let mut small = [b'#'; 6];
        // SAFETY: `small` holds 6 writable bytes.
        let len = unsafe { gg_last_error_message(small.as_mut_ptr().cast(), small.len()) };
        assert_eq!((len, &small), (want.len(), b"could\0"));
    }
}
