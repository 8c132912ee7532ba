//! The fewest rolls by levels on bit sets, 64 squares a word: the method for boards dense with
//! jumps, or whose jumps lead far away (too many waves would run at once).
//!
//! Four bit sets over squares `1..=N` (bit `s - 1`): the squares holding a jump (marked by the
//! pass that reads the board), the squares landed on, and the positions of this level and the
//! next. A level lands on the squares its positions reach, `dilate(positions) & !landed`, a word
//! at a time: for a die of fewer than 64 faces the word's landing squares come from the positions
//! in it and the word below by `log2(faces)` shifts; a larger die covers everything above a
//! word's lowest position and up to `faces` past the last position below it. Plain squares
//! landed on are the next level's positions at once; each jump square sends its destination. A
//! summary bit per group of words tells which groups hold positions, so a level costs the words
//! of its positions, not the span between its lowest and highest: on jump-anywhere boards the
//! early levels are a few waves scattered over the board. A busy level, with positions in a good
//! share of its words (the last fifth of the levels there), instead lands every word of its span
//! in one pass with no test per word. The bit sets take `N / 2` bytes, 1/8 of an `int32_t`
//! board; the summaries at most 8 KiB.

use super::board_source::Jumps;
use super::jump_list::{lowest_square, square_bit};
use crate::error::{try_filled, Result};

/// The fewest rolls from `start` (in `1..N`) to `N` with `faces >= 1`, or `None`, with the
/// summaries given.
/// `is_jump` marks the squares holding a jump (bit `s - 1`), as [`JumpList::marks`](super::jump_list::JumpList::marks) does.
pub(super) fn level_bits(
    jumps: &impl Jumps,
    is_jump: Vec<u64>,
    start: usize,
    faces: usize,
    summary: Summary,
) -> Result<Option<u64>> {
    let last = jumps.squares();
    debug_assert!((1..last).contains(&start) && faces >= 1);
    // More faces than squares reach no further.
    let faces = faces.min(last);
    let words = last.div_ceil(64);
    let (end_word, end_bit) = square_bit(last);
    let mut levels = Levels {
        is_jump,
        jump_squares: [0; PENDING],
        pending: 0,
        dests: [0; PENDING],
        landed: try_filled(words, 0u64)?,
        next: Positions::new(words, summary)?,
        last,
        end_word,
        end_bit,
    };
    let mut cur = Positions::new(words, summary)?;
    let (w, b) = square_bit(start);
    if levels.is_jump[w] & b == 0 {
        levels.landed[w] |= b;
    }
    cur.add(w, b);
    let mut level = 0u64;
    while cur.lo <= cur.hi {
        level += 1;
        let found = match faces {
            // LeetCode 909's die, with its shifts known at compile time.
            6 => levels.small_die(jumps, &mut cur, |b, c| reach_into(b, c, 6)),
            1..=63 => levels.small_die(jumps, &mut cur, |b, c| reach_into(b, c, faces)),
            _ => levels.large_die(jumps, &mut cur, faces),
        };
        if found || (levels.pending > 0 && levels.follow_rest(jumps)) {
            return Ok(Some(level));
        }
        cur.take_turn(&mut levels.next);
    }
    Ok(None)
}

/// How a level finds its words. Positions are summarised by a bit per `1 << shift` words,
/// which levels spanning at least `narrow` words follow; narrower levels walk their words.
/// [`Summary::NONE`] keeps none. A busy level (see [`Bulk`]) takes every word of its span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Summary {
    pub(super) shift: u32,
    pub(super) narrow: usize,
    pub(super) bulk: Bulk,
}

/// Which levels are busy: those spanning at least `span` words (less one) that had positions
/// added at least once per `ratio` words. There, whether a word holds positions is a coin toss,
/// and a walk that tests each word mispredicts about every other one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Bulk {
    pub(super) span: usize,
    pub(super) ratio: usize,
}

impl Bulk {
    /// From one word in 8 (measured: 2% anywhere took 36 ms with 8, 38 with 12 and 40 with 6).
    pub(super) const BUSY: Bulk = Bulk { span: 64, ratio: 8 };
    #[cfg(test)]
    pub(super) const NEVER: Bulk = Bulk {
        span: usize::MAX,
        ratio: 0,
    };
    #[cfg(test)]
    pub(super) const ALWAYS: Bulk = Bulk {
        span: 0,
        ratio: usize::MAX,
    };

