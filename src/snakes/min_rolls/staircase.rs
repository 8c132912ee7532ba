//! The staircase for boards whose jumps are all short: squares are taken in order, each at the fewest
//! rolls found so far, from the `faces` squares before it and the jumps landing on it.
//!
//! A plain square is one more than the least of the `faces` squares before it, so a stretch of
//! plain squares is a staircase fixed by the window before it, and the work is per jump: each
//! stretch keeps that window in a span, and only its last squares are written, enough for the
//! windows of the squares after it. A ladder sends its destination a pending arrival. A snake may
//! improve a square already climbed (when a ladder had passed it by); the staircase then writes that
//! stretch out and goes over it again until the improvement dies out, sending its jumps again.
//! Only the last `ring` squares are kept, so a board with a jump longer than a quarter of that is
//! left to the other methods, and so is a chain of improvements that reaches back past the ring.

use super::jump_list::JumpList;
use crate::error::{try_filled, Error, Result};

/// Rolls at or above this are unreachable. Squares number below 2^31, and an unreachable value
/// grows by at most one a square, so it stays below 2^32.
const UNREACHED: u32 = 1 << 31;

/// The largest die the staircase takes: its windows are unrolled, and the tail of a stretch written
/// out is this long.
pub(super) const MAX_FACES: usize = 8;

/// Squares of history the staircase keeps: 16 KiB of rolls, 16 KiB of pending arrivals, 64 KiB of
/// spans and room for 2048 improvements (16 KiB).
pub(super) const RING_BITS: u32 = 12;

/// The furthest a jump may lead for the staircase, with a ring of `2^ring_bits` squares.
pub(super) fn max_span(ring_bits: u32) -> usize {
    (1 << ring_bits) / 4
}

/// What a staircase found.
pub(super) enum Climb {
    /// The fewest rolls, `None` when the last square cannot be reached.
    Done(Option<u64>),
    /// An improvement reached back past the ring.
    TooFarBack,
}

/// The staircase of a board of `last` squares with the jumps of `list`, none longer than
/// `max_span(ring_bits)`, from `start` with a die of `faces <= MAX_FACES` faces.
pub(super) fn staircase(
    list: &JumpList,
    last: usize,
    start: usize,
    faces: usize,
    ring_bits: u32,
) -> Result<Climb> {
    debug_assert!(start < last && (1..=MAX_FACES).contains(&faces));
    match faces {
        1 => Staircase::<1>::run(list, last, start, ring_bits),
        2 => Staircase::<2>::run(list, last, start, ring_bits),
        3 => Staircase::<3>::run(list, last, start, ring_bits),
        4 => Staircase::<4>::run(list, last, start, ring_bits),
        5 => Staircase::<5>::run(list, last, start, ring_bits),
        6 => Staircase::<6>::run(list, last, start, ring_bits),
        7 => Staircase::<7>::run(list, last, start, ring_bits),
        _ => Staircase::<8>::run(list, last, start, ring_bits),
    }
}

struct Staircase<'a, const F: usize> {
    list: &'a JumpList,
    mask: usize,
    /// The fewest rolls found for square `q`, at `q & mask`, where its span says the ring holds
    /// it; and an apron of `TAIL` squares past the ring's end, which a tail written whole may
    /// pass into.
    rolls: Vec<u32>,
    /// One span per event, the newest at `(count - 1) & mask`: a stretch of plain squares and
    /// the event's square after it.
    spans: Vec<Span>,
    count: usize,
    /// The best pending arrival at square `q`, at `q & mask`, and a bit for each; all lie
    /// within a ring past `next`.
    arrivals: Vec<u32>,
    arriving: Vec<u64>,
    pending: usize,
    /// The first square with a pending arrival, `usize::MAX` without: kept as arrivals come and
    /// go, so that finding the next event is a minimum, not a search.
    first_arrival: usize,
    /// The next square to staircase: squares below it have their rolls.
    next: usize,
    /// `steps[i] = i / F`: the rise of a staircase `i` squares into it.
    steps: [u32; 2 * TAIL],
    /// Squares to improve, `(square, rolls)`, while going over a stretch again.
    work: Vec<(u32, u32)>,
}

/// Squares written at the end of each stretch of plain squares: at least the window of any die,
/// so the window before every square climbed is in the ring.
const TAIL: usize = MAX_FACES;

