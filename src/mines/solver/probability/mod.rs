//! Exact mine probabilities for a player view.
//!
//! The model: every layout of exactly `mines` mines that agrees with every revealed number is
//! equally likely. A cell's probability is the share of those layouts that put a mine on it.
//!
//! The steps, each in its own file:
//! 1. `constraints/` reads the numbers on the frontier, settles what the cheap rules settle and
//!    splits the rest into groups and independent components;
//! 2. `component_count/` counts each component's layouts by mine total (a DP over its groups),
//!    reusing the components `count_cache.rs` remembers;
//! 3. `mine_total.rs` combines the components over the mine total with the floating cells'
//!    binomial weight, and gives each component the weight of each of its totals;
//! 4. a backward pass per component turns those weights into each group's expected mines.
//!
//! The hint's what-if questions (this view with a cell shown with a number, or with cells taken
//! as mines) are answered in `what_if.rs`.
//!
//! Counts far beyond `f64` (C(480, 99) is about 1e104) are kept as [`Wide`] floats: all terms
//! are non-negative, so the relative error stays near 1e-15 per operation and a probability of
//! exactly 0 (or 1) means "no layout has a mine (a safe cell) here".
//!
//! Everything is reused from one view to the next: a [`Counter`] owns its buffers and its cache,
//! and the free functions use one `Counter` per thread (scratch only: it never changes an
//! answer, and a thread that met a huge view drops it afterwards).

mod budget_charges; // what a hint's budget is charged: what a counter remembering nothing spends
mod what_if; // the view with a cell shown with a number, or with cells taken as mines

use super::component_count::{Counted, Counting};
use super::constraints::Constraints;
use super::count_cache::{CountCache, Lookup};
use super::decoded_grid::DecodedGrid;
use super::mine_total::MineTotal;
use super::row_rules::RowRules;
use super::view::View;
use super::wide::Wide;
use crate::error::{try_push, try_refill, Error, ErrorKind, Result};
use crate::mines::board::alphabet::{HIDDEN, KNOWN_MINE};
use budget_charges::{Charge, Charges};
use std::cell::RefCell;

pub use super::component_count::MAX_TABLE_ENTRIES;

/// Exact mine probabilities of a view, with the count of layouts behind them.
#[derive(Debug, Clone, Default)]
pub struct Probabilities {
    probs: Vec<f64>,
    safe: Vec<usize>,
    layouts: Wide,
    floating: usize,
    floating_prob: f64,
}

impl Probabilities {
    /// Per cell, row-major: the probability that the hidden cell holds a mine, or -1.0 for a
    /// revealed cell.
    pub fn probs(&self) -> &[f64] {
        &self.probs
    }

    /// Probability of cell `i` (-1.0 when revealed).
    #[inline]
    pub fn get(&self, i: usize) -> f64 {
        self.probs[i]
    }

    /// Whether cell `i` is hidden and undetermined: a mine in some layouts and safe in others
    /// (a revealed cell's -1.0 fails this too).
    #[inline]
    pub fn is_open(&self, i: usize) -> bool {
        let p = self.probs[i];
        p > 0.0 && p < 1.0
    }

    /// Hidden cells that hold no mine in any layout, in increasing index order.
    pub fn safe_cells(&self) -> &[usize] {
        &self.safe
    }

    /// Number of layouts that agree with the view (at least one).
    pub fn layouts(&self) -> Wide {
        self.layouts
    }

    /// Number of hidden cells next to no revealed number that still constrains them.
    pub fn floating_cells(&self) -> usize {
        self.floating
    }

    /// The mine probability shared by every floating cell (0 when there are none).
    pub fn floating_probability(&self) -> f64 {
        self.floating_prob
    }
}

/// Exact probabilities for `view`.
///
/// Errors: `Inconsistent` when no layout agrees with the view (the detail names a cell or the
/// mine count), `TooComplex` when a component is too entangled for the table budget,
/// `OutOfMemory` when an allocation fails.
///
/// ```
/// use gridgames::mines::{probabilities, View};
/// // A '1' in the corner of a 2 x 2 board with one mine: each hidden cell holds it 1/3 of the time.
/// let v = View::parse(b"1EEE", 2, 2, 1).unwrap();
/// let p = probabilities(&v).unwrap();
/// assert_eq!(p.get(0), -1.0);
/// assert!((p.get(3) - 1.0 / 3.0).abs() < 1e-12);
/// ```
pub fn probabilities(view: &View) -> Result<Probabilities> {
    with_counter(|c| c.probabilities(view))
}

/// Number of layouts that agree with `view` (zero when none does), without the probabilities.
pub fn count_layouts(view: &View) -> Result<Wide> {
    with_counter(|c| c.count_layouts(view))
}

/// The counting engine with its buffers and a memory: components already counted (same numbers,
/// same hidden cells) are reused instead of swept again, and a view that only reveals cells of
/// the last one starts the cheap rules from where that one left them.
///
/// A `Counter` changes speed only: its answers are exactly those of [`probabilities`].
///
/// ```
/// use gridgames::mines::{Counter, View};
/// let mut counter = Counter::new();
/// let v = View::parse(b"1EEE", 2, 2, 1).unwrap();
/// let a = counter.probabilities(&v).unwrap();
/// let b = counter.probabilities(&v).unwrap(); // reuses the component
/// assert_eq!(a.probs(), b.probs());
/// ```
#[derive(Default)]
pub struct Counter {
    cons: Constraints,
    work: Counting,
    cache: CountCache,
    total: MineTotal,
    /// Component -> its cache entry, for the view last analysed.
    ids: Vec<u32>,
    expected: Vec<(Wide, Wide)>,
    ones: Vec<Wide>,
    /// Mines left for the components and the floating cells.
    left: usize,
    cells: usize,
    /// The single-number rule's fixpoint of the view last analysed in full, and that view's
    /// cells: the next view, when it only reveals cells of it, and every position a look-ahead
    /// looks at start from there.
    base: Base,
    /// The bases of the positions a look-ahead went deeper from, innermost last (see
    /// [`Counter::enter_shown`]); `outer[..depth]` are in use, the rest are spare buffers.
    outer: Vec<Base>,
    depth: usize,
    /// The (cell, value) reveals from `base.cells` to the grid being read.
    reveals: Vec<(u32, u8)>,
    /// Reads refuse counts that would take [`Counter::cost`] past this (see
    /// [`Counter::stop_at`]).
    stop: Option<u64>,
    /// Cells of every grid read: a read, and the probabilities filled from it, pass over the
    /// whole grid, which the tables' work leaves out.
    cells_read: u64,
    /// The open budget's account (see [`Counter::open_budget`]).
    charges: Charges,
    /// Scratch for a remembered component counted again (see `budget_charges.rs`).
    recount: Counted,
}

/// The single-number rule's fixpoint of a view, and that view's cells.
#[derive(Default)]
struct Base {
    rules: RowRules,
    /// Whether `rules` and `cells` belong together; false while either is being written.
    ready: bool,
    cells: Vec<u8>,
    cols: usize,
}

