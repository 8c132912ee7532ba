//! A monotone priority queue on `u64` keys (a radix heap): every key pushed is at least the last
//! key popped, as in a breadth-first or Dijkstra search. Push is O(1) and each item is moved at
//! most 64 times in all, so a search with many pending items does not pay a binary heap's
//! logarithm of cache misses.
//!
//! Bucket `i > 0` holds the keys whose highest bit differing from the last popped key is bit
//! `i - 1`; bucket 0 holds keys equal to it. Popping from an empty bucket 0 empties the first
//! non-empty bucket, whose minimum becomes the new reference, into lower buckets. Keys and
//! values are stored apart, so an item costs `8 + size_of::<V>()` bytes with no padding.

use crate::error::{Error, Result};

#[derive(Debug)]
struct Bucket<V> {
    keys: Vec<u64>,
    values: Vec<V>,
}

impl<V> Bucket<V> {
    fn len(&self) -> usize {
        self.keys.len()
    }

    /// Items it can hold without allocating.
    fn room(&self) -> usize {
        self.keys.capacity().min(self.values.capacity())
    }

    /// Makes room for `extra` items beyond those it holds; returns how much `room` grew.
    fn grow(&mut self, extra: usize) -> Result<usize> {
        let before = self.room();
        let had = Some(self.keys.len());
        self.keys
            .try_reserve_exact(extra)
            .map_err(|_| Error::alloc::<u64>(extra, had))?;
        self.values
            .try_reserve_exact(extra)
            .map_err(|_| Error::alloc::<u32>(extra, had))?;
        Ok(self.room() - before)
    }
}

/// What [`RadixHeap::pop`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Popped<V> {
    /// The smallest key and its value.
    Item(u64, V),
    /// Nothing is pending.
    Empty,
    /// Moving items between buckets would take more than `max_items` slots.
    OutOfRoom,
}

/// Pending items `(key, value)`, popped in increasing key order.
#[derive(Debug)]
pub struct RadixHeap<V> {
    buckets: [Bucket<V>; 65],
    /// Bit `i` set when bucket `i` is not empty.
    nonempty: u128,
    last: u64,
    len: usize,
    /// The sum of the buckets' room, which pushes keep within `max_items`.
    slots: usize,
    max_items: usize,
}

impl<V: Copy> RadixHeap<V> {
    /// An empty heap whose buckets together never hold room for more than `max_items` items.
    pub fn new(max_items: usize) -> Self {
        RadixHeap {
            buckets: std::array::from_fn(|_| Bucket {
                keys: Vec::new(),
                values: Vec::new(),
            }),
            nonempty: 0,
            last: 0,
            len: 0,
            slots: 0,
            max_items,
        }
    }

