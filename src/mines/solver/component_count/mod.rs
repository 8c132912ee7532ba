//! Exact counting of one component: how many ways its groups can hold their mines, by total.
//!
//! A dynamic programme takes the component's groups one at a time, in an order that keeps few
//! numbers *open* (entered by the DP but not finished). The state is the partial sum of every open
//! number, packed into a 128-bit key, plus the mines placed so far; a group holding `k` of its `s`
//! cells as mines stands for C(s, k) layouts. Minesweeper frontiers are curves, so an order along
//! them keeps only a few numbers open and the tables stay small. A frontier that rings an opening
//! is taken around the ring instead (`group_order.rs`). The count is exact however many layouts
//! there are. A backward pass gives each group's expected mines (and expected safe cells) under any
//! weighting of the component's totals, which is how the rest of the board enters.
//!
//! Counts stay in `f64` for components of at most 400 cells (at most 2^400 layouts) and in
//! [`Wide`] beyond. All terms are non-negative, so an expectation is exactly 0 only when no
//! weighted layout contributes.
//!
//! Limits: the work grows with the numbers an order must keep open at once (the frontier's
//! "width"), not with the board. A frontier whose width exceeds 128 bits of state, whose
//! tables would exceed [`MAX_TABLE_ENTRIES`], or whose count would take more than
//! `limits::MAX_COUNT_STEPS` steps (about 10 ms of work) is refused with `TooComplex`; so is a
//! count, or a backward pass, that would pass a stop the caller set ([`Counting::stop_at`]).

mod group_order; // the order the groups are taken in
mod key_index; // state key -> state index, open addressing
mod layout_tables; // the tables: the forward pass, totals, the backward pass
mod limits; // the state key's width, the tables' budget, the error that names a component
mod step_plan; // each step's group and how it touches the numbers

use super::constraints::Constraints;
use super::wide::Wide;
use crate::error::{try_reserve, Result};
use group_order::{group_order, OrderScratch};
use key_index::KeyIndex;
use layout_tables::{backward, forward, totals_of, Dp, Num};
use limits::MAX_COUNT_STEPS;
pub use limits::MAX_TABLE_ENTRIES;
use step_plan::Plan;

/// Counts in `f64` up to this many cells (at most 2^400 layouts).
const F64_CELLS: usize = 400;

/// A counted component keeps its own tables when they hold at most this many entries and
/// transitions. Larger ones are counted in the shared scratch and counted again when their
/// expectations are asked for: a cache of thousands of components must not keep megabytes each.
const KEEP_ENTRIES: usize = 1 << 16;

/// A counted component: its plan, its tables and its layout counts by mine total.
#[derive(Default)]
pub(crate) struct Counted {
    /// What identifies the component (see `count_cache.rs`).
    pub(crate) signature: Vec<u32>,
    plan: Plan,
    /// Tables in `f64`, kept for components of at most [`F64_CELLS`] cells whose tables hold at
    /// most [`KEEP_ENTRIES`].
    small: Option<Dp<f64>>,
    spare: Dp<f64>,
    /// Layouts by mine total, `0..=cells`.
    pub(crate) totals: Vec<Wide>,
    /// Total cells of the component.
    pub(crate) cells: usize,
    /// A number's board cell, to name the component in messages.
    pub(crate) any_cell: u32,
}

/// Reusable scratch for planning, counting and the backward pass.
#[derive(Default)]
pub(crate) struct Counting {
    order: OrderScratch,
    index: KeyIndex,
    b_next: Vec<f64>,
    b_prev: Vec<f64>,
    wb_next: Vec<Wide>,
    wb_prev: Vec<Wide>,
    weights: Vec<f64>,
    /// Tables of the component being counted when they are too large to keep.
    big_dp: Dp<f64>,
    wide_dp: Dp<Wide>,
    /// Table entries and transitions made so far.
    work: u64,
    /// Table entries and transitions the backward passes walked so far.
    backward_work: u64,
    /// Steps the forward passes took so far (see [`forward`]).
    steps: u64,
    /// Counts refuse to take [`Counting::all_work_done`] past this (see [`Counting::stop_at`]).
    stop: Option<u64>,
}

