//! The expected number of turns with a fair die: an exact solve of the absorbing Markov chain,
//! with a computed, rigorous error bound.
//!
//! For every position `s` the player can reach, `E[s] = 1 + (1/F) * sum over faces of E[next]`,
//! with `E[N] = 0`; as a matrix, `A E = 1` with `A = I - Q`. A dense solve is O(N^3). Instead:
//!
//! - **Segments.** Rolls mostly move forward, so the board splits, from the top down, into
//!   segments `[lo, hi]` that no move from inside leaves downwards (the only backward moves are
//!   snakes and bounces). Segments are solved top first; everything above is then known.
//! - **Superposition inside a segment.** The positions a backward move lands on are the
//!   segment's *symbols*, usually a handful. With their values given, one sweep from `hi` down to
//!   `lo` computes every value exactly, since all other references point upwards. The symbols'
//!   own values solve a small system `(I - C) x = a`, where `a` comes from one sweep with the
//!   symbols at 0, and `C x` is one sweep with the symbols at `x` and nothing else.
//!   - Up to 64 symbols: one sweep per symbol (a unit value) and one for the probability of
//!     leaving upwards give `C` and its row sums' complements, and Gaussian elimination in the
//!     Grassmann-Taksar-Heyman form solves it: pivots are sums of probabilities, never
//!     differences, so no cancellation can occur.
//!   - More symbols (long snakes overlapping everywhere): restarted GMRES, one sweep per
//!     product, to a relative residual of `1e-10` (`1e-7` in refinement solves): tens to a few
//!     hundred sweeps. If it stalls, up to 2048 symbols fall back to the dense solve.
//!
//!   A final sweep with the symbol values fills the segment.
//! - **Certificate and refinement.** The residual `r = 1 - A y` is computed in twice the working
//!   precision (error-free transformations, Ogita-Rump-Oishi Sum2). Because `A^-1 >= 0` and
//!   `A^-1 1 = E`, every reachable position satisfies `|E[s] - y[s]| <= max|r| * E[s]`: `max|r|`
//!   bounds the relative error. Iterative refinement (solve `A d = r`, keep `y + d` as a pair of
//!   doubles) drives it to about `1e-16`, whatever the accuracy of the solves, as long as each
//!   one gains a few digits.
//!
//! Cost: `O(N * min(F, N))` per sweep for a die of `F` faces. Short snakes give tiny segments and
//! a few sweeps of the board in all; a segment with `m <= 64` symbols costs `m + 3` sweeps of its
//! length plus `m^3 / 3`; larger ones cost one sweep per GMRES iteration.

use super::reach::{can_finish, reachable};
use super::rules::Game;
use crate::bitset::BitSet;
use crate::error::{try_filled, Error, ErrorKind, Result};

/// The expected number of turns and a bound on its relative error.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Expected {
    /// Mean number of turns from the start to square `N`; `+inf` when the game can fail to end.
    pub turns: f64,
    /// A proven bound on `|turns - exact| / exact` (0 for `+inf`).
    pub relative_error: f64,
}

/// The mean number of turns one player needs from the start to square `N` with a fair die.
///
/// `+inf` when a position reachable from the start cannot reach `N` (the game can fail to end),
/// and only then. The relative error is proven to be at most [`PROMISE`] (`1e-9`), and in practice
/// about `1e-16`; see [`expected_turns_bounded`]. A board whose mean cannot be proven that
/// accurate in double precision (astronomically long games, such as a board that sends the
/// player back to the start on all but one face of each roll for dozens of rolls) is refused
/// with `InvalidArgument`, never answered wrongly.
///
/// ```
/// use gridgames::snakes::{expected_turns, Game, Overshoot, Rules};
/// // Two squares, start on square 1, a coin: heads (1) finishes, tails (2) overshoots and stays.
/// let rules = Rules { faces: 2, overshoot: Overshoot::Stay, start: 1 };
/// let e = expected_turns(&Game::new(&[-1, -1], rules).unwrap()).unwrap();
/// assert_eq!(e, 2.0);
/// ```
pub fn expected_turns(game: &Game) -> Result<f64> {
    Ok(expected_turns_bounded(game)?.turns)
}

