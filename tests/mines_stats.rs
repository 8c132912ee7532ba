//! Property tests for Minesweeper statistics through the C API: 3BV, openings, islands and the
//! count of each number against plain references written from the definitions; greedy ZiNi
//! against a naive replay of the strategy (every premium recomputed at every step); and play
//! statistics over random sessions against counts kept by the test.

mod support;

use support::miri;

use gridgames::ffi::*;
use proptest::prelude::*;

/// The 3x3 block around `i`, `i` included.
fn block(i: usize, rows: usize, cols: usize) -> Vec<usize> {
    let (r, c) = (i / cols, i % cols);
    let mut v = Vec::new();
    for rr in r.saturating_sub(1)..=(r + 1).min(rows - 1) {
        for cc in c.saturating_sub(1)..=(c + 1).min(cols - 1) {
            v.push(rr * cols + cc);
        }
    }
    v
}

/// Labels each cell satisfying `member` with the smallest index of its 8-connected group, by
/// repeated relaxation.
fn groups(
    n: usize,
    rows: usize,
    cols: usize,
    member: impl Fn(usize) -> bool,
) -> Vec<Option<usize>> {
    let mut label: Vec<Option<usize>> = (0..n).map(|i| member(i).then_some(i)).collect();
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..n {
            if let Some(o) = label[i] {
                let m = block(i, rows, cols)
                    .into_iter()
                    .filter_map(|j| label[j])
                    .min()
                    .unwrap_or(o);
                if m < o {
                    label[i] = Some(m);
                    changed = true;
                }
            }
        }
    }
    label
}

/// A layout read from the definitions: counts, zero regions found by repeated relaxation.
struct Plain {
    rows: usize,
    cols: usize,
    mine: Vec<bool>,
    count: Vec<usize>,
    /// The opening of each zero cell (the smallest index in it), or None.
    opening: Vec<Option<usize>>,
}

impl Plain {
    fn new(mine: Vec<bool>, rows: usize, cols: usize) -> Plain {
        let n = rows * cols;
        let count: Vec<usize> = (0..n)
            .map(|i| block(i, rows, cols).iter().filter(|&&j| mine[j]).count())
            .collect();
        let opening = groups(n, rows, cols, |i| !mine[i] && count[i] == 0);
        Plain {
            rows,
            cols,
            mine,
            count,
            opening,
        }
    }

    fn isolated(&self, i: usize) -> bool {
        !self.mine[i]
            && self.count[i] > 0
            && block(i, self.rows, self.cols)
                .iter()
                .all(|&j| self.opening[j].is_none())
    }

    fn openings(&self) -> usize {
        let mut roots: Vec<usize> = self.opening.iter().flatten().copied().collect();
        roots.sort_unstable();
        roots.dedup();
        roots.len()
    }

    fn bbbv(&self) -> usize {
        self.openings() + (0..self.mine.len()).filter(|&i| self.isolated(i)).count()
    }

    fn islands(&self) -> usize {
        let label = groups(self.mine.len(), self.rows, self.cols, |i| self.isolated(i));
        let mut roots: Vec<usize> = label.into_iter().flatten().collect();
        roots.sort_unstable();
        roots.dedup();
        roots.len()
    }

    fn counts(&self) -> [usize; 9] {
        let mut h = [0; 9];
        for i in 0..self.mine.len() {
            if !self.mine[i] {
                h[self.count[i]] += 1;
            }
        }
        h
    }

    /// 3BV solved when `revealed` cells are open.
    fn solved(&self, revealed: &[bool]) -> usize {
        let mut open: Vec<usize> = (0..revealed.len())
            .filter(|&i| revealed[i])
            .filter_map(|i| self.opening[i])
            .collect();
        open.sort_unstable();
        open.dedup();
        open.len()
            + (0..revealed.len())
                .filter(|&i| revealed[i] && self.isolated(i))
                .count()
    }

    /// Greedy ZiNi, replayed naively: every premium recomputed before every move.
    fn zini(&self) -> usize {
        let n = self.mine.len();
        let mut open = vec![false; n];
        let mut flag = vec![false; n];
        let mut clicks = 0;
        let reveal = |i: usize, open: &mut Vec<bool>| {
            if let Some(o) = self.opening[i] {
                for z in (0..n).filter(|&z| self.opening[z] == Some(o)) {
                    for j in block(z, self.rows, self.cols) {
                        open[j] = true;
                    }
                }
            }
            open[i] = true;
        };
        while self.solved(&open) < self.bbbv() {
            let mut best: Option<(i64, usize)> = None;
            for i in 0..n {
                if self.mine[i] || self.count[i] == 0 {
                    continue;
                }
                let b = block(i, self.rows, self.cols);
                let mut units: Vec<usize> = Vec::new();
                let mut lone = 0;
                for &j in &b {
                    if !self.mine[j] && !open[j] {
                        if let Some(o) = self.opening[j] {
                            units.push(o);
                        } else if self.isolated(j) {
                            lone += 1;
                        }
                    }
                }
                units.sort_unstable();
                units.dedup();
                let mines = b.iter().filter(|&&j| self.mine[j] && !flag[j]).count();
                let p = (units.len() + lone) as i64 - mines as i64 - i64::from(!open[i]) - 1;
                if best.is_none_or(|(q, _)| p > q) {
                    best = Some((p, i));
                }
            }
            match best {
                Some((p, i)) if p >= 0 => {
                    if !open[i] {
                        clicks += 1;
                        reveal(i, &mut open);
                    }
                    for j in block(i, self.rows, self.cols) {
                        if self.mine[j] {
                            if !flag[j] {
                                flag[j] = true;
                                clicks += 1;
                            }
                        } else {
                            reveal(j, &mut open);
                        }
                    }
                    clicks += 1;
                }
                _ => {
                    let i = (0..n)
                        .find(|&i| {
                            !open[i]
                                && !self.mine[i]
                                && (self.opening[i].is_some() || self.isolated(i))
                        })
                        .unwrap();
                    clicks += 1;
                    reveal(i, &mut open);
                }
            }
        }
        clicks
    }
}

