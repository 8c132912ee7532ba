//! Fuzzes `gg_snakes_game_load` (and `gg_snakes_game_save`, `_roll`, `_play`, `_undo` around it):
//! a small session played from the input is saved, the record is changed as the input says (the
//! checksum mended, so that the checks behind it are reached) or replaced by the input itself,
//! and loaded. Loading returns `GG_OK` or `GG_ERR_BAD_RECORD`, never reads past the record, and
//! writes `*out` only on success; an unchanged record loads as a game that rolls the same future,
//! and every game, played or loaded, reads as one that could be played (see `inspect`).
#![cfg_attr(not(test), no_main)]

#[path = "../harness/mod.rs"]
mod harness;

use gridgames::ffi::*;
use harness::{mutate, Input};

#[cfg(not(test))]
libfuzzer_sys::fuzz_target!(|data: &[u8]| check(data));

fn save(g: *const gg_snakes_game) -> Vec<u8> {
    let mut len = 0;
    // SAFETY: `g` is live; a NULL buffer with cap 0 asks for the size.
    let s = unsafe { gg_snakes_game_save(g, std::ptr::null_mut(), 0, &mut len) };
    assert_eq!(s, GG_ERR_BUFFER_TOO_SMALL);
    let mut buf = vec![0u8; len];
    // SAFETY: `buf` holds `len` bytes.
    assert_eq!(
        unsafe { gg_snakes_game_save(g, buf.as_mut_ptr(), len, &mut len) },
        GG_OK
    );
    buf
}

