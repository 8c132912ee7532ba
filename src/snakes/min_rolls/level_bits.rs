//! The fewest rolls by levels on bit sets, 64 squares a word: the method for boards dense with
//! jumps, or whose jumps lead far away (too many waves would run at once).
//!
//! Four bit sets over squares `1..=N` (bit `s - 1`): the squares holding a jump (marked by the
//! pass that reads the board), the squares landed on, and the positions of this level and the next. A level lands on
//! the squares its positions reach, `dilate(positions) & !landed`, a word at a time: for a die of
//! fewer than 64 faces the word's landing squares come from the positions in it and the word
//! below by `log2(faces)` shifts; a larger die covers everything above a word's lowest position
//! and up to `faces` past the last position below it. Plain squares landed on are the next
//! level's positions at once; each jump square sends its destination. Words with no positions
//! are skipped, so a narrow level costs a few words. The bit sets take `N / 2` bytes: 1/8 of an
//! `int32_t` board.

use super::Jumps;
use crate::error::{try_filled, Result};

/// The fewest rolls from `start` (in `1..N`) to `N` with `faces >= 1`, or `None`.
/// `is_jump` marks the squares holding a jump (bit `s - 1`), as [`Jumps::mark_jumps`] does.
pub(super) fn level_bits(
    jumps: &impl Jumps,
    is_jump: Vec<u64>,
    start: usize,
    faces: usize,
) -> Result<Option<u64>> {
    let last = jumps.squares();
    debug_assert!((1..last).contains(&start) && faces >= 1);
    // More faces than squares reach no further.
    let faces = faces.min(last);
    let words = last.div_ceil(64);
    let mut levels = Levels {
        is_jump,
        jump_squares: [0; PENDING],
        pending: 0,
        dests: [0; PENDING],
        landed: try_filled(words, 0u64)?,
        next: try_filled(words, 0u64)?,
        last,
        end_word: (last - 1) >> 6,
        end_bit: 1 << ((last - 1) & 63),
        lo: usize::MAX,
        hi: 0,
    };
    let mut cur = try_filled(words, 0u64)?;
    let (w, b) = ((start - 1) >> 6, 1u64 << ((start - 1) & 63));
    if levels.is_jump[w] & b == 0 {
        levels.landed[w] |= b;
    }
    cur[w] |= b;
    let (mut lo, mut hi) = (w, w);
    let mut level = 0u64;
    while lo <= hi {
        level += 1;
        let found = match faces {
            // The seed's die, with its shifts known at compile time.
            6 => levels.small_die(jumps, &mut cur, lo, hi, |b, c| reach_into(b, c, 6)),
            1..=63 => levels.small_die(jumps, &mut cur, lo, hi, |b, c| reach_into(b, c, faces)),
            _ => levels.large_die(jumps, &mut cur, lo, hi, faces),
        };
        if found || (levels.pending > 0 && levels.follow(jumps)) {
            return Ok(Some(level));
        }
        std::mem::swap(&mut cur, &mut levels.next);
        (lo, hi) = (levels.lo, levels.hi);
        (levels.lo, levels.hi) = (usize::MAX, 0);
    }
    Ok(None)
}

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
    /// The next level's positions, in words `lo..=hi` (empty when `lo > hi`).
    next: Vec<u64>,
    last: usize,
    /// The word and bit of square `N`.
    end_word: usize,
    end_bit: u64,
    lo: usize,
    hi: usize,
}

impl Levels {
    /// Lands on the squares `reach` of word `w` that were not landed on yet; true when one of
    /// them is `N` or leads there.
    #[inline]
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
        let mut via_jump = new & self.is_jump[w];
        let plain = new ^ via_jump;
        if plain != 0 {
            self.next[w] |= plain;
            self.lo = self.lo.min(w);
            self.hi = self.hi.max(w);
        }
        while via_jump != 0 {
            let t = (w << 6) + via_jump.trailing_zeros() as usize + 1;
            via_jump &= via_jump - 1;
            if self.pending == PENDING && self.follow(jumps) {
                return true;
            }
            self.jump_squares[self.pending] = t as u32;
            self.pending += 1;
        }
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
            let dw = (d - 1) >> 6;
            self.next[dw] |= 1 << ((d - 1) & 63);
            self.lo = self.lo.min(dw);
            self.hi = self.hi.max(dw);
        }
        false
    }

    /// One level with fewer than 64 faces: a word's landing squares come from its own positions
    /// and those of the word below. Clears `cur`.
    fn small_die(
        &mut self,
        jumps: &impl Jumps,
        cur: &mut [u64],
        lo: usize,
        hi: usize,
        reach_into: impl Fn(u64, u64) -> u64,
    ) -> bool {
        let mut below = 0u64; // the positions of word w - 1
        let mut w = lo;
        while w <= hi {
            let c = cur[w];
            if c == 0 {
                below = 0;
                w += 1;
                continue;
            }
            cur[w] = 0;
            if self.land(jumps, w, reach_into(below, c)) {
                return true;
            }
            // The word above, unless it has positions of its own (then it is next).
            if w < self.end_word
                && (w == hi || cur[w + 1] == 0)
                && self.land(jumps, w + 1, reach_into(c, 0))
            {
                return true;
            }
            below = c;
            w += 1;
        }
        false
    }

    /// One level with at least 64 faces: every position covers the rest of its word and up to
    /// `faces` squares past it. Clears `cur`.
    fn large_die(
        &mut self,
        jumps: &impl Jumps,
        cur: &mut [u64],
        lo: usize,
        hi: usize,
        faces: usize,
    ) -> bool {
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
/// bits 64..128 of the union of `(below, c)` shifted by 1..=faces, for `faces < 64`.
#[inline]
fn reach_into(below: u64, c: u64, faces: usize) -> u64 {
    let x = (c as u128) << 64 | below as u128;
    // s covers shifts 0..width; grow width to `faces` by doubling and adding one, along the
    // binary digits of `faces`.
    let mut s = x;
    let mut width = 1;
    let top = usize::BITS - 1 - faces.leading_zeros();
    for bit in (0..top).rev() {
        s |= s << width;
        width *= 2;
        if faces >> bit & 1 == 1 {
            s |= x << width;
            width += 1;
        }
    }
    ((s << 1) >> 64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_into_is_the_union_of_shifts() {
        let mut seed = 7u64;
        for _ in 0..2000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
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
