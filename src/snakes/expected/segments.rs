//! The solve of `A y = rhs` over the reachable positions, segment by segment from the top, each
//! by superposition over its symbols (see the module above): up to 64 symbols by one pass each
//! and a dense elimination, more by GMRES (gmres.rs). One pass is in segment_pass.rs.

use super::solver::{Above, Solver, DENSE_FALLBACK, DIRECT_FACES, GMRES_WORK, NONE};
use crate::error::{Error, Result};

impl Solver<'_, '_> {
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
            let mut failed = false;
            for s in lo..=hi {
                if self.reach.get(s) {
                    let (sym_of, syms) = (&mut self.sym_of, &mut self.syms);
                    self.game.for_each_move(s, |u, _| {
                        if u < s && sym_of[u] == NONE && !failed {
                            sym_of[u] = syms.len() as u32;
                            if crate::error::try_push(syms, u).is_err() {
                                failed = true;
                            }
                        }
                    });
                }
            }
            if failed {
                return Err(Error::alloc::<usize>(1, Some(self.syms.len())));
            }
        }
        let m = self.syms.len();
        if m == 0 {
            self.pass(lo, hi, rhs, Above::Solved, out);
            return Ok(());
        }
        self.reserve(m)?;
        let zero = |_| 0.0;
        self.pass(lo, hi, rhs, Above::Solved, out);
        for i in 0..m {
            self.a[i] = out[self.syms[i]];
        }
        let iterative = m > self.dense_symbols;
        if iterative
            && (self.gmres(lo, hi, out)? || m > DENSE_FALLBACK || !self.afford_dense(lo, hi, m))
        {
            self.pass(lo, hi, rhs, Above::Solved, out);
            for &u in &self.syms {
                self.sym_of[u] = NONE;
            }
            return Ok(());
        }
        self.reserve_dense(m)?;
        self.pass(lo, hi, zero, Above::Const(1.0), out);
        for i in 0..m {
            self.slack[i] = out[self.syms[i]];
        }
        for j in 0..m {
            self.vals[j] = 1.0;
            self.pass(lo, hi, zero, Above::Const(0.0), out);
            self.vals[j] = 0.0;
            for i in 0..m {
                self.mat[i * m + j] = out[self.syms[i]];
            }
        }
        self.eliminate(m);
        self.pass(lo, hi, rhs, Above::Solved, out);
        for &u in &self.syms {
            self.sym_of[u] = NONE;
        }
        Ok(())
    }

    /// Charges a dense solve of `m` symbols over `lo..=hi` (a pass per symbol, then the
    /// elimination) to the call's work budget; false, charging nothing, when it would overrun it.
    /// GMRES's best answer stands then, and the certificate decides whether it is good enough.
    fn afford_dense(&mut self, lo: usize, hi: usize, m: usize) -> bool {
        let per_position = self.game.faces().min(DIRECT_FACES) + 2;
        let m = m as u64;
        let passes = (m + 2).saturating_mul(((hi - lo + 1) * per_position) as u64);
        // The elimination's inner loop is a vectorised multiply-add over a row, about four times
        // the rate of a pass's scattered ones: charged in pass units.
        let cost = passes.saturating_add(m.saturating_mul(m).saturating_mul(m) / 12);
        let total = self.gmres_work.saturating_add(cost);
        if total > GMRES_WORK {
            return false;
        }
        self.gmres_work = total;
        true
    }

    fn reserve(&mut self, m: usize) -> Result<()> {
        for v in [&mut self.vals, &mut self.a] {
            v.clear();
            v.try_reserve_exact(m).map_err(|_| too_many(m))?;
            crate::error::try_resize(v, m, 0.0)?;
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
            crate::error::try_resize(v, len, 0.0)?;
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
    Error::alloc::<f64>(m.saturating_mul(m), None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snakes::reach::reachable;
    use crate::snakes::rules::{Game, Rules};

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn a_dense_solve_is_charged_to_the_budget_and_refused_past_it() {
        let jumps = vec![-1; 10_000];
        let game = Game::new(&jumps, Rules::STANDARD).unwrap();
        let reach = reachable(&game).unwrap();
        let mut solver = Solver::new(&game, &reach).unwrap();
        // 2048 symbols over 10,000 positions: 2050 passes of 8 per position, then 2048^3 / 12.
        let cost = 2050 * 10_000 * 8 + 2048u64.pow(3) / 12;
        assert!(solver.afford_dense(0, 9_999, 2048));
        assert_eq!(solver.gmres_work, cost);
        solver.gmres_work = GMRES_WORK - cost + 1;
        assert!(!solver.afford_dense(0, 9_999, 2048));
        assert_eq!(solver.gmres_work, GMRES_WORK - cost + 1, "nothing charged");
        solver.gmres_work = GMRES_WORK - cost;
        assert!(solver.afford_dense(0, 9_999, 2048));
        assert_eq!(solver.gmres_work, GMRES_WORK);
    }
}
