//! The flood fill's fast path for an unplayed board with few mines: the mine list proves that a
//! click on a zero cell opens every zero cell, and the board is then written in one pass from
//! the top, with no search at all. The pass that lists the mines also proves every other cell
//! 'E', so `click_cells` needs no validation pass of its own.
//!
//! The proof. The cells within one step of a mine (the mines and their counts) fall into
//! *clusters*: 8-connected groups, so two clusters never touch. If removing one cluster's cells
//! leaves the rest of the board connected (free cells joined through their 8 neighbours), for every
//! cluster, then removing all of them does too: the clusters are disjoint closed sets, those on
//! the board's edge meeting only in the frame around it, and by Janiszewski's theorem such a
//! union separates no two points that none of its parts separates. A lone mine at least two
//! cells from every edge passes at once; a cluster of fewer than four mines away from the edges
//! passes too (each 3 x 3 block can close at most one of the four straight ways out of a cell).
//! Every other cluster is checked in a window of bit rows around it. One that fails sends the
//! board to the general fill, before anything is written.
//!
//! When the proof holds, every zero cell shows a blank and every count with a zero cell beside
//! it shows its digit. A count without one (two mines side by side, or a mine one cell from the
//! edge) stays hidden; the same windows list those cells.

use crate::mines::board::alphabet::{MineTable, BLANK, EMPTY};
use crate::mines::board::block;

/// Boards smaller than this take the general fill: this path always writes every row, and on a
/// board that fits the caches (10^5 cells) the sweeps were 10% quicker.
pub(crate) const MIN_CELLS: usize = 1 << 18;

/// The path's buffers may use at most one byte for this many cells of the board.
pub(crate) const BYTES_PER_CELL: usize = 20;

/// The tallest and widest cluster window checked; a larger cluster sends the board to the
/// general fill (on a board sparse enough for this path, clusters are a few mines).
const WINDOW: usize = 64;

/// A cell as one sortable key: row in the high half, column in the low half.
#[inline(always)]
fn key(r: usize, c: usize) -> u64 {
    ((r as u64) << 32) | c as u64
}

#[inline(always)]
fn row_of(k: u64) -> usize {
    (k >> 32) as usize
}

#[inline(always)]
fn col_of(k: u64) -> usize {
    (k & 0xffff_ffff) as usize
}

/// Opens the whole board when the proof above covers it: `Some(revealed)`, or `None` with the
/// board untouched. The caller has checked that the click is on a hidden-empty cell with no mine
/// around it; which one does not matter, since all zero cells open together.
#[cfg(test)]
fn open(cells: &mut [u8], rows: usize, cols: usize, table: &MineTable) -> Option<usize> {
    MineList::of(cells, rows, cols, table)?.open(cells, rows, cols)
}

/// The mines of an unplayed board, found by a pass that also proves every other cell `EMPTY`.
pub(crate) struct MineList {
    /// Keys in row-major order.
    keys: Vec<u64>,
    /// The one byte every mine is written with.
    byte: u8,
    budget: Budget,
}

impl MineList {
    /// The board's mines, or `None` when a cell holds anything but `EMPTY` and one byte that
    /// counts one in `table`, or when the mines would pass the budget of [`BYTES_PER_CELL`].
    pub(crate) fn of(cells: &[u8], rows: usize, cols: usize, table: &MineTable) -> Option<Self> {
        Self::within(cells, rows, cols, table, cells.len() / BYTES_PER_CELL)
    }

    /// [`MineList::of`] with `budget` bytes for this path's buffers.
    fn within(
        cells: &[u8],
        rows: usize,
        cols: usize,
        table: &MineTable,
        budget: usize,
    ) -> Option<Self> {
        // Keys keep rows and columns in 32 bits, with room for the +3 of the neighbour search.
        if rows >= u32::MAX as usize - 8 || cols >= u32::MAX as usize - 8 {
            return None;
        }
        let mut budget = Budget(budget);
        // The counts row, then the last mine of each column (`hidden_counts`), come first.
        budget.take(cols.checked_mul(9)?.checked_add(2)?)?;
        let (keys, byte) = mine_list(cells, cols, table, &mut budget)?;
        Some(MineList { keys, byte, budget })
    }

