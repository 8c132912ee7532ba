//! Products and correlations of long [`Wide`] sequences, in runs of plain `f64`.
//!
//! A `Wide` multiply-add renormalises every term, which made the mine-total combination of a
//! large view cost most of its hint. Here a sequence is cut into runs of consecutive terms whose
//! non-zero values lie within `2^RANGE` of each other (at most `RUN` long), each run scaled by its
//! largest exponent. Run against run, the terms are plain `f64` multiply-adds, and each pair of
//! runs adds its sums into the `Wide` result once.
//!
//! Scaled values lie in `[2^-RANGE, 2)`, so the product of two non-zero ones is at least
//! `2^-2 RANGE`, far above `f64`'s underflow, and a sum of at most `RUN` of them stays below
//! `4 RUN`: a non-zero term never becomes zero, so "exactly 0 means impossible" holds as it does
//! in `Wide` arithmetic, and every sum keeps `f64`'s relative accuracy (all terms are
//! non-negative).

use super::wide::Wide;
use crate::error::{try_push, try_refill, try_reserve, Result};

/// The widest spread of binary exponents within a run.
const RANGE: i64 = 450;
/// The longest run: longer runs add fewer `Wide` sums but waste more work on zeros.
const RUN: usize = 64;

/// A sequence cut into runs: run `r` holds terms `start[r]..start[r + 1]`, each `m * 2^exp[r]`.
#[derive(Default)]
pub(crate) struct Runs {
    start: Vec<usize>,
    exp: Vec<i64>,
    m: Vec<f64>,
}

impl Runs {
    /// Cuts `v` into runs, or `v` reversed.
    pub(crate) fn cut(&mut self, v: &[Wide], reversed: bool) -> Result<()> {
        self.start.clear();
        self.exp.clear();
        self.m.clear();
        try_reserve(&mut self.m, v.len())?;
        let at = |i: usize| if reversed { v[v.len() - 1 - i] } else { v[i] };
        let mut i = 0;
        while i < v.len() {
            let s = i;
            let (mut lo, mut hi) = (i64::MAX, i64::MIN);
            while i < v.len() && i - s < RUN {
                let x = at(i);
                if !x.is_zero() {
                    let e = x.exponent();
                    if hi != i64::MIN && hi.max(e) - lo.min(e) > RANGE {
                        break;
                    }
                    (lo, hi) = (lo.min(e), hi.max(e));
                }
                i += 1;
            }
            let exp = if hi == i64::MIN { 0 } else { hi };
            try_push(&mut self.start, s)?;
            try_push(&mut self.exp, exp)?;
            for k in s..i {
                #[allow(clippy::disallowed_methods)] // room for `v.len()` reserved above
                self.m.push(at(k).scaled_down(exp));
            }
        }
        try_push(&mut self.start, v.len())
    }

    fn runs(&self) -> usize {
        self.exp.len()
    }

    /// Run `r`: its first term's index, its scaled terms and its exponent.
    fn run(&self, r: usize) -> (usize, &[f64], i64) {
        let (s, e) = (self.start[r], self.start[r + 1]);
        (s, &self.m[s..e], self.exp[r])
    }
}