impl Base {
    /// Whether this is the fixpoint of `grid`.
    fn is_of(&self, grid: DecodedGrid) -> bool {
        self.ready && grid.pre_decoded && self.cols == grid.cols && self.cells == grid.cells
    }
}

/// Where a read finds the single-number rule's fixpoint (see `Constraints`).
#[derive(Clone, Copy)]
enum Start<'a> {
    /// From the grid alone.
    Load,
    /// Given, every mine it settled known (see `Constraints::build_on`).
    Given(&'a RowRules),
    /// [`Counter::base`], with [`Counter::reveals`] made since.
    Revealed,
}

impl std::fmt::Debug for Counter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Counter {{ {} cached components }}", self.cache.len())
    }
}

/// Views of more cells than this leave no buffers behind in the per-thread counter.
const KEEP_CELLS: usize = 1 << 16;

thread_local! {
    static COUNTER: RefCell<(Counter, bool)> = RefCell::new((Counter::new(), false));
}

/// Runs `f` with this thread's counter (a fresh one when it is busy further up the stack).
pub(crate) fn with_counter<R>(f: impl FnOnce(&mut Counter) -> R) -> R {
    COUNTER.with(|slot| match slot.try_borrow_mut() {
        Ok(mut slot) => {
            let (counter, busy) = &mut *slot;
            // A panic inside `f` leaves `busy` set: the buffers may be half-written, so start
            // afresh.
            if *busy {
                *counter = Counter::new();
            }
            *busy = true;
            let r = f(counter);
            *busy = false;
            if counter.cells > KEEP_CELLS {
                *counter = Counter::new();
            }
            r
        }
        Err(_) => f(&mut Counter::new()),
    })
}

impl Counter {
    /// An empty counter.
    pub fn new() -> Counter {
        Counter::default()
    }

    /// Exact probabilities for `view`; see [`probabilities`].
    pub fn probabilities(&mut self, view: &View) -> Result<Probabilities> {
        let mut out = Probabilities::default();
        self.probabilities_into(view, &mut out)?;
        Ok(out)
    }

    /// [`Counter::probabilities`] into `out`, reusing its buffers.
    pub fn probabilities_into(&mut self, view: &View, out: &mut Probabilities) -> Result<()> {
        self.analyse(DecodedGrid::of_view(view), view.mines())?;
        self.fill(view, out)
    }

    /// Number of layouts that agree with `view`; see [`count_layouts`].
    pub fn count_layouts(&mut self, view: &View) -> Result<Wide> {
        match self.analyse(DecodedGrid::of_view(view), view.mines()) {
            Ok(z) => Ok(z),
            Err(e) if e.kind() == ErrorKind::Inconsistent => Ok(Wide::ZERO),
            Err(e) => Err(e),
        }
    }

    /// Reads `grid`, settles what the cheap rules settle, counts the components and combines
    /// them with `mines` mines in all (beyond the grid's known mines). Returns the number of
    /// layouts; afterwards [`Counter::constraints`] and [`Counter::chances`] describe them.
    ///
    /// Errors: `Inconsistent` when no layout fits, `OutOfMemory`.
    pub(crate) fn analyse(&mut self, grid: DecodedGrid, mines: usize) -> Result<Wide> {
        self.analyse_from(grid, mines, Start::Load)
    }

    /// As [`Counter::analyse`], on the single-number rule's fixpoint `rules` holds for `grid`,
    /// every mine it settled known (see `Constraints::build_on`).
    pub(crate) fn analyse_on(
        &mut self,
        grid: DecodedGrid,
        mines: usize,
        rules: &RowRules,
    ) -> Result<Wide> {
        self.analyse_from(grid, mines, Start::Given(rules))
    }

    fn analyse_from(&mut self, grid: DecodedGrid, mines: usize, start: Start) -> Result<Wide> {
        let Start::Load = start else {
            return self.analyse_once(grid, mines, start);
        };
        let rules = self.cons.work();
        let r = self.analyse_view(grid, mines);
        self.charges.view_read(self.cons.work() - rules);
        r
    }

    /// [`Counter::analyse`], from the last view's fixpoint when `grid` only reveals cells of it.
    fn analyse_view(&mut self, grid: DecodedGrid, mines: usize) -> Result<Wide> {
        // A view that only reveals cells of the last one restarts from its fixpoint. Any error
        // is found again from nothing, so that its message does not depend on the view before.
        if self.only_reveals(grid)? {
            if let Ok(z) = self.analyse_once(grid, mines, Start::Revealed) {
                self.keep_base(grid)?;
                return Ok(z);
            }
        }
        self.base.ready = false;
        let z = self.analyse_once(grid, mines, Start::Load)?;
        self.keep_base(grid)?;
        Ok(z)
    }

    /// Whether `grid` is the view of [`Counter::base`] with hidden cells since revealed; if so,
    /// those reveals are in [`Counter::reveals`].
    fn only_reveals(&mut self, grid: DecodedGrid) -> Result<bool> {
        if !self.base.ready
            || !grid.pre_decoded
            || grid.cells.len() != self.base.cells.len()
            || grid.cols != self.base.cols
        {
            return Ok(false);
        }
        self.reveals.clear();
        // Most of a large board is unchanged: compare 64 cells at once and look into a chunk
        // only when it differs.
        const CHUNK: usize = 64;
        let chunks = self.base.cells.chunks(CHUNK).zip(grid.cells.chunks(CHUNK));
        for (k, (was, now)) in chunks.enumerate() {
            if was == now {
                continue;
            }
            for (i, (&was, &now)) in was.iter().zip(now).enumerate() {
                if was != now {
                    if was != HIDDEN || now > 8 {
                        return Ok(false);
                    }
                    try_push(&mut self.reveals, ((k * CHUNK + i) as u32, now))?;
                }
            }
        }
        Ok(true)
    }

    /// Keeps the fixpoint just reached for `grid`, a view, as [`Counter::base`].
    fn keep_base(&mut self, grid: DecodedGrid) -> Result<()> {
        self.base.ready = false;
        if grid.pre_decoded {
            self.base.rules.copy_from(self.cons.rules())?;
            crate::error::try_assign(&mut self.base.cells, grid.cells)?;
            self.base.cols = grid.cols;
            self.base.ready = true;
        }
        Ok(())
    }

    fn analyse_once(&mut self, grid: DecodedGrid, mines: usize, start: Start) -> Result<Wide> {
        self.read_from(grid, start)?;
        let settled = self.cons.mines().len();
        if settled > mines {
            return Err(inconsistent(format_args!(
                "mines is {mines}, but the revealed numbers force at least {settled}"
            )));
        }
        self.left = mines - settled;
        let (cache, ids) = (&self.cache, &self.ids);
        self.total.combine(
            ids.len(),
            |i| &cache.get(ids[i]).totals,
            self.cons.floating(),
            self.left,
        )?;
        let z = self.total.layouts();
        if z.is_zero() {
            return Err(self.count_mismatch(mines, settled));
        }
        Ok(z)
    }

