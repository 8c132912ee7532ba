//! Fuzzes `gg_mines_click` through its C ABI: arbitrary dimensions (zero, huge, overflowing),
//! arbitrary cell bytes, and a sequence of arbitrary clicks (inside, just outside, anywhere) on the
//! same board. Every result must equal the seed's algorithm and stay in the alphabet; every refusal
//! must leave the board untouched.
#![cfg_attr(not(test), no_main)]

#[path = "../harness/mod.rs"]
mod harness;

use gridgames::ffi::*;
use harness::{area, reference, Buffer, Expect, Input, MAX_CELLS};

#[cfg(not(test))]
libfuzzer_sys::fuzz_target!(|data: &[u8]| check(data));

const ALPHABET: &[u8] = b"MEBX12345678";

/// A cell: mostly hidden, sometimes revealed, rarely a byte outside the alphabet.
fn cell(input: &mut Input, mine_pct: u8) -> u8 {
    let roll = input.u8();
    match roll {
        _ if roll % 100 < mine_pct => b'M',
        0..=219 => b'E',
        220..=251 => ALPHABET[input.below(ALPHABET.len())],
        _ => input.u8(),
    }
}

pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let rows = input.dim(48);
    let cols = input.dim(48);
    let board_kind = input.pointer();
    let mine_pct = input.u8() % 40;
    let clicks = 1 + input.below(4);

    let cells = match area(rows, cols, 1, usize::MAX) {
        Ok(c) if c > MAX_CELLS => return, // valid, but too big to pass a real buffer here
        Ok(c) => Some(c),
        Err(_) => None,
    };
    // A refused size gets a small buffer: the library must not read it.
    let len = cells.unwrap_or(4);
    let start: Vec<u8> = (0..len).map(|_| cell(&mut input, mine_pct)).collect();
    let valid_board = start.iter().all(|b| ALPHABET.contains(b));
    let mut board = Buffer::new(&start, board_kind);
    let mut want = cells.map(|_| reference::to_rows(&start, cols));

    for _ in 0..clicks {
        let (r, c) = (input.coordinate(rows), input.coordinate(cols));
        let mut expect = Expect::new();
        if board.ptr_is_null() {
            expect.fault(GG_ERR_NULL_POINTER, "board NULL");
        }
        if let Err(status) = area(rows, cols, 1, usize::MAX) {
            expect.fault(status, "dimensions");
        }
        if r >= rows || c >= cols {
            expect.fault(GG_ERR_OUT_OF_BOUNDS, "click");
        }
        if cells.is_some() && !valid_board {
            expect.fault(GG_ERR_INVALID_CELL, "a cell");
        }
        let before = board.bytes();

        // SAFETY: `board` holds `len` writable bytes (or is NULL), and `len` is rows * cols unless
        // the library must refuse the dimensions before reading.
        let status = unsafe { gg_mines_click(board.ptr().cast(), rows, cols, r, c) };
        expect.check(
            status,
            &(rows, cols, r, c, String::from_utf8_lossy(&before)),
        );
        if status != GG_OK {
            assert_eq!(board.bytes(), before, "the board changed on error");
            continue;
        }
        let got = board.values();
        assert!(
            got.iter().all(|b| ALPHABET.contains(b)),
            "a byte outside the alphabet"
        );
        let want = want.as_mut().expect("success needs a valid size");
        reference::mines_click(want, (r, c));
        assert_eq!(
            reference::to_rows(got, cols),
            *want,
            "click ({r}, {c}) on {rows} x {cols}"
        );
    }
}