/// Relative error the refinement aims for.
const TARGET: f64 = 1e-15;
/// The relative error every answer is proven to meet; a board that cannot is refused.
pub const PROMISE: f64 = 1e-9;
/// Refinement steps allowed after the first solve.
const MAX_REFINEMENTS: usize = 3;

/// [`expected_turns`] together with its proven relative error bound.
pub fn expected_turns_bounded(game: &Game) -> Result<Expected> {
    solve_with(game, DENSE_SYMBOLS)
}

fn solve_with(game: &Game, dense_symbols: usize) -> Result<Expected> {
    let n = game.squares();
    let start = game.rules().start;
    let reach = reachable(game)?;
    let can = can_finish(game)?;
    if (0..n).any(|p| reach.get(p) && !can.get(p)) {
        return Ok(Expected {
            turns: f64::INFINITY,
            relative_error: 0.0,
        });
    }
    drop(can);
    let mut solver = Solver::new(game, &reach)?;
    solver.dense_symbols = dense_symbols;
    let mut hi = try_filled(n + 1, 0.0f64)?;
    let mut lo = try_filled(n + 1, 0.0f64)?;
    let mut r = try_filled(n + 1, 0.0f64)?;
    let mut delta = try_filled(n + 1, 0.0f64)?;
    solver.tolerance = GMRES_TOLERANCE;
    solver.solve(|_| 1.0, &mut hi)?;
    solver.tolerance = GMRES_REFINE_TOLERANCE;
    let mut bound = residual(game, &reach, &hi, &lo, &mut r);
    let mut steps = 0;
    let mut kept = try_filled(n + 1, 0.0f64)?;
    while bound > TARGET && steps < MAX_REFINEMENTS {
        solver.solve(|s| r[s], &mut delta)?;
        kept.copy_from_slice(&lo);
        for (l, d) in lo.iter_mut().zip(&delta) {
            *l += d;
        }
        let refined = residual(game, &reach, &hi, &lo, &mut r);
        // A step that does not shrink the proven bound is discarded: on an ill-conditioned
        // chain a correction can be far less accurate than the value it corrects.
        let better = refined < bound; // false for NaN, from an overflowing correction
        if !better {
            lo.copy_from_slice(&kept);
            break;
        }
        bound = refined;
        steps += 1;
    }
    let turns = hi[start] + lo[start];
    let proven = bound <= PROMISE; // false for NaN
    if !turns.is_finite() || !proven {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            if turns.is_finite() && bound < 0.5 {
                format!(
                    "the expected number of turns (about {turns:.3e}) cannot be guaranteed to \
                     {PROMISE:e} relative on this board (proven error bound {bound:.1e}): the \
                     chain is too ill-conditioned for double precision"
                )
            } else if turns.is_finite() || bound.is_finite() {
                format!(
                    "the expected number of turns cannot be proven to {PROMISE:e} relative on \
                     this board (proven error bound {bound:.1e}): the chain is too \
                     ill-conditioned for double precision, and the mean astronomically large"
                )
            } else {
                "the expected number of turns exceeds the largest double (about 1.8e308)".into()
            },
        ));
    }
    Ok(Expected {
        turns,
        relative_error: bound + f64::EPSILON / 2.0,
    })
}

