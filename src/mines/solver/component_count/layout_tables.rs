//! The DP's tables of one component: the forward pass that counts layouts by mine total, and
//! the backward pass that gives each group's expected mines under a weighting of the totals.

use super::key_index::KeyIndex;
use super::limits::{too_entangled, MAX_TABLE_ENTRIES};
use super::step_plan::Plan;
use crate::error::{try_push, try_refill, try_reserve, Result};
use crate::mines::solver::wide::Wide;
use std::ops::{Add, AddAssign, Mul};

pub(super) const BINOM: [[u32; 9]; 9] = {
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

/// The tables of one component, flattened: level `j` (0 = before any group) has states
/// `keys[key_at[j]..key_at[j + 1]]`. State `s` keeps a row of counts by mines placed so far, but
/// only over the band its paths can reach, from `lo[s]`, stored at `rows[row_at[s]..row_at[s +
/// 1]]` (`row_at` ends with `rows.len()`); `hi` holds the band's top for the level being built
/// only, from its first state (afterwards the row's length gives it). A row over every total
/// from 0 would be mostly zeros: on entangled expert frontiers about nine in ten entries. For
/// `j >= 1`, the transitions that reached level `j` are (state in level j - 1, state in level j,
/// mines in group j), both states counted from their level's first.
pub(super) struct Dp<W> {
    pub(super) key_at: Vec<u32>,
    pub(super) trans_at: Vec<usize>,
    pub(super) keys: Vec<u128>,
    pub(super) lo: Vec<u32>,
    pub(super) hi: Vec<u32>,
    pub(super) row_at: Vec<usize>,
    pub(super) rows: Vec<W>,
    pub(super) trans: Vec<(u32, u32, u8)>,
}

impl<W> Default for Dp<W> {
    fn default() -> Self {
        Dp {
            key_at: Vec::new(),
            trans_at: Vec::new(),
            keys: Vec::new(),
            lo: Vec::new(),
            hi: Vec::new(),
            row_at: Vec::new(),
            rows: Vec::new(),
            trans: Vec::new(),
        }
    }
}

pub(super) fn clear_dp<W>(dp: &mut Dp<W>) {
    dp.key_at.clear();
    dp.trans_at.clear();
    dp.keys.clear();
    dp.lo.clear();
    dp.hi.clear();
    dp.row_at.clear();
    dp.rows.clear();
    dp.trans.clear();
}

impl<W> Dp<W> {
    /// Rows of level `j`, as a range of `rows`.
    fn level_rows(&self, j: usize) -> std::ops::Range<usize> {
        self.row_at[self.key_at[j] as usize]..self.row_at[self.key_at[j + 1] as usize]
    }

    /// The row of state `s` (a global index), as a range of `rows`.
    fn row(&self, s: usize) -> std::ops::Range<usize> {
        self.row_at[s]..self.row_at[s + 1]
    }

    /// The entries and transitions [`backward`] walks over the tables of an `n`-step plan:
    /// its work, known before it runs.
    fn backward_work(&self, n: usize) -> u64 {
        let rows = self.row_at[self.key_at[n] as usize] - self.row_at[self.key_at[0] as usize];
        (rows + self.trans_at[n] - self.trans_at[0]) as u64
    }

    /// Bytes its buffers hold.
    pub(super) fn bytes(&self) -> usize {
        use std::mem::size_of;
        self.key_at.capacity() * size_of::<u32>()
            + self.trans_at.capacity() * size_of::<usize>()
            + self.keys.capacity() * size_of::<u128>()
            + (self.lo.capacity() + self.hi.capacity()) * size_of::<u32>()
            + self.row_at.capacity() * size_of::<usize>()
            + self.rows.capacity() * size_of::<W>()
            + self.trans.capacity() * size_of::<(u32, u32, u8)>()
    }
}

/// The forward pass of `plan` into `dp`. `Ok(false)` when the tables would exceed `within`
/// entries or transitions, which stops the pass early; beyond [`MAX_TABLE_ENTRIES`] entries or
/// `most` steps the component is refused with `TooComplex`. A step is what the pass spends its
/// time on: a number a tried transition touches (a state and a group's mine count, kept or
/// not), or an entry a kept one adds into its target's row. `work` grows by the entries and
/// transitions made, `steps` by the steps taken, refused passes included.
#[allow(clippy::too_many_arguments)]
pub(super) fn forward<W: Num>(
    dp: &mut Dp<W>,
    plan: &Plan,
    cols: usize,
    any_cell: u32,
    index: &mut KeyIndex,
    work: &mut u64,
    steps: &mut u64,
    within: usize,
    most: u64,
) -> Result<bool> {
    let n = plan.sizes.len();
    clear_dp(dp);
    try_reserve(&mut dp.key_at, n + 2)?;
    try_reserve(&mut dp.trans_at, n + 1)?;
    try_push(&mut dp.keys, 0)?;
    try_push(&mut dp.lo, 0)?;
    try_push(&mut dp.rows, W::small(1))?;
    crate::error::try_extend_exact(&mut dp.row_at, [0, 1])?;
    crate::error::try_extend_exact(&mut dp.key_at, [0, 1])?;
    crate::error::try_push(&mut dp.trans_at, 0)?;
    let (limit, most) = (most, steps.saturating_add(most));
    for step in 0..n {
        let size = plan.sizes[step] as usize;
        let touches = plan.touches(step);
        let (pk0, pk1) = (dp.key_at[step] as usize, dp.key_at[step + 1] as usize);
        let refuse = |what: std::fmt::Arguments<'_>| {
            too_entangled(
                plan.step_cells
                    .row(step)
                    .first()
                    .copied()
                    .unwrap_or(any_cell),
                cols,
                what,
            )
        };
        let too_many_entries = || {
            refuse(format_args!(
                "its tables would exceed {MAX_TABLE_ENTRIES} entries"
            ))
        };
        let too_many_steps = || {
            refuse(format_args!(
                "counting it would take more than {limit} steps"
            ))
        };
        // First the states and transitions, with each state's band of mines placed so far;
        // then the rows, sized to the bands.
        index.clear()?;
        dp.hi.clear();
        let t0 = dp.trans.len();
        let per_try = touches.len().max(1) as u64;
        for from in pk0..pk1 {
            let key = dp.keys[from];
            let plo = dp.lo[from];
            let phi = plo + (dp.row(from).len() - 1) as u32;
            *steps += per_try * (size as u64 + 1);
            if *steps > most {
                return Err(too_many_steps());
            }
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
                let to = index.get_or_insert(next, &dp.keys[pk1..])?;
                let (lo, hi) = (plo + k as u32, phi + k as u32);
                if to == fresh {
                    // Every state's row holds at least one entry.
                    let least = dp.rows.len() + dp.keys.len() - pk1 + 1;
                    if least > MAX_TABLE_ENTRIES {
                        return Err(too_many_entries());
                    }
                    if least > within {
                        return Ok(false);
                    }
                    try_push(&mut dp.keys, next)?;
                    try_push(&mut dp.lo, lo)?;
                    try_push(&mut dp.hi, hi)?;
                } else {
                    let s = pk1 + to as usize;
                    dp.lo[s] = dp.lo[s].min(lo);
                    dp.hi[to as usize] = dp.hi[to as usize].max(hi);
                }
                if dp.trans.len() >= within {
                    return Ok(false);
                }
                *steps += u64::from(phi - plo) + 1;
                if *steps > most {
                    return Err(too_many_steps());
                }
                try_push(&mut dp.trans, ((from - pk0) as u32, to, k as u8))?;
            }
        }
        let row0 = dp.rows.len();
        let mut end = row0;
        try_reserve(&mut dp.row_at, dp.keys.len() - pk1)?;
        for s in pk1..dp.keys.len() {
            end += (dp.hi[s - pk1] - dp.lo[s]) as usize + 1;
            // The first state's start is already there, as the end of the last level.
            crate::error::try_push(&mut dp.row_at, end)?;
        }
        if end > MAX_TABLE_ENTRIES {
            return Err(too_many_entries());
        }
        if end > within {
            return Ok(false);
        }
        if end > dp.rows.capacity() {
            try_reserve(&mut dp.rows, (end - row0).max(row0))?;
        }
        crate::error::try_resize(&mut dp.rows, end, W::ZERO)?;
        let (done, cur) = dp.rows.split_at_mut(row0);
        for &(from, to, k) in &dp.trans[t0..] {
            let (f, t) = (pk0 + from as usize, pk1 + to as usize);
            let c = W::small(BINOM[size][k as usize]);
            let src = &done[dp.row_at[f]..dp.row_at[f + 1]];
            let at = dp.row_at[t] - row0 + (dp.lo[f] + u32::from(k) - dp.lo[t]) as usize;
            for (d, &s) in cur[at..at + src.len()].iter_mut().zip(src) {
                *d += c * s;
            }
        }
        *work += (end - row0 + dp.trans.len() - t0) as u64;
        crate::error::try_push(&mut dp.key_at, dp.keys.len() as u32)?;
        crate::error::try_push(&mut dp.trans_at, dp.trans.len())?;
    }
    Ok(true)
}

