//! A monotone priority queue on `u64` keys (a radix heap): every key pushed is at least the last
//! key popped, as in a breadth-first or Dijkstra search. Push is O(1) and each item is moved at
//! most 64 times in all, so a search with many pending items does not pay a binary heap's
//! logarithm of cache misses.
//!
//! Bucket `i > 0` holds the keys whose highest bit differing from the last popped key is bit
//! `i - 1`; bucket 0 holds keys equal to it. Popping from an empty bucket 0 empties the first
//! non-empty bucket, whose minimum becomes the new reference, into lower buckets.

use crate::error::{Error, ErrorKind, Result};

/// Pending items `(key, value)`, popped in increasing key order.
#[derive(Debug)]
pub struct RadixHeap<V> {
    buckets: [Vec<(u64, V)>; 65],
    /// Bit `i` set when bucket `i` is not empty.
    nonempty: u128,
    last: u64,
    len: usize,
    /// The sum of the buckets' capacities, kept within `max_items`.
    capacity: usize,
    max_items: usize,
}

impl<V: Copy> RadixHeap<V> {
    /// An empty heap whose buckets together may hold at most `max_items` items.
    pub fn new(max_items: usize) -> Self {
        RadixHeap {
            buckets: std::array::from_fn(|_| Vec::new()),
            nonempty: 0,
            last: 0,
            len: 0,
            capacity: 0,
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
        if !self.reserve(b, 1)? {
            return Ok(false);
        }
        self.buckets[b].push((key, value));
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

    /// The smallest key's item, if any; `OutOfMemory` when moving items between buckets needs
    /// memory the allocator refuses.
    ///
    /// Moving may take the buckets' capacity past `max_items`, by at most twice the items moved;
    /// pushes are refused until it is back within.
    pub fn pop(&mut self) -> Result<Option<(u64, V)>> {
        if !self.settle()? {
            return Ok(None);
        }
        let item = self.buckets[0].pop();
        if self.buckets[0].is_empty() {
            self.nonempty &= !1;
        }
        self.len -= usize::from(item.is_some());
        Ok(item)
    }

    /// Fills bucket 0 with the smallest keys, which become the reference; whether any is pending.
    fn settle(&mut self) -> Result<bool> {
        if self.nonempty & 1 != 0 {
            return Ok(true);
        }
        if self.nonempty == 0 {
            return Ok(false);
        }
        let i = self.nonempty.trailing_zeros() as usize;
        let min = self.buckets[i].iter().map(|&(k, _)| k).min().unwrap_or(0);
        self.last = min;
        // Every key of bucket `i` now differs from `min` below bit `i - 1`: it moves down.
        let mut moving = std::mem::take(&mut self.buckets[i]);
        for &(k, v) in &moving {
            let b = self.bucket(k);
            let bucket = &mut self.buckets[b];
            if bucket.len() == bucket.capacity() {
                let more = bucket.len().max(4);
                bucket.try_reserve_exact(more).map_err(|_| {
                    Error::new(
                        ErrorKind::OutOfMemory,
                        format!("could not allocate {} pending items", self.len + more),
                    )
                })?;
                self.capacity += more;
            }
            bucket.push((k, v));
            self.nonempty |= 1 << b;
        }
        self.nonempty &= !(1 << i);
        // Keep the emptied vector's memory for the bucket it came from, unless that would take
        // the buckets past half their budget: then give it back, so that capacity stays within
        // about twice the items pending.
        moving.clear();
        if self.capacity > self.max_items / 2 {
            self.capacity -= moving.capacity();
        } else {
            self.buckets[i] = moving;
        }
        Ok(true)
    }

    /// Makes room for `extra` more items in bucket `b`.
    fn reserve(&mut self, b: usize, extra: usize) -> Result<bool> {
        let bucket = &mut self.buckets[b];
        if bucket.len() + extra <= bucket.capacity() {
            return Ok(true);
        }
        if self.capacity + extra > self.max_items {
            return Ok(false);
        }
        // Double, or take what the budget has left.
        let more = bucket
            .len()
            .max(4)
            .max(extra)
            .min(self.max_items - self.capacity);
        bucket.try_reserve_exact(more).map_err(|_| {
            Error::new(
                ErrorKind::OutOfMemory,
                format!("could not allocate {} pending items", self.len + more),
            )
        })?;
        self.capacity += more;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_key_order_with_monotone_pushes() {
        let mut seed = 7u64;
        let mut rnd = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        for round in 0..200 {
            let mut heap = RadixHeap::new(usize::MAX);
            let mut model = std::collections::BinaryHeap::new();
            let mut last = 0u64;
            for step in 0..500 {
                if rnd(3) > 0 || heap.is_empty() {
                    let spread = [1, 64, 1 << 20, u64::MAX / 4][round % 4];
                    let key = last + rnd(spread);
                    assert!(heap.push(key, step).unwrap());
                    model.push(std::cmp::Reverse(key));
                } else {
                    let (key, _) = heap.pop().unwrap().unwrap();
                    assert_eq!(std::cmp::Reverse(key), model.pop().unwrap());
                    last = key;
                    // A key said to be below all must be below the model's smallest.
                    let probe = key + rnd(64);
                    if heap.is_below_all(probe) {
                        assert!(model.peek().is_none_or(|r| probe < r.0), "{probe}");
                    }
                }
                assert_eq!(heap.len(), model.len());
            }
            while let Some((key, _)) = heap.pop().unwrap() {
                assert_eq!(std::cmp::Reverse(key), model.pop().unwrap());
            }
            assert!(model.is_empty());
        }
    }

    #[test]
    fn refuses_past_its_budget() {
        let mut heap = RadixHeap::new(8);
        let mut pushed = 0;
        while heap.push(1000 + pushed, ()).unwrap() {
            pushed += 1;
        }
        assert!((4..=8).contains(&pushed), "{pushed}");
        assert_eq!(heap.pop().unwrap().map(|(k, _)| k), Some(1000));
    }
}
