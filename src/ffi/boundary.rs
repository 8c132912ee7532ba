//! The steps every exported function shares: the panic boundary, the thread's last error, and
//! turning caller pointers into references and slices.

use super::status::*;
use crate::error::{Error, ErrorKind};
use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A failure on its way to C: the status to return and the sentence for `gg_last_error_message`.
#[derive(Debug)]
pub(crate) struct FfiError {
    pub(crate) status: i32,
    pub(crate) message: String,
}

impl FfiError {
    pub(crate) fn new(status: i32, message: impl Into<String>) -> Self {
        FfiError {
            status,
            message: message.into(),
        }
    }

    pub(crate) fn null(name: &str) -> Self {
        Self::new(GG_ERR_NULL_POINTER, format!("{name} is NULL"))
    }

    #[allow(dead_code)] // used by entry points with output buffers
    pub(crate) fn buffer_too_small(name: &str, cap: usize, needed: usize) -> Self {
        Self::new(
            GG_ERR_BUFFER_TOO_SMALL,
            format!("{name} holds {cap} elements; {needed} are needed"),
        )
    }
}

impl From<Error> for FfiError {
    fn from(e: Error) -> Self {
        let status = match e.kind() {
            ErrorKind::ZeroSize => GG_ERR_ZERO_SIZE,
            ErrorKind::SizeOverflow => GG_ERR_SIZE_OVERFLOW,
            ErrorKind::InvalidCell => GG_ERR_INVALID_CELL,
            ErrorKind::OutOfBounds => GG_ERR_OUT_OF_BOUNDS,
            ErrorKind::InvalidArgument => GG_ERR_INVALID_ARGUMENT,
            ErrorKind::TooManyMines => GG_ERR_TOO_MANY_MINES,
            ErrorKind::GameOver => GG_ERR_GAME_OVER,
            ErrorKind::Inconsistent => GG_ERR_INCONSISTENT,
            ErrorKind::OutOfMemory => GG_ERR_OUT_OF_MEMORY,
            ErrorKind::GenerationFailed => GG_ERR_GENERATION_FAILED,
        };
        FfiError::new(status, e.detail())
    }
}

pub(crate) type FfiResult<T> = Result<T, FfiError>;

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Records `message` as this thread's last failure. Never panics, even during thread teardown.
pub(crate) fn set_last_error(message: String) {
    let _ = LAST_ERROR.try_with(|m| {
        if let Ok(mut m) = m.try_borrow_mut() {
            *m = message;
        }
    });
}

