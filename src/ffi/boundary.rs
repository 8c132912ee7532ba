//! The steps every exported function shares, in one idiom (after rustls-ffi's
//! `ffi_panic_boundary!` and `try_ref_from_ptr!`):
//!
//! - `ffi_boundary! { ... }` wraps a body that returns `FfiResult<()>`: a failure becomes its
//!   status and this thread's message, a panic `GG_ERR_INTERNAL`.
//!   `ffi_boundary! { returning FALLBACK => ... }` does the same for functions that return a
//!   value (the frees, `gg_status_str`): a panic returns `FALLBACK`.
//! - `try_ref!(p)`, `try_mut!(p)`, `try_out!(p)`, `try_slice!(p, len)`, `try_slice_mut!(p, len)`
//!   and `try_out_slice!(p, len)` turn a pointer argument into a reference or slice after
//!   checking NULL, alignment and the byte size, naming the argument in the message; `p as T`
//!   casts first (C's `char` to `u8`). They create no read: compute every size and make every
//!   slice before reading any of them.

use super::last_error;
use super::status::*;
use crate::error::{Detail, Error, Message};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A failure on its way to C: the status to return and the sentence for `gg_last_error_message`.
#[derive(Debug)]
pub(crate) struct FfiError {
    pub(crate) status: i32,
    pub(crate) message: Detail,
}

impl FfiError {
    pub(crate) fn new(status: i32, message: impl Into<Message>) -> Self {
        FfiError {
            status,
            message: message.into().into_detail(),
        }
    }

    pub(crate) fn null(name: &str) -> Self {
        Self::new(GG_ERR_NULL_POINTER, format_args!("{name} is NULL"))
    }

    #[allow(dead_code)] // used by entry points with output buffers
    pub(crate) fn buffer_too_small(name: &str, cap: usize, needed: usize) -> Self {
        Self::new(
            GG_ERR_BUFFER_TOO_SMALL,
            format_args!("{name} holds {cap} elements; {needed} are needed"),
        )
    }
}

impl From<Error> for FfiError {
    fn from(e: Error) -> Self {
        FfiError {
            status: status_of(e.kind()),
            message: e.into_detail(),
        }
    }
}

pub(crate) type FfiResult<T> = Result<T, FfiError>;

/// `Box::into_raw(Box::new(value))` for a new handle, except that running out of memory is
/// `GG_ERR_OUT_OF_MEMORY` rather than an abort. The handle's free function takes it back with
/// `Box::from_raw`: a one-element boxed slice has the layout of a `Box<T>`.
pub(crate) fn try_box<T>(value: T) -> FfiResult<*mut T> {
    let mut v = Vec::new();
    if v.try_reserve_exact(1).is_err() {
        return Err(Error::alloc::<T>(1, None).into());
    }
    #[allow(clippy::disallowed_methods)] // room reserved above
    v.push(value);
    Ok(Box::into_raw(v.into_boxed_slice()).cast::<T>())
}

/// The panic boundary: runs `f`, records any failure, and returns its status. A panic becomes
/// `GG_ERR_INTERNAL` instead of unwinding into C.
pub(crate) fn guard(f: impl FnOnce() -> FfiResult<()>) -> i32 {
    match catch_unwind(AssertUnwindSafe(|| {
        #[cfg(feature = "test-panic")]
        super::test_panic::maybe_panic();
        f()
    })) {
        Ok(Ok(())) => GG_OK,
        Ok(Err(e)) => {
            last_error::set(e.message);
            e.status
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .copied()
                .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
                .unwrap_or("unknown panic");
            last_error::set(
                Message::from(format_args!("internal error (a bug in gridgames): {what}"))
                    .into_detail(),
            );
            GG_ERR_INTERNAL
        }
    }
}

/// The panic boundary for functions that return a value rather than a status.
pub(crate) fn guard_value<T>(fallback: T, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(|| {
        #[cfg(feature = "test-panic")]
        super::test_panic::maybe_panic();
        f()
    }))
    .unwrap_or(fallback)
}

