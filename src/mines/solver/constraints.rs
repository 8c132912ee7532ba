//! The deduction core: the constraints that revealed numbers put on their hidden neighbours.
//!
//! A revealed number `d` says "my hidden neighbours hold exactly `d` mines". Only numbers with a
//! hidden neighbour say anything, and only the hidden cells next to such a number (the
//! *frontier*) are constrained; every other hidden cell is *floating*: only the mine total
//! touches it. [`Constraints::build`] reads those numbers and nothing else, then
//!
//! 1. runs the cheap rules to a fixpoint:
//!    - a number whose remaining need is 0 makes its undetermined cells safe, and one whose need
//!      equals its undetermined cells makes them mines;
//!    - two numbers that share cells bound the mines in the overlap, which can settle the cells
//!      only one of them sees (the subset rule is the case where one number's cells lie inside
//!      the other's);
//! 2. puts the undetermined frontier cells that have the same numbers around them into *groups*
//!    (at most 8 cells, all interchangeable);
//! 3. splits the numbers that still constrain something into independent *components*.
//!
//! Exact counting, the hint, the endgame search, the certain-move player and the no-guess
//! generator all start here. The rules use the numbers alone, so what they settle holds whatever
//! the mine total.
//!
//! The struct is its own scratch: building again reuses every buffer, and every buffer grows
//! fallibly, so a view too large for memory is `OutOfMemory`, never an abort.

use crate::error::{try_push, try_refill, Error, ErrorKind, Result};
use crate::mines::board::bit_rows::{BitRows, Count};

/// A hidden cell, as the core reads a grid.
pub(crate) const HIDDEN: u8 = 0xFF;
/// A hidden cell already known to hold a mine (the certain-move player marks them).
pub(crate) const KNOWN_MINE: u8 = 0xFE;
/// No index.
const NONE: u32 = u32::MAX;

// The planes of `read_all`'s masks.
/// Hidden cells (not known mines).
const HID: usize = 0;
/// Known or settled mines.
const MINE: usize = 1;
/// Settled safe cells.
const SAFE: usize = 2;
/// Revealed cells.
const REV: usize = 3;
/// Bits 0..3 of a revealed cell's number (four planes).
const DIGIT: usize = 4;
const PLANES: usize = 8;

/// Byte -> meaning for grids whose bytes already are counts 0..=8 or [`HIDDEN`] (a `View`).
pub(crate) const VIEW_DECODE: [u8; 256] = {
    let mut t = [HIDDEN; 256];
    let mut d = 0;
    while d <= 8 {
        t[d as usize] = d;
        d += 1;
    }
    t[KNOWN_MINE as usize] = KNOWN_MINE;
    t
};

/// A grid as the core reads it: one byte per cell, row-major, that `decode` turns into a revealed
/// count 0..=8, [`HIDDEN`] or [`KNOWN_MINE`].
#[derive(Clone, Copy)]
pub(crate) struct Grid<'a> {
    pub cells: &'a [u8],
    pub rows: usize,
    pub cols: usize,
    pub decode: &'a [u8; 256],
}

impl Grid<'_> {
    #[inline]
    fn at(&self, i: usize) -> u8 {
        self.decode[usize::from(self.cells[i])]
    }
}

/// What is known of a frontier cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Fate {
    #[default]
    Unknown,
    Safe,
    Mine,
}

/// A revealed number with an undetermined hidden neighbour.
#[derive(Clone, Copy)]
struct Number {
    /// Its board cell.
    at: u32,
    /// Mines still to place among its undetermined cells.
    need: i8,
    /// Undetermined cells left.
    open: u8,
    /// Cells in `cells`.
    len: u8,
    queued: bool,
    pair_queued: bool,
    /// The pair rule's visit stamp.
    seen: u32,
    /// Its hidden neighbours that were undetermined when read (frontier cell ids).
    cells: [u32; 8],
}

/// A hidden cell next to a number.
#[derive(Clone, Copy)]
struct Cell {
    /// Its board cell.
    at: u32,
    fate: Fate,
    len: u8,
    /// The pair rule's mark; then its group.
    mark: u32,
    /// The numbers around it, ascending once grouped.
    nums: [u32; 8],
}

/// The constraints of a grid after the cheap rules, in compressed rows.
#[derive(Default)]
pub(crate) struct Constraints {
    rows: usize,
    cols: usize,
    /// Per board cell: its number (revealed) or frontier cell (hidden), NONE elsewhere. All NONE
    /// between builds: each build clears what it set.
    slot: Vec<u32>,
    nums: Vec<Number>,
    cells: Vec<Cell>,
    // The rules' work lists.
    queue: Vec<u32>,
    pair_queue: Vec<u32>,
    stamp: u32,
    settle_buf: Vec<(u32, Fate)>,
    // What the rules settled (board cells).
    safe: Vec<u32>,
    mines: Vec<u32>,
    hidden: usize,
    // Groups, active numbers and components of what is left.
    group_start: Vec<u32>,
    group_cells: Vec<u32>,
    group_size: Vec<u32>,
    group_num_start: Vec<u32>,
    group_nums: Vec<u32>,
    act_of: Vec<u32>,
    act_num: Vec<u32>,
    act_group_start: Vec<u32>,
    act_groups: Vec<u32>,
    comp_start: Vec<u32>,
    comp_groups: Vec<u32>,
    parent: Vec<u32>,
    rules: RowRules,
    /// Numbers recorded by every build so far.
    recorded: u64,
}

impl std::fmt::Debug for Constraints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Constraints {{ {} numbers, {} groups, {} components }}",
            self.act_num.len(),
            self.group_size.len(),
            self.components()
        )
    }
}