/// The squares from `start` to the next span's start, a staircase fixed by the window before
/// `start`. The ring holds the squares from `from` on (at least the last `TAIL` and the event);
/// the ones before follow from the window, so a long stretch is never written.
#[derive(Clone, Copy)]
struct Span {
    start: u32,
    least: u32,
    at: u32,
    from: u32,
}

impl Span {
    /// The window before the span's start.
    fn window<const F: usize>(self) -> Window<F> {
        Window {
            least: self.least,
            at: self.at as usize,
        }
    }
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

    /// The window after `len >= F - 1` plain squares that follow this one and an event square
    /// of `event` rolls: its staircase's last `F - 1` squares and the event.
    #[inline(always)]
    fn after(self, len: usize, event: u32) -> Window<F> {
        if F == 1 {
            return Window {
                least: event,
                at: 0,
            };
        }
        // The staircase rises by one every `F` squares: its first square in the window is the
        // least, found up to the next rise.
        // Square `len + 1 - F` of the staircase: `(len + 1 - F) + (F - 1 - at)`.
        let a = len - self.at;
        let least = self.least + 1 + (a / F) as u32;
        if event <= least {
            Window {
                least: event,
                at: F - 1,
            }
        } else {
            Window {
                least,
                at: (F - 1 - a % F).min(F - 2),
            }
        }
    }
}

impl<'a, const F: usize> Staircase<'a, F> {
    fn run(list: &'a JumpList, last: usize, start: usize, ring_bits: u32) -> Result<Climb> {
        Ok(Staircase::<F>::new(list, start, ring_bits)?.go(last))
    }

    fn new(list: &'a JumpList, start: usize, ring_bits: u32) -> Result<Self> {
        let ring = 1usize << ring_bits;
        let mut work = Vec::new();
        work.try_reserve_exact(ring / 2)
            .map_err(|_| Error::alloc::<(u32, u32)>(ring / 2, None))?;
        let below = Span {
            start: 0,
            least: UNREACHED,
            at: 0,
            from: 0,
        };
        let mut s = Staircase::<F> {
            list,
            mask: ring - 1,
            rolls: try_filled(ring + TAIL, UNREACHED)?,
            spans: try_filled(ring, below)?,
            count: 1,
            arrivals: try_filled(ring, UNREACHED)?,
            arriving: try_filled(ring.div_ceil(64), 0u64)?,
            pending: 0,
            first_arrival: usize::MAX,
            next: start,
            steps: std::array::from_fn(|i| (i / F) as u32),
            work,
        };
        // Squares below the start are reached only by snakes, which the improvements handle.
        s.arrive(start, 0);
        Ok(s)
    }