/// Solves `A y = rhs` over the reachable positions by segments and superposition.
struct Solver<'g, 'a> {
    game: &'g Game<'a>,
    reach: &'g BitSet,
    /// Segments with more symbols use GMRES.
    dense_symbols: usize,
    /// GMRES's relative residual target.
    tolerance: f64,
    /// For each position, its index among the current segment's symbols, or `NONE`.
    sym_of: Vec<u32>,
    syms: Vec<usize>,
    /// Symbol values used by a sweep.
    vals: Vec<f64>,
    mat: Vec<f64>,
    a: Vec<f64>,
    slack: Vec<f64>,
    pivots: Vec<f64>,
    /// Multiply-adds GMRES has spent so far in this call.
    gmres_work: u64,
}

const NONE: u32 = u32::MAX;
/// Segments with more symbols than this solve their system by GMRES (one sweep per product)
/// rather than by `m` sweeps and a dense elimination.
const DENSE_SYMBOLS: usize = 64;
/// When GMRES stalls, segments with at most this many symbols fall back to the dense solve;
/// larger ones keep GMRES's best answer and leave the rest to iterative refinement.
const DENSE_FALLBACK: usize = 2048;
const GMRES_RESTART: usize = 400;
/// At most this many doubles in the GMRES basis (64 MB).
const GMRES_BASIS: usize = 1 << 23;
/// GMRES's relative residual for the first solve; refinement solves only need a few digits,
/// since each multiplies the error by their own relative accuracy.
const GMRES_TOLERANCE: f64 = 1e-10;
const GMRES_REFINE_TOLERANCE: f64 = 1e-7;
const GMRES_MAX_PRODUCTS: usize = 3000;
/// GMRES's work over a whole call, in multiply-adds (sweeps and orthogonalisation): a second or
/// two. A 10^6-square board with 5000 snake tails in one segment needs a fifth of it.
/// A chain that needs more is one whose mean cannot be certified anyway; it is refused.
const GMRES_WORK: u64 = 3_000_000_000;

/// What a sweep uses for positions above its segment (and for square `N`).
#[derive(Clone, Copy)]
enum Above {
    /// The values already in the output (final values of the segments above, 0 for `N`).
    Solved,
    /// A constant: 0 for a symbol's sweep, 1 for the leaving probability.
    Const(f64),
}

impl<'g, 'a> Solver<'g, 'a> {
    fn new(game: &'g Game<'a>, reach: &'g BitSet) -> Result<Self> {
        Ok(Solver {
            game,
            reach,
            dense_symbols: DENSE_SYMBOLS,
            tolerance: GMRES_TOLERANCE,
            sym_of: try_filled(game.squares() + 1, NONE)?,
            syms: Vec::new(),
            vals: Vec::new(),
            mat: Vec::new(),
            a: Vec::new(),
            slack: Vec::new(),
            pivots: Vec::new(),
            gmres_work: 0,
        })
    }

    /// The lowest position one roll from `s` can end on.
    fn lowest_move(&self, s: usize) -> usize {
        let mut low = usize::MAX;
        self.game.for_each_move(s, |u, _| low = low.min(u));
        low
    }

    /// Fills `out[0..=N]` with the solution of `A y = rhs` on reachable positions (0 elsewhere).
    fn solve(&mut self, rhs: impl Fn(usize) -> f64 + Copy, out: &mut [f64]) -> Result<()> {
        let n = self.game.squares();
        out[n] = 0.0;
        let mut top = n;
        while top > 0 {
            let hi = top - 1;
            if !self.reach.get(hi) {
                out[hi] = 0.0;
                top = hi;
                continue;
            }
            let mut lo = hi;
            let mut need = self.lowest_move(hi);
            while need < lo {
                lo -= 1;
                if self.reach.get(lo) {
                    need = need.min(self.lowest_move(lo));
                } else {
                    out[lo] = 0.0;
                }
            }
            self.segment(lo, hi, rhs, out)?;
            top = lo;
        }
        Ok(())
    }

