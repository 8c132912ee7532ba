//! The certificate: the residual `1 - A y` in double-double arithmetic, and from it a proven
//! bound on the relative error of every position's value.

use super::solver::DIRECT_FACES;
use crate::bitset::BitSet;
use crate::double_double::{two_prod, two_sum, Dd};
use crate::snakes::rules::Game;

/// `r = 1 - A (hi + lo)` on reachable positions, in twice the working precision; returns a proven
/// upper bound on `max |r|` (the exact residual, not just the computed one).
///
/// `F r[s] = F - F y[s] + (sum of y over the squares a roll lands on) + (faces past the end) *
/// y[where they leave the player]`.
pub(super) fn residual(game: &Game, reach: &BitSet, hi: &[f64], lo: &[f64], r: &mut [f64]) -> f64 {
    if game.faces() <= DIRECT_FACES {
        direct(game, reach, hi, lo, r)
    } else {
        sliding(game, reach, hi, lo, r)
    }
}

/// [`residual`] for a small die: each position's terms summed with Ogita, Rump and Oishi's Sum2
/// (error-free additions of the high parts; their errors and the low parts gathered apart).
/// Positions do not depend on one another, so the processor overlaps their sums.
fn direct(game: &Game, reach: &BitSet, hi: &[f64], lo: &[f64], r: &mut [f64]) -> f64 {
    let n = game.squares();
    let f = game.faces() as f64;
    let (mut worst, mut scale, mut low) = (0.0f64, 0.0f64, 0.0f64);
    for s in 0..n {
        if !reach.get(s) {
            r[s] = 0.0;
            continue;
        }
        let (p, pe) = two_prod(-f, hi[s]);
        let (mut sum, e0) = two_sum(f, p);
        let mut err = e0 + pe - f * lo[s];
        game.for_each_move(s, |u, c| {
            if c == 1 {
                let (t, e) = two_sum(sum, hi[u]);
                sum = t;
                err += e + lo[u];
            } else {
                let c = c as f64;
                let (p, pe) = two_prod(c, hi[u]);
                let (t, e) = two_sum(sum, p);
                sum = t;
                err += e + pe + c * lo[u];
            }
        });
        let v = (sum + err) / f;
        r[s] = v;
        worst = worst.max(v.abs());
        scale = scale.max(hi[s].abs());
        low = low.max(lo[s].abs());
    }
    // At most k = F + 2 exact terms of total size F (1 + 2 scale) pass through the error-free
    // additions, whose errors (at most k u times that) and at most 2 F low parts of size `low`
    // are summed plainly, m <= 3 F + 6 terms: an error of at most 1.01 m u times their sizes.
    // Divided by F that is below 8 (F + 3)^2 u^2 (scale + 1) + 8 (F + 3) u low, u = 2^-53.
    let k = f + 3.0;
    worst * (1.0 + 4.0 * f64::EPSILON)
        + 8.0 * k * k * 2f64.powi(-106) * (scale + 1.0)
        + 8.0 * k * 2f64.powi(-53) * low
}

/// [`residual`] for a large die: the landing squares form at most two windows that slide one
/// square per position, so their sums are kept as running double-double sums, and a die of any
/// size costs a few operations per position.
fn sliding(game: &Game, reach: &BitSet, hi: &[f64], lo: &[f64], r: &mut [f64]) -> f64 {
    let n = game.squares();
    let f = game.faces() as f64;
    let width = game.faces().min(n);
    let y = |p: usize| Dd::of(hi[p], lo[p]);
    let z = |t: usize| y(game.dest(t));
    let refresh = 4 * width + 4;
    let (mut fwd, mut back) = (Window::EMPTY, Window::EMPTY);
    let mut worst = 0.0f64;
    let mut scale = 0.0f64;
    for s in 0..n {
        if !reach.get(s) {
            r[s] = 0.0;
            continue;
        }
        let [fr, br] = game.landing_ranges(s);
        let mut acc = Dd::of(f, 0.0).add(y(s).times(-f));
        acc = acc.add(fwd.move_to(fr, z, refresh));
        acc = acc.add(back.move_to(br, z, refresh));
        let (past, to) = game.past_end(s);
        if past > 0 {
            acc = acc.add(y(to).times(past as f64));
        }
        let v = (acc.0 + acc.1) / f;
        r[s] = v;
        worst = worst.max(v.abs());
        scale = scale.max(hi[s].abs() + lo[s].abs());
    }
    // Each double-double addition errs by at most 4.01 u^2 (|a| + |b|), u = 2^-53. A window's
    // sum has seen at most `refresh` additions of terms and partial sums of at most
    // (width + 1) scale; the handful of additions forming F r add terms of at most F (1 + 3
    // scale). Divided by F, all of it stays below 256 (width + 3) u^2 (scale + 1); the final
    // rounding and division cost 4 eps relative.
    worst * (1.0 + 4.0 * f64::EPSILON)
        + 256.0 * (width as f64 + 3.0) * 2f64.powi(-106) * (scale + 1.0)
}

/// A running double-double sum over an inclusive range of landing squares, moved with the
/// position. It is summed afresh once its additions since the last fresh sum would pass
/// `refresh`, which bounds its rounding error whatever the board's length.
struct Window {
    lo: usize,
    hi: usize,
    sum: Dd,
    ops: usize,
}

impl Window {
    const EMPTY: Window = Window {
        lo: 1,
        hi: 0,
        sum: Dd(0.0, 0.0),
        ops: 0,
    };

    /// Moves to `[a, b]` (empty when `a > b`) and returns the sum of `z` over it.
    fn move_to(&mut self, (a, b): (usize, usize), z: impl Fn(usize) -> Dd, refresh: usize) -> Dd {
        let overlap = a <= b && self.lo <= self.hi && a <= self.hi && self.lo <= b;
        let moves = a.abs_diff(self.lo) + b.abs_diff(self.hi);
        if a > b {
            self.sum = Dd::default();
            self.ops = 0;
        } else if !overlap || self.ops + moves > refresh {
            self.sum = Dd::default();
            for t in a..=b {
                self.sum = self.sum.add(z(t));
            }
            self.ops = b - a + 1;
        } else {
            for t in self.lo..a {
                self.sum = self.sum.add(z(t).neg());
            }
            for t in a..self.lo {
                self.sum = self.sum.add(z(t));
            }
            for t in (b + 1)..=self.hi {
                self.sum = self.sum.add(z(t).neg());
            }
            for t in (self.hi + 1)..=b {
                self.sum = self.sum.add(z(t));
            }
            self.ops += moves;
        }
        (self.lo, self.hi) = (a, b);
        self.sum
    }
}