/// The panic boundary around an exported function's body; see the module docs.
macro_rules! ffi_boundary {
    (returning $fallback:expr => $($body:tt)*) => {
        $crate::ffi::boundary::guard_value($fallback, move || { $($body)* })
    };
    ($($body:tt)*) => {
        $crate::ffi::boundary::guard(move || -> $crate::ffi::boundary::FfiResult<()> { $($body)* })
    };
}

/// Checks a pointer argument with one of the functions below and names the argument in the
/// error; `try_ref!` and its siblings are the spellings used. Only for the bodies of exported
/// functions, whose documented contract makes every non-NULL pointer argument valid for what the
/// call does with it.
macro_rules! pointer_arg {
    ($check:ident, $ptr:ident as $t:ty $(, $len:expr)?) => {
        // SAFETY: the exported function's contract: a non-NULL `$ptr` is valid for this use
        // during the call. NULL, misalignment and oversized lengths are refused inside.
        unsafe { $crate::ffi::boundary::$check($ptr.cast::<$t>() $(, $len)?, stringify!($ptr)) }?
    };
    ($check:ident, $ptr:ident $(, $len:expr)?) => {
        // SAFETY: as above.
        unsafe { $crate::ffi::boundary::$check($ptr $(, $len)?, stringify!($ptr)) }?
    };
}

/// `&T` from a pointer argument.
macro_rules! try_ref {
    ($($arg:tt)*) => { $crate::ffi::boundary::pointer_arg!(ref_from_ptr, $($arg)*) };
}

/// `&mut T` from a pointer argument (a handle used by this thread only).
macro_rules! try_mut {
    ($($arg:tt)*) => { $crate::ffi::boundary::pointer_arg!(mut_from_ptr, $($arg)*) };
}

/// An `Out<T>` for a result, written only on success.
macro_rules! try_out {
    ($($arg:tt)*) => { $crate::ffi::boundary::pointer_arg!(out_from_ptr, $($arg)*) };
}

/// `&[T]` of `len` elements: `try_slice!(board, len)` or `try_slice!(board as u8, len)`.
macro_rules! try_slice {
    ($($arg:tt)*) => { $crate::ffi::boundary::pointer_arg!(slice_from_ptr, $($arg)*) };
}

/// `&mut [T]` of `len` elements, read and written in place.
macro_rules! try_slice_mut {
    ($($arg:tt)*) => { $crate::ffi::boundary::pointer_arg!(slice_mut_from_ptr, $($arg)*) };
}

/// `&mut [MaybeUninit<T>]` of `len` elements, for results.
macro_rules! try_out_slice {
    ($($arg:tt)*) => { $crate::ffi::boundary::pointer_arg!(out_slice_from_ptr, $($arg)*) };
}

/// An optional output slice: `None` when `len` is 0 (the pointer may then be NULL), else as
/// [`try_out_slice!`]. For calls that report the size they need when given no buffer.
macro_rules! try_opt_out_slice {
    ($ptr:ident, $len:expr) => {
        if $len > 0 {
            Some($crate::ffi::boundary::try_out_slice!($ptr, $len))
        } else {
            None
        }
    };
}

pub(crate) use {
    ffi_boundary, pointer_arg, try_mut, try_opt_out_slice, try_out, try_out_slice, try_ref,
    try_slice, try_slice_mut,
};

fn check_pointer<T>(ptr: *const T, len: usize, name: &str) -> FfiResult<()> {
    if ptr.is_null() {
        return Err(FfiError::null(name));
    }
    if !ptr.is_aligned() {
        return Err(FfiError::new(
            GG_ERR_INVALID_ARGUMENT,
            format_args!(
                "{name} ({ptr:p}) is not aligned to {} bytes",
                std::mem::align_of::<T>()
            ),
        ));
    }
    if len
        .checked_mul(std::mem::size_of::<T>())
        .is_none_or(|b| b > isize::MAX as usize)
    {
        return Err(FfiError::new(
            GG_ERR_SIZE_OVERFLOW,
            format_args!("{name} of {len} elements exceeds the addressable size"),
        ));
    }
    Ok(())
}