    fn segment(
        &mut self,
        lo: usize,
        hi: usize,
        rhs: impl Fn(usize) -> f64 + Copy,
        out: &mut [f64],
    ) -> Result<()> {
        self.syms.clear();
        for s in lo..=hi {
            if self.reach.get(s) {
                let (sym_of, syms) = (&mut self.sym_of, &mut self.syms);
                self.game.for_each_move(s, |u, _| {
                    if u < s && sym_of[u] == NONE {
                        sym_of[u] = syms.len() as u32;
                        syms.push(u);
                    }
                });
            }
        }
        let m = self.syms.len();
        if m == 0 {
            self.sweep(lo, hi, rhs, Above::Solved, out);
            return Ok(());
        }
        self.reserve(m)?;
        let zero = |_| 0.0;
        self.sweep(lo, hi, rhs, Above::Solved, out);
        for i in 0..m {
            self.a[i] = out[self.syms[i]];
        }
        let iterative = m > self.dense_symbols;
        if iterative && (self.gmres(lo, hi, out)? || m > DENSE_FALLBACK) {
            self.sweep(lo, hi, rhs, Above::Solved, out);
            for &u in &self.syms {
                self.sym_of[u] = NONE;
            }
            return Ok(());
        }
        self.reserve_dense(m)?;
        self.sweep(lo, hi, zero, Above::Const(1.0), out);
        for i in 0..m {
            self.slack[i] = out[self.syms[i]];
        }
        for j in 0..m {
            self.vals[j] = 1.0;
            self.sweep(lo, hi, zero, Above::Const(0.0), out);
            self.vals[j] = 0.0;
            for i in 0..m {
                self.mat[i * m + j] = out[self.syms[i]];
            }
        }
        self.eliminate(m);
        self.sweep(lo, hi, rhs, Above::Solved, out);
        for &u in &self.syms {
            self.sym_of[u] = NONE;
        }
        Ok(())
    }

    fn reserve(&mut self, m: usize) -> Result<()> {
        for v in [&mut self.vals, &mut self.a] {
            v.clear();
            v.try_reserve_exact(m).map_err(|_| too_many(m))?;
            v.resize(m, 0.0);
        }
        Ok(())
    }

    fn reserve_dense(&mut self, m: usize) -> Result<()> {
        let cells = m.checked_mul(m).ok_or_else(|| too_many(m))?;
        for (v, len) in [
            (&mut self.mat, cells),
            (&mut self.slack, m),
            (&mut self.pivots, m),
        ] {
            v.clear();
            v.try_reserve_exact(len).map_err(|_| too_many(m))?;
            v.resize(len, 0.0);
        }
        self.vals.fill(0.0);
        Ok(())
    }

    /// `w = x - C x` for the symbols: one sweep with the symbols at `x`, nothing else.
    fn apply(&mut self, lo: usize, hi: usize, x: &[f64], w: &mut [f64], out: &mut [f64]) {
        self.vals.copy_from_slice(x);
        self.sweep(lo, hi, |_| 0.0, Above::Const(0.0), out);
        for ((w, &x), &u) in w.iter_mut().zip(x).zip(&self.syms) {
            *w = x - out[u];
        }
    }

