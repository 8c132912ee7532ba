//! The 3x3 block around a cell, clipped at the board's edges: the cells a number counts, the
//! first click keeps clear, and a chord opens. Every walk over such a block goes through here,
//! and its clipping is [`span`]'s alone.

use std::ops::Range;

/// The rows (or columns) of the 3x3 block around row (or column) `x` of `len`: `x - 1 ..= x + 1`
/// clipped to `0..len`. Walks that read whole words of a row at a time take the rows from here.
#[inline]
pub(crate) fn span(x: usize, len: usize) -> Range<usize> {
    x.saturating_sub(1)..(x + 2).min(len)
}

/// Calls `f` with every cell of the 3x3 block around `i` (including `i`), clipped at the edges,
/// in row-major order.
#[inline]
pub(crate) fn for_block(i: usize, rows: usize, cols: usize, mut f: impl FnMut(usize)) {
    let r = i / cols;
    let c = i - r * cols;
    let (rs, cs) = (span(r, rows), span(c, cols));
    let mut base = rs.start * cols;
    for _ in rs {
        for cc in cs.clone() {
            f(base + cc);
        }
        base += cols;
    }
}

/// Calls `f` with the row and column of every cell of the 3x3 block around `(row, col)`, clipped
/// at the edges, in row-major order: for walks that look cells up by row and column.
#[inline]
pub(crate) fn for_block_rc(
    row: usize,
    col: usize,
    rows: usize,
    cols: usize,
    mut f: impl FnMut(usize, usize),
) {
    for rr in span(row, rows) {
        for cc in span(col, cols) {
            f(rr, cc);
        }
    }
}

/// Calls `f` with each row of the 3x3 block around `(row, col)`, clipped at the edges, and each
/// word of 64 columns that the block meets in it (one, or two across a word's edge), with the
/// block's bits of that word: in row-major order, for walks over rows of bit masks.
#[inline]
pub(crate) fn for_block_words(
    row: usize,
    col: usize,
    rows: usize,
    cols: usize,
    mut f: impl FnMut(usize, usize, u64),
) {
    let cs = span(col, cols);
    let (first, last) = (cs.start, cs.end - 1);
    for rr in span(row, rows) {
        for w in first / 64..=last / 64 {
            let lo = first.max(w * 64) - w * 64;
            let hi = last.min(w * 64 + 63) - w * 64;
            f(rr, w, (u64::MAX >> (63 - (hi - lo))) << lo);
        }
    }
}

/// The cells of the 3x3 block around `i` (including `i`), clipped at the edges, in row-major
/// order, collected so that the caller may change what it borrows while it walks them.
#[inline]
pub(crate) fn block_cells(i: usize, rows: usize, cols: usize) -> impl Iterator<Item = usize> {
    let mut cells = [0usize; 9];
    let mut n = 0;
    for_block(i, rows, cols, |j| {
        cells[n] = j;
        n += 1;
    });
    cells.into_iter().take(n)
}

/// Calls `f` with every cell of the 3x3 block around `(row, col)`, as [`for_block`] does.
#[inline]
pub(crate) fn for_block_at(row: usize, col: usize, rows: usize, cols: usize, f: impl FnMut(usize)) {
    for_block(row * cols + col, rows, cols, f)
}

/// How many cells the 3x3 block around `(row, col)` has on the board (4, 6 or 9 on boards of at
/// least 3 x 3).
#[inline]
pub(crate) fn block_len(row: usize, col: usize, rows: usize, cols: usize) -> usize {
    span(row, rows).len() * span(col, cols).len()
}

/// Whether cell `j` lies in the 3x3 block around cell `i`.
#[inline]
pub(crate) fn in_block(i: usize, j: usize, cols: usize) -> bool {
    (i / cols).abs_diff(j / cols) <= 1 && (i % cols).abs_diff(j % cols) <= 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_clipped_at_every_edge() {
        for (rows, cols) in [(1usize, 1usize), (1, 5), (4, 1), (2, 2), (5, 7)] {
            for i in 0..rows * cols {
                let (r, c) = (i / cols, i % cols);
                let want: Vec<usize> = (0..rows * cols)
                    .filter(|&j| (j / cols).abs_diff(r) <= 1 && (j % cols).abs_diff(c) <= 1)
                    .collect();
                let mut got = vec![];
                for_block(i, rows, cols, |j| got.push(j));
                assert_eq!(got, want);
                let mut got_rc = vec![];
                for_block_rc(r, c, rows, cols, |rr, cc| got_rc.push(rr * cols + cc));
                assert_eq!(got_rc, want);
                assert_eq!(block_by_words(r, c, rows, cols), want);
                let (rs, cs) = (span(r, rows), span(c, cols));
                assert!(rs.start <= r && r < rs.end && cs.start <= c && c < cs.end);
                assert_eq!(block_cells(i, rows, cols).collect::<Vec<_>>(), want);
                assert_eq!(block_len(r, c, rows, cols), want.len());
                for j in 0..rows * cols {
                    assert_eq!(in_block(i, j, cols), want.contains(&j));
                }
            }
        }
        // Blocks across the edges of 64-column words.
        for (rows, cols) in [(3usize, 64usize), (2, 65), (3, 129)] {
            for c in [0, 1, 62, 63, 64, 65, cols - 1]
                .into_iter()
                .filter(|&c| c < cols)
            {
                for r in 0..rows {
                    let mut want = vec![];
                    for_block_rc(r, c, rows, cols, |rr, cc| want.push(rr * cols + cc));
                    assert_eq!(
                        block_by_words(r, c, rows, cols),
                        want,
                        "{rows}x{cols} ({r}, {c})"
                    );
                }
            }
        }
    }

    /// The cells [`for_block_words`] gives, in its order.
    fn block_by_words(r: usize, c: usize, rows: usize, cols: usize) -> Vec<usize> {
        let mut got = vec![];
        for_block_words(r, c, rows, cols, |rr, w, mut bits| {
            while bits != 0 {
                got.push(rr * cols + w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        });
        got
    }
}