/// `out[i + j - shift] += a[i] * b[j]`, for every pair that lands in `out`.
///
/// A product is `shift` 0; a correlation `out[k] += sum over j of s[j] * x[k + j]` is `a` = `s`
/// reversed, `b` = `x` and `shift` = `len(s) - 1`.
pub(crate) fn accumulate(
    a: &Runs,
    b: &Runs,
    shift: usize,
    out: &mut [Wide],
    tmp: &mut Vec<f64>,
) -> Result<()> {
    let len = out.len() as i64;
    for ra in 0..a.runs() {
        let (sa, am, ea) = a.run(ra);
        for rb in 0..b.runs() {
            let (sb, bm, eb) = b.run(rb);
            // The pair's sums land at `first + d`; only `d` in `lo..hi` lands in `out`.
            let first = (sa + sb) as i64 - shift as i64;
            if first >= len {
                break;
            }
            let n = (am.len() + bm.len() - 1) as i64;
            let (lo, hi) = ((-first).max(0), n.min(len - first));
            if lo >= hi {
                continue;
            }
            let (lo, hi) = (lo as usize, hi as usize);
            try_refill(tmp, hi, 0.0)?;
            for (i, &x) in am.iter().enumerate().take(hi) {
                let j = lo.saturating_sub(i);
                if x != 0.0 && j < bm.len() {
                    for (t, &y) in tmp[i + j..hi].iter_mut().zip(&bm[j..]) {
                        *t += x * y;
                    }
                }
            }
            for (d, &t) in tmp.iter().enumerate().skip(lo) {
                if t != 0.0 {
                    out[(first + d as i64) as usize] += Wide::scaled(t, ea + eb);
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mines::SplitMix64;

    /// A random sequence with zeros, gentle stretches and cliffs of thousands of binary orders.
    fn sequence(rng: &mut SplitMix64, len: usize) -> Vec<Wide> {
        let mut e = 0i64;
        (0..len)
            .map(|_| {
                e += match rng.below(10) {
                    0 => rng.below(4000) as i64 - 2000,
                    1..=3 => rng.below(200) as i64 - 100,
                    _ => rng.below(7) as i64 - 3,
                };
                if rng.below(6) == 0 {
                    Wide::ZERO
                } else {
                    Wide::scaled(1.0 + rng.below(1 << 20) as f64 / (1 << 20) as f64, e)
                }
            })
            .collect()
    }

    /// Each term zero exactly where `want`'s is, and within 1e-12 of it elsewhere.
    fn assert_close(got: &[Wide], want: &[Wide], what: &str) {
        for (k, (&g, &w)) in got.iter().zip(want).enumerate() {
            let close =
                g.is_zero() == w.is_zero() && (w.is_zero() || (g.ratio(w) - 1.0).abs() < 1e-12);
            assert!(close, "{what} {k}: {g:?} vs {w:?}");
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn runs_multiply_and_correlate_as_plain_wide_arithmetic_does() {
        let mut rng = SplitMix64::new(61);
        let (mut ra, mut rb, mut tmp) = (Runs::default(), Runs::default(), Vec::new());
        for _ in 0..150 {
            let (la, lb) = (1 + rng.below(300) as usize, 1 + rng.below(300) as usize);
            let (a, b) = (sequence(&mut rng, la), sequence(&mut rng, lb));
            ra.cut(&a, false).unwrap();
            rb.cut(&b, false).unwrap();
            // Products truncated anywhere, as the mine total's cap truncates them.
            let cap = 1 + rng.below((la + lb - 1) as u64) as usize;
            let mut want = vec![Wide::ZERO; cap];
            for i in 0..la {
                for j in 0..lb {
                    if i + j < cap {
                        want[i + j] += a[i] * b[j];
                    }
                }
            }
            let mut got = vec![Wide::ZERO; cap];
            accumulate(&ra, &rb, 0, &mut got, &mut tmp).unwrap();
            assert_close(&got, &want, "product");
            // A child's weights: s[j] * x[k + j], for k below any length.
            let len = 1 + rng.below(400) as usize;
            let mut want = vec![Wide::ZERO; len];
            for (k, w) in want.iter_mut().enumerate() {
                for j in 0..la {
                    if k + j < lb {
                        *w += a[j] * b[k + j];
                    }
                }
            }
            let mut got = vec![Wide::ZERO; len];
            ra.cut(&a, true).unwrap();
            accumulate(&ra, &rb, la - 1, &mut got, &mut tmp).unwrap();
            assert_close(&got, &want, "weight");
        }
    }

    #[test]
    fn a_run_never_spans_more_than_its_range() {
        let mut rng = SplitMix64::new(62);
        let v = sequence(&mut rng, 5000);
        let mut r = Runs::default();
        for reversed in [false, true] {
            let mut w = v.clone();
            if reversed {
                w.reverse();
            }
            r.cut(&v, reversed).unwrap();
            assert!(r.runs() > 5000 / RUN);
            for k in 0..r.runs() {
                let (s, m, exp) = r.run(k);
                assert!(m.len() <= RUN);
                let exps: Vec<i64> = w[s..s + m.len()]
                    .iter()
                    .filter(|x| !x.is_zero())
                    .map(|x| x.exponent())
                    .collect();
                if let (Some(lo), Some(hi)) = (exps.iter().min(), exps.iter().max()) {
                    assert!(hi - lo <= RANGE);
                }
                assert!(m
                    .iter()
                    .all(|&x| x == 0.0 || (2f64.powi(-(RANGE as i32) - 1)..2.0).contains(&x)));
                assert!(m.iter().zip(&w[s..]).all(|(&x, y)| x == y.scaled_down(exp)));
            }
        }
    }
}
