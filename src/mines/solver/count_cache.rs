//! The cache of counted components.
//!
//! Successive positions of one game, and the "what if" positions of the hint's look-ahead, share
//! most of their components, so a component already counted is looked up instead of swept
//! again. A component is identified by its *signature*: the grid width, its numbers (cell and
//! remaining need) and its undetermined cells. Equal signatures mean equal groups, numbers and
//! counts, so a hit answers exactly what a fresh count would.
//!
//! Entries are recycled, not freed: forgetting the cache keeps each entry's buffers for the next
//! components, so a warm cache allocates nothing. Memory stays bounded all the same: an entry keeps
//! tables only for a small component (`component_count::KEEP_ENTRIES`), and once the entries hold
//! more than [`CACHE_BYTES`] the cache starts afresh and frees every entry's tables beyond
//! [`ENTRY_KEEP_BYTES`]. (Before, a long run over entangled views kept every large table it had
//! ever counted: 1 GB after 20,000 random expert views, and the process was killed on denser ones.)

use super::component_count::Counted;
use super::constraints::Constraints;
use crate::error::{try_push, try_reserve, Result};
use std::collections::HashMap;

/// Components kept at most; the cache starts afresh beyond (between views, never during one).
const CACHE_LIMIT: usize = 4096;
/// Bytes the entries may hold, in use or waiting to be recycled, before the cache starts
/// afresh and frees the tables of every entry holding more than [`ENTRY_KEEP_BYTES`].
const CACHE_BYTES: usize = 64 << 20;
/// Tables an entry keeps for its next component when the cache frees memory: enough for the
/// components of ordinary play, so that a warm cache still allocates nothing.
pub(crate) const ENTRY_KEEP_BYTES: usize = 4 << 10;

/// Counted components by signature.
#[derive(Default)]
pub(crate) struct CountCache {
    /// Entries `0..live` are in use; the rest wait to be recycled.
    entries: Vec<Counted>,
    live: usize,
    /// Signature hash -> newest entry with that hash; `next` chains older ones.
    index: HashMap<u64, u32>,
    next: Vec<u32>,
    /// Per entry, the work its count took (see `Counting::all_work_done`): what a budget is
    /// charged for it when it is not counted again (see `probability/budget_charges.rs`).
    work: Vec<u64>,
    /// Scratch for the signature being looked up.
    cons: Vec<u32>,
    cells: Vec<u32>,
    /// Bytes the entries hold.
    bytes: usize,
    /// A smaller [`CACHE_BYTES`], for tests.
    #[cfg(test)]
    pub(crate) test_byte_limit: Option<usize>,
}

impl CountCache {
    /// Forgets every component if the cache is full, by count or by bytes; in the second case
    /// the large entries' tables are freed too. Call it before a view, never while one is being
    /// counted: entries handed out stay valid until the next call. Whether it forgot.
    pub(crate) fn make_room(&mut self) -> bool {
        #[cfg(test)]
        let limit = self.test_byte_limit.unwrap_or(CACHE_BYTES);
        #[cfg(not(test))]
        let limit = CACHE_BYTES;
        if self.bytes > limit {
            self.forget();
            self.bytes = 0;
            for e in &mut self.entries {
                if e.bytes() > ENTRY_KEEP_BYTES {
                    e.release();
                }
                self.bytes += e.bytes();
            }
            true
        } else if self.live >= CACHE_LIMIT {
            self.forget();
            true
        } else {
            false
        }
    }

    /// Bytes the entries hold, in use or not.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }

    /// Bytes the entries hold, summed afresh, and the most one entry holds.
    #[cfg(test)]
    pub(crate) fn entry_bytes(&self) -> (usize, usize) {
        let each = self.entries.iter().map(Counted::bytes);
        (each.clone().sum(), each.max().unwrap_or(0))
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

    /// The work the count of remembered entry `id` took.
    pub(crate) fn work(&self, id: u32) -> u64 {
        self.work[id as usize]
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
                return Ok(Lookup::Hit(id, hash));
            }
            at = Some(self.next[id as usize]).filter(|&n| n != u32::MAX);
        }
        if self.live == self.entries.len() {
            try_push(&mut self.entries, Counted::default())?;
        }
        let e = &mut self.entries[self.live];
        let before = e.bytes();
        e.signature.clear();
        try_reserve(&mut e.signature, 2 + self.cons.len() + self.cells.len())?;
        crate::error::try_push(&mut e.signature, cols as u32)?;
        crate::error::try_push(&mut e.signature, self.cons.len() as u32)?;
        crate::error::try_extend(&mut e.signature, &self.cons)?;
        crate::error::try_extend(&mut e.signature, &self.cells)?;
        self.bytes += e.bytes() - before;
        Ok(Lookup::Miss(self.live as u32, hash))
    }

    /// Counts the fresh entry `id` handed out by [`CountCache::lookup`] with `count`.
    pub(crate) fn count_fresh(
        &mut self,
        id: u32,
        count: impl FnOnce(&mut Counted) -> Result<()>,
    ) -> Result<&Counted> {
        debug_assert_eq!(id as usize, self.live);
        let e = &mut self.entries[id as usize];
        let before = e.bytes();
        let r = count(e);
        // Buffers only grow while counting (they are freed in `make_room` alone).
        self.bytes += e.bytes().saturating_sub(before);
        r.map(|()| &*e)
    }

    /// Remembers the fresh entry `id`, now counted with `work` (see [`CountCache::work`]),
    /// under `hash`.
    pub(crate) fn remember(&mut self, id: u32, hash: u64, work: u64) -> Result<()> {
        debug_assert_eq!(id as usize, self.live);
        self.index
            .try_reserve(1)
            .map_err(|_| crate::error::Error::alloc::<(u64, u32)>(1, Some(self.index.len())))?;
        // Every allocation before the index changes, so that a failed one leaves no trace.
        if self.next.len() <= id as usize {
            try_reserve(&mut self.work, 1)?;
            try_push(&mut self.next, u32::MAX)?;
            try_push(&mut self.work, 0)?;
        }
        let older = self.index.insert(hash, id).unwrap_or(u32::MAX);
        self.next[id as usize] = older;
        self.work[id as usize] = work;
        self.live += 1;
        Ok(())
    }
}

/// What [`CountCache::lookup`] found.
pub(crate) enum Lookup {
    /// A counted entry, and the signature's hash.
    Hit(u32, u64),
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
