//! The search from both ends, for sparse boards whose jumps lead far: levels forward from the
//! start and levels back from `N`, each turn taken by the side whose frontier is smaller, until
//! a new frontier meets what the other side has reached.
//!
//! From one end only, such a search does most of its work in its last levels, once its frontier
//! has spread over the whole board. Two searches that meet half way each stop while theirs is
//! still a few hundred words. Frontiers are lists of `(word, bits)` in word order; the reached
//! squares of each side are a bit set over the board.
//!
//! They meet at the first level at which a side's new squares hold one the other side has
//! reached: with `a` levels forward and `b` back, the fewest rolls are then `a + b`. At most,
//! through that square; at least, because a line of fewer rolls would have passed, one level
//! earlier on the side that just moved, a square the other side had reached already.

use super::board_source::Jumps;
use super::jump_list::{
    block_starts, block_starts_bytes, lowest_square, square_bit, JumpList, BLOCK_BITS,
};
use super::level_bits::reach_into;
use crate::error::{try_filled, Error, Result};
use std::collections::HashSet;

/// What the search from both ends found.
pub(super) enum BothEnds {
    /// The fewest rolls, `None` when `N` cannot be reached.
    Done(Option<u64>),
    /// A frontier grew past the room given, or the index by destination was looked over for
    /// longer than a pass over the board: the sides did not meet while both were narrow.
    TooWide,
}

/// The jumps by destination, for the search back: each jump's source and its destination's low
/// byte, by the jump list's blocks of 256 destinations (the low byte tells a block's squares
/// apart), and where each block starts.
pub(super) struct ByDest {
    sources: Vec<u32>,
    low: Vec<u8>,
    blocks: Vec<u32>,
}

impl ByDest {
    /// The heap bytes of the index of `jumps` jumps on a board of `squares` squares.
    pub(super) fn bytes_for(squares: usize, jumps: usize) -> usize {
        5 * jumps + block_starts_bytes(squares)
    }

    /// The index of `list`'s jumps on a board of `last` squares, by a counting sort.
    pub(super) fn new(list: &JumpList, last: usize) -> Result<ByDest> {
        let jumps = &list.jumps[..list.jumps.len() - 1];
        let mut blocks = block_starts(last, jumps.iter().map(|&(_, d)| d as usize))?;
        let mut sources = try_filled(jumps.len(), 0u32)?;
        let mut low = try_filled(jumps.len(), 0u8)?;
        // `blocks[b]`, block `b`'s start, moves on as the block fills, to its end.
        for &(s, d) in jumps {
            let at = &mut blocks[d as usize >> BLOCK_BITS];
            let i = *at as usize;
            *at += 1;
            sources[i] = s;
            low[i] = d as u8;
        }
        // Now `blocks[b]` is block `b`'s end, which is block `b + 1`'s start.
        blocks.rotate_right(1);
        blocks[0] = 0;
        Ok(ByDest {
            sources,
            low,
            blocks,
        })
    }

    /// The sources of the jumps that lead to square `v`, and how many jumps were looked over
    /// to find them (those of `v`'s block).
    #[inline]
    fn sources(&self, v: usize) -> (impl Iterator<Item = usize> + '_, usize) {
        let b = v >> BLOCK_BITS;
        let block = self.blocks[b] as usize..self.blocks[b + 1] as usize;
        let looked = block.len();
        let low = v as u8;
        let found = block
            .filter(move |&i| self.low[i] == low)
            .map(move |i| self.sources[i] as usize);
        (found, looked)
    }
}

/// A frontier: the squares a side reached at its last level, as `(word, bits)` in word order.
type Frontier = Vec<(u32, u64)>;

/// The two searches: what each reached, and the limits they keep to.
struct Sides<'a, J: Jumps> {
    jumps: &'a J,
    is_jump: &'a [u64],
    by_dest: &'a ByDest,
    faces: usize,
    /// Squares rolled onto from the start's side (bit `s - 1` for square `s`); a plain square
    /// also when a jump led there.
    rolled: Vec<u64>,
    /// Jump squares stood on from the start's side (the start, and jumps' destinations), at
    /// most `room` of them.
    stood_jumps: HashSet<u32>,
    /// Squares from which `N` is reached, as far as the search back went.
    back: Vec<u64>,
    /// The word of square `N`.
    end_word: usize,
    /// The most entries a frontier may take.
    room: usize,
    /// Jumps of the index looked over so far, and the most that may be: on a board whose jumps
    /// mostly lead to a few blocks, each square of those would look over them all.
    looked: usize,
    max_looked: usize,
}