    /// Runs the pair rule on the single-number rule's fixpoint `rules` holds for `grid`, every
    /// mine it settled known (see `Constraints::build_on`); afterwards [`Counter::constraints`]
    /// tells what it settled.
    ///
    /// Errors: `Inconsistent` when the numbers contradict each other, `OutOfMemory`.
    pub(crate) fn settle_on(&mut self, grid: DecodedGrid, rules: &RowRules) -> Result<()> {
        self.cells = grid.cells.len();
        self.base.ready = false;
        self.cons.build_on(grid, rules)
    }

    /// Reads `grid` on the single-number rule's fixpoint `rules` holds for it, every mine it
    /// settled known (see `Constraints::build_on`), settles what the pair rule settles and counts
    /// each component on its own, whatever the mine total; afterwards
    /// [`Counter::component_chances`] describes them.
    ///
    /// Errors: `Inconsistent` when the numbers contradict each other, `OutOfMemory`.
    pub(crate) fn read_on(&mut self, grid: DecodedGrid, rules: &RowRules) -> Result<()> {
        self.read_from(grid, Start::Given(rules))
    }

    fn read_from(&mut self, grid: DecodedGrid, start: Start) -> Result<()> {
        self.cells = grid.cells.len();
        self.cells_read = self.cells_read.saturating_add(self.cells as u64);
        if self.cache.make_room() {
            self.work.release();
        }
        match start {
            Start::Load => self.cons.build(grid)?,
            Start::Given(rules) => {
                self.base.ready = false;
                self.cons.build_on(grid, rules)?;
            }
            Start::Revealed => self
                .cons
                .build_revealed(grid, &self.base.rules, &self.reveals)?,
        }
        self.work.prepare(&self.cons)?;
        self.ids.clear();
        for comp in 0..self.cons.components() {
            // The rules' work is done: what is left before the stop is the counts'.
            self.stop_counts();
            let id = match self.cache.lookup(&self.cons, comp)? {
                Lookup::Hit(id, hash) => self.charge_remembered(id, hash, comp)?,
                Lookup::Miss(id, hash) => self.count_new(id, hash, comp, grid.cols)?,
            };
            try_push(&mut self.ids, id)?;
        }
        self.stop_counts();
        Ok(())
    }

    /// The remembered entry `id` of component `comp`, whose signature hashes to `hash`: an open
    /// budget that meets it first is charged its count, and where that would pass the stop it is
    /// counted again, to be refused where a fresh count is.
    fn charge_remembered(&mut self, id: u32, hash: u64, comp: usize) -> Result<u32> {
        if self.charges.mark(hash)? != Charge::First {
            return Ok(id);
        }
        let work = self.cache.work(id);
        if work <= self.left() {
            self.charges.charge(work);
        } else if let Err(e) = self.recount.count(&self.cons, comp, &mut self.work) {
            self.charges.unmark(hash);
            return Err(e);
        }
        Ok(id)
    }

    /// Counts component `comp` into the cache's fresh entry `id` and remembers it under `hash`.
    /// One the open budget has charged already (the cache started afresh since) is counted past
    /// the stop and not charged again, as a fresh counter would still remember it.
    fn count_new(&mut self, id: u32, hash: u64, comp: usize, cols: usize) -> Result<u32> {
        let charge = self.charges.mark(hash)?;
        if charge == Charge::Again {
            self.work.stop_at(None);
        }
        let before = self.work.all_work_done();
        let (cons, work) = (&self.cons, &mut self.work);
        let counted = self.cache.count_fresh(id, |e| e.count(cons, comp, work));
        let work = self.work.all_work_done() - before;
        if charge == Charge::Again {
            self.charges.waive(work);
        }
        let contradicts = counted
            .as_ref()
            .map_or(true, |e| e.totals.iter().all(|x| x.is_zero()));
        if contradicts && charge == Charge::First {
            // Not remembered: a fresh counter meeting it again would count it again.
            self.charges.unmark(hash);
        }
        let e = counted?;
        if contradicts {
            let (r, c) = (e.any_cell as usize / cols, e.any_cell as usize % cols);
            return Err(inconsistent(format_args!(
                "the numbers around cell ({r}, {c}) contradict each other"
            )));
        }
        self.cache.remember(id, hash, work)?;
        Ok(id)
    }

    /// The work left before the stop ([`Counter::stop_at`]).
    fn left(&self) -> u64 {
        self.stop
            .map_or(u64::MAX, |until| until.saturating_sub(self.cost()))
    }

    /// Makes the counts and backward passes stop where [`Counter::cost`] would pass the stop.
    fn stop_counts(&mut self) {
        let left = self.stop.map(|_| self.left());
        let done = self.work.all_work_done();
        self.work
            .stop_at(left.map(|left| done.saturating_add(left)));
    }

    /// Forgets every component it counted and the fixpoint of the last view, keeping the
    /// buffers: from here, [`Counter::work`] and [`Counter::cost`] grow exactly as a new
    /// counter's would, for a caller whose work bound must not depend on what the thread did
    /// before (the no-guess generator).
    pub(crate) fn forget(&mut self) {
        self.cache.forget();
        self.base.ready = false;
    }

    /// Opens a work budget: until [`Counter::close_budget`], [`Counter::cost`] charges the reads
    /// what they would cost a counter that remembers nothing (see `budget_charges.rs`), the next
    /// view read without its rules' work, so that a budget made in it stops at the same place
    /// whatever the counter did before.
    pub(crate) fn open_budget(&mut self) {
        self.charges.open();
    }

    /// Charges `work` to [`Counter::cost`] without doing it: what a remembered answer cost to
    /// find the first time.
    pub(crate) fn charge(&mut self, work: u64) {
        self.charges.charge(work);
    }

    /// Closes the budget [`Counter::open_budget`] opened.
    pub(crate) fn close_budget(&mut self) {
        self.charges.close();
    }

    /// Mines the grid last analysed has beyond its known mines and the ones the cheap rules
    /// settled: what the undetermined and floating cells hold.
    pub(crate) fn mines_left(&self) -> usize {
        self.left
    }

    /// Makes later reads refuse, with `TooComplex`, a component whose count or probabilities
    /// would take [`Counter::cost`] past `until`, checked as the count goes and before the
    /// probabilities start (`None`: only the limits of `component_count`). A look-ahead with a
    /// work budget sets it, so that one large position cannot overrun the budget; only the
    /// cheap rules of a position can pass it. The refusal depends on the work done before,
    /// so the caller treats it as its budget running out, never as the view's answer.
    pub(crate) fn stop_at(&mut self, until: Option<u64>) {
        self.stop = until;
    }

