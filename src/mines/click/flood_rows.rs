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

use crate::error::{try_refill, Result};
use crate::mines::board::alphabet::{MineTable, BLANK, EMPTY};
use crate::mines::board::neighbours::MineBytes;

/// What a sweep needs of the fill it works for (`flood.rs`'s span fill): the grid, a count of
/// what it revealed, and a span fill for the regions that turn back. An interface of its own, so
/// that this file does not import the fill that imports it.
pub(crate) trait SweepTarget {
    /// Rows of the board.
    fn rows(&self) -> usize;
    /// Columns of the board.
    fn cols(&self) -> usize;
    /// The board, row-major.
    fn cells(&self) -> &[u8];
    /// The board, row-major, to reveal cells in.
    fn cells_mut(&mut self) -> &mut [u8];
    /// `n` cells of `row` were revealed.
    fn note_revealed(&mut self, row: usize, n: usize);
    /// Opens the span `lo..=hi` of `row` with the span fill.
    fn open_span(&mut self, row: usize, lo: usize, hi: usize);
}

/// The sweep's buffers may use at most one byte for this many cells of the board.
pub(crate) const SWEEP_BYTES_PER_CELL: usize = 64;

/// Row masks kept: four rows of mine bits and the `M_*` masks.
const MASKS: usize = 14;

/// Mine bits of four consecutive rows, row `q` in slot `q % 4` (so the row above the top,
/// `usize::MAX`, is slot 3, as row -1 would be).
const M_MINES: usize = 0;
/// Hidden-empty cells of the row after the current one.
const M_HIDDEN_NEXT: usize = 4;
/// Hidden-empty cells of the current row, then those its step leaves hidden.
const M_HIDDEN: usize = 5;
/// Zero cells of the current row.
const M_ZERO: usize = 6;
/// Blanks of the current row: first its seeds, then whole runs.
const M_BLANK: usize = 7;
/// The same three masks for the row behind.
const M_PREV_HIDDEN: usize = 8;
const M_PREV_ZERO: usize = 9;
const M_PREV_BLANK: usize = 10;
/// The first row's blanks, where the second sweep starts.
const M_FIRST_BLANK: usize = 11;
/// Cells of the current row, and of the row behind, that show a count.
const M_DIGITS: usize = 12;
const M_PREV_DIGITS: usize = 13;

const ONES: u64 = 0x0101_0101_0101_0101;

/// The bit masks of the rows around the sweep.
///
/// A row is written one step late, once the row after it has shown the counts beside its own
/// blanks: by then most rows have every cell a mine or revealed, and such a row is written
/// whole, 64 blanks a store, with the counts over them.
pub(crate) struct RowSweep {
    words: usize,
    /// The mine bytes (each counting one).
    mines: MineBytes,
    /// `MASKS` masks of `words` words each; see the `M_*` indices.
    masks: Vec<u64>,
    /// Whether every cell of the current row was a mine or hidden-empty when it was read.
    covered: bool,
    /// The same for the row behind.
    prev_covered: bool,
    /// Whether the current row is written already (its blanks and counts so far), so that only
    /// the counts the row after it adds are left to write.
    written: bool,
    /// The same for the row behind.
    prev_written: bool,
}

impl RowSweep {
    /// Buffers for a `rows x cols` board, or `None` when the sweep does not apply: a mine table
    /// with a value other than 0 and 1 or with more than four mine bytes, or a board too small
    /// for the buffers to fit within [`SWEEP_BYTES_PER_CELL`].
    pub(crate) fn new(rows: usize, cols: usize, table: &MineTable) -> Result<Option<Self>> {
        let bytes = MASKS * cols.div_ceil(64) * 8;
        if bytes > rows * cols / SWEEP_BYTES_PER_CELL {
            return Ok(None);
        }
        match Self::simple(table) {
            Some(mines) => Self::with_words(cols, mines).map(Some),
            None => Ok(None),
        }
    }

    /// The table's mine bytes when there are one to four and each counts one.
    fn simple(table: &MineTable) -> Option<MineBytes> {
        let mines = MineBytes::of(table)?;
        table.iter().all(|&v| v <= 1).then_some(mines)
    }

