//! The sweep for boards whose jumps are all short: squares are taken in order, each at the fewest
//! rolls found so far, from the `faces` squares before it and the jumps landing on it.
//!
//! A plain square is one more than the least of the `faces` squares before it, so a stretch of
//! plain squares is a staircase fixed by the window before it: it is written from a table, a
//! block at a time, and the work is per jump. A ladder sends its destination a pending arrival. A
//! snake may improve a square already swept (when a ladder had passed it by); the sweep then goes
//! over that stretch again until the improvement dies out, sending its jumps again. Only the last
//! `ring` squares are kept, so a board with a jump longer than a quarter of that is left to the
//! other methods, and so is a chain of improvements that reaches back past the ring.

use super::jump_list::JumpList;
use crate::error::{try_filled, Error, Result};

/// Rolls at or above this are unreachable. Squares number below 2^31, and an unreachable value
/// grows by at most one a square, so it stays below 2^32.
const UNREACHED: u32 = 1 << 31;

/// The largest die the sweep takes: its windows are unrolled, and a block of open country is
/// `8 * faces` squares.
pub(super) const MAX_FACES: usize = 8;

/// Squares of history the sweep keeps: 16 KiB of rolls, 16 KiB of pending arrivals and room for
/// 2048 improvements (16 KiB).
pub(super) const RING_BITS: u32 = 12;

/// The furthest a jump may lead for the sweep, with a ring of `2^ring_bits` squares.
pub(super) fn max_span(ring_bits: u32) -> usize {
    (1 << ring_bits) / 4
}

/// What a sweep found.
pub(super) enum Swept {
    /// The fewest rolls, `None` when the last square cannot be reached.
    Done(Option<u64>),
    /// An improvement reached back past the ring.
    TooFarBack,
}

/// The sweep of a board of `last` squares with the jumps of `list`, none longer than
/// `max_span(ring_bits)`, from `start` with a die of `faces <= MAX_FACES` faces.
pub(super) fn sweep(
    list: &JumpList,
    last: usize,
    start: usize,
    faces: usize,
    ring_bits: u32,
) -> Result<Swept> {
    debug_assert!(start < last && (1..=MAX_FACES).contains(&faces));
    match faces {
        1 => Sweep::<1>::run(list, last, start, ring_bits),
        2 => Sweep::<2>::run(list, last, start, ring_bits),
        3 => Sweep::<3>::run(list, last, start, ring_bits),
        4 => Sweep::<4>::run(list, last, start, ring_bits),
        5 => Sweep::<5>::run(list, last, start, ring_bits),
        6 => Sweep::<6>::run(list, last, start, ring_bits),
        7 => Sweep::<7>::run(list, last, start, ring_bits),
        _ => Sweep::<8>::run(list, last, start, ring_bits),
    }
}

struct Sweep<'a, const F: usize> {
    list: &'a JumpList,
    mask: usize,
    /// The fewest rolls found for square `q`, at `q & mask`, for the last `mask + 1 - 8 * F`
    /// squares: a short plain stretch is written as a whole block of `8 * F` squares, over the
    /// oldest ones, and into an apron of as many past the ring's end.
    rolls: Vec<u32>,
    /// The best pending arrival at square `q`, at `q & mask`, and a bit for each.
    arrivals: Vec<u32>,
    arriving: Vec<u64>,
    pending: usize,
    /// The next square to sweep: squares below it have their rolls.
    next: usize,
    /// For each `r < F`, a stretch of plain squares whose window's last least is at `r`: its
    /// squares' rolls above one more than that least, `8 * F` of them.
    stairs: Vec<u32>,
    /// Squares to improve, `(square, rolls)`, while going over a stretch again.
    work: Vec<(u32, u32)>,
}

/// The least rolls among the `F` squares before a square, and the last place it is found there
/// (0 to `F - 1`, oldest first).
#[derive(Clone, Copy)]
struct Window<const F: usize> {
    least: u32,
    at: usize,
}