/// Runs `f` with this thread's last failure message.
pub(crate) fn with_last_error<R>(f: impl FnOnce(&str) -> R) -> Option<R> {
    LAST_ERROR
        .try_with(|m| m.try_borrow().ok().map(|m| f(&m)))
        .ok()
        .flatten()
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
            set_last_error(e.message);
            e.status
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            set_last_error(format!("internal error (a bug in gridgames): {what}"));
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

/// Wraps a function body (ending in `Ok(())`) in the panic boundary and returns its status.
macro_rules! ffi_boundary {
    ($($body:tt)*) => {
        $crate::ffi::boundary::guard(move || -> $crate::ffi::boundary::FfiResult<()> { $($body)* })
    };
}

/// Returns `GG_ERR_NULL_POINTER`, naming the argument, if any of the given pointers is NULL.
macro_rules! not_null {
    ($($ptr:ident),+ $(,)?) => {
        $(
            if $ptr.is_null() {
                return Err($crate::ffi::boundary::FfiError::null(stringify!($ptr)));
            }
        )+
    };
}

pub(crate) use {ffi_boundary, not_null};

fn check_pointer<T>(ptr: *const T, len: usize, name: &str) -> FfiResult<()> {
    if ptr.is_null() {
        return Err(FfiError::null(name));
    }
    if !ptr.is_aligned() {
        return Err(FfiError::new(
            GG_ERR_INVALID_ARGUMENT,
            format!(
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
            format!("{name} of {len} elements exceeds the addressable size"),
        ));
    }
    Ok(())
}

/// A shared slice of `len` elements at `ptr`, after checking NULL, alignment and size.
///
/// # Safety
/// When `ptr` is non-NULL it must point to `len` initialised `T` that stay valid and unmodified
/// for `'a`.
pub(crate) unsafe fn try_slice<'a, T>(ptr: *const T, len: usize, name: &str) -> FfiResult<&'a [T]> {
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
pub(crate) unsafe fn try_slice_mut<'a, T>(
    ptr: *mut T,
    len: usize,
    name: &str,
) -> FfiResult<&'a mut [T]> {
    check_pointer(ptr, len, name)?;
    // SAFETY: non-NULL, aligned, size within isize::MAX (checked above); exclusivity and validity
    // are the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr, len) })
}

#[allow(dead_code)] // used by the game-session and analysis entry points
/// A shared reference to the `T` at `ptr`, after checking NULL and alignment.
///
/// # Safety
/// When `ptr` is non-NULL it must point to an initialised `T` valid for `'a`.
pub(crate) unsafe fn try_ref<'a, T>(ptr: *const T, name: &str) -> FfiResult<&'a T> {
    check_pointer(ptr, 1, name)?;
    // SAFETY: non-NULL and aligned (checked above); validity is the caller's contract.
    Ok(unsafe { &*ptr })
}

#[allow(dead_code)] // used by the game-session and analysis entry points
/// An exclusive reference to the `T` at `ptr`, after checking NULL and alignment.
///
/// # Safety
/// When `ptr` is non-NULL it must point to a `T` valid for writes and not aliased for `'a`.
pub(crate) unsafe fn try_mut<'a, T>(ptr: *mut T, name: &str) -> FfiResult<&'a mut T> {
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
pub(crate) unsafe fn try_out<'a, T>(ptr: *mut T, name: &str) -> FfiResult<Out<'a, T>> {
    check_pointer(ptr, 1, name)?;
    Ok(Out {
        ptr,
        _borrow: std::marker::PhantomData,
    })
}

#[allow(dead_code)] // used by the game-session and analysis entry points
/// An output buffer of `len` possibly uninitialised elements, after checking NULL, alignment and
/// size.
///
/// # Safety
/// When `ptr` is non-NULL it must be valid for writes of `len` `T` and not aliased for `'a`.
pub(crate) unsafe fn try_out_slice<'a, T>(
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
        with_last_error(str::to_string).unwrap_or_default()
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
            let e = try_slice(std::ptr::null::<u32>(), 1, "a").unwrap_err();
            assert_eq!(
                (e.status, e.message.as_str()),
                (GG_ERR_NULL_POINTER, "a is NULL")
            );
            let odd = words.as_ptr().cast::<u8>().add(1).cast::<u32>();
            let e = try_slice(odd, 1, "b").unwrap_err();
            assert_eq!(e.status, GG_ERR_INVALID_ARGUMENT);
            assert!(
                e.message.contains("not aligned to 4 bytes"),
                "{}",
                e.message
            );
            let e = try_slice(words.as_ptr(), usize::MAX / 2, "c").unwrap_err();
            assert_eq!(e.status, GG_ERR_SIZE_OVERFLOW);
            assert_eq!(try_slice(words.as_ptr(), 4, "d").unwrap(), &words);
            assert!(try_ref(std::ptr::null::<u32>(), "e").is_err());
        }
    }

    #[test]
    fn out_pointer_is_written_only_through_set() {
        let mut slot = 17i32;
        // SAFETY: `slot` is a live local.
        let out = unsafe { try_out(&mut slot, "slot") }.unwrap();
        out.set(3);
        assert_eq!(slot, 3);
        // SAFETY: NULL is refused before any use.
        assert!(unsafe { try_out(std::ptr::null_mut::<i32>(), "x") }.is_err());
    }
}
