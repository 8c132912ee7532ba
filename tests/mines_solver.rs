//! Solver property tests: exact probabilities against brute-force enumeration of every layout,
//! hints never risky while a certain cell exists, inconsistent views refused, and no-guess
//! boards won by certain moves alone.

mod support;

use support::{mines_brute, miri};

use gridgames::ffi::*;
use gridgames::mines::{
    count_layouts, hint, no_guess_layout, probabilities, reveal_empty, Exclusion, Layout, Logic,
    View, LEETCODE_MINES,
};
use gridgames::rng::SplitMix64;
use proptest::prelude::*;

/// A position from a real game: a random layout, a few clicks on safe cells (with their floods),
/// some hidden cells flagged. Keeps at most `max_hidden` hidden cells so brute force stays cheap.
fn game_view(seed: u64, max_hidden: usize) -> (Vec<u8>, usize, usize, usize) {
    let mut rng = SplitMix64::new(seed);
    let rows = 1 + (rng.below(6) as usize);
    let cols = 1 + (rng.below(6) as usize);
    let n = rows * cols;
    let mines = (rng.below((n.min(8) + 1) as u64) as usize).min(n);
    let mut board = vec![b'E'; n];
    let mut placed = 0;
    while placed < mines {
        let i = rng.below(n as u64) as usize;
        if board[i] != b'M' {
            board[i] = b'M';
            placed += 1;
        }
    }
    let hidden = |b: &[u8]| b.iter().filter(|&&x| x == b'E' || x == b'M').count();
    let mut clicks = 0;
    while (hidden(&board) > max_hidden || clicks < 1 + (rng.below(3) as usize))
        && hidden(&board) > mines
    {
        let i = rng.below(n as u64) as usize;
        if board[i] == b'E' {
            reveal_empty(&mut board, rows, cols, i / cols, i % cols, &LEETCODE_MINES).unwrap();
            clicks += 1;
        }
    }
    let view = board
        .iter()
        .map(|&b| match b {
            b'M' | b'E' if rng.below(8) == 0 => b'F',
            b'M' => b'E',
            x => x,
        })
        .collect();
    (view, rows, cols, mines)
}

/// Any small grid of view characters, mostly inconsistent.
fn noise_view() -> impl Strategy<Value = (Vec<u8>, usize, usize, usize)> {
    (1usize..=4, 1usize..=4).prop_flat_map(|(rows, cols)| {
        let cell = prop_oneof![
            6 => Just(b'E'),
            1 => Just(b'F'),
            2 => Just(b'B'),
            3 => b'1'..=b'4',
            1 => b'5'..=b'8',
        ];
        (
            proptest::collection::vec(cell, rows * cols),
            Just(rows),
            Just(cols),
            0..=rows * cols,
        )
    })
}

fn ffi_probabilities(view: &[u8], rows: usize, cols: usize, mines: usize) -> (i32, Vec<f64>) {
    let mut out = vec![42.0; view.len()];
    // SAFETY: `view` holds rows*cols bytes and `out` as many doubles.
    let status = unsafe {
        gg_mines_probabilities(view.as_ptr().cast(), rows, cols, mines, out.as_mut_ptr())
    };
    (status, out)
}

