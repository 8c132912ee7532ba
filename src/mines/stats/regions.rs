//! The openings and islands of a mine layout: what 3BV, ZiNi and the play statistics count.
//!
//! - An *opening* is an 8-connected region of safe cells with no neighbouring mine. One click on
//!   any of its cells reveals it and its border (the numbered cells next to it).
//! - An *isolated number* is a numbered safe cell that borders no opening: it takes a click of its
//!   own. *Islands* are the 8-connected groups of isolated numbers.
//!
//! Regions are labelled once, by a depth-first walk with an explicit stack (no recursion, so no
//! board can overflow the call stack). Opening labels follow the row-major order of each opening's
//! first cell.

use crate::error::{try_filled, try_reserve, Error, ErrorKind, Result};
use crate::mines::board::alphabet::MINE_COUNT;
use crate::mines::board::block::for_block;

/// Set on a numbered cell that borders an opening.
const BORDER: u8 = 0x10;
/// Label of a cell that belongs to no opening.
pub(crate) const NO_OPENING: u32 = u32::MAX;

/// A layout's neighbour counts, opening labels and isolated numbers.
#[derive(Debug, Clone)]
pub(crate) struct Regions {
    rows: usize,
    cols: usize,
    /// Per cell: its count of neighbouring mines, or `MINE_COUNT`; `BORDER` set on numbered cells
    /// next to an opening.
    cells: Vec<u8>,
    /// Per cell: its opening, or `NO_OPENING` for mines and numbered cells.
    opening: Vec<u32>,
    openings: usize,
}

impl Regions {
    /// Labels the layout in which `is_mine(i)` tells the mines of a `rows x cols` board.
    ///
    /// Boards of `u32::MAX` cells and more are refused (`SizeOverflow`): labels are 32-bit.
    pub(crate) fn new(rows: usize, cols: usize, is_mine: impl Fn(usize) -> bool) -> Result<Self> {
        let len = Self::check_size(rows, cols)?;
        let mut cells = try_filled(len, 0u8)?;
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = if is_mine(i) { MINE_COUNT } else { 0 };
        }
        for i in 0..len {
            if cells[i] == MINE_COUNT {
                continue;
            }
            let mut k = 0;
            for_block(i, rows, cols, |j| k += u8::from(cells[j] == MINE_COUNT));
            cells[i] = k;
        }
        let mut regions = Regions {
            rows,
            cols,
            cells,
            opening: try_filled(len, NO_OPENING)?,
            openings: 0,
        };
        regions.label_openings()?;
        Ok(regions)
    }

    fn label_openings(&mut self) -> Result<()> {
        let (rows, cols) = (self.rows, self.cols);
        let mut stack = Vec::new();
        for start in 0..self.cells.len() {
            if self.cells[start] != 0 || self.opening[start] != NO_OPENING {
                continue;
            }
            let label = self.openings as u32;
            self.openings += 1;
            self.opening[start] = label;
            let (cells, opening) = (&mut self.cells, &mut self.opening);
            walk_group(start, rows, cols, &mut stack, |j| {
                let cell = &mut cells[j];
                if *cell == 0 {
                    let new = opening[j] == NO_OPENING;
                    if new {
                        opening[j] = label;
                    }
                    return new;
                }
                if *cell != MINE_COUNT {
                    *cell |= BORDER;
                }
                false
            })?;
        }
        Ok(())
    }

    /// The cells of a `rows x cols` board whose regions can be labelled: at most 2^32 - 2, as
    /// labels are `u32` and one value means "no opening". Checked before anything is allocated.
    pub(crate) fn check_size(rows: usize, cols: usize) -> Result<usize> {
        let len = rows.saturating_mul(cols);
        if u32::try_from(len).map_or(true, |n| n == NO_OPENING) {
            return Err(Error::new(
                ErrorKind::SizeOverflow,
                format_args!(
                    "a {rows} x {cols} board is too large for statistics; at most 2^32 - 2 cells"
                ),
            ));
        }
        Ok(len)
    }

    /// Number of rows.
    pub(crate) fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub(crate) fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells.
    pub(crate) fn len(&self) -> usize {
        self.cells.len()
    }

    /// Number of openings.
    pub(crate) fn openings(&self) -> usize {
        self.openings
    }

    /// Whether cell `i` is a mine.
    #[inline]
    pub(crate) fn is_mine(&self, i: usize) -> bool {
        self.cells[i] == MINE_COUNT
    }

    /// The count of neighbouring mines of safe cell `i` (0..=8), or `MINE_COUNT`.
    #[inline]
    pub(crate) fn count(&self, i: usize) -> u8 {
        self.cells[i] & !BORDER
    }

    /// The opening of cell `i`, or `NO_OPENING` for a mine or a numbered cell.
    #[inline]
    pub(crate) fn opening(&self, i: usize) -> u32 {
        self.opening[i]
    }

    /// Whether `i` is a numbered safe cell that borders no opening (a 3BV click of its own).
    #[inline]
    pub(crate) fn is_isolated(&self, i: usize) -> bool {
        matches!(self.cells[i], 1..=8)
    }

    /// 3BV: openings plus isolated numbers.
    pub(crate) fn bbbv(&self) -> usize {
        self.openings
            + (0..self.cells.len())
                .filter(|&i| self.is_isolated(i))
                .count()
    }

    /// Safe cells showing 0, 1, ..., 8.
    pub(crate) fn histogram(&self) -> [usize; 9] {
        let mut counts = [0usize; 9];
        for &b in &self.cells {
            if b != MINE_COUNT {
                counts[usize::from(b & !BORDER)] += 1;
            }
        }
        counts
    }

    /// The 8-connected groups of isolated numbers.
    pub(crate) fn islands(&self) -> Result<usize> {
        let mut seen = try_filled(self.cells.len(), false)?;
        let mut stack = Vec::new();
        let mut islands = 0;
        for start in 0..self.cells.len() {
            if seen[start] || !self.is_isolated(start) {
                continue;
            }
            islands += 1;
            seen[start] = true;
            walk_group(start, self.rows, self.cols, &mut stack, |j| {
                let new = !seen[j] && self.is_isolated(j);
                seen[j] |= new;
                new
            })?;
        }
        Ok(islands)
    }

    /// The 3BV already solved when `revealed(i)` tells the revealed cells: openings with a
    /// revealed cell of their own, plus revealed isolated numbers.
    pub(crate) fn bbbv_solved(&self, revealed: impl Fn(usize) -> bool) -> Result<usize> {
        let mut solved = try_filled(self.openings, false)?;
        let mut n = 0;
        for i in 0..self.cells.len() {
            if !revealed(i) {
                continue;
            }
            match self.opening[i] {
                NO_OPENING => n += usize::from(self.is_isolated(i)),
                o => {
                    let s = &mut solved[o as usize];
                    n += usize::from(!*s);
                    *s = true;
                }
            }
        }
        Ok(n)
    }
}

