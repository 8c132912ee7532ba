//! Property tests aimed at the fast paths of the two LeetCode operations, so that speed
//! never costs correctness:
//!
//! - snakes: long plain stretches (several levels in one step), short and long jumps, wide
//!   frontiers, rectangular and one-row or one-column boards, any start and number of faces;
//! - mines: one-row, one-column, thin and wide boards (the 16-cell block test at every offset
//!   and at the borders), sparse and dense mines, pre-revealed cells and 'X', other mine tables
//!   (the word test with one to four mine bytes, the scalar path with none or more);
//! - validation: the first bad cell of large boards, in any chunk.
//!
//! Not under Miri: these paths need large boards to be taken at all, and the C ABI they go
//! through is the one tests/properties.rs already runs there on small boards.
#![cfg(not(miri))]

mod support;

use support::strategies::leetcode_board;
use support::{leetcode_reference, linear_reference};

use gridgames::ffi::*;
use gridgames::mines::{reveal_empty, MineTable};
use gridgames::snakes::{fewest_rolls, min_rolls, Board, Numbering, Track};
use proptest::prelude::*;

// ------------------------------------------------------------------------------------------------
// Snakes and Ladders

/// Destination of a jump from square `s` of `1..=last`: near (within `reach`) or anywhere.
fn jump(s: usize, last: usize, far: bool, delta: i64, reach: i64) -> i32 {
    if far {
        (delta.rem_euclid(last as i64) + 1) as i32
    } else {
        (s as i64 + delta.clamp(-reach, reach)).clamp(1, last as i64) as i32
    }
}

/// A `rows x cols` grid (row 0 on top) with jumps on about `pct` per mille of the squares, none on
/// the first and last square.
fn snakes_grid(
    max_rows: usize,
    max_cols: usize,
) -> impl Strategy<Value = (usize, usize, Vec<i32>)> {
    (1..=max_rows, 1..=max_cols, 0u32..=300, 1i64..=60).prop_flat_map(|(rows, cols, pml, reach)| {
        let squares = rows * cols;
        proptest::collection::vec((0u32..1000, any::<bool>(), -60i64..=60), squares).prop_map(
            move |raw| {
                let num = Numbering::new(rows, cols);
                let mut cells = vec![-1; squares];
                for (s, &(roll, far, delta)) in (1..=squares).zip(&raw) {
                    if roll < pml && s != 1 && s != squares {
                        cells[num.index_of(s)] =
                            jump(s, squares, far && roll % 4 == 0, delta, reach);
                    }
                }
                (rows, cols, cells)
            },
        )
    })
}

/// An `n x n` board, mostly plain, with snakes and ladders of at most ±`reach` squares.
fn sparse_square(max_n: usize) -> impl Strategy<Value = (usize, Vec<i32>)> {
    (2..=max_n, 0u32..=40, 1i64..=50).prop_flat_map(|(n, pml, reach)| {
        let squares = n * n;
        proptest::collection::vec((0u32..1000, -50i64..=50), squares).prop_map(move |raw| {
            let num = Numbering::new(n, n);
            let mut cells = vec![-1; squares];
            for (s, &(roll, delta)) in (1..=squares).zip(&raw) {
                if roll < pml && s != 1 && s != squares {
                    cells[num.index_of(s)] = jump(s, squares, false, delta, reach);
                }
            }
            (n, cells)
        })
    })
}

/// The grid read in square order: `table[s - 1]` is the cell of square `s`.
fn linear(cells: &[i32], rows: usize, cols: usize) -> Vec<i32> {
    let num = Numbering::new(rows, cols);
    (1..=rows * cols).map(|s| cells[num.index_of(s)]).collect()
}

fn ffi_min_rolls(cells: &[i32], n: usize) -> (i32, i32) {
    let mut rolls = i32::MIN;
    // SAFETY: `cells` holds n*n values and `rolls` is a live local.
    let status = unsafe { gg_snakes_min_rolls(cells.as_ptr(), n, &mut rolls) };
    (status, rolls)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Square boards up to 90 x 90 through the C ABI against seed 004: mostly plain with short
    /// snakes and ladders, so that whole stretches are crossed several levels at a time.
    #[test]
    fn snakes_sparse_long_stretches_match_seed((n, cells) in sparse_square(90)) {
        let want = leetcode_reference::snakes_min_rolls(&leetcode_reference::to_rows(&cells, n));
        prop_assert_eq!(ffi_min_rolls(&cells, n), (GG_OK, want));
    }

    /// Rectangles, single rows and single columns, through the safe core, against a plain BFS
    /// over the squares in order.
    #[test]
    fn snakes_rectangles_match_plain_bfs((rows, cols, cells) in prop_oneof![
        snakes_grid(40, 40),
        snakes_grid(1, 300),
        snakes_grid(300, 1),
        snakes_grid(3, 120),
    ]) {
        let board = Board::new(&cells, rows, cols).unwrap();
        let want = linear_reference::linear_min_rolls(&linear(&cells, rows, cols), 1, 6);
        prop_assert_eq!(min_rolls(&board).unwrap(), want);
    }

    /// Any start and any number of faces, on the grid and on the same squares as a linear table.
    #[test]
    fn snakes_any_start_and_faces_match_plain_bfs(
        (rows, cols, cells) in snakes_grid(30, 30),
        start in any::<prop::sample::Index>(),
        faces in prop_oneof![1usize..=12, Just(100), Just(usize::MAX)],
    ) {
        let table = linear(&cells, rows, cols);
        let start = start.index(table.len()) + 1;
        let want = linear_reference::linear_min_rolls(&table, start, faces.min(table.len()));
        let board = Board::new(&cells, rows, cols).unwrap();
        prop_assert_eq!(fewest_rolls(&board, start, faces).unwrap(), want);
        prop_assert_eq!(fewest_rolls(&Track::new(&table).unwrap(), start, faces).unwrap(), want);
    }
}

