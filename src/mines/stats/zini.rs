//! Greedy ZiNi (Elmar Zimmermann and Christoph Nikolaus, 2009): the clicks a player who flags and
//! chords needs, found by a deterministic greedy strategy that knows the layout.
//!
//! Every numbered safe cell has a *premium*: what one solve at it (open it if closed, flag its
//! unflagged mines, chord) saves over left clicks,
//!
//! ```text
//! premium = [unsolved 3BV in its 3x3 block] - [unflagged mines around it] - [1 if closed] - 1
//! ```
//!
//! where the 3BV in the block counts each opening with a closed zero there once and each closed
//! isolated number once. Repeatedly, the cell of highest premium (top-left-most on ties) is solved
//! when its premium is at least 0; otherwise the top-left-most unsolved 3BV cell is left-clicked.
//! A solve costs at most the 3BV it solves, and a left click solves one, so ZiNi never exceeds
//! 3BV.
//!
//! The two counts are kept per cell and changed by the events that change them, in O(1) each: a
//! flag lowers the mine count of its block; a revealed isolated number, or a solved opening,
//! lowers the 3BV count of every cell whose block held it. The best cell comes from one lazy
//! min-heap per premium value, so the whole run is O(cells log cells).

use super::regions::{Regions, NO_OPENING};
use crate::error::{try_copy, try_filled, Error, Result};
use crate::mines::board::block::{block_cells, for_block};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// No numbered cell can do better: 8 neighbours hold at least one mine.
const MAX_PREMIUM: usize = 7;

const REVEALED: u8 = 1;
const FLAGGED: u8 = 2;
/// Marks a cell already counted while an opening is solved.
const SEEN: u8 = 4;
/// Marks a cell whose premium the current move changed.
const DIRTY: u8 = 8;
/// No entry in the heaps.
const UNQUEUED: i8 = -1;

struct Greedy<'a> {
    regions: &'a Regions,
    state: Vec<u8>,
    /// Per numbered cell: unsolved 3BV units in its block, and unflagged mines around it.
    units: Vec<u8>,
    mines: Vec<u8>,
    heaps: [BinaryHeap<Reverse<u32>>; MAX_PREMIUM + 1],
    /// The premium each cell was last filed under, or `UNQUEUED`.
    queued: Vec<i8>,
    /// Cells whose premium the current move changed, each once.
    dirty: Vec<u32>,
    /// Zero cells grouped by opening: opening `o` holds `zeros[starts[o]..starts[o + 1]]`.
    starts: Vec<u32>,
    zeros: Vec<u32>,
    unsolved: usize,
    clicks: usize,
}

/// Greedy ZiNi of a labelled layout.
pub(crate) fn greedy_zini(regions: &Regions) -> Result<usize> {
    let mut g = Greedy::new(regions)?;
    g.run()?;
    Ok(g.clicks)
}

fn out_of_memory() -> Error {
    Error::alloc::<u32>(1, None)
}

impl<'a> Greedy<'a> {
    fn new(regions: &'a Regions) -> Result<Self> {
        let len = regions.len();
        let mut starts = try_filled(regions.openings() + 1, 0u32)?;
        for i in 0..len {
            let o = regions.opening(i);
            if o != NO_OPENING {
                starts[o as usize + 1] += 1;
            }
        }
        for o in 0..regions.openings() {
            starts[o + 1] += starts[o];
        }
        let mut zeros = try_filled(starts[regions.openings()] as usize, 0u32)?;
        let mut next = try_copy(&starts)?;
        for i in 0..len {
            let o = regions.opening(i);
            if o != NO_OPENING {
                zeros[next[o as usize] as usize] = i as u32;
                next[o as usize] += 1;
            }
        }
        drop(next);
        let mut g = Greedy {
            regions,
            state: try_filled(len, 0u8)?,
            units: try_filled(len, 0u8)?,
            mines: try_filled(len, 0u8)?,
            heaps: Default::default(),
            queued: try_filled(len, UNQUEUED)?,
            dirty: Vec::new(),
            starts,
            zeros,
            unsolved: regions.bbbv(),
            clicks: 0,
        };
        let (rows, cols) = (regions.rows(), regions.cols());
        for i in 0..len {
            if !g.numbered(i) {
                continue;
            }
            let (mut lone, mut mines) = (0u8, 0u8);
            let mut seen = [NO_OPENING; 9];
            let mut openings = 0;
            for_block(i, rows, cols, |j| {
                if regions.is_mine(j) {
                    mines += 1;
                } else if regions.is_isolated(j) {
                    lone += 1;
                } else {
                    let o = regions.opening(j);
                    if o != NO_OPENING && !seen[..openings].contains(&o) {
                        seen[openings] = o;
                        openings += 1;
                    }
                }
            });
            g.units[i] = lone + openings as u8;
            g.mines[i] = mines;
            g.file(i)?;
        }
        Ok(g)
    }

