//! Uniform, reproducible mine placement: a pure function of the board size, the mine count, the
//! seed and the cells that must stay clear.
//!
//! **Algorithm (part of the reproducibility promise).** Number the allowed cells `0..n` in
//! row-major order, skipping the excluded ones (none, the first click, or its 3x3 block clipped
//! to the board). With `k` mines and a [`SplitMix64`] seeded with the seed, Floyd's sampling
//! algorithm runs
//!
//! ```text
//! for j in n-k .. n-1 (ascending):
//!     t = rng.below(j + 1)
//!     if allowed cell t already holds a mine: put a mine on allowed cell j
//!     else:                                    put a mine on allowed cell t
//! ```
//!
//! Every set of `k` allowed cells is equally likely, it takes `k` draws (plus rare rejections
//! inside `below`) whatever the board size, and the only memory is the marks themselves, made
//! through a [`MineSink`] (a bit set, or a game's own grid).

use crate::bitset::BitSet;
use crate::error::{checked_area, try_filled, Error, ErrorKind, Result};
use crate::mines::board::alphabet::{EMPTY, MINE};
use crate::mines::board::block::{for_block_at, in_block};
use crate::mines::board::leetcode_board::check_coordinate;
use crate::rng::SplitMix64;

/// Cells a layout leaves free of mines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Exclusion {
    /// Mines may go anywhere.
    None,
    /// Never on this cell `(row, col)`.
    Cell(usize, usize),
    /// Never on this cell or its neighbours: the 3x3 block around `(row, col)`, clipped to the
    /// board.
    Block(usize, usize),
}

impl Exclusion {
    /// The excluded cell indices of a `rows x cols` board, ascending; the coordinate must be on
    /// the board.
    fn cells(self, rows: usize, cols: usize) -> Excluded {
        let mut ex = Excluded {
            cells: [0; 9],
            len: 0,
        };
        match self {
            Exclusion::None => {}
            Exclusion::Cell(r, c) => ex.push(r * cols + c),
            Exclusion::Block(r, c) => for_block_at(r, c, rows, cols, |i| ex.push(i)),
        }
        ex
    }

    /// Whether cell `(row, col)` of a `rows x cols` board is kept clear: for code that draws
    /// layouts of its own (a benchmark coupling several first clicks' layouts, say) and must keep
    /// the same cells clear as the game does. `false` when either coordinate is off the board, or
    /// the board has more cells than a `usize` counts.
    ///
    /// ```
    /// use gridgames::mines::Exclusion;
    /// assert!(Exclusion::Block(0, 0).keeps_clear(9, 9, 1, 1));
    /// assert!(!Exclusion::Block(0, 0).keeps_clear(9, 9, 0, 2));
    /// assert!(!Exclusion::Cell(0, 0).keeps_clear(9, 9, 1, 1));
    /// ```
    pub fn keeps_clear(self, rows: usize, cols: usize, row: usize, col: usize) -> bool {
        let on_board = |r: usize, c: usize| r < rows && c < cols;
        // A board whose cells overflow a usize has no indices; past this, on-board indices fit.
        if rows.checked_mul(cols).is_none() || !on_board(row, col) {
            return false;
        }
        match self {
            Exclusion::None => false,
            Exclusion::Cell(r, c) => (r, c) == (row, col),
            Exclusion::Block(r, c) => {
                on_board(r, c) && in_block(r * cols + c, row * cols + col, cols)
            }
        }
    }
}

/// Up to nine excluded cells, ascending.
struct Excluded {
    cells: [usize; 9],
    len: usize,
}

impl Excluded {
    fn push(&mut self, i: usize) {
        self.cells[self.len] = i;
        self.len += 1;
    }

    /// The cell index of allowed cell number `v`.
    #[inline]
    fn nth_allowed(&self, v: usize) -> usize {
        let mut i = v;
        for &e in &self.cells[..self.len] {
            if e <= i {
                i += 1;
            } else {
                break;
            }
        }
        i
    }
}

/// Receives the mines of a layout, one cell index at a time.
pub trait MineSink {
    /// Puts a mine on cell `index` (row-major) and returns `true`, or returns `false` when a mine
    /// is already there.
    fn place(&mut self, index: usize) -> bool;
}

impl MineSink for BitSet {
    fn place(&mut self, index: usize) -> bool {
        self.insert(index)
    }
}

/// One flag a cell, `true` for a mine.
impl MineSink for Vec<bool> {
    fn place(&mut self, index: usize) -> bool {
        !std::mem::replace(&mut self[index], true)
    }
}