    /// Opens every zero cell of the board it was listed from: `Some(revealed)`, or `None` with
    /// the board untouched when a cluster of mines may cut off part of the board, or the buffers
    /// do not fit the budget or memory.
    pub(crate) fn open(mut self, cells: &mut [u8], rows: usize, cols: usize) -> Option<usize> {
        let hidden = hidden_counts(&self.keys, rows, cols, &mut self.budget)?;
        let mut counts = crate::error::try_filled(cols + 2, 0u8).ok()?;
        write(cells, cols, &self.keys, &hidden, self.byte, &mut counts);
        Some(cells.len() - self.keys.len() - hidden.len())
    }
}

/// [`open`] with `budget` bytes for its buffers.
#[cfg(test)]
fn open_within(
    cells: &mut [u8],
    rows: usize,
    cols: usize,
    table: &MineTable,
    budget: usize,
) -> Option<usize> {
    MineList::within(cells, rows, cols, table, budget)?.open(cells, rows, cols)
}

/// Bytes the path may still allocate.
struct Budget(usize);

impl Budget {
    fn take(&mut self, bytes: usize) -> Option<()> {
        self.0 = self.0.checked_sub(bytes)?;
        Some(())
    }

    /// How many items of `size` bytes fit.
    fn fits(&self, size: usize) -> usize {
        self.0 / size
    }
}

/// The mines' keys in row-major order and the one byte they are written with, or `None` when a
/// cell holds anything but `EMPTY` and that byte (which must count one), or the list would pass
/// half the budget.
fn mine_list(
    cells: &[u8],
    cols: usize,
    table: &MineTable,
    budget: &mut Budget,
) -> Option<(Vec<u64>, u8)> {
    const EMPTY8: u64 = u64::from_ne_bytes([EMPTY; 8]);
    // Keys, then a parent and a flag each in `hidden_counts`: 13 bytes a mine, 16 kept.
    let max = budget.fits(2 * std::mem::size_of::<u64>());
    // Reserved whole: growing by copies costs more than the pages left untouched.
    let mut list: Vec<u64> = Vec::new();
    list.try_reserve_exact(max).ok()?;
    let mut mine = None;
    let (mut row, mut row_start) = (0, 0);
    let mut note = |i: usize, b: u8| -> Option<()> {
        match mine {
            Some(m) if m == b => {}
            None if table[usize::from(b)] == 1 => mine = Some(b),
            _ => return None,
        }
        if list.len() == max {
            return None;
        }
        // Rows advance in order: no division per mine.
        while i >= row_start + cols {
            row_start += cols;
            row += 1;
        }
        crate::error::try_push(&mut list, key(row, i - row_start)).ok()?;
        Some(())
    };
    let blocks = cells.chunks_exact(64);
    let tail = blocks.remainder();
    for (k, block) in blocks.enumerate() {
        let word = |j: usize| {
            u64::from_le_bytes(block[j * 8..j * 8 + 8].try_into().unwrap_or_default()) ^ EMPTY8
        };
        // Most blocks are all `EMPTY`: one pass of comparisons settles them.
        if block.iter().fold(0, |d, &b| d | (b ^ EMPTY)) == 0 {
            continue;
        }
        // One bit per byte that is not `EMPTY`, so the block is walked by its bits, with no
        // branch per word.
        let mut odd = (0..8).fold(0u64, |m, j| m | nonzero_bytes(word(j)) << (8 * j));
        while odd != 0 {
            let i = k * 64 + odd.trailing_zeros() as usize;
            note(i, cells[i])?;
            odd &= odd - 1;
        }
    }
    let start = cells.len() - tail.len();
    for (j, &b) in tail.iter().enumerate() {
        if b != EMPTY {
            note(start + j, b)?;
        }
    }
    budget.take(list.capacity() * std::mem::size_of::<u64>())?;
    Some((list, mine.unwrap_or(EMPTY)))
}