    fn with_words(cols: usize, mines: MineBytes) -> Result<Self> {
        let words = cols.div_ceil(64);
        let mut masks = Vec::new();
        try_refill(&mut masks, MASKS * words, 0)?;
        Ok(RowSweep {
            words,
            mines,
            masks,
            covered: false,
            prev_covered: false,
            written: false,
            prev_written: true,
        })
    }

    /// Buffers whatever the board's size, for tests.
    #[cfg(test)]
    pub(crate) fn forced(cols: usize, table: &MineTable) -> Option<Self> {
        Self::with_words(cols, Self::simple(table)?).ok()
    }

    fn mask(&self, m: usize) -> &[u64] {
        &self.masks[m * self.words..][..self.words]
    }

    fn mask_mut(&mut self, m: usize) -> &mut [u64] {
        &mut self.masks[m * self.words..][..self.words]
    }

    fn copy_mask(&mut self, from: usize, to: usize) {
        let w = self.words;
        self.masks.copy_within(from * w..(from + 1) * w, to * w);
    }

    /// Opens the region of the zero cell `(row, col)`: the two sweeps, with the spans they could
    /// not follow left in `flood`'s queue.
    pub(crate) fn open(&mut self, flood: &mut impl SweepTarget, row: usize, col: usize) {
        let rows = flood.rows();
        self.enter(flood, row, 1);
        // The first row has no row behind: the up sweep takes the row above whole.
        for m in [
            M_PREV_BLANK,
            M_PREV_ZERO,
            M_PREV_HIDDEN,
            M_PREV_DIGITS,
            M_BLANK,
        ] {
            self.mask_mut(m).fill(0);
        }
        // Nor is there anything of it for this sweep to write.
        (self.written, self.prev_written) = (false, true);
        self.masks[M_BLANK * self.words + col / 64] = 1 << (col % 64);
        self.step(flood, row, 1);
        self.copy_mask(M_BLANK, M_FIRST_BLANK);
        let mut r = row;
        while r + 1 < rows && self.mask(M_BLANK).iter().any(|&b| b != 0) {
            self.advance(flood, r, 1);
            r += 1;
            self.step(flood, r, 1);
        }
        self.finish(flood, r);
        if row == 0 || self.mask(M_FIRST_BLANK).iter().all(|&b| b == 0) {
            return;
        }
        // The first row may have changed since (digits and spans from the row below), so its
        // masks are read again: its zero cells are now the ones still hidden. (With no seeds,
        // `step_masks` finds no blanks; the first row's own come back from `M_FIRST_BLANK`.) It
        // is written already: the up sweep only adds the counts beside the blanks above it.
        self.enter(flood, row, -1);
        for m in [M_BLANK, M_PREV_BLANK, M_DIGITS] {
            self.mask_mut(m).fill(0);
        }
        self.step_masks(row);
        self.copy_mask(M_FIRST_BLANK, M_BLANK);
        self.written = true;
        let mut r = row;
        while r > 0 && self.mask(M_BLANK).iter().any(|&b| b != 0) {
            self.advance(flood, r, -1);
            r -= 1;
            self.step(flood, r, -1);
        }
        if r < row {
            self.finish(flood, r);
        }
    }

    /// Loads the mine bits of rows `r - 1 ..= r + 1`, and the hidden cells of row `r` and of the
    /// row after it in direction `d`.
    fn enter(&mut self, flood: &impl SweepTarget, r: usize, d: isize) {
        self.load(flood, r.wrapping_sub(1), (d < 0).then_some(M_HIDDEN_NEXT));
        self.load(flood, r, Some(M_HIDDEN));
        self.load(flood, r + 1, (d > 0).then_some(M_HIDDEN_NEXT));
    }

