//! How far exact counting goes before a component is refused: the state key's width and the
//! tables' size, and the error that names the component.

use crate::error::{Error, ErrorKind};

/// The most table entries (states times mine counts, over all of a component's levels) one
/// component may use before it is refused with `TooComplex`.
pub const MAX_TABLE_ENTRIES: usize = 1 << 23;

/// The most transitions (a state and a group's mine count leading to a state, each a key
/// lookup) one component may use before it is refused with `TooComplex`. Lookups, not entries,
/// are what a many-state component's count spends its time on: about 20 ms at this bound on the
/// reference machine, where an expert hint must stay under 50 ms.
pub(super) const MAX_TRANSITIONS: usize = 1 << 18;

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
