//! The flood fill's fast path for large regions: the board swept row by row as bit masks, 64
//! cells a word, once down and once up from the clicked row.
//!
//! A row's *zero* cells are its hidden-empty cells with no mine around. Going down, a row's blanks
//! are its runs of zero cells that touch the blanks of the row above (in the first row, the run
//! through the click); the hidden cells beside those blanks show their counts. Going up is the
//! mirror. A region that turns back (a zero cell of the row behind that touches this row's
//! blanks but was not reached from its own side) is handed to the span fill of `flood.rs` as a
//! span, so a sweep never has to turn. Random boards open almost wholly in the two sweeps; a maze
//! leaves most of its work to the span fill, which is right on any board.

use super::bit_rows::BitRows;
use super::board::{MineTable, BLANK, EMPTY};
use super::flood::Flood;
use super::neighbours::MineBytes;
use crate::error::{try_refill, Result};

/// The sweep's buffers may use at most one byte for this many cells of the board.
pub(crate) const SWEEP_BYTES_PER_CELL: usize = 64;

/// Row masks kept besides the three rows of mine bits.
const MASKS: usize = 9;

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The bit masks of the rows around the sweep.
pub(crate) struct RowSweep {
    words: usize,
    /// The mine bytes (each counting one).
    mines: MineBytes,
    /// Mine bits of the row before, at and after the current one (rows -1, 0 and 1).
    around: BitRows,
    /// `MASKS` masks of `words` words each; see the `M_*` indices.
    masks: Vec<u64>,
}

/// Hidden-empty cells of the row after the current one.
const M_HIDDEN_NEXT: usize = 0;
/// Hidden-empty cells of the current row.
const M_HIDDEN: usize = 1;
/// Zero cells of the current row.
const M_ZERO: usize = 2;
/// Blanks of the current row.
const M_BLANK: usize = 3;
/// Blanks, zero cells and still-hidden cells of the row behind.
const M_PREV_BLANK: usize = 4;
const M_PREV_ZERO: usize = 5;
const M_PREV_HIDDEN: usize = 6;
/// The first row's blanks, where the second sweep starts.
const M_FIRST_BLANK: usize = 7;
/// The current row's digits.
const M_DIGITS: usize = 8;

impl RowSweep {
    /// Buffers for a `rows x cols` board, or `None` when the sweep does not apply: a mine table
    /// with a value other than 0 and 1 or with more than four mine bytes, or a board too small
    /// for the buffers to fit within [`SWEEP_BYTES_PER_CELL`].
    pub(crate) fn new(rows: usize, cols: usize, table: &MineTable) -> Result<Option<Self>> {
        let words = cols.div_ceil(64);
        let bytes = (MASKS + 3) * words * 8;
        let Some(mines) = MineBytes::of(table) else {
            return Ok(None);
        };
        if table.iter().any(|&v| v > 1) || bytes > rows * cols / SWEEP_BYTES_PER_CELL {
            return Ok(None);
        }
        Self::with_words(cols, mines).map(Some)
    }

    fn with_words(cols: usize, mines: MineBytes) -> Result<Self> {
        let words = cols.div_ceil(64);
        let mut around = BitRows::default();
        around.reset(1, cols, 1)?;
        let mut masks = Vec::new();
        try_refill(&mut masks, MASKS * words, 0)?;
        Ok(RowSweep {
            words,
            mines,
            around,
            masks,
        })
    }

    /// Buffers whatever the board's size, for tests.
    #[cfg(test)]
    pub(crate) fn forced(cols: usize, table: &MineTable) -> Option<Self> {
        let mines = MineBytes::of(table)?;
        if table.iter().any(|&v| v > 1) {
            return None;
        }
        Self::with_words(cols, mines).ok()
    }

    fn mask(&self, m: usize) -> &[u64] {
        &self.masks[m * self.words..][..self.words]
    }

    fn mask_mut(&mut self, m: usize) -> &mut [u64] {
        &mut self.masks[m * self.words..][..self.words]
    }

