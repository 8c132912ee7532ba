//! The one error type of the safe core.
//!
//! Every failure carries a machine-readable [`ErrorKind`] and a sentence that names the offending
//! cell, value and allowed range. The FFI layer maps the kind to a `GG_ERR_*` status and keeps the
//! sentence for `gg_last_error_message`.

use std::fmt;

/// What went wrong, independent of how it is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A dimension is zero.
    ZeroSize,
    /// Dimensions whose product overflows or exceeds what the types can address.
    SizeOverflow,
    /// A cell holds a value outside its alphabet or range.
    InvalidCell,
    /// A coordinate lies outside the board.
    OutOfBounds,
    /// A parameter other than a board cell is out of range (a rule, a count, a face).
    InvalidArgument,
    /// More mines than the board and first-click rule allow.
    TooManyMines,
    /// The game has already ended.
    GameOver,
    /// The board contradicts itself (a digit that does not match its neighbours).
    Inconsistent,
    /// An allocation for a caller-sized buffer could not be made.
    OutOfMemory,
    /// Bounded generation gave up.
    GenerationFailed,
    /// A saved record that the save functions did not write: wrong magic or version, truncated,
    /// trailing bytes, a bad checksum, or contents that do not make a legal game.
    BadRecord,
    /// Undo with no move (or turn) to take back.
    NothingToUndo,
    /// A position too complex to compute exactly within the library's bounds of time and memory
    /// (a frontier too entangled to count); no allocation failed.
    TooComplex,
}

/// An error from the safe core: a kind plus a human-readable detail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    detail: Detail,
}

/// What an error says. An allocation failure keeps its sizes as numbers and is put into words
/// only when read, so reporting that memory ran out needs none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Detail {
    /// A sentence.
    Text(String),
    /// A sentence fixed at compile time: reporting it needs no memory.
    Fixed(&'static str),
    /// `len` elements of `size` bytes could not be allocated (on top of `had`, when growing).
    Alloc {
        len: usize,
        size: usize,
        had: Option<usize>,
    },
}

impl fmt::Display for Detail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Detail::Text(t) => f.write_str(t),
            Detail::Fixed(t) => f.write_str(t),
            Detail::Alloc {
                len,
                size,
                had: None,
            } => write!(f, "could not allocate {len} elements of {size} bytes"),
            Detail::Alloc {
                len,
                size,
                had: Some(had),
            } => write!(
                f,
                "could not grow a buffer of {had} elements of {size} bytes by {len}"
            ),
        }
    }
}

/// An error's detail sentence, made from a sentence fixed at compile time, a `String`, or
/// `format_args!(...)`, which is put into words with a fallible allocation: when memory has run
/// out, the detail says so, where `format!` would abort the process.
pub struct Message(Detail);

impl From<&'static str> for Message {
    fn from(text: &'static str) -> Self {
        Message(Detail::Fixed(text))
    }
}

impl From<String> for Message {
    fn from(text: String) -> Self {
        Message(Detail::Text(text))
    }
}

impl From<fmt::Arguments<'_>> for Message {
    fn from(args: fmt::Arguments<'_>) -> Self {
        if let Some(fixed) = args.as_str() {
            return Message(Detail::Fixed(fixed));
        }
        /// A `String` that refuses to grow when memory has run out, instead of aborting.
        struct Fallible(String);
        impl fmt::Write for Fallible {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                self.0.try_reserve(s.len()).map_err(|_| fmt::Error)?;
                #[allow(clippy::disallowed_methods)] // room reserved above
                self.0.push_str(s);
                Ok(())
            }
        }
        let mut text = Fallible(String::new());
        Message(match fmt::write(&mut text, args) {
            Ok(()) => Detail::Text(text.0),
            Err(_) => Detail::Fixed(LOST),
        })
    }
}

impl Message {
    pub(crate) fn into_detail(self) -> Detail {
        self.0
    }
}

/// The detail of an error whose sentence could not be written for lack of memory.
const LOST: &str = "(the detail was lost: out of memory)";

impl Error {
    /// Builds an error of `kind` with a detail sentence: a literal, or `format_args!(...)`.
    pub fn new(kind: ErrorKind, detail: impl Into<Message>) -> Self {
        Error {
            kind,
            detail: detail.into().0,
        }
    }