impl<const F: usize> Window<F> {
    /// The rolls of square `k` of the plain stretch after this window (0 first). Square `k` takes
    /// one more than the least of the `F` before it: `least + 1` up to `at`, then `F` squares
    /// `least + 2`, and so on.
    #[inline(always)]
    fn stair(self, k: usize) -> u32 {
        self.least + 1 + ((k + F - 1 - self.at) / F) as u32
    }
}

impl<'a, const F: usize> Sweep<'a, F> {
    fn run(list: &'a JumpList, last: usize, start: usize, ring_bits: u32) -> Result<Swept> {
        let ring = 1usize << ring_bits;
        let mut work = Vec::new();
        work.try_reserve_exact(ring / 2)
            .map_err(|_| Error::alloc::<(u32, u32)>(ring / 2, None))?;
        let mut s = Sweep::<F> {
            list,
            mask: ring - 1,
            rolls: try_filled(ring + 8 * F, UNREACHED)?,
            arrivals: try_filled(ring, UNREACHED)?,
            arriving: try_filled(ring.div_ceil(64), 0u64)?,
            pending: 0,
            next: start,
            stairs: (0..F)
                .flat_map(|r| (0..8 * F).map(move |k| ((k + F - 1 - r) / F) as u32))
                .collect(),
            work,
        };
        // Squares below the start are reached only by snakes, which the improvements handle.
        s.arrive(start, 0);
        let mut j = list.after(start - 1);
        loop {
            let (source, dest) = list.get(j);
            let jump_next = source < last;
            let e = s.next_arrival(if jump_next { source } else { last });
            let least = s.plain(e);
            let mut rolls = UNREACHED;
            if jump_next && e == source {
                j += 1;
                if least < UNREACHED && !s.send(dest, least + 1) {
                    return Ok(Swept::TooFarBack);
                }
            } else {
                rolls = least + 1;
            }
            rolls = rolls.min(s.take_arrival(e));
            let m = s.mask;
            s.rolls[e & m] = rolls;
            s.next = e + 1;
            if e == last {
                return Ok(Swept::Done((rolls < UNREACHED).then_some(rolls as u64)));
            }
        }
    }

    /// Whether square `t < next` can be improved: the ring holds it and the `F` squares before.
    fn held(&self, t: usize) -> bool {
        self.next - t + 10 * F <= self.mask
    }

    /// The window of the `F` squares before `q`, read from the ring.
    #[inline]
    fn window(&self, q: usize) -> Window<F> {
        let mut w = Window {
            least: UNREACHED,
            at: 0,
        };
        for k in 0..F {
            let v = self.rolls[(q + k).wrapping_sub(F) & self.mask];
            if v <= w.least {
                w = Window { least: v, at: k };
            }
        }
        w
    }

    /// The plain squares from `next` up to `end`; returns the least of the `F` squares before
    /// `end`. See [`Window::stair`].
    fn plain(&mut self, end: usize) -> u32 {
        let w = self.window(self.next);
        let (q, m, block) = (self.next, self.mask, 8 * F);
        self.next = end;
        let len = end - q;
        let steps = &self.stairs[w.at * block..(w.at + 1) * block];
        let i = q & m;
        if len <= block && i + len <= m + 1 {
            // One whole block, past `end` too (the apron takes what passes the ring's end).
            add_into(&mut self.rolls[i..i + block], steps, w.least + 1);
        } else {
            // Only the last ring of squares is kept.
            let mut k = len.saturating_sub(m + 1);
            while k < len {
                let i = (q + k) & m;
                let n = (len - k).min(m + 1 - i);
                let rise = w.least + 1 + (8 * (k / block)) as u32;
                stairs(&mut self.rolls[i..i + n], steps, rise, k % block);
                k += n;
            }
        }
        // The stretch rises, so its oldest square in the window is the least, unless the
        // window's own least is still in it.
        if w.at >= len {
            w.least
        } else {
            w.stair(len - F.min(len))
        }
    }