    /// Restarted GMRES for `(I - C) x = a` on the symbols, one sweep per product; the solution is
    /// left in `vals`. Returns false (leaving the dense solve to take over) when it has not
    /// reached a relative residual of `tolerance` within `GMRES_MAX_PRODUCTS` products.
    fn gmres(&mut self, lo: usize, hi: usize, out: &mut [f64]) -> Result<bool> {
        let m = self.syms.len();
        let k = GMRES_RESTART.min(m).min(GMRES_BASIS / m).max(2);
        let mut basis = try_filled((k + 1) * m, 0.0f64)?;
        let mut h = vec![0.0f64; (k + 1) * k];
        let (mut cs, mut sn) = (vec![0.0f64; k], vec![0.0f64; k]);
        let mut g = vec![0.0f64; k + 1];
        let mut x = try_filled(m, 0.0f64)?;
        let mut w = try_filled(m, 0.0f64)?;
        let a = std::mem::take(&mut self.a);
        let norm = |v: &[f64]| v.iter().map(|x| x * x).sum::<f64>().sqrt();
        let tolerance = self.tolerance * norm(&a);
        // Start from one step of x = a + C x (from 0), which is `a` itself.
        x.copy_from_slice(&a);
        let mut products = 0;
        // One product: a sweep of the segment, then at most k dot products and updates.
        let per_product =
            ((hi - lo + 1) * self.game.faces().min(self.game.squares()) + 2 * k * m) as u64;
        let converged = loop {
            self.apply(lo, hi, &x, &mut w, out);
            products += 1;
            for (r, &b) in w.iter_mut().zip(&a) {
                *r = b - *r;
            }
            let beta = norm(&w);
            if beta <= tolerance {
                break true;
            }
            if products >= GMRES_MAX_PRODUCTS || self.gmres_work > GMRES_WORK {
                break false;
            }
            for (v, &r) in basis[..m].iter_mut().zip(&w) {
                *v = r / beta;
            }
            g.fill(0.0);
            g[0] = beta;
            let mut used = 0;
            for j in 0..k {
                let (done, rest) = basis.split_at_mut((j + 1) * m);
                self.apply(lo, hi, &done[j * m..], &mut w, out);
                products += 1;
                self.gmres_work += per_product;
                for i in 0..=j {
                    let v = &done[i * m..(i + 1) * m];
                    let hij: f64 = w.iter().zip(v).map(|(a, b)| a * b).sum();
                    for (wv, &vv) in w.iter_mut().zip(v) {
                        *wv -= hij * vv;
                    }
                    h[i * k + j] = hij;
                }
                let hn = norm(&w);
                h[(j + 1) * k + j] = hn;
                if hn > 0.0 {
                    for (v, &wv) in rest[..m].iter_mut().zip(&w) {
                        *v = wv / hn;
                    }
                }
                for i in 0..j {
                    let (p, q) = (h[i * k + j], h[(i + 1) * k + j]);
                    h[i * k + j] = cs[i] * p + sn[i] * q;
                    h[(i + 1) * k + j] = -sn[i] * p + cs[i] * q;
                }
                let (p, q) = (h[j * k + j], h[(j + 1) * k + j]);
                let r = p.hypot(q);
                (cs[j], sn[j]) = if r == 0.0 { (1.0, 0.0) } else { (p / r, q / r) };
                h[j * k + j] = r;
                h[(j + 1) * k + j] = 0.0;
                g[j + 1] = -sn[j] * g[j];
                g[j] *= cs[j];
                used = j + 1;
                if g[j + 1].abs() <= tolerance
                    || hn == 0.0
                    || products >= GMRES_MAX_PRODUCTS
                    || self.gmres_work > GMRES_WORK
                {
                    break;
                }
            }
            // x += V y with H y = g (upper triangular).
            let mut y = vec![0.0f64; used];
            for i in (0..used).rev() {
                let mut v = g[i];
                for (l, yl) in y.iter().enumerate().skip(i + 1) {
                    v -= h[i * k + l] * yl;
                }
                y[i] = if h[i * k + i] != 0.0 {
                    v / h[i * k + i]
                } else {
                    0.0
                };
            }
            for (i, yi) in y.iter().enumerate() {
                for (xv, &vv) in x.iter_mut().zip(&basis[i * m..(i + 1) * m]) {
                    *xv += yi * vv;
                }
            }
        };
        self.a = a;
        self.vals.copy_from_slice(&x);
        Ok(converged)
    }