    /// All the work of every read so far, in proportion to the time it takes: the deduction
    /// core's words, the counts' steps (see `component_count`), the entries and transitions the
    /// backward passes that turn counts into probabilities walk, and a unit a cell of every grid
    /// read. About 13-16 ns a unit in expert play and 6-20 ns on crafted entangled views, which is
    /// why a hint's checks and look-ahead budget it. While a budget is open, the work is charged
    /// as a counter that remembers nothing would do it (see [`Counter::open_budget`]).
    /// ([`Counter::work`] counts less; the no-guess generator's budget is made in it.)
    pub(crate) fn cost(&self) -> u64 {
        self.charges
            .charged(self.cons.work() + self.work.all_work_done() + self.cells_read)
    }

    /// Work done by every read so far, in words of the deduction core (see
    /// `constraints::RowRules::work`) plus counting table entries.
    pub(crate) fn work(&self) -> u64 {
        self.cons.work() + self.work.work_done()
    }

    /// The constraints of the grid last analysed.
    pub(crate) fn constraints(&self) -> &Constraints {
        &self.cons
    }

    /// After [`Counter::analyse`]: calls `f(cells, mines, safe)` for each group of undetermined
    /// frontier cells, with the sums over layouts of its mines and of its safe cells (each cell
    /// of the group has `mines / (layouts * cells.len())` as its probability). Exactly zero
    /// means never a mine, or never safe.
    pub(crate) fn chances(&mut self, f: impl FnMut(&[u32], Wide, Wide)) -> Result<()> {
        self.each_group(true, f)
    }

    /// After [`Counter::analyse`]: as [`Counter::chances`], each component's layouts counted on
    /// their own, whatever their mine total (the numbers alone).
    pub(crate) fn component_chances(&mut self, f: impl FnMut(&[u32], Wide, Wide)) -> Result<()> {
        self.each_group(false, f)
    }

    fn each_group(&mut self, combined: bool, mut f: impl FnMut(&[u32], Wide, Wide)) -> Result<()> {
        let cols = self.cons.cols();
        if combined {
            let (cache, ids) = (&self.cache, &self.ids);
            self.total.weigh(|i| &cache.get(ids[i]).totals)?;
        }
        for (i, &id) in self.ids.iter().enumerate() {
            let e = self.cache.get(id);
            let weights = if combined {
                self.total.weights(i)
            } else {
                try_refill(&mut self.ones, e.totals.len(), Wide::ONE)?;
                &self.ones
            };
            e.expected(weights, cols, &mut self.work, &mut self.expected)?;
            for (step, &(m, s)) in self.expected.iter().enumerate() {
                f(e.step_cells(step), m, s);
            }
        }
        Ok(())
    }

    /// After [`Counter::analyse`]: the sums over layouts of the mines and of the safe cells among
    /// the floating cells.
    pub(crate) fn floating_chances(&self) -> (Wide, Wide) {
        (self.total.floating_mines(), self.total.floating_safe())
    }

    /// Writes the probabilities of `view`, which must be the view last analysed.
    pub(crate) fn fill(&mut self, view: &View, out: &mut Probabilities) -> Result<()> {
        self.fill_cells(view.cells(), out)
    }

    /// [`Counter::fill`] for the grid last analysed, whose known mines have probability 1.
    fn fill_cells(&mut self, cells: &[u8], out: &mut Probabilities) -> Result<()> {
        let z = self.total.layouts();
        try_refill(&mut out.probs, cells.len(), -1.0)?;
        let probs = &mut out.probs;
        for &c in self.cons.safe() {
            probs[c as usize] = 0.0;
        }
        for &c in self.cons.mines() {
            probs[c as usize] = 1.0;
        }
        self.chances(|group, m, s| {
            let p = share(m, s, z, group.len());
            for &c in group {
                probs[c as usize] = p;
            }
        })?;
        let floating = self.cons.floating();
        let (fm, fs) = self.floating_chances();
        let floating_prob = if floating > 0 {
            share(fm, fs, z, floating)
        } else {
            0.0
        };
        out.safe.clear();
        for (i, &d) in cells.iter().enumerate() {
            if d == HIDDEN {
                if probs[i] < 0.0 {
                    probs[i] = floating_prob;
                }
                if probs[i] == 0.0 {
                    try_push(&mut out.safe, i)?;
                }
            } else if d == KNOWN_MINE {
                probs[i] = 1.0;
            }
        }
        out.layouts = z;
        out.floating = floating;
        out.floating_prob = floating_prob;
        Ok(())
    }

    fn count_mismatch(&self, mines: usize, settled: usize) -> Error {
        let (mut lo, mut hi) = (settled, settled);
        for &id in &self.ids {
            let t = &self.cache.get(id).totals;
            lo += t.iter().position(|x| !x.is_zero()).unwrap_or(0);
            hi += t.iter().rposition(|x| !x.is_zero()).unwrap_or(0);
        }
        let f = self.cons.floating();
        if self.ids.is_empty() && settled == 0 {
            inconsistent(format_args!(
                "mines is {mines}, but the view has only {f} hidden cells and no number to \
                 place them next to"
            ))
        } else {
            inconsistent(format_args!(
                "mines is {mines}, but the revealed numbers need {lo} to {hi} mines next to \
                 them and the other {f} hidden cells hold at most {f}"
            ))
        }
    }
}

/// A cell's probability from its group's sums: exactly 0 or 1 when the sums say so.
fn share(mines: Wide, safe: Wide, layouts: Wide, cells: usize) -> f64 {
    if mines.is_zero() {
        0.0
    } else if safe.is_zero() {
        1.0
    } else {
        (mines.ratio(layouts) / cells as f64).min(1.0)
    }
}