/// The fewest rolls from `start` to `N` with `faces < 64` faces, on a board whose jumps are
/// marked in `is_jump` and indexed by destination in `by_dest`; `TooWide` when a frontier, or
/// the jump squares stood on, would take more than `room` entries, or the index was looked over
/// too long.
pub(super) fn both_ends(
    jumps: &impl Jumps,
    is_jump: &[u64],
    by_dest: &ByDest,
    start: usize,
    faces: usize,
    room: usize,
) -> Result<BothEnds> {
    let last = jumps.squares();
    debug_assert!((1..last).contains(&start) && (1..64).contains(&faces));
    let words = last.div_ceil(64);
    let mut sides = Sides {
        jumps,
        is_jump,
        by_dest,
        faces,
        rolled: try_filled(words, 0u64)?,
        stood_jumps: HashSet::new(),
        back: try_filled(words, 0u64)?,
        end_word: square_bit(last).0,
        room,
        looked: 0,
        max_looked: by_dest.sources.len() + last / 16 + 1024,
    };
    let (w, b) = square_bit(start);
    if is_jump[w] & b == 0 {
        sides.rolled[w] |= b;
    } else {
        sides.stood_jumps.insert(start as u32);
    }
    let mut front: Frontier = crate::error::try_copy(&[(w as u32, b)])?;
    let (w, b) = square_bit(last);
    sides.back[w] |= b;
    let mut back: Frontier = crate::error::try_copy(&[(w as u32, b)])?;
    let (mut ahead, mut behind) = (0u64, 0u64);
    loop {
        if front.len() <= back.len() {
            if front.is_empty() {
                return Ok(BothEnds::Done(None));
            }
            let Some(next) = sides.forward(&front)? else {
                return Ok(BothEnds::TooWide);
            };
            front = next;
            ahead += 1;
            if sides.met_going_forward(&front) {
                return Ok(BothEnds::Done(Some(ahead + behind)));
            }
        } else {
            let Some(next) = sides.backward(&back)? else {
                return Ok(BothEnds::TooWide);
            };
            back = next;
            behind += 1;
            if back.is_empty() {
                // Every square `N` is reached from was reached back, the start not among them.
                return Ok(BothEnds::Done(None));
            }
            if sides.met_going_back(&back) {
                return Ok(BothEnds::Done(Some(ahead + behind)));
            }
        }
    }
}