/// Walks the 8-connected group of `start` (already claimed) depth first, with an explicit stack
/// so that no board can overflow the call stack: `claim(j)` is asked about every neighbour of
/// every member and says whether `j` is a new member.
fn walk_group(
    start: usize,
    rows: usize,
    cols: usize,
    stack: &mut Vec<u32>,
    mut claim: impl FnMut(usize) -> bool,
) -> Result<()> {
    stack.clear();
    try_reserve(stack, 1)?;
    crate::error::try_push(stack, start as u32)?;
    while let Some(x) = stack.pop() {
        let mut grow = Ok(());
        for_block(x as usize, rows, cols, |j| {
            if claim(j) && grow.is_ok() {
                grow = crate::error::try_push(stack, j as u32);
            }
        });
        grow?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regions(board: &[u8], rows: usize, cols: usize) -> Regions {
        Regions::new(rows, cols, |i| board[i] == b'M').unwrap()
    }

    #[test]
    fn seed_board() {
        // LeetCode 529's board: one opening, and the '1' above the mine that it never reaches.
        let r = regions(b"EEEEEEEMEEEEEEEEEEEE", 4, 5);
        assert_eq!(r.openings(), 1);
        assert_eq!(r.bbbv(), 2);
        assert_eq!(r.islands().unwrap(), 1);
        assert_eq!(r.histogram(), [11, 8, 0, 0, 0, 0, 0, 0, 0]);
    }

    #[test]
    fn isolated_numbers_and_islands() {
        // Three numbers, each apart from the others.
        let r = regions(b"EMEME", 1, 5);
        assert_eq!((r.openings(), r.bbbv(), r.islands().unwrap()), (0, 3, 3));
        // A mine in the middle of 3 x 3: eight numbers forming one island.
        let r = regions(b"EEEEMEEEE", 3, 3);
        assert_eq!((r.openings(), r.bbbv(), r.islands().unwrap()), (0, 8, 1));
        // No safe cell at all.
        let r = regions(b"MMMM", 2, 2);
        assert_eq!((r.openings(), r.bbbv(), r.islands().unwrap()), (0, 0, 0));
        assert_eq!(r.histogram(), [0; 9]);
    }

    #[test]
    fn walled_zeros_are_separate_openings() {
        // Two zero corners, walled apart by mines and numbers.
        #[rustfmt::skip]
        let b = b"\
EEMM\
EEMM\
MMEE\
MMEE";
        let r = regions(b, 4, 4);
        assert_eq!(r.count(0), 0);
        assert_eq!(r.count(15), 0);
        assert_eq!(r.openings(), 2);
    }

    #[test]
    fn solved_counts_each_opening_once() {
        let r = regions(b"EEEMEEE", 1, 7);
        assert_eq!((r.openings(), r.bbbv()), (2, 2));
        assert_eq!(r.bbbv_solved(|_| false).unwrap(), 0);
        assert_eq!(r.bbbv_solved(|i| i < 2).unwrap(), 1);
        // A revealed border cell alone solves nothing.
        assert_eq!(r.bbbv_solved(|i| i == 2).unwrap(), 0);
        assert_eq!(r.bbbv_solved(|i| i != 3).unwrap(), 2);
    }
}
