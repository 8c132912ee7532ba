//! The DP's tables of one component: the forward pass that counts layouts by mine total, and
//! the backward pass that gives each group's expected mines under a weighting of the totals.

use super::group_order::Plan;
use super::key_index::KeyIndex;
use super::limits::{too_entangled, MAX_TABLE_ENTRIES};
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
/// `keys[key_at[j]..key_at[j + 1]]`, one row of `width[j]` counts per state (by mines placed so
/// far) from `row_at[j]`, and for `j >= 1` the transitions that reached it as
/// (state in level j - 1, state in level j, mines in group j).
pub(super) struct Dp<W> {
    pub(super) key_at: Vec<u32>,
    pub(super) row_at: Vec<usize>,
    pub(super) width: Vec<usize>,
    pub(super) trans_at: Vec<usize>,
    pub(super) keys: Vec<u128>,
    pub(super) rows: Vec<W>,
    pub(super) trans: Vec<(u32, u32, u8)>,
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

pub(super) fn clear_dp<W>(dp: &mut Dp<W>) {
    dp.key_at.clear();
    dp.row_at.clear();
    dp.width.clear();
    dp.trans_at.clear();
    dp.keys.clear();
    dp.rows.clear();
    dp.trans.clear();
}

/// The forward pass of `plan` into `dp`.
pub(super) fn forward<W: Num>(
    dp: &mut Dp<W>,
    plan: &Plan,
    cols: usize,
    any_cell: u32,
    index: &mut KeyIndex,
    entries: &mut u64,
) -> Result<()> {
    let n = plan.sizes.len();
    clear_dp(dp);
    try_reserve(&mut dp.key_at, n + 2)?;
    try_reserve(&mut dp.row_at, n + 1)?;
    try_reserve(&mut dp.width, n + 1)?;
    try_reserve(&mut dp.trans_at, n + 1)?;
    try_push(&mut dp.keys, 0)?;
    try_push(&mut dp.rows, W::small(1))?;
    crate::error::try_extend_exact(&mut dp.key_at, [0, 1])?;
    crate::error::try_push(&mut dp.row_at, 0)?;
    crate::error::try_push(&mut dp.width, 1)?;
    crate::error::try_push(&mut dp.trans_at, 0)?;
    let mut placed = 0usize;
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
                            format_args!("its tables would exceed {MAX_TABLE_ENTRIES} entries"),
                        ));
                    }
                    try_push(&mut dp.keys, next)?;
                    if dp.rows.len() + width > dp.rows.capacity() {
                        let extra = width.max(dp.rows.len());
                        try_reserve(&mut dp.rows, extra)?;
                    }
                    let len = dp.rows.len() + width;
                    crate::error::try_resize(&mut dp.rows, len, W::ZERO)?;
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
        *entries += (dp.rows.len() - row0) as u64;
        crate::error::try_push(&mut dp.key_at, dp.keys.len() as u32)?;
        crate::error::try_push(&mut dp.row_at, row0)?;
        crate::error::try_push(&mut dp.width, width)?;
        crate::error::try_push(&mut dp.trans_at, dp.trans.len())?;
    }
    Ok(())
}

/// Layout counts by mine total (empty when the component has no solution: no final state).
pub(super) fn totals_of<W: Num>(dp: &Dp<W>) -> &[W] {
    let n = dp.width.len() - 1;
    let (k0, k1) = (dp.key_at[n] as usize, dp.key_at[n + 1] as usize);
    let w = dp.width[n];
    // Every number closes by the last step, so the only final key is 0.
    match dp.keys[k0..k1].iter().position(|&k| k == 0) {
        Some(s) => &dp.rows[dp.row_at[n] + s * w..dp.row_at[n] + (s + 1) * w],
        None => &[],
    }
}

/// The backward pass: for each step from the last to the first, `emit(expected mines,
/// expected safe cells)` of its group, each layout weighted by `g[its total]`.
pub(super) fn backward<W: Num>(
    dp: &Dp<W>,
    plan: &Plan,
    g: &[W],
    b_next: &mut Vec<W>,
    b_prev: &mut Vec<W>,
    mut emit: impl FnMut(W, W) -> Result<()>,
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
        emit(mines, safe)?;
        std::mem::swap(b_next, b_prev);
    }
    Ok(())
}
