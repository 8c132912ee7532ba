//! Neighbour counts along one row, read from the three rows around it column by column, and the
//! word-at-a-time byte tests that let long runs of blank cells go by eight at a time.
//!
//! A column sum `S(x)` is the number of mines in column `x` of the rows above, at and below the
//! row. A cell's count is `S(x-1) + S(x) + S(x+1)`, so while a run of blanks is extended to the
//! right only one new column has to be read per cell: if cell `x-1` has no neighbouring mine then
//! `S(x-1) = S(x) = 0`, and cell `x` is blank exactly when `S(x+1) = 0`.

use super::alphabet::{MineTable, EMPTY};
use super::block;

/// A table under which nothing is a mine, for the missing row above the top or below the bottom.
const NO_MINES: MineTable = [0; 256];

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Nonzero exactly when some byte of `v` is zero; its lowest set bit marks the first zero byte
/// (a borrow can only flag bytes above a real zero).
#[inline]
fn zero_bytes(v: u64) -> u64 {
    v.wrapping_sub(ONES) & !v & HIGHS
}

#[inline]
fn broadcast(b: u8) -> u64 {
    ONES * u64::from(b)
}

#[inline]
fn word(s: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&s[at..at + 8]);
    u64::from_le_bytes(w)
}

/// Index of the first byte of `hay` equal to `b`, eight bytes at a time.
pub(crate) fn find_byte(hay: &[u8], b: u8) -> Option<usize> {
    let pat = broadcast(b);
    let mut chunks = hay.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let z = zero_bytes(word(chunk, 0) ^ pat);
        if z != 0 {
            return Some(at + z.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&x| x == b)
        .map(|i| at + i)
}

/// The mine bytes of a table, when there are one to four of them, for block tests.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MineBytes {
    bytes: [u8; 4],
    len: usize,
}

impl MineBytes {
    /// `None` when the table has no mine byte or more than four (the scalar path handles those).
    pub(crate) fn of(table: &MineTable) -> Option<Self> {
        let mut bytes = [0u8; 4];
        let mut len = 0;
        for (b, &m) in table.iter().enumerate() {
            if m != 0 {
                if len == bytes.len() {
                    return None;
                }
                bytes[len] = b as u8;
                len += 1;
            }
        }
        (len > 0).then_some(MineBytes { bytes, len })
    }

    /// The bytes, and how many of them are in use.
    #[inline(always)]
    pub(crate) fn bytes(&self) -> ([u8; 4], usize) {
        (self.bytes, self.len)
    }
}

/// Cells per block test.
const BLOCK: usize = 16;

/// Whether cells `x..x+BLOCK` of `mid` are hidden-empty and no byte of the three rows in columns
/// `x+1..=x+BLOCK` is one of the first `N` mine bytes. Plain comparisons over fixed-size arrays,
/// which the compiler turns into vector compares.
#[inline(always)]
fn block_clear<const N: usize>(up: &[u8], mid: &[u8], down: &[u8], x: usize, m: &[u8; 4]) -> bool {
    let here: &[u8; BLOCK] = mid[x..x + BLOCK].try_into().unwrap();
    let a: &[u8; BLOCK] = up[x + 1..x + 1 + BLOCK].try_into().unwrap();
    let b: &[u8; BLOCK] = mid[x + 1..x + 1 + BLOCK].try_into().unwrap();
    let c: &[u8; BLOCK] = down[x + 1..x + 1 + BLOCK].try_into().unwrap();
    let mut bad = [false; BLOCK];
    for i in 0..BLOCK {
        let mut hit = here[i] != EMPTY;
        for &mine in &m[..N] {
            hit |= (a[i] == mine) | (b[i] == mine) | (c[i] == mine);
        }
        bad[i] = hit;
    }
    bad == [false; BLOCK]
}

/// How far from `x` the blank cells reach, a block at a time: the first `x' >= x` at which a
/// whole block is not blank (so the stop lies within `x'..x'+BLOCK`, or the row ends soon).
#[inline(always)]
fn skip_blocks<const N: usize>(
    up: &[u8],
    mid: &[u8],
    down: &[u8],
    mut x: usize,
    m: &[u8; 4],
) -> usize {
    while x + BLOCK < mid.len() && block_clear::<N>(up, mid, down, x, m) {
        x += BLOCK;
    }
    x
}

/// Hidden cells found to touch mines, waiting to be written: (column, count).
pub(crate) struct Digits {
    cells: [(usize, u32); 64],
    len: usize,
}

impl Digits {
    pub(crate) fn new() -> Self {
        Digits {
            cells: [(0, 0); 64],
            len: 0,
        }
    }

    /// Adds one; false when only the two slots kept for a run's ends remain.
    #[inline]
    fn push(&mut self, col: usize, count: u32) -> bool {
        self.push_end(col, count);
        self.len + 2 < self.cells.len()
    }

    #[inline]
    fn push_end(&mut self, col: usize, count: u32) {
        self.cells[self.len] = (col, count);
        self.len += 1;
    }

