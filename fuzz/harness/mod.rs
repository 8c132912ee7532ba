//! What every fuzz target shares (and tests/fuzz_regressions.rs replays through the same targets):
//! a reader that turns any byte string into choices, edge-case dimensions and pointers, and the
//! checks every call must pass.
//!
//! The contract the targets keep: the caller passes buffers that hold the declared dimensions. So
//! a target passes a real buffer of exactly that size, except when the library must refuse the
//! dimensions before reading (zero, overflowing, past the type's range), where it passes a small
//! one. Dimensions the library would accept but that are too big to allocate here are skipped.
#![allow(dead_code)]

use gridgames::ffi::*;
use std::fmt::Debug;

#[path = "../../tests/support/leetcode_reference.rs"]
#[allow(dead_code)]
pub mod reference;

/// The largest board a target allocates (smaller under Miri, which replays a few inputs of every
/// target in tests/fuzz_regressions.rs and interprets each step).
pub const MAX_CELLS: usize = if cfg!(miri) { 144 } else { 1 << 16 };

/// Dimensions that sit on a boundary: zero, one, the snakes `int32_t` limit (46340^2 fits, 46341^2
/// does not), 32-bit wrap-arounds, the addressable limit and `usize` overflow.
pub const EDGE_DIMS: &[usize] = &[
    0,
    1,
    2,
    3,
    46340,
    46341,
    65535,
    65536,
    1 << 31,
    1 << 32,
    i32::MAX as usize,
    u32::MAX as usize,
    isize::MAX as usize,
    isize::MAX as usize + 1,
    usize::MAX / 2,
    usize::MAX - 1,
    usize::MAX,
];

/// Fuzz bytes read as a stream of choices. Past the end every read gives zero, so every byte
/// string is a valid input and short inputs mean small, plain cases.
pub struct Input<'a> {
    bytes: &'a [u8],
}

impl<'a> Input<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Input { bytes }
    }

    pub fn u8(&mut self) -> u8 {
        match self.bytes.split_first() {
            Some((&b, rest)) => {
                self.bytes = rest;
                b
            }
            None => 0,
        }
    }

    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    pub fn u64(&mut self) -> u64 {
        u64::from(self.u32()) | u64::from(self.u32()) << 32
    }

    /// A value in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.u64() % n as u64) as usize
        }
    }

    /// A dimension: mostly `0..=small_max`, sometimes an edge value or 64 arbitrary bits.
    pub fn dim(&mut self, small_max: usize) -> usize {
        match self.u8() {
            0..=223 => self.below(small_max + 1),
            224..=247 => EDGE_DIMS[self.below(EDGE_DIMS.len())],
            _ => self.u64() as usize,
        }
    }

    /// A coordinate on an axis of `len`: mostly inside, sometimes just past it or anywhere.
    pub fn coordinate(&mut self, len: usize) -> usize {
        match self.u8() {
            0..=239 => self.below(len),
            240..=247 => len.saturating_add(self.below(3)),
            _ => self.u64() as usize,
        }
    }

    /// Which pointer to pass for an argument: almost always a valid one.
    pub fn pointer(&mut self) -> Pointer {
        match self.u8() {
            0..=3 => Pointer::Null,
            4..=7 => Pointer::Misaligned,
            _ => Pointer::Valid,
        }
    }
}

/// The kind of pointer a target passes for one argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pointer {
    Valid,
    Null,
    /// One byte past an aligned address (only meaningful for types wider than a byte), with the
    /// whole declared size still readable behind it.
    Misaligned,
}

/// A typed buffer whose pointer can be NULL, aligned or misaligned, with room for the declared
/// elements in every case.
pub struct Buffer<T: Copy> {
    storage: Vec<T>,
    len: usize,
    kind: Pointer,
}

impl<T: Copy> Buffer<T> {
    /// `values` behind a pointer of `kind`. A misaligned buffer is shifted by one byte inside one
    /// extra element, so all `values.len()` elements stay readable.
    pub fn new(values: &[T], kind: Pointer) -> Self {
        let len = values.len();
        let mut storage = Vec::with_capacity(len + 1);
        storage.extend_from_slice(values);
        if let Some(&first) = values.first() {
            storage.push(first);
        }
        if kind == Pointer::Misaligned && std::mem::align_of::<T>() > 1 && len > 0 {
            let bytes = std::mem::size_of_val(values);
            // SAFETY: storage holds len + 1 initialised elements, so bytes + 1 bytes from its
            // start are in bounds; the copy may overlap, which `copy` allows.
            unsafe {
                let base = storage.as_mut_ptr().cast::<u8>();
                std::ptr::copy(base, base.add(1), bytes);
            }
        }
        Buffer { storage, len, kind }
    }

    pub fn ptr(&mut self) -> *mut T {
        match self.kind {
            Pointer::Null => std::ptr::null_mut(),
            Pointer::Misaligned if std::mem::align_of::<T>() > 1 => {
                // SAFETY: one byte into `storage`, which is at least one element long.
                unsafe { self.storage.as_mut_ptr().cast::<u8>().add(1).cast() }
            }
            _ => self.storage.as_mut_ptr(),
        }
    }

    /// Whether the pointer passed is NULL.
    pub fn ptr_is_null(&self) -> bool {
        self.kind == Pointer::Null
    }

