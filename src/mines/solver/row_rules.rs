//! The single-number rule on whole rows of bit masks, 64 cells a word: the cheap first pass of
//! the deduction core (`constraints.rs`), and what the certain-move player keeps between moves.

use super::decoded_grid::DecodedGrid;
use crate::error::{try_push, try_refill, Error, ErrorKind, Result};
use crate::mines::board::alphabet::{HIDDEN, KNOWN_MINE};
use crate::mines::board::bit_rows::{BitRows, Count};
use crate::mines::board::block;
use crate::mines::click::flood::Touched;

// The planes of `read_all`'s masks.
/// Hidden cells (not known mines).
const HID: usize = 0;
/// Known or settled mines.
const MINE: usize = 1;
/// Settled safe cells.
const SAFE: usize = 2;
/// Revealed cells.
const REV: usize = 3;
/// Bits 0..3 of a revealed cell's number (four planes).
const DIGIT: usize = 4;
const PLANES: usize = 8;

/// The single-number rule on whole rows of bit masks (`bit_rows.rs`), 64 cells a word: a
/// number whose undetermined neighbours must all be mines (it needs as many as are left) or all
/// safe (it needs none) settles them. Settling a row's cells marks the rows that see them, and
/// sweeps alternate down and up over the marked rows until none is left.
///
/// A build loads every row at once. The certain-move player keeps its `RowRules` between moves
/// and reloads only the words a reveal changed, so a cascade of reveals costs what it changes.
#[derive(Default)]
pub(crate) struct RowRules {
    planes: BitRows,
    rows: usize,
    cols: usize,
    /// Rows with a word to look at again (one bit a row, so a sweep skips 64 clean rows at a
    /// time), those words, and the span `lo..hi` of each row's dirty words (so a visit costs
    /// what changed, not the width).
    dirty: Vec<u64>,
    dirty_words: Vec<bool>,
    dirty_span: Vec<(u32, u32)>,
    pending: usize,
    cursor: usize,
    down: bool,
    row_buf: Vec<u64>,
    /// Rows whose settled cells grew since [`RowRules::take_grown`], and the span `lo..hi` of
    /// the words that grew in each.
    grown: Vec<(u32, u32)>,
    grown_rows: Vec<u32>,
    /// Words read or decided so far: a deterministic measure of the work done.
    work: u64,
}

impl RowRules {
    /// Reads every row of `grid`, checks that no number shows more than its hidden neighbours,
    /// and marks every row; returns the number of hidden cells (known mines aside).
    pub(crate) fn load(&mut self, grid: DecodedGrid) -> Result<usize> {
        let (rows, cols) = (grid.rows, grid.cols);
        self.rows = rows;
        self.cols = cols;
        self.planes.reset(rows, cols, PLANES)?;
        try_refill(&mut self.dirty, rows.div_ceil(64), 0)?;
        for r in 0..rows {
            self.dirty[r / 64] |= 1 << (r % 64);
        }
        try_refill(&mut self.dirty_words, rows * self.planes.words(), true)?;
        try_refill(&mut self.dirty_span, rows, (0, self.planes.words() as u32))?;
        try_refill(&mut self.grown, rows, (0, 0))?;
        self.grown_rows.clear();
        self.pending = rows;
        self.cursor = 0;
        self.down = true;
        try_refill(&mut self.row_buf, 2 * self.planes.words(), 0)?;
        let mut hidden = 0;
        for r in 0..rows {
            hidden += self.read_row(grid, r, 0..self.planes.words(), false);
        }
        self.work += (rows * self.planes.words()) as u64;
        let b = &self.planes;
        for r in 0..rows {
            for w in 0..b.words() {
                let all = b.sum3x3(r, w, |p| p[HID] | p[MINE]);
                let bad = b.get(r, REV, w) & all.lt(digits(b, r, w));
                if bad != 0 {
                    let i = first_bit(r, w, cols, bad) as usize;
                    let d = grid.at(i);
                    let h = (0..4)
                        .map(|k| (all.0[k] >> (i % cols % 64) & 1) << k)
                        .sum::<u64>();
                    let (r, c) = (i / cols, i % cols);
                    return Err(Error::new(
                        ErrorKind::Inconsistent,
                        format_args!(
                            "cell ({r}, {c}) shows {d} but has only {h} hidden neighbours"
                        ),
                    ));
                }
            }
        }
        Ok(hidden)
    }