    /// Takes all, leaving the buffer empty.
    pub(crate) fn drain(&mut self) -> impl Iterator<Item = (usize, u32)> + '_ {
        let n = std::mem::take(&mut self.len);
        self.cells[..n].iter().copied()
    }
}

/// Where [`Window::classify`] stopped.
pub(crate) enum Classified {
    /// Past the end of the stretch.
    Done,
    /// The digit buffer filled up; resume at this column.
    Full(usize),
    /// The blank run `left..=right` (cells with no neighbouring mine).
    Blank(usize, usize),
}

/// Row `r` of a grid with the rows above and below it. A missing neighbour row is stood in for by
/// row `r` itself read through a table with no mines, so edges need no branches.
pub(crate) struct Window<'a> {
    up: &'a [u8],
    mid: &'a [u8],
    down: &'a [u8],
    t_up: &'a MineTable,
    t_mid: &'a MineTable,
    t_down: &'a MineTable,
    words: Option<MineBytes>,
}

impl<'a> Window<'a> {
    /// The window around row `r` of a `rows x cols` grid.
    #[inline(always)]
    pub(crate) fn new(
        cells: &'a [u8],
        rows: usize,
        cols: usize,
        r: usize,
        mines: &'a MineTable,
        words: Option<MineBytes>,
    ) -> Self {
        let mid = &cells[r * cols..][..cols];
        let (up, t_up) = if r > 0 {
            (&cells[(r - 1) * cols..][..cols], mines)
        } else {
            (mid, &NO_MINES)
        };
        let (down, t_down) = if r + 1 < rows {
            (&cells[(r + 1) * cols..][..cols], mines)
        } else {
            (mid, &NO_MINES)
        };
        Window {
            up,
            mid,
            down,
            t_up,
            t_mid: mines,
            t_down,
            words,
        }
    }

    /// Whether column `x` (of the three rows) holds no mine.
    #[inline]
    fn column_clear(&self, x: usize) -> bool {
        (self.t_up[self.up[x] as usize]
            | self.t_mid[self.mid[x] as usize]
            | self.t_down[self.down[x] as usize])
            == 0
    }

    /// Mines in column `x` of the three rows.
    #[inline(always)]
    fn column(&self, x: usize) -> u32 {
        u32::from(self.t_up[self.up[x] as usize])
            + u32::from(self.t_mid[self.mid[x] as usize])
            + u32::from(self.t_down[self.down[x] as usize])
    }