    /// Opens the region of the zero cell `(row, col)`: the two sweeps, with the spans they could
    /// not follow left in `flood`'s queue.
    pub(crate) fn open(&mut self, flood: &mut Flood, row: usize, col: usize) {
        let rows = flood.rows();
        self.enter(flood, row, 1);
        let w = self.words;
        self.zero_of_current();
        // The first step has no row behind: the up sweep takes the row above whole.
        for m in [M_PREV_BLANK, M_PREV_ZERO, M_PREV_HIDDEN, M_BLANK] {
            self.mask_mut(m).fill(0);
        }
        self.masks[M_BLANK * w + col / 64] = self.masks[M_ZERO * w + col / 64] & 1 << (col % 64);
        self.step(flood, row, 1);
        self.masks
            .copy_within(M_BLANK * w..(M_BLANK + 1) * w, M_FIRST_BLANK * w);
        let mut r = row;
        while r + 1 < rows && self.mask(M_BLANK).iter().any(|&b| b != 0) {
            self.advance(flood, r, 1);
            r += 1;
            self.seed_from_prev();
            self.step(flood, r, 1);
        }
        if row == 0 || self.mask(M_FIRST_BLANK).iter().all(|&b| b == 0) {
            return;
        }
        // The first row may have changed since (digits and spans from the row below), so its
        // masks are read again.
        self.enter(flood, row, -1);
        self.masks
            .copy_within(M_FIRST_BLANK * w..(M_FIRST_BLANK + 1) * w, M_BLANK * w);
        self.zero_of_current();
        let mut r = row;
        while r > 0 && self.mask(M_BLANK).iter().any(|&b| b != 0) {
            self.advance(flood, r, -1);
            r -= 1;
            self.seed_from_prev();
            self.step(flood, r, -1);
        }
    }

    /// Loads the mine bits of rows `r - 1 ..= r + 1` and the hidden cells of row `r` and of the
    /// row after it in direction `d`.
    fn enter(&mut self, flood: &Flood, r: usize, d: isize) {
        for (slot, q) in [(usize::MAX, r.wrapping_sub(1)), (0, r), (1, r + 1)] {
            let dest = if q == r { M_HIDDEN } else { M_HIDDEN_NEXT };
            let keep = q == r || q == r.wrapping_add_signed(d);
            self.load(flood, q, slot, keep.then_some(dest));
        }
    }

    /// Reads row `q` (all clear when off the board) into mine slot `slot` and, if asked, its
    /// hidden cells into mask `hidden`.
    fn load(&mut self, flood: &Flood, q: usize, slot: usize, hidden: Option<usize>) {
        let w = self.words;
        let cols = flood.cols();
        let mines = self.mines;
        let mine_out = self.around.row_mut(slot);
        let mut spare = [0u64; 1];
        let hidden_out = match hidden {
            Some(h) => &mut self.masks[h * w..][..w],
            None => &mut spare[..],
        };
        if q >= flood.rows() {
            mine_out.fill(0);
            hidden_out.fill(0);
            return;
        }
        let row = &flood.cells()[q * cols..][..cols];
        let mut chunks = row.chunks_exact(64);
        for (k, chunk) in (&mut chunks).enumerate() {
            let chunk: &[u8; 64] = chunk.try_into().unwrap();
            // Untouched stretches of hidden cells are the common case.
            let (e, m) = if chunk.iter().fold(0, |acc, &b| acc | (b ^ EMPTY)) == 0 {
                (!0, 0)
            } else {
                masks_of(chunk, &mines)
            };
            mine_out[k] = m;
            if let Some(h) = hidden_out.get_mut(k) {
                *h = e;
            }
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            // The last, short word: padded with a byte that is neither.
            let mut chunk = [BLANK; 64];
            chunk[..rest.len()].copy_from_slice(rest);
            let (e, m) = masks_of(&chunk, &mines);
            mine_out[w - 1] = m;
            if let Some(h) = hidden_out.get_mut(w - 1) {
                *h = e;
            }
        }
    }

