//! A fixed-size bit set: one bit per square or cell, allocated without aborting.

use crate::error::{try_filled, Result};

/// `len` bits, all clear at first.
#[derive(Debug, Clone)]
pub struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    /// A set able to hold `0..len`; `OutOfMemory` rather than an abort when it cannot be allocated.
    pub fn new(len: usize) -> Result<Self> {
        Ok(BitSet {
            words: try_filled(len.div_ceil(64), 0u64)?,
        })
    }

    /// Whether bit `i` is set.
    #[inline]
    pub fn get(&self, i: usize) -> bool {
        self.words[i >> 6] >> (i & 63) & 1 != 0
    }

    /// Sets bit `i` and returns whether it was clear before.
    #[inline]
    pub fn insert(&mut self, i: usize) -> bool {
        let w = &mut self.words[i >> 6];
        let m = 1u64 << (i & 63);
        let was_clear = *w & m == 0;
        *w |= m;
        was_clear
    }

    /// Heap bytes used.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_and_get() {
        let mut b = BitSet::new(130).unwrap();
        assert!(!b.get(129));
        assert!(b.insert(129));
        assert!(!b.insert(129));
        assert!(b.get(129));
        assert!(!b.get(128));
        assert_eq!(b.bytes(), 24);
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "Miri stops at an allocation it cannot make instead of failing it"
    )]
    fn huge_set_is_an_error_not_an_abort() {
        let e = BitSet::new(usize::MAX).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::OutOfMemory);
    }
}