fn inconsistent(detail: std::fmt::Arguments<'_>) -> Error {
    Error::new(ErrorKind::Inconsistent, detail)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every layout of `mines` mines on the hidden cells, checked against the numbers.
    fn brute(view: &View) -> Option<Vec<f64>> {
        brute_given(view, None)
    }

    /// [`brute`] over the layouts with a mine on `given`, if any.
    fn brute_given(view: &View, given: Option<usize>) -> Option<Vec<f64>> {
        let hidden: Vec<usize> = (0..view.cells().len())
            .filter(|&i| view.is_hidden(i))
            .collect();
        let n = hidden.len();
        assert!(n <= 20);
        let mut counts = vec![0u64; view.cells().len()];
        let mut total = 0u64;
        let mut mine = vec![false; view.cells().len()];
        for mask in 0u32..(1 << n) {
            if mask.count_ones() as usize != view.mines() {
                continue;
            }
            for (b, &c) in hidden.iter().enumerate() {
                mine[c] = mask >> b & 1 == 1;
            }
            let ok = given.is_none_or(|g| mine[g])
                && (0..view.cells().len()).all(|i| {
                    if view.is_hidden(i) {
                        return true;
                    }
                    let mut k = 0;
                    view.for_each_neighbour(i, |j| k += usize::from(mine[j]));
                    k == usize::from(view.cells()[i])
                });
            if ok {
                total += 1;
                for &c in &hidden {
                    counts[c] += u64::from(mine[c]);
                }
            }
        }
        (total > 0).then(|| {
            (0..view.cells().len())
                .map(|i| {
                    if view.is_hidden(i) {
                        counts[i] as f64 / total as f64
                    } else {
                        -1.0
                    }
                })
                .collect()
        })
    }

    fn check(bytes: &[u8], rows: usize, cols: usize, mines: usize) {
        let view = View::parse(bytes, rows, cols, mines).unwrap();
        let want = brute(&view);
        match (probabilities(&view), want) {
            (Ok(p), Some(w)) => {
                for (i, (&a, &b)) in p.probs().iter().zip(&w).enumerate() {
                    assert!((a - b).abs() < 1e-9, "cell {i}: {a} vs {b}");
                    assert_eq!(p.safe_cells().contains(&i), b == 0.0, "cell {i}");
                    assert_eq!(a == 1.0, b == 1.0, "cell {i}");
                }
            }
            (Err(e), None) => assert_eq!(e.kind(), ErrorKind::Inconsistent),
            (got, want) => panic!("{got:?} vs {want:?}"),
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn small_views_match_brute_force() {
        check(b"1EEE", 2, 2, 1);
        check(b"EEEEEEEEE", 3, 3, 2);
        check(b"B1E111EEE", 3, 3, 2);
        check(b"1E1" as &[u8], 1, 3, 1);
        check(b"1E1", 1, 3, 2);
        check(b"2EE2EEEEE", 3, 3, 3);
        check(b"EE2EEE" as &[u8], 2, 3, 2);
        check(b"1EEEE1EEEEEEEEEE", 4, 4, 3);
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn probabilities_with_mines_match_brute_force_over_those_layouts() {
        let mut c = Counter::new();
        let (mut grid, mut out) = (Vec::new(), Probabilities::default());
        let mut seen = [0; 2];
        for (bytes, rows, cols, mines) in [
            (&b"1EEE"[..], 2, 2, 1),
            (b"B1E111EEE", 3, 3, 2),
            (b"2EE2EEEEE", 3, 3, 3),
            (b"1EEEE1EEEEEEEEEE", 4, 4, 3),
            (b"E1E1EE", 1, 6, 2),
        ] {
            let view = View::parse(bytes, rows, cols, mines).unwrap();
            for cell in (0..view.cells().len()).filter(|&i| view.is_hidden(i)) {
                let got = c
                    .probabilities_with_mines(&view, [cell], &mut grid, &mut out)
                    .unwrap();
                let want = brute_given(&view, Some(cell));
                assert_eq!(got, want.is_some(), "{bytes:?} cell {cell}");
                seen[usize::from(got)] += 1;
                for (i, &w) in want.iter().flatten().enumerate() {
                    let a = out.probs()[i];
                    assert!(
                        (a - w).abs() < 1e-9,
                        "{bytes:?} cell {cell}: {i} {a} vs {w}"
                    );
                    assert_eq!(out.safe_cells().contains(&i), w == 0.0, "cell {i}");
                }
            }
        }
        assert!(seen[0] > 0 && seen[1] > 10, "{seen:?}");
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn a_reveal_from_the_fixpoint_matches_a_fresh_analysis() {
        let mut rng = crate::rng::SplitMix64::new(909);
        let mut next = |m: usize| rng.below(m as u64) as usize;
        // One counter throughout: each new view must drop the fixpoint of the one before.
        let mut counter = Counter::new();
        let (mut fits, mut misfits) = (0, 0);
        for _ in 0..150 {
            let (rows, cols) = (3 + next(10), 3 + next(10));
            let n = rows * cols;
            let mines = 1 + next(n / 4);
            let clicks = 1 + next(3);
            let mut view = super::super::view::clicked_view(&mut next, (rows, cols, mines), clicks);
            let bytes = view.cells().to_vec();
            if counter.probabilities(&view).is_err() {
                continue;
            }
            let mut out = Probabilities::default();
            let hidden: Vec<usize> = (0..n).filter(|&i| view.is_hidden(i)).take(6).collect();
            for cell in hidden {
                for value in 0..=8 {
                    let got = counter
                        .probabilities_if_shown(&mut view, cell, value, &mut out)
                        .unwrap();
                    let mut shown = view.try_clone().unwrap();
                    shown.reveal(cell, value);
                    match Counter::new().probabilities(&shown) {
                        Ok(want) => {
                            assert!(got, "{bytes:?} {cell} {value}");
                            assert_eq!(out.probs(), want.probs(), "{bytes:?} {cell} {value}");
                            assert_eq!(out.layouts(), want.layouts());
                            fits += 1;
                        }
                        Err(e) => {
                            assert_eq!(e.kind(), ErrorKind::Inconsistent);
                            assert!(!got, "{bytes:?} {cell} {value}");
                            misfits += 1;
                        }
                    }
                }
            }
        }
        assert!(fits > 500 && misfits > 500, "{fits} fit, {misfits} do not");
    }

    /// `counter`'s analysis of `view` is a fresh counter's: the same probabilities and count, or
    /// the same error, message included.
    /// `got` (with its `fits`) is what a fresh counter finds for `view` with `cell` showing
    /// `value`.
    fn shown_as_fresh(view: &View, cell: usize, value: u8, fits: bool, got: &Probabilities) {
        let mut shown = view.try_clone().unwrap();
        shown.reveal(cell, value);
        match Counter::new().probabilities(&shown) {
            Ok(want) => {
                assert!(fits, "{:?} {cell} {value}", view.cells());
                assert_eq!(
                    got.probs(),
                    want.probs(),
                    "{:?} {cell} {value}",
                    view.cells()
                );
                assert_eq!(got.layouts(), want.layouts());
            }
            Err(e) => {
                assert_eq!(e.kind(), ErrorKind::Inconsistent);
                assert!(!fits, "{:?} {cell} {value}", view.cells());
            }
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn a_position_entered_and_left_matches_fresh_analyses() {
        let mut rng = crate::rng::SplitMix64::new(529);
        let mut next = |m: usize| rng.below(m as u64) as usize;
        let mut counter = Counter::new();
        let (mut entered, mut inner, mut nested) = (0, 0, 0);
        let mut out = Probabilities::default();
        let mut after = Probabilities::default();
        for _ in 0..80 {
            let (rows, cols) = (3 + next(8), 3 + next(8));
            let n = rows * cols;
            let mines = 1 + next(n / 4);
            let mut view = super::super::view::clicked_view(&mut next, (rows, cols, mines), 2);
            let bytes = view.cells().to_vec();
            if counter.probabilities(&view).is_err() {
                continue;
            }
            let hidden: Vec<usize> = (0..n).filter(|&i| view.is_hidden(i)).take(4).collect();
            for &cell in &hidden {
                for value in 0..=8 {
                    let fits = counter
                        .enter_shown(&mut view, cell, value, &mut after)
                        .unwrap();
                    shown_as_fresh(&view_without(&view, cell), cell, value, fits, &after);
                    if !fits {
                        assert_eq!(view.cells(), &bytes[..]);
                        continue;
                    }
                    entered += 1;
                    // One reveal deeper, from the entered position's fixpoint; and, entering
                    // that too, two deeper.
                    for &other in hidden.iter().filter(|&&o| o != cell) {
                        let v = next(3) as u8;
                        let fits = counter
                            .probabilities_if_shown(&mut view, other, v, &mut out)
                            .unwrap();
                        shown_as_fresh(&view, other, v, fits, &out);
                        inner += 1;
                        let mut deeper = Probabilities::default();
                        if counter
                            .enter_shown(&mut view, other, v, &mut deeper)
                            .unwrap()
                        {
                            assert_eq!(deeper.probs(), out.probs());
                            let third = hidden.iter().find(|&&t| t != cell && t != other);
                            if let Some(&third) = third {
                                let w = next(2) as u8;
                                let fits = counter
                                    .probabilities_if_shown(&mut view, third, w, &mut out)
                                    .unwrap();
                                shown_as_fresh(&view, third, w, fits, &out);
                                nested += 1;
                            }
                            counter.leave_shown(&mut view, other);
                            assert!(counter.base.is_of(DecodedGrid::of_view(&view)));
                        }
                    }
                    counter.leave_shown(&mut view, cell);
                    assert_eq!(view.cells(), &bytes[..]);
                    // The view's own fixpoint is back, not merely found again from nothing.
                    assert!(counter.base.is_of(DecodedGrid::of_view(&view)));
                    // Back on the view's own fixpoint.
                    let other = hidden[next(hidden.len())];
                    let v = next(3) as u8;
                    let fits = counter
                        .probabilities_if_shown(&mut view, other, v, &mut out)
                        .unwrap();
                    shown_as_fresh(&view, other, v, fits, &out);
                }
            }
        }
        assert!(
            entered > 300 && inner > 300 && nested > 300,
            "{entered} entered, {inner} inner, {nested} nested"
        );
    }

    /// `view` with `cell` hidden again.
    fn view_without(view: &View, cell: usize) -> View {
        let mut v = view.try_clone().unwrap();
        v.hide(cell);
        v
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn a_counter_that_forgot_works_as_a_new_one() {
        use crate::mines::{Config, FirstClick, Game, GameState};
        let config = Config {
            rows: 16,
            cols: 30,
            mines: 99,
            seed: 7,
            first_click: FirstClick::Opening,
            no_guess: None,
        };
        let mut game = Game::new(&config).unwrap();
        game.reveal(8, 15).unwrap();
        let mut counter = Counter::new();
        let (mut compared, mut remembered) = (0, 0);
        while game.state() == GameState::Playing {
            let bytes: Vec<u8> = game.view_bytes().collect();
            let view = View::parse(&bytes, 16, 30, 99).unwrap();
            let grid = DecodedGrid::of_view(&view);
            // Only what this view reveals since the last one would be read, and most of its
            // components would be remembered, had the counter not forgotten.
            let before = counter.work();
            counter.analyse(grid, 99).unwrap();
            let mut new = Counter::new();
            new.analyse(grid, 99).unwrap();
            remembered += usize::from(counter.work() - before < new.work());
            counter.forget();
            let before = (counter.work(), counter.cost());
            let probs = counter.probabilities(&view).unwrap();
            let spent = (counter.work() - before.0, counter.cost() - before.1);
            let mut new = Counter::new();
            new.probabilities(&view).unwrap();
            assert_eq!(spent, (new.work(), new.cost()));
            compared += 1;
            let cell = probs.safe_cells().first().copied().unwrap_or_else(|| {
                (0..view.cells().len())
                    .filter(|&i| view.is_hidden(i))
                    .min_by(|&a, &b| probs.get(a).total_cmp(&probs.get(b)))
                    .unwrap()
            });
            game.reveal(cell / 30, cell % 30).unwrap();
        }
        assert!(
            compared > 20 && remembered > 10,
            "{compared} views, {remembered} cheaper"
        );
    }

    /// Opens a budget on `counter`, reads `view`, then stops reads `stop` units on and asks the
    /// look-ahead's and the 50/50 checks' questions about `cells`, twice over: each answer, and
    /// the work charged since the budget opened.
    fn under_budget(
        counter: &mut Counter,
        view: &View,
        cells: &[usize],
        stop: Option<u64>,
    ) -> Vec<(std::result::Result<bool, ErrorKind>, u64)> {
        counter.open_budget();
        let opened = counter.cost();
        let mut out = Vec::new();
        let r = counter.analyse(DecodedGrid::of_view(view), view.mines());
        out.push((
            r.map(|_| true).map_err(|e| e.kind()),
            counter.cost() - opened,
        ));
        counter.stop_at(stop.map(|s| counter.cost() + s));
        let (mut work, mut grid, mut probs) = (
            view.try_clone().unwrap(),
            Vec::new(),
            Probabilities::default(),
        );
        for _ in 0..2 {
            for &cell in cells {
                for value in 0..3 {
                    let r = counter.probabilities_if_shown(&mut work, cell, value, &mut probs);
                    out.push((r.map_err(|e| e.kind()), counter.cost() - opened));
                }
                let r = counter.probabilities_with_mines(view, [cell], &mut grid, &mut probs);
                out.push((r.map_err(|e| e.kind()), counter.cost() - opened));
            }
        }
        counter.stop_at(None);
        counter.close_budget();
        out
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn a_budget_is_charged_what_a_counter_that_remembers_nothing_spends() {
        let mut rng = crate::rng::SplitMix64::new(842);
        let mut next = |m: usize| rng.below(m as u64) as usize;
        let mut views: Vec<View> = (0..6)
            .map(|k| super::super::view::clicked_view(&mut next, (16, 30, 99), 3 + 2 * k))
            .collect();
        for (rows, cols) in [(9, 21), (11, 21)] {
            let (bytes, rows, mines) = super::super::view::lattice(rows, cols, false);
            views.push(View::parse(&bytes, rows, cols, mines).unwrap());
        }
        // One counter for everything: by the time it meets a view under a stop, it remembers
        // every component of it and of the positions asked about. Another forgets every
        // component before each read, so it counts again what the budget already paid for.
        let mut warm = Counter::new();
        let mut forgetful = Counter::new();
        forgetful.cache.test_byte_limit = Some(0);
        let (mut refused, mut charged) = (0, 0);
        for view in &views {
            let Ok(probs) = Counter::new().probabilities(view) else {
                continue;
            };
            let cells: Vec<usize> = (0..view.cells().len())
                .filter(|&i| view.is_hidden(i) && probs.get(i) > 0.0 && probs.get(i) < 1.0)
                .take(6)
                .collect();
            let all = under_budget(&mut Counter::new(), view, &cells, None);
            let total = all.last().unwrap().1;
            assert_eq!(under_budget(&mut warm, view, &cells, None), all);
            for k in 0..=8 {
                let stop = Some(total * k / 8);
                let fresh = under_budget(&mut Counter::new(), view, &cells, stop);
                assert_eq!(
                    under_budget(&mut warm, view, &cells, stop),
                    fresh,
                    "{stop:?}"
                );
                let forgot = under_budget(&mut forgetful, view, &cells, stop);
                assert_eq!(forgot, fresh, "{stop:?}");
                refused += fresh
                    .iter()
                    .filter(|(r, _)| *r == Err(ErrorKind::TooComplex))
                    .count();
                charged += 1;
            }
        }
        assert!(
            charged >= 40 && refused > 20,
            "{charged} runs, {refused} refusals"
        );
    }

    fn same_as_fresh(counter: &mut Counter, view: &View) -> Option<Probabilities> {
        let want = Counter::new().probabilities(view);
        match (counter.probabilities(view), want) {
            (Ok(got), Ok(want)) => {
                assert_eq!(got.probs(), want.probs(), "{:?}", view.cells());
                assert_eq!(got.layouts(), want.layouts());
                Some(want)
            }
            (Err(got), Err(want)) => {
                assert_eq!((got.kind(), got.detail()), (want.kind(), want.detail()));
                None
            }
            (got, want) => panic!("{got:?} vs {want:?} on {:?}", view.cells()),
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn a_view_after_reveals_matches_a_fresh_analysis() {
        use crate::mines::{Config, FirstClick, Game, GameState};
        let mut rng = crate::rng::SplitMix64::new(529);
        let mut next = |m: usize| rng.below(m as u64) as usize;
        // One counter for every view, as the per-thread one: a view that only reveals cells of
        // the one before restarts from its fixpoint, and anything else from nothing.
        let mut counter = Counter::new();
        let (mut views, mut damaged) = (0, 0);
        for seed in 0..60 {
            let (rows, cols) = (6 + next(11), 6 + next(25));
            let mines = rows * cols / (4 + next(4));
            let config = Config {
                rows,
                cols,
                mines,
                seed,
                first_click: FirstClick::Opening,
                no_guess: None,
            };
            let mut game = Game::new(&config).unwrap();
            game.reveal(rows / 2, cols / 2).unwrap();
            while game.state() == GameState::Playing {
                let bytes: Vec<u8> = game.view_bytes().collect();
                let mut view = View::parse(&bytes, rows, cols, mines).unwrap();
                let probs = same_as_fresh(&mut counter, &view).unwrap();
                views += 1;
                let hidden: Vec<usize> = (0..rows * cols).filter(|&i| view.is_hidden(i)).collect();
                // Now and then a view that shows a wrong number, or one more hidden cell.
                if next(4) == 0 {
                    let cell = hidden[next(hidden.len())];
                    view.reveal(cell, next(9) as u8);
                    damaged += usize::from(same_as_fresh(&mut counter, &view).is_none());
                    view.hide(cell);
                }
                let cell = probs.safe_cells().first().copied().unwrap_or_else(|| {
                    *hidden
                        .iter()
                        .min_by(|&&a, &&b| probs.get(a).total_cmp(&probs.get(b)))
                        .unwrap()
                });
                game.reveal(cell / cols, cell % cols).unwrap();
            }
        }
        assert!(
            views > 2000 && damaged > 100,
            "{views} views, {damaged} refused"
        );
    }

    /// A 16 x 30 expert view (99 mines) from a random layout with a random third of its safe
    /// cells revealed, zeros included: its frontier is one component that no order the counter
    /// tries takes within the step limit.
    const ENTANGLED_EXPERT: [&str; 16] = [
        "BEEEEE1EE1EEEEEEEEEEE1EEEEEEE2",
        "EEE1EE1EEEEEEEBE1EE2EEEEEEEEEE",
        "EE1EEEEEE21EEEEE1EE1E4EE42EEE1",
        "EEEEEEEEE2EEEEB1EEEE3EEEEEEE1E",
        "EE1EEE21E11EEEE13EEEEEEE3EEEBE",
        "EEEEEEEB1E23EEEEEE5EEEEEEE1EE1",
        "E1E1EEEE1EE4EEEE3EEEE233EEEEEE",
        "1E1EBBEE1EEEE3EEEE43EEEE3EEE3E",
        "EEE1EEEEEEE1EEE3EEEEEE3EE22EEE",
        "E2322EEEEBBE2EEEEEEE3E3EE21EEE",
        "EEEEEE21EEEE12EEEE3E3E3EEEEEEE",
        "2EEE22E1BEBEEBE13EEE3EEEEEEEEE",
        "EEEEEEE3EEEEBEEEEEEEE1EEBEEEEE",
        "EEE11EEEE1EEEEE1E3E42E1E22E3EE",
        "EE2EB1E3E1BEEEE1EEEEEE1EEEEEEE",
        "EEEBBB1E1BE2EEE1E2EEEE1EEEEEEE",
    ];

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn a_component_with_too_many_states_is_refused_by_its_steps() {
        let view = View::parse(ENTANGLED_EXPERT.concat().as_bytes(), 16, 30, 99).unwrap();
        let mut c = Counter::new();
        let e = c.probabilities(&view).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooComplex);
        assert!(e.detail().contains("1048576 steps"), "{}", e.detail());
        // Refused as its steps pass the bound, not after its entries reach theirs.
        assert!(c.cost() < 1_500_000, "{}", c.cost());
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn frontiers_that_ring_the_opening_are_counted_around_the_ring() {
        for view in crate::mines::solver::view::ring_views() {
            let mut c = Counter::new();
            let p = c.probabilities(&view).unwrap();
            // Taken around the ring, the count takes a few thousand steps.
            assert!(c.cost() < 50_000, "{}", c.cost());
            for (i, (&a, b)) in p.probs().iter().zip(frontier_search(&view)).enumerate() {
                assert!((a - b).abs() < 1e-9, "cell {i}: {a} vs {b}");
            }
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn a_lattice_of_numbers_is_counted_in_bands() {
        // Walked from a far end or swept by angle, this lattice needed more than the step limit;
        // column by column, it takes about a million units.
        let (rows, cols) = (11, 23);
        let (bytes, _, mines) = crate::mines::solver::view::lattice(rows, cols, false);
        let view = View::parse(&bytes, rows, cols, mines).unwrap();
        let mut c = Counter::new();
        let p = c.probabilities(&view).unwrap();
        assert!(c.cost() < 1_500_000, "{}", c.cost());
        // Every hidden cell touches a number, so the probabilities sum to the mines.
        let sum: f64 = p.probs().iter().filter(|&&x| x >= 0.0).sum();
        assert!((sum - mines as f64).abs() < 1e-9, "{sum} of {mines}");
        // Transposed, it is taken row by row: the same probabilities, transposed.
        let t: Vec<u8> = (0..rows * cols)
            .map(|i| bytes[(i % rows) * cols + i / rows])
            .collect();
        let tp = Counter::new()
            .probabilities(&View::parse(&t, cols, rows, mines).unwrap())
            .unwrap();
        for r in 0..rows {
            for col in 0..cols {
                let (a, b) = (p.get(r * cols + col), tp.get(col * rows + r));
                assert!((a - b).abs() < 1e-12, "({r}, {col}): {a} vs {b}");
            }
        }
        assert!(p.probs().iter().any(|&x| x > 0.0 && x < 1.0));
    }

    /// Every cell's mine probability by a depth-first search over the hidden cells next to a
    /// number, each fitting assignment weighted by the ways to place the other mines elsewhere.
    fn frontier_search(view: &View) -> Vec<f64> {
        let n = view.cells().len();
        let hidden = (0..n).filter(|&i| view.is_hidden(i)).count();
        let frontier: Vec<usize> = (0..n)
            .filter(|&i| view.is_hidden(i))
            .filter(|&i| {
                let mut by_number = false;
                view.for_each_neighbour(i, |j| by_number |= !view.is_hidden(j));
                by_number
            })
            .collect();
        // Per revealed cell: mines still needed, and neighbours not yet assigned.
        let mut need: Vec<i32> = view.cells().iter().map(|&v| i32::from(v)).collect();
        let mut left = vec![0i32; n];
        for &f in &frontier {
            view.for_each_neighbour(f, |j| left[j] += 1);
        }
        struct Search<'a> {
            view: &'a View,
            frontier: &'a [usize],
            mine: Vec<bool>,
            layouts: Vec<f64>,
            per_cell: Vec<Vec<f64>>,
        }
        fn go(s: &mut Search, need: &mut [i32], left: &mut [i32], at: usize, mines: usize) {
            if at == s.frontier.len() {
                s.layouts[mines] += 1.0;
                for (k, &f) in s.frontier.iter().enumerate() {
                    s.per_cell[mines][k] += f64::from(u8::from(s.mine[f]));
                }
                return;
            }
            let f = s.frontier[at];
            for is_mine in [false, true] {
                let mut fits = true;
                s.view.for_each_neighbour(f, |j| {
                    if !s.view.is_hidden(j) {
                        left[j] -= 1;
                        need[j] -= i32::from(is_mine);
                        fits &= need[j] >= 0 && need[j] <= left[j];
                    }
                });
                if fits {
                    s.mine[f] = is_mine;
                    go(s, need, left, at + 1, mines + usize::from(is_mine));
                }
                s.view.for_each_neighbour(f, |j| {
                    if !s.view.is_hidden(j) {
                        left[j] += 1;
                        need[j] += i32::from(is_mine);
                    }
                });
            }
        }
        let k = frontier.len();
        let mut s = Search {
            view,
            frontier: &frontier,
            mine: vec![false; n],
            layouts: vec![0.0; k + 1],
            per_cell: vec![vec![0.0; k]; k + 1],
        };
        go(&mut s, &mut need, &mut left, 0, 0);
        let rest = hidden - k;
        let weight = |m: usize| {
            view.mines().checked_sub(m).map_or(0.0, |other| {
                crate::mines::binomial(rest as u64, other as u64).to_f64()
            })
        };
        let total: f64 = (0..=k).map(|m| weight(m) * s.layouts[m]).sum();
        let elsewhere: f64 = (0..=k)
            .map(|m| weight(m) * s.layouts[m] * (view.mines() - m.min(view.mines())) as f64)
            .sum::<f64>()
            / (rest as f64 * total);
        let mut probs: Vec<f64> = (0..n)
            .map(|i| if view.is_hidden(i) { elsewhere } else { -1.0 })
            .collect();
        for (j, &f) in frontier.iter().enumerate() {
            probs[f] = (0..=k).map(|m| weight(m) * s.per_cell[m][j]).sum::<f64>() / total;
        }
        probs
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn the_count_cache_frees_large_tables_beyond_its_byte_budget() {
        use super::super::count_cache::ENTRY_KEEP_BYTES;
        let mut rng = crate::mines::SplitMix64::new(11);
        let mut c = Counter::new();
        let limit = 256 << 10;
        c.cache.test_byte_limit = Some(limit);
        let (mut freed, mut large) = (0, 0);
        for _ in 0..40 {
            // 12 x 24 layouts with a mine in five cells, a random third of safe cells shown.
            let (rows, cols) = (12, 24);
            let mine: Vec<bool> = (0..rows * cols).map(|_| rng.below(5) == 0).collect();
            let bytes: Vec<u8> = (0..rows * cols)
                .map(|i| {
                    if mine[i] || rng.below(3) != 0 {
                        return b'E';
                    }
                    super::super::view::shown_byte(&mine, rows, cols, i)
                })
                .collect();
            let mines = mine.iter().filter(|&&m| m).count();
            let view = View::parse(&bytes, rows, cols, mines).unwrap();
            let over = c.cache.bytes() > limit;
            c.probabilities(&view).unwrap();
            let (sum, most) = c.cache.entry_bytes();
            assert_eq!(c.cache.bytes(), sum, "the cache's count of its bytes");
            large += usize::from(most > ENTRY_KEEP_BYTES);
            if over {
                // The view above started by forgetting: only the tables it counted are large.
                freed += 1;
                c.cache.make_room();
                let (sum, most) = c.cache.entry_bytes();
                assert_eq!(c.cache.bytes(), sum);
                if c.cache.bytes() > limit {
                    assert!(most <= ENTRY_KEEP_BYTES, "an entry kept {most} bytes");
                }
            }
        }
        assert!(
            freed > 5 && large > 10,
            "{freed} times freed, {large} large"
        );
    }

    #[test]
    fn inconsistent_views() {
        let e = probabilities(&View::parse(b"3EEB", 2, 2, 3).unwrap()).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Inconsistent);
        assert_eq!(
            e.detail(),
            "cell (0, 0) shows 3 but has only 2 hidden neighbours"
        );
        let e = probabilities(&View::parse(b"1BEE", 2, 2, 1).unwrap()).unwrap_err();
        assert!(e.detail().contains("contradict"), "{}", e.detail());
        let e = probabilities(&View::parse(b"BB", 1, 2, 1).unwrap()).unwrap_err();
        assert!(e.detail().contains("no number"), "{}", e.detail());
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn huge_counts_stay_exact() {
        // 1000 x 1000, one revealed '1' in a corner: by symmetry each of its three neighbours
        // holds a mine with probability P, and floating cells share the rest.
        let mut bytes = vec![b'E'; 1_000_000];
        bytes[0] = b'1';
        let v = View::parse(&bytes, 1000, 1000, 200_000).unwrap();
        let p = probabilities(&v).unwrap();
        // Layouts with the mine in one of the 3 frontier cells: 3 * C(F, M - 1), F = 999_996.
        // Expected frontier mines = 3 C(F, M-1) / (3 C(F, M-1)) = 1, so each frontier cell 1/3.
        assert!((p.get(1) - 1.0 / 3.0).abs() < 1e-12);
        let f = p.floating_probability();
        assert!((f - 199_999.0 / 999_996.0).abs() < 1e-12, "{f}");
    }
}