    fn numbered(&self, i: usize) -> bool {
        matches!(self.regions.count(i), 1..=8)
    }

    /// The premium of numbered cell `i`, or `None` when it is negative.
    fn premium(&self, i: usize) -> Option<usize> {
        let closed = u8::from(self.state[i] & REVEALED == 0);
        self.units[i]
            .checked_sub(self.mines[i] + closed + 1)
            .map(usize::from)
    }

    /// Notes that numbered cell `i`'s premium changed; it is filed anew after the move.
    fn queue(&mut self, i: usize) -> Result<()> {
        if self.state[i] & DIRTY == 0 {
            self.dirty.try_reserve(1).map_err(|_| out_of_memory())?;
            self.state[i] |= DIRTY;
            crate::error::try_push(&mut self.dirty, i as u32)?;
        }
        Ok(())
    }

    /// Files numbered cell `i` under its premium, when that is not negative and not where it
    /// already is.
    fn file(&mut self, i: usize) -> Result<()> {
        let p = self.premium(i).map_or(UNQUEUED, |p| p as i8);
        if p != UNQUEUED && p != self.queued[i] {
            let heap = &mut self.heaps[p as usize];
            heap.try_reserve(1).map_err(|_| out_of_memory())?;
            heap.push(Reverse(i as u32));
        }
        self.queued[i] = p;
        Ok(())
    }

    /// Files every cell the last move changed.
    fn flush(&mut self) -> Result<()> {
        let dirty = std::mem::take(&mut self.dirty);
        for &i in &dirty {
            self.state[i as usize] &= !DIRTY;
            self.file(i as usize)?;
        }
        self.dirty = dirty;
        self.dirty.clear();
        Ok(())
    }

    fn run(&mut self) -> Result<()> {
        let mut cursor = 0;
        while self.unsolved > 0 {
            if let Some(best) = self.best() {
                self.solve(best)?;
            } else {
                while !self.is_unsolved_3bv(cursor) {
                    cursor += 1;
                }
                self.clicks += 1;
                self.reveal(cursor)?;
            }
            self.flush()?;
        }
        Ok(())
    }

    /// A closed zero, or a closed isolated number: one left click solves one 3BV.
    fn is_unsolved_3bv(&self, i: usize) -> bool {
        self.state[i] & REVEALED == 0
            && (self.regions.opening(i) != NO_OPENING || self.regions.is_isolated(i))
    }

    /// The top-left-most cell of highest non-negative premium.
    fn best(&mut self) -> Option<usize> {
        for p in (0..=MAX_PREMIUM).rev() {
            while let Some(&Reverse(i)) = self.heaps[p].peek() {
                if self.premium(i as usize) == Some(p) {
                    return Some(i as usize);
                }
                self.heaps[p].pop();
            }
        }
        None
    }

    fn solve(&mut self, i: usize) -> Result<()> {
        let (rows, cols) = (self.regions.rows(), self.regions.cols());
        if self.state[i] & REVEALED == 0 {
            self.clicks += 1;
            self.reveal(i)?;
        }
        for j in block_cells(i, rows, cols) {
            if !self.regions.is_mine(j) {
                self.reveal(j)?;
            } else if self.state[j] & FLAGGED == 0 {
                self.state[j] |= FLAGGED;
                self.clicks += 1;
                self.each_in_block(j, |g, c| {
                    g.mines[c] -= 1;
                    g.queue(c)
                })?;
            }
        }
        self.clicks += 1; // the chord
        Ok(())
    }