/// Scratch tables larger than this are freed by [`Counting::release`].
const SCRATCH_KEEP_BYTES: usize = 16 << 20;

impl Counting {
    /// Table entries and transitions made by every count so far: a deterministic measure of
    /// the work.
    pub(crate) fn work_done(&self) -> u64 {
        self.work
    }

    /// The steps of the forward passes (see [`forward`]) and the entries and transitions the
    /// backward passes walked: the tables' work in proportion to the time it takes.
    /// ([`Counting::work_done`] counts less, and keeps its meaning for the budgets made in it.)
    pub(crate) fn all_work_done(&self) -> u64 {
        self.steps + self.backward_work
    }

    /// Makes later counts and backward passes refuse, with `TooComplex`, to take
    /// [`Counting::all_work_done`] past `until` (`None`: no stop but the limits'), counts checked
    /// as they go and backward passes before they start (their work is known from the tables),
    /// so that a caller with a work budget is never overrun by one large component.
    pub(crate) fn stop_at(&mut self, until: Option<u64>) {
        self.stop = until;
    }

    /// The steps the next forward pass may take: the limit, or fewer before a stop.
    fn allowance(&self) -> u64 {
        MAX_COUNT_STEPS.min(self.before_stop())
    }

    /// The work left before the stop (all there is without one).
    fn before_stop(&self) -> u64 {
        self.stop
            .map_or(u64::MAX, |s| s.saturating_sub(self.all_work_done()))
    }

    /// Sizes the per-number and per-group scratch for one build of `cons`.
    pub(crate) fn prepare(&mut self, cons: &Constraints) -> Result<()> {
        self.order.prepare(cons)
    }

    /// Frees scratch tables that a large component grew, so that a counter kept between games
    /// does not hold them for good.
    pub(crate) fn release(&mut self) {
        fn large<T>(v: &Vec<T>) -> bool {
            v.capacity() * std::mem::size_of::<T>() > SCRATCH_KEEP_BYTES
        }
        if self.big_dp.bytes() > SCRATCH_KEEP_BYTES {
            self.big_dp = Dp::default();
        }
        if self.wide_dp.bytes() > SCRATCH_KEEP_BYTES {
            self.wide_dp = Dp::default();
        }
        if large(&self.b_next) || large(&self.b_prev) {
            (self.b_next, self.b_prev) = (Vec::new(), Vec::new());
        }
        if large(&self.wb_next) || large(&self.wb_prev) {
            (self.wb_next, self.wb_prev) = (Vec::new(), Vec::new());
        }
    }
}

impl Counted {
    /// Plans and counts component `comp` of `cons` into `self`, reusing its buffers. `work` must
    /// have been prepared for this build of `cons`.
    pub(crate) fn count(
        &mut self,
        cons: &Constraints,
        comp: usize,
        work: &mut Counting,
    ) -> Result<()> {
        let groups = cons.component_groups(comp);
        self.any_cell = cons.number_cell(cons.group_numbers(groups[0])[0]);
        self.cells = groups.iter().map(|&g| cons.group_cells(g).len()).sum();
        group_order(cons, groups, &mut work.order)?;
        self.plan.build(cons, &mut work.order, self.cells)?;
        self.totals.clear();
        if self.cells <= F64_CELLS {
            let mut dp = self
                .small
                .take()
                .unwrap_or_else(|| std::mem::take(&mut self.spare));
            match self.forward(&mut dp, cons.cols(), work, KEEP_ENTRIES, work.allowance()) {
                Ok(true) => {
                    let (lo, t) = totals_of(&dp);
                    let r = self.set_totals(lo, t.iter().map(|x| x.to_wide()));
                    self.small = Some(dp);
                    return r;
                }
                Ok(false) => self.spare = dp,
                Err(e) => {
                    self.spare = dp;
                    return Err(e);
                }
            }
            let mut dp = std::mem::take(&mut work.big_dp);
            let most = work.allowance();
            let r = self.forward(&mut dp, cons.cols(), work, MAX_TABLE_ENTRIES, most);
            let r = r.and_then(|_| {
                let (lo, t) = totals_of(&dp);
                self.set_totals(lo, t.iter().map(|x| x.to_wide()))
            });
            work.big_dp = dp;
            r
        } else {
            if let Some(dp) = self.small.take() {
                self.spare = dp;
            }
            let mut dp = std::mem::take(&mut work.wide_dp);
            let most = work.allowance();
            let r = self.forward(&mut dp, cons.cols(), work, MAX_TABLE_ENTRIES, most);
            let r = r.and_then(|_| {
                let (lo, t) = totals_of(&dp);
                self.set_totals(lo, t.iter().copied())
            });
            work.wide_dp = dp;
            r
        }
    }