    /// An error of `kind` with a sentence fixed at compile time, made without allocating: for
    /// failures that can happen when memory has run out.
    pub(crate) fn fixed(kind: ErrorKind, detail: &'static str) -> Self {
        Error {
            kind,
            detail: Detail::Fixed(detail),
        }
    }

    /// `OutOfMemory` for `len` elements of `T` (on top of `had`, when growing), without
    /// allocating.
    pub(crate) fn alloc<T>(len: usize, had: Option<usize>) -> Self {
        Error {
            kind: ErrorKind::OutOfMemory,
            detail: Detail::Alloc {
                len,
                size: std::mem::size_of::<T>(),
                had,
            },
        }
    }

    /// A copy made without an infallible allocation: when memory has run out, the copy's detail
    /// says so instead.
    pub(crate) fn try_clone(&self) -> Self {
        let detail = match &self.detail {
            // The same fallible writer as a new message's.
            Detail::Text(t) => Message::from(format_args!("{t}")).0,
            Detail::Fixed(t) => Detail::Fixed(t),
            &Detail::Alloc { len, size, had } => Detail::Alloc { len, size, had },
        };
        Error {
            kind: self.kind,
            detail,
        }
    }

    /// The machine-readable kind.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The detail sentence, e.g. "cell (3, 4) holds 40; a destination must be -1 or 1..36".
    pub fn detail(&self) -> std::borrow::Cow<'_, str> {
        match &self.detail {
            Detail::Text(t) => std::borrow::Cow::Borrowed(t),
            Detail::Fixed(t) => std::borrow::Cow::Borrowed(t),
            // The Rust API's convenience: the C API renders a detail without allocating.
            #[allow(clippy::disallowed_methods)]
            d => std::borrow::Cow::Owned(d.to_string()),
        }
    }

    /// The detail, as stored: what the FFI keeps for `gg_last_error_message`.
    pub(crate) fn into_detail(self) -> Detail {
        self.detail
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.detail.fmt(f)
    }
}

impl std::error::Error for Error {}

/// Shorthand used across the core.
pub type Result<T> = std::result::Result<T, Error>;

/// `rows * cols`, or a `SizeOverflow`/`ZeroSize` error naming both dimensions.
///
/// `elem_size` is the byte size of one cell: the product must also stay addressable
/// (at most `isize::MAX` bytes), because the caller's buffer has to exist.
pub fn checked_area(rows: usize, cols: usize, elem_size: usize) -> Result<usize> {
    if rows == 0 || cols == 0 {
        return Err(Error::new(
            ErrorKind::ZeroSize,
            format_args!("dimensions {rows} x {cols} are empty; both must be at least 1"),
        ));
    }
    let cells = rows.checked_mul(cols);
    match cells.and_then(|c| c.checked_mul(elem_size.max(1))) {
        Some(bytes) if bytes <= isize::MAX as usize => Ok(cells.unwrap_or(0)),
        _ => Err(Error::new(
            ErrorKind::SizeOverflow,
            format_args!(
                "dimensions {rows} x {cols} of {elem_size}-byte cells exceed the addressable size"
            ),
        )),
    }
}

/// A copy of `values`, or `OutOfMemory` instead of an abort.
pub fn try_copy<T: Clone>(values: &[T]) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(values.len())
        .map_err(|_| Error::alloc::<T>(values.len(), None))?;
    #[allow(clippy::disallowed_methods)] // room reserved above
    v.extend_from_slice(values);
    Ok(v)
}

/// A `Vec` of `len` copies of `value`, or `OutOfMemory` instead of an abort.
pub fn try_filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| Error::alloc::<T>(len, None))?;
    #[allow(clippy::disallowed_methods)] // room reserved above
    v.resize(len, value);
    Ok(v)
}

/// Makes room for `additional` more elements in `v`, or `OutOfMemory` instead of an abort.
///
/// For vectors whose length the caller controls indirectly (a search frontier, a queue): call it
/// before each `push` or `extend` that may grow past the capacity.
pub fn try_reserve<T>(v: &mut Vec<T>, additional: usize) -> Result<()> {
    v.try_reserve(additional)
        .map_err(|_| Error::alloc::<T>(additional, Some(v.len())))
}

