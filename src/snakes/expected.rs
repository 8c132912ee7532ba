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
//!   `lo` computes every value exactly, since all other references point upwards. Running that
//!   sweep once for the right-hand side, once per symbol (a unit value) and once for the
//!   probability of leaving upwards gives the symbols' own small system, `(I - C) x = a`, which
//!   is solved densely by Gaussian elimination in the Grassmann-Taksar-Heyman form: pivots are
//!   computed as sums of probabilities, never by subtraction, so no cancellation can occur.
//!   A final sweep with the symbol values fills the segment.
//! - **Certificate and refinement.** The residual `r = 1 - A y` is computed in double-double
//!   arithmetic. Because `A^-1 >= 0` and `A^-1 1 = E`, every reachable position satisfies
//!   `|E[s] - y[s]| <= max|r| * E[s]`: `max|r|` bounds the relative error. One step of iterative
//!   refinement (solve `A d = r`, keep `y + d` as a pair of doubles) drives it to about `1e-20`.
//!
//! Cost: `O(N * min(F, N))` per sweep for a die of `F` faces; segments with `m` symbols cost
//! `m + 3` sweeps of their length plus `m^3 / 3` for the small system. Boards with short snakes
//! have tiny segments; a board whose long snakes overlap everywhere is one segment with as many
//! symbols as snake tails.

use super::reach::{can_finish, explore};
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
/// `+inf` when a position reachable from the start cannot reach `N` (the game can fail to end).
/// The relative error is at most `1e-9`, and in practice about `1e-16`; see [`expected_turns_bounded`].
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

/// Relative error the refinement aims for; the promise is 1e-9.
const TARGET: f64 = 1e-15;
/// Refinement steps allowed after the first solve.
const MAX_REFINEMENTS: usize = 3;

/// [`expected_turns`] together with its proven relative error bound.
pub fn expected_turns_bounded(game: &Game) -> Result<Expected> {
    let n = game.squares();
    let start = game.rules().start;
    let reach = explore(game, |_, _, _| true)?;
    let can = can_finish(game)?;
    if (0..n).any(|p| reach.get(p) && !can.get(p)) {
        return Ok(Expected {
            turns: f64::INFINITY,
            relative_error: 0.0,
        });
    }
    drop(can);
    let mut solver = Solver::new(game, &reach)?;
    let mut hi = try_filled(n + 1, 0.0f64)?;
    let mut lo = try_filled(n + 1, 0.0f64)?;
    let mut r = try_filled(n + 1, 0.0f64)?;
    let mut delta = try_filled(n + 1, 0.0f64)?;
    solver.solve(|_| 1.0, &mut hi)?;
    let mut bound = residual(game, &reach, &hi, &lo, &mut r);
    let mut steps = 0;
    while bound > TARGET && steps < MAX_REFINEMENTS {
        solver.solve(|s| r[s], &mut delta)?;
        for (l, d) in lo.iter_mut().zip(&delta) {
            *l += d;
        }
        bound = residual(game, &reach, &hi, &lo, &mut r);
        steps += 1;
    }
    let turns = hi[start] + lo[start];
    if !turns.is_finite() || bound.is_nan() {
        // Only probabilities below the smallest double make a pivot vanish; the mean then
        // exceeds the largest double.
        return Ok(Expected {
            turns: f64::INFINITY,
            relative_error: 0.0,
        });
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
    /// For each position, its index among the current segment's symbols, or `NONE`.
    sym_of: Vec<u32>,
    syms: Vec<usize>,
    /// Symbol values used by a sweep.
    vals: Vec<f64>,
    mat: Vec<f64>,
    a: Vec<f64>,
    slack: Vec<f64>,
    pivots: Vec<f64>,
}

const NONE: u32 = u32::MAX;

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
            sym_of: try_filled(game.squares() + 1, NONE)?,
            syms: Vec::new(),
            vals: Vec::new(),
            mat: Vec::new(),
            a: Vec::new(),
            slack: Vec::new(),
            pivots: Vec::new(),
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
        let cells = m.checked_mul(m).ok_or_else(|| too_many(m))?;
        for (v, len) in [
            (&mut self.mat, cells),
            (&mut self.vals, m),
            (&mut self.a, m),
            (&mut self.slack, m),
            (&mut self.pivots, m),
        ] {
            v.clear();
            v.try_reserve_exact(len).map_err(|_| too_many(m))?;
            v.resize(len, 0.0);
        }
        Ok(())
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

/// `r = 1 - A (hi + lo)` on reachable positions, in double-double arithmetic; returns a proven
/// upper bound on `max |r|` (the exact residual, not just the computed one).
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
        let mut acc = Dd::from(f);
        acc.add_prod(-f, hi[s]);
        acc.add(-f * lo[s]);
        game.for_each_move(s, |u, c| {
            if c == 1 {
                acc.add(hi[u]);
            } else {
                acc.add_prod(c as f64, hi[u]);
            }
            acc.add(c as f64 * lo[u]);
        });
        let v = acc.value() / f;
        r[s] = v;
        worst = worst.max(v.abs());
        scale = scale.max(hi[s].abs());
    }
    // Rounding of the double-double sums (a few units of 2^-104 per term) and of the division.
    let terms = game.faces().min(n) as f64 + 4.0;
    worst * (1.0 + 4.0 * f64::EPSILON) + terms * 2f64.powi(-96) * scale
}

