//! The jumps of a board in square order, listed in the pass that reads it, and an index by block
//! of squares: what the waves look up as they cross the board.

use crate::error::{try_filled, Error, ErrorKind, Result};

/// The jumps of a board in square order, `(source, destination)`, then a sentinel whose source is
/// past the last square.
pub(super) struct JumpList {
    pub(super) jumps: Vec<(u32, u32)>,
    /// The longest jump, in squares (0 without jumps).
    longest: usize,
}

/// Squares per index block: the index costs 1/64 byte a square, a lookup scans one block.
pub(super) const BLOCK_BITS: u32 = 8;

impl JumpList {
    /// The squares holding a jump, marked in a bit set (bit `s - 1` for square `s`).
    pub(super) fn marks(&self, squares: usize) -> Result<Vec<u64>> {
        let mut marks = try_filled(squares.div_ceil(64), 0u64)?;
        for &(s, _) in &self.jumps[..self.jumps.len() - 1] {
            mark(&mut marks, s as usize);
        }
        Ok(marks)
    }

    /// The longest jump, in squares (0 without jumps).
    pub(super) fn longest(&self) -> usize {
        self.longest
    }

    /// Heap bytes held.
    pub(super) fn bytes(&self) -> usize {
        8 * self.jumps.capacity()
    }

    /// `(source, destination)` of jump `i`.
    #[inline]
    pub(super) fn get(&self, i: usize) -> (usize, usize) {
        let (s, d) = self.jumps[i];
        (s as usize, d as usize)
    }

    /// The index of the first jump whose source is above square `s` (at most `N`), by a binary
    /// search.
    pub(super) fn after(&self, s: usize) -> usize {
        self.jumps.partition_point(|&(t, _)| t as usize <= s)
    }

    /// [`JumpList::after`], walking back from `i`, an index at or past the answer: quick when
    /// few jumps lie between.
    #[inline]
    pub(super) fn after_back_from(&self, s: usize, mut i: usize) -> usize {
        while i > 0 && self.jumps[i - 1].0 as usize > s {
            i -= 1;
        }
        i
    }
}

/// A jump list with an index of where each block of `1 << BLOCK_BITS` squares starts in it, for
/// look-ups anywhere on the board. The staircase, which moves in order, does without.
pub(super) struct Indexed<'a> {
    list: &'a JumpList,
    blocks: Vec<u32>,
}

impl<'a> Indexed<'a> {
    /// The index of `list`, the jumps of a board of `last` squares.
    pub(super) fn new(list: &'a JumpList, last: usize) -> Result<Self> {
        let sources = list.jumps[..list.jumps.len() - 1]
            .iter()
            .map(|&(s, _)| s as usize);
        let blocks =
            block_starts(last, sources).map_err(|_| Error::alloc::<u32>(list.jumps.len(), None))?;
        Ok(Indexed { list, blocks })
    }

    /// `(source, destination)` of jump `i`.
    #[inline]
    pub(super) fn get(&self, i: usize) -> (usize, usize) {
        self.list.get(i)
    }

    /// Whether square `s` holds a jump, given `after = self.after(s)`.
    pub(super) fn holds_jump(&self, s: usize, after: usize) -> bool {
        after > 0 && self.get(after - 1).0 == s
    }

    /// The index of the first jump whose source is above square `s` (at most `N`).
    pub(super) fn after(&self, s: usize) -> usize {
        let jumps = &self.list.jumps;
        let mut i = self.blocks[(s + 1) >> BLOCK_BITS] as usize;
        while jumps[i].0 as usize <= s {
            i += 1;
        }
        i
    }
}

/// Gathers a board's jumps as a pass hands them in, in increasing or decreasing square order, up
/// to a cap.
pub(super) struct Collect {
    list: Vec<(u32, u32)>,
    cap: usize,
    over: bool,
    failed: bool,
}