    /// Makes this a copy of `other`'s masks and pending work, reusing the buffers; the work
    /// count stays this one's.
    pub(crate) fn copy_from(&mut self, other: &RowRules) -> Result<()> {
        use crate::error::try_assign;
        self.planes.copy_from(&other.planes)?;
        (self.rows, self.cols) = (other.rows, other.cols);
        try_assign(&mut self.dirty, &other.dirty)?;
        try_assign(&mut self.dirty_words, &other.dirty_words)?;
        try_assign(&mut self.dirty_span, &other.dirty_span)?;
        (self.pending, self.cursor, self.down) = (other.pending, other.cursor, other.down);
        try_assign(&mut self.row_buf, &other.row_buf)?;
        try_assign(&mut self.grown, &other.grown)?;
        try_assign(&mut self.grown_rows, &other.grown_rows)?;
        self.work += (self.rows * self.planes.words()) as u64;
        Ok(())
    }

    /// Hidden cells (known mines aside), as [`RowRules::load`] counted them, less those
    /// revealed since.
    pub(crate) fn hidden_count(&self) -> usize {
        (0..self.rows)
            .flat_map(|r| (0..self.planes.words()).map(move |w| (r, w)))
            .map(|(r, w)| self.planes.get(r, HID, w).count_ones() as usize)
            .sum()
    }

    /// Reads the rectangle `at` of `grid` again after reveals changed it, keeping what was
    /// settled of the cells still hidden, and marks the words that see it.
    pub(crate) fn reload(&mut self, grid: DecodedGrid, at: Touched) {
        let words = at.cols.0 / 64..at.cols.1 / 64 + 1;
        for r in at.rows.0..=at.rows.1 {
            self.read_row(grid, r, words.clone(), true);
            self.work += words.len() as u64;
            for w in words.clone() {
                self.mark(r, w, !0);
            }
        }
    }

    /// Records that hidden cell `(r, c)` now shows `d` (a reveal that flooded nothing), and marks
    /// the words that see it.
    pub(crate) fn revealed(&mut self, r: usize, c: usize, d: u8) {
        let (w, bit) = (c / 64, 1u64 << (c % 64));
        for p in [HID, MINE, SAFE] {
            *self.planes.get_mut(r, p, w) &= !bit;
        }
        *self.planes.get_mut(r, REV, w) |= bit;
        for k in 0..4 {
            if d >> k & 1 != 0 {
                *self.planes.get_mut(r, DIGIT + k, w) |= bit;
            }
        }
        self.mark(r, w, bit);
    }

    /// Records that hidden cell `(r, c)` is a mine, and marks the words that see it.
    pub(crate) fn mine(&mut self, r: usize, c: usize) {
        let (w, bit) = (c / 64, 1u64 << (c % 64));
        *self.planes.get_mut(r, MINE, w) |= bit;
        self.mark(r, w, bit);
    }

    /// Records that hidden cell `(r, c)` is settled (a mine or safe) by a stronger rule that the
    /// caller ran to its fixpoint together with this one, so nothing is marked: around it this
    /// rule has nothing left to find.
    pub(crate) fn settled_beyond(&mut self, r: usize, c: usize, mine: bool) {
        let (w, bit) = (c / 64, 1u64 << (c % 64));
        *self.planes.get_mut(r, if mine { MINE } else { SAFE }, w) |= bit;
    }

