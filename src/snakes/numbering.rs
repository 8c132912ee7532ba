//! Boustrophedon numbering: square 1 sits at the bottom-left cell and each row of squares runs
//! in the opposite direction to the one below it. Row 0 of the flat board is the top row.

/// Maps square numbers (1-based) to cells of a `rows x cols` row-major board.
///
/// ```
/// use gridgames::snakes::Numbering;
/// let n = Numbering::new(6, 6);
/// assert_eq!(n.cell_of(1), (5, 0));
/// assert_eq!(n.cell_of(7), (4, 5)); // the second row runs right to left
/// assert_eq!(n.cell_of(36), (0, 0));
/// assert_eq!(n.square_at(3, 4), 17);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Numbering {
    rows: usize,
    cols: usize,
    /// `ceil(2^64 / cols)`: `k / cols` as one multiplication for `k < 2^32` (the error is below
    /// `2^-32 < 1 / cols`), which keeps a jump's lookup from waiting on a division.
    inverse: u64,
}

impl Numbering {
    /// A numbering for `rows x cols` cells. Both must be at least 1.
    pub fn new(rows: usize, cols: usize) -> Self {
        debug_assert!(rows > 0 && cols > 0);
        let inverse = (1u128 << 64).div_ceil(cols.max(2) as u128) as u64;
        Numbering {
            rows,
            cols,
            inverse,
        }
    }