impl Collect {
    pub(super) fn new(cap: usize) -> Self {
        Collect {
            list: Vec::new(),
            cap,
            over: false,
            failed: false,
        }
    }

    /// Takes the jump from `s` to `d` (none when `d == s`); false once past the cap or out of
    /// memory, after which the pass may stop handing jumps in.
    #[inline]
    pub(super) fn push(&mut self, s: usize, d: usize) -> bool {
        if d == s {
            return true;
        }
        if self.list.len() == self.list.capacity() && !self.grow() {
            return false;
        }
        // Squares fit in `u32`: a board has at most `i32::MAX` of them.
        #[allow(clippy::disallowed_methods)] // room made just above
        self.list.push((s as u32, d as u32));
        true
    }

    /// Room for more jumps; false (and `over` or `failed` set) when there is none. The list is
    /// full whenever one is set, so a push after it comes here rather than testing them itself.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) -> bool {
        if self.over || self.failed {
            return false;
        }
        if self.list.len() >= self.cap {
            self.over = true;
            return false;
        }
        // Growing by a quarter keeps the slack, which the memory budget counts, small.
        let more = (self.list.len() / 4)
            .max(1024)
            .min(self.cap - self.list.len());
        if self.list.try_reserve_exact(more).is_err() {
            self.failed = true;
            return false;
        }
        true
    }

    /// The list of a board of `last` squares; `None` when it went past the cap.
    pub(super) fn finish(mut self, last: usize) -> Result<Option<JumpList>> {
        let oom = |n: usize| Error::alloc::<(u32, u32)>(n, None);
        if self.failed || self.list.try_reserve_exact(1).is_err() {
            return Err(oom(self.list.len()));
        }
        if self.over {
            return Ok(None);
        }
        let mut list = self.list;
        let longest = longest_and_in_order(&mut list);
        // Room for the sentinel was reserved above.
        crate::error::try_push(&mut list, (last as u32 + 1, 0))?;
        Ok(Some(JumpList {
            jumps: list,
            longest,
        }))
    }
}

/// The longest of the jumps of `list`, handed in square order, increasing or decreasing, which
/// this puts in increasing order: in one pass over it, which may be larger than the cache. Squares
/// are below 2^31, so their differences fit in `i32`, where they are quicker to compare.
fn longest_and_in_order(list: &mut [(u32, u32)]) -> usize {
    let length = |&(s, d): &(u32, u32)| (s as i32).wrapping_sub(d as i32).wrapping_abs();
    let mut longest = 0;
    if list.first() > list.last() {
        let half = list.len() / 2;
        let (low, high) = list.split_at_mut(half);
        for (a, b) in low.iter_mut().zip(high.iter_mut().rev()) {
            longest = longest.max(length(a)).max(length(b));
            std::mem::swap(a, b);
        }
        // The middle one of an odd count.
        longest = high.first().map_or(longest, |m| longest.max(length(m)));
    } else {
        longest = list.iter().map(length).max().unwrap_or(0);
    }
    longest as usize
}

/// The entries of [`block_starts`] for a board of `last` squares.
fn block_count(last: usize) -> usize {
    (last >> BLOCK_BITS) + 2
}

/// The heap bytes of [`block_starts`] for a board of `last` squares.
pub(super) fn block_starts_bytes(last: usize) -> usize {
    4 * block_count(last)
}

/// Where each block of `1 << BLOCK_BITS` squares of `1..=last` starts in a list of `keys` (squares)
/// in block order: after the keys of the blocks below it, counted, then summed (no branch on the
/// keys). Blocks past the last key start at the list's end.
pub(super) fn block_starts(last: usize, keys: impl Iterator<Item = usize>) -> Result<Vec<u32>> {
    let mut blocks = try_filled(block_count(last), 0u32)?;
    for k in keys {
        blocks[(k >> BLOCK_BITS) + 1] += 1;
    }
    for b in 1..blocks.len() {
        blocks[b] += blocks[b - 1];
    }
    Ok(blocks)
}

