//! Fuzzes `gg_mines_load` (and `gg_mines_save`, `gg_mines_undo`, `gg_mines_moves` around it):
//! a small game played from the input is saved, the record is changed as the input says (the
//! checksum mended, so that the checks behind it are reached) or replaced by the input itself,
//! and loaded. Loading returns `GG_OK` or `GG_ERR_BAD_RECORD`, never reads past the record, and
//! writes `*out` only on success; an unchanged record loads as the same game, and every game that
//! loads saves to a record that loads again; every game loaded from a changed record or from the
//! input reads as a game that could be played (see `inspect`).
#![cfg_attr(not(test), no_main)]

#[path = "../harness/mod.rs"]
mod harness;

use gridgames::ffi::*;
use harness::{mutate, Input};

#[cfg(not(test))]
libfuzzer_sys::fuzz_target!(|data: &[u8]| check(data));

fn save(g: *const gg_mines) -> Vec<u8> {
    let mut len = 0;
    // SAFETY: `g` is live; a NULL buffer with cap 0 asks for the size.
    let s = unsafe { gg_mines_save(g, std::ptr::null_mut(), 0, &mut len) };
    assert_eq!(s, GG_ERR_BUFFER_TOO_SMALL);
    let mut buf = vec![0u8; len];
    // SAFETY: `buf` holds `len` bytes.
    assert_eq!(
        unsafe { gg_mines_save(g, buf.as_mut_ptr(), len, &mut len) },
        GG_OK
    );
    buf
}

fn view(g: *const gg_mines, cells: usize) -> Vec<u8> {
    let mut v = vec![0u8; cells];
    // SAFETY: `v` holds the board's cells.
    assert_eq!(
        unsafe { gg_mines_view(g, v.as_mut_ptr().cast(), cells) },
        GG_OK
    );
    v
}

fn load(record: &[u8]) -> (i32, *mut gg_mines) {
    // An exact-size copy, so that reading past the end is caught by AddressSanitizer.
    let copy = record.to_vec().into_boxed_slice();
    let sentinel = std::ptr::NonNull::<gg_mines>::dangling().as_ptr();
    let mut out = sentinel;
    // SAFETY: `copy` holds `len` bytes and `out` is a live local.
    let s = unsafe { gg_mines_load(copy.as_ptr(), copy.len(), &mut out) };
    harness::assert_known(s);
    if s != GG_OK {
        assert!(
            s == GG_ERR_BAD_RECORD || s == GG_ERR_OUT_OF_MEMORY,
            "status {s}: {}",
            harness::last_error()
        );
        assert_eq!(out, sentinel, "*out written on error");
        return (s, std::ptr::null_mut());
    }
    (s, out)
}

/// The largest board `inspect` reads: a record may name any size.
const INSPECT_CELLS: usize = 4096;

