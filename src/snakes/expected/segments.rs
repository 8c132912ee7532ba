//! The solve of `A y = rhs` over the reachable positions, segment by segment from the top, each
//! by superposition over its symbols (see the module above): up to 64 symbols by one sweep each
//! and a dense elimination, more by GMRES (gmres.rs). The sweeps themselves are in sweep.rs.

use super::gmres::GMRES_TOLERANCE;
use super::sweep::{tails_by_destination, DIRECT_FACES};
use crate::bitset::BitSet;
use crate::error::{try_filled, Error, ErrorKind, Result};
use crate::snakes::rules::Game;

/// Solves `A y = rhs` over the reachable positions by segments and superposition.
pub(super) struct Solver<'g, 'a> {
    pub(super) game: &'g Game<'a>,
    pub(super) reach: &'g BitSet,
    /// Segments with more symbols use GMRES.
    pub(super) dense_symbols: usize,
    /// GMRES's relative residual target.
    pub(super) tolerance: f64,
    /// For each position, its index among the current segment's symbols, or `NONE`.
    pub(super) sym_of: Vec<u32>,
    pub(super) syms: Vec<usize>,
    /// Symbol values used by a sweep.
    pub(super) vals: Vec<f64>,
    pub(super) mat: Vec<f64>,
    pub(super) a: Vec<f64>,
    pub(super) slack: Vec<f64>,
    pub(super) pivots: Vec<f64>,
    /// Multiply-adds GMRES has spent so far in this call.
    pub(super) gmres_work: u64,
    /// Per landing square, what it brings to the position a sliding sweep is at: a value, or a
    /// stay (empty for dice of at most `DIRECT_FACES` faces, which do not slide).
    pub(super) g: Vec<f64>,
    pub(super) stay: Vec<u8>,
    /// The landing squares holding a jump, by destination: `tails[tail_at[d]..tail_at[d + 1]]`.
    pub(super) tail_at: Vec<u32>,
    pub(super) tails: Vec<u32>,
    /// Reachable positions below each position, for finding symbols in one pass.
    pub(super) reach_below: Vec<u32>,
    /// The whole board as one segment (dice of more than `WINDOW_FACES` faces).
    pub(super) single: bool,
}

pub(super) const NONE: u32 = u32::MAX;
/// Dice with more faces than this solve the board as one segment: a window of many faces covers
/// so much of the board that splitting it saves nothing, and one segment keeps the cost of a
/// sweep linear in the board.
const WINDOW_FACES: usize = 64;
/// Segments with more symbols than this solve their system by GMRES (one sweep per product)
/// rather than by `m` sweeps and a dense elimination.
pub(super) const DENSE_SYMBOLS: usize = 64;
/// When GMRES stalls, segments with at most this many symbols fall back to the dense solve;
/// larger ones keep GMRES's best answer and leave the rest to iterative refinement.
const DENSE_FALLBACK: usize = 2048;

/// What a sweep uses for positions above its segment (and for square `N`).
#[derive(Clone, Copy)]
pub(super) enum Above {
    /// The values already in the output (final values of the segments above, 0 for `N`).
    Solved,
    /// A constant: 0 for a symbol's sweep, 1 for the leaving probability.
    Const(f64),
}

impl<'g, 'a> Solver<'g, 'a> {
    pub(super) fn new(game: &'g Game<'a>, reach: &'g BitSet) -> Result<Self> {
        let n = game.squares();
        // Only the sliding sweep of a large die keeps state per landing square.
        let sliding = game.faces() > DIRECT_FACES;
        let (tail_at, tails) = if sliding {
            tails_by_destination(game)?
        } else {
            (Vec::new(), Vec::new())
        };
        let per_square = if sliding { n + 1 } else { 0 };
        let single = game.faces() > WINDOW_FACES;
        let mut reach_below = Vec::new();
        if single {
            reach_below = try_filled(n + 2, 0u32)?;
            for p in 0..=n {
                reach_below[p + 1] = reach_below[p] + u32::from(reach.get(p));
            }
        }
        Ok(Solver {
            game,
            reach,
            dense_symbols: DENSE_SYMBOLS,
            tolerance: GMRES_TOLERANCE,
            sym_of: try_filled(n + 1, NONE)?,
            syms: Vec::new(),
            vals: Vec::new(),
            mat: Vec::new(),
            a: Vec::new(),
            slack: Vec::new(),
            pivots: Vec::new(),
            gmres_work: 0,
            g: try_filled(per_square, 0.0)?,
            stay: try_filled(per_square, 0)?,
            tail_at,
            tails,
            reach_below,
            single,
        })
    }

    /// Whether some reachable position lies in `lo..=hi`.
    fn reachable_in(&self, lo: usize, hi: usize) -> bool {
        lo <= hi && self.reach_below[hi + 1] > self.reach_below[lo]
    }

    /// The symbols of the whole board as one segment, in one pass over the landing squares: a
    /// landing square `t` ending below its own square is a symbol when some reachable position
    /// above its end lands on it, forward (from `t - faces..t`) or, under the bounce rule,
    /// counting back (from `2N - t - faces..N`).
    fn single_symbols(&mut self) -> Result<()> {
        for t in 1..=self.game.squares() {
            let d = self.game.dest(t);
            let lands_from_above = self
                .game
                .landing_sources(t)
                .iter()
                .any(|&(a, b)| self.reachable_in(a.max(d + 1), b));
            if lands_from_above && self.sym_of[d] == NONE {
                self.sym_of[d] = self.syms.len() as u32;
                crate::error::try_push(&mut self.syms, d)?;
            }
        }
        Ok(())
    }

    /// The lowest position one roll from `s` can end on.
    fn lowest_move(&self, s: usize) -> usize {
        let mut low = usize::MAX;
        self.game.for_each_move(s, |u, _| low = low.min(u));
        low
    }

    /// Fills `out[0..=N]` with the solution of `A y = rhs` on reachable positions (0 elsewhere).
    pub(super) fn solve(
        &mut self,
        rhs: impl Fn(usize) -> f64 + Copy,
        out: &mut [f64],
    ) -> Result<()> {
        let n = self.game.squares();
        out[n] = 0.0;
        if self.single {
            for (p, o) in out.iter_mut().enumerate().take(n) {
                if !self.reach.get(p) {
                    *o = 0.0;
                }
            }
            return self.segment(0, n - 1, rhs, out);
        }
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
        if self.single {
            self.single_symbols()?;
        } else {
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