/// Bit `k` set for each nonzero byte `k` of `x`.
#[inline(always)]
fn nonzero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let high = (((x & LOW7) + LOW7) | x) & !LOW7;
    // Gathers the eight high bits into the top byte (no two partial products collide there).
    (high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// Groups the mines into clusters and checks each that needs it; returns the counts that stay
/// hidden, sorted, or `None` when a cluster may cut off part of the board (or the budget runs
/// out).
fn hidden_counts(mines: &[u64], rows: usize, cols: usize, budget: &mut Budget) -> Option<Vec<u64>> {
    let m = mines.len();
    budget.take(m * 5)?;
    let mut parent: Vec<u32> = Vec::new();
    parent.try_reserve_exact(m).ok()?;
    crate::error::try_extend_exact(&mut parent, 0..m as u32).ok()?;
    let mut joined = crate::error::try_filled(m, false).ok()?;
    // Two blocks touch when their mines are at most 3 apart both ways. Each mine looks back at
    // the last mine of the 7 columns around it: an older one in the same column within reach
    // is joined to that last one already.
    let mut last_row: Vec<u32> = Vec::new(); // row + 1; 0 for none yet
    let mut last_mine: Vec<u32> = Vec::new();
    for v in [&mut last_row, &mut last_mine] {
        crate::error::try_refill(v, cols, 0).ok()?;
    }
    for i in 0..m {
        let (r, c) = (row_of(mines[i]), col_of(mines[i]));
        let (a, b) = (c.saturating_sub(3), (c + 3).min(cols - 1));
        let near = |x: usize| last_row[x] != 0 && last_row[x] as usize + 3 > r;
        // Mostly false: one test per mine, with no branch per column.
        if (a..=b).fold(false, |any, x| any | near(x)) {
            for x in (a..=b).filter(|&x| near(x)) {
                let j = last_mine[x] as usize;
                let (p, q) = (find(&mut parent, i as u32), find(&mut parent, j as u32));
                parent[p.max(q) as usize] = p.min(q);
                joined[i] = true;
                joined[j] = true;
            }
        }
        last_row[c] = r as u32 + 1;
        last_mine[c] = i as u32;
    }
    // A lone mine two or more cells from every edge needs no window.
    let mut groups: Vec<u64> = Vec::new();
    for i in 0..m {
        let (r, c) = (row_of(mines[i]), col_of(mines[i]));
        if joined[i] || r < 2 || r + 2 >= rows || c < 2 || c + 2 >= cols {
            if groups.len() == groups.capacity() {
                budget.take(groups.capacity().max(64) * 8)?;
                groups.try_reserve_exact(groups.capacity().max(64)).ok()?;
            }
            crate::error::try_push(
                &mut groups,
                (u64::from(find(&mut parent, i as u32)) << 32) | i as u64,
            )
            .ok()?;
        }
    }
    groups.sort_unstable();
    let mut hidden = Vec::new();
    let mut members = Vec::new();
    for group in groups.chunk_by(|a, b| a >> 32 == b >> 32) {
        members.clear();
        crate::error::try_extend_exact(
            &mut members,
            group.iter().map(|&g| mines[(g & 0xffff_ffff) as usize]),
        )
        .ok()?;
        check_cluster(&members, rows, cols, &mut hidden, budget)?;
    }
    hidden.sort_unstable();
    Some(hidden)
}

fn find(parent: &mut [u32], mut i: u32) -> u32 {
    while parent[i as usize] != i {
        let up = parent[parent[i as usize] as usize];
        parent[i as usize] = up;
        i = up;
    }
    i
}

/// Checks one cluster in a window of bit rows two cells wider than its mines on every side
/// (bit `j` of row `i` is cell `(r0 + i, c0 + j)`), and adds its counts with no free cell around
/// to `hidden`. `None` when the cluster may cut off part of the board or is too large to check.
fn check_cluster(
    members: &[u64],
    rows: usize,
    cols: usize,
    hidden: &mut Vec<u64>,
    budget: &mut Budget,
) -> Option<()> {
    let (mut top, mut bottom) = (usize::MAX, 0);
    let (mut left, mut right) = (usize::MAX, 0);
    for &k in members {
        let (r, c) = (row_of(k), col_of(k));
        (top, bottom) = (top.min(r), bottom.max(r));
        (left, right) = (left.min(c), right.max(c));
    }
    let (r0, r1) = (top.saturating_sub(2), (bottom + 2).min(rows - 1));
    let (c0, c1) = (left.saturating_sub(2), (right + 2).min(cols - 1));
    let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
    if h > WINDOW || w > WINDOW {
        return None;
    }
    let inside = if w == 64 { !0 } else { (1u64 << w) - 1 };
    let spread = |x: u64| (x | x << 1 | x >> 1) & inside;
    // Row i + 1 holds window row i; rows 0 and h + 1 stay clear.
    let mut mine = [0u64; WINDOW + 2];
    for &k in members {
        mine[row_of(k) - r0 + 1] |= 1 << (col_of(k) - c0);
    }
    let mut free = [0u64; WINDOW + 2];
    for i in 1..=h {
        free[i] = inside & !spread(mine[i - 1] | mine[i] | mine[i + 1]);
    }
    let at_edge = top <= 1 || bottom + 2 >= rows || left <= 1 || right + 2 >= cols;
    if members.len() >= 4 || at_edge {
        // The window's sides that face more board are free and joined through it, unless the
        // window spans the board one way (then the rest may be in two pieces).
        let open = [r0 > 0, r1 + 1 < rows, c0 > 0, c1 + 1 < cols];
        if (!open[0] && !open[1]) || (!open[2] && !open[3]) {
            return None;
        }
        let sides = (if open[2] { 1 } else { 0 }) | (if open[3] { 1 << (w - 1) } else { 0 });
        let mut reach = [0u64; WINDOW + 2];
        for i in 1..=h {
            reach[i] = free[i] & sides;
        }
        if open[0] {
            reach[1] = free[1];
        }
        if open[1] {
            reach[h] = free[h];
        }
        let mut changed = true;
        while changed {
            changed = false;
            for i in (1..=h).chain((1..=h).rev()) {
                let grown = spread(reach[i - 1] | reach[i] | reach[i + 1]) & free[i];
                changed |= grown != reach[i];
                reach[i] = grown;
            }
        }
        if reach[1..=h] != free[1..=h] {
            return None;
        }
    }
    for i in 1..=h {
        let counts = spread(mine[i - 1] | mine[i] | mine[i + 1]) & !mine[i];
        let mut shut = counts & !spread(free[i - 1] | free[i] | free[i + 1]);
        while shut != 0 {
            if hidden.len() == hidden.capacity() {
                let more = hidden.capacity().max(16);
                budget.take(more * 8)?;
                hidden.try_reserve_exact(more).ok()?;
            }
            crate::error::try_push(hidden, key(r0 + i - 1, c0 + shut.trailing_zeros() as usize))
                .ok()?;
            shut &= shut - 1;
        }
    }
    Some(())
}

/// Writes every row: blanks, then the counts of the cells next to a mine, the mines as they
/// were, and the counts that stay hidden as `EMPTY`. `counts` is `cols + 2` zeros (column `x` at
/// `x + 1`), left zeroed.
fn write(
    cells: &mut [u8],
    cols: usize,
    mines: &[u64],
    hidden: &[u64],
    mine: u8,
    counts: &mut [u8],
) {
    let (mut first, mut own, mut end, mut shut) = (0, 0, 0, 0);
    for (r, out) in cells.chunks_exact_mut(cols).enumerate() {
        // Mines of rows r - 1 ..= r + 1.
        while first < mines.len() && row_of(mines[first]) + 1 < r {
            first += 1;
        }
        while end < mines.len() && row_of(mines[end]) <= r + 1 {
            end += 1;
        }
        let near = &mines[first..end];
        out.fill(BLANK);
        for &k in near {
            let c = col_of(k);
            for n in &mut counts[c..c + 3] {
                *n += 1;
            }
        }
        for &k in near {
            let c = col_of(k);
            for x in block::span(c, cols) {
                out[x] = b'0' + counts[x + 1];
            }
        }
        for &k in near {
            let c = col_of(k);
            counts[c..c + 3].fill(0);
        }
        while own < mines.len() && row_of(mines[own]) < r {
            own += 1;
        }
        while own < mines.len() && row_of(mines[own]) == r {
            out[col_of(mines[own])] = mine;
            own += 1;
        }
        while shut < hidden.len() && row_of(hidden[shut]) == r {
            out[col_of(hidden[shut])] = EMPTY;
            shut += 1;
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::mines::board::neighbours::Window;
    use crate::mines::{SplitMix64, LEETCODE_MINES, MINE};
    use crate::test_support::linear_reference::reveal_with_table;
    use proptest::prelude::*;

    const PLENTY: usize = 1 << 30;

    /// `cells` cells, each a mine with `per_mille` in a thousand chance, else `EMPTY`.
    pub(crate) fn random_board(rng: &mut SplitMix64, cells: usize, per_mille: u64) -> Vec<u8> {
        (0..cells)
            .map(|_| {
                if rng.next_u64() % 1000 < per_mille {
                    MINE
                } else {
                    EMPTY
                }
            })
            .collect()
    }

    /// Clicks the zero cell `(r, c)` by this path and by the plain reference; returns whether the
    /// path applied (and then matched), after checking that a board it declined is untouched.
    fn agrees(board: &[u8], rows: usize, cols: usize, (r, c): (usize, usize)) -> bool {
        let mut got = board.to_vec();
        let Some(n) = open_within(&mut got, rows, cols, &LEETCODE_MINES, PLENTY) else {
            assert_eq!(got, board, "a declined board was changed");
            return false;
        };
        let mut want = board.to_vec();
        let m = reveal_with_table(&mut want, rows, cols, (r, c), &LEETCODE_MINES);
        assert_eq!(
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(&want),
            "{rows} x {cols}, click ({r}, {c})"
        );
        assert_eq!(n, m);
        true
    }

    fn is_zero(board: &[u8], rows: usize, cols: usize, (r, c): (usize, usize)) -> bool {
        board[r * cols + c] == EMPTY
            && Window::new(board, rows, cols, r, &LEETCODE_MINES, None).count(c) == 0
    }

    /// A board of `EMPTY` with mines at `at`.
    fn with_mines(rows: usize, cols: usize, at: &[(usize, usize)]) -> Vec<u8> {
        let mut b = vec![EMPTY; rows * cols];
        for &(r, c) in at {
            b[r * cols + c] = MINE;
        }
        b
    }

    #[test]
    fn lone_mines_open_everything_but_hidden_edge_counts() {
        // (1, 5) leaves (0, 5) hidden: all its neighbours are next to the mine.
        let b = with_mines(9, 12, &[(1, 5), (4, 4), (7, 10), (0, 0)]);
        assert!(agrees(&b, 9, 12, (5, 8)));
        let mut got = b.clone();
        open_within(&mut got, 9, 12, &LEETCODE_MINES, PLENTY).unwrap();
        assert_eq!(got[5], EMPTY);
    }

    #[test]
    fn side_by_side_mines_hide_the_count_between() {
        let b = with_mines(10, 10, &[(4, 3), (4, 5)]);
        assert!(agrees(&b, 10, 10, (0, 0)));
        let mut got = b.clone();
        open_within(&mut got, 10, 10, &LEETCODE_MINES, PLENTY).unwrap();
        assert_eq!(got[4 * 10 + 4], EMPTY);
        assert_eq!(got[3 * 10 + 4], b'2');
    }

    #[test]
    fn a_ring_of_four_mines_is_declined() {
        // The zero cell (5, 5) is shut in: the board needs the general fill.
        let b = with_mines(11, 11, &[(3, 5), (7, 5), (5, 3), (5, 7)]);
        assert!(is_zero(&b, 11, 11, (5, 5)));
        assert!(!agrees(&b, 11, 11, (0, 0)));
    }

    #[test]
    fn a_corner_cut_off_by_two_mines_is_declined() {
        let b = with_mines(10, 10, &[(0, 2), (2, 0)]);
        assert!(is_zero(&b, 10, 10, (0, 0)));
        assert!(!agrees(&b, 10, 10, (5, 5)));
        // Moved one step out, the same pair leaves the corner open.
        let b = with_mines(10, 10, &[(0, 3), (3, 0)]);
        assert!(agrees(&b, 10, 10, (5, 5)));
    }

    #[test]
    fn a_wall_across_the_board_is_declined() {
        let wall: Vec<_> = (0..20).step_by(2).map(|c| (4, c)).collect();
        let b = with_mines(9, 20, &wall);
        assert!(!agrees(&b, 9, 20, (0, 0)));
    }

    #[test]
    fn other_bytes_and_a_second_mine_byte_are_declined() {
        for extra in [BLANK, b'1', b'X', b'F'] {
            let mut b = with_mines(8, 8, &[(2, 2)]);
            b[60] = extra;
            assert!(!agrees(&b, 8, 8, (7, 0)), "{}", extra as char);
        }
        let b = with_mines(8, 8, &[]);
        assert!(agrees(&b, 8, 8, (3, 3)));
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn the_budget_and_the_window_bound_the_clusters() {
        let b = with_mines(100, 100, &[(50, 50), (20, 70)]);
        let mut got = b.clone();
        assert!(open_within(&mut got, 100, 100, &LEETCODE_MINES, 8).is_none());
        assert_eq!(got, b);
        assert!(agrees(&b, 100, 100, (0, 0)));
        // A diagonal chain of mines three apart is one cluster wider than a window.
        let chain: Vec<_> = (0..30).map(|k| (5 + 3 * k, 5 + 3 * k)).collect();
        let b = with_mines(100, 100, &chain);
        assert!(!agrees(&b, 100, 100, (0, 99)));
        let short: Vec<_> = (0..10).map(|k| (5 + 3 * k, 5 + 3 * k)).collect();
        let b = with_mines(100, 100, &short);
        assert!(agrees(&b, 100, 100, (0, 99)));
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn large_sparse_boards_take_the_path_from_a_click() {
        let (rows, cols) = (1000, 1000);
        let mut b = random_board(&mut SplitMix64::new(7), rows * cols, 2);
        let at = (0..rows * cols).find(|&i| is_zero(&b, rows, cols, (i / cols, i % cols)));
        let (r, c) = at.map(|i| (i / cols, i % cols)).unwrap();
        // Within the real budget, the path applies.
        assert!(open(&mut b.clone(), rows, cols, &LEETCODE_MINES).is_some());
        let mut want = b.clone();
        let n = reveal_with_table(&mut want, rows, cols, (r, c), &LEETCODE_MINES);
        let mut board = crate::mines::Board::new(&mut b, rows, cols).unwrap();
        assert_eq!(
            crate::mines::click(&mut board, r, c).unwrap(),
            crate::mines::Click::Revealed(n)
        );
        assert!(b == want);
        assert!(b.len() >= MIN_CELLS);
    }

    /// Sparse boards, with extra mines in small clumps so that clusters close rings and cut
    /// corners.
    fn sparse_board() -> impl Strategy<Value = (usize, usize, Vec<u8>, (usize, usize))> {
        (1usize..=40, 1usize..=40, 0u32..60, 0usize..12).prop_flat_map(
            |(rows, cols, per_mille, clumps)| {
                let cells = proptest::collection::vec(
                    prop_oneof![per_mille.max(1) => Just(MINE), 1000 - per_mille => Just(EMPTY)],
                    rows * cols,
                );
                let clump = proptest::collection::vec((0..rows, 0..cols, 0u16..512), clumps);
                (Just(rows), Just(cols), cells, clump, 0..rows, 0..cols).prop_map(
                    |(rows, cols, mut cells, clumps, r, c)| {
                        // A clump: mines at some of the 3 x 3 cells two apart around a centre.
                        for (cr, cc, pick) in clumps {
                            for (k, (dr, dc)) in [
                                (-2, -2),
                                (-2, 0),
                                (-2, 2),
                                (0, -2),
                                (0, 2),
                                (2, -2),
                                (2, 0),
                                (2, 2),
                                (0, 0),
                            ]
                            .into_iter()
                            .enumerate()
                            {
                                let (rr, cc) = (cr as isize + dr, cc as isize + dc);
                                if pick >> k & 1 == 1
                                    && (0..rows as isize).contains(&rr)
                                    && (0..cols as isize).contains(&cc)
                                {
                                    cells[rr as usize * cols + cc as usize] = MINE;
                                }
                            }
                        }
                        (rows, cols, cells, (r, c))
                    },
                )
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Wherever the path applies it gives the plain reference's board and count; wherever
        /// it declines it leaves the board as it was.
        #[test]
        #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
        fn matches_the_plain_reveal_or_declines((rows, cols, board, at) in sparse_board()) {
            // The first zero cell from `at` on, if the board has one.
            let n = rows * cols;
            let from = at.0 * cols + at.1;
            if let Some(i) = (0..n).map(|k| (from + k) % n).find(|&i| is_zero(&board, rows, cols, (i / cols, i % cols))) {
                agrees(&board, rows, cols, (i / cols, i % cols));
            }
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn random_boards_both_apply_and_decline() {
        // The property above is only as strong as the share of boards the path takes.
        let mut rng = SplitMix64::new(11);
        let (mut applied, mut declined) = (0, 0);
        for _ in 0..2000 {
            let rows = 1 + (rng.next_u64() % 30) as usize;
            let cols = 1 + (rng.next_u64() % 30) as usize;
            let per_mille = rng.next_u64() % 80;
            let b = random_board(&mut rng, rows * cols, per_mille);
            let Some(i) = (0..rows * cols).find(|&i| is_zero(&b, rows, cols, (i / cols, i % cols)))
            else {
                continue;
            };
            if agrees(&b, rows, cols, (i / cols, i % cols)) {
                applied += 1;
            } else {
                declined += 1;
            }
        }
        assert!(
            applied > 500 && declined > 50,
            "{applied} applied, {declined} declined"
        );
    }
}