    /// The forward pass of this component's plan into `dp` (see [`forward`]).
    fn forward<W: Num>(
        &self,
        dp: &mut Dp<W>,
        cols: usize,
        work: &mut Counting,
        within: usize,
        most: u64,
    ) -> Result<bool> {
        forward(
            dp,
            &self.plan,
            cols,
            self.any_cell,
            &mut work.index,
            &mut work.work,
            &mut work.steps,
            within,
            most,
        )
    }

    /// `totals`: zero below `lo`, then `band`, then zero up to the component's cells; left
    /// empty when `band` is (no layout fits).
    fn set_totals(&mut self, lo: usize, band: impl ExactSizeIterator<Item = Wide>) -> Result<()> {
        if band.len() == 0 {
            return Ok(());
        }
        crate::error::try_refill(&mut self.totals, lo, Wide::ZERO)?;
        crate::error::try_extend_exact(&mut self.totals, band)?;
        crate::error::try_resize(&mut self.totals, self.cells + 1, Wide::ZERO)
    }

    /// Bytes its buffers hold.
    pub(crate) fn bytes(&self) -> usize {
        self.signature.capacity() * std::mem::size_of::<u32>()
            + self.small.as_ref().map_or(0, Dp::bytes)
            + self.spare.bytes()
            + self.totals.capacity() * std::mem::size_of::<Wide>()
    }

    /// Frees its tables (kept only for reuse once the entry is recycled).
    pub(crate) fn release(&mut self) {
        self.small = None;
        self.spare = Dp::default();
    }

    /// Steps of the plan (one per group).
    pub(crate) fn steps(&self) -> usize {
        self.plan.sizes.len()
    }

    /// The board cells of step `s`'s group.
    pub(crate) fn step_cells(&self, s: usize) -> &[u32] {
        self.plan.step_cells.row(s)
    }

    /// Per step, the expected mines and expected safe cells of its group, each layout of the
    /// component weighted by `g[its mine total]` (missing weights count as 0). Written to `out`.
    pub(crate) fn expected(
        &self,
        g: &[Wide],
        cols: usize,
        work: &mut Counting,
        out: &mut Vec<(Wide, Wide)>,
    ) -> Result<()> {
        out.clear();
        let steps = self.steps();
        try_reserve(out, steps)?;
        let gmax = g
            .iter()
            .copied()
            .fold(Wide::ZERO, |a, b| if b > a { b } else { a });
        if gmax.is_zero() {
            crate::error::try_resize(out, steps, (Wide::ZERO, Wide::ZERO))?;
            return Ok(());
        }
        // f64 suffices when the weights span less than 2^500: forward counts are at most
        // 2^400 and weights at least 2^-500 of the largest, so nothing over- or underflows.
        // A large component's tables are made again; under a stop, the passes are refused
        // before they pass it, the backward one before it starts.
        let most = work.before_stop();
        if self.cells <= F64_CELLS
            && g.iter()
                .all(|x| x.is_zero() || x.exponent() - gmax.exponent() > -500)
        {
            let mut big = std::mem::take(&mut work.big_dp);
            let r = match &self.small {
                Some(dp) => self.backward_f64(dp, cols, g, gmax, work, out),
                None => self
                    .forward(&mut big, cols, work, MAX_TABLE_ENTRIES, most)
                    .and_then(|_| self.backward_f64(&big, cols, g, gmax, work, out)),
            };
            work.big_dp = big;
            r?;
            out.reverse();
            return Ok(());
        }
        let mut dp = std::mem::take(&mut work.wide_dp);
        let mut r = self
            .forward(&mut dp, cols, work, MAX_TABLE_ENTRIES, most)
            .map(|_| ());
        if r.is_ok() {
            let mut b_next = std::mem::take(&mut work.wb_next);
            let mut b_prev = std::mem::take(&mut work.wb_prev);
            let most = work.before_stop();
            let walked = &mut work.backward_work;
            r = backward(
                &dp,
                &self.plan,
                cols,
                self.any_cell,
                g,
                &mut b_next,
                &mut b_prev,
                walked,
                most,
                |m, s| crate::error::try_push(out, (m, s)),
            );
            work.wb_next = b_next;
            work.wb_prev = b_prev;
        }
        work.wide_dp = dp;
        r?;
        out.reverse();
        Ok(())
    }