/// A double-double accumulator: `hi + lo` with about 106 bits of precision.
#[derive(Clone, Copy)]
struct Dd {
    hi: f64,
    lo: f64,
}

impl From<f64> for Dd {
    fn from(x: f64) -> Self {
        Dd { hi: x, lo: 0.0 }
    }
}

impl Dd {
    #[inline]
    fn add_pair(&mut self, x: f64, xe: f64) {
        let (s, e) = two_sum(self.hi, x);
        let e = e + (self.lo + xe);
        let hi = s + e;
        self.lo = e - (hi - s);
        self.hi = hi;
    }

    #[inline]
    fn add(&mut self, x: f64) {
        self.add_pair(x, 0.0);
    }

    #[inline]
    fn add_prod(&mut self, a: f64, b: f64) {
        let (p, e) = two_prod(a, b);
        self.add_pair(p, e);
    }

    fn value(&self) -> f64 {
        self.hi + self.lo
    }
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

    fn rules(faces: u32, overshoot: Overshoot, start: usize) -> Rules {
        Rules {
            faces,
            overshoot,
            start,
        }
    }

    #[test]
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
        let g = Game::new(&jumps, rules(1, Overshoot::Stay, 3)).unwrap();
        assert_eq!(expected_turns(&g).unwrap(), 47.0);
        // N = 1 from off the board: a geometric wait for face 1.
        let g = Game::new(&[-1], rules(6, Overshoot::Stay, 0)).unwrap();
        assert!((expected_turns(&g).unwrap() - 6.0).abs() < 1e-14);
        let g = Game::new(&[-1], rules(6, Overshoot::Finish, 0)).unwrap();
        assert_eq!(expected_turns(&g).unwrap(), 1.0);
    }

    #[test]
    fn a_trap_makes_it_infinite_only_if_reachable() {
        // Square 3 slides to 1, and with a 2-faced die from 1: 2 -> 2 or 3 -> 1 ... 2 can reach 4.
        // Make squares 2 and 3 both slide to 1 with a 2-faced die: from 1 the end is out of reach.
        let jumps = [-1, 1, 1, -1];
        let g = Game::new(&jumps, rules(2, Overshoot::Stay, 1)).unwrap();
        assert_eq!(expected_turns(&g).unwrap(), f64::INFINITY);
        // With 3 faces, 1 reaches 4 directly.
        let g = Game::new(&jumps, rules(3, Overshoot::Stay, 1)).unwrap();
        assert!((expected_turns(&g).unwrap() - 3.0).abs() < 1e-14);
    }
}