    /// Whether a level spanning words `lo..=hi` with `adds` additions of positions is busy.
    fn takes(self, lo: usize, hi: usize, adds: usize) -> bool {
        hi - lo >= self.span && adds.saturating_mul(self.ratio) >= hi - lo
    }
}

impl Summary {
    /// None kept: no level spans `usize::MAX` words, so every level that is not busy walks its
    /// words.
    pub(super) const NONE: Summary = Summary {
        shift: 0,
        narrow: usize::MAX,
        bulk: Bulk::BUSY,
    };

    /// The fewest words per summary bit that keep each summary within 4 KiB.
    pub(super) fn for_words(words: usize) -> Summary {
        Summary {
            shift: words
                .div_ceil(MAX_GROUPS)
                .next_power_of_two()
                .trailing_zeros(),
            // A lone wave spans a word or two, which a walk finds at once (64 is not tuned).
            narrow: 64,
            bulk: Bulk::BUSY,
        }
    }

    /// The summary's `u64` words for a bit set of `words` words (0 when none is kept).
    fn words(&self, words: usize) -> usize {
        if self.narrow == usize::MAX {
            0
        } else {
            words.div_ceil(64 << self.shift)
        }
    }
}

/// Summary bits per level, at most: 4 KiB.
const MAX_GROUPS: usize = 1 << 15;

/// One level's positions: a bit set over the squares, the range of words `lo..=hi` that may hold
/// some (empty when `lo > hi`), and the summary's bit per group of words, set when the group may
/// hold some.
struct Positions {
    bits: Vec<u64>,
    groups: Vec<u64>,
    summary: Summary,
    lo: usize,
    hi: usize,
    /// How many times positions were added: about how many words hold some.
    adds: usize,
}

impl Positions {
    fn new(words: usize, summary: Summary) -> Result<Positions> {
        Ok(Positions {
            bits: try_filled(words, 0u64)?,
            groups: try_filled(summary.words(words), 0u64)?,
            summary,
            lo: usize::MAX,
            hi: 0,
            adds: 0,
        })
    }

    #[inline(always)]
    fn add(&mut self, w: usize, bits: u64) {
        self.bits[w] |= bits;
        self.mark_group(w >> self.summary.shift);
        self.lo = self.lo.min(w);
        self.hi = self.hi.max(w);
        self.adds += 1;
    }

    /// Adds square `s` as a position.
    #[inline(always)]
    fn add_square(&mut self, s: usize) {
        let (w, b) = square_bit(s);
        self.add(w, b);
    }

    /// Marks words `lo..=hi`, some of which had positions written to `bits`, as all holding
    /// some: counting the words that do costs a busy level more than the count saves.
    fn add_span(&mut self, lo: usize, hi: usize) {
        let shift = self.summary.shift;
        for g in lo >> shift..=hi >> shift {
            self.mark_group(g);
        }
        self.lo = self.lo.min(lo);
        self.hi = self.hi.max(hi);
        self.adds += hi + 1 - lo;
    }

    /// Sets group `g`'s summary bit (none is kept without a summary).
    #[inline(always)]
    fn mark_group(&mut self, g: usize) {
        if let Some(word) = self.groups.get_mut(g >> 6) {
            *word |= 1 << (g & 63);
        }
    }

    /// The span `lo..=hi` that may hold positions and how many additions filled it, left empty
    /// for the next use.
    #[inline(always)]
    fn take_span(&mut self) -> (usize, usize, usize) {
        let span = (self.lo, self.hi, self.adds);
        (self.lo, self.hi, self.adds) = (usize::MAX, 0, 0);
        span
    }

    /// Takes the positions `next` gathered, leaving it this level's, which are clear: the bit
    /// sets change places and the span moves over (the summaries' settings stay).
    #[inline(always)]
    fn take_turn(&mut self, next: &mut Positions) {
        std::mem::swap(&mut self.bits, &mut next.bits);
        std::mem::swap(&mut self.groups, &mut next.groups);
        (self.lo, self.hi, self.adds) = next.take_span();
    }

    /// Clears the summary words of words `lo..=hi`.
    #[inline(always)]
    fn clear_summary(&mut self, lo: usize, hi: usize) {
        if !self.groups.is_empty() {
            let shift = self.summary.shift;
            self.groups[lo >> shift >> 6..=hi >> shift >> 6].fill(0);
        }
    }
}

