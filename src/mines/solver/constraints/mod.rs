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

mod components; // the groups and independent components of what the rules leave

use super::decoded_grid::DecodedGrid;
use super::row_rules::{contradiction, RowRules};
use crate::error::{try_push, try_refill, Error, ErrorKind, Result};
use crate::mines::board::block::for_block_words;

/// No index.
const NONE: u32 = u32::MAX;

/// Where a build finds the single-number rule's fixpoint.
#[derive(Clone, Copy)]
enum Start<'a> {
    /// Computed from the grid alone.
    Load,
    /// Given, every mine it settled known (see [`Constraints::build_on`]).
    Given(&'a RowRules),
    /// A fixpoint of the grid before the (cell, value) reveals.
    Revealed(&'a RowRules, &'a [(u32, u8)]),
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
    /// Words of given rules scanned by every build so far.
    scanned: u64,
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
    pub(crate) fn build(&mut self, grid: DecodedGrid) -> Result<()> {
        self.build_from(grid, Start::Load)
    }

    /// As [`Constraints::build`], on the single-number rule's fixpoint that `rules` already
    /// holds for `grid`, with every mine it settled known (the certain-move player's, which
    /// proves them as it goes): the rule is not run again over the whole board, so a step of
    /// play costs the frontier, not the board.
    pub(crate) fn build_on(&mut self, grid: DecodedGrid, rules: &RowRules) -> Result<()> {
        self.build_from(grid, Start::Given(rules))
    }

    /// As [`Constraints::build`] for `grid`, which is a grid `base` holds the single-number
    /// rule's fixpoint of (from [`Constraints::rules`] after a build) with the hidden cells of
    /// `reveals` (cell, value) since revealed: the rule restarts from that fixpoint around them,
    /// instead of from nothing over the whole board, and the pair rule (whose settlements that
    /// fixpoint holds too) looks only at the numbers next to what changed. The rules only ever
    /// add what the numbers force, so they reach the same fixpoint, or a contradiction where
    /// that build finds one.
    pub(crate) fn build_revealed(
        &mut self,
        grid: DecodedGrid,
        base: &RowRules,
        reveals: &[(u32, u8)],
    ) -> Result<()> {
        self.build_from(grid, Start::Revealed(base, reveals))
    }

    /// The single-number rule's masks of the last build: when the build succeeded and was not
    /// [`Constraints::build_on`], its fixpoint with what the pair rule settled added.
    pub(crate) fn rules(&self) -> &RowRules {
        &self.rules
    }

    fn build_from(&mut self, grid: DecodedGrid, start: Start) -> Result<()> {
        self.reset(grid)?;
        let result = self.read_and_settle(grid, start);
        // Leave `slot` all NONE for the next build, whatever happened.
        for n in &self.nums {
            self.slot[n.at as usize] = NONE;
        }
        for c in &self.cells {
            self.slot[c.at as usize] = NONE;
        }
        self.recorded += self.nums.len() as u64;
        result?;
        if !matches!(start, Start::Given(_)) {
            self.fold_settled();
        }
        self.split()
    }

    /// Adds what the pair rule settled to [`Constraints::rules`], so that a build from them
    /// ([`Constraints::build_revealed`]) starts from this build's whole fixpoint and runs the
    /// pair rule only around what changed.
    fn fold_settled(&mut self) {
        for c in &self.cells {
            if c.fate != Fate::Unknown {
                let (r, col) = (c.at as usize / self.cols, c.at as usize % self.cols);
                self.rules.settled_beyond(r, col, c.fate == Fate::Mine);
            }
        }
    }

    fn reset(&mut self, grid: DecodedGrid) -> Result<()> {
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

    fn read_and_settle(&mut self, grid: DecodedGrid, start: Start) -> Result<()> {
        self.read_all(grid, start)?;
        self.settle()
    }

    /// Reads every number next to a hidden cell:
    /// 1. [`RowRules`] checks that every number fits its hidden neighbours and runs the
    ///    single-number rule to a fixpoint on whole rows of masks;
    /// 2. only the numbers left with an undetermined neighbour are recorded, for the pair rule,
    ///    the groups and the counting.
    ///
    /// On a view where the player never flags, most numbers only touch mines that step 1
    /// settles, so few are recorded. From a base fixpoint, which holds the pair rule's too (see
    /// [`Constraints::fold_settled`]), only the numbers next to a cell that changed since need
    /// the pair rule: every other pair was already looked at.
    fn read_all(&mut self, grid: DecodedGrid, start: Start) -> Result<()> {
        let (rows, cols) = (grid.rows, grid.cols);
        let (rules, mut hidden, given) = match start {
            Start::Given(rules) => (rules, 0, true),
            Start::Load => {
                let hidden = self.rules.load(grid)?;
                self.rules.settle()?;
                (&self.rules, hidden, false)
            }
            Start::Revealed(base, reveals) => {
                self.rules.copy_from(base)?;
                for &(i, value) in reveals {
                    self.rules
                        .revealed(i as usize / cols, i as usize % cols, value);
                }
                self.rules.settle()?;
                (&self.rules, self.rules.hidden_count(), false)
            }
        };
        let base = match start {
            Start::Revealed(base, _) => Some(base),
            _ => None,
        };
        // Given rules' settled mines are known: neither hidden nor listed as settled now.
        let known_mines = |r: usize, w: usize| if given { rules.mines(r, w) } else { 0 };
        if given {
            self.scanned += (rows * rules.words()) as u64;
        }
        let mut settled = 0;
        for r in 0..rows {
            for w in 0..rules.words() {
                let mut cand = rules.open_numbers(r, w);
                while cand != 0 {
                    let k = cand.trailing_zeros() as usize;
                    cand &= cand - 1;
                    let c = w * 64 + k;
                    let (mut open, mut n, mut known) = ([NONE; 8], 0, 0);
                    let mut changed = base.is_none();
                    // The block a word at a time (at most two words a row), so that its cells
                    // come in row-major order.
                    for_block_words(r, c, rows, cols, |rr, ww, window| {
                        known += (rules.mines(rr, ww) & window).count_ones() as u8;
                        let undetermined = rules.undetermined(rr, ww);
                        let mut u = undetermined & window;
                        while u != 0 {
                            open[n] = (rr * cols + ww * 64 + u.trailing_zeros() as usize) as u32;
                            u &= u - 1;
                            n += 1;
                        }
                        // Revealed, or settled, since the base (a reveal may show a cell the
                        // base had settled as safe).
                        if let Some(base) = base {
                            let moved = (base.undetermined(rr, ww) ^ undetermined)
                                | (base.hidden(rr, ww) ^ rules.hidden(rr, ww));
                            changed |= moved & window != 0;
                        }
                    });
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
                        changed,
                    )?;
                }
                let hid = rules.hidden(r, w) & !known_mines(r, w);
                if given {
                    hidden += hid.count_ones() as usize;
                }
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
    /// has `known` mines among its other neighbours, if `open` is not empty; queued for the pair
    /// rule when `pair`. Takes only the buffers it touches, so that the masks may stay borrowed.
    #[allow(clippy::too_many_arguments)]
    fn add_number(
        slot: &mut [u32],
        nums: &mut Vec<Number>,
        cells_out: &mut Vec<Cell>,
        grid: DecodedGrid,
        w: u32,
        d: u8,
        open: &[u32],
        known: u8,
        pair: bool,
    ) -> Result<()> {
        let hidden = open.len() as u8 + known;
        if d > hidden {
            let (r, c) = (w as usize / grid.cols, w as usize % grid.cols);
            return Err(Error::new(
                ErrorKind::Inconsistent,
                format_args!("cell ({r}, {c}) shows {d} but has only {hidden} hidden neighbours"),
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
                pair_queued: pair,
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
        crate::error::try_extend_exact(&mut self.queue, (0..nums as u32).rev())?;
        for n in (0..nums).rev() {
            if self.nums[n].pair_queued {
                try_push(&mut self.pair_queue, n as u32)?;
            }
        }
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
                    // Something settled: `a` is redone from the start, the pairs after `b`
                    // included (queued again here when only `b`'s side settled).
                    if !self.nums[a as usize].pair_queued {
                        self.nums[a as usize].pair_queued = true;
                        try_push(&mut self.pair_queue, a)?;
                    }
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

    /// Undetermined cells around active number `n`: the cells of its groups.
    #[inline]
    pub(crate) fn number_cells(&self, n: u32) -> u32 {
        self.number_groups(n)
            .iter()
            .map(|&g| self.group_cells(g).len() as u32)
            .sum()
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
    /// recorded number as three words (what its pair rule and grouping cost, measured) and each
    /// word of given rules scanned as one.
    pub(crate) fn work(&self) -> u64 {
        self.rules.work() + 3 * self.recorded + self.scanned
    }

    /// Columns of the grid last built (to name cells in messages).
    pub(crate) fn cols(&self) -> usize {
        self.cols
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mines::View;

    fn built(bytes: &[u8], rows: usize, cols: usize) -> Result<Constraints> {
        let v = View::parse(bytes, rows, cols, 0).unwrap();
        let mut c = Constraints::new();
        c.build(DecodedGrid::of_view(&v))?;
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
    fn contradictions_name_a_cell() {
        let e = built(b"3EEB", 2, 2).unwrap_err();
        assert_eq!(
            e.detail(),
            "cell (0, 0) shows 3 but has only 2 hidden neighbours"
        );
        let e = built(b"1EE2", 2, 2).unwrap_err();
        assert!(e.detail().contains("contradict"), "{}", e.detail());
    }

    /// What a build found, in an order that does not depend on how it got there.
    fn found(c: &Constraints) -> (Vec<u32>, Vec<u32>, Vec<Vec<u32>>, usize, usize) {
        let sorted = |s: &[u32]| {
            let mut s = s.to_vec();
            s.sort_unstable();
            s
        };
        let mut groups: Vec<Vec<u32>> = (0..c.groups() as u32)
            .map(|g| sorted(c.group_cells(g)))
            .collect();
        groups.sort();
        let (safe, mines) = (sorted(c.safe()), sorted(c.mines()));
        (safe, mines, groups, c.components(), c.floating())
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn a_build_from_a_fixpoint_finds_what_a_fresh_build_finds() {
        let mut rng = crate::rng::SplitMix64::new(3);
        let mut next = |m: usize| rng.below(m as u64) as usize;
        let mut c = Constraints::new();
        let (mut same, mut refused, mut spared) = (0, 0, 0);
        for _ in 0..400 {
            let (rows, cols) = (3 + next(12), 3 + next(70));
            let n = rows * cols;
            let mines = 1 + next(n / 4);
            let clicks = 1 + next(4);
            let mut view =
                crate::mines::solver::view::clicked_view(&mut next, (rows, cols, mines), clicks);
            if c.build(DecodedGrid::of_view(&view)).is_err() {
                continue;
            }
            // A chain of reveals, each read from the fixpoint of the one before, as a look-ahead
            // goes deeper.
            for _ in 0..3 {
                let hidden: Vec<usize> = (0..n).filter(|&i| view.is_hidden(i)).collect();
                let Some(&cell) = hidden.get(next(hidden.len().max(1))) else {
                    break;
                };
                let mut base = RowRules::default();
                base.copy_from(c.rules()).unwrap();
                let value = next(4) as u8;
                view.reveal(cell, value);
                let grid = DecodedGrid::of_view(&view);
                let got = c.build_revealed(grid, &base, &[(cell as u32, value)]);
                let mut fresh = Constraints::new();
                match (got, fresh.build(grid)) {
                    (Ok(()), Ok(())) => {
                        let at = format!("{rows}x{cols}, {cell} shows {value}");
                        assert_eq!(found(&c), found(&fresh), "{at}: {:?}", view.cells());
                        spared += usize::from(fresh.nums.len() > c.nums.len());
                        same += 1;
                    }
                    (Err(a), Err(b)) => {
                        assert_eq!(a.kind(), b.kind());
                        refused += 1;
                        view.hide(cell);
                        break;
                    }
                    (a, b) => panic!("{a:?} vs {b:?} on {:?}", view.cells()),
                }
            }
        }
        // `spared`: what the base's pair rule settled spared the build some numbers.
        assert!(
            same > 400 && refused > 100 && spared > 20,
            "{same} same, {refused} refused, {spared} spared"
        );
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn settled_cells_agree_with_every_solution_and_groups_partition_the_rest() {
        let mut rng = crate::rng::SplitMix64::new(99);
        let mut next = |m: usize| rng.below(m as u64) as usize;
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
