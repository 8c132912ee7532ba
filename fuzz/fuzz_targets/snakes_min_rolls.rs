//! Fuzzes `gg_snakes_min_rolls` through its C ABI: arbitrary n (zero, huge, overflowing),
//! arbitrary jump tables with invalid cells, NULL and misaligned pointers. Every answer must equal
//! the seed's algorithm; every refusal must leave `rolls_out` and the board untouched.
#![cfg_attr(not(test), no_main)]

#[path = "../harness/mod.rs"]
mod harness;

use gridgames::ffi::*;
use harness::{area, reference, square_index, Buffer, Expect, Input, MAX_CELLS};

#[cfg(not(test))]
libfuzzer_sys::fuzz_target!(|data: &[u8]| check(data));

const SENTINEL: i32 = 0x5EED_5EED;

/// A cell: mostly no jump or a valid destination, sometimes a value on or past the edge.
fn cell(input: &mut Input, squares: usize) -> i32 {
    match input.u8() {
        0..=159 => -1,
        160..=247 => 1 + input.below(squares) as i32,
        248..=252 => [0, -2, i32::MIN, i32::MAX, squares as i32 + 1][input.below(5)],
        _ => input.u32() as i32,
    }
}

pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let n = input.dim(24);
    let board_kind = input.pointer();
    let out_kind = input.pointer();
    let mut expect = Expect::new();

    // n * n squares, refused past INT32_MAX because destinations are int32_t.
    let squares = match area(n, n, 4, usize::MAX) {
        Ok(s) if s > i32::MAX as usize => {
            expect.fault(GG_ERR_SIZE_OVERFLOW, "n * n > INT32_MAX");
            None
        }
        Ok(s) if s > MAX_CELLS => return, // valid, but too big to pass a real buffer here
        Ok(s) => Some(s),
        Err(status) => {
            expect.fault(status, "dimensions");
            None
        }
    };
    // A refused size gets a small buffer: the library must not read it.
    let len = squares.unwrap_or(4);
    let mut cells: Vec<i32> = (0..len).map(|_| cell(&mut input, len)).collect();
    if let Some(sq) = squares {
        if input.u8() < 240 {
            cells[square_index(1, n, n)] = -1;
            cells[square_index(sq, n, n)] = -1;
        }
        let valid = |v: i32| v == -1 || (1..=sq as i64).contains(&i64::from(v));
        if !cells.iter().all(|&v| valid(v))
            || cells[square_index(1, n, n)] != -1
            || cells[square_index(sq, n, n)] != -1
        {
            expect.fault(GG_ERR_INVALID_CELL, "a cell");
        }
    }

    let mut board = Buffer::new(&cells, board_kind);
    let mut rolls = Buffer::new(&[SENTINEL], out_kind);
    for (b, name) in [(&board, "board"), (&rolls, "rolls_out")] {
        if b.ptr_is_null() {
            expect.fault(GG_ERR_NULL_POINTER, format!("{name} NULL"));
        }
        if b.misaligned() {
            expect.fault(GG_ERR_INVALID_ARGUMENT, format!("{name} misaligned"));
        }
    }
    let board_before = board.bytes();
    let rolls_before = rolls.bytes();

    // SAFETY: `board` holds `len` readable int32_t behind its pointer (or is NULL), and `len` is
    // n * n unless the library must refuse n before reading; `rolls` holds one writable int32_t.
    let status = unsafe { gg_snakes_min_rolls(board.ptr(), n, rolls.ptr()) };
    expect.check(status, &(n, &cells));
    assert_eq!(board.bytes(), board_before, "the board changed");
    if status != GG_OK {
        assert_eq!(rolls.bytes(), rolls_before, "rolls_out written on error");
        return;
    }
    let got = rolls.values()[0];
    let sq = squares.expect("success needs a valid size") as i64;
    assert!(
        got == -1 || (0..sq).contains(&i64::from(got)),
        "rolls {got} out of range"
    );
    let want = reference::snakes_min_rolls(&reference::to_rows(&cells, n));
    assert_eq!(got, want, "n = {n}, cells = {cells:?}");
}