    /// Marks the words whose numbers see the cells `bits` of word `w` of row `r`.
    fn mark(&mut self, r: usize, w: usize, bits: u64) {
        let words = self.planes.words();
        let (lo, hi) = (
            if bits & 1 != 0 {
                w.saturating_sub(1)
            } else {
                w
            },
            if bits >> 63 != 0 {
                (w + 1).min(words - 1)
            } else {
                w
            },
        );
        for rr in block::span(r, self.rows) {
            for ww in lo..=hi {
                self.dirty_words[rr * words + ww] = true;
            }
            let span = &mut self.dirty_span[rr];
            *span = (span.0.min(lo as u32), span.1.max(hi as u32 + 1));
            let (word, bit) = (rr / 64, 1u64 << (rr % 64));
            if self.dirty[word] & bit == 0 {
                self.dirty[word] |= bit;
                self.pending += 1;
            }
        }
    }

    /// Reads words `words` of row `r` into the masks; returns their hidden cells.
    fn read_row(
        &mut self,
        grid: DecodedGrid,
        r: usize,
        words: std::ops::Range<usize>,
        keep: bool,
    ) -> usize {
        let cols = grid.cols;
        let decoded = grid.pre_decoded;
        let mut buf = [0u8; 64];
        let mut hidden = 0;
        let row = &grid.cells[r * cols..(r + 1) * cols];
        for (w, chunk) in row.chunks(64).enumerate().take(words.end).skip(words.start) {
            // Decoded values, padded with a byte that is in no plane.
            let cells: &[u8] = if decoded && chunk.len() == 64 {
                chunk
            } else {
                for (d, &byte) in buf.iter_mut().zip(chunk) {
                    *d = grid.decode[usize::from(byte)];
                }
                buf[chunk.len()..].fill(0xFD);
                &buf
            };
            let mut m = [0u64; 8];
            for (k, eight) in cells.chunks_exact(8).enumerate() {
                let x = u64::from_le_bytes(eight.try_into().expect("8 bytes"));
                for (plane, bits) in m.iter_mut().zip(byte_planes(x)) {
                    *plane |= u64::from(bits) << (8 * k);
                }
            }
            if keep {
                m[MINE] |= self.planes.get(r, MINE, w) & m[HID];
                m[SAFE] = self.planes.get(r, SAFE, w) & m[HID];
            }
            hidden += m[HID].count_ones() as usize;
            for (p, &x) in m.iter().enumerate() {
                *self.planes.get_mut(r, p, w) = x;
            }
        }
        hidden
    }