    /// Moves the window one row in direction `d` from row `r`: the current row becomes the row
    /// behind, and the row two ahead is read.
    fn advance(&mut self, flood: &Flood, r: usize, d: isize) {
        let w = self.words;
        for (from, to) in [
            (M_BLANK, M_PREV_BLANK),
            (M_ZERO, M_PREV_ZERO),
            (M_HIDDEN, M_PREV_HIDDEN),
        ] {
            self.masks.copy_within(from * w..(from + 1) * w, to * w);
        }
        self.masks
            .copy_within(M_HIDDEN_NEXT * w..(M_HIDDEN_NEXT + 1) * w, M_HIDDEN * w);
        let far = r.wrapping_add_signed(2 * d);
        let (gone, kept, new) = if d > 0 {
            (usize::MAX, 0, 1)
        } else {
            (1, 0, usize::MAX)
        };
        for k in 0..w {
            *self.around.get_mut(gone, 0, k) = self.around.get(kept, 0, k);
            *self.around.get_mut(kept, 0, k) = self.around.get(new, 0, k);
        }
        self.load(flood, far, new, Some(M_HIDDEN_NEXT));
        self.zero_of_current();
    }

    /// The zero cells of the current row: hidden, with no mine bit around.
    fn zero_of_current(&mut self) {
        let w = self.words;
        let (a, b, c) = (
            self.around.row(usize::MAX),
            self.around.row(0),
            self.around.row(1),
        );
        let (head, tail) = self.masks.split_at_mut(M_ZERO * w);
        let (hidden, zero) = (&head[M_HIDDEN * w..][..w], &mut tail[..w]);
        let column = |k: usize| a[k] | b[k] | c[k];
        let mut before = 0;
        let mut here = column(0);
        for k in 0..w {
            let after = if k + 1 < w { column(k + 1) } else { 0 };
            let near = here | here << 1 | here >> 1 | before >> 63 | after << 63;
            zero[k] = hidden[k] & !near;
            before = here;
            here = after;
        }
    }

    /// Seeds the current row: its zero cells beside the blanks of the row behind.
    fn seed_from_prev(&mut self) {
        let w = self.words;
        for k in 0..w {
            let s = spread(self.mask(M_PREV_BLANK), k) & self.masks[M_ZERO * w + k];
            self.masks[M_BLANK * w + k] = s;
        }
    }

    /// Grows the seeds in the blank mask to whole runs of zero cells, writes row `r`, and hands
    /// the row behind (in direction `d`) what this row's blanks reveal there.
    fn step(&mut self, flood: &mut Flood, r: usize, d: isize) {
        let w = self.words;
        let cols = flood.cols();
        {
            let (head, tail) = self.masks.split_at_mut(M_BLANK * w);
            fill_runs(&head[M_ZERO * w..][..w], &mut tail[..w]);
        }
        let mut revealed = 0;
        let row = &mut flood.cells_mut()[r * cols..][..cols];
        let (head, tail) = self.masks.split_at_mut(M_BLANK * w);
        let hidden = &mut head[M_HIDDEN * w..][..w];
        let (blank, tail) = tail.split_at_mut(w);
        let (prev, tail) = tail.split_at_mut(w);
        let digit = &mut tail[(M_DIGITS - M_PREV_BLANK - 1) * w..][..w];
        let mine_rows = [
            self.around.row(usize::MAX),
            self.around.row(0),
            self.around.row(1),
        ];
        let open = |k: usize| blank.get(k).map_or(0, |b| b | prev[k]);
        let (mut before, mut here) = (0, open(0));
        // First the masks: a hidden cell beside a blank here or behind shows its count.
        for k in 0..w {
            let after = open(k + 1);
            let beside = here | here << 1 | here >> 1 | before >> 63 | after << 63;
            let b = blank[k];
            let digits = beside & hidden[k] & !b;
            hidden[k] &= !(b | digits);
            digit[k] = digits;
            before = here;
            here = after;
        }
        // Then the bytes.
        let (full, tail) = row.split_at_mut(cols / 64 * 64);
        for (cells, &b) in full.chunks_exact_mut(64).zip(blank.iter()) {
            let cells: &mut [u8; 64] = cells.try_into().unwrap();
            if b == !0 {
                *cells = [BLANK; 64];
                revealed += 64;
            } else if b != 0 {
                write_blanks(cells, b);
                revealed += b.count_ones() as usize;
            }
        }
        if !tail.is_empty() {
            let b = blank[w - 1];
            write_blanks(tail, b);
            revealed += b.count_ones() as usize;
        }
        for (k, &digits) in digit.iter().enumerate() {
            let mut rest = digits;
            while rest != 0 {
                let c = 64 * k + rest.trailing_zeros() as usize;
                row[c] = b'0' + mines_around(&mine_rows, c) as u8;
                revealed += 1;
                rest &= rest - 1;
            }
        }
        flood.note_revealed(r, revealed);
        let Some(back) = r.checked_add_signed(-d).filter(|&b| b < flood.rows()) else {
            return;
        };
        // Behind: hidden cells beside this row's blanks that the row behind did not reveal.
        // Digits are written; zero cells, where the region turns back, go to the span fill as
        // runs (possibly across words).
        let mut run: Option<(usize, usize)> = None;
        for k in 0..w {
            let touched = spread(self.mask(M_BLANK), k) & self.masks[M_PREV_HIDDEN * w + k];
            if touched == 0 {
                continue;
            }
            let turn = touched & self.masks[M_PREV_ZERO * w + k];
            let mut rest = touched;
            while rest != 0 {
                let i = rest.trailing_zeros();
                let c = 64 * k + i as usize;
                if turn >> i & 1 == 0 {
                    flood.reveal_digit(back, c);
                } else {
                    run = match run {
                        Some((lo, hi)) if hi + 1 == c => Some((lo, c)),
                        Some((lo, hi)) => {
                            flood.open_span(back, lo, hi);
                            Some((c, c))
                        }
                        None => Some((c, c)),
                    };
                }
                rest &= rest - 1;
            }
        }
        if let Some((lo, hi)) = run {
            flood.open_span(back, lo, hi);
        }
    }
}