    /// `(k / cols, k % cols)`.
    #[inline]
    fn row_and_offset(&self, k: usize) -> (usize, usize) {
        let q = if self.cols == 1 {
            k // 2^64 does not fit the inverse
        } else if (k as u64) < 1 << 32 && (self.cols as u64) < 1 << 32 {
            ((k as u128 * self.inverse as u128) >> 64) as usize
        } else {
            k / self.cols
        };
        (q, k - q * self.cols)
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number of squares, `rows * cols` (the caller has checked it does not overflow).
    pub fn squares(&self) -> usize {
        self.rows * self.cols
    }

    /// `(row, col)` of square `s` in `1..=squares()`.
    pub fn cell_of(&self, s: usize) -> (usize, usize) {
        let (q, rem) = self.row_and_offset(s - 1);
        let col = if q % 2 == 0 { rem } else { self.cols - 1 - rem };
        (self.rows - 1 - q, col)
    }

    /// Flat row-major index of square `s`.
    pub fn index_of(&self, s: usize) -> usize {
        let (r, c) = self.cell_of(s);
        r * self.cols + c
    }

    /// The square number written on cell `(row, col)`.
    pub fn square_at(&self, row: usize, col: usize) -> usize {
        let q = self.rows - 1 - row;
        let rem = if q % 2 == 0 { col } else { self.cols - 1 - col };
        q * self.cols + rem + 1
    }

    /// Calls `f(square, value)` for every square in `from..=to`, in increasing square order, where
    /// `value` is `cells[index_of(square)]`.
    ///
    /// Divides once, then walks each row segment as a plain forward or reversed slice, which is what
    /// keeps the search at the speed of a sequential read.
    #[inline]
    pub fn walk<T: Copy>(&self, cells: &[T], from: usize, to: usize, mut f: impl FnMut(usize, T)) {
        if from > to {
            return;
        }
        let cols = self.cols;
        let (mut q, mut rem) = self.row_and_offset(from - 1);
        let mut s = from;
        while s <= to {
            let take = (cols - rem).min(to - s + 1);
            let row = &cells[(self.rows - 1 - q) * cols..][..cols];
            if q % 2 == 0 {
                for &v in &row[rem..rem + take] {
                    f(s, v);
                    s += 1;
                }
            } else {
                let hi = cols - rem;
                for &v in row[hi - take..hi].iter().rev() {
                    f(s, v);
                    s += 1;
                }
            }
            q += 1;
            rem = 0;
        }
    }
}

impl Numbering {
    /// The first square of `from..=to`, in square order, whose value in `cells` satisfies `hit`.
    ///
    /// Walks row segments like [`Numbering::walk`], testing 16 cells at a time so that the common
    /// "no hit" case compiles to vector compares.
    pub fn find<T: Copy>(
        &self,
        cells: &[T],
        from: usize,
        to: usize,
        hit: impl Fn(T) -> bool,
    ) -> Option<usize> {
        if from > to {
            return None;
        }
        let cols = self.cols;
        let (mut q, mut rem) = self.row_and_offset(from - 1);
        let mut s = from;
        while s <= to {
            let take = (cols - rem).min(to - s + 1);
            let row = &cells[(self.rows - 1 - q) * cols..][..cols];
            if q % 2 == 0 {
                if let Some(k) = first_hit(&row[rem..rem + take], &hit) {
                    return Some(s + k);
                }
            } else {
                let hi = cols - rem;
                if let Some(k) = last_hit(&row[hi - take..hi], &hit) {
                    // Squares run right to left here: the last cell is the first square.
                    return Some(s + take - 1 - k);
                }
            }
            s += take;
            q += 1;
            rem = 0;
        }
        None
    }
}

impl Numbering {
    /// Calls `f(square, value)` for every cell of `cells` whose value is not `skip`, in increasing
    /// square order, until `f` returns `false`.
    ///
    /// One pass over memory, 16 cells at a time, so that a board that is mostly `skip` costs about
    /// one sequential read.
    pub fn scan<T: Copy + PartialEq>(
        &self,
        cells: &[T],
        skip: T,
        mut f: impl FnMut(usize, T) -> bool,
    ) {
        let cols = self.cols;
        let hits = |chunk: &[T]| hits(chunk, skip);
        for q in 0..self.rows {
            let row = &cells[(self.rows - 1 - q) * cols..][..cols];
            let base = q * cols + 1;
            if q % 2 == 0 {
                for (k, chunk) in row.chunks(FIND_CHUNK).enumerate() {
                    let mut m = hits(chunk);
                    while m != 0 {
                        let j = m.trailing_zeros() as usize;
                        m &= m - 1;
                        if !f(base + k * FIND_CHUNK + j, chunk[j]) {
                            return;
                        }
                    }
                }
            } else {
                // Squares run right to left: the last cell is the row's first square.
                for (k, chunk) in row.rchunks(FIND_CHUNK).enumerate() {
                    let mut m = hits(chunk);
                    while m != 0 {
                        let j = 31 - m.leading_zeros() as usize;
                        m &= !(1 << j);
                        let rem = k * FIND_CHUNK + (chunk.len() - 1 - j);
                        if !f(base + rem, chunk[j]) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

impl Numbering {
    /// [`Numbering::scan`] in decreasing square order, reading memory forwards: rows from the top,
    /// each left to right. Prefetchers follow a rising address stream best; a board read in
    /// square order, which turns back at every row, takes about twice as long. Cells are tested
    /// once, 32 at a time, into masks of a stretch of a row; the stretch is then visited in square
    /// order from the masks while it is in cache. In a long row whose squares fall with the
    /// column (every other one) the stretches are visited right to left: their masks are made
    /// first, reading forwards, a chunk of 16 stretches (256 KiB of `i32`) at a time.
    pub fn scan_down<T: Copy + PartialEq>(
        &self,
        cells: &[T],
        skip: T,
        mut f: impl FnMut(usize, T) -> bool,
    ) {
        let cols = self.cols;
        let mut hit_at = [0u16; SCAN_STRETCH + 4];
        let mut chunk_masks = [0u64; SCAN_CHUNK / 64];
        let mut found = 0;
        for r in 0..self.rows {
            let q = self.rows - 1 - r;
            let row = &cells[r * cols..][..cols];
            let base = q * cols + 1;
            // In even rows of squares the square number rises with the column, so decreasing
            // square order visits the row's cells right to left.
            let rising = q % 2 == 0;
            let chunks = cols.div_ceil(SCAN_CHUNK);
            for c in 0..chunks {
                let c = if rising { chunks - 1 - c } else { c };
                let chunk = &row[c * SCAN_CHUNK..cols.min((c + 1) * SCAN_CHUNK)];
                // Stretches visited right to left are masked first, reading forwards; others as
                // they are visited, still in the first-level cache (masking every chunk first was
                // 5% slower at n = 10000).
                let ahead = rising && chunk.len() > SCAN_STRETCH;
                if ahead {
                    masks_of(chunk, skip, &mut chunk_masks);
                }
                let count = chunk.len().div_ceil(SCAN_STRETCH);
                for k in 0..count {
                    let g = if rising { count - 1 - k } else { k };
                    let lo = g * SCAN_STRETCH;
                    let part = &chunk[lo..chunk.len().min(lo + SCAN_STRETCH)];
                    let used = part.len().div_ceil(64);
                    let mut masks = [0u64; SCAN_STRETCH / 64];
                    let masks = if ahead {
                        &chunk_masks[lo / 64..][..used]
                    } else {
                        masks_of(part, skip, &mut masks[..used]);
                        &masks[..used]
                    };
                    let lo = c * SCAN_CHUNK + lo;
                    let square = |i: usize| base + if rising { lo + i } else { cols - 1 - lo - i };
                    // Judged by the stretch before: counting this one's bits first costs more.
                    found = flatten(masks, &mut hit_at, 2 * found >= used);
                    let mut visit = |i: u16| f(square(i as usize), part[i as usize]);
                    let all = if rising {
                        hit_at[..found].iter().rev().all(|&i| visit(i))
                    } else {
                        hit_at[..found].iter().all(|&i| visit(i))
                    };
                    if !all {
                        return;
                    }
                }
            }
        }
    }
}

/// The masks of `cells`, bit `j` of word `w` set when cell `64 w + j` is not `skip`. Out of line:
/// inlined into the scan, it slowed rows of one stretch by 0.2 ms at n = 4000.
#[inline(never)]
fn masks_of<T: Copy + PartialEq>(cells: &[T], skip: T, masks: &mut [u64]) {
    for (m, block) in masks.iter_mut().zip(cells.chunks(64)) {
        let mut word = 0;
        for (k, chunk) in block.chunks(MASK_CHUNK).enumerate() {
            word |= u64::from(hits(chunk, skip)) << (k * MASK_CHUNK);
        }
        *m = word;
    }
}

/// Writes the positions of the set bits of `masks`, in increasing order, to the start of `out`,
/// and returns how many. Where `dense`, most words hold some, and whether the next one does is a
/// coin toss: each word is taken in three steps without a branch, each writing its lowest bit's
/// position and counting it if there was one, then a loop for any bits left. Otherwise words
/// without bits are passed over, and four positions are written for every other word, whatever
/// it holds (the count overwrites the extra).
fn flatten(masks: &[u64], out: &mut [u16; SCAN_STRETCH + 4], dense: bool) -> usize {
    let mut n = 0;
    for (w, &word) in masks.iter().enumerate() {
        let base = (w * 64) as u16;
        let mut m = word;
        if dense {
            for _ in 0..3 {
                out[n] = base + m.trailing_zeros() as u16;
                n += usize::from(m != 0);
                m &= m.wrapping_sub(1);
            }
            while m != 0 {
                out[n] = base + m.trailing_zeros() as u16;
                n += 1;
                m &= m - 1;
            }
            continue;
        }
        if word == 0 {
            continue;
        }
        for k in 0..4 {
            out[n + k] = base + m.trailing_zeros() as u16;
            m &= m.wrapping_sub(1);
        }
        let mut k = 4;
        while m != 0 {
            out[n + k] = base + m.trailing_zeros() as u16;
            m &= m - 1;
            k += 1;
        }
        // Without a population-count instruction in the baseline x86-64 this takes about a
        // dozen, but only for words that hold some.
        n += word.count_ones() as usize;
    }
    n
}

/// Bit `j` set when cell `j` of a chunk of at most 32 is not `skip`: compiles to vector compares.
#[inline]
fn hits<T: Copy + PartialEq>(chunk: &[T], skip: T) -> u32 {
    chunk
        .iter()
        .enumerate()
        .fold(0u32, |m, (j, &v)| m | ((v != skip) as u32) << j)
}

const FIND_CHUNK: usize = 16;
/// Cells tested at a time into the masks of [`Numbering::scan_down`]: 32 fold into one `u32`
/// with half the horizontal steps of 16 (2% within 50 about 0.1 ms faster of 11.6).
const MASK_CHUNK: usize = 32;
/// Cells of a row [`Numbering::scan_down`] masks before visiting them: 16 KB of `i32`, which
/// stays in the first-level cache.
const SCAN_STRETCH: usize = 4096;
/// Cells of a long row whose masks [`Numbering::scan_down`] makes before visiting them right to
/// left (the masks take 8 KiB).
const SCAN_CHUNK: usize = 16 * SCAN_STRETCH;

fn first_hit<T: Copy>(cells: &[T], hit: &impl Fn(T) -> bool) -> Option<usize> {
    for (k, chunk) in cells.chunks(FIND_CHUNK).enumerate() {
        if chunk.iter().fold(false, |any, &v| any | hit(v)) {
            return chunk
                .iter()
                .position(|&v| hit(v))
                .map(|j| k * FIND_CHUNK + j);
        }
    }
    None
}

fn last_hit<T: Copy>(cells: &[T], hit: &impl Fn(T) -> bool) -> Option<usize> {
    for (k, chunk) in cells.rchunks(FIND_CHUNK).enumerate() {
        if chunk.iter().fold(false, |any, &v| any | hit(v)) {
            let start = cells.len() - k * FIND_CHUNK - chunk.len();
            return chunk.iter().rposition(|&v| hit(v)).map(|j| start + j);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_division_matches_plain_division() {
        for cols in [
            1usize,
            2,
            3,
            7,
            64,
            1000,
            4000,
            46_341,
            1 << 20,
            i32::MAX as usize,
        ] {
            let n = Numbering::new(1, cols);
            let limit = (1u64 << 33).min(usize::MAX as u64 / 4) as usize;
            let mut k = 0usize;
            while k < limit {
                assert_eq!(n.row_and_offset(k), (k / cols, k % cols), "{k} / {cols}");
                for d in [1, cols - 1, cols, cols + 1] {
                    let j = k + d;
                    assert_eq!(n.row_and_offset(j), (j / cols, j % cols), "{j} / {cols}");
                }
                k = k * 3 + 1;
            }
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn scan_down_is_scan_backwards() {
        for (rows, cols) in [
            (1, 1),
            (3, 5),
            (7, 64),
            (5, 65),
            (4, 200),
            (2, 5000),
            (3, 300_000),
        ] {
            let num = Numbering::new(rows, cols);
            // Rows of sparse cells (fewer than one to two words of the masks), of two or so to a
            // word, and of more than four to a word.
            let cells: Vec<i32> = (0..rows * cols)
                .map(|i| {
                    let hold = [0, 3, 80][(i / cols + rows) % 3];
                    if (i * 7919) % 97 < hold || i % 1000 == 999 {
                        i as i32
                    } else {
                        -1
                    }
                })
                .collect();
            let mut up = Vec::new();
            num.scan(&cells, -1, |s, v| {
                up.push((s, v));
                true
            });
            let mut down = Vec::new();
            num.scan_down(&cells, -1, |s, v| {
                down.push((s, v));
                true
            });
            up.reverse();
            assert_eq!(down, up, "{rows} x {cols}");
            // Stopping early.
            let mut seen = 0;
            num.scan_down(&cells, -1, |_, _| {
                seen += 1;
                seen < 3
            });
            assert_eq!(seen, up.len().min(3));
        }
    }

    #[test]
    fn cell_and_square_are_inverse_on_rectangles() {
        for rows in 1..6 {
            for cols in 1..6 {
                let n = Numbering::new(rows, cols);
                for s in 1..=n.squares() {
                    let (r, c) = n.cell_of(s);
                    assert_eq!(n.square_at(r, c), s, "{rows}x{cols} square {s}");
                }
            }
        }
    }

    #[test]
    fn walk_visits_squares_in_order_with_their_cells() {
        let n = Numbering::new(3, 4);
        let cells: Vec<usize> = (0..12).collect();
        for from in 1..=12 {
            for to in from..=12 {
                let mut seen = Vec::new();
                n.walk(&cells, from, to, |s, v| seen.push((s, v)));
                let want: Vec<_> = (from..=to).map(|s| (s, n.index_of(s))).collect();
                assert_eq!(seen, want);
            }
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn find_agrees_with_walk() {
        for (rows, cols) in [(3, 4), (5, 37), (1, 40), (40, 1), (4, 16)] {
            let n = Numbering::new(rows, cols);
            let squares = n.squares();
            for mark in 1..=squares {
                let mut cells = vec![0u8; squares];
                cells[n.index_of(mark)] = 1;
                if mark > 3 {
                    cells[n.index_of(mark - 3)] = 2;
                }
                for from in [1, mark.saturating_sub(20).max(1), mark, mark + 1] {
                    for to in [mark, squares, from] {
                        if from > squares || to > squares {
                            continue;
                        }
                        let mut want = None;
                        n.walk(&cells, from, to, |s, v| {
                            if want.is_none() && v == 1 {
                                want = Some(s);
                            }
                        });
                        assert_eq!(n.find(&cells, from, to, |v| v == 1), want);
                    }
                }
            }
        }
    }

    #[test]
    fn scan_names_the_square_of_every_other_cell() {
        for (rows, cols) in [(3, 4), (5, 37), (1, 40), (40, 1)] {
            let n = Numbering::new(rows, cols);
            let cells: Vec<usize> = (0..rows * cols)
                .map(|i| if i % 3 == 0 { 0 } else { i })
                .collect();
            let mut seen = Vec::new();
            n.scan(&cells, 0, |s, v| {
                seen.push((s, v));
                true
            });
            let mut want: Vec<_> = (0..rows * cols)
                .filter(|i| i % 3 != 0)
                .map(|i| (n.square_at(i / cols, i % cols), i))
                .collect();
            want.sort_unstable();
            assert_eq!(seen, want);
            // Stops when told to.
            let mut calls = 0;
            n.scan(&cells, 0, |_, _| {
                calls += 1;
                calls < 3
            });
            assert_eq!(calls, 3.min(want.len()));
        }
    }

    #[test]
    fn seed_example_layout() {
        let n = Numbering::new(6, 6);
        assert_eq!(n.cell_of(2), (5, 1));
        // LeetCode 909's ladder 14 -> 35 sits at (3, 1) and its snake 17 -> 13 at (3, 4).
        assert_eq!(n.cell_of(14), (3, 1));
        assert_eq!(n.cell_of(17), (3, 4));
    }
}