    /// Whether the library must refuse this pointer as misaligned.
    pub fn misaligned(&self) -> bool {
        self.kind == Pointer::Misaligned && std::mem::align_of::<T>() > 1 && self.len > 0
    }

    /// The raw bytes behind the buffer, to compare before and after a call.
    pub fn bytes(&self) -> Vec<u8> {
        let n = self.storage.len() * std::mem::size_of::<T>();
        // SAFETY: the storage holds `storage.len()` initialised Copy elements without padding
        // (callers use integer element types).
        unsafe { std::slice::from_raw_parts(self.storage.as_ptr().cast::<u8>(), n).to_vec() }
    }

    /// The elements as the library saw them (only for aligned or NULL buffers).
    pub fn values(&self) -> &[T] {
        assert!(!self.misaligned());
        &self.storage[..self.len]
    }
}

/// The statuses a call may return: each fault the target planted allows its status, and a call
/// with no fault must succeed.
#[derive(Debug, Default)]
pub struct Expect {
    faults: Vec<(i32, String)>,
}

impl Expect {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn fault(&mut self, status: i32, why: impl Into<String>) {
        self.faults.push((status, why.into()));
    }

    pub fn is_clean(&self) -> bool {
        self.faults.is_empty()
    }

    /// Panics, with `context`, unless `status` is GG_OK for a clean call or one of the planted
    /// faults' statuses otherwise; on error the thread's message must describe it.
    pub fn check(&self, status: i32, context: &dyn Debug) {
        assert_known(status);
        if self.faults.is_empty() {
            assert_eq!(
                status,
                GG_OK,
                "clean call failed: {} ({context:?})",
                last_error()
            );
            return;
        }
        assert!(
            self.faults.iter().any(|&(s, _)| s == status),
            "status {status} ({}) is none of the planted faults {:?} ({context:?})",
            last_error(),
            self.faults
        );
        let message = last_error();
        assert!(
            !message.is_empty() && message.len() < 1024,
            "bad message {message:?}"
        );
        if status == GG_ERR_NULL_POINTER {
            assert!(message.ends_with(" is NULL"), "{message}");
        }
    }
}

/// Every status is one of the documented codes, and never the panic code.
pub fn assert_known(status: i32) {
    assert!(
        (GG_OK..=GG_ERR_TOO_COMPLEX).contains(&status),
        "unknown status {status}"
    );
    assert_ne!(
        status,
        GG_ERR_INTERNAL,
        "a panic inside the library: {}",
        last_error()
    );
}

/// This thread's last error message.
pub fn last_error() -> String {
    let mut buf = [0u8; 1024];
    // SAFETY: `buf` holds 1024 writable bytes.
    let len = unsafe { gg_last_error_message(buf.as_mut_ptr().cast(), buf.len()) };
    String::from_utf8_lossy(&buf[..len.min(buf.len() - 1)]).into_owned()
}

/// Row-major index of Snakes and Ladders square `s` on a `rows x cols` grid: boustrophedon from
/// the bottom-left, written from the header's description rather than from the library.
pub fn square_index(s: usize, rows: usize, cols: usize) -> usize {
    let (q, r) = ((s - 1) / cols, (s - 1) % cols);
    let col = if q % 2 == 0 { r } else { cols - 1 - r };
    (rows - 1 - q) * cols + col
}

/// `rows * cols` cells of `elem_size` bytes, or the status the library must refuse them with
/// before reading anything: zero, overflow, or more than `max_cells`.
pub fn area(rows: usize, cols: usize, elem_size: usize, max_cells: usize) -> Result<usize, i32> {
    if rows == 0 || cols == 0 {
        return Err(GG_ERR_ZERO_SIZE);
    }
    match rows.checked_mul(cols) {
        Some(cells)
            if cells <= max_cells
                && cells
                    .checked_mul(elem_size)
                    .is_some_and(|b| b <= isize::MAX as usize) =>
        {
            Ok(cells)
        }
        _ => Err(GG_ERR_SIZE_OVERFLOW),
    }
}

/// CRC-32 (IEEE), from its definition: what a record's last four bytes hold, so that a target can
/// mend the checksum of a record it changed and reach the checks behind it.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 == 1 {
                (c >> 1) ^ 0xEDB8_8320
            } else {
                c >> 1
            };
        }
    }
    !c
}

/// Changes a saved record as the input says: nothing, a flipped byte, a cut, an extra byte, or
/// bytes of the input written over its fields with the checksum mended. Returns the record and
/// whether it is still the one that was saved.
pub fn mutate(record: &[u8], input: &mut Input) -> (Vec<u8>, bool) {
    let mut r = record.to_vec();
    let n = r.len();
    match input.u8() % 6 {
        0 => return (r, true),
        1 => {
            let i = input.below(n);
            r[i] ^= 1 << (input.u8() % 8);
        }
        2 => r.truncate(input.below(n)),
        3 => r.push(input.u8()),
        _ => {
            // Over the fields (after the magic and version, before the checksum), then mend it.
            if n > 10 {
                for _ in 0..1 + input.below(4) {
                    let i = 6 + input.below(n - 10);
                    r[i] = input.u8();
                }
                let sum = crc32(&r[..n - 4]);
                r[n - 4..].copy_from_slice(&sum.to_le_bytes());
            }
            return (r.clone(), r == record);
        }
    }
    (r, false)
}
