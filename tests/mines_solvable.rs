//! The exact solvability check against a plain reference: play with certain moves only, each
//! round enumerating every layout that fits what is shown (`support/mines_brute.rs`), in both logics;
//! through the Rust API and the C API.

mod support;

use support::{mines_brute, miri};

use gridgames::ffi::*;
use gridgames::mines::{unsolved_after, Logic};
use proptest::prelude::*;

/// A layout of at most 16 cells (so the reference can enumerate) and a safe first click: rows,
/// cols, mine flags, click.
fn small_layout() -> impl Strategy<Value = (usize, usize, Vec<bool>, usize)> {
    (1usize..=5, 1usize..=5, 0u32..45)
        .prop_filter("at most 16 cells", |(rows, cols, _)| rows * cols <= 16)
        .prop_flat_map(|(rows, cols, pct)| {
            (
                Just(rows),
                Just(cols),
                proptest::collection::vec(
                    prop::bool::weighted(f64::from(pct) / 100.0),
                    rows * cols,
                ),
                0..rows * cols,
            )
                .prop_filter("a safe click", |(_, _, mine, click)| !mine[*click])
        })
}

fn board_of(mine: &[bool]) -> Vec<u8> {
    mine.iter().map(|&m| if m { b'M' } else { b'E' }).collect()
}

fn ffi_unsolved(board: &[u8], rows: usize, cols: usize, click: usize, logic: u32) -> (i32, usize) {
    let mut out = usize::MAX;
    // SAFETY: `board` holds rows * cols bytes; `out` is a live local.
    let status = unsafe {
        gg_mines_solvable(
            board.as_ptr().cast(),
            rows,
            cols,
            click / cols,
            click % cols,
            logic,
            &mut out,
        )
    };
    (status, out)
}

proptest! {
    #![proptest_config(miri::config(1500))]

    #[test]
    fn both_logics_match_the_plain_reference((rows, cols, mine, click) in small_layout()) {
        let board = board_of(&mine);
        let (r, c) = (click / cols, click % cols);
        let numbers = unsolved_after(&board, rows, cols, r, c, Logic::NumbersOnly).unwrap();
        let count = unsolved_after(&board, rows, cols, r, c, Logic::WithCount).unwrap();
        prop_assert_eq!(numbers, mines_brute::unsolved(&mine, rows, cols, click, false));
        prop_assert_eq!(count, mines_brute::unsolved(&mine, rows, cols, click, true));
        // Fewer layouts can only settle more: solvable from the numbers means solvable with
        // the count, and the count never leaves more hidden.
        prop_assert!(count <= numbers);
        prop_assert_eq!(ffi_unsolved(&board, rows, cols, click, GG_SOLVE_NUMBERS_ONLY), (GG_OK, numbers));
        prop_assert_eq!(ffi_unsolved(&board, rows, cols, click, GG_SOLVE_WITH_COUNT), (GG_OK, count));
    }

    /// Wide boards, too large for the reference, span several 64-cell words a row: a mirror image
    /// of the board (and of the click) must leave as many cells unsolved, which it would not if
    /// the rules' word-by-word bookkeeping missed a word on one side.
    #[test]
    #[cfg_attr(miri, ignore = "boards of thousands of cells; safe core code, run natively")]
    fn mirror_images_leave_as_many_cells_unsolved(
        rows in 1usize..24,
        cols in 60usize..260,
        pct in 5u64..25,
        seed in any::<u64>(),
    ) {
        let mut rng = gridgames::rng::SplitMix64::new(seed);
        let mine: Vec<bool> = (0..rows * cols).map(|_| rng.below(100) < pct).collect();
        let safe: Vec<usize> = (0..rows * cols).filter(|&i| !mine[i]).collect();
        prop_assume!(!safe.is_empty());
        let click = safe[rng.below(safe.len() as u64) as usize];
        let (r, c) = (click / cols, click % cols);
        let mirrored: Vec<bool> = (0..rows * cols)
            .map(|i| mine[i / cols * cols + cols - 1 - i % cols])
            .collect();
        let flipped: Vec<bool> = (0..rows * cols)
            .map(|i| mine[(rows - 1 - i / cols) * cols + i % cols])
            .collect();
        for logic in [Logic::NumbersOnly, Logic::WithCount] {
            let left = unsolved_after(&board_of(&mine), rows, cols, r, c, logic).unwrap();
            let m = unsolved_after(&board_of(&mirrored), rows, cols, r, cols - 1 - c, logic);
            let f = unsolved_after(&board_of(&flipped), rows, cols, rows - 1 - r, c, logic);
            prop_assert_eq!(m.unwrap(), left, "mirrored, {:?}", logic);
            prop_assert_eq!(f.unwrap(), left, "flipped, {:?}", logic);
        }
    }
}