/// The single-number rule on whole rows of bit masks (`bit_rows.rs`), 64 cells a word: a
/// number whose undetermined neighbours must all be mines (it needs as many as are left) or all
/// safe (it needs none) settles them. Settling a row's cells marks the rows that see them, and
/// sweeps alternate down and up over the marked rows until none is left.
///
/// A build loads every row at once. The certain-move player keeps its `RowRules` between moves
/// and reloads only the rows a reveal changed, so a cascade of reveals costs what it changes.
#[derive(Default)]
pub(crate) struct RowRules {
    planes: BitRows,
    rows: usize,
    cols: usize,
    /// Rows with a word to look at again, and those words.
    dirty: Vec<bool>,
    dirty_words: Vec<bool>,
    pending: usize,
    cursor: usize,
    down: bool,
    row_buf: Vec<u64>,
    /// Rows whose settled cells grew since [`RowRules::take_grown`].
    grown: Vec<bool>,
    grown_rows: Vec<u32>,
    /// Words read or decided so far: a deterministic measure of the work done.
    work: u64,
}

impl RowRules {
    /// Reads every row of `grid`, checks that no number shows more than its hidden neighbours,
    /// and marks every row; returns the number of hidden cells (known mines aside).
    pub(crate) fn load(&mut self, grid: Grid) -> Result<usize> {
        let (rows, cols) = (grid.rows, grid.cols);
        self.rows = rows;
        self.cols = cols;
        self.planes.reset(rows, cols, PLANES)?;
        try_refill(&mut self.dirty, rows, true)?;
        try_refill(&mut self.dirty_words, rows * self.planes.words(), true)?;
        try_refill(&mut self.grown, rows, false)?;
        self.grown_rows.clear();
        self.pending = rows;
        self.cursor = 0;
        self.down = true;
        try_refill(&mut self.row_buf, 2 * self.planes.words(), 0)?;
        let mut hidden = 0;
        for r in 0..rows {
            hidden += self.read_row(grid, r, false);
        }
        self.work += (rows * self.planes.words()) as u64;
        let b = &self.planes;
        for r in 0..rows {
            for w in 0..b.words() {
                let all = b.sum3x3(r, w, |p| p[HID] | p[MINE]);
                let bad = b.get(r, REV, w) & all.lt(digits(b, r, w));
                if bad != 0 {
                    let i = first_bit(r, w, cols, bad) as usize;
                    let d = grid.at(i);
                    let h = (0..4)
                        .map(|k| (all.0[k] >> (i % cols % 64) & 1) << k)
                        .sum::<u64>();
                    let (r, c) = (i / cols, i % cols);
                    return Err(Error::new(
                        ErrorKind::Inconsistent,
                        format!("cell ({r}, {c}) shows {d} but has only {h} hidden neighbours"),
                    ));
                }
            }
        }
        Ok(hidden)
    }

    /// Reads rows `first..=last` of `grid` again after reveals changed them, keeping what was
    /// settled of the cells still hidden, and marks the rows that see them.
    pub(crate) fn reload(&mut self, grid: Grid, first: usize, last: usize) {
        for r in first..=last {
            self.read_row(grid, r, true);
            self.work += self.planes.words() as u64;
            for w in 0..self.planes.words() {
                self.mark(r, w, !0);
            }
        }
    }

    /// Records that hidden cell `(r, c)` now shows `d` (a reveal that flooded nothing), and marks
    /// the words that see it.
    pub(crate) fn revealed(&mut self, r: usize, c: usize, d: u8) {
        let (w, bit) = (c / 64, 1u64 << (c % 64));
        for p in [HID, MINE, SAFE] {
            *self.planes.get_mut(r, p, w) &= !bit;
        }
        *self.planes.get_mut(r, REV, w) |= bit;
        for k in 0..4 {
            if d >> k & 1 != 0 {
                *self.planes.get_mut(r, DIGIT + k, w) |= bit;
            }
        }
        self.mark(r, w, bit);
    }

    /// Records that hidden cell `(r, c)` is a mine, and marks the words that see it.
    pub(crate) fn mine(&mut self, r: usize, c: usize) {
        let (w, bit) = (c / 64, 1u64 << (c % 64));
        *self.planes.get_mut(r, MINE, w) |= bit;
        self.mark(r, w, bit);
    }

    /// Marks the words whose numbers see the cells `bits` of word `w` of row `r`.
    fn mark(&mut self, r: usize, w: usize, bits: u64) {
        let words = self.planes.words();
        let (lo, hi) = (
            if bits & 1 != 0 {
                w.saturating_sub(1)
            } else {
                w
            },
            if bits >> 63 != 0 {
                (w + 1).min(words - 1)
            } else {
                w
            },
        );
        for rr in r.saturating_sub(1)..(r + 2).min(self.rows) {
            for ww in lo..=hi {
                self.dirty_words[rr * words + ww] = true;
            }
            if !self.dirty[rr] {
                self.dirty[rr] = true;
                self.pending += 1;
            }
        }
    }

