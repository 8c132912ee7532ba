//! Error-free transformations and the two extended-precision sums built on them: double-double
//! numbers (the certificate of the expected turns) and compensated running sums (windows slid
//! across a whole board: the expected-turns sweep, the turn chain's box filter).

#[inline]
pub(crate) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// Dekker's exact product without FMA (which is a slow library call on baseline x86-64).
#[inline]
pub(crate) fn two_prod(a: f64, b: f64) -> (f64, f64) {
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

/// A double-double number `.0 + .1`, with `|.1| <= ulp(.0) / 2`.
#[derive(Clone, Copy, Default)]
pub(crate) struct Dd(pub(crate) f64, pub(crate) f64);

impl Dd {
    /// The exact sum of two doubles.
    #[inline]
    pub(crate) fn of(a: f64, b: f64) -> Dd {
        let (h, l) = two_sum(a, b);
        Dd(h, l)
    }

    /// The high parts add exactly; only the low parts' sum rounds, so the error is at most
    /// 4.01 u^2 (|self| + |b|), even under cancellation.
    #[inline]
    pub(crate) fn add(self, b: Dd) -> Dd {
        let (s, e) = two_sum(self.0, b.0);
        Dd::of(s, e + self.1 + b.1)
    }

    #[inline]
    pub(crate) fn neg(self) -> Dd {
        Dd(-self.0, -self.1)
    }

    /// `self * k` with an error of at most 2 u^2 |self k|.
    #[inline]
    pub(crate) fn times(self, k: f64) -> Dd {
        let (p, e) = two_prod(self.0, k);
        Dd::of(p, e + self.1 * k)
    }
}

/// A compensated running sum (Neumaier): each addition's rounding error is kept apart, so a
/// window slid across a whole board stays accurate to a few units in the last place of its terms
/// instead of drifting by one rounding per slide.
#[derive(Clone, Copy)]
pub(crate) struct Running {
    sum: f64,
    err: f64,
}

impl Running {
    pub(crate) const ZERO: Running = Running { sum: 0.0, err: 0.0 };

    #[inline]
    pub(crate) fn value(self) -> f64 {
        self.sum + self.err
    }
}

impl std::ops::AddAssign<f64> for Running {
    #[inline]
    fn add_assign(&mut self, x: f64) {
        let (s, e) = two_sum(self.sum, x);
        self.sum = s;
        self.err += e;
    }
}

impl std::ops::SubAssign<f64> for Running {
    #[inline]
    fn sub_assign(&mut self, x: f64) {
        *self += -x;
    }
}
