//! Independent components combined over the mine total.
//!
//! Component `i` has `T_i[t]` layouts holding `t` mines; the `F` floating cells hold the rest, in
//! `C(F, M - x)` ways when the components hold `x` of the `M` mines. So the view has
//! `Z = sum_x P(x) C(F, M - x)` layouts, `P` being the product of the polynomials `T_i`, and
//! component `i` sees its total `t` weighted by `g_i[t]`: the ways the other components and the
//! floating cells complete it.
//!
//! A product tree gives every `g_i` at once: the leaves are the components (each trimmed to its
//! possible totals), an inner node holds the product of its leaves, and the weights flow down from
//! the root (`C(F, M - x)`), each child receiving its parent's weights correlated with its
//! sibling's product. The weights flow down only when asked for ([`MineTotal::weigh`]): a caller
//! that needs the layouts alone pays for the tree's building only. Memory is the tree: the length
//! of the product (at most the number of undetermined cells plus one) per level, and there are
//! log2(components) levels. Work is that of the convolutions, dominated by the top levels: a view
//! whose components can hold wildly varying totals costs the square of that spread, which
//! [`MAX_SPREAD_WORK`] bounds. Long products and push-downs run in plain `f64` runs
//! (`wide_runs.rs`), exact zeros kept.

use super::wide::{binomial, Wide};
use super::wide_runs::{accumulate, Runs};
use crate::error::{try_push, try_refill, try_reserve, Error, ErrorKind, Result};

/// The most multiply-adds the combination may spend before it is refused with `TooComplex`
/// (about a second of work term by term in `Wide`; less in runs).
pub(crate) const MAX_SPREAD_WORK: u64 = 400_000_000;

/// Products and push-downs of at least this many multiply-adds run in `f64` runs
/// (`wide_runs.rs`); shorter ones, all that expert boards make, term by term in `Wide`.
const RUNS_WORTH: usize = 1 << 16;

/// Whether the product of `a` and `b`, and so the push-downs to them, run in `f64` runs.
fn in_runs(a: Node, b: Node) -> bool {
    a.len.saturating_mul(b.len) >= RUNS_WORTH
}

/// One node of the product tree: its polynomial in the pool.
#[derive(Clone, Copy, Default)]
struct Node {
    at: usize,
    len: usize,
}

/// The combination and its scratch, reused across views.
#[derive(Default)]
pub(crate) struct MineTotal {
    /// Lowest possible total of each component.
    lo: Vec<usize>,
    /// Products by level: level 0 holds the trimmed components.
    pool: Vec<Wide>,
    levels: Vec<Vec<Node>>,
    /// Weights of the current and the next level.
    w_pool: Vec<Wide>,
    w_nodes: Vec<Node>,
    w_pool2: Vec<Wide>,
    w_nodes2: Vec<Node>,
    /// Per component, its weights `g_i` by total, in `g`.
    g: Vec<Wide>,
    g_at: Vec<usize>,
    /// Whether the weights `g` of the components combined (one per entry of `lo`) have been
    /// pushed down yet, and what the root's weights are made from (floating cells, mines left
    /// past the components' least).
    weighed: bool,
    floating: usize,
    left: usize,
    /// Scratch of the products and push-downs made in runs.
    runs_a: Runs,
    runs_b: Runs,
    run_sums: Vec<f64>,
    /// The results.
    layouts: Wide,
    floating_mines: Wide,
    floating_safe: Wide,
}