/// Words a busy level takes together: the jump squares among them are sent after.
const CHUNK: usize = 8;

/// Jump squares landed on whose destinations are read together.
const PENDING: usize = 64;

struct Levels {
    is_jump: Vec<u64>,
    /// Jump squares landed on this level whose destinations are not read yet: the first
    /// `pending` of `jump_squares`.
    jump_squares: [u32; PENDING],
    pending: usize,
    dests: [u32; PENDING],
    landed: Vec<u64>,
    /// The next level's positions.
    next: Positions,
    last: usize,
    /// The word and bit of square `N`.
    end_word: usize,
    end_bit: u64,
}

impl Levels {
    /// Lands on the squares `reach` of word `w` that were not landed on yet; true when one of
    /// them is `N` or leads there.
    #[inline(always)]
    fn land(&mut self, jumps: &impl Jumps, w: usize, reach: u64) -> bool {
        let mut new = reach & !self.landed[w];
        if w == self.end_word {
            // Squares past N do not exist.
            new &= self.end_bit | (self.end_bit - 1);
            if new & self.end_bit != 0 {
                return true;
            }
        }
        if new == 0 {
            return false;
        }
        self.landed[w] |= new;
        let via_jump = new & self.is_jump[w];
        let plain = new ^ via_jump;
        if plain != 0 {
            self.next.add(w, plain);
        }
        self.send(jumps, w, via_jump)
    }

    /// Queues the jump squares `via_jump` of word `w` for [`Levels::follow`]; true when a
    /// destination is `N`. The first two are queued with no branch: on dense boards a word
    /// lands on none, one or two of them, which no predictor guesses, and a slot written but
    /// not counted is overwritten by the next.
    #[inline(always)]
    fn send(&mut self, jumps: &impl Jumps, w: usize, mut via_jump: u64) -> bool {
        // The lowest square of `via_jump` (garbage when it is empty, then not counted).
        let lowest = |via_jump: u64| lowest_square(w, via_jump) as u32;
        if self.pending > PENDING - 2 && self.follow(jumps) {
            return true;
        }
        for _ in 0..2 {
            self.jump_squares[self.pending] = lowest(via_jump);
            self.pending += usize::from(via_jump != 0);
            via_jump &= via_jump.wrapping_sub(1);
        }
        while via_jump != 0 {
            let t = lowest(via_jump);
            via_jump &= via_jump - 1;
            if self.pending == PENDING && self.follow(jumps) {
                return true;
            }
            self.jump_squares[self.pending] = t;
            self.pending += 1;
        }
        false
    }

    /// Follows the jumps still pending at the end of a level: most levels of a board whose jumps
    /// are short leave one, which is followed in place of a call.
    #[inline(always)]
    fn follow_rest(&mut self, jumps: &impl Jumps) -> bool {
        if self.pending > 1 {
            return self.follow(jumps);
        }
        self.pending = 0;
        let d = jumps.dest(self.jump_squares[0] as usize);
        if d == self.last {
            return true;
        }
        self.next.add_square(d);
        false
    }

    /// Follows the pending jumps: their destinations are the next level's positions. The cells
    /// are read in a loop of their own, so that many of those scattered reads are in flight at
    /// once instead of one after another.
    #[inline(never)]
    fn follow(&mut self, jumps: &impl Jumps) -> bool {
        let n = std::mem::take(&mut self.pending);
        for (d, &t) in self.dests.iter_mut().zip(&self.jump_squares[..n]) {
            *d = jumps.dest(t as usize) as u32;
        }
        for &d in &self.dests[..n] {
            let d = d as usize;
            if d == self.last {
                return true;
            }
            self.next.add_square(d);
        }
        false
    }

    /// One level with fewer than 64 faces: a word's landing squares come from its own positions
    /// and those of the word below. Clears `cur`.
    #[inline(always)]
    fn small_die(
        &mut self,
        jumps: &impl Jumps,
        cur: &mut Positions,
        reach_into: impl Fn(u64, u64) -> u64,
    ) -> bool {
        let (lo, hi, adds) = cur.take_span();
        if lo > hi {
            return false;
        }
        if cur.summary.bulk.takes(lo, hi, adds) {
            cur.clear_summary(lo, hi);
            return self.small_die_bulk(jumps, &mut cur.bits, lo, hi, &reach_into);
        }
        if hi - lo < cur.summary.narrow {
            // A narrow level, such as one wave's, or no summary: the span at once.
            cur.clear_summary(lo, hi);
            return self
                .small_die_words(jumps, &mut cur.bits, lo..hi + 1, hi, 0, &reach_into)
                .0;
        }
        self.small_die_groups(jumps, cur, lo, hi, &reach_into)
    }

