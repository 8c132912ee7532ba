//! Exact counting of one component: how many ways its groups can hold their mines, by total.
//!
//! A dynamic programme sweeps the component's groups in an order that keeps few numbers *open*
//! (entered by the sweep but not finished). The state is the partial sum of every open number,
//! packed into a 128-bit key, plus the mines placed so far; a group holding `k` of its `s` cells
//! as mines stands for C(s, k) layouts. Minesweeper frontiers are curves, so a sweep along them
//! keeps only a few numbers open and the tables stay small; the count is exact however many
//! layouts there are. A backward pass gives each group's expected mines (and expected safe
//! cells) under any weighting of the component's totals, which is how the rest of the board
//! enters.
//!
//! Counts stay in `f64` for components of at most 400 cells (at most 2^400 layouts) and in
//! [`Wide`] beyond. All terms are non-negative, so an expectation is exactly 0 only when no
//! weighted layout contributes.
//!
//! Limits: the work grows with the numbers a sweep must keep open at once (the frontier's
//! "width"), not with the board. A contrived frontier whose width exceeds 128 bits of state or
//! whose tables would exceed [`MAX_TABLE_ENTRIES`] is refused with `OutOfMemory`.

use super::constraints::Constraints;
use super::wide::Wide;
use crate::error::{try_push, try_refill, try_reserve, Error, ErrorKind, Result};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::{Add, AddAssign, Mul};

/// The most table entries (states times mine counts, over all of a component's levels) one
/// component may use before it is refused with `OutOfMemory`.
pub const MAX_TABLE_ENTRIES: usize = 1 << 23;

/// Bits of a state key: each open number's partial sum takes just enough bits for its need.
const KEY_BITS: u32 = 128;

/// Components with at most this many groups are swept in breadth-first order.
const SMALL_COMPONENT: usize = 12;

/// Counts in `f64` up to this many cells (at most 2^400 layouts).
const F64_CELLS: usize = 400;

const NONE: u32 = u32::MAX;