    /// Reads row `r` into the masks; returns its hidden cells.
    fn read_row(&mut self, grid: Grid, r: usize, keep: bool) -> usize {
        let cols = grid.cols;
        let decoded = std::ptr::eq(grid.decode, &VIEW_DECODE);
        let mut buf = [0u8; 64];
        let mut hidden = 0;
        for (w, chunk) in grid.cells[r * cols..(r + 1) * cols].chunks(64).enumerate() {
            // Decoded values, padded with a byte that is in no plane.
            let cells: &[u8] = if decoded && chunk.len() == 64 {
                chunk
            } else {
                for (d, &byte) in buf.iter_mut().zip(chunk) {
                    *d = grid.decode[usize::from(byte)];
                }
                buf[chunk.len()..].fill(0xFD);
                &buf
            };
            let mut m = [0u64; 8];
            for (k, eight) in cells.chunks_exact(8).enumerate() {
                let x = u64::from_le_bytes(eight.try_into().expect("8 bytes"));
                for (plane, bits) in m.iter_mut().zip(byte_planes(x)) {
                    *plane |= u64::from(bits) << (8 * k);
                }
            }
            if keep {
                m[MINE] |= self.planes.get(r, MINE, w) & m[HID];
                m[SAFE] = self.planes.get(r, SAFE, w) & m[HID];
            }
            hidden += m[HID].count_ones() as usize;
            for (p, &x) in m.iter().enumerate() {
                *self.planes.get_mut(r, p, w) = x;
            }
        }
        hidden
    }

    /// Runs the rule to a fixpoint over the marked rows.
    ///
    /// Errors: `Inconsistent` when a number needs fewer mines than it sees or more than it can
    /// have.
    pub(crate) fn settle(&mut self) -> Result<()> {
        let (rows, cols, words) = (self.rows, self.cols, self.planes.words());
        while self.pending > 0 {
            let Some(r) = next_dirty(&self.dirty, &mut self.cursor, self.down) else {
                self.down = !self.down;
                continue;
            };
            self.dirty[r] = false;
            self.pending -= 1;
            // The row's dirty words decide; a word's decisions reach its neighbours' edge bits.
            let mut any = 0;
            for w in 0..words {
                let (mut to_mine, mut to_safe) = (0, 0);
                if std::mem::take(&mut self.dirty_words[r * words + w]) {
                    self.work += 1;
                    let b = &self.planes;
                    let d = digits(b, r, w);
                    let mines = b.sum3x3(r, w, |p| p[MINE]);
                    let possible = b.sum3x3(r, w, |p| p[MINE] | undetermined(p));
                    let rev = b.get(r, REV, w);
                    let bad = rev & (d.lt(mines) | possible.lt(d));
                    if bad != 0 {
                        return Err(contradiction(first_bit(r, w, cols, bad), cols));
                    }
                    let open = rev & b.any3x3(r, w, undetermined);
                    to_mine = open & d.eq(possible);
                    to_safe = open & d.eq(mines);
                }
                self.row_buf[w] = to_mine;
                self.row_buf[words + w] = to_safe;
                any |= to_mine | to_safe;
            }
            if any == 0 {
                continue;
            }
            for rr in r.saturating_sub(1)..(r + 2).min(rows) {
                let mut changed = false;
                for w in 0..words {
                    let spread = |v: &[u64]| {
                        let mid = v[w];
                        let before = if w > 0 { v[w - 1] } else { 0 };
                        let after = if w + 1 < words { v[w + 1] } else { 0 };
                        mid | mid << 1 | before >> 63 | mid >> 1 | after << 63
                    };
                    let u = undetermined(self.planes.planes(rr, w));
                    let mines = spread(&self.row_buf[..words]) & u;
                    let safe = spread(&self.row_buf[words..]) & u;
                    if mines | safe != 0 {
                        *self.planes.get_mut(rr, MINE, w) |= mines;
                        *self.planes.get_mut(rr, SAFE, w) |= safe;
                        self.mark(rr, w, mines | safe);
                        changed = true;
                    }
                }
                if changed && !self.grown[rr] {
                    self.grown[rr] = true;
                    try_push(&mut self.grown_rows, rr as u32)?;
                }
            }
        }
        Ok(())
    }

    /// The rows whose settled cells grew since the last call, in no particular order.
    pub(crate) fn take_grown(&mut self, out: &mut Vec<u32>) -> Result<()> {
        out.clear();
        crate::error::try_reserve(out, self.grown_rows.len())?;
        for &r in &self.grown_rows {
            self.grown[r as usize] = false;
            out.push(r);
        }
        self.grown_rows.clear();
        Ok(())
    }

    /// Words read or decided since this `RowRules` was made.
    pub(crate) fn work(&self) -> u64 {
        self.work
    }

    /// Words per row.
    #[inline]
    pub(crate) fn words(&self) -> usize {
        self.planes.words()
    }

    /// Hidden cells (known mines aside), word `w` of row `r`.
    #[inline]
    pub(crate) fn hidden(&self, r: usize, w: usize) -> u64 {
        self.planes.get(r, HID, w)
    }

    /// Known and settled mines.
    #[inline]
    pub(crate) fn mines(&self, r: usize, w: usize) -> u64 {
        self.planes.get(r, MINE, w)
    }

    /// Settled safe cells.
    #[inline]
    pub(crate) fn safe(&self, r: usize, w: usize) -> u64 {
        self.planes.get(r, SAFE, w)
    }

    /// Hidden cells neither settled nor known.
    #[inline]
    pub(crate) fn undetermined(&self, r: usize, w: usize) -> u64 {
        undetermined(self.planes.planes(r, w))
    }

    /// Revealed numbers with an undetermined neighbour.
    #[inline]
    pub(crate) fn open_numbers(&self, r: usize, w: usize) -> u64 {
        self.planes.get(r, REV, w) & self.planes.any3x3(r, w, undetermined)
    }
}

#[inline(always)]
fn undetermined(p: &[u64]) -> u64 {
    p[HID] & !p[MINE] & !p[SAFE]
}

#[inline(always)]
fn digits(b: &BitRows, r: usize, w: usize) -> Count {
    Count([
        b.get(r, DIGIT, w),
        b.get(r, DIGIT + 1, w),
        b.get(r, DIGIT + 2, w),
        b.get(r, DIGIT + 3, w),
    ])
}

