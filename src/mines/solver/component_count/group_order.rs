//! The order the DP takes a component's groups in, and the plan of each step.
//!
//! The order keeps few numbers *open* (entered but not finished): a number's partial sum is part
//! of the state only while it is open, so a narrow order keeps the tables small.

use super::limits::{too_entangled, KEY_BITS};
use crate::error::{try_push, try_refill, try_reserve, Error, Result};
use crate::mines::solver::constraints::Constraints;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Components with at most this many groups are taken in breadth-first order.
const SMALL_COMPONENT: usize = 12;

const NONE: u32 = u32::MAX;

/// Reusable scratch for ordering and planning, per number and per group.
#[derive(Default)]
pub(super) struct OrderScratch {
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
}

impl OrderScratch {
    /// Sizes the per-number and per-group scratch for one build of `cons`.
    pub(super) fn prepare(&mut self, cons: &Constraints) -> Result<()> {
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

/// One number as seen from the group that touches it at one step of the plan.
#[derive(Clone, Copy)]
pub(super) struct Touch {
    pub(super) shift: u32,
    pub(super) mask: u128,
    pub(super) need: u8,
    pub(super) first: bool,
    pub(super) last: bool,
    /// Cells of this number's groups later in the plan.
    pub(super) cap_after: u8,
}

/// Compressed rows: row `i` is `items[start[i]..start[i + 1]]`.
#[derive(Default)]
pub(super) struct Rows {
    pub(super) start: Vec<u32>,
    pub(super) items: Vec<u32>,
}

impl Rows {
    pub(super) fn clear(&mut self) {
        self.start.clear();
        self.items.clear();
    }

    #[inline]
    pub(super) fn row(&self, i: usize) -> &[u32] {
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// The plan of a component: per step, its group's cells and how it touches the numbers.
#[derive(Default)]
pub(super) struct Plan {
    pub(super) step_cells: Rows,
    pub(super) sizes: Vec<u8>,
    pub(super) touches: Vec<Touch>,
    pub(super) touch_at: Vec<u32>,
}

impl Plan {
    pub(super) fn touches(&self, step: usize) -> &[Touch] {
        &self.touches[self.touch_at[step] as usize..self.touch_at[step + 1] as usize]
    }
}

impl Plan {
    /// Fills the plan from the order in `s.order`, for a component of `cells` cells.
    pub(super) fn build(
        &mut self,
        cons: &Constraints,
        s: &mut OrderScratch,
        cells: usize,
    ) -> Result<()> {
        let plan = self;
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
        crate::error::try_push(&mut plan.touch_at, 0)?;
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
                            format_args!("its open numbers would need more than 128 bits of state"),
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
            crate::error::try_push(&mut plan.touch_at, plan.touches.len() as u32)?;
            crate::error::try_push(&mut plan.sizes, size as u8)?;
        }
        try_reserve(&mut plan.step_cells.start, n + 1)?;
        try_reserve(&mut plan.step_cells.items, cells)?;
        crate::error::try_push(&mut plan.step_cells.start, 0)?;
        for &gid in &s.order {
            crate::error::try_extend(&mut plan.step_cells.items, cons.group_cells(gid))?;
            let end = plan.step_cells.items.len() as u32;
            crate::error::try_push(&mut plan.step_cells.start, end)?;
        }
        Ok(())
    }
}

/// An order of the groups that keeps few numbers open, into `s.order`: start at a far end of the
/// component, then repeatedly take the group that opens the fewest new numbers (net of those it
/// closes), preferring groups closer to the start.
pub(super) fn group_order(cons: &Constraints, groups: &[u32], s: &mut OrderScratch) -> Result<()> {
    let n = groups.len();
    s.order.clear();
    try_reserve(&mut s.order, n)?;
    if n == 1 {
        crate::error::try_push(&mut s.order, groups[0])?;
        return Ok(());
    }
    for (i, &g) in groups.iter().enumerate() {
        s.local[g as usize] = i as u32;
    }
    // Breadth-first distances; `slot` is free until planning assigns slots and marks each
    // number expanded by a search with that search's stamp.
    let bfs = |start: usize, s: &mut OrderScratch, stamp: u32, out_second: bool| -> Result<()> {
        let mut dist = std::mem::take(if out_second {
            &mut s.dist2
        } else {
            &mut s.dist
        });
        try_refill(&mut dist, n, NONE)?;
        s.bfs.clear();
        try_reserve(&mut s.bfs, n)?;
        crate::error::try_push(&mut s.bfs, start as u32)?;
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
                        crate::error::try_push(&mut s.bfs, j as u32)?;
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
        crate::error::try_extend_exact(&mut s.bfs, 0..n as u32)?;
        let dist = &s.dist2;
        s.bfs.sort_unstable_by_key(|&i| (dist[i as usize], i));
        crate::error::try_extend_exact(&mut s.order, s.bfs.iter().map(|&i| groups[i as usize]))?;
        return Ok(());
    }
    // `left` counts each number's unplaced groups while ordering (planning reuses it).
    for &g in groups {
        for &c in cons.group_numbers(g) {
            s.left[c as usize] = cons.number_groups(c).len() as u32;
        }
    }
    let score_of = |i: usize, s: &OrderScratch| -> i32 {
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
        crate::error::try_push(&mut s.score, sc)?;
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
        crate::error::try_push(&mut s.order, groups[best])?;
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