/// A shared slice of `len` elements at `ptr`, after checking NULL, alignment and size.
///
/// # Safety
/// When `ptr` is non-NULL it must point to `len` initialised `T` that stay valid and unmodified
/// for `'a`.
pub(crate) unsafe fn slice_from_ptr<'a, T>(
    ptr: *const T,
    len: usize,
    name: &str,
) -> FfiResult<&'a [T]> {
    check_pointer(ptr, len, name)?;
    // SAFETY: non-NULL, aligned, size within isize::MAX (checked above); validity is the caller's
    // contract.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// A mutable slice of `len` elements at `ptr`, after checking NULL, alignment and size.
///
/// # Safety
/// When `ptr` is non-NULL it must point to `len` initialised `T`, valid for reads and writes and
/// not accessed through any other pointer for `'a`.
pub(crate) unsafe fn slice_mut_from_ptr<'a, T>(
    ptr: *mut T,
    len: usize,
    name: &str,
) -> FfiResult<&'a mut [T]> {
    check_pointer(ptr, len, name)?;
    // SAFETY: non-NULL, aligned, size within isize::MAX (checked above); exclusivity and validity
    // are the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr, len) })
}

/// A shared reference to the `T` at `ptr`, after checking NULL and alignment.
///
/// # Safety
/// When `ptr` is non-NULL it must point to an initialised `T` valid for `'a`.
pub(crate) unsafe fn ref_from_ptr<'a, T>(ptr: *const T, name: &str) -> FfiResult<&'a T> {
    check_pointer(ptr, 1, name)?;
    // SAFETY: non-NULL and aligned (checked above); validity is the caller's contract.
    Ok(unsafe { &*ptr })
}

/// An exclusive reference to the `T` at `ptr`, after checking NULL and alignment.
///
/// # Safety
/// When `ptr` is non-NULL it must point to a `T` valid for writes and not aliased for `'a`.
pub(crate) unsafe fn mut_from_ptr<'a, T>(ptr: *mut T, name: &str) -> FfiResult<&'a mut T> {
    check_pointer(ptr, 1, name)?;
    // SAFETY: non-NULL and aligned (checked above); validity and exclusivity are the caller's
    // contract.
    Ok(unsafe { &mut *ptr })
}

/// A checked out-pointer: written once, on success, without ever reading what C left there.
pub(crate) struct Out<'a, T> {
    ptr: *mut T,
    _borrow: std::marker::PhantomData<&'a mut T>,
}

/// Writes `items` to an output buffer that reports the size it needs, the convention of
/// `gg_mines_save` and `gg_mines_moves`: `count` always receives the number of items; `out` (None
/// when the caller passed a capacity of 0, where NULL is allowed) receives them when they fit,
/// and otherwise the call is `GG_ERR_BUFFER_TOO_SMALL` with nothing written. `name` is the buffer
/// argument, for the message.
pub(crate) fn write_counted<T>(
    out: Option<&mut [std::mem::MaybeUninit<T>]>,
    cap: usize,
    name: &str,
    count: Out<'_, usize>,
    items: impl ExactSizeIterator<Item = T>,
) -> FfiResult<()> {
    let n = items.len();
    count.set(n);
    match out {
        Some(out) if out.len() >= n => {
            for (o, x) in out.iter_mut().zip(items) {
                o.write(x);
            }
            Ok(())
        }
        None if n == 0 => Ok(()),
        _ => Err(FfiError::buffer_too_small(name, cap, n)),
    }
}

impl<T> Out<'_, T> {
    /// Stores the result.
    pub(crate) fn set(self, value: T) {
        // SAFETY: `try_out` checked non-NULL and alignment; the caller of the exported function
        // promised the pointee is writable.
        unsafe { self.ptr.write(value) }
    }
}