    /// [`Levels::small_die`] over every word of `lo..=hi` and the word after, for a busy level:
    /// no branch per word on whether it holds positions.
    #[inline(never)]
    fn small_die_bulk(
        &mut self,
        jumps: &impl Jumps,
        cur: &mut [u64],
        lo: usize,
        hi: usize,
        reach_into: &impl Fn(u64, u64) -> u64,
    ) -> bool {
        // Word `top` may be N's, which lands with its own test.
        let top = (hi + 1).min(self.end_word);
        let mut below = 0u64;
        let mut w = lo;
        while w < top {
            let end = (w + CHUNK).min(top);
            let mut via_jump = [0u64; CHUNK];
            let mut any_jump = 0u64;
            let mut plain = 0u64;
            for (((v, c), landed), (&is_jump, next)) in via_jump
                .iter_mut()
                .zip(&mut cur[w..end])
                .zip(&mut self.landed[w..end])
                .zip(self.is_jump[w..end].iter().zip(&mut self.next.bits[w..end]))
            {
                let here = std::mem::take(c);
                let new = reach_into(below, here) & !*landed;
                below = here;
                *landed |= new;
                *v = new & is_jump;
                let p = new ^ *v;
                *next |= p;
                any_jump |= *v;
                plain |= p;
            }
            if plain != 0 {
                self.next.add_span(w, end - 1);
            }
            if any_jump != 0 {
                for (k, &v) in via_jump[..end - w].iter().enumerate() {
                    if v != 0 && self.send(jumps, w + k, v) {
                        return true;
                    }
                }
            }
            w = end;
        }
        let here = if top <= hi {
            std::mem::take(&mut cur[top])
        } else {
            0
        };
        self.land(jumps, top, reach_into(below, here))
    }

    /// [`Levels::small_die`] over the summary's groups of words `lo..=hi`.
    #[inline(never)]
    fn small_die_groups(
        &mut self,
        jumps: &impl Jumps,
        cur: &mut Positions,
        lo: usize,
        hi: usize,
        reach_into: &impl Fn(u64, u64) -> u64,
    ) -> bool {
        // The positions of the last word of the group drained last, and the word after it.
        let (mut below, mut after) = (0u64, usize::MAX);
        let shift = cur.summary.shift;
        for gw in lo >> shift >> 6..=hi >> shift >> 6 {
            let mut groups = std::mem::take(&mut cur.groups[gw]);
            while groups != 0 {
                let g = (gw << 6) + groups.trailing_zeros() as usize;
                groups &= groups - 1;
                let words = (g << shift).max(lo)..((g + 1) << shift).min(hi + 1);
                let b = if words.start == after { below } else { 0 };
                after = words.end;
                let found;
                (found, below) =
                    self.small_die_words(jumps, &mut cur.bits, words, hi, b, reach_into);
                if found {
                    return true;
                }
            }
        }
        false
    }

    /// [`Levels::small_die`] over `words` of the positions `cur` (of a level reaching up to word
    /// `hi`), given the positions `below` of the word before them; clears those words. Returns
    /// whether `N` was found, and the positions of the last word.
    #[inline(always)]
    fn small_die_words(
        &mut self,
        jumps: &impl Jumps,
        cur: &mut [u64],
        words: std::ops::Range<usize>,
        hi: usize,
        mut below: u64,
        reach_into: &impl Fn(u64, u64) -> u64,
    ) -> (bool, u64) {
        for w in words {
            let c = cur[w];
            if c == 0 {
                below = 0;
                continue;
            }
            cur[w] = 0;
            if self.land(jumps, w, reach_into(below, c)) {
                return (true, 0);
            }
            // The word above, unless it has positions of its own (then it is next).
            if w < self.end_word
                && (w == hi || cur[w + 1] == 0)
                && self.land(jumps, w + 1, reach_into(c, 0))
            {
                return (true, 0);
            }
            below = c;
        }
        (false, below)
    }