impl<J: Jumps> Sides<'_, J> {
    /// Adds `(w, bits)` to `next`; false when it is full.
    fn push(&self, next: &mut Frontier, w: usize, bits: u64) -> Result<bool> {
        if next.len() == next.capacity() {
            if next.len() >= self.room {
                return Ok(false);
            }
            let more = next.len().max(64).min(self.room - next.len());
            next.try_reserve_exact(more)
                .map_err(|_| Error::alloc::<(u32, u64)>(next.len() + more, None))?;
        }
        crate::error::try_push(next, (w as u32, bits))?;
        Ok(true)
    }

    /// One level forward from `front`; `None` when the next frontier would be too wide.
    fn forward(&mut self, front: &Frontier) -> Result<Option<Frontier>> {
        let mut next = Frontier::new();
        for (i, &(w, c)) in front.iter().enumerate() {
            let w = w as usize;
            let below = match i.checked_sub(1).map(|j| front[j]) {
                Some((v, b)) if v as usize + 1 == w => b,
                _ => 0,
            };
            if !self.land(&mut next, w, reach_into(below, c, self.faces))? {
                return Ok(None);
            }
            // The word above, unless it has positions of its own (then it is next).
            let above_next = front.get(i + 1).is_some_and(|&(v, _)| v as usize == w + 1);
            if w < self.end_word
                && !above_next
                && !self.land(&mut next, w + 1, reach_into(c, 0, self.faces))?
            {
                return Ok(None);
            }
        }
        Ok(Some(tidy(next)))
    }

    /// Rolls onto the squares `reach` of word `w` not rolled onto yet; false when `next` is full.
    fn land(&mut self, next: &mut Frontier, w: usize, reach: u64) -> Result<bool> {
        // Squares past N may be rolled onto here: none leads anywhere, nor back to N.
        let new = reach & !self.rolled[w];
        if new == 0 {
            return Ok(true);
        }
        self.rolled[w] |= new;
        let mut via_jump = new & self.is_jump[w];
        let plain = new ^ via_jump;
        if plain != 0 && !self.push(next, w, plain)? {
            return Ok(false);
        }
        while via_jump != 0 {
            let t = lowest_square(w, via_jump);
            via_jump &= via_jump - 1;
            if !self.stand(next, self.jumps.dest(t))? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Stands on square `d`, where a jump led; false when `next` is full.
    fn stand(&mut self, next: &mut Frontier, d: usize) -> Result<bool> {
        let (w, b) = square_bit(d);
        if self.is_jump[w] & b == 0 {
            if self.rolled[w] & b != 0 {
                return Ok(true);
            }
            // Rolling onto it later would change nothing.
            self.rolled[w] |= b;
        } else {
            if self.stood_jumps.contains(&(d as u32)) {
                return Ok(true);
            }
            if self.stood_jumps.len() >= self.room {
                return Ok(false);
            }
            self.stood_jumps
                .try_reserve(1)
                .map_err(|_| Error::alloc::<u32>(self.stood_jumps.len() + 1, None))?;
            self.stood_jumps.insert(d as u32);
        }
        self.push(next, w, b)
    }

    /// Whether the start's side reached a square of `back`, which `N` is reached from.
    fn met_going_back(&self, back: &Frontier) -> bool {
        back.iter().any(|&(w, bits)| {
            let w = w as usize;
            let plain = self.rolled[w] & !self.is_jump[w];
            let mut jumps = bits & self.is_jump[w];
            while jumps != 0 {
                let s = lowest_square(w, jumps);
                jumps &= jumps - 1;
                if self.stood_jumps.contains(&(s as u32)) {
                    return true;
                }
            }
            bits & plain != 0
        })
    }

    /// Whether `N` is reached from a square of `front`, the start's side's newest.
    fn met_going_forward(&self, front: &Frontier) -> bool {
        front
            .iter()
            .any(|&(w, bits)| bits & self.back[w as usize] != 0)
    }

    /// One level back from `back`: the squares one roll from a square that leads to one of
    /// `back` (itself when plain, or a jump's source); `None` when a list would be too wide.
    fn backward(&mut self, back: &Frontier) -> Result<Option<Frontier>> {
        // The squares landed on that lead to `back`.
        let mut to = Frontier::new();
        for &(w, bits) in back {
            let w = w as usize;
            let plain = bits & !self.is_jump[w];
            if plain != 0 && !self.push(&mut to, w, plain)? {
                return Ok(None);
            }
            let mut each = bits;
            while each != 0 {
                let v = lowest_square(w, each);
                each &= each - 1;
                let (sources, looked) = self.by_dest.sources(v);
                self.looked += looked;
                if self.looked > self.max_looked {
                    return Ok(None);
                }
                for s in sources {
                    let (sw, sb) = square_bit(s);
                    if !self.push(&mut to, sw, sb)? {
                        return Ok(None);
                    }
                }
            }
        }
        let to = tidy(to);
        // One roll before them: the union of `to` shifted down by 1..=faces. As the bits of a
        // word reversed, that is the forward reach.
        let faces = self.faces;
        let down = |t: u64, above: u64| {
            reach_into(above.reverse_bits(), t.reverse_bits(), faces).reverse_bits()
        };
        let mut next = Frontier::new();
        for (i, &(w, t)) in to.iter().enumerate() {
            let w = w as usize;
            let above = match to.get(i + 1) {
                Some(&(v, a)) if v as usize == w + 1 => a,
                _ => 0,
            };
            // The word below first, unless it leads somewhere itself (then it came before).
            let below_listed = i > 0 && to[i - 1].0 as usize + 1 == w;
            if w > 0 && !below_listed && !self.reach_back(&mut next, w - 1, down(0, t))? {
                return Ok(None);
            }
            if !self.reach_back(&mut next, w, down(t, above))? {
                return Ok(None);
            }
        }
        Ok(Some(next))
    }

    /// Marks the squares `bits` of word `w` as leading to `N`, adding the new ones to `next`;
    /// false when it is full.
    fn reach_back(&mut self, next: &mut Frontier, w: usize, bits: u64) -> Result<bool> {
        let new = bits & !self.back[w];
        if new == 0 {
            return Ok(true);
        }
        self.back[w] |= new;
        self.push(next, w, new)
    }
}

/// `next` in word order with one entry per word.
fn tidy(mut next: Frontier) -> Frontier {
    next.sort_unstable_by_key(|&(w, _)| w);
    next.dedup_by(|&mut (w, bits), kept| {
        if kept.0 == w {
            kept.1 |= bits;
            true
        } else {
            false
        }
    });
    next
}

#[cfg(test)]
mod tests {
    use super::super::{fewest, gather, Gathered, Method};
    use super::*;
    use crate::snakes::jumps::Track;
    use crate::test_support::linear_reference::linear_min_rolls;
    use proptest::prelude::*;

    /// A table's track, its jumps indexed by destination, and its jump squares marked.
    fn indexed(table: &[i32]) -> (Track<'_>, ByDest, Vec<u64>) {
        let track = Track::new(table).unwrap();
        let Ok(Gathered::List(list)) = gather(&track, usize::MAX) else {
            panic!("no cap on the list");
        };
        let by_dest = ByDest::new(&list, table.len()).unwrap();
        let is_jump = list.marks(table.len()).unwrap();
        (track, by_dest, is_jump)
    }

    /// Each even square leads to the odd one after it, a jump square, which is stood on: the jump
    /// squares stood on count against the room, as the frontiers do.
    #[test]
    fn jump_squares_stood_on_count_against_the_room() {
        let last: usize = 400;
        let table: Vec<i32> = (1..=last)
            .map(|s| match s {
                2..=200 if s % 2 == 0 => s as i32 + 1,
                2..=200 => 1,
                _ => -1,
            })
            .collect();
        let (track, by_dest, is_jump) = indexed(&table);
        let want = linear_min_rolls(&table, 1, 6);
        let got = both_ends(&track, &is_jump, &by_dest, 1, 6, 3).unwrap();
        assert!(matches!(got, BothEnds::TooWide));
        let got = both_ends(&track, &is_jump, &by_dest, 1, 6, 4096).unwrap();
        assert!(matches!(got, BothEnds::Done(rolls) if rolls == want));
    }

    /// Ladders from all over the board into the block below `N`'s: each square of it that the
    /// search back reaches would look over all of them, so the search hands over to level bits,
    /// which find the answer.
    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn jumps_crowding_into_one_block_hand_over() {
        let last: usize = 157 << BLOCK_BITS;
        let table: Vec<i32> = (1..=last)
            .map(|s| {
                if s % 50 == 0 && s < last - 300 {
                    (last - 1 - s % 250) as i32
                } else {
                    -1
                }
            })
            .collect();
        let (track, by_dest, is_jump) = indexed(&table);
        let got = both_ends(&track, &is_jump, &by_dest, 1, 6, usize::MAX).unwrap();
        assert!(matches!(got, BothEnds::TooWide));
        let want = linear_min_rolls(&table, 1, 6);
        for room in [usize::MAX, 3] {
            let got = fewest(&track, 1, 6, Method::BothEnds { room }).unwrap();
            assert_eq!(got, want);
        }
    }

    proptest! {
        /// Each square's sources are the jumps that lead there, across blocks of destinations.
        #[test]
        #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
        fn jumps_by_destination_are_the_jumps_leading_there(
            raw in proptest::collection::vec((0u32..100, 0u32..u32::MAX), 2..1500),
            per_cent in 0u32..60,
        ) {
            let last = raw.len();
            let table: Vec<i32> = raw
                .iter()
                .enumerate()
                .map(|(i, &(roll, pick))| {
                    if roll < per_cent && i + 1 < last {
                        (pick as usize % last + 1) as i32
                    } else {
                        -1
                    }
                })
                .collect();
            let (_, by_dest, _) = indexed(&table);
            for v in 1..=last {
                let mut got: Vec<usize> = by_dest.sources(v).0.collect();
                got.sort_unstable();
                let want: Vec<usize> = (1..=last)
                    .filter(|&s| table[s - 1] == v as i32 && s != v)
                    .collect();
                prop_assert_eq!(got, want, "square {}", v);
            }
        }
    }
}
