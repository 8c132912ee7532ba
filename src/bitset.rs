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

    /// Sets every bit of `lo..=hi`.
    pub fn insert_range(&mut self, lo: usize, hi: usize) {
        if lo > hi {
            return;
        }
        let (first, last) = (lo >> 6, hi >> 6);
        let head = !0u64 << (lo & 63);
        let tail = !0u64 >> (63 - (hi & 63));
        if first == last {
            self.words[first] |= head & tail;
            return;
        }
        self.words[first] |= head;
        self.words[first + 1..last].fill(!0);
        self.words[last] |= tail;
    }

    /// The first clear bit in `lo..=hi`, a word at a time.
    pub fn first_clear(&self, lo: usize, hi: usize) -> Option<usize> {
        if lo > hi {
            return None;
        }
        let mut i = lo >> 6;
        let mut free = !self.words[i] & (!0u64 << (lo & 63));
        loop {
            if free != 0 {
                let bit = (i << 6) + free.trailing_zeros() as usize;
                return (bit <= hi).then_some(bit);
            }
            i += 1;
            if i > hi >> 6 {
                return None;
            }
            free = !self.words[i];
        }
    }

    /// The first set bit in `lo..=hi`, a word at a time.
    pub fn first_set(&self, lo: usize, hi: usize) -> Option<usize> {
        if lo > hi {
            return None;
        }
        let mut i = lo >> 6;
        let mut set = self.words[i] & (!0u64 << (lo & 63));
        loop {
            if set != 0 {
                let bit = (i << 6) + set.trailing_zeros() as usize;
                return (bit <= hi).then_some(bit);
            }
            i += 1;
            if i > hi >> 6 {
                return None;
            }
            set = self.words[i];
        }
    }

    /// Calls `f` with every set bit in `lo..=hi` in increasing order, clearing them.
    pub fn drain_range(&mut self, lo: usize, hi: usize, mut f: impl FnMut(usize)) {
        if lo > hi {
            return;
        }
        for i in lo >> 6..=hi >> 6 {
            let mut mask = !0u64;
            if i == lo >> 6 {
                mask &= !0u64 << (lo & 63);
            }
            if i == hi >> 6 {
                mask &= !0u64 >> (63 - (hi & 63));
            }
            let mut w = self.words[i] & mask;
            self.words[i] &= !mask;
            while w != 0 {
                f((i << 6) + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
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
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn ranges_agree_with_single_bits() {
        let len = 200;
        for lo in 0..len {
            for hi in [lo, lo + 1, lo + 63, lo + 64, lo + 65, len - 1] {
                if hi >= len || hi < lo {
                    continue;
                }
                let mut b = BitSet::new(len).unwrap();
                b.insert_range(lo, hi);
                for i in 0..len {
                    assert_eq!(b.get(i), (lo..=hi).contains(&i), "{lo}..={hi} at {i}");
                }
                // The first clear bit after or inside the range, and the first set one.
                assert_eq!(b.first_clear(lo, hi), None);
                assert_eq!(b.first_set(0, len - 1), Some(lo));
                assert_eq!(b.first_set(hi, len - 1), Some(hi));
                assert_eq!(b.first_set(hi + 1, len - 1), None);
                if lo > 0 {
                    assert_eq!(b.first_set(0, lo - 1), None);
                }
                assert_eq!(b.first_clear(lo, len - 1), (hi + 1 < len).then_some(hi + 1));
                if lo > 0 {
                    assert_eq!(b.first_clear(lo - 1, hi), Some(lo - 1));
                }
                let mut seen = Vec::new();
                b.drain_range(lo / 2, hi, |i| seen.push(i));
                assert_eq!(seen, (lo..=hi).collect::<Vec<_>>());
                assert_eq!(b.first_clear(0, len - 1), Some(0));
                assert!((0..len).all(|i| !b.get(i)));
            }
        }
    }

    #[test]
    fn drain_keeps_bits_outside_the_range() {
        let mut b = BitSet::new(300).unwrap();
        for i in [3, 64, 65, 130, 299] {
            b.insert(i);
        }
        let mut seen = Vec::new();
        b.drain_range(64, 130, |i| seen.push(i));
        assert_eq!(seen, [64, 65, 130]);
        assert!(b.get(3) && b.get(299) && !b.get(64));
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "Miri stops at an allocation it cannot make instead of failing it"
    )]
    #[cfg(target_pointer_width = "64")] // usize::MAX bits is only 512 MiB on 32-bit targets
    fn huge_set_is_an_error_not_an_abort() {
        let e = BitSet::new(usize::MAX).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::OutOfMemory);
    }
}