/// Appends `x` to `v`, growing it fallibly: `OutOfMemory` instead of an abort. The push every
/// input-sized buffer of the solver uses.
#[inline]
pub fn try_push<T>(v: &mut Vec<T>, x: T) -> Result<()> {
    if v.len() == v.capacity() {
        try_reserve(v, v.len().max(16))?;
    }
    #[allow(clippy::disallowed_methods)] // room made above
    v.push(x);
    Ok(())
}

/// Makes `v` a copy of `values`, reusing its buffer and growing it fallibly.
pub fn try_assign<T: Clone>(v: &mut Vec<T>, values: &[T]) -> Result<()> {
    v.clear();
    try_extend(v, values)
}

/// Appends `values` to `v`, growing it fallibly: `OutOfMemory` instead of an abort.
#[inline]
pub fn try_extend<T: Clone>(v: &mut Vec<T>, values: &[T]) -> Result<()> {
    try_reserve(v, values.len())?;
    #[allow(clippy::disallowed_methods)] // the room is reserved above
    v.extend_from_slice(values);
    Ok(())
}

/// Appends the items of an exact-size iterator to `v`, growing it fallibly: `OutOfMemory`
/// instead of an abort.
#[inline]
pub fn try_extend_exact<T, I>(v: &mut Vec<T>, items: I) -> Result<()>
where
    I: IntoIterator<Item = T>,
    I::IntoIter: ExactSizeIterator,
{
    let items = items.into_iter();
    try_reserve(v, items.len())?;
    #[allow(clippy::disallowed_methods)] // room reserved above (the length is exact)
    v.extend(items);
    Ok(())
}

/// Resizes `v` to `len`, filling new places with `value`, growing it fallibly: `OutOfMemory`
/// instead of an abort.
#[inline]
pub fn try_resize<T: Clone>(v: &mut Vec<T>, len: usize, value: T) -> Result<()> {
    try_reserve(v, len.saturating_sub(v.len()))?;
    #[allow(clippy::disallowed_methods)] // the room is reserved above
    v.resize(len, value);
    Ok(())
}

/// Sets `v` to `len` copies of `value`, reusing its allocation when it is large enough and
/// growing it fallibly otherwise.
pub fn try_refill<T: Clone>(v: &mut Vec<T>, len: usize, value: T) -> Result<()> {
    v.clear();
    try_reserve(v, len)?;
    #[allow(clippy::disallowed_methods)] // room reserved above
    v.resize(len, value);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn area_rejects_zero_and_overflow() {
        assert_eq!(
            checked_area(0, 5, 1).unwrap_err().kind(),
            ErrorKind::ZeroSize
        );
        assert_eq!(
            checked_area(5, 0, 1).unwrap_err().kind(),
            ErrorKind::ZeroSize
        );
        assert_eq!(
            checked_area(usize::MAX, 2, 1).unwrap_err().kind(),
            ErrorKind::SizeOverflow
        );
        assert_eq!(
            checked_area(1 << (usize::BITS / 2), 1 << (usize::BITS / 2 - 2), 4)
                .unwrap_err()
                .kind(),
            ErrorKind::SizeOverflow
        );
        assert_eq!(checked_area(3, 4, 4).unwrap(), 12);
    }

    #[test]
    fn try_filled_reports_oom() {
        let e = try_filled::<u64>(usize::MAX / 4, 0).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::OutOfMemory);
        assert_eq!(try_filled(3, 7u8).unwrap(), vec![7, 7, 7]);
    }

    #[test]
    fn try_reserve_reports_oom() {
        let mut v = vec![1u32, 2];
        let e = try_reserve(&mut v, usize::MAX / 2).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::OutOfMemory);
        assert!(
            e.detail().contains("2 elements of 4 bytes"),
            "{}",
            e.detail()
        );
        assert_eq!(v, [1, 2]);
        try_reserve(&mut v, 10).unwrap();
        assert!(v.capacity() >= 12);
    }
}
