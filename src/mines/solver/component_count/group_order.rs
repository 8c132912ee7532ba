//! The order the DP takes a component's groups in.
//!
//! The order keeps few numbers *open* (entered but not finished): a number's partial sum is part
//! of the state only while it is open, so a narrow order keeps the tables small. The cheapest
//! order by an estimate is kept, of:
//! - a greedy walk from a far end of the component, which suits frontiers that are curves;
//! - a sweep by angle around the component's centre, which suits frontiers that ring an opening;
//! - bands of columns, or of rows, which suit frontiers that fill a rectangle.

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
    alt: Vec<u32>,
    angle: Vec<(f64, u32)>,
    centre: Vec<(f64, f64)>,
    band: Vec<(f64, f64, u32)>,
    est_seen: Vec<u32>,
    /// Tests take this order whatever its cost, to check that every order counts alike.
    #[cfg(test)]
    pub(super) force: Option<Candidate>,
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
        try_refill(&mut self.est_seen, n, 0)?;
        try_refill(&mut self.local, g, 0)?;
        Ok(())
    }
}

/// Another order replaces the greedy one only when its estimated cost is this many times
/// smaller. The estimate ignores how the numbers' sums depend on each other, so it misranks
/// orders of similar cost: with no margin, on 300 random expert views shown at random, it picked
/// the angular sweep for 93 of 875 components where the sweep took over 5% more steps; with this
/// one, for 4.
const ORDER_MARGIN: f64 = 2.0;

/// Below this estimated cost, a component is counted in the greedy order without trying the
/// others, which could save at most half of it: most frontiers in play are that cheap, and
/// making and estimating the sweep for each of them cost a few percent of the games played per
/// second.
const ORDERS_WORTH: f64 = 16384.0;

/// An order of the groups that keeps few numbers open, into `s.order`: the greedy order, or the
/// cheapest [`Candidate`] when [`estimated_cost`] finds it [`ORDER_MARGIN`] times cheaper.
pub(super) fn group_order(cons: &Constraints, groups: &[u32], s: &mut OrderScratch) -> Result<()> {
    greedy_order(cons, groups, s)?;
    #[cfg(test)]
    if let Some(candidate) = s.force {
        group_centres(cons, groups, s)?;
        make_candidate(cons, groups, s, candidate)?;
        std::mem::swap(&mut s.order, &mut s.alt);
        return Ok(());
    }
    if groups.len() < 3 {
        return Ok(());
    }
    let greedy = estimated_cost(cons, &s.order, &mut s.est_seen);
    if greedy < ORDERS_WORTH {
        return Ok(());
    }
    group_centres(cons, groups, s)?;
    let mut best = greedy;
    for candidate in Candidate::ALL {
        make_candidate(cons, groups, s, candidate)?;
        let cost = estimated_cost(cons, &s.alt, &mut s.est_seen);
        if cost * ORDER_MARGIN < greedy && cost < best {
            best = cost;
            std::mem::swap(&mut s.order, &mut s.alt);
        }
    }
    Ok(())
}

/// The orders tried beside the greedy one.
#[derive(Clone, Copy, Debug)]
pub(super) enum Candidate {
    Sweep,
    Columns,
    Rows,
}

impl Candidate {
    pub(super) const ALL: [Candidate; 3] = [Candidate::Sweep, Candidate::Columns, Candidate::Rows];
}

/// The `candidate` order into `s.alt`; needs [`group_centres`].
fn make_candidate(
    cons: &Constraints,
    groups: &[u32],
    s: &mut OrderScratch,
    candidate: Candidate,
) -> Result<()> {
    match candidate {
        Candidate::Sweep => sweep_order(cons, groups, s),
        Candidate::Columns => axis_order(cons, groups, s, true),
        Candidate::Rows => axis_order(cons, groups, s, false),
    }
}

/// The cost of counting in `order`, estimated: per step, the states it may reach (the product of
/// each open number's possible partial sums) times the group's possible mine counts.
fn estimated_cost(cons: &Constraints, order: &[u32], seen: &mut [u32]) -> f64 {
    for &g in order {
        for &c in cons.group_numbers(g) {
            seen[c as usize] = 0;
        }
    }
    let range = |c: u32, seen: u32, all: u32| -> f64 {
        let need = u32::from(cons.number_need(c));
        let hi = need.min(seen);
        let lo = need.saturating_sub(all - seen);
        f64::from(hi.saturating_sub(lo) + 1)
    };
    let (mut states, mut cost) = (1.0f64, 0.0f64);
    for &g in order {
        let size = cons.group_cells(g).len() as u32;
        cost += states * f64::from(size + 1);
        for &c in cons.group_numbers(g) {
            let cu = c as usize;
            let (was, all) = (seen[cu], cons.number_cells(c));
            if was > 0 {
                states /= range(c, was, all);
            }
            seen[cu] = was + size;
            if was + size < all {
                states *= range(c, was + size, all);
            }
        }
    }
    cost
}

/// Each group's sums of rows and of columns, into `s.centre`, in the order of `groups`.
fn group_centres(cons: &Constraints, groups: &[u32], s: &mut OrderScratch) -> Result<()> {
    let cols = cons.cols();
    s.centre.clear();
    try_reserve(&mut s.centre, groups.len())?;
    for &g in groups {
        let cells = cons.group_cells(g);
        let (mut r, mut c) = (0.0, 0.0);
        for &x in cells {
            r += (x as usize / cols) as f64;
            c += (x as usize % cols) as f64;
        }
        crate::error::try_push(&mut s.centre, (r, c))?;
    }
    Ok(())
}