/// Bits of 64 bytes: the hidden-empty ones, and the mines. The byte tests are plain comparisons
/// over arrays, which compile to vector compares; each 8 flags are then packed by one multiply.
#[inline(always)]
fn masks_of(chunk: &[u8; 64], mines: &MineBytes) -> (u64, u64) {
    let (bytes, n) = mines.bytes();
    let mut e = [0u8; 64];
    let mut m = [0u8; 64];
    match n {
        1 => flag::<1>(chunk, &bytes, &mut e, &mut m),
        2 => flag::<2>(chunk, &bytes, &mut e, &mut m),
        3 => flag::<3>(chunk, &bytes, &mut e, &mut m),
        _ => flag::<4>(chunk, &bytes, &mut e, &mut m),
    }
    (pack(&e), pack(&m))
}

#[inline(always)]
fn flag<const N: usize>(c: &[u8; 64], mines: &[u8; 4], e: &mut [u8; 64], m: &mut [u8; 64]) {
    for i in 0..64 {
        e[i] = u8::from(c[i] == EMPTY);
        let mut hit = false;
        for &x in &mines[..N] {
            hit |= c[i] == x;
        }
        m[i] = u8::from(hit);
    }
}

/// Bit `i` set for each byte `i` that is 1 (every byte is 0 or 1).
#[inline(always)]
fn pack(flags: &[u8; 64]) -> u64 {
    let mut bits = 0;
    for (j, eight) in flags.chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(eight.try_into().unwrap());
        // Byte i's bit lands at 56 + i; the other products stay below bit 56.
        bits |= (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * j);
    }
    bits
}

/// Mine bits among the three cells `c - 1 ..= c + 1` of each of the three rows. (Baseline x86-64
/// has no population count instruction, hence the table.)
#[inline(always)]
fn mines_around(rows: &[&[u64]; 3], c: usize) -> u32 {
    let (k, i) = (c / 64, c % 64);
    let window = |row: &[u64]| {
        let before = if k > 0 { row[k - 1] >> 63 } else { 0 };
        let after = row.get(k + 1).copied().unwrap_or(0);
        let x = u128::from(after) << 65 | u128::from(row[k]) << 1 | u128::from(before);
        (x >> i) as usize & 7
    };
    u32::from(POP9[window(rows[0]) | window(rows[1]) << 3 | window(rows[2]) << 6])
}

/// Set bits of each 9-bit number.
const POP9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// Word `k` of `x` widened by one cell each way.
#[inline(always)]
fn spread(x: &[u64], k: usize) -> u64 {
    let before = if k > 0 { x[k - 1] >> 63 } else { 0 };
    let after = x.get(k + 1).map_or(0, |&a| a << 63);
    x[k] | x[k] << 1 | x[k] >> 1 | before | after
}

