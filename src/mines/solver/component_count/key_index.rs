//! State key to state index for the DP's tables: open addressing on 128-bit keys.

use crate::error::{try_push, try_refill, Result};

/// State key to state index, open addressing. Clearing resets only the slots in use, so a
/// table grown by one large component costs nothing afterwards.
#[derive(Default)]
pub(super) struct KeyIndex {
    pub(super) slots: Vec<(u128, u32)>,
    pub(super) used: Vec<u32>,
}

impl KeyIndex {
    const EMPTY: u32 = u32::MAX;

    pub(super) fn clear(&mut self) -> Result<()> {
        if self.slots.is_empty() {
            try_refill(&mut self.slots, 16, (0, Self::EMPTY))?;
        }
        for &i in &self.used {
            self.slots[i as usize].1 = Self::EMPTY;
        }
        self.used.clear();
        Ok(())
    }

    #[inline]
    pub(super) fn slot_of(slots: &[(u128, u32)], key: u128) -> usize {
        let mask = slots.len() - 1;
        let h = ((key as u64) ^ ((key >> 64) as u64).rotate_left(29))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut i = (h >> 40) as usize & mask;
        while slots[i].1 != Self::EMPTY && slots[i].0 != key {
            i = (i + 1) & mask;
        }
        i
    }

    /// The index stored for `key`, or `fresh` after storing it.
    #[inline]
    pub(super) fn get_or_insert(&mut self, key: u128, fresh: u32) -> Result<u32> {
        let i = Self::slot_of(&self.slots, key);
        if self.slots[i].1 != Self::EMPTY {
            return Ok(self.slots[i].1);
        }
        self.slots[i] = (key, fresh);
        try_push(&mut self.used, i as u32)?;
        if self.used.len() * 2 > self.slots.len() {
            let mut bigger = Vec::new();
            try_refill(&mut bigger, self.slots.len() * 2, (0, Self::EMPTY))?;
            for k in 0..self.used.len() {
                let (key, v) = self.slots[self.used[k] as usize];
                let j = Self::slot_of(&bigger, key);
                bigger[j] = (key, v);
                self.used[k] = j as u32;
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
    fn stores_what_a_map_stores_across_growth_and_clears() {
        let mut rng = SplitMix64::new(7);
        let mut index = KeyIndex::default();
        for round in 0..5 {
            index.clear().unwrap();
            let mut map = HashMap::new();
            for _ in 0..(300 << round) {
                // Few distinct keys, so that repeats are common; both halves of the key vary.
                let key = u128::from(rng.below(500)) << (64 * rng.below(2));
                let fresh = map.len() as u32;
                let want = *map.entry(key).or_insert(fresh);
                assert_eq!(index.get_or_insert(key, fresh).unwrap(), want);
            }
            assert_eq!(index.used.len(), map.len());
        }
    }
}
