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
//! Premiums change only around cells that are revealed or flagged, so each move updates its
//! neighbourhood and the best cell comes from one lazy min-heap per premium value: the whole run
//! is O(cells log cells).

use super::regions::{for_block, Regions, NO_OPENING};
use crate::error::{try_filled, try_reserve, Result};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// No numbered cell can do better: 8 neighbours hold at least one mine.
const MAX_PREMIUM: usize = 7;
/// The premium of a cell that is never worth a solve (mines and zeros).
const NEVER: i8 = i8::MIN;

const REVEALED: u8 = 1;
const FLAGGED: u8 = 2;

struct Greedy<'a> {
    regions: &'a Regions,
    state: Vec<u8>,
    premium: Vec<i8>,
    heaps: [BinaryHeap<Reverse<u32>>; MAX_PREMIUM + 1],
    /// Zero cells grouped by opening: opening `o` holds `zeros[starts[o]..starts[o + 1]]`.
    starts: Vec<u32>,
    zeros: Vec<u32>,
    /// Cells revealed or flagged by the current move, whose blocks need new premiums.
    touched: Vec<u32>,
    unsolved: usize,
    clicks: usize,
}

/// Greedy ZiNi of a labelled layout.
pub(crate) fn greedy_zini(regions: &Regions) -> Result<usize> {
    let mut g = Greedy::new(regions)?;
    g.run()?;
    Ok(g.clicks)
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
        let mut next = starts.clone();
        for i in 0..len {
            let o = regions.opening(i);
            if o != NO_OPENING {
                zeros[next[o as usize] as usize] = i as u32;
                next[o as usize] += 1;
            }
        }
        let mut g = Greedy {
            regions,
            state: try_filled(len, 0u8)?,
            premium: try_filled(len, NEVER)?,
            heaps: Default::default(),
            starts,
            zeros,
            touched: Vec::new(),
            unsolved: regions.bbbv(),
            clicks: 0,
        };
        for i in 0..len {
            g.update(i)?;
        }
        Ok(g)
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
            self.refresh()?;
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
                if self.premium[i as usize] == p as i8 {
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
        let mut block = [0u32; 9];
        let mut n = 0;
        for_block(i, rows, cols, |j| {
            block[n] = j as u32;
            n += 1;
        });
        for &j in &block[..n] {
            let j = j as usize;
            if self.regions.is_mine(j) {
                if self.state[j] & FLAGGED == 0 {
                    self.state[j] |= FLAGGED;
                    self.clicks += 1;
                    self.touch(j)?;
                }
            } else {
                self.reveal(j)?;
            }
        }
        self.clicks += 1; // the chord
        Ok(())
    }

    /// Reveals safe cell `i` as the game would: a zero opens its whole opening and border.
    fn reveal(&mut self, i: usize) -> Result<()> {
        if self.state[i] & REVEALED != 0 {
            return Ok(());
        }
        let o = self.regions.opening(i);
        if o == NO_OPENING {
            self.unsolved -= usize::from(self.regions.is_isolated(i));
            return self.show(i);
        }
        self.unsolved -= 1;
        let (rows, cols) = (self.regions.rows(), self.regions.cols());
        let (from, to) = (self.starts[o as usize], self.starts[o as usize + 1]);
        for k in from..to {
            let z = self.zeros[k as usize] as usize;
            let mut result = Ok(());
            for_block(z, rows, cols, |j| {
                if result.is_ok() && self.state[j] & REVEALED == 0 {
                    result = self.show(j);
                }
            });
            result?;
        }
        Ok(())
    }

    fn show(&mut self, i: usize) -> Result<()> {
        self.state[i] |= REVEALED;
        self.touch(i)
    }

    fn touch(&mut self, i: usize) -> Result<()> {
        try_reserve(&mut self.touched, 1)?;
        self.touched.push(i as u32);
        Ok(())
    }

    /// New premiums around every cell the last move revealed or flagged.
    fn refresh(&mut self) -> Result<()> {
        let (rows, cols) = (self.regions.rows(), self.regions.cols());
        let touched = std::mem::take(&mut self.touched);
        for &t in &touched {
            let mut result = Ok(());
            for_block(t as usize, rows, cols, |j| {
                if result.is_ok() {
                    result = self.update(j);
                }
            });
            result?;
        }
        self.touched = touched;
        self.touched.clear();
        Ok(())
    }

    fn update(&mut self, i: usize) -> Result<()> {
        let p = self.compute(i);
        if p != self.premium[i] {
            self.premium[i] = p;
            if p >= 0 {
                let heap = &mut self.heaps[p as usize];
                heap.try_reserve(1).map_err(|_| {
                    crate::error::Error::new(
                        crate::error::ErrorKind::OutOfMemory,
                        "could not grow the ZiNi premium queue",
                    )
                })?;
                heap.push(Reverse(i as u32));
            }
        }
        Ok(())
    }

    fn compute(&self, i: usize) -> i8 {
        let r = self.regions;
        if !matches!(r.count(i), 1..=8) {
            return NEVER;
        }
        let (mut bbbv, mut mines) = (0i8, 0i8);
        let mut seen = [NO_OPENING; 9];
        let mut openings = 0;
        for_block(i, r.rows(), r.cols(), |j| {
            if r.is_mine(j) {
                mines += i8::from(self.state[j] & FLAGGED == 0);
            } else if self.state[j] & REVEALED == 0 {
                let o = r.opening(j);
                if o != NO_OPENING {
                    if !seen[..openings].contains(&o) {
                        seen[openings] = o;
                        openings += 1;
                    }
                } else {
                    bbbv += i8::from(r.is_isolated(j));
                }
            }
        });
        let closed = i8::from(self.state[i] & REVEALED == 0);
        bbbv + openings as i8 - mines - closed - 1
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