/// The board cell of the lowest set bit of `bits`, word `w` of row `r`.
fn first_bit(r: usize, w: usize, cols: usize, bits: u64) -> u32 {
    (r * cols + w * 64 + bits.trailing_zeros() as usize) as u32
}

fn contradiction(cell: u32, cols: usize) -> Error {
    let (r, c) = (cell as usize / cols, cell as usize % cols);
    Error::new(
        ErrorKind::Inconsistent,
        format!("the numbers around cell ({r}, {c}) contradict each other"),
    )
}

impl Constraints {
    /// Empty scratch.
    #[cfg(test)]
    pub(crate) fn new() -> Constraints {
        Constraints::default()
    }

    /// Reads the numbers of `grid`, runs the cheap rules and splits what is left.
    ///
    /// Errors: `Inconsistent` when a number cannot be met (more than its hidden neighbours, or
    /// contradicting its neighbours' numbers), `OutOfMemory`.
    pub(crate) fn build(&mut self, grid: Grid) -> Result<()> {
        self.reset(grid)?;
        let result = self.read_and_settle(grid);
        // Leave `slot` all NONE for the next build, whatever happened.
        for n in &self.nums {
            self.slot[n.at as usize] = NONE;
        }
        for c in &self.cells {
            self.slot[c.at as usize] = NONE;
        }
        self.recorded += self.nums.len() as u64;
        result?;
        self.split()
    }

    fn reset(&mut self, grid: Grid) -> Result<()> {
        let n = grid.cells.len();
        if self.slot.len() != n {
            try_refill(&mut self.slot, n, NONE)?;
        }
        self.rows = grid.rows;
        self.cols = grid.cols;
        self.nums.clear();
        self.cells.clear();
        self.safe.clear();
        self.mines.clear();
        self.stamp = 0;
        Ok(())
    }

    fn read_and_settle(&mut self, grid: Grid) -> Result<()> {
        self.read_all(grid)?;
        self.settle()
    }

    /// Reads every number next to a hidden cell:
    /// 1. [`RowRules`] checks that every number fits its hidden neighbours and runs the
    ///    single-number rule to a fixpoint on whole rows of masks;
    /// 2. only the numbers left with an undetermined neighbour are recorded, for the pair rule,
    ///    the groups and the counting.
    ///
    /// On a view where the player never flags, most numbers only touch mines that step 1
    /// settles, so few are recorded.
    fn read_all(&mut self, grid: Grid) -> Result<()> {
        let (rows, cols) = (grid.rows, grid.cols);
        let hidden = self.rules.load(grid)?;
        self.rules.settle()?;
        let rules = &self.rules;
        let mut settled = 0;
        for r in 0..rows {
            for w in 0..rules.words() {
                let mut cand = rules.open_numbers(r, w);
                while cand != 0 {
                    let k = cand.trailing_zeros() as usize;
                    cand &= cand - 1;
                    let c = w * 64 + k;
                    let (mut open, mut n, mut known) = ([NONE; 8], 0, 0);
                    for rr in r.saturating_sub(1)..(r + 2).min(rows) {
                        for cc in c.saturating_sub(1)..(c + 2).min(cols) {
                            let (ww, kk) = (cc / 64, cc % 64);
                            known += (rules.mines(rr, ww) >> kk & 1) as u8;
                            if rules.undetermined(rr, ww) >> kk & 1 != 0 {
                                open[n] = (rr * cols + cc) as u32;
                                n += 1;
                            }
                        }
                    }
                    let i = r * cols + c;
                    Self::add_number(
                        &mut self.slot,
                        &mut self.nums,
                        &mut self.cells,
                        grid,
                        i as u32,
                        grid.at(i),
                        &open[..n],
                        known,
                    )?;
                }
                let hid = rules.hidden(r, w);
                for (m, list) in [
                    (rules.safe(r, w) & hid, &mut self.safe),
                    (rules.mines(r, w) & hid, &mut self.mines),
                ] {
                    let mut m = m;
                    while m != 0 {
                        let c = w * 64 + m.trailing_zeros() as usize;
                        m &= m - 1;
                        try_push(list, (r * cols + c) as u32)?;
                        settled += 1;
                    }
                }
            }
        }
        self.hidden = hidden - settled;
        Ok(())
    }

    /// Records the number `d` at `w`, whose undetermined hidden neighbours are `open` and which
    /// has `known` mines among its other neighbours, if `open` is not empty. Takes only the
    /// buffers it touches, so that the masks may stay borrowed.
    #[allow(clippy::too_many_arguments)]
    fn add_number(
        slot: &mut [u32],
        nums: &mut Vec<Number>,
        cells_out: &mut Vec<Cell>,
        grid: Grid,
        w: u32,
        d: u8,
        open: &[u32],
        known: u8,
    ) -> Result<()> {
        let hidden = open.len() as u8 + known;
        if d > hidden {
            let (r, c) = (w as usize / grid.cols, w as usize % grid.cols);
            return Err(Error::new(
                ErrorKind::Inconsistent,
                format!("cell ({r}, {c}) shows {d} but has only {hidden} hidden neighbours"),
            ));
        }
        let need = d as i8 - known as i8;
        if need < 0 || need as usize > open.len() {
            return Err(contradiction(w, grid.cols));
        }
        if open.is_empty() {
            return Ok(());
        }
        let mut cells = [NONE; 8];
        cells[..open.len()].copy_from_slice(open);
        let open = open.len();
        let id = nums.len() as u32;
        for c in &mut cells[..open] {
            let h = *c as usize;
            let mut f = slot[h];
            if f == NONE {
                f = cells_out.len() as u32;
                slot[h] = f;
                try_push(
                    cells_out,
                    Cell {
                        at: h as u32,
                        fate: Fate::Unknown,
                        len: 0,
                        mark: 0,
                        nums: [NONE; 8],
                    },
                )?;
            }
            let cell = &mut cells_out[f as usize];
            cell.nums[usize::from(cell.len)] = id;
            cell.len += 1;
            *c = f;
        }
        slot[w as usize] = id;
        try_push(
            nums,
            Number {
                at: w,
                need,
                open: open as u8,
                len: open as u8,
                queued: true,
                pair_queued: true,
                seen: 0,
                cells,
            },
        )
    }

