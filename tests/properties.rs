//! Property tests: the library (through its C ABI and its safe core) against plain transcriptions
//! of the LeetCode 909 and 529 algorithms (`support/leetcode_reference.rs`) on random boards, including the inputs that must be refused.

mod support;

use support::strategies::leetcode_board;
use support::{leetcode_reference, miri};

use gridgames::ffi::*;
use proptest::prelude::*;

/// A valid n x n snakes board: jumps at the given density, none on squares 1 and n*n.
fn snakes_board(max_n: usize) -> impl Strategy<Value = (usize, Vec<i32>)> {
    (1..=max_n, 0u32..=100).prop_flat_map(|(n, density)| {
        let squares = n * n;
        let cell = prop_oneof![
            (100 - density).max(1) => Just(-1),
            density.max(1) => 1..=squares as i32,
        ];
        proptest::collection::vec(cell, squares).prop_map(move |mut cells| {
            let num = gridgames::snakes::Numbering::new(n, n);
            cells[num.index_of(1)] = -1;
            cells[num.index_of(squares)] = -1;
            (n, cells)
        })
    })
}

/// Boards whose jumps are all short (within +-8), which keeps many levels and long windows alive.
fn short_jump_board(max_n: usize) -> impl Strategy<Value = (usize, Vec<i32>)> {
    (2..=max_n).prop_flat_map(|n| {
        let squares = n * n;
        proptest::collection::vec((0u8..10, -8i32..=8), squares).prop_map(move |raw| {
            let num = gridgames::snakes::Numbering::new(n, n);
            let mut cells = vec![-1; squares];
            for (s, &(roll, delta)) in (1..=squares).zip(&raw) {
                if roll < 2 && s != 1 && s != squares {
                    let d = (s as i32 + delta).clamp(1, squares as i32);
                    cells[num.index_of(s)] = d;
                }
            }
            (n, cells)
        })
    })
}

/// Board sizes shrink under Miri, which interprets every step: the unsafe paths are the same.
fn side(n: usize) -> usize {
    if cfg!(miri) {
        n.min(5)
    } else {
        n
    }
}

fn ffi_min_rolls(cells: &[i32], n: usize) -> (i32, i32) {
    let mut rolls = i32::MIN;
    // SAFETY: `cells` holds n*n values and `rolls` is a live local.
    let status = unsafe { gg_snakes_min_rolls(cells.as_ptr(), n, &mut rolls) };
    (status, rolls)
}

/// A LeetCode minesweeper board: mostly hidden cells, with some revealed ones sprinkled in.
fn mines_board(max: usize) -> impl Strategy<Value = (usize, usize, Vec<u8>, usize, usize)> {
    leetcode_board(1..=max, 1..=max, 0u32..400)
}

fn ffi_click(cells: &mut [u8], rows: usize, cols: usize, r: usize, c: usize) -> i32 {
    // SAFETY: `cells` holds rows*cols bytes and is exclusively borrowed.
    unsafe { gg_mines_click(cells.as_mut_ptr().cast(), rows, cols, r, c) }
}

proptest! {
    // Under Miri (scripts/miri.sh) a couple of cases from a fixed seed check the unsafe paths.
    #![proptest_config(miri::config(2000))]

    #[test]
    fn snakes_matches_seed((n, cells) in snakes_board(side(14))) {
        let want = leetcode_reference::snakes_min_rolls(&leetcode_reference::to_rows(&cells, n));
        prop_assert_eq!(ffi_min_rolls(&cells, n), (GG_OK, want));
    }

    #[test]
    fn snakes_matches_seed_with_short_jumps((n, cells) in short_jump_board(side(40))) {
        let want = leetcode_reference::snakes_min_rolls(&leetcode_reference::to_rows(&cells, n));
        prop_assert_eq!(ffi_min_rolls(&cells, n), (GG_OK, want));
    }

    #[test]
    fn snakes_rejects_any_bad_cell_untouched(
        (n, mut cells) in snakes_board(side(8)),
        pick in any::<prop::sample::Index>(),
        bad in prop_oneof![Just(0), Just(-2), i32::MIN..-1, Just(i32::MAX)],
    ) {
        let i = pick.index(cells.len());
        cells[i] = bad;
        let (status, rolls) = ffi_min_rolls(&cells, n);
        prop_assert_eq!(status, GG_ERR_INVALID_CELL);
        prop_assert_eq!(rolls, i32::MIN);
    }

    #[test]
    fn mines_matches_seed((rows, cols, cells, r, c) in mines_board(side(14))) {
        let mut want = leetcode_reference::to_rows(&cells, cols);
        leetcode_reference::mines_click(&mut want, (r, c));
        let mut got = cells.clone();
        prop_assert_eq!(ffi_click(&mut got, rows, cols, r, c), GG_OK);
        prop_assert_eq!(leetcode_reference::to_rows(&got, cols), want);
    }

    #[test]
    fn mines_sparse_large_openings_match_seed((rows, cols, cells, r, c) in mines_board(side(60))) {
        let mut want = leetcode_reference::to_rows(&cells, cols);
        leetcode_reference::mines_click(&mut want, (r, c));
        let mut got = cells.clone();
        prop_assert_eq!(ffi_click(&mut got, rows, cols, r, c), GG_OK);
        prop_assert_eq!(leetcode_reference::to_rows(&got, cols), want);
    }

    #[test]
    fn mines_rejects_bad_input_untouched(
        (rows, cols, mut cells, r, c) in mines_board(side(8)),
        pick in any::<prop::sample::Index>(),
        bad in any::<u8>().prop_filter("outside the alphabet", |b| !b"MEBX12345678".contains(b)),
        off_board in any::<bool>(),
    ) {
        let (r, c, want) = if off_board {
            (r + rows, c, GG_ERR_OUT_OF_BOUNDS)
        } else {
            let i = pick.index(cells.len());
            cells[i] = bad;
            (r, c, GG_ERR_INVALID_CELL)
        };
        let before = cells.clone();
        prop_assert_eq!(ffi_click(&mut cells, rows, cols, r, c), want);
        prop_assert_eq!(cells, before);
    }
}