const BINOM: [[u32; 9]; 9] = {
    let mut t = [[0u32; 9]; 9];
    let mut n = 0;
    while n < 9 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// A number type for the tables: plain `f64` for small components, [`Wide`] beyond.
pub(crate) trait Num:
    Copy + PartialEq + Add<Output = Self> + AddAssign + Mul<Output = Self>
{
    const ZERO: Self;
    fn small(x: u32) -> Self;
    fn to_wide(self) -> Wide;
}

impl Num for f64 {
    const ZERO: f64 = 0.0;
    #[inline]
    fn small(x: u32) -> f64 {
        f64::from(x)
    }
    fn to_wide(self) -> Wide {
        Wide::from_f64(self)
    }
}

impl Num for Wide {
    const ZERO: Wide = Wide::ZERO;
    #[inline]
    fn small(x: u32) -> Wide {
        Wide::from_f64(f64::from(x))
    }
    fn to_wide(self) -> Wide {
        self
    }
}

/// One number as seen from the group that touches it at one step of the sweep.
#[derive(Clone, Copy)]
struct Touch {
    shift: u32,
    mask: u128,
    need: u8,
    first: bool,
    last: bool,
    /// Cells of this number's groups later in the sweep.
    cap_after: u8,
}

/// Compressed rows: row `i` is `items[start[i]..start[i + 1]]`.
#[derive(Default)]
struct Rows {
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Rows {
    fn clear(&mut self) {
        self.start.clear();
        self.items.clear();
    }

    #[inline]
    fn row(&self, i: usize) -> &[u32] {
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// The sweep of a component: per step, its group's cells and how it touches the numbers.
#[derive(Default)]
struct Plan {
    step_cells: Rows,
    sizes: Vec<u8>,
    touches: Vec<Touch>,
    touch_at: Vec<u32>,
}

impl Plan {
    fn touches(&self, step: usize) -> &[Touch] {
        &self.touches[self.touch_at[step] as usize..self.touch_at[step + 1] as usize]
    }
}

/// The tables of one sweep, flattened: level `j` (0 = before any group) has states
/// `keys[key_at[j]..key_at[j + 1]]`, one row of `width[j]` counts per state (by mines placed so
/// far) from `row_at[j]`, and for `j >= 1` the transitions that reached it as
/// (state in level j - 1, state in level j, mines in group j).
struct Dp<W> {
    key_at: Vec<u32>,
    row_at: Vec<usize>,
    width: Vec<usize>,
    trans_at: Vec<usize>,
    keys: Vec<u128>,
    rows: Vec<W>,
    trans: Vec<(u32, u32, u8)>,
}

impl<W> Default for Dp<W> {
    fn default() -> Self {
        Dp {
            key_at: Vec::new(),
            row_at: Vec::new(),
            width: Vec::new(),
            trans_at: Vec::new(),
            keys: Vec::new(),
            rows: Vec::new(),
            trans: Vec::new(),
        }
    }
}

/// A counted component: its sweep, its tables and its layout counts by mine total.
#[derive(Default)]
pub(crate) struct Counted {
    /// What identifies the component (see `count_cache.rs`).
    pub(crate) signature: Vec<u32>,
    plan: Plan,
    /// Tables in `f64` for components of at most [`F64_CELLS`] cells.
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
    first: Vec<u32>,
    last: Vec<u32>,
    left: Vec<u32>,
    slot: Vec<u32>,
    opened: Vec<bool>,
    local: Vec<u32>,
    order: Vec<u32>,
    dist: Vec<u32>,
    dist2: Vec<u32>,
    bfs: Vec<u32>,
    score: Vec<i32>,
    done: Vec<bool>,
    in_cand: Vec<bool>,
    heap: BinaryHeap<Reverse<(i32, u32, u32)>>,
    index: KeyIndex,
    b_next: Vec<f64>,
    b_prev: Vec<f64>,
    wb_next: Vec<Wide>,
    wb_prev: Vec<Wide>,
    weights: Vec<f64>,
    wide_dp: Dp<Wide>,
    /// Table entries filled so far.
    entries: u64,
}

impl Counting {
    /// Table entries filled by every count so far: a deterministic measure of the work.
    pub(crate) fn entries(&self) -> u64 {
        self.entries
    }

    /// Sizes the per-number and per-group scratch for one build of `cons`.
    pub(crate) fn prepare(&mut self, cons: &Constraints) -> Result<()> {
        let n = cons.numbers();
        let g = cons.groups();
        try_refill(&mut self.first, n, NONE)?;
        try_refill(&mut self.last, n, 0)?;
        try_refill(&mut self.left, n, 0)?;
        try_refill(&mut self.slot, n, 0)?;
        try_refill(&mut self.opened, n, false)?;
        try_refill(&mut self.local, g, 0)?;
        Ok(())
    }
}

fn too_entangled(cell: u32, cols: usize, why: &str) -> Error {
    let (r, c) = (cell as usize / cols, cell as usize % cols);
    Error::new(
        ErrorKind::OutOfMemory,
        format!("the frontier around cell ({r}, {c}) is too entangled for exact counting: {why}"),
    )
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
        sweep_order(cons, groups, work)?;
        self.plan_sweep(cons, work)?;
        let cols = cons.cols();
        self.totals.clear();
        if self.cells <= F64_CELLS {
            let mut dp = self
                .small
                .take()
                .unwrap_or_else(|| std::mem::take(&mut self.spare));
            let r = forward(&mut dp, &self.plan, cols, self.any_cell, work);
            if let Err(e) = r {
                self.spare = dp;
                return Err(e);
            }
            let t = totals_of(&dp);
            try_reserve(&mut self.totals, t.len())?;
            self.totals.extend(t.iter().map(|x| x.to_wide()));
            self.small = Some(dp);
        } else {
            if let Some(dp) = self.small.take() {
                self.spare = dp;
            }
            let mut dp = std::mem::take(&mut work.wide_dp);
            let r = forward(&mut dp, &self.plan, cols, self.any_cell, work);
            if r.is_ok() {
                let t = totals_of(&dp);
                try_reserve(&mut self.totals, t.len())?;
                self.totals.extend_from_slice(t);
            }
            work.wide_dp = dp;
            r?;
        }
        Ok(())
    }

    /// Steps of the sweep (one per group).
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
            out.resize(steps, (Wide::ZERO, Wide::ZERO));
            return Ok(());
        }
        if let Some(dp) = &self.small {
            // f64 suffices when the weights span less than 2^500: forward counts are at most
            // 2^400 and weights at least 2^-500 of the largest, so nothing over- or underflows.
            if g.iter()
                .all(|x| x.is_zero() || x.exponent() - gmax.exponent() > -500)
            {
                work.weights.clear();
                try_reserve(&mut work.weights, g.len())?;
                work.weights.extend(g.iter().map(|x| x.ratio(gmax)));
                let weights = std::mem::take(&mut work.weights);
                let mut b_next = std::mem::take(&mut work.b_next);
                let mut b_prev = std::mem::take(&mut work.b_prev);
                let r = backward(
                    dp,
                    &self.plan,
                    &weights,
                    &mut b_next,
                    &mut b_prev,
                    |m, s| {
                        out.push((Wide::from_f64(m) * gmax, Wide::from_f64(s) * gmax));
                    },
                );
                work.weights = weights;
                work.b_next = b_next;
                work.b_prev = b_prev;
                r?;
                out.reverse();
                return Ok(());
            }
        }
        let mut dp = std::mem::take(&mut work.wide_dp);
        let mut r = forward(&mut dp, &self.plan, cols, self.any_cell, work);
        if r.is_ok() {
            let mut b_next = std::mem::take(&mut work.wb_next);
            let mut b_prev = std::mem::take(&mut work.wb_prev);
            r = backward(&dp, &self.plan, g, &mut b_next, &mut b_prev, |m, s| {
                out.push((m, s));
            });
            work.wb_next = b_next;
            work.wb_prev = b_prev;
        }
        work.wide_dp = dp;
        r?;
        out.reverse();
        Ok(())
    }

    /// Fills the plan from the order in `work.order`.
    fn plan_sweep(&mut self, cons: &Constraints, s: &mut Counting) -> Result<()> {
        let plan = &mut self.plan;
        plan.step_cells.clear();
        plan.sizes.clear();
        plan.touches.clear();
        plan.touch_at.clear();
        let n = s.order.len();
        for (pos, &gid) in s.order.iter().enumerate() {
            for &c in cons.group_numbers(gid) {
                let c = c as usize;
                if s.first[c] == NONE {
                    s.first[c] = pos as u32;
                    s.left[c] = cons
                        .number_groups(c as u32)
                        .iter()
                        .map(|&g| cons.group_cells(g).len() as u32)
                        .sum();
                }
                s.last[c] = pos as u32;
            }
        }
        // Slots: a number holds one from its first step to its last; slots freed at a step are
        // reused only from the next step on.
        let mut used: u128 = 0;
        try_reserve(&mut plan.touches, 3 * n)?;
        try_reserve(&mut plan.touch_at, n + 1)?;
        try_reserve(&mut plan.sizes, n)?;
        plan.touch_at.push(0);
        for (pos, &gid) in s.order.iter().enumerate() {
            let pos = pos as u32;
            let size = cons.group_cells(gid).len() as u32;
            let nums = cons.group_numbers(gid);
            for &c in nums {
                let cu = c as usize;
                let is_first = s.first[cu] == pos;
                let is_last = s.last[cu] == pos;
                let need = cons.number_need(c);
                let bits = (8 - need.leading_zeros()).max(1);
                let mask: u128 = (1 << bits) - 1;
                if is_first && !is_last {
                    let Some(shift) = (0..=KEY_BITS - bits).find(|&p| used & (mask << p) == 0)
                    else {
                        return Err(too_entangled(
                            cons.number_cell(c),
                            cons.cols(),
                            "its open numbers would need more than 128 bits of state",
                        ));
                    };
                    used |= mask << shift;
                    s.slot[cu] = shift;
                }
                s.left[cu] -= size;
                try_push(
                    &mut plan.touches,
                    Touch {
                        shift: s.slot[cu],
                        mask,
                        need,
                        first: is_first,
                        last: is_last,
                        cap_after: s.left[cu].min(255) as u8,
                    },
                )?;
            }
            for &c in nums {
                let cu = c as usize;
                if s.last[cu] == pos && s.first[cu] != pos {
                    let bits = (8 - cons.number_need(c).leading_zeros()).max(1);
                    used &= !(((1u128 << bits) - 1) << s.slot[cu]);
                }
            }
            plan.touch_at.push(plan.touches.len() as u32);
            plan.sizes.push(size as u8);
        }
        try_reserve(&mut plan.step_cells.start, n + 1)?;
        try_reserve(&mut plan.step_cells.items, self.cells)?;
        plan.step_cells.start.push(0);
        for &gid in &s.order {
            plan.step_cells
                .items
                .extend_from_slice(cons.group_cells(gid));
            plan.step_cells
                .start
                .push(plan.step_cells.items.len() as u32);
        }
        Ok(())
    }
}

/// A sweep order that keeps few numbers open, into `s.order`: start at a far end of the
/// component, then repeatedly take the group that opens the fewest new numbers (net of those it
/// closes), preferring groups closer to the start.
fn sweep_order(cons: &Constraints, groups: &[u32], s: &mut Counting) -> Result<()> {
    let n = groups.len();
    s.order.clear();
    try_reserve(&mut s.order, n)?;
    if n == 1 {
        s.order.push(groups[0]);
        return Ok(());
    }
    for (i, &g) in groups.iter().enumerate() {
        s.local[g as usize] = i as u32;
    }
    // Breadth-first distances; `slot` is free until planning assigns slots and marks each
    // number expanded by a search with that search's stamp.
    let bfs = |start: usize, s: &mut Counting, stamp: u32, out_second: bool| -> Result<()> {
        let mut dist = std::mem::take(if out_second {
            &mut s.dist2
        } else {
            &mut s.dist
        });
        try_refill(&mut dist, n, NONE)?;
        s.bfs.clear();
        try_reserve(&mut s.bfs, n)?;
        s.bfs.push(start as u32);
        dist[start] = 0;
        let mut head = 0;
        while head < s.bfs.len() {
            let i = s.bfs[head] as usize;
            head += 1;
            let d = dist[i];
            for &c in cons.group_numbers(groups[i]) {
                if s.slot[c as usize] == stamp {
                    continue;
                }
                s.slot[c as usize] = stamp;
                for &g in cons.number_groups(c) {
                    let j = s.local[g as usize] as usize;
                    if dist[j] == NONE {
                        dist[j] = d + 1;
                        s.bfs.push(j as u32);
                    }
                }
            }
        }
        if out_second {
            s.dist2 = dist;
        } else {
            s.dist = dist;
        }
        Ok(())
    };
    let far = |dist: &[u32]| (0..n).max_by_key(|&i| (dist[i], Reverse(i))).unwrap_or(0);
    bfs(0, s, NONE - 1, false)?;
    let start = far(&s.dist);
    bfs(start, s, NONE - 2, true)?;
    if n <= SMALL_COMPONENT {
        // Small components stay narrow in plain breadth-first order from a far end.
        s.bfs.clear();
        s.bfs.extend(0..n as u32);
        let dist = &s.dist2;
        s.bfs.sort_unstable_by_key(|&i| (dist[i as usize], i));
        s.order.extend(s.bfs.iter().map(|&i| groups[i as usize]));
        return Ok(());
    }
    // `left` counts each number's unplaced groups while ordering (planning reuses it).
    for &g in groups {
        for &c in cons.group_numbers(g) {
            s.left[c as usize] = cons.number_groups(c).len() as u32;
        }
    }
    let score_of = |i: usize, s: &Counting| -> i32 {
        let mut sc = 0;
        for &c in cons.group_numbers(groups[i]) {
            let rem = s.left[c as usize];
            let open = s.opened[c as usize];
            if !open && rem > 1 {
                sc += 1;
            } else if open && rem == 1 {
                sc -= 1;
            }
        }
        sc
    };
    // Lazy-deletion heap of (score, distance, index); stale entries are skipped.
    s.score.clear();
    try_reserve(&mut s.score, n)?;
    for i in 0..n {
        let sc = score_of(i, s);
        s.score.push(sc);
    }
    try_refill(&mut s.done, n, false)?;
    try_refill(&mut s.in_cand, n, false)?;
    s.heap.clear();
    s.heap
        .try_reserve(n)
        .map_err(|_| Error::alloc::<Reverse<(i32, u32, u32)>>(n, None))?;
    s.heap
        .push(Reverse((s.score[start], s.dist2[start], start as u32)));
    s.in_cand[start] = true;
    while s.order.len() < n {
        let Some(Reverse((sc, _, best))) = s.heap.pop() else {
            // Cannot happen in a connected component; stay total anyway.
            let i = (0..n).find(|&i| !s.done[i]).expect("a group is left");
            s.heap
                .try_reserve(1)
                .map_err(|_| Error::alloc::<Reverse<(i32, u32, u32)>>(1, Some(n)))?;
            s.heap.push(Reverse((s.score[i], s.dist2[i], i as u32)));
            s.in_cand[i] = true;
            continue;
        };
        let best = best as usize;
        if s.done[best] || sc != s.score[best] {
            continue;
        }
        s.done[best] = true;
        s.order.push(groups[best]);
        for &c in cons.group_numbers(groups[best]) {
            s.left[c as usize] -= 1;
            s.opened[c as usize] = true;
        }
        // Only groups sharing a number with `best` change score.
        for &c in cons.group_numbers(groups[best]) {
            for &g in cons.number_groups(c) {
                let j = s.local[g as usize] as usize;
                if !s.done[j] {
                    let new = score_of(j, s);
                    if new != s.score[j] || !s.in_cand[j] {
                        s.score[j] = new;
                        s.in_cand[j] = true;
                        if s.heap.len() == s.heap.capacity() {
                            let had = s.heap.len();
                            s.heap.try_reserve(had.max(16)).map_err(|_| {
                                Error::alloc::<Reverse<(i32, u32, u32)>>(had.max(16), Some(had))
                            })?;
                        }
                        s.heap.push(Reverse((new, s.dist2[j], j as u32)));
                    }
                }
            }
        }
    }
    Ok(())
}

/// State key to state index, open addressing. Clearing resets only the slots in use, so a
/// table grown by one large component costs nothing afterwards.
#[derive(Default)]
struct KeyIndex {
    slots: Vec<(u128, u32)>,
    used: Vec<u32>,
}

impl KeyIndex {
    const EMPTY: u32 = u32::MAX;

    fn clear(&mut self) -> Result<()> {
        if self.slots.is_empty() {
            try_refill(&mut self.slots, 16, (0, Self::EMPTY))?;
        }
        for &i in &self.used {
            self.slots[i as usize].1 = Self::EMPTY;
        }
        self.used.clear();
        Ok(())
    }

    #[inline]
    fn slot_of(slots: &[(u128, u32)], key: u128) -> usize {
        let mask = slots.len() - 1;
        let h = ((key as u64) ^ ((key >> 64) as u64).rotate_left(29))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut i = (h >> 40) as usize & mask;
        while slots[i].1 != Self::EMPTY && slots[i].0 != key {
            i = (i + 1) & mask;
        }
        i
    }

    /// The index stored for `key`, or `fresh` after storing it.
    #[inline]
    fn get_or_insert(&mut self, key: u128, fresh: u32) -> Result<u32> {
        let i = Self::slot_of(&self.slots, key);
        if self.slots[i].1 != Self::EMPTY {
            return Ok(self.slots[i].1);
        }
        self.slots[i] = (key, fresh);
        try_push(&mut self.used, i as u32)?;
        if self.used.len() * 2 > self.slots.len() {
            let mut bigger = Vec::new();
            try_refill(&mut bigger, self.slots.len() * 2, (0, Self::EMPTY))?;
            for k in 0..self.used.len() {
                let (key, v) = self.slots[self.used[k] as usize];
                let j = Self::slot_of(&bigger, key);
                bigger[j] = (key, v);
                self.used[k] = j as u32;
            }
            self.slots = bigger;
        }
        Ok(fresh)
    }
}

fn clear_dp<W>(dp: &mut Dp<W>) {
    dp.key_at.clear();
    dp.row_at.clear();
    dp.width.clear();
    dp.trans_at.clear();
    dp.keys.clear();
    dp.rows.clear();
    dp.trans.clear();
}

/// The forward sweep of `plan` into `dp`.
fn forward<W: Num>(
    dp: &mut Dp<W>,
    plan: &Plan,
    cols: usize,
    any_cell: u32,
    work: &mut Counting,
) -> Result<()> {
    let n = plan.sizes.len();
    clear_dp(dp);
    try_reserve(&mut dp.key_at, n + 2)?;
    try_reserve(&mut dp.row_at, n + 1)?;
    try_reserve(&mut dp.width, n + 1)?;
    try_reserve(&mut dp.trans_at, n + 1)?;
    try_push(&mut dp.keys, 0)?;
    try_push(&mut dp.rows, W::small(1))?;
    dp.key_at.extend([0, 1]);
    dp.row_at.push(0);
    dp.width.push(1);
    dp.trans_at.push(0);
    let mut placed = 0usize;
    let index = &mut work.index;
    for step in 0..n {
        let size = plan.sizes[step] as usize;
        placed += size;
        let width = placed + 1;
        let touches = plan.touches(step);
        let (pk0, pk1) = (dp.key_at[step] as usize, dp.key_at[step + 1] as usize);
        let (prow, pwidth) = (dp.row_at[step], dp.width[step]);
        let row0 = dp.rows.len();
        index.clear()?;
        for from in 0..pk1 - pk0 {
            let key = dp.keys[pk0 + from];
            'k: for k in 0..=size {
                let mut next = key;
                for t in touches {
                    let cur = if t.first {
                        0
                    } else {
                        ((key >> t.shift) & t.mask) as u8
                    };
                    let v = cur + k as u8;
                    if v > t.need {
                        continue 'k;
                    }
                    if t.last {
                        if v != t.need {
                            continue 'k;
                        }
                        if !t.first {
                            next &= !(t.mask << t.shift);
                        }
                    } else {
                        if u32::from(v) + u32::from(t.cap_after) < u32::from(t.need) {
                            continue 'k;
                        }
                        next = (next & !(t.mask << t.shift)) | (u128::from(v) << t.shift);
                    }
                }
                let fresh = (dp.keys.len() - pk1) as u32;
                let to = index.get_or_insert(next, fresh)?;
                if to == fresh {
                    if dp.rows.len() + width > MAX_TABLE_ENTRIES {
                        return Err(too_entangled(
                            plan.step_cells
                                .row(step)
                                .first()
                                .copied()
                                .unwrap_or(any_cell),
                            cols,
                            &format!("its tables would exceed {MAX_TABLE_ENTRIES} entries"),
                        ));
                    }
                    try_push(&mut dp.keys, next)?;
                    if dp.rows.len() + width > dp.rows.capacity() {
                        let extra = width.max(dp.rows.len());
                        try_reserve(&mut dp.rows, extra)?;
                    }
                    dp.rows.resize(dp.rows.len() + width, W::ZERO);
                }
                try_push(&mut dp.trans, (from as u32, to, k as u8))?;
                let c = W::small(BINOM[size][k]);
                let (done, cur) = dp.rows.split_at_mut(row0);
                let src = &done[prow + from * pwidth..prow + (from + 1) * pwidth];
                let dst = &mut cur[to as usize * width..(to as usize + 1) * width];
                for (d, &s) in dst[k..k + pwidth].iter_mut().zip(src) {
                    *d += c * s;
                }
            }
        }
        work.entries += (dp.rows.len() - row0) as u64;
        dp.key_at.push(dp.keys.len() as u32);
        dp.row_at.push(row0);
        dp.width.push(width);
        dp.trans_at.push(dp.trans.len());
    }
    Ok(())
}