    /// The cheap rules to a fixpoint: single numbers first, then pairs, until neither settles a
    /// cell.
    fn settle(&mut self) -> Result<()> {
        let nums = self.nums.len();
        self.queue.clear();
        self.pair_queue.clear();
        crate::error::try_reserve(&mut self.queue, nums)?;
        crate::error::try_reserve(&mut self.pair_queue, nums)?;
        self.queue.extend((0..nums as u32).rev());
        self.pair_queue.extend((0..nums as u32).rev());
        loop {
            while let Some(n) = self.queue.pop() {
                self.nums[n as usize].queued = false;
                self.single(n)?;
            }
            match self.pair_queue.pop() {
                Some(n) => {
                    self.nums[n as usize].pair_queued = false;
                    self.pairs(n)?;
                }
                None => return Ok(()),
            }
        }
    }

    /// Settles frontier cell `f`, updating every number around it.
    fn settle_cell(&mut self, f: u32, fate: Fate) -> Result<()> {
        let cell = &mut self.cells[f as usize];
        if cell.fate != Fate::Unknown {
            return Ok(());
        }
        cell.fate = fate;
        let cell = *cell;
        if fate == Fate::Safe {
            try_push(&mut self.safe, cell.at)?;
        } else {
            try_push(&mut self.mines, cell.at)?;
        }
        for &n in &cell.nums[..usize::from(cell.len)] {
            let num = &mut self.nums[n as usize];
            num.open -= 1;
            if fate == Fate::Mine {
                num.need -= 1;
            }
            if num.need < 0 || num.need as u8 > num.open {
                return Err(contradiction(num.at, self.cols));
            }
            let (q, pq) = (num.queued, num.pair_queued);
            num.queued = true;
            num.pair_queued = true;
            if !q {
                try_push(&mut self.queue, n)?;
            }
            if !pq {
                try_push(&mut self.pair_queue, n)?;
            }
        }
        Ok(())
    }

    /// The single-number rule on number `n`.
    fn single(&mut self, n: u32) -> Result<()> {
        let num = self.nums[n as usize];
        if num.open == 0 {
            return Ok(());
        }
        let fate = if num.need == 0 {
            Fate::Safe
        } else if num.need as u8 == num.open {
            Fate::Mine
        } else {
            return Ok(());
        };
        for &f in &num.cells[..usize::from(num.len)] {
            self.settle_cell(f, fate)?;
        }
        Ok(())
    }