/// An out-pointer for one `T`, after checking NULL and alignment. The pointee may be uninitialised.
///
/// # Safety
/// When `ptr` is non-NULL it must be valid for a write of one `T` for `'a`.
pub(crate) unsafe fn out_from_ptr<'a, T>(ptr: *mut T, name: &str) -> FfiResult<Out<'a, T>> {
    check_pointer(ptr, 1, name)?;
    Ok(Out {
        ptr,
        _borrow: std::marker::PhantomData,
    })
}

/// An output buffer of `len` possibly uninitialised elements, after checking NULL, alignment and
/// size.
///
/// # Safety
/// When `ptr` is non-NULL it must be valid for writes of `len` `T` and not aliased for `'a`.
pub(crate) unsafe fn out_slice_from_ptr<'a, T>(
    ptr: *mut T,
    len: usize,
    name: &str,
) -> FfiResult<&'a mut [std::mem::MaybeUninit<T>]> {
    check_pointer(ptr, len, name)?;
    // SAFETY: non-NULL, aligned, size within isize::MAX (checked above); MaybeUninit makes no
    // claim about the current contents; exclusivity is the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr.cast(), len) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last_error() -> String {
        last_error::with(|d| d.map(|d| d.to_string()).unwrap_or_default()).unwrap_or_default()
    }

    #[test]
    fn a_panic_becomes_gg_err_internal_with_its_message() {
        let status = guard(|| panic!("boom {}", 7));
        assert_eq!(status, GG_ERR_INTERNAL);
        assert_eq!(last_error(), "internal error (a bug in gridgames): boom 7");
        let status = guard(|| std::panic::panic_any(42u8));
        assert_eq!(status, GG_ERR_INTERNAL);
        assert_eq!(
            last_error(),
            "internal error (a bug in gridgames): unknown panic"
        );
        // The thread is unharmed: the next call works and keeps the message.
        assert_eq!(guard(|| Ok(())), GG_OK);
        assert!(last_error().starts_with("internal error"));
    }

    #[test]
    fn errors_are_recorded_and_successes_leave_the_message() {
        let status = guard(|| Err(FfiError::null("board")));
        assert_eq!(status, GG_ERR_NULL_POINTER);
        assert_eq!(last_error(), "board is NULL");
        assert_eq!(guard(|| Ok(())), GG_OK);
        assert_eq!(last_error(), "board is NULL");
    }

    #[test]
    fn guard_value_falls_back_on_panic() {
        assert_eq!(guard_value(5, || 6), 6);
        assert_eq!(guard_value(5, || panic!("no")), 5);
    }

    #[test]
    fn pointer_checks_refuse_null_misaligned_and_oversized() {
        let words = [0u32; 4];
        // SAFETY: each call either refuses the pointer or reads within `words`.
        unsafe {
            let e = slice_from_ptr(std::ptr::null::<u32>(), 1, "a").unwrap_err();
            assert_eq!(
                (e.status, e.message.to_string().as_str()),
                (GG_ERR_NULL_POINTER, "a is NULL")
            );
            let odd = words.as_ptr().cast::<u8>().add(1).cast::<u32>();
            let e = slice_from_ptr(odd, 1, "b").unwrap_err();
            assert_eq!(e.status, GG_ERR_INVALID_ARGUMENT);
            assert!(
                e.message.to_string().contains("not aligned to 4 bytes"),
                "{}",
                e.message
            );
            let e = slice_from_ptr(words.as_ptr(), usize::MAX / 2, "c").unwrap_err();
            assert_eq!(e.status, GG_ERR_SIZE_OVERFLOW);
            assert_eq!(slice_from_ptr(words.as_ptr(), 4, "d").unwrap(), &words);
            assert!(ref_from_ptr(std::ptr::null::<u32>(), "e").is_err());
        }
    }

    #[test]
    fn out_pointer_is_written_only_through_set() {
        let mut slot = 17i32;
        // SAFETY: `slot` is a live local.
        let out = unsafe { out_from_ptr(&mut slot, "slot") }.unwrap();
        out.set(3);
        assert_eq!(slot, 3);
        // SAFETY: NULL is refused before any use.
        assert!(unsafe { out_from_ptr(std::ptr::null_mut::<i32>(), "x") }.is_err());
    }
}
