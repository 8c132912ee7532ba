//! The order the DP takes a component's groups in.
//!
//! The order keeps few numbers *open* (entered but not finished): a number's partial sum is part
//! of the state only while it is open, so a narrow order keeps the tables small.

use crate::error::{try_refill, try_reserve, Error, Result};
use crate::mines::solver::constraints::Constraints;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Components with at most this many groups are taken in breadth-first order.
const SMALL_COMPONENT: usize = 12;

/// No step yet.
pub(super) const NONE: u32 = u32::MAX;

/// Reusable scratch for ordering and planning, per number and per group.
#[derive(Default)]
pub(super) struct OrderScratch {
    pub(super) first: Vec<u32>,
    pub(super) last: Vec<u32>,
    pub(super) left: Vec<u32>,
    pub(super) slot: Vec<u32>,
    opened: Vec<bool>,
    local: Vec<u32>,
    pub(super) order: Vec<u32>,
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
