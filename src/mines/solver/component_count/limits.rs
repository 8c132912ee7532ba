//! How far exact counting goes before a component is refused: the state key's width and the
//! tables' size, and the error that names the component.

use crate::error::{Error, ErrorKind};

/// The most table entries (states times mine counts, over all of a component's levels) one
/// component may use before it is refused with `TooComplex`.
pub const MAX_TABLE_ENTRIES: usize = 1 << 23;

/// The most steps (see `layout_tables::forward`: the numbers its tried transitions touch, and
/// the row entries its kept ones add) one count of a component may take before it is refused
/// with `TooComplex`: about 10 ms at this bound on the reference machine, the count and its
/// probabilities together, where an expert hint must stay under 50 ms.
pub(super) const MAX_COUNT_STEPS: u64 = 1 << 20;

/// Bits of a state key: each open number's partial sum takes just enough bits for its need.
pub(super) const KEY_BITS: u32 = 128;

/// The error for a component whose order or tables exceed these limits.
pub(super) fn too_entangled(cell: u32, cols: usize, why: std::fmt::Arguments<'_>) -> Error {
    let (r, c) = (cell as usize / cols, cell as usize % cols);
    Error::new(
        ErrorKind::TooComplex,
        format_args!(
            "the frontier around cell ({r}, {c}) is too entangled for exact counting: {why}"
        ),
    )
}