/// Layout counts by mine total (empty when the component has no solution: no final state).
fn totals_of<W: Num>(dp: &Dp<W>) -> &[W] {
    let n = dp.width.len() - 1;
    let (k0, k1) = (dp.key_at[n] as usize, dp.key_at[n + 1] as usize);
    let w = dp.width[n];
    // Every number closes by the last step, so the only final key is 0.
    match dp.keys[k0..k1].iter().position(|&k| k == 0) {
        Some(s) => &dp.rows[dp.row_at[n] + s * w..dp.row_at[n] + (s + 1) * w],
        None => &[],
    }
}

/// The backward sweep: for each step from the last to the first, `emit(expected mines,
/// expected safe cells)` of its group, each layout weighted by `g[its total]`.
fn backward<W: Num>(
    dp: &Dp<W>,
    plan: &Plan,
    g: &[W],
    b_next: &mut Vec<W>,
    b_prev: &mut Vec<W>,
    mut emit: impl FnMut(W, W),
) -> Result<()> {
    let n = plan.sizes.len();
    let (k0, k1) = (dp.key_at[n] as usize, dp.key_at[n + 1] as usize);
    let w = dp.width[n];
    try_refill(b_next, (k1 - k0) * w, W::ZERO)?;
    if let Some(s) = dp.keys[k0..k1].iter().position(|&k| k == 0) {
        for (t, x) in g.iter().take(w).enumerate() {
            b_next[s * w + t] = *x;
        }
    }
    for step in (0..n).rev() {
        let (cw, pw) = (dp.width[step + 1], dp.width[step]);
        let prow = dp.row_at[step];
        let pstates = (dp.key_at[step + 1] - dp.key_at[step]) as usize;
        try_refill(b_prev, pstates * pw, W::ZERO)?;
        let size = plan.sizes[step] as usize;
        let (mut mines, mut safe) = (W::ZERO, W::ZERO);
        for &(from, to, k) in &dp.trans[dp.trans_at[step]..dp.trans_at[step + 1]] {
            let k = k as usize;
            let c = W::small(BINOM[size][k]);
            let b = &b_next[to as usize * cw..(to as usize + 1) * cw];
            let f = &dp.rows[prow + from as usize * pw..prow + (from as usize + 1) * pw];
            let dst = &mut b_prev[from as usize * pw..(from as usize + 1) * pw];
            let mut dot = W::ZERO;
            for m in 0..pw {
                let bv = b[m + k];
                dst[m] += c * bv;
                dot += f[m] * bv;
            }
            if k > 0 {
                mines += dot * W::small(BINOM[size][k] * k as u32);
            }
            if k < size {
                safe += dot * W::small(BINOM[size][k] * (size - k) as u32);
            }
        }
        emit(mines, safe);
        std::mem::swap(b_next, b_prev);
    }
    Ok(())
}