    /// Calls `f` on every numbered cell of the block around `i`.
    fn each_in_block(
        &mut self,
        i: usize,
        mut f: impl FnMut(&mut Self, usize) -> Result<()>,
    ) -> Result<()> {
        let (rows, cols) = (self.regions.rows(), self.regions.cols());
        for j in block_cells(i, rows, cols) {
            if self.numbered(j) {
                f(self, j)?;
            }
        }
        Ok(())
    }

    /// Reveals safe cell `i` as the game would: a zero opens its whole opening and border.
    fn reveal(&mut self, i: usize) -> Result<()> {
        if self.state[i] & REVEALED != 0 {
            return Ok(());
        }
        let o = self.regions.opening(i);
        if o == NO_OPENING {
            self.open_number(i)?;
            if self.regions.is_isolated(i) {
                // One 3BV fewer in every block that held it.
                self.unsolved -= 1;
                self.each_in_block(i, |g, c| {
                    g.units[c] -= 1;
                    g.queue(c)
                })?;
            }
            return Ok(());
        }
        self.unsolved -= 1;
        // The opening and its border are revealed.
        self.each_around_opening(o, |g, j| {
            if g.state[j] & REVEALED != 0 {
                Ok(())
            } else if g.numbered(j) {
                g.open_number(j)
            } else {
                g.state[j] |= REVEALED;
                Ok(())
            }
        })?;
        // Every block that held the opening holds one unit fewer: each such cell once.
        self.each_around_opening(o, |g, j| {
            if g.numbered(j) && g.state[j] & SEEN == 0 {
                g.state[j] |= SEEN;
                g.units[j] -= 1;
                g.queue(j)?;
            }
            Ok(())
        })?;
        self.each_around_opening(o, |g, j| {
            g.state[j] &= !SEEN;
            Ok(())
        })
    }

    /// Calls `f` on every cell of the 3x3 blocks around the zeros of opening `o` (a cell next to
    /// several zeros comes several times).
    fn each_around_opening(
        &mut self,
        o: u32,
        mut f: impl FnMut(&mut Self, usize) -> Result<()>,
    ) -> Result<()> {
        let (rows, cols) = (self.regions.rows(), self.regions.cols());
        let (from, to) = (self.starts[o as usize], self.starts[o as usize + 1]);
        for k in from..to {
            for j in block_cells(self.zeros[k as usize] as usize, rows, cols) {
                f(self, j)?;
            }
        }
        Ok(())
    }

    /// Reveals numbered cell `i`: it is no longer closed.
    fn open_number(&mut self, i: usize) -> Result<()> {
        self.state[i] |= REVEALED;
        self.queue(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zini(board: &[u8], rows: usize, cols: usize) -> usize {
        let r = Regions::new(rows, cols, |i| board[i] == b'M').unwrap();
        greedy_zini(&r).unwrap()
    }

    #[test]
    fn hand_checked_boards() {
        // One opening: one click.
        assert_eq!(zini(b"EEEEEEEEE", 3, 3), 1);
        // No safe cell: nothing to click.
        assert_eq!(zini(b"MM", 1, 2), 0);
        // Two lone numbers either side of a mine: flagging never pays.
        assert_eq!(zini(b"EME", 1, 3), 2);
        // Two openings, each a click.
        assert_eq!(zini(b"EEMEE", 1, 5), 2);
        // Eight numbers round a mine (3BV 8): open (0, 1), flag the mine and chord (3 clicks,
        // five cells), then chord (1, 0) for (2, 0) and (2, 1), and (1, 2) for (2, 2).
        assert_eq!(zini(b"EEEEMEEEE", 3, 3), 5);
    }

    #[test]
    fn a_row_of_numbers_under_mines() {
        // 2 x 6, mines along the top: six isolated numbers in one island. A solve at (1, 1)
        // would take 5 clicks (open, three flags, chord) for 3 numbers: every premium is
        // negative, so each number is clicked.
        assert_eq!(zini(b"MMMMMMEEEEEE", 2, 6), 6);
    }
}