/// What to place: `mines` mines on a `rows x cols` board, away from `exclusion`.
///
/// ```
/// use gridgames::mines::{Exclusion, Layout};
/// let layout = Layout { rows: 4, cols: 5, mines: 3, exclusion: Exclusion::Block(3, 0) };
/// let board = layout.to_board(42).unwrap();
/// assert_eq!(board.iter().filter(|&&b| b == b'M').count(), 3);
/// assert_eq!(board, layout.to_board(42).unwrap()); // a pure function of the seed
/// assert_eq!(&board[15..17], b"EE"); // the block around (3, 0) stays clear
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Mines to place.
    pub mines: usize,
    /// Cells to keep clear.
    pub exclusion: Exclusion,
}

impl Layout {
    /// Checks the dimensions, the excluded coordinate and the mine count; returns the number of
    /// cells.
    pub fn check(&self) -> Result<usize> {
        let cells = checked_area(self.rows, self.cols, 1)?;
        let clear = match self.exclusion {
            Exclusion::None => "",
            Exclusion::Cell(r, c) => {
                check_coordinate(r, c, self.rows, self.cols)?;
                " with the first click kept clear"
            }
            Exclusion::Block(r, c) => {
                check_coordinate(r, c, self.rows, self.cols)?;
                " with the first click's 3x3 block kept clear"
            }
        };
        let allowed = cells - self.exclusion.cells(self.rows, self.cols).len;
        if self.mines > allowed {
            return Err(Error::new(
                ErrorKind::TooManyMines,
                format_args!(
                    "{} mines do not fit on a {} x {} board{clear}; at most {allowed} are allowed",
                    self.mines, self.rows, self.cols
                ),
            ));
        }
        Ok(cells)
    }

    /// Places the mines for `seed` into `sink`, following the algorithm in the module docs.
    ///
    /// The sink must start with no mine on the board: every mine goes through it.
    pub fn place(&self, seed: u64, sink: &mut impl MineSink) -> Result<()> {
        let cells = self.check()?;
        let excluded = self.exclusion.cells(self.rows, self.cols);
        let n = (cells - excluded.len) as u64;
        let mut rng = SplitMix64::new(seed);
        for j in n - self.mines as u64..n {
            let t = rng.below(j + 1);
            // Both fit in usize: they are below n, a count of cells.
            if !sink.place(excluded.nth_allowed(t as usize)) {
                let fresh = sink.place(excluded.nth_allowed(j as usize));
                debug_assert!(fresh, "Floyd's j is never chosen before");
            }
        }
        Ok(())
    }

    /// The number of distinct layouts (sets of `mines` allowed cells), when it is at most
    /// `limit`; `None` when there are more.
    pub fn count_up_to(&self, limit: u64) -> Result<Option<u64>> {
        let cells = self.check()?;
        let n = (cells - self.exclusion.cells(self.rows, self.cols).len) as u64;
        let count = binomial_capped(n, self.mines as u64, limit);
        Ok((count <= limit).then_some(count))
    }

    /// Places layout number `rank` (`0..count`, see [`Layout::count_up_to`]) into `sink`, so
    /// that the ranks name every layout once. The order (colex, of the smaller of the mine and
    /// the free sets) is not part of the reproducibility promise.
    pub fn place_nth(&self, rank: u64, sink: &mut impl MineSink) -> Result<()> {
        let cells = self.check()?;
        let excluded = self.exclusion.cells(self.rows, self.cols);
        let n = (cells - excluded.len) as u64;
        let k = self.mines as u64;
        if rank >= binomial_capped(n, k, rank) {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                format_args!("layout {rank} does not exist: there are fewer"),
            ));
        }
        // Unrank the smaller set, so every binomial below stays under the count.
        let mines_ranked = k <= n - k;
        let size = if mines_ranked { k } else { n - k };
        let (mut r, mut hi, mut i) = (rank, n, size);
        // Allowed cells from `n - 1` down, each a mine or not as the unranked set says.
        let mut v = n;
        while v > 0 {
            let next_in_set = if i > 0 {
                // The largest c < hi with C(c, i) <= r: the set's next element, descending.
                let mut c = hi - 1;
                while binomial_capped(c, i, r) > r {
                    c -= 1;
                }
                r -= binomial_capped(c, i, r);
                hi = c;
                i -= 1;
                Some(c)
            } else {
                None
            };
            // Cells between v - 1 and the set's next element are outside the set.
            let stop = next_in_set.map_or(0, |c| c + 1);
            while v > stop {
                v -= 1;
                if !mines_ranked {
                    sink.place(excluded.nth_allowed(v as usize));
                }
            }
            if let Some(c) = next_in_set {
                v = c;
                if mines_ranked {
                    sink.place(excluded.nth_allowed(c as usize));
                }
            }
        }
        Ok(())
    }

    /// The mines for `seed` as a bit set over the cells (row-major).
    pub fn to_bitset(&self, seed: u64) -> Result<BitSet> {
        let mut bits = BitSet::new(self.check()?)?;
        self.place(seed, &mut bits)?;
        Ok(bits)
    }

    /// The mines for `seed` as a hidden LeetCode board: 'M' for a mine, 'E' elsewhere.
    pub fn to_board(&self, seed: u64) -> Result<Vec<u8>> {
        let mut board = try_filled(self.check()?, EMPTY)?;
        self.place(seed, &mut HiddenBoard(&mut board))?;
        Ok(board)
    }
}