/// Grows `seeds` (a subset of `zero`) to the whole runs of `zero` holding them. An addition
/// carries a seed up to the end of its run; the same on reversed bits carries it down to the
/// start.
fn fill_runs(zero: &[u64], seeds: &mut [u64]) {
    let mut carry = false;
    for (s, &z) in seeds.iter_mut().zip(zero) {
        if *s == z {
            // Already whole (most words are, in a large region): only the carry matters.
            carry = z >> 63 != 0;
            continue;
        }
        let (t, c1) = z.overflowing_add(*s);
        let (t, c2) = t.overflowing_add(u64::from(carry));
        carry = c1 | c2;
        *s |= z & !t;
    }
    carry = false;
    for (s, &z) in seeds.iter_mut().zip(zero).rev() {
        if *s == z {
            carry = z & 1 != 0;
            continue;
        }
        let (zr, sr) = (z.reverse_bits(), s.reverse_bits());
        let (t, c1) = zr.overflowing_add(sr);
        let (t, c2) = t.overflowing_add(u64::from(carry));
        carry = c1 | c2;
        *s |= (zr & !t).reverse_bits();
    }
}

/// Writes `BLANK` into the cells whose bits are set, eight at a time.
#[inline(always)]
fn write_blanks(cells: &mut [u8], bits: u64) {
    if bits == 0 {
        return;
    }
    if bits == !0 {
        if let Ok(all) = <&mut [u8; 64]>::try_from(&mut *cells) {
            *all = [BLANK; 64];
            return;
        }
    }
    let mut chunks = cells.chunks_exact_mut(8);
    let mut g = bits;
    for chunk in &mut chunks {
        let byte = g & 0xff;
        g >>= 8;
        if byte == 0 {
            continue;
        }
        let bytes: &mut [u8; 8] = chunk.try_into().unwrap();
        if byte == 0xff {
            *bytes = [BLANK; 8];
            continue;
        }
        let mask = byte_mask(byte);
        let old = u64::from_le_bytes(*bytes);
        *bytes = ((old & !mask) | ((ONES * u64::from(BLANK)) & mask)).to_le_bytes();
    }
    for (i, b) in chunks.into_remainder().iter_mut().enumerate() {
        if g >> i & 1 != 0 {
            *b = BLANK;
        }
    }
}

/// 0xff in byte `i` for each set bit `i` of `byte` (below 256).
#[inline(always)]
fn byte_mask(byte: u64) -> u64 {
    let sel = (byte * ONES) & 0x8040_2010_0804_0201;
    // A byte's high bit is set exactly when the byte is nonzero.
    let nonzero = (((sel & !HIGHS) + !HIGHS) | sel) & HIGHS;
    (nonzero >> 7) * 0xff
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_masks_spread_bits() {
        for b in 0..256u64 {
            let m = byte_mask(b);
            for i in 0..8 {
                assert_eq!(m >> (8 * i) & 0xff, if b >> i & 1 != 0 { 0xff } else { 0 });
            }
        }
    }

    #[test]
    fn flags_pack_in_order() {
        let mut flags = [0u8; 64];
        for i in [0, 1, 7, 8, 30, 63] {
            flags[i] = 1;
        }
        assert_eq!(pack(&flags), 1 | 2 | 1 << 7 | 1 << 8 | 1 << 30 | 1 << 63);
        assert_eq!(pack(&[1; 64]), !0);
    }

    #[test]
    fn runs_grow_both_ways_across_words() {
        // Zero cells 5..=70 and 100..=130 and 200; seeds at 69, 130 and nowhere else.
        let mut zero = [0u64; 4];
        let set = |m: &mut [u64; 4], c: usize| m[c / 64] |= 1 << (c % 64);
        for c in (5..=70).chain(100..=130).chain([200]) {
            set(&mut zero, c);
        }
        let mut seeds = [0u64; 4];
        set(&mut seeds, 69);
        set(&mut seeds, 130);
        fill_runs(&zero, &mut seeds);
        let mut want = zero;
        want[3] = 0;
        assert_eq!(seeds, want);
    }
}
