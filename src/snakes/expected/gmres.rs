//! Restarted GMRES for a segment's symbol system when it has too many symbols for a dense solve:
//! one pass of the segment per product, within a work budget.

use super::solver::{
    Above, Solver, DIRECT_FACES, GMRES_BASIS, GMRES_MAX_PRODUCTS, GMRES_RESTART, GMRES_WORK,
};
use crate::error::{try_filled, Result};

impl Solver<'_, '_> {
    /// `w = x - C x` for the symbols: one pass with the symbols at `x`, nothing else.
    fn apply(&mut self, lo: usize, hi: usize, x: &[f64], w: &mut [f64], out: &mut [f64]) {
        self.vals.copy_from_slice(x);
        self.pass(lo, hi, |_| 0.0, Above::Const(0.0), out);
        for ((w, &x), &u) in w.iter_mut().zip(x).zip(&self.syms) {
            *w = x - out[u];
        }
    }

    /// Restarted GMRES for `(I - C) x = a` on the symbols, one pass per product; the solution is
    /// left in `vals`. Returns false (leaving the dense solve to take over) when it has not
    /// reached a relative residual of `tolerance` within `GMRES_MAX_PRODUCTS` products.
    pub(super) fn gmres(&mut self, lo: usize, hi: usize, out: &mut [f64]) -> Result<bool> {
        let m = self.syms.len();
        let k = GMRES_RESTART.min(m).min(GMRES_BASIS / m).max(2);
        let mut basis = try_filled((k + 1) * m, 0.0f64)?;
        let mut h = try_filled((k + 1) * k, 0.0f64)?;
        let (mut cs, mut sn) = (try_filled(k, 0.0f64)?, try_filled(k, 0.0f64)?);
        let mut g = try_filled(k + 1, 0.0f64)?;
        let mut y = try_filled(k, 0.0f64)?;
        let mut x = try_filled(m, 0.0f64)?;
        let mut w = try_filled(m, 0.0f64)?;
        let a = std::mem::take(&mut self.a);
        let norm = |v: &[f64]| v.iter().map(|x| x * x).sum::<f64>().sqrt();
        let tolerance = self.tolerance * norm(&a);
        // Start from one step of x = a + C x (from 0), which is `a` itself.
        x.copy_from_slice(&a);
        let mut products = 0;
        // A product: a pass of the segment, then the orthogonalisation against the basis so far.
        let per_position = self.game.faces().min(DIRECT_FACES) + 2;
        let pass = ((hi - lo + 1) * per_position) as u64;
        let converged = loop {
            self.apply(lo, hi, &x, &mut w, out);
            products += 1;
            self.gmres_work += pass;
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
                self.gmres_work += pass + 2 * (j as u64 + 1) * m as u64;
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
            let y = &mut y[..used];
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
}