    /// Reads row `q` (all clear when off the board) into its mine slot and, if asked, its
    /// hidden cells into mask `hidden`.
    fn load(&mut self, flood: &impl SweepTarget, q: usize, hidden: Option<usize>) {
        let w = self.words;
        let cols = flood.cols();
        let mines = self.mines;
        let (head, tail) = self.masks.split_at_mut(M_HIDDEN_NEXT * w);
        let mine_out = &mut head[(q % 4) * w..][..w];
        let mut spare = [0u64; 1];
        let hidden_out = match hidden {
            Some(h) => &mut tail[(h - M_HIDDEN_NEXT) * w..][..w],
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
    fn advance(&mut self, flood: &impl SweepTarget, r: usize, d: isize) {
        for (from, to) in [
            (M_BLANK, M_PREV_BLANK),
            (M_ZERO, M_PREV_ZERO),
            (M_HIDDEN, M_PREV_HIDDEN),
            (M_DIGITS, M_PREV_DIGITS),
            (M_HIDDEN_NEXT, M_HIDDEN),
        ] {
            self.copy_mask(from, to);
        }
        self.prev_covered = self.covered;
        self.prev_written = std::mem::take(&mut self.written);
        self.load(flood, r.wrapping_add_signed(2 * d), Some(M_HIDDEN_NEXT));
    }

    /// The zero cells of row `r` (hidden, no mine bit around) and its seeds: its zero cells
    /// beside the blanks of the row behind, or (`r` is the first row) the click already in the
    /// blank mask. Then the seeds carried up to the ends of their runs.
    fn step_masks(&mut self, r: usize) {
        let w = self.words;
        let [mines, _, hidden, zero, blank, _, _, prev_blank, ..] = self.split();
        let rows = mine_rows(mines, w, r);
        let column = |k: usize| rows[0][k] | rows[1][k] | rows[2][k];
        let (hidden, zero, blank, prev_blank) = (
            &hidden[..w],
            &mut zero[..w],
            &mut blank[..w],
            &prev_blank[..w],
        );
        let (mut before, mut here) = (0, column(0));
        let (mut prev_before, mut prev_here) = (0, prev_blank[0]);
        let mut carry = false;
        for k in 0..w {
            let (after, prev_after) = if k + 1 < w {
                (column(k + 1), prev_blank[k + 1])
            } else {
                (0, 0)
            };
            let z = hidden[k] & !widen(before, here, after);
            zero[k] = z;
            let s = (blank[k] | widen(prev_before, prev_here, prev_after)) & z;
            (before, here) = (here, after);
            (prev_before, prev_here) = (prev_here, prev_after);
            blank[k] = if s == z {
                // Already whole (most words are, in a large region): only the carry matters.
                carry = z >> 63 != 0;
                s
            } else {
                let (t, c1) = z.overflowing_add(s);
                let (t, c2) = t.overflowing_add(u64::from(carry));
                carry = c1 | c2;
                s | (z & !t)
            };
        }
    }

    /// The four mine rows (as one slice) and the other masks, in `M_*` order.
    fn split(&mut self) -> [&mut [u64]; MASKS - 3] {
        split(&mut self.masks, self.words)
    }

    /// Finds row `r`'s blanks and counts, then finishes the row behind (in direction `d`): it
    /// gains the counts beside this row's blanks, is written, and hands the span fill the zero
    /// cells where the region turns back.
    fn step(&mut self, flood: &mut impl SweepTarget, r: usize, d: isize) {
        self.step_masks(r);
        let w = self.words;
        let cols = flood.cols();
        let back = r.checked_add_signed(-d).filter(|&b| b < flood.rows());
        let (prev_covered, prev_written) = (self.prev_covered, self.prev_written);
        let [mines, _, hidden, zero, blank, prev_hidden, prev_zero, prev_blank, _, digits, prev_digits] =
            split(&mut self.masks, w);
        // Seeds carried down to the starts of their runs.
        let mut carry = false;
        for k in (0..w).rev() {
            let (z, s) = (zero[k], blank[k]);
            if s == z {
                carry = z & 1 != 0;
                continue;
            }
            let (zr, sr) = (z.reverse_bits(), s.reverse_bits());
            let (t, c1) = zr.overflowing_add(sr);
            let (t, c2) = t.overflowing_add(u64::from(carry));
            carry = c1 | c2;
            blank[k] = s | (zr & !t).reverse_bits();
        }
        // A hidden cell beside a blank here or behind shows its count. Behind, so does a hidden
        // cell beside this row's blanks, except a zero cell, where the region turns back: it is
        // kept (in the zero mask of the row behind, no longer needed) for the span fill. (With
        // no row behind, its masks are clear.)
        let row_mines = &mines[(r % 4) * w..][..w];
        let (mut open_before, mut open_here) = (0, blank[0] | prev_blank[0]);
        let (mut blank_before, mut blank_here) = (0, blank[0]);
        let (mut uncovered, mut left, mut turns) = (0, 0, false);
        for k in 0..w {
            let (blank_after, open_after) = match blank.get(k + 1) {
                Some(&b) => (b, b | prev_blank[k + 1]),
                None => (0, 0),
            };
            let beside = widen(open_before, open_here, open_after) & hidden[k] & !blank_here;
            digits[k] = beside;
            uncovered |= (hidden[k] | row_mines[k]) ^ row_bits(k, w, cols);
            hidden[k] &= !(blank_here | beside);
            let touched = widen(blank_before, blank_here, blank_after) & prev_hidden[k];
            let turn = touched & prev_zero[k];
            prev_zero[k] = turn;
            turns |= turn != 0;
            prev_digits[k] |= touched & !turn;
            prev_hidden[k] &= !(touched & !turn);
            left |= prev_hidden[k];
            (open_before, open_here) = (open_here, open_after);
            (blank_before, blank_here) = (blank_here, blank_after);
        }
        self.covered = uncovered == 0;
        let Some(back) = back else { return };
        let cells = &mut flood.cells_mut()[back * cols..][..cols];
        let written = if prev_written {
            None
        } else {
            Some((&*prev_blank, prev_covered && left == 0))
        };
        let n = write_row(cells, written, prev_digits, &mine_rows(mines, w, back));
        flood.note_revealed(back, n);
        if turns {
            open_runs(flood, back, prev_zero);
        }
    }

    /// Writes row `r`, the last of a sweep: no row after it adds counts.
    fn finish(&mut self, flood: &mut impl SweepTarget, r: usize) {
        let w = self.words;
        let cols = flood.cols();
        let whole = self.covered && self.mask(M_HIDDEN).iter().all(|&h| h == 0);
        let written = self.written;
        let [mines, _, _, _, blank, _, _, _, _, digits, _] = self.split();
        let cells = &mut flood.cells_mut()[r * cols..][..cols];
        let blanks = (!written).then_some((&*blank, whole));
        let n = write_row(cells, blanks, digits, &mine_rows(mines, w, r));
        flood.note_revealed(r, n);
    }
}

/// `masks` (of `w` words each) as the four mine rows (one slice) and the other masks, in `M_*`
/// order.
fn split(masks: &mut [u64], w: usize) -> [&mut [u64]; MASKS - 3] {
    let mut rest = masks;
    let mut out: [&mut [u64]; MASKS - 3] = Default::default();
    for (i, m) in out.iter_mut().enumerate() {
        let len = if i == M_MINES { 4 * w } else { w };
        let (a, b) = std::mem::take(&mut rest).split_at_mut(len);
        *m = a;
        rest = b;
    }
    out
}

/// The mine bits of rows `q - 1 ..= q + 1`, from the four mine slots of `w` words each.
#[inline(always)]
fn mine_rows(mines: &[u64], w: usize, q: usize) -> [&[u64]; 3] {
    [q.wrapping_sub(1), q, q + 1].map(|x| &mines[(x % 4) * w..][..w])
}

/// The bits of word `k` (of `w`) that are cells of a row of `cols` cells.
#[inline(always)]
fn row_bits(k: usize, w: usize, cols: usize) -> u64 {
    if k + 1 < w {
        !0
    } else {
        !0 >> (64 * w - cols)
    }
}

/// Writes a row's blanks and counts; returns how many cells that reveals. `blanks` is `None` when
/// the blanks are written already (only the counts are new), else the blank bits and whether
/// the row is whole: every cell a mine or revealed now, so that all but the mines are written
/// blank before the counts go over them.
fn write_row(
    cells: &mut [u8],
    blanks: Option<(&[u64], bool)>,
    digits: &[u64],
    mines: &[&[u64]; 3],
) -> usize {
    let mut n = 0;
    match blanks {
        Some((_, true)) => {
            for (chunk, &m) in cells.chunks_mut(64).zip(mines[1]) {
                n += fill_blanks(chunk, !m);
            }
        }
        Some((blank, false)) => {
            for (chunk, &b) in cells.chunks_mut(64).zip(blank) {
                n += fill_blanks(chunk, b);
            }
        }
        None => {}
    }
    let whole = matches!(blanks, Some((_, true)));
    for (k, &d) in digits.iter().enumerate() {
        if d != 0 {
            let shown = write_digits(&mut cells[64 * k..], d, mines, k);
            if !whole {
                n += shown;
            }
        }
    }
    n
}

/// Writes `BLANK` into the cells of `chunk` (at most 64) whose bits are set, a whole word of
/// blanks as one store; returns how many.
#[inline(always)]
fn fill_blanks(chunk: &mut [u8], bits: u64) -> usize {
    if bits == !0 {
        if let Ok(all) = <&mut [u8; 64]>::try_from(&mut *chunk) {
            *all = [BLANK; 64];
            return 64;
        }
    }
    let bits = bits & (!0 >> (64 - chunk.len()));
    if bits == 0 {
        return 0;
    }
    write_blanks(chunk, bits);
    bits.count_ones() as usize
}

/// Hands each run of set bits of `turns` (a mask of row `row`) to the span fill.
fn open_runs(flood: &mut impl SweepTarget, row: usize, turns: &[u64]) {
    let mut run: Option<(usize, usize)> = None;
    for (k, &t) in turns.iter().enumerate() {
        let mut rest = t;
        while rest != 0 {
            let c = 64 * k + rest.trailing_zeros() as usize;
            run = match run {
                Some((lo, hi)) if hi + 1 == c => Some((lo, c)),
                Some((lo, hi)) => {
                    flood.open_span(row, lo, hi);
                    Some((c, c))
                }
                None => Some((c, c)),
            };
            rest &= rest - 1;
        }
    }
    if let Some((lo, hi)) = run {
        flood.open_span(row, lo, hi);
    }
}

/// Writes the counts of the cells whose bits are set in `digits` (cells `64 * k ..` of a row
/// whose mine rows are `rows`); returns how many.
#[inline(always)]
fn write_digits(cells: &mut [u8], digits: u64, rows: &[&[u64]; 3], k: usize) -> usize {
    let mut rest = digits;
    let mut n = 0;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        cells[i] = b'0' + mines_around(rows, 64 * k + i);
        rest &= rest - 1;
        n += 1;
    }
    n
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
fn mines_around(rows: &[&[u64]; 3], c: usize) -> u8 {
    let (k, i) = (c / 64, c % 64);
    let window = |row: &[u64]| {
        if (1..63).contains(&i) {
            return (row[k] >> (i - 1)) as usize & 7;
        }
        let before = if k > 0 { row[k - 1] >> 63 } else { 0 };
        let after = row.get(k + 1).copied().unwrap_or(0);
        let x = u128::from(after) << 65 | u128::from(row[k]) << 1 | u128::from(before);
        (x >> i) as usize & 7
    };
    POP9[window(rows[0]) | window(rows[1]) << 3 | window(rows[2]) << 6]
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

/// Word `here` widened by one cell each way, given the words `before` and `after` it.
#[inline(always)]
fn widen(before: u64, here: u64, after: u64) -> u64 {
    here | here << 1 | here >> 1 | before >> 63 | after << 63
}

/// Writes `BLANK` into the cells whose bits are set, eight at a time (the caller stores whole
/// words itself).
#[inline(always)]
fn write_blanks(cells: &mut [u8], bits: u64) {
    let mut chunks = cells.chunks_exact_mut(8);
    let mut g = bits;
    // Without branches: a partial word's groups are as often full as empty or mixed.
    for chunk in &mut chunks {
        let bytes: &mut [u8; 8] = chunk.try_into().unwrap();
        let mask = byte_mask(g & 0xff);
        g >>= 8;
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
    BYTE_MASKS[byte as usize]
}

const BYTE_MASKS: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if b >> i & 1 != 0 {
                t[b] |= 0xff << (8 * i);
            }
            i += 1;
        }
        b += 1;
    }
    t
};

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
}