/// `C(n, k)`, or `cap + 1` when it exceeds `cap` (0 when `k > n`).
fn binomial_capped(n: u64, k: u64, cap: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut b: u128 = 1;
    for j in 0..k {
        // C(n, j) (n - j) / (j + 1) = C(n, j + 1), exact; C(n, j) grows with j up to k.
        b = b * u128::from(n - j) / u128::from(j + 1);
        if b > u128::from(cap) {
            return cap.saturating_add(1);
        }
    }
    b as u64
}

/// A hidden LeetCode board as a sink: 'E' becomes 'M'.
struct HiddenBoard<'a>(&'a mut [u8]);

impl MineSink for HiddenBoard<'_> {
    fn place(&mut self, index: usize) -> bool {
        let cell = &mut self.0[index];
        let fresh = *cell != MINE;
        *cell = MINE;
        fresh
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(rows: usize, cols: usize, mines: usize, exclusion: Exclusion) -> Layout {
        Layout {
            rows,
            cols,
            mines,
            exclusion,
        }
    }

    #[test]
    fn keeps_clear_is_the_cell_or_its_clipped_block() {
        for (rows, cols) in [(1usize, 1usize), (2, 3), (4, 5), (9, 9)] {
            for (er, ec) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
                for row in 0..rows + 2 {
                    for col in 0..cols + 2 {
                        let on = row < rows && col < cols;
                        let near = row.abs_diff(er) <= 1 && col.abs_diff(ec) <= 1;
                        let cell = Exclusion::Cell(er, ec);
                        let block = Exclusion::Block(er, ec);
                        assert_eq!(
                            cell.keeps_clear(rows, cols, row, col),
                            (row, col) == (er, ec)
                        );
                        assert_eq!(block.keeps_clear(rows, cols, row, col), on && near);
                        assert!(!Exclusion::None.keeps_clear(rows, cols, row, col));
                    }
                }
            }
        }
        // An exclusion centred off the board keeps nothing clear, and never panics.
        assert!(!Exclusion::Block(9, 0).keeps_clear(9, 9, 8, 0));
        assert!(!Exclusion::Cell(usize::MAX, 0).keeps_clear(9, 9, 0, 0));
        // So does a board too large to number its cells.
        let big = 1usize << (usize::BITS / 2 + 1);
        let mid = big / 2;
        assert!(!Exclusion::Block(mid, 1).keeps_clear(big, big, mid, 1));
        assert!(Exclusion::Block(mid, 1).keeps_clear(big, 2, mid, 1));
    }

    #[test]
    fn golden_layout_never_changes() {
        // Players share seeds: if this fails, the reproducibility promise in README.md broke.
        let board = layout(9, 9, 10, Exclusion::Block(4, 4))
            .to_board(2024)
            .unwrap();
        assert_eq!(String::from_utf8(board).unwrap(), GOLDEN_9X9_SEED_2024);
    }

    /// Also derived by an independent transcription of the module docs (Python, in README.md).
    const GOLDEN_9X9_SEED_2024: &str = concat!(
        "EEEEEEMME",
        "MEMEEEEEE",
        "EMEEEEEEE",
        "EEEEEEMEE",
        "EEEEEEEME",
        "MEMEEEEEE",
        "EEEEEEEEE",
        "EMEEEEEEE",
        "EEEEEEEEE",
    );

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn excluded_cells_stay_clear_and_counts_are_exact() {
        for seed in 0..200 {
            for (r, c) in [(0, 0), (0, 3), (2, 4), (4, 4)] {
                let board = layout(5, 5, 16, Exclusion::Block(r, c))
                    .to_board(seed)
                    .unwrap();
                assert_eq!(board.iter().filter(|&&b| b == b'M').count(), 16);
                for (i, &b) in board.iter().enumerate() {
                    let (rr, cc) = (i / 5, i % 5);
                    if rr.abs_diff(r) <= 1 && cc.abs_diff(c) <= 1 {
                        assert_eq!(b, b'E', "seed {seed}, click ({r}, {c})");
                    }
                }
            }
        }
    }

    #[test]
    fn full_boards_and_limits() {
        // The corner block of a 2 x 2 board covers everything, so no mine fits.
        assert!(layout(2, 2, 0, Exclusion::Block(0, 0)).check().is_ok());
        let e = layout(2, 2, 1, Exclusion::Block(1, 1)).check().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooManyMines);
        assert_eq!(
            e.detail(),
            "1 mines do not fit on a 2 x 2 board with the first click's 3x3 block kept clear; \
             at most 0 are allowed"
        );
        // A corner block on a big board excludes 4 cells, a middle one 9.
        assert!(layout(4, 4, 12, Exclusion::Block(0, 0)).check().is_ok());
        assert!(layout(4, 4, 7, Exclusion::Block(1, 1)).check().is_ok());
        assert!(layout(4, 4, 8, Exclusion::Block(1, 1)).check().is_err());
        let b = layout(3, 3, 8, Exclusion::Cell(1, 1)).to_board(5).unwrap();
        assert_eq!(&b, b"MMMMEMMMM");
        let b = layout(2, 3, 6, Exclusion::None).to_board(5).unwrap();
        assert_eq!(&b, b"MMMMMM");
        assert_eq!(
            layout(2, 3, 7, Exclusion::None)
                .check()
                .unwrap_err()
                .detail(),
            "7 mines do not fit on a 2 x 3 board; at most 6 are allowed"
        );
        assert_eq!(
            layout(2, 3, 1, Exclusion::Cell(2, 0))
                .check()
                .unwrap_err()
                .kind(),
            ErrorKind::OutOfBounds
        );
        assert_eq!(
            layout(0, 3, 0, Exclusion::None).check().unwrap_err().kind(),
            ErrorKind::ZeroSize
        );
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn every_subset_is_about_equally_likely() {
        // 2 mines among the 8 cells around a kept-clear centre: 28 subsets.
        let mut counts = std::collections::HashMap::new();
        let runs = 28_000;
        for seed in 0..runs {
            let bits = layout(3, 3, 2, Exclusion::Cell(1, 1))
                .to_bitset(seed)
                .unwrap();
            let key: Vec<usize> = (0..9).filter(|&i| bits.get(i)).collect();
            *counts.entry(key).or_insert(0u32) += 1;
        }
        assert_eq!(counts.len(), 28);
        // Expected 1000 each; a deviation of 5 sigma (about 160) would flag a bias.
        for (k, &n) in &counts {
            assert!((840..=1160).contains(&n), "{k:?} came up {n} times");
        }
    }

    #[test]
    fn bitset_and_board_agree() {
        let l = layout(7, 11, 30, Exclusion::Cell(3, 3));
        let bits = l.to_bitset(99).unwrap();
        let board = l.to_board(99).unwrap();
        for (i, &b) in board.iter().enumerate() {
            assert_eq!(bits.get(i), b == b'M');
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn numbered_layouts_are_every_layout_once() {
        for (rows, cols) in [(1, 1), (1, 5), (2, 3), (3, 3), (3, 4)] {
            for exclusion in [
                Exclusion::None,
                Exclusion::Cell(0, 0),
                Exclusion::Block(1, 1),
            ] {
                let cells = rows * cols;
                let clear = |i: usize| match exclusion {
                    Exclusion::None => false,
                    Exclusion::Cell(r, c) => i == r * cols + c,
                    Exclusion::Block(r, c) => {
                        (i / cols).abs_diff(r) <= 1 && (i % cols).abs_diff(c) <= 1
                    }
                };
                let free = (0..cells).filter(|&i| !clear(i)).count();
                if matches!(exclusion, Exclusion::Block(1, 1)) && rows < 2 {
                    continue;
                }
                for mines in 0..=free {
                    let l = layout(rows, cols, mines, exclusion);
                    // The reference: every subset of the free cells with `mines` elements.
                    let expected = (0u32..1 << cells)
                        .filter(|m| m.count_ones() as usize == mines)
                        .filter(|m| (0..cells).all(|i| m >> i & 1 == 0 || !clear(i)))
                        .count() as u64;
                    assert_eq!(l.count_up_to(u64::MAX).unwrap(), Some(expected));
                    assert_eq!(l.count_up_to(expected).unwrap(), Some(expected));
                    if expected > 0 {
                        assert_eq!(l.count_up_to(expected - 1).unwrap(), None);
                    }
                    let mut seen = std::collections::HashSet::new();
                    for rank in 0..expected {
                        let mut bits = BitSet::new(cells).unwrap();
                        l.place_nth(rank, &mut bits).unwrap();
                        let set: Vec<usize> = (0..cells).filter(|&i| bits.get(i)).collect();
                        assert_eq!(set.len(), mines, "{rows}x{cols} {exclusion:?} {rank}");
                        assert!(set.iter().all(|&i| !clear(i)));
                        assert!(seen.insert(set), "layout {rank} repeats");
                    }
                    let mut bits = BitSet::new(cells).unwrap();
                    assert!(l.place_nth(expected, &mut bits).is_err());
                }
            }
        }
    }
}