    /// Runs the rule to a fixpoint over the marked rows.
    ///
    /// Errors: `Inconsistent` when a number needs fewer mines than it sees or more than it can
    /// have.
    pub(crate) fn settle(&mut self) -> Result<()> {
        let (rows, cols, words) = (self.rows, self.cols, self.planes.words());
        while self.pending > 0 {
            let Some(r) = next_dirty(&self.dirty, rows, &mut self.cursor, self.down) else {
                self.down = !self.down;
                continue;
            };
            self.dirty[r / 64] &= !(1 << (r % 64));
            self.pending -= 1;
            let span = std::mem::replace(&mut self.dirty_span[r], (words as u32, 0));
            // The row's dirty words decide; a word's decisions reach its neighbours' edge bits.
            // Words `lo..hi` hold every decision: later steps cost what changed, not the width.
            let (mut lo, mut hi) = (words, 0);
            // The spread below reads two words beyond a decision: clear those too.
            let visit = (span.0 as usize).saturating_sub(2)..(span.1 as usize + 2).min(words);
            for w in visit {
                let (mut to_mine, mut to_safe) = (0, 0);
                if std::mem::take(&mut self.dirty_words[r * words + w]) {
                    self.work += 1;
                    let b = &self.planes;
                    let d = digits(b, r, w);
                    let mines = b.sum3x3(r, w, |p| p[MINE]);
                    let possible = b.sum3x3(r, w, |p| p[MINE] | undetermined(p));
                    let rev = b.get(r, REV, w);
                    let bad = rev & (d.lt(mines) | possible.lt(d));
                    if bad != 0 {
                        return Err(contradiction(first_bit(r, w, cols, bad), cols));
                    }
                    let open = rev & b.any3x3(r, w, undetermined);
                    to_mine = open & d.eq(possible);
                    to_safe = open & d.eq(mines);
                }
                self.row_buf[w] = to_mine;
                self.row_buf[words + w] = to_safe;
                if to_mine | to_safe != 0 {
                    lo = lo.min(w);
                    hi = w + 1;
                }
            }
            if lo >= hi {
                continue;
            }
            // A decision reaches one bit into the words on either side.
            let (lo, hi) = (lo.saturating_sub(1), (hi + 1).min(words));
            for rr in block::span(r, rows) {
                let (mut grew_lo, mut grew_hi) = (words, 0);
                for w in lo..hi {
                    let spread = |v: &[u64]| {
                        let mid = v[w];
                        let before = if w > 0 { v[w - 1] } else { 0 };
                        let after = if w + 1 < words { v[w + 1] } else { 0 };
                        mid | mid << 1 | before >> 63 | mid >> 1 | after << 63
                    };
                    let u = undetermined(self.planes.planes(rr, w));
                    let mines = spread(&self.row_buf[..words]) & u;
                    let safe = spread(&self.row_buf[words..]) & u;
                    if mines | safe != 0 {
                        *self.planes.get_mut(rr, MINE, w) |= mines;
                        *self.planes.get_mut(rr, SAFE, w) |= safe;
                        self.mark(rr, w, mines | safe);
                        grew_lo = grew_lo.min(w);
                        grew_hi = w + 1;
                    }
                }
                if grew_lo < grew_hi {
                    let span = &mut self.grown[rr];
                    if span.0 >= span.1 {
                        try_push(&mut self.grown_rows, rr as u32)?;
                        *span = (grew_lo as u32, grew_hi as u32);
                    } else {
                        *span = (span.0.min(grew_lo as u32), span.1.max(grew_hi as u32));
                    }
                }
            }
        }
        // The next sweeps start as after a load, however this fixpoint was reached: work from
        // it (a hint's budget counts it) must depend on the fixpoint alone.
        (self.cursor, self.down) = (0, true);
        Ok(())
    }

    /// The rows whose settled cells grew since the last call, each with the span `lo..hi` of
    /// the words that grew, in no particular order.
    pub(crate) fn take_grown(&mut self, out: &mut Vec<(u32, u32, u32)>) -> Result<()> {
        out.clear();
        crate::error::try_reserve(out, self.grown_rows.len())?;
        for &r in &self.grown_rows {
            let (lo, hi) = std::mem::take(&mut self.grown[r as usize]);
            crate::error::try_push(out, (r, lo, hi))?;
        }
        self.grown_rows.clear();
        Ok(())
    }

    /// Words read or decided since this `RowRules` was made.
    pub(crate) fn work(&self) -> u64 {
        self.work
    }

    /// Words per row.
    #[inline]
    pub(crate) fn words(&self) -> usize {
        self.planes.words()
    }

    /// Hidden cells (known mines aside), word `w` of row `r`.
    #[inline]
    pub(crate) fn hidden(&self, r: usize, w: usize) -> u64 {
        self.planes.get(r, HID, w)
    }

    /// Known and settled mines.
    #[inline]
    pub(crate) fn mines(&self, r: usize, w: usize) -> u64 {
        self.planes.get(r, MINE, w)
    }

    /// Settled safe cells.
    #[inline]
    pub(crate) fn safe(&self, r: usize, w: usize) -> u64 {
        self.planes.get(r, SAFE, w)
    }

    /// Hidden cells neither settled nor known.
    #[inline]
    pub(crate) fn undetermined(&self, r: usize, w: usize) -> u64 {
        undetermined(self.planes.planes(r, w))
    }

    /// Revealed numbers with an undetermined neighbour.
    #[inline]
    pub(crate) fn open_numbers(&self, r: usize, w: usize) -> u64 {
        self.planes.get(r, REV, w) & self.planes.any3x3(r, w, undetermined)
    }
}

#[inline(always)]
fn undetermined(p: &[u64]) -> u64 {
    p[HID] & !p[MINE] & !p[SAFE]
}

