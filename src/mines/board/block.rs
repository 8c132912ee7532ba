//! The 3x3 block around a cell, clipped at the board's edges: the cells a number counts, the
//! first click keeps clear, and a chord opens. Every walk over such a block goes through here.

/// Calls `f` with every cell of the 3x3 block around `i` (including `i`), clipped at the edges,
/// in row-major order.
#[inline]
pub(crate) fn for_block(i: usize, rows: usize, cols: usize, mut f: impl FnMut(usize)) {
    let r = i / cols;
    let c = i - r * cols;
    let (r0, r1) = (r.saturating_sub(1), (r + 2).min(rows));
    let (c0, c1) = (c.saturating_sub(1), (c + 2).min(cols));
    let mut base = r0 * cols;
    for _ in r0..r1 {
        for cc in c0..c1 {
            f(base + cc);
        }
        base += cols;
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
    let span = |x: usize, len: usize| (x + 2).min(len) - x.saturating_sub(1);
    span(row, rows) * span(col, cols)
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
                assert_eq!(block_cells(i, rows, cols).collect::<Vec<_>>(), want);
                assert_eq!(block_len(r, c, rows, cols), want.len());
                for j in 0..rows * cols {
                    assert_eq!(in_block(i, j, cols), want.contains(&j));
                }
            }
        }
    }
}
