//! A non-negative float with a 64-bit exponent, for layout counts that overflow `f64`.
//!
//! Layout counts are sums of products of binomials: always non-negative, so there is no
//! cancellation and a 53-bit mantissa keeps every sum and product accurate to about 1e-15
//! relative. Only the range of `f64` is too small (C(10^6, 10^5) is far beyond 1e308), so the
//! exponent lives in its own `i64`. A value is never rounded to zero: a sum or product of
//! non-zero values stays non-zero, so "probability 0" is exact.

use std::cmp::Ordering;
use std::ops::{Add, AddAssign, Mul};

/// `m * 2^e` with `m` in `[1, 2)`, or zero (`m == 0`, `e == 0`).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Wide {
    m: f64,
    e: i64,
}

const EXP_MASK: u64 = 0x7FF << 52;

/// `2^k` for `k` in `-1022..=1023`.
#[inline]
fn pow2(k: i64) -> f64 {
    debug_assert!((-1022..=1023).contains(&k));
    f64::from_bits(((k + 1023) as u64) << 52)
}

impl Wide {
    /// Zero.
    pub const ZERO: Wide = Wide { m: 0.0, e: 0 };
    /// One.
    pub const ONE: Wide = Wide { m: 1.0, e: 0 };

    /// Normalises `m * 2^e` for a finite, non-negative `m`.
    #[inline]
    fn norm(m: f64, e: i64) -> Wide {
        if m == 0.0 {
            return Wide::ZERO;
        }
        let mut bits = m.to_bits();
        let mut e = e;
        if bits & EXP_MASK == 0 {
            // Subnormal: scale into the normal range first.
            bits = (m * pow2(64)).to_bits();
            e -= 64;
        }
        let exp = ((bits & EXP_MASK) >> 52) as i64 - 1023;
        Wide {
            m: f64::from_bits((bits & !EXP_MASK) | (1023 << 52)),
            e: e + exp,
        }
    }

    /// The value of a finite, non-negative `f64`.
    pub fn from_f64(x: f64) -> Wide {
        debug_assert!(x.is_finite() && x >= 0.0, "{x}");
        Wide::norm(x, 0)
    }

    /// `x * 2^e`.
    pub fn scaled(x: f64, e: i64) -> Wide {
        Wide::norm(x, e)
    }

    /// Whether this is exactly zero.
    #[inline]
    pub fn is_zero(self) -> bool {
        self.m == 0.0
    }

    /// The binary exponent (`floor(log2(self))`); 0 for zero.
    pub fn exponent(self) -> i64 {
        self.e
    }

    /// `self / other` as an `f64`: 0 when `self` is 0, infinity when `other` is 0 and `self` is
    /// not. A non-zero quotient too small for `f64` gives the smallest positive `f64`, so that a
    /// probability of 0 always means "impossible".
    pub fn ratio(self, other: Wide) -> f64 {
        if self.is_zero() {
            return 0.0;
        }
        if other.is_zero() {
            return f64::INFINITY;
        }
        let q = self.m / other.m; // in (0.5, 2)
        let d = self.e - other.e;
        if d > 1023 {
            f64::INFINITY
        } else if d < -1022 {
            let r = q * pow2(-1022) * 2f64.powi((d + 1022).max(-100) as i32);
            if r > 0.0 {
                r
            } else {
                f64::from_bits(1)
            }
        } else {
            q * pow2(d)
        }
    }

    /// The value as an `f64` (infinity when too large, the smallest positive `f64` when too
    /// small but not zero).
    pub fn to_f64(self) -> f64 {
        self.ratio(Wide::ONE)
    }

    /// Natural logarithm (negative infinity for zero).
    pub fn ln(self) -> f64 {
        if self.is_zero() {
            return f64::NEG_INFINITY;
        }
        self.m.ln() + self.e as f64 * std::f64::consts::LN_2
    }

    /// `self / 2^e` as an `f64`, for a value within `2^1000` of `2^e` either way; 0 for zero.
    #[inline]
    pub(crate) fn scaled_down(self, e: i64) -> f64 {
        if self.is_zero() {
            return 0.0;
        }
        self.m * pow2(self.e - e)
    }