    /// One sweep from `hi` down to `lo`: `out[s] = (F rhs(s) + sum of values moved to) / (F -
    /// rolls that stay on s)`, where a move above the segment reads `above`, a move within it
    /// reads the value just computed, and a move down reads the symbol's value in `vals`.
    fn sweep(
        &self,
        lo: usize,
        hi: usize,
        rhs: impl Fn(usize) -> f64,
        above: Above,
        out: &mut [f64],
    ) {
        let f = self.game.faces() as f64;
        for s in (lo..=hi).rev() {
            if !self.reach.get(s) {
                continue;
            }
            let mut sum = 0.0;
            let mut stays = 0usize;
            {
                let out = &*out;
                self.game.for_each_move(s, |u, c| {
                    if u == s {
                        stays += c;
                    } else if u > hi {
                        let v = match above {
                            Above::Solved => out[u],
                            Above::Const(k) => k,
                        };
                        sum += c as f64 * v;
                    } else if u > s {
                        sum += out[u];
                    } else {
                        sum += self.vals[self.sym_of[u] as usize];
                    }
                });
            }
            out[s] = (f * rhs(s) + sum) / (f - stays as f64);
        }
    }

    /// Solves `x = a + C x` for the symbols (C in `mat`, leaving probabilities in `slack`) and
    /// leaves `x` in `vals`. Every pivot `1 - C[k][k]` is formed as the leaving probability plus
    /// the row's remaining coefficients, so all arithmetic on the matrix adds positive numbers.
    fn eliminate(&mut self, m: usize) {
        let mat = &mut self.mat;
        for k in 0..m {
            let (head, tail) = mat.split_at_mut((k + 1) * m);
            let row_k = &head[k * m..];
            let pivot = self.slack[k] + row_k[k + 1..].iter().sum::<f64>();
            self.pivots[k] = pivot;
            for (i, row_i) in (k + 1..m).zip(tail.chunks_exact_mut(m)) {
                let cik = row_i[k];
                if cik == 0.0 {
                    continue;
                }
                let g = cik / pivot;
                for (x, y) in row_i[k + 1..].iter_mut().zip(&row_k[k + 1..]) {
                    *x += g * y;
                }
                self.a[i] += g * self.a[k];
                self.slack[i] += g * self.slack[k];
            }
        }
        for k in (0..m).rev() {
            let row = &mat[k * m..(k + 1) * m];
            let mut v = self.a[k];
            for (c, x) in row[k + 1..].iter().zip(&self.vals[k + 1..]) {
                v += c * x;
            }
            self.vals[k] = v / self.pivots[k];
        }
    }
}

fn too_many(m: usize) -> Error {
    Error::new(
        ErrorKind::OutOfMemory,
        format!("could not allocate the {m} x {m} system of a segment's snake tails"),
    )
}

/// `r = 1 - A (hi + lo)` on reachable positions, in twice the working precision; returns a proven
/// upper bound on `max |r|` (the exact residual, not just the computed one).
///
/// Each row is summed with Ogita, Rump and Oishi's Sum2: error-free additions whose rounding
/// errors are collected separately, which is as accurate as double-double arithmetic and keeps
/// only one add on the critical path.
fn residual(game: &Game, reach: &BitSet, hi: &[f64], lo: &[f64], r: &mut [f64]) -> f64 {
    let n = game.squares();
    let f = game.faces() as f64;
    let mut worst = 0.0f64;
    let mut scale = 0.0f64;
    for s in 0..n {
        if !reach.get(s) {
            r[s] = 0.0;
            continue;
        }
        // F r = F - F y[s] + sum over moves of count * y[next].
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
    }
    // Sum2 is off by at most eps |result| + (k eps)^2 sum |terms| for k <= faces + 2 terms of size
    // at most about F * scale, and the corrections `lo` add their own rounding: a generous
    // k^2 2^-96 scale covers it all, as 4 eps does the final division.
    let terms = game.faces().min(n) as f64 + 4.0;
    worst * (1.0 + 4.0 * f64::EPSILON) + terms * terms * 2f64.powi(-96) * scale
}