/// The groups by their angle around the component's centre, starting after the widest gap
/// between angles, into `s.alt`: a frontier that rings an opening is taken around the ring, with
/// the cells inside and outside it at each angle, where the greedy order may walk the outer edge
/// first and keep the inner numbers open all the way. Needs [`group_centres`].
fn sweep_order(cons: &Constraints, groups: &[u32], s: &mut OrderScratch) -> Result<()> {
    let (mut cr, mut cc, mut m) = (0.0, 0.0, 0.0);
    for (&g, &(r, c)) in groups.iter().zip(&s.centre) {
        cr += r;
        cc += c;
        m += cons.group_cells(g).len() as f64;
    }
    let (cr, cc) = (cr / m, cc / m);
    s.angle.clear();
    try_reserve(&mut s.angle, groups.len())?;
    for (&g, &(r, c)) in groups.iter().zip(&s.centre) {
        let k = cons.group_cells(g).len() as f64;
        crate::error::try_push(&mut s.angle, (diamond_angle(r / k - cr, c / k - cc), g))?;
    }
    s.angle
        .sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let n = s.angle.len();
    let mut start = 0;
    let mut widest = s.angle[0].0 + 4.0 - s.angle[n - 1].0;
    for i in 1..n {
        let gap = s.angle[i].0 - s.angle[i - 1].0;
        if gap > widest {
            (widest, start) = (gap, i);
        }
    }
    s.alt.clear();
    try_reserve(&mut s.alt, n)?;
    for i in 0..n {
        crate::error::try_push(&mut s.alt, s.angle[(start + i) % n].1)?;
    }
    Ok(())
}

/// The groups column by column (`by_col`) or row by row, into `s.alt`: for a frontier that
/// fills a rectangle (a lattice of numbers), a band crossing it keeps about one column's (or
/// row's) numbers open. Needs [`group_centres`].
fn axis_order(
    cons: &Constraints,
    groups: &[u32],
    s: &mut OrderScratch,
    by_col: bool,
) -> Result<()> {
    // Each group's centre, its band's coordinate first, divided out once rather than per
    // comparison.
    s.band.clear();
    try_reserve(&mut s.band, groups.len())?;
    for (i, (&g, &(r, c))) in groups.iter().zip(&s.centre).enumerate() {
        let k = cons.group_cells(g).len() as f64;
        let (r, c) = (r / k, c / k);
        let (a, b) = if by_col { (c, r) } else { (r, c) };
        crate::error::try_push(&mut s.band, (a, b, i as u32))?;
    }
    s.band.sort_unstable_by(|x, y| {
        x.0.total_cmp(&y.0)
            .then(x.1.total_cmp(&y.1))
            .then(x.2.cmp(&y.2))
    });
    s.alt.clear();
    try_reserve(&mut s.alt, groups.len())?;
    crate::error::try_extend_exact(
        &mut s.alt,
        s.band.iter().map(|&(_, _, i)| groups[i as usize]),
    )
}

/// A stand-in for the angle of `(dy, dx)`, in `[0, 4)` and increasing with it, from the four
/// basic operations only: IEEE 754 rounds those alike on every platform (`atan2` it does not),
/// so every platform orders alike.
fn diamond_angle(dy: f64, dx: f64) -> f64 {
    if dy == 0.0 && dx == 0.0 {
        0.0
    } else if dy >= 0.0 {
        if dx >= 0.0 {
            dy / (dx + dy)
        } else {
            1.0 - dx / (dy - dx)
        }
    } else if dx < 0.0 {
        2.0 - dy / (-dx - dy)
    } else {
        3.0 + dx / (dx - dy)
    }
}

/// Start at a far end of the component, then repeatedly take the group that opens the fewest new
/// numbers (net of those it closes), preferring groups closer to the start; into `s.order`.
fn greedy_order(cons: &Constraints, groups: &[u32], s: &mut OrderScratch) -> Result<()> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diamond_angle_grows_with_the_angle() {
        let mut last = (-1.0, 0.0);
        // Every direction on a 21 x 21 grid around the centre, with its true angle in [0, 2 pi),
        // each computed once: `atan2` may round differently from one call to the next (Miri
        // makes it), and a sort needs its keys to stay put.
        let mut dirs: Vec<(f64, f64, f64)> = (-10..=10)
            .flat_map(|y| (-10..=10).map(move |x| (f64::from(y), f64::from(x))))
            .filter(|&(y, x)| (y, x) != (0.0, 0.0))
            .map(|(y, x)| (y.atan2(x).rem_euclid(std::f64::consts::TAU), y, x))
            .collect();
        dirs.sort_by(|a, b| a.0.total_cmp(&b.0));
        for &(turn, y, x) in &dirs {
            let a = diamond_angle(y, x);
            assert!((0.0..4.0).contains(&a), "{y}, {x}: {a}");
            let same = (turn - last.1).abs() < 1e-12;
            assert!(
                a > last.0 || same && a == last.0,
                "{y}, {x}: {a} after {}",
                last.0
            );
            last = (a, turn);
        }
        assert_eq!(diamond_angle(0.0, 0.0), 0.0);
    }
}