/// Layout counts by mine total: the totals below the returned first one are zero. Empty when
/// the component has no solution (no final state).
pub(super) fn totals_of<W: Num>(dp: &Dp<W>) -> (usize, &[W]) {
    let n = dp.key_at.len() - 2;
    let (k0, k1) = (dp.key_at[n] as usize, dp.key_at[n + 1] as usize);
    // Every number closes by the last step, so the only final key is 0.
    match dp.keys[k0..k1].iter().position(|&k| k == 0) {
        Some(s) => (dp.lo[k0 + s] as usize, &dp.rows[dp.row(k0 + s)]),
        None => (0, &[]),
    }
}

/// The backward pass: for each step from the last to the first, `emit(expected mines,
/// expected safe cells)` of its group, each layout weighted by `g[its total]`. The backward
/// rows share the forward rows' bands. `work` grows by the entries and transitions it walks;
/// known from the tables, they are checked before it starts: more than `most`, and the pass is
/// refused with `TooComplex`.
#[allow(clippy::too_many_arguments)]
pub(super) fn backward<W: Num>(
    dp: &Dp<W>,
    plan: &Plan,
    cols: usize,
    any_cell: u32,
    g: &[W],
    b_next: &mut Vec<W>,
    b_prev: &mut Vec<W>,
    work: &mut u64,
    most: u64,
    mut emit: impl FnMut(W, W) -> Result<()>,
) -> Result<()> {
    let n = plan.sizes.len();
    if dp.backward_work(n) > most {
        return Err(too_entangled(
            any_cell,
            cols,
            format_args!("its probabilities would pass the work allowed"),
        ));
    }
    let (k0, k1) = (dp.key_at[n] as usize, dp.key_at[n + 1] as usize);
    let last = dp.level_rows(n);
    try_refill(b_next, last.len(), W::ZERO)?;
    if let Some(s) = dp.keys[k0..k1].iter().position(|&k| k == 0) {
        let (lo, row) = (dp.lo[k0 + s] as usize, dp.row(k0 + s));
        for (i, b) in (row.start - last.start..row.end - last.start).enumerate() {
            b_next[b] = g.get(lo + i).copied().unwrap_or(W::ZERO);
        }
    }
    for step in (0..n).rev() {
        let (pk0, ck0) = (dp.key_at[step] as usize, dp.key_at[step + 1] as usize);
        let (pbase, cbase) = (dp.level_rows(step).start, dp.level_rows(step + 1).start);
        try_refill(b_prev, dp.level_rows(step).len(), W::ZERO)?;
        let size = plan.sizes[step] as usize;
        let (mut mines, mut safe) = (W::ZERO, W::ZERO);
        for &(from, to, k) in &dp.trans[dp.trans_at[step]..dp.trans_at[step + 1]] {
            let (f, t) = (pk0 + from as usize, ck0 + to as usize);
            let k = k as usize;
            let c = W::small(BINOM[size][k]);
            let fr = &dp.rows[dp.row(f)];
            let at = dp.row_at[t] - cbase + (dp.lo[f] as usize + k - dp.lo[t] as usize);
            let b = &b_next[at..at + fr.len()];
            let dst = &mut b_prev[dp.row_at[f] - pbase..dp.row_at[f + 1] - pbase];
            let mut dot = W::ZERO;
            for ((d, &bv), &fv) in dst.iter_mut().zip(b).zip(fr) {
                *d += c * bv;
                dot += fv * bv;
            }
            if k > 0 {
                mines += dot * W::small(BINOM[size][k] * k as u32);
            }
            if k < size {
                safe += dot * W::small(BINOM[size][k] * (size - k) as u32);
            }
        }
        *work += (dp.level_rows(step).len() + dp.trans_at[step + 1] - dp.trans_at[step]) as u64;
        emit(mines, safe)?;
        std::mem::swap(b_next, b_prev);
    }
    Ok(())
}