    /// Walks the row from `from` to at most `to`, sliding the three column sums along, and notes
    /// each hidden-empty cell that touches a mine in `digits`. Stops at the first hidden-empty
    /// cell with no neighbouring mine, and then finds its whole blank run and notes the hidden
    /// cells just past the run's ends as digits too; or stops past `to`, or when `digits` is
    /// nearly full.
    pub(crate) fn classify(&self, from: usize, to: usize, digits: &mut Digits) -> Classified {
        let cols = self.mid.len();
        let mut x = from;
        'skip: while x <= to {
            // Revealed stretches are passed eight bytes at a time.
            match find_byte(&self.mid[x..=to], EMPTY) {
                Some(k) => x += k,
                None => return Classified::Done,
            }
            let mut left = if x > 0 { self.column(x - 1) } else { 0 };
            let mut here = self.column(x);
            loop {
                let right = if x + 1 < cols { self.column(x + 1) } else { 0 };
                if self.mid[x] != EMPTY {
                    x += 1;
                    continue 'skip;
                }
                let k = left + here + right;
                if k == 0 {
                    return self.blank_run(from, x, digits);
                }
                if !digits.push(x, k) {
                    return Classified::Full(x + 1);
                }
                x += 1;
                if x > to {
                    return Classified::Done;
                }
                left = here;
                here = right;
            }
        }
        Classified::Done
    }

    /// The blank run through the blank cell `x`, noting the hidden cells at its ends as digits
    /// (cells from `from` on have been noted already).
    #[inline]
    fn blank_run(&self, from: usize, x: usize, digits: &mut Digits) -> Classified {
        let (left, right) = (self.run_start(x), self.run_end(x));
        // Both ends have room: `push` reports full while two slots remain.
        if left > 0 && left - 1 < from && self.mid[left - 1] == EMPTY {
            digits.push_end(left - 1, self.count(left - 1));
        }
        if right + 1 < self.mid.len() && self.mid[right + 1] == EMPTY {
            digits.push_end(right + 1, self.count(right + 1));
        }
        Classified::Blank(left, right)
    }

    /// Mines among the eight neighbours of cell `c` (the cell itself is hidden-empty: not a mine).
    #[inline]
    pub(crate) fn count(&self, c: usize) -> u32 {
        if c == 0 || c + 1 >= self.mid.len() {
            return self.count_at_edge(c);
        }
        let three = |row: &[u8], t: &MineTable| {
            let w: &[u8; 3] = row[c - 1..c + 2].try_into().unwrap();
            u32::from(t[w[0] as usize]) + u32::from(t[w[1] as usize]) + u32::from(t[w[2] as usize])
        };
        three(self.up, self.t_up) + three(self.mid, self.t_mid) + three(self.down, self.t_down)
    }

    #[cold]
    fn count_at_edge(&self, c: usize) -> u32 {
        block::span(c, self.mid.len())
            .map(|x| {
                u32::from(self.t_up[self.up[x] as usize])
                    + u32::from(self.t_mid[self.mid[x] as usize])
                    + u32::from(self.t_down[self.down[x] as usize])
            })
            .sum()
    }

    /// The leftmost cell of the blank run through the blank cell `c`: cells to its left are
    /// taken while they are hidden-empty with no neighbouring mine.
    #[inline]
    pub(crate) fn run_start(&self, c: usize) -> usize {
        let mut x = c;
        // Cell x-1 is blank when it is hidden-empty and column x-2 is clear (x-1, x are clear).
        while x > 0 && self.mid[x - 1] == EMPTY && (x == 1 || self.column_clear(x - 2)) {
            x -= 1;
        }
        x
    }

    /// The rightmost cell of the blank run through the blank cell `c`.
    #[inline]
    pub(crate) fn run_end(&self, c: usize) -> usize {
        let cols = self.mid.len();
        // Invariant: cells c..x are blank, so columns up to x are clear.
        let mut x = c + 1;
        if let Some(m) = self.words {
            // A missing row is stood in for by `mid`, which is tested anyway, so the block tests
            // need no table. (The table's values for mine bytes are nonzero, so "no mine byte"
            // is "all columns clear".)
            let (up, mid, down) = (self.up, self.mid, self.down);
            x = match m.len {
                1 => skip_blocks::<1>(up, mid, down, x, &m.bytes),
                2 => skip_blocks::<2>(up, mid, down, x, &m.bytes),
                3 => skip_blocks::<3>(up, mid, down, x, &m.bytes),
                _ => skip_blocks::<4>(up, mid, down, x, &m.bytes),
            };
        }
        while x < cols && self.mid[x] == EMPTY && (x + 1 == cols || self.column_clear(x + 1)) {
            x += 1;
        }
        x - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mines::LEETCODE_MINES;

    #[test]
    fn find_byte_matches_position() {
        let mut hay = vec![b'B'; 37];
        assert_eq!(find_byte(&hay, b'E'), None);
        for i in [0, 7, 8, 9, 31, 32, 36] {
            hay[i] = b'E';
            assert_eq!(find_byte(&hay, b'E'), hay.iter().position(|&x| x == b'E'));
            // A byte just above the pattern must not be mistaken for it.
            hay[i] = b'F';
        }
        hay[3] = 0x01;
        assert_eq!(find_byte(&hay, 0), None);
        assert_eq!(find_byte(&hay, 1), Some(3));
    }

    #[test]
    fn mine_bytes_limits() {
        let m = MineBytes::of(&LEETCODE_MINES).unwrap();
        assert_eq!(&m.bytes[..m.len], b"MX");
        assert!(MineBytes::of(&[0; 256]).is_none());
        assert!(MineBytes::of(&[1; 256]).is_none());
    }

    #[test]
    fn block_test_sees_every_position() {
        let m = *b"MX\0\0";
        let row = [b'E'; 40];
        assert!(block_clear::<2>(&row, &row, &row, 3, &m));
        for i in 0..40 {
            for (which, bad) in [(0, b'M'), (1, b'X'), (2, b'M'), (1, b'B')] {
                let mut rows = [row; 3];
                rows[which][i] = bad;
                let [a, b, c] = &rows;
                // Columns 4..=19 of the three rows, cells 3..19 of the middle one.
                let not_empty = which == 1 && (3..19).contains(&i);
                let mine = bad != b'B' && (4..20).contains(&i);
                let touched = not_empty || mine;
                assert_eq!(
                    !block_clear::<2>(a, b, c, 3, &m),
                    touched,
                    "{which} {bad} {i}"
                );
            }
        }
    }

    #[test]
    fn runs_stop_before_cells_next_to_mines() {
        // Row 1 of a 3 x 20 grid; a mine at (0, 3) and one at (2, 15).
        let mut cells = vec![b'E'; 60];
        cells[3] = b'M';
        cells[40 + 15] = b'M';
        for words in [MineBytes::of(&LEETCODE_MINES), None] {
            let w = Window::new(&cells, 3, 20, 1, &LEETCODE_MINES, words);
            assert_eq!(w.count(2), 1);
            assert_eq!(w.count(9), 0);
            assert_eq!(w.run_start(9), 5);
            assert_eq!(w.run_end(9), 13);
            assert_eq!(w.run_end(18), 19);
            assert_eq!(w.run_start(0), 0);
            assert_eq!(w.run_end(0), 1);
        }
    }
}