fn check_against_brute(
    view: &[u8],
    rows: usize,
    cols: usize,
    mines: usize,
) -> Result<(), TestCaseError> {
    let (status, got) = ffi_probabilities(view, rows, cols, mines);
    if mines > view.len() {
        prop_assert_eq!(status, GG_ERR_TOO_MANY_MINES);
        prop_assert!(got.iter().all(|&x| x == 42.0), "output written on error");
        return Ok(());
    }
    let want = mines_brute::probabilities(view, rows, cols, mines);
    match want {
        None => {
            prop_assert_eq!(status, GG_ERR_INCONSISTENT);
            prop_assert!(got.iter().all(|&x| x == 42.0), "output written on error");
        }
        Some(want) => {
            prop_assert_eq!(status, GG_OK);
            for (i, (&g, &w)) in got.iter().zip(&want).enumerate() {
                prop_assert!((g - w).abs() < 1e-9, "cell {}: {} vs {}", i, g, w);
                // "0.0" is exact: certainly safe, nothing else.
                prop_assert_eq!(g == 0.0, w == 0.0, "cell {}", i);
            }
            let v = View::parse(view, rows, cols, mines).unwrap();
            let layouts = count_layouts(&v).unwrap().to_f64();
            let brute = mines_brute::count(view, rows, cols, mines).layouts as f64;
            prop_assert!(
                (layouts - brute).abs() <= 1e-9 * brute,
                "{} vs {}",
                layouts,
                brute
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(miri::config(1500))]

    #[test]
    fn game_positions_match_brute_force(seed in any::<u64>()) {
        let (view, rows, cols, mines) = game_view(seed, 14);
        check_against_brute(&view, rows, cols, mines)?;
        // The same view with one mine more or less is often inconsistent: both must agree.
        check_against_brute(&view, rows, cols, mines + 1)?;
        if mines > 0 {
            check_against_brute(&view, rows, cols, mines - 1)?;
        }
    }

    #[test]
    fn noise_views_match_brute_force((view, rows, cols, mines) in noise_view()) {
        check_against_brute(&view, rows, cols, mines)?;
    }

    #[test]
    fn hints_never_risk_while_a_certain_cell_exists(seed in any::<u64>()) {
        let (view, rows, cols, mines) = game_view(seed, 14);
        let Some(want) = mines_brute::probabilities(&view, rows, cols, mines) else {
            return Ok(());
        };
        let hidden_safe = want.contains(&0.0);
        let any_hope = want.iter().any(|&p| (0.0..1.0).contains(&p));
        let (mut r, mut c, mut risk) = (usize::MAX, usize::MAX, 42.0);
        // SAFETY: `view` holds rows*cols bytes; the outputs are live locals.
        let status = unsafe {
            gg_mines_hint(view.as_ptr().cast(), rows, cols, mines, &mut r, &mut c, &mut risk)
        };
        if !any_hope {
            prop_assert_eq!(status, GG_ERR_GAME_OVER);
            return Ok(());
        }
        prop_assert_eq!(status, GG_OK);
        let p = want[r * cols + c];
        prop_assert!(p >= 0.0, "hint ({}, {}) is revealed", r, c);
        prop_assert!((risk - p).abs() < 1e-9, "risk {} vs {}", risk, p);
        if hidden_safe {
            prop_assert_eq!(p, 0.0, "a certain cell existed but the hint risks {}", p);
        } else {
            // A guess, but never a certain mine while some cell can be safe. (It need not be
            // the safest cell: with few layouts left the exact endgame search may prefer a
            // riskier cell that wins more often overall.)
            prop_assert!(p < 1.0, "the hint ({}, {}) is certainly a mine", r, c);
        }
    }

    /// Every effort and first-click rule: a certain cell whenever one exists; otherwise, unless
    /// the exact endgame search chose (it may prefer a riskier cell that wins more often), a
    /// cell at least 90% as safe as the safest (the documented tolerance of the look-ahead's
    /// candidates), half of a forced 50/50 or a pseudo-50/50 (the documented exceptions), and with
    /// `GG_EFFORT_FAST` the safest cell itself.
    #[test]
    fn hints_with_options_stay_near_the_safest_cell(seed in any::<u64>(), effort in 0u32..3) {
        let (view, rows, cols, mines) = game_view(seed, 14);
        let Some(want) = mines_brute::probabilities(&view, rows, cols, mines) else {
            return Ok(());
        };
        let hidden: Vec<f64> = want.iter().copied().filter(|&p| p >= 0.0).collect();
        let safest = hidden.iter().copied().fold(f64::INFINITY, f64::min);
        if safest >= 1.0 {
            return Ok(());
        }
        let opt = gg_mines_hint_options { first_click: GG_FIRST_CLICK_SAFE, effort };
        let (mut r, mut c, mut risk, mut win) = (usize::MAX, usize::MAX, 42.0, 42.0);
        // SAFETY: `view` holds rows*cols bytes; the options and outputs are live locals.
        let status = unsafe {
            gg_mines_hint_with(
                view.as_ptr().cast(), rows, cols, mines, &opt, &mut r, &mut c, &mut risk, &mut win,
            )
        };
        prop_assert_eq!(status, GG_OK);
        let p = want[r * cols + c];
        prop_assert!(p >= 0.0, "hint ({}, {}) is revealed", r, c);
        prop_assert!((risk - p).abs() < 1e-9);
        if safest == 0.0 {
            prop_assert_eq!(p, 0.0, "a certain cell existed but the hint risks {}", p);
            prop_assert!(win.is_nan());
        } else if effort == GG_EFFORT_FAST {
            prop_assert!((p - safest).abs() < 1e-9, "fast: {} vs the safest {}", p, safest);
        } else if win.is_nan() {
            let near = 1.0 - p >= 0.9 * (1.0 - safest) - 1e-9;
            let cell = r * cols + c;
            prop_assert!(
                near
                    || mines_brute::forced_fifty_fifty_set_cells(&view, rows, cols, mines)
                        .contains(&cell)
                    || mines_brute::pseudo_fifty_fifty_cells(&view, rows, cols, mines)
                        .contains(&cell),
                "{} vs the safest {}, not a forced or pseudo-50/50", p, safest
            );
        } else {
            prop_assert!((0.0..=1.0).contains(&win) && win <= 1.0 - p + 1e-9);
        }
    }

    #[test]
    fn foreign_view_bytes_refused_untouched(
        seed in any::<u64>(),
        pick in any::<prop::sample::Index>(),
        bad in any::<u8>().prop_filter("outside the view alphabet", |b| !b"EFB12345678".contains(b)),
    ) {
        let (mut view, rows, cols, mines) = game_view(seed, 20);
        let at = pick.index(view.len());
        view[at] = bad;
        let (status, out) = ffi_probabilities(&view, rows, cols, mines);
        prop_assert_eq!(status, GG_ERR_INVALID_CELL);
        prop_assert!(out.iter().all(|&x| x == 42.0));
    }
}

/// Plays a layout from the first click with certain moves only (the engine's probability-0
/// cells, checked against brute force above); true when every safe cell gets revealed.
fn won_without_guessing(mine: &[bool], rows: usize, cols: usize, r0: usize, c0: usize) -> bool {
    let mines = mine.iter().filter(|&&m| m).count();
    let mut board: Vec<u8> = mine.iter().map(|&m| if m { b'M' } else { b'E' }).collect();
    reveal_empty(&mut board, rows, cols, r0, c0, &LEETCODE_MINES).unwrap();
    loop {
        let hidden = board.iter().filter(|&&b| b == b'E' || b == b'M').count();
        if hidden == mines {
            return true;
        }
        let bytes: Vec<u8> = board
            .iter()
            .map(|&b| if b == b'M' { b'E' } else { b })
            .collect();
        let view = View::parse(&bytes, rows, cols, mines).unwrap();
        let p = probabilities(&view).unwrap();
        if p.safe_cells().is_empty() {
            return false;
        }
        for &i in p.safe_cells() {
            assert_ne!(board[i], b'M', "a certain cell held a mine");
            if board[i] == b'E' {
                reveal_empty(&mut board, rows, cols, i / cols, i % cols, &LEETCODE_MINES).unwrap();
            }
        }
    }
}

#[test]
#[cfg_attr(miri, ignore = "hundreds of solver calls on expert boards")]
fn no_guess_boards_are_won_by_certain_moves() {
    // Checked by playing with `probabilities` (probability exactly 0, which uses the count): a
    // path apart from the generator's own player. A board solvable from the numbers alone is
    // solvable with the count too.
    for seed in 0..12u64 {
        for &(rows, cols, mines, r, c) in &[
            (9, 9, 10, 0, 0),
            (16, 16, 40, 7, 7),
            (16, 30, 99, 0, 0),
            (16, 30, 99, 8, 15),
            (20, 24, 130, 10, 3),
        ] {
            for exclusion in [Exclusion::Block(r, c), Exclusion::Cell(r, c)] {
                for logic in [Logic::WithCount, Logic::NumbersOnly] {
                    let layout = Layout {
                        rows,
                        cols,
                        mines,
                        exclusion,
                    };
                    let m = no_guess_layout(&layout, seed, logic).unwrap();
                    assert_eq!(m.iter().filter(|&&x| x).count(), mines);
                    assert!(
                        won_without_guessing(&m, rows, cols, r, c),
                        "seed {seed} {rows}x{cols}/{mines} {exclusion:?} {logic:?} needs a guess"
                    );
                    assert_eq!(m, no_guess_layout(&layout, seed, logic).unwrap());
                }
            }
        }
    }
}

#[test]
#[cfg_attr(miri, ignore = "thirty expert boards through the safe core")]
fn plain_random_boards_usually_need_guesses() {
    // The checker above must be able to say no.
    let mut guesses = 0;
    let mut rng = SplitMix64::new(7);
    for _ in 0..30 {
        let (rows, cols, mines) = (16, 30, 99);
        let mut mine = vec![false; rows * cols];
        let mut placed = 0;
        while placed < mines {
            let i = rng.below((rows * cols) as u64) as usize;
            if (i / cols > 1 || i % cols > 1) && !mine[i] {
                mine[i] = true;
                placed += 1;
            }
        }
        guesses += usize::from(!won_without_guessing(&mine, rows, cols, 0, 0));
    }
    assert!(
        guesses >= 10,
        "{guesses} of 30 random expert boards needed a guess"
    );
}

#[test]
fn first_hint_is_two_cells_in_from_the_corner() {
    let v = View::hidden(9, 9, 10).unwrap();
    let h = hint(&v).unwrap();
    assert_eq!((h.row, h.col), (2, 2));
}