fn measure(board: &[u8], rows: usize, cols: usize) -> Result<gg_mines_board_stats, i32> {
    let mut out = gg_mines_board_stats::default();
    // SAFETY: `board` holds rows * cols bytes; `out` is a live local.
    match unsafe { gg_mines_measure(board.as_ptr().cast(), rows, cols, &mut out) } {
        GG_OK => Ok(out),
        e => Err(e),
    }
}

/// A layout of any size and density, including none and all mines.
fn layout(max: usize) -> impl Strategy<Value = (usize, usize, Vec<bool>)> {
    (
        1..=max,
        1..=max,
        prop_oneof![Just(0u32), Just(100), 0u32..=100],
    )
        .prop_flat_map(|(rows, cols, pct)| {
            proptest::collection::vec(0u32..100, rows * cols).prop_map(move |rolls| {
                (
                    rows,
                    cols,
                    rolls.iter().map(|&x| x < pct).collect::<Vec<bool>>(),
                )
            })
        })
}

/// The board in the LeetCode alphabet, with a few cells revealed (their true counts) and 'X's.
fn leetcode(p: &Plain, reveal_every: usize) -> Vec<u8> {
    (0..p.mine.len())
        .map(|i| match (p.mine[i], i % reveal_every == 1) {
            (true, true) => b'X',
            (true, false) => b'M',
            (false, true) if p.count[i] == 0 => b'B',
            (false, true) => b'0' + p.count[i] as u8,
            (false, false) => b'E',
        })
        .collect()
}

proptest! {
    #![proptest_config(miri::config(3000))]

    /// 3BV, openings, islands and the counts match the definitions; ZiNi never exceeds 3BV.
    #[test]
    fn board_stats_match_the_definitions(
        (rows, cols, mine) in layout(miri::size(14, 4)),
        reveal_every in 2usize..9,
    ) {
        let p = Plain::new(mine, rows, cols);
        let got = measure(&leetcode(&p, reveal_every), rows, cols).unwrap();
        prop_assert_eq!(got.bbbv, p.bbbv());
        prop_assert_eq!(got.openings, p.openings());
        prop_assert_eq!(got.islands, p.islands());
        prop_assert_eq!(got.counts, p.counts());
        prop_assert!(got.zini <= got.bbbv);
        prop_assert_eq!(got.zini == 0, got.bbbv == 0);
    }
}

proptest! {
    #![proptest_config(miri::config(600))]

    /// The heap-driven ZiNi plays exactly the naive replay of the greedy strategy.
    #[test]
    fn zini_matches_the_naive_replay((rows, cols, mine) in layout(miri::size(10, 3))) {
        let p = Plain::new(mine, rows, cols);
        let got = measure(&leetcode(&p, usize::MAX), rows, cols).unwrap();
        prop_assert_eq!(got.zini, p.zini());
    }
}

#[derive(Debug, Clone, Copy)]
enum Kind {
    Reveal,
    Flag,
    Chord,
}

fn session_moves(rows: usize, cols: usize) -> impl Strategy<Value = Vec<(Kind, usize, usize)>> {
    let kind = prop_oneof![4 => Just(Kind::Reveal), 3 => Just(Kind::Flag), 3 => Just(Kind::Chord)];
    proptest::collection::vec((kind, 0..rows + 1, 0..cols + 1), 1..3 * rows * cols + 4)
}

fn stats(game: *const gg_mines) -> gg_mines_play_stats {
    let mut s = gg_mines_play_stats::default();
    // SAFETY: a live handle and a local.
    assert_eq!(unsafe { gg_mines_stats(game, &mut s) }, GG_OK);
    s
}

fn read(game: *const gg_mines, cells: usize, board: bool) -> Vec<u8> {
    let mut v = vec![0u8; cells];
    // SAFETY: a live handle; `v` holds `cells` bytes.
    let status = unsafe {
        if board {
            gg_mines_board(game, v.as_mut_ptr().cast(), cells)
        } else {
            gg_mines_view(game, v.as_mut_ptr().cast(), cells)
        }
    };
    assert_eq!(status, GG_OK);
    v
}