    /// The number of pending items.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no item is pending.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn bucket(&self, key: u64) -> usize {
        (64 - (key ^ self.last).leading_zeros()) as usize
    }

    /// Adds an item. `Ok(false)` when the buckets would need more than `max_items` slots;
    /// `OutOfMemory` when the allocation fails.
    ///
    /// The key must be at least the last key popped.
    pub fn push(&mut self, key: u64, value: V) -> Result<bool> {
        debug_assert!(key >= self.last, "a radix heap is monotone");
        let b = self.bucket(key);
        let bucket = &mut self.buckets[b];
        if bucket.len() == bucket.room() {
            // Double, or take what the budget has left.
            let more = bucket
                .len()
                .max(4)
                .min(self.max_items.saturating_sub(self.slots));
            if more == 0 {
                return Ok(false);
            }
            self.slots += bucket.grow(more)?;
        }
        crate::error::try_push(&mut bucket.keys, key)?;
        crate::error::try_push(&mut bucket.values, value)?;
        self.nonempty |= 1 << b;
        self.len += 1;
        Ok(true)
    }

    /// Whether `key` (at least the last key popped) is below every pending key, so that the
    /// caller may handle its item at once instead of pushing and popping it. Cheap: it looks at
    /// bucket boundaries only, so it may say `false` for a key that is in fact the smallest.
    pub fn is_below_all(&self, key: u64) -> bool {
        if self.nonempty == 0 {
            return true;
        }
        let i = self.nonempty.trailing_zeros() as usize;
        if i == 0 {
            return false;
        }
        // Keys in bucket `i` agree with the reference above bit `i - 1` and have that bit set.
        let low = 1u64 << (i - 1);
        let floor = (self.last & !(low - 1) & !low) | low;
        key < floor
    }

    /// The smallest key's item; `OutOfMemory` when moving items between buckets needs memory the
    /// allocator refuses.
    pub fn pop(&mut self) -> Result<Popped<V>> {
        match self.settle()? {
            Popped::Item(..) => {}
            Popped::Empty => return Ok(Popped::Empty),
            Popped::OutOfRoom => return Ok(Popped::OutOfRoom),
        }
        let bucket = &mut self.buckets[0];
        let (Some(key), Some(value)) = (bucket.keys.pop(), bucket.values.pop()) else {
            return Ok(Popped::Empty);
        };
        if bucket.len() == 0 {
            self.nonempty &= !1;
        }
        self.len -= 1;
        Ok(Popped::Item(key, value))
    }

    /// Fills bucket 0 with the smallest keys, which become the reference. `Item` (with a dummy
    /// item) when something is pending.
    fn settle(&mut self) -> Result<Popped<()>> {
        if self.nonempty & 1 != 0 {
            return Ok(Popped::Item(0, ()));
        }
        if self.nonempty == 0 {
            return Ok(Popped::Empty);
        }
        let i = self.nonempty.trailing_zeros() as usize;
        if self.buckets[i].len() == 1 {
            // A lone smallest item becomes the reference where it lies: every other key keeps
            // its highest bit differing from the reference, so nothing else moves.
            self.last = self.buckets[i].keys[0];
            self.buckets.swap(0, i);
            self.nonempty = self.nonempty & !(1 << i) | 1;
            return Ok(Popped::Item(0, ()));
        }
        let moving = std::mem::replace(
            &mut self.buckets[i],
            Bucket {
                keys: Vec::new(),
                values: Vec::new(),
            },
        );
        self.last = moving.keys.iter().copied().min().unwrap_or(self.last);
        // Every key of bucket `i` now differs from the reference below bit `i - 1`: it moves
        // down. Count first, so that each bucket grows once and exactly.
        let mut counts = [0u32; 64];
        let mut targets = 0u64;
        for &k in &moving.keys {
            let b = self.bucket(k);
            counts[b] += 1;
            targets |= 1 << b;
        }
        let shorts = |heap: &Self, b: usize| {
            let bucket = &heap.buckets[b];
            (bucket.len() + counts[b] as usize).saturating_sub(bucket.room())
        };
        let mut need = 0;
        let mut t = targets;
        while t != 0 {
            need += shorts(self, t.trailing_zeros() as usize);
            t &= t - 1;
        }
        if self.slots + need > self.max_items {
            // Nothing has moved yet: the heap is as it was.
            self.buckets[i] = moving;
            return Ok(Popped::OutOfRoom);
        }
        let mut t = targets;
        while t != 0 {
            let b = t.trailing_zeros() as usize;
            t &= t - 1;
            if shorts(self, b) > 0 {
                self.slots += self.buckets[b].grow(counts[b] as usize)?;
            }
        }
        for (&k, &v) in moving.keys.iter().zip(&moving.values) {
            let b = self.bucket(k);
            crate::error::try_push(&mut self.buckets[b].keys, k)?;
            crate::error::try_push(&mut self.buckets[b].values, v)?;
        }
        self.nonempty |= targets as u128;
        self.nonempty &= !(1 << i);
        // Keep the emptied vectors for the bucket they came from unless the buckets hold room for
        // more than half their budget: then give them back, so room stays near the items pending.
        let mut moving = moving;
        if self.slots > self.max_items / 2 {
            self.slots -= moving.room();
        } else {
            moving.keys.clear();
            moving.values.clear();
            self.buckets[i] = moving;
        }
        Ok(Popped::Item(0, ()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe code, run natively")]
    fn pops_in_key_order_with_monotone_pushes() {
        let mut rng = crate::rng::SplitMix64::new(7);
        let mut rnd = |m: u64| rng.below(m);
        for round in 0..200 {
            let mut heap = RadixHeap::new(usize::MAX);
            let mut model = std::collections::BinaryHeap::new();
            let mut last = 0u64;
            for step in 0..500 {
                if rnd(3) > 0 || heap.is_empty() {
                    let spread = [1, 64, 1 << 20, u64::MAX / 4][round % 4];
                    let key = last + rnd(spread.min(u64::MAX - last));
                    assert!(heap.push(key, step).unwrap());
                    model.push(std::cmp::Reverse(key));
                } else {
                    let Popped::Item(key, _) = heap.pop().unwrap() else {
                        panic!("an item is pending");
                    };
                    assert_eq!(std::cmp::Reverse(key), model.pop().unwrap());
                    last = key;
                    // A key said to be below all must be below the model's smallest.
                    let probe = key.saturating_add(rnd(64));
                    if heap.is_below_all(probe) {
                        assert!(model.peek().is_none_or(|r| probe < r.0), "{probe}");
                    }
                }
                assert_eq!(heap.len(), model.len());
            }
            while let Popped::Item(key, _) = heap.pop().unwrap() {
                assert_eq!(std::cmp::Reverse(key), model.pop().unwrap());
            }
            assert!(model.is_empty());
        }
    }

    #[test]
    fn refuses_past_its_budget() {
        let mut heap = RadixHeap::new(16);
        for k in 0..8 {
            assert!(heap.push(1000 + k, ()).unwrap());
        }
        // Moving the eight into lower buckets needs eight more slots: within 16.
        assert_eq!(heap.pop().unwrap(), Popped::Item(1000, ()));
        let mut full = RadixHeap::new(8);
        let mut pushed = 0;
        while full.push(1000 + pushed, ()).unwrap() {
            pushed += 1;
        }
        assert_eq!(pushed, 8);
        // A full heap cannot move its items without passing its budget, and says so.
        assert_eq!(full.pop().unwrap(), Popped::OutOfRoom);
        assert_eq!(full.len(), 8);
    }
}