#[test]
fn c_api_refuses_bad_input_and_writes_nothing() {
    let board = b"MEEE";
    assert_eq!(
        ffi_unsolved(board, 2, 2, 0, GG_SOLVE_WITH_COUNT),
        (GG_ERR_INVALID_ARGUMENT, usize::MAX)
    );
    assert_eq!(
        ffi_unsolved(board, 2, 2, 3, 2),
        (GG_ERR_INVALID_ARGUMENT, usize::MAX)
    );
    assert_eq!(
        ffi_unsolved(b"MEZE", 2, 2, 3, GG_SOLVE_WITH_COUNT),
        (GG_ERR_INVALID_CELL, usize::MAX)
    );
    assert_eq!(
        ffi_unsolved(b"M3EE", 2, 2, 3, GG_SOLVE_WITH_COUNT),
        (GG_ERR_INCONSISTENT, usize::MAX)
    );
    let mut out = 7usize;
    // SAFETY: NULL and out-of-range arguments are refused before any read.
    unsafe {
        assert_eq!(
            gg_mines_solvable(std::ptr::null(), 2, 2, 0, 0, 0, &mut out),
            GG_ERR_NULL_POINTER
        );
        assert_eq!(
            gg_mines_solvable(board.as_ptr().cast(), 2, 2, 0, 1, 0, std::ptr::null_mut()),
            GG_ERR_NULL_POINTER
        );
        assert_eq!(
            gg_mines_solvable(board.as_ptr().cast(), 2, 2, 2, 0, 0, &mut out),
            GG_ERR_OUT_OF_BOUNDS
        );
        assert_eq!(
            gg_mines_solvable(board.as_ptr().cast(), 0, 2, 0, 0, 0, &mut out),
            GG_ERR_ZERO_SIZE
        );
        assert_eq!(
            gg_mines_solvable(board.as_ptr().cast(), usize::MAX, 2, 0, 0, 0, &mut out),
            GG_ERR_SIZE_OVERFLOW
        );
    }
    assert_eq!(out, 7);
}

#[test]
#[cfg_attr(miri, ignore = "thousands of enumerations")]
fn the_reference_cases_include_guesses_and_count_only_wins() {
    let mut rng = gridgames::rng::SplitMix64::new(42);
    let mut next = |m: u64| rng.below(m);
    let (mut guesses, mut count_helps, mut boards) = (0, 0, 0);
    while boards < 1500 {
        let (rows, cols) = (2 + next(3) as usize, 2 + next(4) as usize);
        let mine: Vec<bool> = (0..rows * cols).map(|_| next(100) < 25).collect();
        let Some(click) = (0..rows * cols).find(|&i| !mine[i]) else {
            continue;
        };
        boards += 1;
        let (r, c) = (click / cols, click % cols);
        let board = board_of(&mine);
        let numbers = unsolved_after(&board, rows, cols, r, c, Logic::NumbersOnly).unwrap();
        let count = unsolved_after(&board, rows, cols, r, c, Logic::WithCount).unwrap();
        assert_eq!(
            numbers,
            mines_brute::unsolved(&mine, rows, cols, click, false)
        );
        assert_eq!(count, mines_brute::unsolved(&mine, rows, cols, click, true));
        guesses += usize::from(count > 0);
        count_helps += usize::from(count < numbers);
    }
    assert!(guesses > 100, "{guesses} boards needed a guess");
    assert!(
        count_helps > 20,
        "the count settled more on {count_helps} boards"
    );
}