/// Reads a game as a caller that did not make it would: its size from `gg_mines_dimensions`, then
/// its view, state and moves. A game on shows only the player's alphabet, and its view has a
/// layout (`gg_mines_hint` gives a cell); a won game hides exactly its mines; a lost one shows the
/// mine revealed.
fn inspect(g: *const gg_mines) {
    let (mut rows, mut cols, mut mines) = (0, 0, 0);
    // SAFETY: `g` is live; the out-pointers are live locals.
    let s = unsafe { gg_mines_dimensions(g, &mut rows, &mut cols, &mut mines) };
    assert_eq!(s, GG_OK);
    let cells = rows
        .checked_mul(cols)
        .expect("a loaded board's size overflows");
    assert!(
        rows > 0 && cols > 0 && mines < cells,
        "{rows} x {cols}, {mines} mines"
    );
    if cells > INSPECT_CELLS {
        return;
    }
    let v = view(g, cells);
    let mut state = u32::MAX;
    // SAFETY: `g` is live and `state` a live local.
    assert_eq!(unsafe { gg_mines_state(g, &mut state) }, GG_OK);
    let hidden = v.iter().filter(|&&b| b == b'E' || b == b'F').count();
    match state {
        GG_MINES_PLAYING => {
            assert!(v.iter().all(|b| b"EFB12345678".contains(b)), "{v:?}");
            assert!(hidden > mines, "a game on with no safe cell hidden");
            let (mut r, mut c, mut risk) = (0, 0, 0.0);
            // SAFETY: `v` holds rows * cols chars; the outputs are live locals.
            let s = unsafe {
                gg_mines_hint(
                    v.as_ptr().cast(),
                    rows,
                    cols,
                    mines,
                    &mut r,
                    &mut c,
                    &mut risk,
                )
            };
            assert_eq!(
                s,
                GG_OK,
                "the view of a loaded game: {}",
                harness::last_error()
            );
        }
        GG_MINES_WON => assert_eq!(hidden, mines, "a won game hides more than its mines"),
        GG_MINES_LOST => assert!(v.contains(&b'X'), "a lost game shows no revealed mine"),
        other => panic!("state {other}"),
    }
    let mut n = usize::MAX;
    // SAFETY: `g` is live; cap 0 with NULL asks for the count.
    let s = unsafe { gg_mines_moves(g, std::ptr::null_mut(), 0, &mut n) };
    assert!(s == GG_OK || s == GG_ERR_BUFFER_TOO_SMALL, "status {s}");
    assert_eq!(s == GG_OK, n == 0);
}

pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    if input.u8() % 8 == 0 {
        // The input itself as a record.
        let (_, g) = load(data);
        if !g.is_null() {
            inspect(g);
            let again = save(g);
            let (s, h) = load(&again);
            assert_eq!(s, GG_OK);
            // SAFETY: both handles are live and freed once.
            unsafe {
                gg_mines_free(h);
                gg_mines_free(g);
            }
        }
        return;
    }
    let (rows, cols) = (1 + input.below(8), 1 + input.below(8));
    let cells = rows * cols;
    let cfg = gg_mines_config {
        rows,
        cols,
        mines: input.below(cells),
        seed: input.u64(),
        first_click: input.u8() as u32 % 3,
        no_guess: GG_NO_GUESS_OFF,
    };
    let mut g = std::ptr::null_mut();
    // SAFETY: `cfg` and `g` are live locals.
    if unsafe { gg_mines_new(&cfg, &mut g) } != GG_OK {
        return;
    }
    for _ in 0..input.below(24) {
        let (r, c) = (input.below(rows + 1), input.below(cols + 1));
        // SAFETY: `g` is live.
        unsafe {
            match input.u8() % 5 {
                0 | 1 => gg_mines_reveal(g, r, c),
                2 => gg_mines_toggle_flag(g, r, c),
                3 => gg_mines_chord(g, r, c),
                _ => gg_mines_undo(g),
            };
        }
    }
    let record = save(g);
    let (changed, same) = mutate(&record, &mut input);
    let (s, l) = load(&changed);
    // A changed record that still loads is the case to read; the unchanged one is compared with
    // the game it came from below, and the hint's count would slow the target tenfold.
    if !l.is_null() && !same {
        inspect(l);
    }
    if same {
        assert_eq!(s, GG_OK, "{}", harness::last_error());
        assert_eq!(view(l, cells), view(g, cells));
        assert_eq!(save(l), record);
        let (mut a, mut b) = (0, 0);
        // SAFETY: both handles are live; cap 0 with NULL asks for the count.
        unsafe {
            gg_mines_moves(g, std::ptr::null_mut(), 0, &mut a);
            gg_mines_moves(l, std::ptr::null_mut(), 0, &mut b);
        }
        assert_eq!(a, b);
    }
    // SAFETY: the handles are live (or NULL) and freed once.
    unsafe {
        gg_mines_free(l);
        gg_mines_free(g);
    }
}