impl MineTotal {
    /// Combines components with layout counts `totals(i)` (index = mines, `count` of them) with
    /// `floating` free cells, `mines` mines in all.
    ///
    /// A component with no layout makes the whole view have none.
    pub(crate) fn combine<'a>(
        &mut self,
        count: usize,
        totals: impl Fn(usize) -> &'a [Wide],
        floating: usize,
        mines: usize,
    ) -> Result<()> {
        self.layouts = Wide::ZERO;
        self.floating_mines = Wide::ZERO;
        self.floating_safe = Wide::ZERO;
        // Until the tree is built, nothing is left to push down (no layout fits, or an error).
        self.weighed = true;
        self.g.clear();
        self.g_at.clear();
        self.lo.clear();
        self.pool.clear();
        try_reserve(&mut self.g_at, count + 1)?;
        try_reserve(&mut self.lo, count)?;
        // Level 0: each component trimmed to its possible totals.
        let mut level0 = self
            .levels
            .first_mut()
            .map(std::mem::take)
            .unwrap_or_default();
        level0.clear();
        try_reserve(&mut level0, count.max(1))?;
        let mut base = 0usize;
        let mut spread = 0usize;
        for i in 0..count {
            let t = totals(i);
            let (Some(lo), Some(hi)) = (
                t.iter().position(|x| !x.is_zero()),
                t.iter().rposition(|x| !x.is_zero()),
            ) else {
                self.levels.clear();
                return Ok(()); // no layout at all
            };
            crate::error::try_push(&mut self.lo, lo)?;
            base += lo;
            spread += hi - lo;
            let at = self.pool.len();
            crate::error::try_extend(&mut self.pool, &t[lo..=hi])?;
            #[allow(clippy::disallowed_methods)] // room for `count` reserved above
            level0.push(Node {
                at,
                len: hi - lo + 1,
            });
        }
        if base > mines {
            self.levels.clear();
            return Ok(());
        }
        // x - base ranges over 0..=cap.
        let cap = (mines - base).min(spread);
        let work = (cap as u64 + 1).saturating_mul(cap as u64 + 1);
        if work > MAX_SPREAD_WORK {
            return Err(Error::new(
                ErrorKind::TooComplex,
                format_args!(
                    "the view's {count} independent regions can hold between {base} and {} \
                     mines: combining them over the mine total would take more than \
                     {MAX_SPREAD_WORK} steps",
                    base + spread
                ),
            ));
        }
        if count == 0 {
            crate::error::try_push(&mut level0, Node { at: 0, len: 1 })?;
            try_push(&mut self.pool, Wide::ONE)?;
        }
        // Build the tree upwards, pairing neighbours; products past `cap` are dropped.
        let mut levels = std::mem::take(&mut self.levels);
        levels.truncate(1);
        if levels.is_empty() {
            try_push(&mut levels, Vec::new())?;
        }
        levels[0] = level0;
        while levels.last().map_or(0, Vec::len) > 1 {
            let below = levels.len() - 1;
            let mut up = Vec::new();
            try_reserve(&mut up, levels[below].len().div_ceil(2))?;
            for pair in levels[below].chunks(2) {
                let node = match pair {
                    [a, b] => self.multiply(*a, *b, cap)?,
                    [a] => *a,
                    _ => unreachable!(),
                };
                crate::error::try_push(&mut up, node)?;
            }
            try_push(&mut levels, up)?;
        }
        // Root weights C(F, M - base - j), then the layouts and the floating cells' share.
        let root = levels[levels.len() - 1][0];
        (self.floating, self.left) = (floating, mines - base);
        self.root_weights(root.len)?;
        for j in 0..root.len {
            let term = self.pool[root.at + j] * self.w_pool[j];
            if term.is_zero() {
                continue;
            }
            self.layouts += term;
            let left = mines - base - j; // mines on floating cells
            self.floating_mines += term.mul_f64(left as f64);
            self.floating_safe += term.mul_f64((floating - left) as f64);
        }
        self.levels = levels;
        self.weighed = false;
        Ok(())
    }

    /// After [`MineTotal::combine`] found layouts: pushes the weights down the tree to each
    /// component, once, so that [`MineTotal::weights`] can give them. `totals` must be what
    /// `combine` was given. A caller that needs only the layouts (a count, a consistency check,
    /// a look-ahead's outcome) never pays for this, which on a 1000 x 1000 view of 11,000
    /// components took twice the time that building the tree did.
    pub(crate) fn weigh<'a>(&mut self, totals: impl Fn(usize) -> &'a [Wide]) -> Result<()> {
        if self.weighed {
            return Ok(());
        }
        let levels = std::mem::take(&mut self.levels);
        let r = self.push_down_all(&levels, totals);
        self.levels = levels;
        self.weighed = r.is_ok();
        r
    }

    fn push_down_all<'a>(
        &mut self,
        levels: &[Vec<Node>],
        totals: impl Fn(usize) -> &'a [Wide],
    ) -> Result<()> {
        let count = self.lo.len();
        self.g.clear();
        self.g_at.clear();
        try_reserve(&mut self.g_at, count + 1)?;
        // The root's weights again: a push-down that failed part way may have replaced them.
        self.root_weights(levels[levels.len() - 1][0].len)?;
        // Weights flow down: a child's weight at `a` sums its sibling's product at `b` times the
        // parent's weight at `a + b`.
        for lvl in (0..levels.len() - 1).rev() {
            self.w_pool2.clear();
            self.w_nodes2.clear();
            try_reserve(&mut self.w_nodes2, levels[lvl].len())?;
            for (p, pair) in levels[lvl].chunks(2).enumerate() {
                let w = self.w_nodes[p];
                match pair {
                    [a, b] => {
                        // Both children take runs, or neither: cut the parent's weights once.
                        let runs = in_runs(*a, *b);
                        if runs {
                            self.runs_b.cut(&self.w_pool[w.at..w.at + w.len], false)?;
                        }
                        let wa = self.push_down(w, *a, *b, runs)?;
                        let wb = self.push_down(w, *b, *a, runs)?;
                        crate::error::try_push(&mut self.w_nodes2, wa)?;
                        crate::error::try_push(&mut self.w_nodes2, wb)?;
                    }
                    [a] => {
                        let at = self.w_pool2.len();
                        try_reserve(&mut self.w_pool2, a.len)?;
                        for j in 0..a.len {
                            let x = if j < w.len {
                                self.w_pool[w.at + j]
                            } else {
                                Wide::ZERO
                            };
                            crate::error::try_push(&mut self.w_pool2, x)?;
                        }
                        crate::error::try_push(&mut self.w_nodes2, Node { at, len: a.len })?;
                    }
                    _ => unreachable!(),
                }
            }
            std::mem::swap(&mut self.w_pool, &mut self.w_pool2);
            std::mem::swap(&mut self.w_nodes, &mut self.w_nodes2);
        }
        // Per component, weights by its own totals.
        for i in 0..count {
            let t = totals(i);
            let w = self.w_nodes[i];
            try_push(&mut self.g_at, self.g.len())?;
            try_reserve(&mut self.g, t.len())?;
            for x in 0..t.len() {
                let j = x.wrapping_sub(self.lo[i]);
                #[allow(clippy::disallowed_methods)] // room for `t.len()` reserved above
                self.g.push(if j < w.len {
                    self.w_pool[w.at + j]
                } else {
                    Wide::ZERO
                });
            }
        }
        try_push(&mut self.g_at, self.g.len())?;
        Ok(())
    }

    /// The root's weights, `C(F, left - j)` for `j` in `0..len`, as the only node of the
    /// weights' first level.
    fn root_weights(&mut self, len: usize) -> Result<()> {
        self.w_pool.clear();
        self.w_nodes.clear();
        floating_binomials(self.floating, self.left, len, &mut self.w_pool)?;
        try_push(&mut self.w_nodes, Node { at: 0, len })
    }

    /// The product of two nodes, truncated to `cap + 1` terms, appended to the pool.
    fn multiply(&mut self, a: Node, b: Node, cap: usize) -> Result<Node> {
        let len = (a.len + b.len - 1).min(cap + 1);
        let at = self.pool.len();
        crate::error::try_resize(&mut self.pool, at + len, Wide::ZERO)?;
        if in_runs(a, b) {
            self.runs_a.cut(&self.pool[a.at..a.at + a.len], false)?;
            self.runs_b.cut(&self.pool[b.at..b.at + b.len], false)?;
            let out = &mut self.pool[at..at + len];
            accumulate(&self.runs_a, &self.runs_b, 0, out, &mut self.run_sums)?;
            return Ok(Node { at, len });
        }
        for i in 0..a.len.min(len) {
            let x = self.pool[a.at + i];
            if x.is_zero() {
                continue;
            }
            for j in 0..b.len.min(len - i) {
                let y = self.pool[b.at + j];
                if !y.is_zero() {
                    let p = x * y;
                    self.pool[at + i + j] += p;
                }
            }
        }
        Ok(Node { at, len })
    }

    /// The weights of `child` given its parent's weights `w` and its sibling's product; `in_runs`
    /// when `w` has been cut into `runs_b`.
    fn push_down(&mut self, w: Node, child: Node, sibling: Node, in_runs: bool) -> Result<Node> {
        let at = self.w_pool2.len();
        if in_runs {
            crate::error::try_resize(&mut self.w_pool2, at + child.len, Wide::ZERO)?;
            self.runs_a
                .cut(&self.pool[sibling.at..sibling.at + sibling.len], true)?;
            let out = &mut self.w_pool2[at..at + child.len];
            let shift = sibling.len - 1;
            accumulate(&self.runs_a, &self.runs_b, shift, out, &mut self.run_sums)?;
            return Ok(Node { at, len: child.len });
        }
        try_reserve(&mut self.w_pool2, child.len)?;
        for a in 0..child.len {
            let mut acc = Wide::ZERO;
            for b in 0..sibling.len {
                if a + b >= w.len {
                    break;
                }
                let s = self.pool[sibling.at + b];
                let x = self.w_pool[w.at + a + b];
                if !s.is_zero() && !x.is_zero() {
                    acc += s * x;
                }
            }
            crate::error::try_push(&mut self.w_pool2, acc)?;
        }
        Ok(Node { at, len: child.len })
    }

    /// Layouts of the whole view (zero when none fits).
    pub(crate) fn layouts(&self) -> Wide {
        self.layouts
    }

    /// The weights component `i` gives each of its totals, after [`MineTotal::weigh`].
    pub(crate) fn weights(&self, i: usize) -> &[Wide] {
        debug_assert!(self.weighed);
        &self.g[self.g_at[i]..self.g_at[i + 1]]
    }

    /// Sum over layouts of the mines on floating cells.
    pub(crate) fn floating_mines(&self) -> Wide {
        self.floating_mines
    }

    /// Sum over layouts of the safe floating cells.
    pub(crate) fn floating_safe(&self) -> Wide {
        self.floating_safe
    }
}

