//! State key to state index for the DP's tables: open addressing over the level's keys.

use crate::error::{try_push, try_refill, Result};

/// State key to state index, open addressing. A slot holds 32 bits of the key's hash and the
/// state's index; the key itself is compared in the level's own key list. Slots a quarter the
/// size of (key, index) pairs keep large levels' tables in cache: there the lookup's cache
/// misses were most of the count's time. Clearing resets only the slots in use, so a table
/// grown by one large component costs nothing afterwards.
#[derive(Default)]
pub(super) struct KeyIndex {
    slots: Vec<u64>,
    used: Vec<u32>,
}

impl KeyIndex {
    /// An empty slot. A used slot's low half is a state index, below `MAX_TABLE_ENTRIES`, so
    /// never all ones.
    const EMPTY: u64 = u64::MAX;

    pub(super) fn clear(&mut self) -> Result<()> {
        if self.slots.is_empty() {
            try_refill(&mut self.slots, 16, Self::EMPTY)?;
        }
        for &i in &self.used {
            self.slots[i as usize] = Self::EMPTY;
        }
        self.used.clear();
        Ok(())
    }

    #[inline]
    fn hash(key: u128) -> u32 {
        let h = ((key as u64) ^ ((key >> 64) as u64).rotate_left(29))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as u32
    }

    /// The index of `key` in `keys`, the level's keys so far, when it is there; otherwise
    /// `keys.len()`, which the caller then pushes `key` at.
    #[inline]
    pub(super) fn get_or_insert(&mut self, key: u128, keys: &[u128]) -> Result<u32> {
        let h = Self::hash(key);
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let s = self.slots[i];
            if s == Self::EMPTY {
                break;
            }
            if (s >> 32) as u32 == h && keys[s as u32 as usize] == key {
                return Ok(s as u32);
            }
            i = (i + 1) & mask;
        }
        let fresh = keys.len() as u32;
        self.slots[i] = u64::from(h) << 32 | u64::from(fresh);
        try_push(&mut self.used, i as u32)?;
        if self.used.len() * 2 > self.slots.len() {
            let mut bigger = Vec::new();
            try_refill(&mut bigger, self.slots.len() * 2, Self::EMPTY)?;
            let mask = bigger.len() - 1;
            for u in self.used.iter_mut() {
                let s = self.slots[*u as usize];
                let mut j = (s >> 32) as usize & mask;
                while bigger[j] != Self::EMPTY {
                    j = (j + 1) & mask;
                }
                bigger[j] = s;
                *u = j as u32;
            }
            self.slots = bigger;
        }
        Ok(fresh)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mines::SplitMix64;
    use std::collections::HashMap;

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn stores_what_a_map_stores_across_growth_and_clears() {
        let mut rng = SplitMix64::new(7);
        let mut index = KeyIndex::default();
        for round in 0..5 {
            index.clear().unwrap();
            let (mut map, mut keys) = (HashMap::new(), Vec::new());
            for _ in 0..(300 << round) {
                // Few distinct keys, so that repeats are common; both halves of the key vary.
                let key = u128::from(rng.below(500)) << (64 * rng.below(2));
                let want = *map.entry(key).or_insert(keys.len() as u32);
                let got = index.get_or_insert(key, &keys).unwrap();
                assert_eq!(got, want);
                if got as usize == keys.len() {
                    keys.push(key);
                }
            }
            assert_eq!(index.used.len(), map.len());
        }
    }
}