proptest! {
    #![proptest_config(miri::config(800))]

    /// Clicks, effective clicks, flags, revealed cells, 3BV and 3BV solved against the test's own
    /// counts after every move; a won game has solved all its 3BV.
    #[test]
    fn play_stats_match_counts_kept_by_the_test(
        (rows, cols, moves) in (1usize..=miri::size(9, 3), 1usize..=miri::size(9, 3))
            .prop_flat_map(|(r, c)| (Just(r), Just(c), session_moves(r, c))),
        rule in 0u32..3,
        density in 0usize..40,
        seed in any::<u64>(),
    ) {
        let cells = rows * cols;
        let cfg = gg_mines_config {
            rows,
            cols,
            mines: (cells * density / 100).min(cells.saturating_sub(9)),
            seed,
            first_click: rule,
            no_guess: 0,
        };
        let mut game = std::ptr::null_mut();
        // SAFETY: live locals.
        prop_assert_eq!(unsafe { gg_mines_new(&cfg, &mut game) }, GG_OK);
        let (mut left, mut right, mut chords, mut effective) = (0, 0, 0, 0);
        for (kind, r, c) in moves {
            let before = read(game, cells, false);
            // SAFETY: a live handle used by this thread only.
            let status = unsafe {
                match kind {
                    Kind::Reveal => gg_mines_reveal(game, r, c),
                    Kind::Flag => gg_mines_toggle_flag(game, r, c),
                    Kind::Chord => gg_mines_chord(game, r, c),
                }
            };
            let after = read(game, cells, false);
            if status == GG_OK {
                match kind {
                    Kind::Reveal => left += 1,
                    Kind::Flag => right += 1,
                    Kind::Chord => chords += 1,
                }
                effective += usize::from(before != after);
            }
            let s = stats(game);
            let board = read(game, cells, true);
            let placed = rule == GG_FIRST_CLICK_ANY || board.iter().any(|&b| b != b'E');
            let mine: Vec<bool> = board.iter().map(|&b| b == b'M' || b == b'X').collect();
            let revealed: Vec<bool> = board
                .iter()
                .map(|&b| b == b'B' || b.is_ascii_digit())
                .collect();
            let p = Plain::new(mine, rows, cols);
            prop_assert_eq!(s.left_clicks, left);
            prop_assert_eq!(s.right_clicks, right);
            prop_assert_eq!(s.chords, chords);
            prop_assert_eq!(s.effective_clicks, effective);
            prop_assert_eq!(s.revealed, revealed.iter().filter(|&&x| x).count());
            let mut state = 0;
            // SAFETY: a live handle and a local.
            prop_assert_eq!(unsafe { gg_mines_state(game, &mut state) }, GG_OK);
            if state != GG_MINES_LOST {
                prop_assert_eq!(s.flags, after.iter().filter(|&&b| b == b'F').count());
            }
            if placed {
                prop_assert_eq!(s.bbbv, p.bbbv());
                prop_assert_eq!(s.bbbv_solved, p.solved(&revealed));
            } else {
                prop_assert_eq!((s.bbbv, s.bbbv_solved), (0, 0));
            }
            if state == GG_MINES_WON {
                prop_assert_eq!(s.bbbv_solved, s.bbbv);
            }
        }
        // SAFETY: the handle is freed once.
        unsafe { gg_mines_free(game) };
    }
}

#[test]
fn errors_leave_the_output_alone() {
    let sentinel = gg_mines_board_stats {
        bbbv: 77,
        ..Default::default()
    };
    for (board, rows, cols, want) in [
        (&b"EEZ"[..], 1, 3, GG_ERR_INVALID_CELL),
        (&b"B1M1"[..], 2, 2, GG_ERR_INCONSISTENT),
        (&b"EE"[..], 0, 2, GG_ERR_ZERO_SIZE),
        (&b"EE"[..], usize::MAX, 2, GG_ERR_SIZE_OVERFLOW),
    ] {
        let mut out = sentinel;
        // SAFETY: the board is refused before any read past its dimensions... or is in bounds.
        let status = unsafe { gg_mines_measure(board.as_ptr().cast(), rows, cols, &mut out) };
        assert_eq!(status, want, "{:?}", std::str::from_utf8(board));
        assert_eq!(out.bbbv, 77);
    }
    let mut out = sentinel;
    // SAFETY: NULL is refused first.
    unsafe {
        assert_eq!(
            gg_mines_measure(std::ptr::null(), 1, 1, &mut out),
            GG_ERR_NULL_POINTER
        );
        assert_eq!(
            gg_mines_measure(b"E".as_ptr().cast(), 1, 1, std::ptr::null_mut()),
            GG_ERR_NULL_POINTER
        );
        let mut s = gg_mines_play_stats::default();
        assert_eq!(
            gg_mines_stats(std::ptr::null(), &mut s),
            GG_ERR_NULL_POINTER
        );
    }
}