/// Appends `C(floating, left - j)` for `j` in `0..len` to `out` (zero where out of range).
fn floating_binomials(floating: usize, left: usize, len: usize, out: &mut Vec<Wide>) -> Result<()> {
    let start = out.len();
    try_refill(out, start + len, Wide::ZERO)?;
    // Valid j: left - floating <= j <= left.
    let lo = left.saturating_sub(floating);
    let hi = (len - 1).min(left);
    if lo > hi {
        return Ok(());
    }
    // From the largest valid j (smallest k = left - j) down, by exact ratios.
    let f = floating as u64;
    let mut k = (left - hi) as u64;
    let mut c = binomial(f, k);
    let mut j = hi;
    loop {
        out[start + j] = c;
        if j == lo {
            break;
        }
        // C(f, k + 1) = C(f, k) * (f - k) / (k + 1)
        c = c.mul_f64((f - k) as f64 / (k + 1) as f64);
        k += 1;
        j -= 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// g_i by definition: the convolution of every other component and the floating binomial.
    fn plain(totals: &[Vec<f64>], floating: usize, mines: usize) -> (f64, Vec<Vec<f64>>) {
        let conv = |a: &[f64], b: &[f64]| {
            let mut out = vec![0.0; a.len() + b.len() - 1];
            for (i, x) in a.iter().enumerate() {
                for (j, y) in b.iter().enumerate() {
                    out[i + j] += x * y;
                }
            }
            out
        };
        let binom = |n: usize, k: isize| -> f64 {
            if k < 0 || k as usize > n {
                return 0.0;
            }
            binomial(n as u64, k as u64).to_f64()
        };
        let total: Vec<f64> = totals.iter().fold(vec![1.0], |acc, t| conv(&acc, t));
        let z = total
            .iter()
            .enumerate()
            .map(|(x, p)| p * binom(floating, mines as isize - x as isize))
            .sum();
        let g = (0..totals.len())
            .map(|i| {
                let others = totals
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .fold(vec![1.0], |acc, (_, t)| conv(&acc, t));
                (0..totals[i].len())
                    .map(|t| {
                        others
                            .iter()
                            .enumerate()
                            .map(|(y, q)| {
                                q * binom(floating, mines as isize - t as isize - y as isize)
                            })
                            .sum()
                    })
                    .collect()
            })
            .collect();
        (z, g)
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn matches_the_definition() {
        let mut rng = crate::rng::SplitMix64::new(5);
        let mut next = |m: u64| rng.below(m);
        let mut mt = MineTotal::default();
        for _ in 0..500 {
            let count = next(7) as usize;
            let totals: Vec<Vec<f64>> = (0..count)
                .map(|_| {
                    let len = 1 + next(5) as usize;
                    (0..len)
                        .map(|_| if next(3) == 0 { 0.0 } else { next(9) as f64 })
                        .collect()
                })
                .collect();
            let floating = next(12) as usize;
            let mines = next(15) as usize;
            let wide: Vec<Vec<Wide>> = totals
                .iter()
                .map(|t| t.iter().map(|&x| Wide::from_f64(x)).collect())
                .collect();
            mt.combine(count, |i| &wide[i], floating, mines).unwrap();
            let (z, g) = plain(&totals, floating, mines);
            let any_empty = totals.iter().any(|t| t.iter().all(|&x| x == 0.0));
            if any_empty {
                assert!(mt.layouts().is_zero());
                continue;
            }
            assert!((mt.layouts().to_f64() - z).abs() <= 1e-9 * z.max(1.0));
            assert_eq!(mt.layouts().is_zero(), z == 0.0);
            if z == 0.0 {
                continue;
            }
            mt.weigh(|i| &wide[i]).unwrap();
            if next(2) == 0 {
                // Pushed down again, as after a push-down that failed part way (which leaves the
                // scratch holding a lower level's weights): the same weights must come out.
                mt.weighed = false;
                mt.weigh(|i| &wide[i]).unwrap();
            }
            for (i, gi) in g.iter().enumerate() {
                for (t, &want) in gi.iter().enumerate() {
                    let got = mt.weights(i)[t];
                    if totals[i][t] != 0.0 {
                        assert!((got.to_f64() - want).abs() <= 1e-9 * want.max(1.0));
                        assert_eq!(got.is_zero(), want == 0.0, "component {i}, total {t}");
                    }
                }
            }
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn many_components_take_linear_memory() {
        // 20,000 components of total exactly 1 (an isolated '1' with 8 hidden neighbours).
        let one = [Wide::ZERO, Wide::from_f64(8.0)];
        let mut mt = MineTotal::default();
        mt.combine(20_000, |_| &one[..], 0, 20_000).unwrap();
        assert_eq!(mt.layouts().ln(), 20_000.0 * 8f64.ln());
        assert!(mt.pool.capacity() < 200_000, "{}", mt.pool.capacity());
    }
}
