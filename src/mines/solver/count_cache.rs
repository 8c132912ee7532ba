//! The cache of counted components.
//!
//! Successive positions of one game, and the "what if" positions of the hint's look-ahead, share
//! most of their components, so a component already counted is looked up instead of swept
//! again. A component is identified by its *signature*: the grid width, its numbers (cell and
//! remaining need) and its undetermined cells. Equal signatures mean equal groups, numbers and
//! counts, so a hit answers exactly what a fresh count would.
//!
//! Entries are recycled, not freed: forgetting the cache keeps each entry's buffers for the next
//! components, so a warm cache allocates nothing.

use super::component_count::Counted;
use super::constraints::Constraints;
use crate::error::{try_push, try_reserve, Result};
use std::collections::HashMap;

/// Components kept at most; the cache starts afresh beyond (between views, never during one).
const CACHE_LIMIT: usize = 4096;

/// Counted components by signature.
#[derive(Default)]
pub(crate) struct CountCache {
    /// Entries `0..live` are in use; the rest wait to be recycled.
    entries: Vec<Counted>,
    live: usize,
    /// Signature hash -> newest entry with that hash; `next` chains older ones.
    index: HashMap<u64, u32>,
    next: Vec<u32>,
    /// Scratch for the signature being looked up.
    cons: Vec<u32>,
    cells: Vec<u32>,
}

impl CountCache {
    /// Forgets every component if the cache is full. Call it before a view, never while one is
    /// being counted: entries handed out stay valid until the next call.
    pub(crate) fn make_room(&mut self) {
        if self.live >= CACHE_LIMIT {
            self.forget();
        }
    }

    /// Forgets every component, keeping the buffers.
    pub(crate) fn forget(&mut self) {
        self.live = 0;
        self.index.clear();
        self.next.clear();
    }

    /// Components remembered.
    pub(crate) fn len(&self) -> usize {
        self.live
    }

    /// The entry `id`.
    pub(crate) fn get(&self, id: u32) -> &Counted {
        &self.entries[id as usize]
    }

    /// The cached entry for component `comp` of `cons`, or a fresh entry (not yet remembered)
    /// whose signature is filled in: count it, then [`CountCache::remember`] it.
    pub(crate) fn lookup(&mut self, cons: &Constraints, comp: usize) -> Result<Lookup> {
        self.cons.clear();
        self.cells.clear();
        for &g in cons.component_groups(comp) {
            try_reserve(&mut self.cells, 8)?;
            crate::error::try_extend(&mut self.cells, cons.group_cells(g))?;
        }
        // Each number appears once per group around it; keep the first appearance.
        for &g in cons.component_groups(comp) {
            for &n in cons.group_numbers(g) {
                if cons.number_groups(n)[0] == g {
                    try_push(
                        &mut self.cons,
                        cons.number_cell(n) * 16 + u32::from(cons.number_need(n)),
                    )?;
                }
            }
        }
        self.cons.sort_unstable();
        self.cells.sort_unstable();
        let cols = cons.cols() as u64;
        let hash = hash_words(
            hash_words(hash_words(cols, &self.cons), &[u32::MAX]),
            &self.cells,
        );
        let mut at = self.index.get(&hash).copied();
        while let Some(id) = at {
            let e = &self.entries[id as usize];
            let sig = &e.signature;
            if sig.len() == 2 + self.cons.len() + self.cells.len()
                && sig[0] as u64 == cols & 0xFFFF_FFFF
                && sig[1] as usize == self.cons.len()
                && sig[2..2 + self.cons.len()] == self.cons[..]
                && sig[2 + self.cons.len()..] == self.cells[..]
            {
                return Ok(Lookup::Hit(id));
            }
            at = Some(self.next[id as usize]).filter(|&n| n != u32::MAX);
        }
        if self.live == self.entries.len() {
            try_push(&mut self.entries, Counted::default())?;
        }
        let e = &mut self.entries[self.live];
        e.signature.clear();
        try_reserve(&mut e.signature, 2 + self.cons.len() + self.cells.len())?;
        crate::error::try_push(&mut e.signature, cols as u32)?;
        crate::error::try_push(&mut e.signature, self.cons.len() as u32)?;
        crate::error::try_extend(&mut e.signature, &self.cons)?;
        crate::error::try_extend(&mut e.signature, &self.cells)?;
        Ok(Lookup::Miss(self.live as u32, hash))
    }

    /// The fresh entry `id` handed out by [`CountCache::lookup`], to be counted.
    pub(crate) fn fresh(&mut self, id: u32) -> &mut Counted {
        debug_assert_eq!(id as usize, self.live);
        &mut self.entries[id as usize]
    }

    /// Remembers the fresh entry `id`, now counted, under `hash`.
    pub(crate) fn remember(&mut self, id: u32, hash: u64) -> Result<()> {
        debug_assert_eq!(id as usize, self.live);
        self.index
            .try_reserve(1)
            .map_err(|_| crate::error::Error::alloc::<(u64, u32)>(1, Some(self.index.len())))?;
        let older = self.index.insert(hash, id).unwrap_or(u32::MAX);
        if self.next.len() <= id as usize {
            try_push(&mut self.next, older)?;
        } else {
            self.next[id as usize] = older;
        }
        self.live += 1;
        Ok(())
    }
}

/// What [`CountCache::lookup`] found.
pub(crate) enum Lookup {
    /// A counted entry.
    Hit(u32),
    /// A fresh entry and the signature's hash.
    Miss(u32, u64),
}

fn hash_words(seed: u64, words: &[u32]) -> u64 {
    let mut h = seed ^ 0xcbf2_9ce4_8422_2325;
    for &w in words {
        h = (h.rotate_left(5) ^ u64::from(w)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    h
}