/// The word and bit of square `s` in a bit set over the squares (bit `s - 1`).
#[inline(always)]
pub(super) fn square_bit(s: usize) -> (usize, u64) {
    ((s - 1) >> 6, 1 << ((s - 1) & 63))
}

/// The lowest square of `bits`, word `w` of a bit set over the squares.
#[inline(always)]
pub(super) fn lowest_square(w: usize, bits: u64) -> usize {
    (w << 6) + bits.trailing_zeros() as usize + 1
}

/// Sets the bit of square `s`.
#[inline]
fn mark(marks: &mut [u64], s: usize) {
    let (w, b) = square_bit(s);
    marks[w] |= b;
}

/// What one pass over a board gathered of its jumps.
pub(super) enum Gathered {
    /// All of them, when there were at most the cap.
    List(JumpList),
    /// More: the squares holding one, marked in a bit set (bit `s - 1` for square `s`).
    Marks(Vec<u64>),
}

/// Gathers a board's jumps as a pass hands them in: listed while there are at most `cap`, then
/// marked in a bit set, into which the list moves (and is freed).
pub(super) struct Gather {
    collect: Collect,
    marks: Vec<u64>,
    squares: usize,
    failed: bool,
}

impl Gather {
    pub(super) fn new(squares: usize, cap: usize) -> Self {
        Gather {
            collect: Collect::new(cap),
            marks: Vec::new(),
            squares,
            failed: false,
        }
    }

    /// Takes the jump from `s` to `d` (none when `d == s`); false when out of memory.
    #[inline]
    pub(super) fn push(&mut self, s: usize, d: usize) -> bool {
        if !self.marks.is_empty() {
            if d != s {
                mark(&mut self.marks, s);
            }
            return true;
        }
        self.collect.push(s, d) || self.list_stopped(s)
    }

    /// The list failed or went past its cap at the jump from `s`: out of memory, or marks.
    #[cold]
    #[inline(never)]
    fn list_stopped(&mut self, s: usize) -> bool {
        if self.collect.failed {
            self.failed = true;
            return false;
        }
        // Past the cap: from now on, marks.
        let Ok(mut marks) = try_filled(self.squares.div_ceil(64), 0u64) else {
            self.failed = true;
            return false;
        };
        for &(t, _) in &self.collect.list {
            mark(&mut marks, t as usize);
        }
        self.collect.list = Vec::new();
        mark(&mut marks, s);
        self.marks = marks;
        true
    }

    pub(super) fn finish(self) -> Result<Gathered> {
        if self.failed {
            return Err(Error::fixed(
                ErrorKind::OutOfMemory,
                "could not allocate the list or the marks of the board's jumps",
            ));
        }
        if !self.marks.is_empty() {
            return Ok(Gathered::Marks(self.marks));
        }
        let squares = self.squares;
        match self.collect.finish(squares)? {
            Some(list) => Ok(Gathered::List(list)),
            None => Err(Error::fixed(
                ErrorKind::OutOfMemory,
                "the jump list went past its cap without marks",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Lists of either order and parity, against a sort and a plain maximum.
        #[test]
        #[cfg_attr(miri, ignore = "proptest needs the file system; safe core code, run natively")]
        fn longest_and_in_order_is_a_sort_and_a_maximum(
            mut jumps in proptest::collection::vec((1u32..1 << 31, 1u32..1 << 31), 0..40),
            decreasing in any::<bool>(),
        ) {
            jumps.sort_unstable();
            jumps.dedup_by_key(|j| j.0);
            if decreasing {
                jumps.reverse();
            }
            let mut want = jumps.clone();
            want.sort_unstable();
            let longest = want.iter().map(|&(s, d)| s.abs_diff(d) as usize).max();
            let mut got = jumps;
            prop_assert_eq!(longest_and_in_order(&mut got), longest.unwrap_or(0));
            prop_assert_eq!(got, want);
        }
    }
}