#[inline]
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// Dekker's exact product without FMA (which is a slow library call on baseline x86-64).
#[inline]
fn two_prod(a: f64, b: f64) -> (f64, f64) {
    let split = |x: f64| {
        let c = 134_217_729.0 * x; // 2^27 + 1
        let h = c - (c - x);
        (h, x - h)
    };
    let p = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snakes::classic::milton_bradley_jumps;
    use crate::snakes::rules::{Overshoot, Rules};

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn milton_bradley_matches_the_published_value() {
        let jumps = milton_bradley_jumps();
        let g = Game::new(&jumps, Rules::STANDARD).unwrap();
        let e = expected_turns_bounded(&g).unwrap();
        assert!((e.turns - 39.225_122_308_234_9).abs() < 1e-12, "{e:?}");
        assert!(e.relative_error < 1e-14, "{e:?}");
    }

    #[test]
    fn plain_boards_have_closed_forms() {
        // One face: N - start turns, exactly.
        let jumps = [-1; 50];
        let g = Game::new(&jumps, Rules::new(1, Overshoot::Stay, 3)).unwrap();
        assert_eq!(expected_turns(&g).unwrap(), 47.0);
        // N = 1 from off the board: a geometric wait for face 1.
        let g = Game::new(&[-1], Rules::new(6, Overshoot::Stay, 0)).unwrap();
        assert!((expected_turns(&g).unwrap() - 6.0).abs() < 1e-14);
        let g = Game::new(&[-1], Rules::new(6, Overshoot::Finish, 0)).unwrap();
        assert_eq!(expected_turns(&g).unwrap(), 1.0);
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn gmres_and_dense_paths_agree_on_boards_with_many_symbols() {
        let mut seed = 99u64;
        let mut rnd = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        let mut finite = 0;
        for case in 0..12 {
            let n = 300 + rnd(1500) as usize;
            let reach = [n as u64, 400, 60][case % 3];
            let mut jumps = vec![-1i32; n];
            for (s, j) in jumps.iter_mut().enumerate().take(n - 1).skip(1) {
                if rnd(100) < 8 {
                    let d = 1 + rnd(reach) as usize;
                    let sq = s + 1;
                    let to = if rnd(2) == 0 {
                        (sq + d).min(n)
                    } else {
                        sq.saturating_sub(d).max(1)
                    };
                    *j = to as i32;
                }
            }
            let overshoot = [Overshoot::Stay, Overshoot::Bounce, Overshoot::Finish][case % 3];
            let g = Game::new(&jumps, Rules::new(4 + rnd(5) as u32, overshoot, 0)).unwrap();
            let dense = solve_with(&g, usize::MAX).unwrap();
            let iterative = solve_with(&g, 0).unwrap();
            if dense.turns.is_infinite() {
                assert_eq!(iterative.turns, f64::INFINITY);
                continue;
            }
            finite += 1;
            assert!(dense.relative_error < 1e-13 && iterative.relative_error < 1e-13);
            let diff = (dense.turns - iterative.turns).abs() / dense.turns;
            assert!(diff < 1e-13, "{n} {reach}: {dense:?} vs {iterative:?}");
        }
        assert!(finite >= 8, "only {finite} finite boards");
    }

    #[test]
    fn a_trap_makes_it_infinite_only_if_reachable() {
        // Square 3 slides to 1, and with a 2-faced die from 1: 2 -> 2 or 3 -> 1 ... 2 can reach 4.
        // Make squares 2 and 3 both slide to 1 with a 2-faced die: from 1 the end is out of reach.
        let jumps = [-1, 1, 1, -1];
        let g = Game::new(&jumps, Rules::new(2, Overshoot::Stay, 1)).unwrap();
        assert_eq!(expected_turns(&g).unwrap(), f64::INFINITY);
        // With 3 faces, 1 reaches 4 directly.
        let g = Game::new(&jumps, Rules::new(3, Overshoot::Stay, 1)).unwrap();
        assert!((expected_turns(&g).unwrap() - 3.0).abs() < 1e-14);
    }
}