    /// The first square in `next..=limit` with a pending arrival, else `limit`.
    fn next_arrival(&self, limit: usize) -> usize {
        if self.pending == 0 {
            return limit;
        }
        let m = self.mask;
        let mut x = self.next;
        while x < limit {
            let word = self.arriving[(x & m) >> 6] >> (x & 63);
            if word != 0 {
                return (x + word.trailing_zeros() as usize).min(limit);
            }
            x = (x | 63) + 1;
        }
        limit
    }

    fn arrive(&mut self, q: usize, rolls: u32) {
        let i = q & self.mask;
        let bit = 1u64 << (i & 63);
        if self.arriving[i >> 6] & bit == 0 {
            self.arriving[i >> 6] |= bit;
            self.pending += 1;
        }
        self.arrivals[i] = self.arrivals[i].min(rolls);
    }

    /// The arrival pending at `q`, taken, or `UNREACHED`.
    fn take_arrival(&mut self, q: usize) -> u32 {
        let i = q & self.mask;
        let bit = 1u64 << (i & 63);
        if self.arriving[i >> 6] & bit == 0 {
            return UNREACHED;
        }
        self.arriving[i >> 6] &= !bit;
        self.pending -= 1;
        std::mem::replace(&mut self.arrivals[i], UNREACHED)
    }

    /// A jump lands on `dest` after `rolls`: pending when `dest` is not swept yet, else an
    /// improvement if it is one. False when it reached back past the ring.
    #[inline(always)]
    fn send(&mut self, dest: usize, rolls: u32) -> bool {
        if dest >= self.next {
            self.arrive(dest, rolls);
            return true;
        }
        if !self.held(dest) {
            return false;
        }
        // Most snakes land where a shorter way is known already.
        if rolls >= self.rolls[dest & self.mask] {
            return true;
        }
        self.work.push((dest as u32, rolls));
        self.improve()
    }

    /// Takes the improvements in `work`, going over each stretch again until nothing changes in
    /// `F` squares in a row. False when one reached back past the ring.
    #[inline(never)]
    fn improve(&mut self) -> bool {
        let (m, next) = (self.mask, self.next);
        while let Some((t, rolls)) = self.work.pop() {
            let t = t as usize;
            if !self.held(t) {
                return false;
            }
            if rolls >= self.rolls[t & m] {
                continue;
            }
            self.rolls[t & m] = rolls;
            let mut improved = t;
            let mut q = t + 1;
            let mut j = self.list.after(t);
            while q < next && q <= improved + F {
                let (source, dest) = self.list.get(j);
                let least = self.window(q).least;
                if source == q {
                    j += 1;
                    if least < UNREACHED {
                        if dest >= next {
                            self.arrive(dest, least + 1);
                        } else if !self.held(dest) || self.work.len() == self.work.capacity() {
                            return false;
                        } else if least + 1 < self.rolls[dest & m] {
                            self.work.push((dest as u32, least + 1));
                        }
                    }
                } else if least + 1 < self.rolls[q & m] {
                    self.rolls[q & m] = least + 1;
                    improved = q;
                }
                q += 1;
            }
        }
        true
    }
}

/// `out[j]` takes `steps[(phase + j) % steps.len()]` plus `rise`, and 8 more for each block of
/// `steps.len()` passed. Out of line, where the compiler vectorises it.
#[inline(never)]
fn stairs(out: &mut [u32], steps: &[u32], mut rise: u32, phase: usize) {
    let (head, rest) = out.split_at_mut((steps.len() - phase).min(out.len()));
    for (o, &s) in head.iter_mut().zip(&steps[phase..]) {
        *o = s + rise;
    }
    for block in rest.chunks_mut(steps.len()) {
        rise += 8;
        for (o, &s) in block.iter_mut().zip(steps) {
            *o = s + rise;
        }
    }
}

/// `out[j] = steps[j] + rise`. Out of line, where the compiler knows the two apart and
/// vectorises it; inlined, it wrote one square at a time.
#[inline(never)]
fn add_into(out: &mut [u32], steps: &[u32], rise: u32) {
    for (o, &s) in out.iter_mut().zip(steps) {
        *o = s + rise;
    }
}