    /// One level with at least 64 faces: every position covers the rest of its word and up to
    /// `faces` squares past it. Clears `cur`.
    fn large_die(&mut self, jumps: &impl Jumps, cur: &mut Positions, faces: usize) -> bool {
        let (lo, hi, _) = cur.take_span();
        cur.clear_summary(lo, hi);
        let cur = &mut cur.bits;
        // The furthest square covered by the positions seen so far (bit index, exclusive end).
        let mut covered_to = 0usize;
        let mut w = lo;
        while w <= self.end_word {
            let start = w << 6;
            let c = if w <= hi {
                std::mem::take(&mut cur[w])
            } else {
                0
            };
            if c == 0 && covered_to <= start {
                // Nothing reaches this word: on to the next one holding positions.
                match (w + 1..=hi).find(|&k| cur[k] != 0) {
                    Some(k) => {
                        w = k;
                        continue;
                    }
                    None => break,
                }
            }
            let mut reach = if covered_to > start {
                let n = covered_to - start;
                if n >= 64 {
                    !0
                } else {
                    (1u64 << n) - 1
                }
            } else {
                0
            };
            if c != 0 {
                // Everything above the lowest position of the word, and `faces` past the highest.
                reach |= (!0u64 << c.trailing_zeros()) << 1;
                let top = start + 63 - c.leading_zeros() as usize;
                covered_to = covered_to.max(top + 1 + faces);
            }
            if self.land(jumps, w, reach) {
                return true;
            }
            w += 1;
        }
        false
    }
}

/// The squares of a word reached from the positions `c` in it and `below` in the word under it:
/// bits 64..128 of the union of `(below, c)` shifted by 1..=faces, for `faces < 64`: `c` spread
/// up over `faces` bits and moved one up, with the top `faces` bits of `below` spread down. Two
/// independent `u64` chains: a `u128` shift costs three instructions, and this runs once or
/// twice per word of every level.
#[inline]
pub(super) fn reach_into(below: u64, c: u64, faces: usize) -> u64 {
    let low = below >> (64 - faces);
    let (mut up, mut down) = (c, low);
    // Each covers shifts 0..width; grow width to `faces` by doubling and adding one, along
    // the binary digits of `faces`.
    let mut width = 1;
    let top = usize::BITS - 1 - faces.leading_zeros();
    for bit in (0..top).rev() {
        up |= up << width;
        down |= down >> width;
        width *= 2;
        if faces >> bit & 1 == 1 {
            up |= c << width;
            down |= low >> width;
            width += 1;
        }
    }
    up << 1 | down
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_take_the_fewest_words_per_bit_within_their_size() {
        for words in [
            1,
            63,
            64,
            32_768,
            32_769,
            65_536,
            250_000,
            1 << 25,
            (1 << 25) + 1,
        ] {
            let summary = Summary::for_words(words);
            let Summary {
                shift,
                narrow,
                bulk,
            } = summary;
            assert_eq!(bulk, Bulk::BUSY);
            assert_eq!(narrow, 64);
            assert!(words.div_ceil(1 << shift) <= MAX_GROUPS, "{words}");
            assert!(
                shift == 0 || words.div_ceil(1 << (shift - 1)) > MAX_GROUPS,
                "{words}"
            );
            assert!(8 * summary.words(words) <= 4096, "{words}");
            assert_eq!(Summary::NONE.words(words), 0);
            // Levels spanning `narrow` words use the summary, so any other narrow keeps one.
            for narrow in [0, 64, 512, usize::MAX - 1] {
                assert!(
                    Summary {
                        shift,
                        narrow,
                        bulk
                    }
                    .words(words)
                        > 0,
                    "{words} {narrow}"
                );
            }
        }
    }

    #[test]
    fn reach_into_is_the_union_of_shifts() {
        let mut rng = crate::rng::SplitMix64::new(7);
        // Under Miri, 2000 rounds took about ten minutes of a 25-minute run; natively all run.
        let rounds = if cfg!(miri) { 20 } else { 2000 };
        for _ in 0..rounds {
            let seed = rng.next_u64();
            let (below, c) = (
                seed.rotate_left(17) & seed,
                seed.rotate_left(41) & seed >> 3,
            );
            for faces in 1..64 {
                let x = (c as u128) << 64 | below as u128;
                let want = (1..=faces).fold(0u128, |acc, j| acc | x << j) >> 64;
                assert_eq!(reach_into(below, c, faces), want as u64, "{faces}");
            }
        }
    }
}