    /// The backward pass over `f64` tables `dp`, weights `g` scaled by their largest, `gmax`.
    fn backward_f64(
        &self,
        dp: &Dp<f64>,
        cols: usize,
        g: &[Wide],
        gmax: Wide,
        work: &mut Counting,
        out: &mut Vec<(Wide, Wide)>,
    ) -> Result<()> {
        work.weights.clear();
        crate::error::try_extend_exact(&mut work.weights, g.iter().map(|x| x.ratio(gmax)))?;
        let weights = std::mem::take(&mut work.weights);
        let mut b_next = std::mem::take(&mut work.b_next);
        let mut b_prev = std::mem::take(&mut work.b_prev);
        let most = work.before_stop();
        let r = backward(
            dp,
            &self.plan,
            cols,
            self.any_cell,
            &weights,
            &mut b_next,
            &mut b_prev,
            &mut work.backward_work,
            most,
            |m, s| {
                crate::error::try_push(out, (Wide::from_f64(m) * gmax, Wide::from_f64(s) * gmax))
            },
        );
        work.weights = weights;
        work.b_next = b_next;
        work.b_prev = b_prev;
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mines::solver::decoded_grid::DecodedGrid;
    use crate::mines::solver::view::shown_byte;
    use crate::mines::{SplitMix64, View, EMPTY};
    use group_order::Candidate;

    /// A random view of a `rows x cols` layout with about a third of its safe cells revealed.
    fn random_view(rng: &mut SplitMix64, rows: usize, cols: usize) -> View {
        let n = rows * cols;
        let mine: Vec<bool> = (0..n).map(|_| rng.below(4) == 0).collect();
        let bytes: Vec<u8> = (0..n)
            .map(|i| {
                if mine[i] || rng.below(3) != 0 {
                    return EMPTY;
                }
                shown_byte(&mine, rows, cols, i)
            })
            .collect();
        View::parse(&bytes, rows, cols, 0).unwrap()
    }

    /// Layouts of the component's cells by mine total, by trying every assignment: each number
    /// of the component must see exactly its remaining need among the component's cells.
    fn brute_totals(cons: &Constraints, comp: usize) -> Vec<f64> {
        let groups = cons.component_groups(comp);
        let cells: Vec<u32> = groups
            .iter()
            .flat_map(|&g| cons.group_cells(g).iter().copied())
            .collect();
        let mut numbers: Vec<u32> = groups
            .iter()
            .flat_map(|&g| cons.group_numbers(g).iter().copied())
            .collect();
        numbers.sort_unstable();
        numbers.dedup();
        let mut totals = vec![0.0; cells.len() + 1];
        for mask in 0u64..1 << cells.len() {
            let is_mine = |cell: u32| {
                let k = cells.iter().position(|&x| x == cell).unwrap();
                mask >> k & 1 == 1
            };
            let fits = numbers.iter().all(|&n| {
                let seen: u32 = cons
                    .number_groups(n)
                    .iter()
                    .flat_map(|&g| cons.group_cells(g).iter())
                    .map(|&c| u32::from(is_mine(c)))
                    .sum();
                seen == u32::from(cons.number_need(n))
            });
            if fits {
                totals[mask.count_ones() as usize] += 1.0;
            }
        }
        totals
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn counts_by_total_match_every_assignment_tried() {
        let mut rng = SplitMix64::new(29);
        let (mut cons, mut work, mut counted) =
            (Constraints::new(), Counting::default(), Counted::default());
        let mut components = 0;
        for _ in 0..400 {
            let (rows, cols) = (2 + rng.below(4) as usize, 2 + rng.below(5) as usize);
            let view = random_view(&mut rng, rows, cols);
            cons.build(DecodedGrid::of_view(&view)).unwrap();
            work.prepare(&cons).unwrap();
            for comp in 0..cons.components() {
                let want = brute_totals(&cons, comp);
                if want.len() > 17 {
                    continue;
                }
                // Each order the counter may choose must count alike.
                let forced = std::iter::once(None).chain(Candidate::ALL.map(Some));
                for force in forced {
                    work.order.force = force;
                    // Planning marks numbers as placed: each count starts afresh.
                    work.prepare(&cons).unwrap();
                    counted.count(&cons, comp, &mut work).unwrap();
                    let got: Vec<f64> = counted.totals.iter().map(|w| w.to_f64()).collect();
                    let bytes = view.to_bytes();
                    assert_eq!(got, want[..got.len()], "view {bytes:?}, order {force:?}");
                    assert!(want[got.len()..].iter().all(|&x| x == 0.0));
                    assert_eq!(counted.cells, want.len() - 1);
                }
                components += 1;
            }
        }
        assert!(
            components > 200,
            "only {components} components were checked"
        );
    }

    #[test]
    fn expected_mines_match_the_counts_by_total() {
        // A corner '1' with three hidden neighbours: each holds the mine in one of 3 layouts.
        let view = View::parse(b"1EEE", 2, 2, 1).unwrap();
        let mut cons = Constraints::new();
        cons.build(DecodedGrid::of_view(&view)).unwrap();
        let (mut work, mut counted) = (Counting::default(), Counted::default());
        work.prepare(&cons).unwrap();
        assert_eq!(cons.components(), 1);
        counted.count(&cons, 0, &mut work).unwrap();
        let totals: Vec<f64> = counted.totals.iter().map(|w| w.to_f64()).collect();
        assert_eq!(totals[..2], [0.0, 3.0]);
        let mut out = Vec::new();
        // Weight only the layouts with one mine.
        let g = [Wide::ZERO, Wide::from_f64(1.0)];
        counted
            .expected(&g, cons.cols(), &mut work, &mut out)
            .unwrap();
        let mines: f64 = out.iter().map(|(m, _)| m.to_f64()).sum();
        let safe: f64 = out.iter().map(|(_, s)| s.to_f64()).sum();
        assert_eq!((mines, safe), (3.0, 6.0));
    }

    #[test]
    fn a_backward_pass_is_refused_before_it_would_pass_the_stop() {
        let mut rng = SplitMix64::new(31);
        let (mut cons, mut work, mut counted) =
            (Constraints::new(), Counting::default(), Counted::default());
        let mut checked = 0;
        for _ in 0..if cfg!(miri) { 3 } else { 40 } {
            let view = random_view(&mut rng, 6, 8);
            cons.build(DecodedGrid::of_view(&view)).unwrap();
            for comp in 0..cons.components() {
                work.prepare(&cons).unwrap();
                counted.count(&cons, comp, &mut work).unwrap();
                let g = vec![Wide::from_f64(1.0); counted.totals.len()];
                let (mut want, mut out) = (Vec::new(), Vec::new());
                let before = work.all_work_done();
                let expected = |work: &mut Counting, out: &mut Vec<(Wide, Wide)>| {
                    counted.expected(&g, cons.cols(), work, out)
                };
                expected(&mut work, &mut want).unwrap();
                let walked = work.all_work_done() - before;
                assert!(walked > 0);
                // One unit short: refused, and nothing walked.
                let before = work.all_work_done();
                work.stop_at(Some(before + walked - 1));
                let e = expected(&mut work, &mut out).unwrap_err();
                assert_eq!(e.kind(), crate::error::ErrorKind::TooComplex);
                assert_eq!(work.all_work_done(), before);
                // Exactly enough: the same answer, up to the stop.
                work.stop_at(Some(before + walked));
                expected(&mut work, &mut out).unwrap();
                assert_eq!(work.all_work_done(), before + walked);
                assert!(out.iter().zip(&want).all(|(a, b)| a == b) && out.len() == want.len());
                work.stop_at(None);
                checked += 1;
            }
        }
        assert!(checked > if cfg!(miri) { 2 } else { 40 }, "{checked}");
    }
}