    /// Multiplies by a non-negative `f64`.
    #[inline]
    pub fn mul_f64(self, x: f64) -> Wide {
        Wide::norm(self.m * x, self.e)
    }
}

impl Add for Wide {
    type Output = Wide;
    #[inline]
    fn add(self, other: Wide) -> Wide {
        if self.is_zero() {
            return other;
        }
        if other.is_zero() {
            return self;
        }
        let (hi, lo) = if self.e >= other.e {
            (self, other)
        } else {
            (other, self)
        };
        let d = hi.e - lo.e;
        if d > 60 {
            return hi;
        }
        Wide::norm(hi.m + lo.m * pow2(-d), hi.e)
    }
}

impl AddAssign for Wide {
    #[inline]
    fn add_assign(&mut self, other: Wide) {
        *self = *self + other;
    }
}

impl Mul for Wide {
    type Output = Wide;
    #[inline]
    fn mul(self, other: Wide) -> Wide {
        if self.is_zero() || other.is_zero() {
            return Wide::ZERO;
        }
        Wide::norm(self.m * other.m, self.e + other.e)
    }
}

impl PartialOrd for Wide {
    fn partial_cmp(&self, other: &Wide) -> Option<Ordering> {
        Some(match (self.is_zero(), other.is_zero()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => self.e.cmp(&other.e).then(self.m.total_cmp(&other.m)),
        })
    }
}

/// `C(n, k)` as a [`Wide`], by `min(k, n - k)` exact-ratio steps; zero when `k > n`.
pub fn binomial(n: u64, k: u64) -> Wide {
    if k > n {
        return Wide::ZERO;
    }
    let k = k.min(n - k);
    let mut acc = Wide::ONE;
    // Multiply several ratios in f64 before renormalising: each stays below 2^64 / 2^53.
    let mut chunk = 1.0f64;
    for i in 1..=k {
        chunk *= (n - k + i) as f64 / i as f64;
        if chunk > 1e250 || i == k {
            acc = acc.mul_f64(chunk);
            chunk = 1.0;
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_matches_f64_in_range() {
        let xs = [0.0, 1.0, 0.5, 3.0, 1e-300, 1e300, 7.25, 5e-324];
        for &a in &xs {
            for &b in &xs {
                let (wa, wb) = (Wide::from_f64(a), Wide::from_f64(b));
                let s = (wa + wb).to_f64();
                assert!((s - (a + b)).abs() <= 1e-15 * (a + b), "{a} + {b} = {s}");
                let p = a * b;
                if p.is_normal() {
                    assert!(((wa * wb).to_f64() - p).abs() <= 1e-15 * p);
                }
            }
        }
    }

    #[test]
    fn range_beyond_f64_and_sticky_non_zero() {
        let big = Wide::scaled(1.0, 5000);
        let small = Wide::scaled(1.0, -5000);
        assert!(!(small * small).is_zero());
        assert_eq!((big * small).to_f64(), 1.0);
        assert_eq!(small.to_f64(), f64::from_bits(1));
        assert_eq!(big.to_f64(), f64::INFINITY);
        assert!(small < big && Wide::ZERO < small);
        assert!((big.ratio(big + big) - 0.5).abs() < 1e-16);
        assert_eq!((big + small), big);
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn binomials() {
        assert_eq!(binomial(5, 2).to_f64(), 10.0);
        assert_eq!(binomial(5, 6), Wide::ZERO);
        assert_eq!(binomial(0, 0).to_f64(), 1.0);
        let c = binomial(1000, 500);
        // ln C(1000, 500) = 689.467261567851...
        assert!((c.ln() - 689.467_261_567_851).abs() < 1e-9, "{}", c.ln());
        // C(n, k) = C(n-1, k-1) + C(n-1, k) far beyond f64.
        let (n, k) = (100_000, 30_000);
        let lhs = binomial(n, k);
        let rhs = binomial(n - 1, k - 1) + binomial(n - 1, k);
        assert!((lhs.ratio(rhs) - 1.0).abs() < 1e-11);
    }
}
