//! Fuzzes Minesweeper statistics through their C ABI: `gg_mines_measure` with arbitrary
//! dimensions (zero, huge, overflowing), cell bytes (hidden, revealed with true or false counts,
//! outside the alphabet) and NULL or misaligned pointers; then, on a valid board, a game from it
//! played a few moves and `gg_mines_stats`.
//!
//! Every refusal must return a planted fault's status and leave the output untouched. Every
//! success must equal a plain reference (neighbour counts, openings and islands by repeated
//! relaxation, 3BV from the definitions), with ZiNi within 1..=3BV (0 only without 3BV); a game's
//! 3BV must be its board's, its solved 3BV at most that, and all of it once the game is won.
#![cfg_attr(not(test), no_main)]

#[path = "../harness/mod.rs"]
mod harness;

use gridgames::ffi::*;
use harness::{area, Buffer, Expect, Input, Pointer};

#[cfg(not(test))]
libfuzzer_sys::fuzz_target!(|data: &[u8]| check(data));

const ALPHABET: &[u8] = b"MEBX12345678";
/// The largest board measured (the reference is quadratic in the worst case).
const MAX_CELLS: usize = if cfg!(miri) { 36 } else { 900 };

fn block(i: usize, rows: usize, cols: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / cols, i % cols);
    (r.saturating_sub(1)..=(r + 1).min(rows - 1)).flat_map(move |rr| {
        (c.saturating_sub(1)..=(c + 1).min(cols - 1)).map(move |cc| rr * cols + cc)
    })
}

/// Labels each cell satisfying `member` with the smallest index of its 8-connected group.
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

fn distinct(labels: &[Option<usize>]) -> usize {
    let mut v: Vec<usize> = labels.iter().flatten().copied().collect();
    v.sort_unstable();
    v.dedup();
    v.len()
}

pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let rows = input.dim(30);
    let cols = input.dim(30);
    let board_kind = input.pointer();
    let out_kind = input.pointer();
    let mine_pct = input.u8() % 60;
    let cells = match area(rows, cols, 1, usize::MAX) {
        Ok(c) if c > MAX_CELLS => return,
        Ok(c) => Some(c),
        Err(_) => None,
    };
    let len = cells.unwrap_or(4);
    let mine: Vec<bool> = (0..len).map(|_| input.u8() % 100 < mine_pct).collect();
    let count = |i: usize| block(i, rows, cols).filter(|&j| mine[j]).count();
    let mut board: Vec<u8> = vec![b'E'; len];
    let mut lie = false;
    let mut foreign = false;
    for i in 0..len {
        let roll = input.u8();
        board[i] = match (mine[i], roll) {
            (true, 0..=19) => b'X',
            (true, _) => b'M',
            (false, 0..=149) => b'E',
            (false, 150..=249) if cells.is_some() => match count(i) {
                0 => b'B',
                k => b'0' + k as u8,
            },
            (false, 250..=252) => {
                lie = true;
                ALPHABET[2 + input.below(10)] // a revealed cell that may not match
            }
            _ => {
                foreign = true;
                input.u8()
            }
        };
    }
    let _ = (lie, foreign);
    // What the library sees: a planted 'X' on a safe cell is a mine too.
    let mine: Vec<bool> = board.iter().map(|&b| b == b'M' || b == b'X').collect();
    let count = |i: usize| block(i, rows, cols).filter(|&j| mine[j]).count();
    let valid = board.iter().all(|b| ALPHABET.contains(b));
    let consistent = cells.is_some()
        && (0..len).all(|i| match board[i] {
            b'B' => count(i) == 0,
            d @ b'1'..=b'8' => count(i) == usize::from(d - b'0'),
            _ => true,
        });

    let mut expect = Expect::new();
    if board_kind == Pointer::Null {
        expect.fault(GG_ERR_NULL_POINTER, "board NULL");
    }
    if out_kind == Pointer::Null {
        expect.fault(GG_ERR_NULL_POINTER, "out NULL");
    }
    if out_kind == Pointer::Misaligned {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "out misaligned");
    }
    if let Err(status) = area(rows, cols, 1, usize::MAX) {
        expect.fault(status, "dimensions");
    }
    if cells.is_some() && !valid {
        expect.fault(GG_ERR_INVALID_CELL, "a byte outside the alphabet");
    }
    if cells.is_some() && valid && !consistent {
        expect.fault(GG_ERR_INCONSISTENT, "a revealed count that disagrees");
    }

    let sentinel = gg_mines_board_stats {
        bbbv: 0xDEAD,
        ..Default::default()
    };
    let mut buf = Buffer::new(&board, board_kind);
    let mut out = Buffer::new(&[sentinel.bbbv; 13], out_kind);
    let before = out.bytes();
    // SAFETY: `board` holds `len` bytes (or is NULL) and `len` is rows * cols unless the library
    // must refuse the dimensions first; `out` has room for a gg_mines_board_stats (13 size_t).
    let status = unsafe {
        gg_mines_measure(
            buf.ptr().cast(),
            rows,
            cols,
            out.ptr().cast::<gg_mines_board_stats>(),
        )
    };
    expect.check(status, &(rows, cols, String::from_utf8_lossy(&board)));
    if status != GG_OK {
        assert_eq!(out.bytes(), before, "the output changed on error");
        return;
    }
    let got = out.values();
    let (bbbv, openings, islands, zini) = (got[0], got[1], got[2], got[3]);
    let n = len;
    let zero = |i: usize| !mine[i] && count(i) == 0;
    let opening = groups(n, rows, cols, zero);
    let isolated = |i: usize| !mine[i] && count(i) > 0 && block(i, rows, cols).all(|j| !zero(j));
    let want_openings = distinct(&opening);
    let lone = (0..n).filter(|&i| isolated(i)).count();
    assert_eq!(openings, want_openings, "openings of {rows} x {cols}");
    assert_eq!(bbbv, want_openings + lone, "3BV of {rows} x {cols}");
    assert_eq!(
        islands,
        distinct(&groups(n, rows, cols, isolated)),
        "islands"
    );
    assert!(
        zini <= bbbv && (zini == 0) == (bbbv == 0),
        "ZiNi {zini}, 3BV {bbbv}"
    );
    for k in 0..9 {
        let want = (0..n).filter(|&i| !mine[i] && count(i) == k).count();
        assert_eq!(got[4 + k], want, "cells showing {k}");
    }

    // A game from the same board: its statistics after a few moves.
    let mut game = std::ptr::null_mut();
    // SAFETY: `board` holds rows * cols valid bytes; `game` is a live local.
    assert_eq!(
        unsafe { gg_mines_from_board(board.as_ptr().cast(), rows, cols, &mut game) },
        GG_OK
    );
    for _ in 0..input.below(12) {
        let (r, c) = (input.coordinate(rows), input.coordinate(cols));
        // SAFETY: a live handle used by this thread only; any status is fine here.
        unsafe {
            match input.below(3) {
                0 => gg_mines_reveal(game, r, c),
                1 => gg_mines_toggle_flag(game, r, c),
                _ => gg_mines_chord(game, r, c),
            }
        };
    }
    let mut play = gg_mines_play_stats::default();
    let mut state = 99;
    // SAFETY: a live handle and locals.
    unsafe {
        assert_eq!(gg_mines_stats(game, &mut play), GG_OK);
        assert_eq!(gg_mines_state(game, &mut state), GG_OK);
        assert_eq!(
            gg_mines_stats(std::ptr::null(), &mut play),
            GG_ERR_NULL_POINTER
        );
        gg_mines_free(game);
    }
    assert_eq!(play.bbbv, bbbv, "a game's 3BV is its board's");
    assert!(play.bbbv_solved <= play.bbbv);
    if state == GG_MINES_WON {
        assert_eq!(play.bbbv_solved, play.bbbv);
    }
    assert!(play.effective_clicks <= play.left_clicks + play.right_clicks + play.chords);
}
