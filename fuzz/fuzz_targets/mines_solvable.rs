//! Fuzzes the exact solvability check, `gg_mines_solvable`, through its C ABI: LeetCode boards
//! read off a layout (some cells already revealed with their true counts, some mines shown as
//! 'X'), random bytes of the alphabet (mostly inconsistent), bytes outside it, any dimensions
//! (zero, huge, overflowing), clicks anywhere (on mines, outside), any `logic`, and NULL or
//! misaligned outputs.
//!
//! A refusal leaves `*unsolved_out` untouched and is the status of a planted fault. On success:
//! the count never leaves more safe cells hidden than the numbers alone, the answer is at most
//! the safe cells hidden before the click, and with few hidden cells it equals the plain
//! reference (tests/mines_brute), which enumerates every layout round after round.
#![cfg_attr(not(test), no_main)]

#[path = "../harness/mod.rs"]
mod harness;
#[path = "../../tests/support/mines_brute.rs"]
#[allow(dead_code)]
mod mines_brute;

use gridgames::ffi::*;
use harness::{area, Buffer, Expect, Input};

#[cfg(not(test))]
libfuzzer_sys::fuzz_target!(|data: &[u8]| check(data));

/// The largest board this target plays (valid larger sizes are skipped).
const MAX_CELLS: usize = if cfg!(miri) { 36 } else { 400 };
/// The reference enumerates layouts only with at most this many hidden cells after the click.
const BRUTE_HIDDEN: usize = if cfg!(miri) { 8 } else { 14 };
const SENTINEL: usize = 0x5EED;
const ALPHABET: &[u8] = b"MEBX12345678";

fn neighbours(i: usize, rows: usize, cols: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / cols, i % cols);
    (r.saturating_sub(1)..=(r + 1).min(rows - 1))
        .flat_map(move |rr| (c.saturating_sub(1)..=(c + 1).min(cols - 1)).map(move |cc| (rr, cc)))
        .filter(move |&(rr, cc)| (rr, cc) != (r, c))
        .map(move |(rr, cc)| rr * cols + cc)
}

/// A board read off a layout: mines hidden ('M') or shown ('X'), some safe cells revealed with
/// their true counts, the rest hidden ('E'). Also the layout.
fn from_layout(input: &mut Input, rows: usize, cols: usize) -> (Vec<u8>, Vec<bool>) {
    let len = rows * cols;
    let mine_pct = input.u8() % 45;
    // Half the boards are untouched, so the reference can replay them.
    let shown_pct = if input.u8() < 128 { 0 } else { input.u8() % 60 };
    let mine: Vec<bool> = (0..len).map(|_| input.u8() % 100 < mine_pct).collect();
    let board = (0..len)
        .map(|i| {
            if mine[i] {
                if shown_pct > 0 && input.u8() < 8 {
                    b'X'
                } else {
                    b'M'
                }
            } else if input.u8() % 100 < shown_pct {
                match neighbours(i, rows, cols).filter(|&j| mine[j]).count() {
                    0 => b'B',
                    k => b'0' + k as u8,
                }
            } else {
                b'E'
            }
        })
        .collect();
    (board, mine)
}

pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let rows = input.dim(8);
    let cols = input.dim(8);
    let cells = match area(rows, cols, 1, usize::MAX) {
        Ok(c) if c > MAX_CELLS => return,
        Ok(c) => Some(c),
        Err(_) => None,
    };
    let len = cells.unwrap_or(4);
    let mut expect = Expect::new();
    // The layout behind the board, when the board was read off one.
    let (board, layout) = match (input.u8(), cells) {
        (0..=191, Some(_)) => {
            let (b, m) = from_layout(&mut input, rows, cols);
            (b, Some(m))
        }
        (192..=243, _) => (
            (0..len)
                .map(|_| ALPHABET[input.below(ALPHABET.len())])
                .collect(),
            None,
        ),
        _ => ((0..len).map(|_| input.u8()).collect(), None),
    };
    let (row, col) = (input.coordinate(rows), input.coordinate(cols));
    let logic = match input.u8() {
        0..=119 => GG_SOLVE_NUMBERS_ONLY,
        120..=239 => GG_SOLVE_WITH_COUNT,
        _ => [2, u32::MAX, input.u32()][input.below(3)],
    };
    // The faults the call must report, and whether it may also find the board inconsistent.
    let mut inconsistent_allowed = false;
    match cells {
        None => {
            let status = area(rows, cols, 1, usize::MAX).expect_err("refused dimensions");
            expect.fault(status, "dimensions");
        }
        Some(_) if !board.iter().all(|b| ALPHABET.contains(b)) => {
            expect.fault(GG_ERR_INVALID_CELL, "a byte");
        }
        Some(_) => {
            if layout.is_none() {
                inconsistent_allowed = true;
            }
            if row >= rows || col >= cols {
                expect.fault(GG_ERR_OUT_OF_BOUNDS, "click");
            } else if matches!(board[row * cols + col], b'M' | b'X') {
                expect.fault(GG_ERR_INVALID_ARGUMENT, "a click on a mine");
            }
        }
    }
    if logic > GG_SOLVE_WITH_COUNT {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "logic");
    }
    let mut board_buf = Buffer::new(&board, input.pointer());
    let mut out = Buffer::new(&[SENTINEL], input.pointer());
    if board_buf.ptr_is_null() {
        expect.fault(GG_ERR_NULL_POINTER, "board NULL");
    }
    if out.ptr_is_null() {
        expect.fault(GG_ERR_NULL_POINTER, "unsolved_out NULL");
    }
    if out.misaligned() {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "unsolved_out misaligned");
    }
    let (board_before, out_before) = (board_buf.bytes(), out.bytes());
    // SAFETY: `board_buf` holds rows * cols chars (4 when the dimensions must be refused) and
    // `out` one size_t; either may be NULL or (for `out`) misaligned, which must be refused.
    let status = unsafe {
        gg_mines_solvable(
            board_buf.ptr().cast(),
            rows,
            cols,
            row,
            col,
            logic,
            out.ptr(),
        )
    };
    if inconsistent_allowed && status == GG_ERR_INCONSISTENT {
        expect.fault(status, "inconsistent revealed cells");
    }
    expect.check(status, &(rows, cols, row, col, logic));
    assert_eq!(board_buf.bytes(), board_before, "the board changed");
    if status != GG_OK {
        assert_eq!(out.bytes(), out_before, "unsolved_out written on error");
        return;
    }
    let left = out.values()[0];
    let hidden_safe = board.iter().filter(|&&b| b == b'E').count();
    assert!(
        left <= hidden_safe,
        "{left} of {hidden_safe} safe cells left"
    );
    // The other logic: with the count, never more left than with the numbers alone.
    let other = if logic == GG_SOLVE_NUMBERS_ONLY {
        GG_SOLVE_WITH_COUNT
    } else {
        GG_SOLVE_NUMBERS_ONLY
    };
    let mut other_left = SENTINEL;
    // SAFETY: as above, with valid pointers.
    let st = unsafe {
        gg_mines_solvable(
            board.as_ptr().cast(),
            rows,
            cols,
            row,
            col,
            other,
            &mut other_left,
        )
    };
    assert_eq!(st, GG_OK);
    let (numbers, count) = if logic == GG_SOLVE_NUMBERS_ONLY {
        (left, other_left)
    } else {
        (other_left, left)
    };
    assert!(
        count <= numbers,
        "the count left {count}, the numbers alone {numbers}"
    );
    // With few hidden cells and nothing revealed but the click's area, the plain reference.
    if let Some(mine) = layout {
        let untouched = board.iter().all(|&b| matches!(b, b'M' | b'E'));
        if untouched && hidden_safe + mine.iter().filter(|&&m| m).count() <= BRUTE_HIDDEN + 1 {
            let first = row * cols + col;
            assert_eq!(
                numbers,
                mines_brute::unsolved(&mine, rows, cols, first, false)
            );
            assert_eq!(count, mines_brute::unsolved(&mine, rows, cols, first, true));
        }
    }
}