    /// Climbs from `next` to `last`.
    fn go(&mut self, last: usize) -> Climb {
        let s = self;
        // State in locals rather than the struct, which the ring's stores might alias: the next
        // event's distance from `next` does not wait on a store and a load (0.35 ms of 12.2 on
        // 2% within 50 for `drop`).
        let mut next = s.next;
        // The last square whose rolls fell below the least of the window before it (an arrival,
        // or the start). Improvements never do: they come from a window's least.
        let mut drop = next;
        let mut j = s.list.after(next - 1);
        let mut w = s.window(next);
        loop {
            let (source, dest) = s.list.get(j);
            let jump_next = source < last;
            let e = s.first_arrival.min(if jump_next { source } else { last });
            let len = e - next;
            let least = s.plain(w, next, e);
            let mut rolls = UNREACHED;
            if jump_next && e == source {
                j += 1;
                if least < UNREACHED && !s.send(dest, least + 1, j, drop) {
                    return Climb::TooFarBack;
                }
            } else {
                rolls = least + 1;
            }
            rolls = rolls.min(s.take_arrival(e));
            // An arrival below the window before it: squares before it may now be more than one
            // above the squares after.
            drop = if rolls < least { e } else { drop };
            let m = s.mask;
            s.rolls[e & m] = rolls;
            next = e + 1;
            s.next = next;
            if e == last {
                return Climb::Done((rolls < UNREACHED).then_some(rolls as u64));
            }
            // Reading the window back from the ring would wait on the stores just made. The
            // improvements a snake from `e` makes are all above the least before `e`, so they
            // leave the squares of a whole staircase before `e` as they were.
            w = if len + 1 >= F {
                w.after(len, rolls)
            } else {
                s.window(next)
            };
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

    /// The plain squares from `q`, which is `next`, up to `end` after the window `w` before `q`,
    /// with a span for them and the event at `end`; returns the least of the `F` squares before
    /// `end`. See [`Window::stair`].
    #[inline(always)]
    fn plain(&mut self, w: Window<F>, q: usize, end: usize) -> u32 {
        let m = self.mask;
        self.next = end;
        let len = end - q;
        // Only the tail is written: its rolls are `rise + steps[r..]`.
        let skip = len.saturating_sub(TAIL);
        let from = q + skip;
        let a = skip + F - 1 - w.at;
        let (rise, r) = (w.least + 1 + (a / F) as u32, a % F);
        let i = from & m;
        if i + (end - from) <= m + 1 {
            // As fixed-size arrays, indexed: the compiler then writes them with vector adds (a
            // zip of the two wrote one square at a time, 7% slower on 2% within 50).
            let out: &mut [u32; TAIL] = (&mut self.rolls[i..i + TAIL]).try_into().unwrap();
            let steps: &[u32; TAIL] = self.steps[r..r + TAIL].try_into().unwrap();
            for k in 0..TAIL {
                out[k] = rise + steps[k];
            }
        } else {
            for k in 0..end - from {
                self.rolls[(from + k) & m] = rise + self.steps[r + k];
            }
        }
        self.spans[self.count & m] = Span {
            start: q as u32,
            least: w.least,
            at: w.at as u32,
            from: from as u32,
        };
        self.count += 1;
        // The stretch rises, so its oldest square in the window is the least, unless the
        // window's own least is still in it.
        if w.at >= len {
            w.least
        } else {
            w.stair(len - F.min(len))
        }
    }

    /// The span holding square `t < next`, by its index; `t` is held.
    fn span_of(&self, t: usize) -> usize {
        let mut c = self.count - 1;
        while self.spans[c & self.mask].start as usize > t && c > 0 {
            c -= 1;
        }
        c
    }

    /// The fewest rolls found for square `t < next`, which is held.
    fn rolls_at(&self, t: usize) -> u32 {
        let span = self.spans[self.span_of(t) & self.mask];
        if t >= span.from as usize {
            self.rolls[t & self.mask]
        } else {
            span.window::<F>().stair(t - span.start as usize)
        }
    }

    /// Writes the squares from `lo` to `next` into the ring, so they can be improved.
    fn write_back_to(&mut self, lo: usize) {
        let m = self.mask;
        let mut c = self.count - 1;
        loop {
            let span = &mut self.spans[c & m];
            let (start, from) = (span.start as usize, span.from as usize);
            let begin = lo.max(start);
            if begin < from {
                span.from = begin as u32;
                let w = span.window::<F>();
                for t in begin..from {
                    self.rolls[t & m] = w.stair(t - start);
                }
            }
            if start <= lo || c == 0 {
                return;
            }
            c -= 1;
        }
    }

    /// The first square from `x` on with a pending arrival; there is one.
    fn next_arrival(&self, mut x: usize) -> usize {
        let m = self.mask;
        loop {
            let word = self.arriving[(x & m) >> 6] >> (x & 63);
            if word != 0 {
                return x + word.trailing_zeros() as usize;
            }
            x = (x | 63) + 1;
        }
    }

    fn arrive(&mut self, q: usize, rolls: u32) {
        let i = q & self.mask;
        let bit = 1u64 << (i & 63);
        if self.arriving[i >> 6] & bit == 0 {
            self.arriving[i >> 6] |= bit;
            self.pending += 1;
        }
        self.arrivals[i] = self.arrivals[i].min(rolls);
        self.first_arrival = self.first_arrival.min(q);
    }

    /// The arrival pending at `q`, the first square not climbed yet, taken; or `UNREACHED`.
    fn take_arrival(&mut self, q: usize) -> u32 {
        // Every pending arrival lies at or past `q`, so one is pending there only if it is the
        // first.
        if q != self.first_arrival {
            return UNREACHED;
        }
        let i = q & self.mask;
        self.arriving[i >> 6] &= !(1u64 << (i & 63));
        self.pending -= 1;
        self.first_arrival = if self.pending == 0 {
            usize::MAX
        } else {
            self.next_arrival(q + 1)
        };
        std::mem::replace(&mut self.arrivals[i], UNREACHED)
    }

    /// A jump lands on `dest` after `rolls`: pending when `dest` is not climbed yet, else an
    /// improvement if it is one. `j` is the first jump not climbed yet, `drop` the last square
    /// whose rolls fell below the window before it. False when it reached back past the ring.
    #[inline(always)]
    fn send(&mut self, dest: usize, rolls: u32, j: usize, drop: usize) -> bool {
        if dest >= self.next {
            self.arrive(dest, rolls);
            return true;
        }
        // Since the last drop the least of a window only rises, and no square is more than one
        // above the window of any event after it: nothing from there on is above `rolls`. A
        // snake onto a jump's square would lower that square's rolls, but not those of the `F`
        // climbed squares after it, so it is passed over too.
        if dest >= drop && dest + F < self.next {
            return true;
        }
        if !self.held(dest) || self.work.len() == self.work.capacity() {
            return false;
        }
        // Most snakes land where a shorter way is known already.
        if rolls >= self.rolls_at(dest) {
            return true;
        }
        #[allow(clippy::disallowed_methods)] // capacity checked above
        self.work.push((dest as u32, rolls));
        self.improve(j)
    }

    /// Takes the improvements in `work`, going over each stretch again until nothing changes in
    /// `F` squares in a row; `first` is the first jump not climbed yet. False when one reached back
    /// past the ring.
    #[inline(never)]
    fn improve(&mut self, first: usize) -> bool {
        let (m, next) = (self.mask, self.next);
        while let Some((t, rolls)) = self.work.pop() {
            let t = t as usize;
            if !self.held(t) {
                return false;
            }
            self.write_back_to((t + 1).saturating_sub(F));
            if rolls >= self.rolls[t & m] {
                continue;
            }
            self.rolls[t & m] = rolls;
            let mut improved = t;
            let mut q = t + 1;
            // Found from where the staircase is: the squares gone over again are near it.
            let mut j = self.list.after_back_from(t, first);
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
                        } else if least + 1 < self.rolls_at(dest) {
                            #[allow(clippy::disallowed_methods)] // capacity checked above
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

#[cfg(test)]
mod tests {
    use super::super::tests::drawn_table;
    use super::super::{gather, Gathered};
    use super::*;
    use crate::snakes::jumps::Track;
    use crate::test_support::linear_reference::linear_distances;
    use proptest::prelude::*;

    /// After a staircase to the end, the rolls of every square the ring still holds, from the ring
    /// or from its span's staircase, against the plain BFS's distances.
    fn check_held<const F: usize>(table: &[i32], start: usize, ring_bits: u32) {
        let track = Track::new(table).unwrap();
        let Ok(Gathered::List(list)) = gather(&track, usize::MAX) else {
            panic!("no cap on the list");
        };
        let last = table.len();
        let mut staircase = Staircase::<F>::new(&list, start, ring_bits).unwrap();
        if !matches!(staircase.go(last), Climb::Done(_)) {
            return;
        }
        let want = linear_distances(table, start, F);
        for t in (1..staircase.next).filter(|&t| staircase.held(t)) {
            let got = staircase.rolls_at(t);
            let got = (got < UNREACHED).then_some(got as u64);
            if got != want[t] && table[t - 1] >= 0 {
                // A snake onto a jump's square may be passed over: standing there leads
                // nowhere faster than the squares after it are reached already.
                let rolls = want[t].expect("the staircase reached what the BFS did not");
                assert!(got.is_none_or(|got| got > rolls), "square {t} of {last}");
                for q in t + 1..(t + F + 1).min(staircase.next) {
                    let passed_over = table[q - 1] < 0 && want[q].is_some_and(|w| w > rolls + 1);
                    assert!(!passed_over, "square {q} after jump square {t} of {last}");
                }
                continue;
            }
            assert_eq!(got, want[t], "square {t} of {last}, {F} faces");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Long stretches and crowded ones, with a ring of 256 squares that wraps many times.
        #[test]
        #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
        fn held_squares_have_their_fewest_rolls(
            (table, start, faces) in (
                300usize..3000,
                prop_oneof![1u32..40, 40u32..300],
                1i64..60,
                1usize..=8,
            )
                .prop_flat_map(|(len, per_mille, reach, faces)| {
                    drawn_table(len, per_mille, reach, 2, faces)
                })
        ) {
            match faces {
                1 => check_held::<1>(&table, start, 8),
                2 => check_held::<2>(&table, start, 8),
                3 => check_held::<3>(&table, start, 8),
                4 => check_held::<4>(&table, start, 8),
                5 => check_held::<5>(&table, start, 8),
                6 => check_held::<6>(&table, start, 8),
                7 => check_held::<7>(&table, start, 8),
                _ => check_held::<8>(&table, start, 8),
            }
        }
    }
}