#[inline(always)]
fn digits(b: &BitRows, r: usize, w: usize) -> Count {
    Count([
        b.get(r, DIGIT, w),
        b.get(r, DIGIT + 1, w),
        b.get(r, DIGIT + 2, w),
        b.get(r, DIGIT + 3, w),
    ])
}

/// The board cell of the lowest set bit of `bits`, word `w` of row `r`.
fn first_bit(r: usize, w: usize, cols: usize, bits: u64) -> u32 {
    (r * cols + w * 64 + bits.trailing_zeros() as usize) as u32
}

pub(crate) fn contradiction(cell: u32, cols: usize) -> Error {
    let (r, c) = (cell as usize / cols, cell as usize % cols);
    Error::new(
        ErrorKind::Inconsistent,
        format_args!("the numbers around cell ({r}, {c}) contradict each other"),
    )
}

/// For eight decoded cells packed in `x` (byte `i` = cell `i`): bit `i` of each plane
/// (hidden, known mine, revealed, the four digit bits; the rest zero).
#[inline(always)]
fn byte_planes(x: u64) -> [u8; 8] {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ONES: u64 = 0x0101_0101_0101_0101;
    // High bit of each byte whose value is exactly `v`.
    let equal = |v: u8| {
        let y = x ^ (ONES * u64::from(v));
        !(((y & LOW7) + LOW7) | y) & HIGH
    };
    // High bit of each byte whose value is at most 8.
    let revealed = !(((x & LOW7) + ONES * 0x77) | x) & HIGH;
    // Gathers the high bits of the eight bytes into one byte, byte i to bit i.
    let gather = |m: u64| ((m >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
    let mut out = [0u8; 8];
    out[HID] = gather(equal(HIDDEN));
    out[MINE] = gather(equal(KNOWN_MINE));
    out[REV] = gather(revealed);
    for bit in 0..4 {
        out[DIGIT + bit] = gather((x << (7 - bit)) & revealed);
    }
    out
}

/// The next dirty row of the current sweep (from `cursor`, downwards or upwards), or `None` when
/// the sweep is over (`cursor` then goes back to the start). `dirty` holds a bit a row.
fn next_dirty(dirty: &[u64], rows: usize, cursor: &mut usize, down: bool) -> Option<usize> {
    if *cursor < rows {
        let found = if down {
            let from = *cursor;
            let mut w = from / 64;
            let mut bits = dirty[w] & (!0u64 << (from % 64));
            loop {
                if bits != 0 {
                    break Some(w * 64 + bits.trailing_zeros() as usize);
                }
                w += 1;
                if w == dirty.len() {
                    break None;
                }
                bits = dirty[w];
            }
        } else {
            let from = rows - 1 - *cursor;
            let mut w = from / 64;
            let mut bits = dirty[w] & (!0u64 >> (63 - from % 64));
            loop {
                if bits != 0 {
                    break Some(w * 64 + 63 - bits.leading_zeros() as usize);
                }
                if w == 0 {
                    break None;
                }
                w -= 1;
                bits = dirty[w];
            }
        };
        if let Some(r) = found {
            *cursor = if down { r + 1 } else { rows - r };
            return Some(r);
        }
    }
    *cursor = 0;
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_planes_match_one_cell_at_a_time() {
        let values: Vec<u8> = (0..=8).chain([HIDDEN, KNOWN_MINE]).collect();
        let mut rng = crate::rng::SplitMix64::new(1);
        for _ in 0..2000 {
            let mut bytes = [0u8; 8];
            for b in &mut bytes {
                *b = values[rng.below(values.len() as u64) as usize];
            }
            let got = byte_planes(u64::from_le_bytes(bytes));
            for (i, &d) in bytes.iter().enumerate() {
                let bit = |plane: usize| got[plane] >> i & 1 == 1;
                assert_eq!(bit(HID), d == HIDDEN);
                assert_eq!(bit(MINE), d == KNOWN_MINE);
                assert_eq!(bit(REV), d <= 8);
                for k in 0..4 {
                    assert_eq!(bit(DIGIT + k), d <= 8 && d >> k & 1 == 1, "{bytes:?}");
                }
            }
        }
    }
}