    /// The pair rule between number `a` and every number sharing an undetermined cell with it.
    fn pairs(&mut self, a: u32) -> Result<()> {
        let num = self.nums[a as usize];
        if num.open == 0 {
            return Ok(());
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.cells.iter_mut().for_each(|c| c.mark = 0);
            self.nums.iter_mut().for_each(|n| n.seen = 0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let a_cells = &num.cells[..usize::from(num.len)];
        for &f in a_cells {
            let cell = &mut self.cells[f as usize];
            if cell.fate == Fate::Unknown {
                cell.mark = stamp;
            }
        }
        self.nums[a as usize].seen = stamp;
        for &f in a_cells {
            let cell = self.cells[f as usize];
            if cell.fate != Fate::Unknown {
                continue;
            }
            for &b in &cell.nums[..usize::from(cell.len)] {
                if self.nums[b as usize].seen == stamp {
                    continue;
                }
                self.nums[b as usize].seen = stamp;
                if self.pair(a, b, stamp)? {
                    // Something settled: `a` was queued again and will be redone.
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    /// Bounds the mines that numbers `a` and `b` share (the cells of `a` carry `stamp`) and
    /// settles what those bounds decide; returns whether anything was settled.
    fn pair(&mut self, a: u32, b: u32, stamp: u32) -> Result<bool> {
        let (na, nb) = (self.nums[a as usize], self.nums[b as usize]);
        let b_cells = &nb.cells[..usize::from(nb.len)];
        let unknown_marked = |f: u32| {
            let c = &self.cells[f as usize];
            c.fate == Fate::Unknown && c.mark == stamp
        };
        let shared = b_cells.iter().filter(|&&f| unknown_marked(f)).count() as i32;
        let only_a = i32::from(na.open) - shared;
        let only_b = i32::from(nb.open) - shared;
        let (da, db) = (i32::from(na.need), i32::from(nb.need));
        let lo = 0.max(da - only_a).max(db - only_b);
        let hi = shared.min(da).min(db);
        if lo > hi {
            return Err(contradiction(na.at, self.cols));
        }
        let decide = |only: i32, need: i32| -> Option<Fate> {
            if only == 0 {
                None
            } else if need - lo == 0 {
                Some(Fate::Safe)
            } else if need - hi == only {
                Some(Fate::Mine)
            } else {
                None
            }
        };
        let (fa, fb) = (decide(only_a, da), decide(only_b, db));
        let fs = match (shared > 0 && lo == hi, lo) {
            (true, 0) => Some(Fate::Safe),
            (true, l) if l == shared => Some(Fate::Mine),
            _ => None,
        };
        if fa.is_none() && fb.is_none() && fs.is_none() {
            return Ok(false);
        }
        self.settle_buf.clear();
        for &f in &na.cells[..usize::from(na.len)] {
            if self.cells[f as usize].fate != Fate::Unknown {
                continue;
            }
            if let Some(fate) = if b_cells.contains(&f) { fs } else { fa } {
                try_push(&mut self.settle_buf, (f, fate))?;
            }
        }
        if let Some(fate) = fb {
            for &f in b_cells {
                let c = &self.cells[f as usize];
                if c.fate == Fate::Unknown && c.mark != stamp {
                    try_push(&mut self.settle_buf, (f, fate))?;
                }
            }
        }
        for k in 0..self.settle_buf.len() {
            let (f, fate) = self.settle_buf[k];
            self.settle_cell(f, fate)?;
        }
        Ok(true)
    }

    /// Groups the undetermined cells and splits the numbers still open into components.
    fn split(&mut self) -> Result<()> {
        let nums = self.nums.len();
        // Active numbers, in reading order.
        try_refill(&mut self.act_of, nums, NONE)?;
        self.act_num.clear();
        for (n, num) in self.nums.iter().enumerate() {
            if num.open > 0 {
                self.act_of[n] = self.act_num.len() as u32;
                try_push(&mut self.act_num, n as u32)?;
            }
        }
        // Groups: a cell joins the group of an earlier cell with the same numbers; such a cell
        // touches the same first number, so only that number's cells need looking at. `mark`
        // holds the group from here on.
        self.group_size.clear();
        self.group_num_start.clear();
        self.group_nums.clear();
        try_push(&mut self.group_num_start, 0)?;
        for f in 0..self.cells.len() {
            self.cells[f].mark = NONE;
            if self.cells[f].fate != Fate::Unknown {
                continue;
            }
            let len = usize::from(self.cells[f].len);
            self.cells[f].nums[..len].sort_unstable();
            let key = self.cells[f].nums;
            let first = &self.nums[key[0] as usize];
            let mut found = NONE;
            for &g in &first.cells[..usize::from(first.len)] {
                let other = &self.cells[g as usize];
                if (g as usize) < f
                    && other.mark != NONE
                    && usize::from(other.len) == len
                    && other.nums[..len] == key[..len]
                {
                    found = other.mark;
                    break;
                }
            }
            if found == NONE {
                found = self.group_size.len() as u32;
                try_push(&mut self.group_size, 0)?;
                for &n in &key[..len] {
                    try_push(&mut self.group_nums, self.act_of[n as usize])?;
                }
                try_push(&mut self.group_num_start, self.group_nums.len() as u32)?;
            }
            self.cells[f].mark = found;
            self.group_size[found as usize] += 1;
        }
        let groups = self.group_size.len();
        // Cells of each group, by a counting sort.
        try_refill(&mut self.group_start, groups + 1, 0)?;
        for g in 0..groups {
            self.group_start[g + 1] = self.group_start[g] + self.group_size[g];
        }
        let total = self.group_start[groups] as usize;
        try_refill(&mut self.group_cells, total, 0)?;
        for g in 0..groups {
            self.group_size[g] = self.group_start[g];
        }
        for cell in &self.cells {
            if cell.mark != NONE {
                let at = &mut self.group_size[cell.mark as usize];
                self.group_cells[*at as usize] = cell.at;
                *at += 1;
            }
        }
        for g in 0..groups {
            self.group_size[g] = self.group_start[g + 1] - self.group_start[g];
        }
        // Groups of each active number (the transpose).
        let acts = self.act_num.len();
        try_refill(&mut self.act_group_start, acts + 1, 0)?;
        for &n in &self.group_nums {
            self.act_group_start[n as usize + 1] += 1;
        }
        for n in 0..acts {
            self.act_group_start[n + 1] += self.act_group_start[n];
        }
        try_refill(&mut self.act_groups, self.group_nums.len(), 0)?;
        // `parent` doubles as the fill cursor here, then as the union-find forest.
        try_refill(&mut self.parent, acts, 0)?;
        self.parent.copy_from_slice(&self.act_group_start[..acts]);
        for g in 0..groups {
            for k in self.group_num_start[g]..self.group_num_start[g + 1] {
                let n = self.group_nums[k as usize] as usize;
                self.act_groups[self.parent[n] as usize] = g as u32;
                self.parent[n] += 1;
            }
        }
        // Components: union-find over active numbers, joined by the groups they share.
        for (n, p) in self.parent.iter_mut().enumerate() {
            *p = n as u32;
        }
        for g in 0..groups {
            let s = self.group_num_start[g] as usize;
            let e = self.group_num_start[g + 1] as usize;
            let a = find(&mut self.parent, self.group_nums[s]);
            for k in s + 1..e {
                let b = find(&mut self.parent, self.group_nums[k]);
                if a != b {
                    self.parent[b as usize] = a;
                }
            }
        }
        // Number the components by their first group. `act_of` becomes root -> component and
        // `group_size` group -> component for the moment.
        try_refill(&mut self.act_of, acts, NONE)?;
        let mut comp_len: Vec<u32> = std::mem::take(&mut self.comp_start);
        comp_len.clear();
        try_push(&mut comp_len, 0)?;
        for g in 0..groups {
            let root = find(
                &mut self.parent,
                self.group_nums[self.group_num_start[g] as usize],
            );
            let c = &mut self.act_of[root as usize];
            if *c == NONE {
                *c = (comp_len.len() - 1) as u32;
                try_push(&mut comp_len, 0)?;
            }
            self.group_size[g] = *c;
            comp_len[*c as usize + 1] += 1;
        }
        let comps = comp_len.len() - 1;
        for c in 0..comps {
            comp_len[c + 1] += comp_len[c];
        }
        try_refill(&mut self.comp_groups, groups, 0)?;
        // Fill with a cursor per component, kept in `parent` (no longer needed).
        self.parent.clear();
        try_reserve_exact(&mut self.parent, comps)?;
        self.parent.extend_from_slice(&comp_len[..comps]);
        for g in 0..groups {
            let c = self.group_size[g] as usize;
            self.comp_groups[self.parent[c] as usize] = g as u32;
            self.parent[c] += 1;
        }
        for g in 0..groups {
            self.group_size[g] = self.group_start[g + 1] - self.group_start[g];
        }
        self.comp_start = comp_len;
        Ok(())
    }

    // ---- What the build found ----

    /// Board cells the rules proved safe, in the order they were settled.
    pub(crate) fn safe(&self) -> &[u32] {
        &self.safe
    }

    /// Board cells the rules proved to be mines (beyond the grid's known mines).
    pub(crate) fn mines(&self) -> &[u32] {
        &self.mines
    }

    /// Hidden cells next to no number that is still open: only the mine total touches them.
    pub(crate) fn floating(&self) -> usize {
        self.hidden - self.cells.len()
    }

    /// Undetermined frontier cells, by group.
    pub(crate) fn groups(&self) -> usize {
        self.group_size.len()
    }

    /// The board cells of group `g`.
    #[inline]
    pub(crate) fn group_cells(&self, g: u32) -> &[u32] {
        let g = g as usize;
        &self.group_cells[self.group_start[g] as usize..self.group_start[g + 1] as usize]
    }

    /// The active numbers around group `g`, ascending.
    #[inline]
    pub(crate) fn group_numbers(&self, g: u32) -> &[u32] {
        let g = g as usize;
        &self.group_nums[self.group_num_start[g] as usize..self.group_num_start[g + 1] as usize]
    }

    /// Numbers that still constrain an undetermined cell.
    pub(crate) fn numbers(&self) -> usize {
        self.act_num.len()
    }

    /// The board cell of active number `n`.
    #[inline]
    pub(crate) fn number_cell(&self, n: u32) -> u32 {
        self.nums[self.act_num[n as usize] as usize].at
    }

    /// Mines active number `n` still needs among its undetermined cells.
    #[inline]
    pub(crate) fn number_need(&self, n: u32) -> u8 {
        self.nums[self.act_num[n as usize] as usize].need as u8
    }

    /// The groups around active number `n`.
    #[inline]
    pub(crate) fn number_groups(&self, n: u32) -> &[u32] {
        let n = n as usize;
        &self.act_groups[self.act_group_start[n] as usize..self.act_group_start[n + 1] as usize]
    }

    /// Independent components.
    pub(crate) fn components(&self) -> usize {
        self.comp_start.len().saturating_sub(1)
    }

    /// The groups of component `c`, ascending.
    #[inline]
    pub(crate) fn component_groups(&self, c: usize) -> &[u32] {
        &self.comp_groups[self.comp_start[c] as usize..self.comp_start[c + 1] as usize]
    }

    /// Work done by every build so far, in words (see [`RowRules::work`]), counting each
    /// recorded number as a word too.
    pub(crate) fn work(&self) -> u64 {
        self.rules.work() + self.recorded
    }

    /// Columns of the grid last built (to name cells in messages).
    pub(crate) fn cols(&self) -> usize {
        self.cols
    }
}

/// For eight decoded cells packed in `x` (byte `i` = cell `i`): bit `i` of each plane
/// (hidden, known mine, revealed, the four digit bits; the rest zero).
#[inline(always)]
fn byte_planes(x: u64) -> [u8; 8] {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ONES: u64 = 0x0101_0101_0101_0101;
    // High bit of each byte whose value is exactly `v`.
    let equal = |v: u8| {
        let y = x ^ (ONES * u64::from(v));
        !(((y & LOW7) + LOW7) | y) & HIGH
    };
    // High bit of each byte whose value is at most 8.
    let revealed = !(((x & LOW7) + ONES * 0x77) | x) & HIGH;
    // Gathers the high bits of the eight bytes into one byte, byte i to bit i.
    let gather = |m: u64| ((m >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
    let mut out = [0u8; 8];
    out[HID] = gather(equal(HIDDEN));
    out[MINE] = gather(equal(KNOWN_MINE));
    out[REV] = gather(revealed);
    for bit in 0..4 {
        out[DIGIT + bit] = gather((x << (7 - bit)) & revealed);
    }
    out
}

/// The next dirty row of the current sweep (from `cursor`, downwards or upwards), or `None` when
/// the sweep is over (`cursor` then goes back to the start).
fn next_dirty(dirty: &[bool], cursor: &mut usize, down: bool) -> Option<usize> {
    let rows = dirty.len();
    while *cursor < rows {
        let r = if down { *cursor } else { rows - 1 - *cursor };
        *cursor += 1;
        if dirty[r] {
            return Some(r);
        }
    }
    *cursor = 0;
    None
}

fn try_reserve_exact<T>(v: &mut Vec<T>, extra: usize) -> Result<()> {
    crate::error::try_reserve(v, extra)
}

fn find(p: &mut [u32], mut x: u32) -> u32 {
    while p[x as usize] != x {
        p[x as usize] = p[p[x as usize] as usize];
        x = p[x as usize];
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mines::View;

    fn built(bytes: &[u8], rows: usize, cols: usize) -> Result<Constraints> {
        let v = View::parse(bytes, rows, cols, 0).unwrap();
        let mut c = Constraints::new();
        c.build(Grid {
            cells: v.cells(),
            rows,
            cols,
            decode: &VIEW_DECODE,
        })?;
        Ok(c)
    }

    /// Every assignment of the hidden cells that meets every number, ignoring the total.
    fn solutions(bytes: &[u8], rows: usize, cols: usize) -> Vec<Vec<bool>> {
        let v = View::parse(bytes, rows, cols, 0).unwrap();
        let hidden: Vec<usize> = (0..rows * cols).filter(|&i| v.is_hidden(i)).collect();
        let mut out = Vec::new();
        for mask in 0u32..1 << hidden.len() {
            let mut mine = vec![false; rows * cols];
            for (b, &h) in hidden.iter().enumerate() {
                mine[h] = mask >> b & 1 == 1;
            }
            let ok = (0..rows * cols).all(|i| {
                v.is_hidden(i) || {
                    let mut k = 0;
                    v.for_each_neighbour(i, |j| k += u8::from(mine[j]));
                    k == v.cells()[i]
                }
            });
            if ok {
                out.push(mine);
            }
        }
        out
    }

    #[test]
    fn single_numbers_and_pairs_settle_what_they_can() {
        // A blank next to hidden cells is a 0: they are safe, so the '1's find their mine.
        let c = built(b"11BEEE", 2, 3).unwrap();
        assert_eq!((c.safe(), c.mines()), (&[4u32, 5][..], &[3u32][..]));
        // 1-1-1 along an edge: each corner '1' lies inside the middle one, so the cell only the
        // middle one sees on the other side is safe (the subset rule), twice over.
        let c = built(b"111EEE", 2, 3).unwrap();
        let mut safe = c.safe().to_vec();
        safe.sort_unstable();
        assert_eq!((safe.as_slice(), c.mines()), (&[3u32, 5][..], &[4u32][..]));
        // 1-2-1: the middle cells hold the two mines' partners; classic pattern settles all.
        let c = built(b"121EEE", 2, 3).unwrap();
        let mut mines = c.mines().to_vec();
        mines.sort_unstable();
        assert_eq!(mines, [3, 5]);
        assert_eq!(c.safe(), [4]);
        assert_eq!(c.groups(), 0);
    }

    #[test]
    fn byte_planes_match_one_cell_at_a_time() {
        let values: Vec<u8> = (0..=8).chain([HIDDEN, KNOWN_MINE]).collect();
        let mut state = 1u64;
        for _ in 0..2000 {
            let mut bytes = [0u8; 8];
            for b in &mut bytes {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                *b = values[(state >> 33) as usize % values.len()];
            }
            let got = byte_planes(u64::from_le_bytes(bytes));
            for (i, &d) in bytes.iter().enumerate() {
                let bit = |plane: usize| got[plane] >> i & 1 == 1;
                assert_eq!(bit(HID), d == HIDDEN);
                assert_eq!(bit(MINE), d == KNOWN_MINE);
                assert_eq!(bit(REV), d <= 8);
                for k in 0..4 {
                    assert_eq!(bit(DIGIT + k), d <= 8 && d >> k & 1 == 1, "{bytes:?}");
                }
            }
        }
    }

    #[test]
    fn contradictions_name_a_cell() {
        let e = built(b"3EEB", 2, 2).unwrap_err();
        assert_eq!(
            e.detail(),
            "cell (0, 0) shows 3 but has only 2 hidden neighbours"
        );
        let e = built(b"1EE2", 2, 2).unwrap_err();
        assert!(e.detail().contains("contradict"), "{}", e.detail());
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn settled_cells_agree_with_every_solution_and_groups_partition_the_rest() {
        let mut state = 99u64;
        let mut next = |m: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) % m as u64) as usize
        };
        let mut checked = 0;
        for _ in 0..3000 {
            let (rows, cols) = (1 + next(5), 1 + next(5));
            let n = rows * cols;
            let mut bytes = vec![b'E'; n];
            for b in bytes.iter_mut() {
                if next(3) == 0 {
                    *b = b"B12345"[next(6)];
                }
            }
            if bytes.iter().filter(|&&b| b == b'E').count() > 14 {
                continue;
            }
            let sols = solutions(&bytes, rows, cols);
            let c = match built(&bytes, rows, cols) {
                Err(e) => {
                    assert_eq!(e.kind(), ErrorKind::Inconsistent);
                    assert!(sols.is_empty(), "{:?} refused but solvable", bytes);
                    continue;
                }
                Ok(c) => c,
            };
            checked += 1;
            for &s in c.safe() {
                assert!(
                    sols.iter().all(|m| !m[s as usize]),
                    "{bytes:?}: {s} not safe"
                );
            }
            for &s in c.mines() {
                assert!(
                    sols.iter().all(|m| m[s as usize]),
                    "{bytes:?}: {s} not a mine"
                );
            }
            // Every undetermined frontier cell is in exactly one group, with its numbers.
            let mut seen = vec![0; n];
            for g in 0..c.groups() as u32 {
                assert!(!c.group_cells(g).is_empty() && c.group_cells(g).len() <= 8);
                for &cell in c.group_cells(g) {
                    seen[cell as usize] += 1;
                }
                for &num in c.group_numbers(g) {
                    assert!(c.number_groups(num).contains(&g));
                }
            }
            assert!(seen.iter().all(|&s| s <= 1));
            let in_comps: usize = (0..c.components())
                .map(|k| c.component_groups(k).len())
                .sum();
            assert_eq!(in_comps, c.groups());
        }
        assert!(checked > 300, "{checked}");
    }
}