fn load(record: &[u8]) -> (i32, *mut gg_snakes_game) {
    let copy = record.to_vec().into_boxed_slice();
    let sentinel = std::ptr::NonNull::<gg_snakes_game>::dangling().as_ptr();
    let mut out = sentinel;
    // SAFETY: `copy` holds `len` bytes and `out` is a live local.
    let s = unsafe { gg_snakes_game_load(copy.as_ptr(), copy.len(), &mut out) };
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

fn roll(g: *mut gg_snakes_game) -> Option<(u32, usize)> {
    let mut t = gg_snakes_turn {
        player: 0,
        face: 0,
        from: 0,
        to: 0,
        won: 0,
    };
    // SAFETY: `g` is live and `t` a live local.
    (unsafe { gg_snakes_game_roll(g, &mut t) } == GG_OK).then_some((t.face, t.to))
}

/// Reads a game through its accessors, as a caller that did not make it would: its size, every
/// position, its state and its turns. They agree: a position a player on the board, the next
/// player and the winner among the players, as many turns as the state counts, each turn
/// starting where its player's last one ended and ending where the player stands now unless
/// another turn of theirs follows, and only the last turn winning, by the winner, on square N.
fn inspect(g: *const gg_snakes_game) {
    let (mut players, mut squares) = (0u32, 0usize);
    // SAFETY: `g` is live; the out-pointers are live locals.
    assert_eq!(
        unsafe { gg_snakes_game_size(g, &mut players, &mut squares) },
        GG_OK
    );
    assert!(players > 0 && squares > 0);
    let mut at = vec![usize::MAX; players as usize];
    // SAFETY: `at` holds `players` elements.
    let s = unsafe { gg_snakes_game_positions(g, at.as_mut_ptr(), at.len()) };
    assert_eq!(s, GG_OK);
    assert!(
        at.iter().all(|&p| p <= squares),
        "{at:?} on {squares} squares"
    );
    let mut state = gg_snakes_state {
        next_player: u32::MAX,
        winner: 0,
        turns: u64::MAX,
    };
    // SAFETY: `g` is live and `state` a live local.
    assert_eq!(unsafe { gg_snakes_game_state(g, &mut state) }, GG_OK);
    assert!(state.next_player < players);
    let mut n = usize::MAX;
    // SAFETY: `g` is live; cap 0 with NULL asks for the count.
    let s = unsafe { gg_snakes_game_turns(g, std::ptr::null_mut(), 0, &mut n) };
    assert_eq!(s == GG_OK, n == 0, "status {s} for {n} turns");
    assert!(s == GG_OK || s == GG_ERR_BUFFER_TOO_SMALL, "status {s}");
    assert_eq!(n as u64, state.turns);
    let blank = gg_snakes_turn {
        player: u32::MAX,
        face: 0,
        from: 0,
        to: 0,
        won: 0,
    };
    let mut turns = vec![blank; n];
    // SAFETY: `turns` holds `n` elements.
    let s = unsafe { gg_snakes_game_turns(g, turns.as_mut_ptr(), n, &mut n) };
    assert_eq!(s, GG_OK);
    let mut last: Vec<Option<usize>> = vec![None; players as usize];
    for (k, t) in turns.iter().enumerate() {
        let p = t.player as usize;
        assert!(
            p < at.len() && t.face > 0 && t.to <= squares,
            "turn {k}: {t:?}"
        );
        if let Some(end) = last[p] {
            assert_eq!(
                t.from, end,
                "turn {k} does not start where player {p} stood"
            );
        }
        last[p] = Some(t.to);
        assert_eq!(t.won == 1, k + 1 == n && t.to == squares, "turn {k}: {t:?}");
    }
    for (p, end) in last.iter().enumerate() {
        if let Some(end) = end {
            assert_eq!(
                at[p], *end,
                "player {p} stands elsewhere than their last turn ended"
            );
        }
    }
    match turns.last() {
        Some(t) if t.won == 1 => assert_eq!(state.winner, t.player),
        _ => assert_eq!(state.winner, GG_SNAKES_NO_WINNER),
    }
}

pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    if input.u8() % 8 == 0 {
        let (_, g) = load(data);
        if !g.is_null() {
            inspect(g);
            let (s, h) = load(&save(g));
            assert_eq!(s, GG_OK);
            // SAFETY: both handles are live and freed once.
            unsafe {
                gg_snakes_game_free(h);
                gg_snakes_game_free(g);
            }
        }
        return;
    }
    let squares = 2 + input.below(30);
    let jumps: Vec<i32> = (0..squares)
        .map(|s| {
            if s + 1 < squares && input.u8() < 40 {
                1 + input.below(squares) as i32
            } else {
                -1
            }
        })
        .collect();
    let cfg = gg_snakes_game_config {
        jumps: jumps.as_ptr(),
        squares,
        rules: gg_snakes_rules {
            faces: 1 + input.below(8) as u32,
            overshoot: input.u8() as u32 % 3,
            start: 0,
        },
        players: 1 + input.below(4) as u32,
        seed: input.u64(),
    };
    let mut g = std::ptr::null_mut();
    // SAFETY: `cfg` (with `jumps`) and `g` are live locals.
    if unsafe { gg_snakes_game_new(&cfg, &mut g) } != GG_OK {
        return;
    }
    for _ in 0..input.below(40) {
        let mut t = gg_snakes_turn {
            player: 0,
            face: 0,
            from: 0,
            to: 0,
            won: 0,
        };
        // SAFETY: `g` is live and `t` a live local.
        unsafe {
            match input.u8() % 4 {
                0 | 1 => gg_snakes_game_roll(g, &mut t),
                2 => gg_snakes_game_play(g, 1 + input.below(8) as u32, &mut t),
                _ => gg_snakes_game_undo(g),
            };
        }
    }
    let record = save(g);
    let (changed, same) = mutate(&record, &mut input);
    let (s, l) = load(&changed);
    inspect(g);
    if !l.is_null() {
        inspect(l);
    }
    if same {
        assert_eq!(s, GG_OK, "{}", harness::last_error());
        assert_eq!(save(l), record);
        for _ in 0..10 {
            assert_eq!(roll(g), roll(l));
        }
    }
    // SAFETY: the handles are live (or NULL) and freed once.
    unsafe {
        gg_snakes_game_free(l);
        gg_snakes_game_free(g);
    }
}
