//! A grid as rows of bit masks (64 cells a word), and bit-parallel 3 x 3 sums over them.
//!
//! A sum is *bit-sliced*: four words hold bits 0..3 of the count of 64 cells at once, so
//! counting the mines around every cell of a row, or comparing those counts with the row's
//! digits, takes a few dozen word operations instead of a few hundred byte reads.

use crate::error::{try_refill, Result};

/// Several masks (planes) per row, `words` words each, with an empty row above and below.
#[derive(Default)]
pub(crate) struct BitRows {
    words: usize,
    planes: usize,
    data: Vec<u64>,
}

/// A 4-bit count per cell, bit-sliced: `0[i]` holds bit `i` of every cell's count.
#[derive(Clone, Copy, Default)]
pub(crate) struct Count(pub [u64; 4]);

#[inline(always)]
fn majority(a: u64, b: u64, c: u64) -> u64 {
    (a & b) | (c & (a | b))
}

impl Count {
    /// The cells whose count equals `other`'s.
    #[inline(always)]
    pub(crate) fn eq(self, other: Count) -> u64 {
        !((self.0[0] ^ other.0[0])
            | (self.0[1] ^ other.0[1])
            | (self.0[2] ^ other.0[2])
            | (self.0[3] ^ other.0[3]))
    }

    /// The cells whose count is below `other`'s.
    #[inline(always)]
    pub(crate) fn lt(self, other: Count) -> u64 {
        let (a, b) = (self.0, other.0);
        let mut lt = 0;
        let mut eq = !0;
        for i in (0..4).rev() {
            lt |= eq & !a[i] & b[i];
            eq &= !(a[i] ^ b[i]);
        }
        lt
    }
}

impl BitRows {
    /// `rows` rows of `planes` zeroed masks for a grid `cols` wide.
    pub(crate) fn reset(&mut self, rows: usize, cols: usize, planes: usize) -> Result<()> {
        self.words = cols.div_ceil(64);
        self.planes = planes;
        try_refill(&mut self.data, (rows + 2) * planes * self.words, 0)
    }

    /// Makes this a copy of `other`, reusing the buffer.
    pub(crate) fn copy_from(&mut self, other: &BitRows) -> Result<()> {
        self.words = other.words;
        self.planes = other.planes;
        crate::error::try_assign(&mut self.data, &other.data)
    }

    /// Words per mask.
    #[inline(always)]
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    /// Where the planes of word `w` of row `r` start; `r` may be `usize::MAX` (the row above) or
    /// `rows` (the row below). A word's planes lie side by side.
    #[inline(always)]
    fn at(&self, r: usize, w: usize) -> usize {
        (r.wrapping_add(1) * self.words + w) * self.planes
    }

    /// Word `w` of plane `plane` of row `r`.
    #[inline(always)]
    pub(crate) fn get(&self, r: usize, plane: usize, w: usize) -> u64 {
        self.data[self.at(r, w) + plane]
    }

    /// Mutable word `w` of plane `plane` of row `r`.
    #[inline(always)]
    pub(crate) fn get_mut(&mut self, r: usize, plane: usize, w: usize) -> &mut u64 {
        let at = self.at(r, w) + plane;
        &mut self.data[at]
    }

    /// Every plane of word `w` of row `r`.
    #[inline(always)]
    pub(crate) fn planes(&self, r: usize, w: usize) -> &[u64] {
        let at = self.at(r, w);
        &self.data[at..at + self.planes]
    }

    /// The mask `f` builds from a row's planes, word `w`, as seen from each cell: shifted so
    /// that bit c holds cell c - 1, cell c, cell c + 1.
    #[inline(always)]
    fn around(&self, r: usize, w: usize, f: &impl Fn(&[u64]) -> u64) -> [u64; 3] {
        let mid = f(self.planes(r, w));
        let before = if w > 0 { f(self.planes(r, w - 1)) } else { 0 };
        let after = if w + 1 < self.words {
            f(self.planes(r, w + 1))
        } else {
            0
        };
        [mid << 1 | before >> 63, mid, mid >> 1 | after << 63]
    }

    /// For every cell of word `w` of row `r`: how many of the 3 x 3 cells around it (itself
    /// included) are set in the mask `f` builds from a row's planes.
    #[inline(always)]
    pub(crate) fn sum3x3(&self, r: usize, w: usize, f: impl Fn(&[u64]) -> u64) -> Count {
        let row = |r: usize| {
            let [a, b, c] = self.around(r, w, &f);
            (a ^ b ^ c, majority(a, b, c))
        };
        let (a0, a1) = row(r.wrapping_sub(1));
        let (b0, b1) = row(r);
        let (c0, c1) = row(r + 1);
        let t0 = a0 ^ b0 ^ c0;
        let carry = majority(a0, b0, c0);
        let u = a1 ^ b1 ^ c1;
        let k = majority(a1, b1, c1);
        let t1 = u ^ carry;
        let k2 = u & carry;
        Count([t0, t1, k ^ k2, k & k2])
    }

    /// For every cell of word `w` of row `r`: whether any of the 3 x 3 cells around it is set in
    /// the mask `f` builds.
    #[inline(always)]
    pub(crate) fn any3x3(&self, r: usize, w: usize, f: impl Fn(&[u64]) -> u64) -> u64 {
        let row = |r: usize| {
            let [a, b, c] = self.around(r, w, &f);
            a | b | c
        };
        row(r.wrapping_sub(1)) | row(r) | row(r + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn sums_and_dilations_match_plain_counts() {
        let mut rng = crate::rng::SplitMix64::new(3);
        let mut next = || rng.next_u64() >> 33;
        for (rows, cols) in [(1, 1), (3, 5), (4, 64), (5, 65), (3, 130), (7, 127)] {
            let cells: Vec<bool> = (0..rows * cols).map(|_| next() % 3 == 0).collect();
            let mut b = BitRows::default();
            b.reset(rows, cols, 2).unwrap();
            for (i, &x) in cells.iter().enumerate() {
                *b.get_mut(i / cols, 1, i % cols / 64) |= u64::from(x) << (i % cols % 64);
            }
            for r in 0..rows {
                for w in 0..b.words() {
                    let s = b.sum3x3(r, w, |p| p[1]);
                    let any = b.any3x3(r, w, |p| p[1]);
                    for k in 0..64.min(cols - w * 64) {
                        let c = w * 64 + k;
                        let mut want = 0u64;
                        for rr in r.saturating_sub(1)..(r + 2).min(rows) {
                            for cc in c.saturating_sub(1)..(c + 2).min(cols) {
                                want += u64::from(cells[rr * cols + cc]);
                            }
                        }
                        let got = (0..4).map(|i| (s.0[i] >> k & 1) << i).sum::<u64>();
                        assert_eq!(got, want, "{rows}x{cols} at ({r}, {c})");
                        assert_eq!(any >> k & 1, u64::from(want > 0));
                    }
                }
            }
        }
        // Cells 0..3 hold a = [3, 2, 1, 0] and b = [3, 1, 2, 0].
        let (a, b) = (Count([0b0101, 0b0011, 0, 0]), Count([0b0011, 0b0101, 0, 0]));
        assert_eq!(a.eq(b) & 0b1111, 0b1001);
        assert_eq!(a.lt(b) & 0b1111, 0b0100);
        assert_eq!(b.lt(a) & 0b1111, 0b0010);
    }
}