// ------------------------------------------------------------------------------------------------
// Minesweeper

/// A board of the given shape: mines at up to 30% (mostly up to 2%), sometimes pre-revealed
/// cells and 'X'.
fn mines_grid(
    rows: impl Strategy<Value = usize>,
    cols: impl Strategy<Value = usize>,
) -> impl Strategy<Value = (usize, usize, Vec<u8>, usize, usize)> {
    leetcode_board(rows, cols, prop_oneof![0u32..=20, 0u32..=300])
}

fn ffi_click(cells: &mut [u8], rows: usize, cols: usize, r: usize, c: usize) -> i32 {
    // SAFETY: `cells` holds rows*cols bytes and is exclusively borrowed.
    unsafe { gg_mines_click(cells.as_mut_ptr().cast(), rows, cols, r, c) }
}

fn last_error() -> String {
    let mut buf = [0 as std::ffi::c_char; 256];
    // SAFETY: `buf` is a live local of 256 chars.
    unsafe { gg_last_error_message(buf.as_mut_ptr(), buf.len()) };
    // SAFETY: the message is NUL-terminated within `buf`.
    unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }
        .to_string_lossy()
        .into_owned()
}

/// The bytes a custom mine table may count, and the bytes besides 'E' a board may hold.
const MARKS: &[u8] = b"MXFQWZ?";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Thin, wide and one-cell-high or -wide boards through the C ABI against seed 001: blank
    /// runs reach the borders, and the block test meets mines at every offset.
    #[test]
    fn mines_thin_and_wide_boards_match_seed((rows, cols, cells, r, c) in prop_oneof![
        mines_grid(Just(1), 1usize..=400),
        mines_grid(1usize..=400, Just(1)),
        mines_grid(2usize..=3, 1usize..=300),
        mines_grid(1usize..=300, 2usize..=3),
        mines_grid(4usize..=12, 17usize..=400),
        mines_grid(17usize..=100, 4usize..=40),
    ]) {
        let mut want = leetcode_reference::to_rows(&cells, cols);
        leetcode_reference::mines_click(&mut want, (r, c));
        let mut got = cells.clone();
        prop_assert_eq!(ffi_click(&mut got, rows, cols, r, c), GG_OK);
        prop_assert_eq!(leetcode_reference::to_rows(&got, cols), want);
    }

    /// `reveal_empty` with other mine tables (none, one to four, or more mine bytes; a flag
    /// counted as a mine) against the seed's method with the table in place of 'M'/'X'.
    #[test]
    fn mines_custom_tables_match_plain_reveal(
        (rows, cols, raw, r, c) in mines_grid(1usize..=30, 1usize..=60),
        counted in proptest::sample::subsequence(MARKS.to_vec(), 0..=MARKS.len()),
        marks in proptest::collection::vec(proptest::sample::select(MARKS.to_vec()), 1..=30),
    ) {
        // Spread the other marks over some mines.
        let mut cells = raw;
        for (k, cell) in cells.iter_mut().filter(|b| **b == b'M').enumerate() {
            *cell = marks[k % marks.len()];
        }
        let i = r * cols + c;
        cells[i] = b'E';
        let mut table: MineTable = [0; 256];
        for &b in &counted {
            table[b as usize] = 1;
        }
        let mut want = cells.clone();
        let n = linear_reference::reveal_with_table(&mut want, rows, cols, (r, c), &table);
        let mut got = cells.clone();
        prop_assert_eq!(reveal_empty(&mut got, rows, cols, r, c, &table).unwrap(), n);
        prop_assert_eq!(got, want);
    }

    /// On boards spanning many validation chunks, the first cell outside the alphabet is the one
    /// reported, and nothing is written.
    #[test]
    fn mines_validation_names_the_first_bad_cell(
        (rows, cols, mut cells, r, c) in mines_grid(1usize..=60, 1usize..=80),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 1..=3),
        bad in any::<u8>().prop_filter("outside the alphabet", |b| !b"MEBX12345678".contains(b)),
    ) {
        let first = picks.iter().map(|p| p.index(cells.len())).min().unwrap();
        let len = cells.len();
        for p in &picks {
            cells[p.index(len)] = bad;
        }
        let before = cells.clone();
        prop_assert_eq!(ffi_click(&mut cells, rows, cols, r, c), GG_ERR_INVALID_CELL);
        prop_assert_eq!(&cells, &before);
        let msg = last_error();
        let cell = format!("cell ({}, {})", first / cols, first % cols);
        prop_assert!(msg.starts_with(&cell), "{} does not start with {}", msg, cell);
    }
}
