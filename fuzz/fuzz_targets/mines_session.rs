//! Fuzzes Minesweeper sessions through their C ABI: `gg_mines_new` with arbitrary
//! configurations (zero, huge and overflowing sizes, any mine count, unknown rules, no_guess),
//! `gg_mines_from_board` with arbitrary boards (consistent, miscounted, outside the alphabet),
//! then an arbitrary sequence of reveals, flags, chords, views, true boards and states, with NULL
//! and misaligned pointers and short buffers, and finally `gg_mines_free`.
//!
//! The session is played move by move against the naive game of tests/support/mines_game_model.rs
//! (which follows the README's generator), so every status, view, board and state must equal
//! it. Whatever the moves: statuses are documented ones, views stay in their alphabet ('X' and
//! 'M' only after a loss), a finished game stays finished and refuses moves with GG_ERR_GAME_OVER,
//! and a refused call leaves its outputs untouched. No-guess games (tiny boards only) are checked
//! for their promise at the first reveal, then followed from the board the library chose.
#![cfg_attr(not(test), no_main)]

#[path = "../harness/mod.rs"]
mod harness;
#[path = "../../tests/support/mines_game_model.rs"]
#[allow(dead_code)]
mod model;

use gridgames::ffi::*;
use harness::{area, last_error, Buffer, Expect, Input, Pointer};
use model::{Rule, State};

#[cfg(not(test))]
libfuzzer_sys::fuzz_target!(|data: &[u8]| check(data));

/// The largest board a session gets (valid larger sizes are skipped; smaller under Miri).
const MAX_CELLS: usize = if cfg!(miri) { 64 } else { 1 << 12 };
/// The largest board a no-guess session gets: its generator runs the solver many times.
const MAX_NO_GUESS_CELLS: usize = if cfg!(miri) { 16 } else { 100 };
/// What a view may show: 'X' and 'M' only after a loss.
const VIEW_ALPHABET: &[u8] = b"EFB12345678XM";
const BOARD_ALPHABET: &[u8] = b"MEBX12345678";

pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let created = if input.u8() < 160 {
        new_game(&mut input)
    } else {
        from_board(&mut input)
    };
    let Some((handle, mut game)) = created else {
        return;
    };
    for _ in 0..input.below(24) {
        play(&mut input, handle, &mut game);
        if game.gave_up {
            break;
        }
    }
    // SAFETY: `handle` came from gg_mines_new / gg_mines_from_board and is released once.
    unsafe { gg_mines_free(handle) };
}

/// The model game next to a live handle.
struct Session {
    model: model::Game,
    cells: usize,
    /// The no-guess logic (`GG_NO_GUESS_*`) of a game whose mines wait for the first reveal,
    /// which the model cannot place.
    no_guess_pending: Option<u32>,
    /// The no-guess generator gave up once: each retry would spend its whole work budget again
    /// (half a second natively, ten under the fuzzer's instrumentation), so the session ends.
    gave_up: bool,
}

fn rule_of(first_click: u32) -> Option<Rule> {
    match first_click {
        GG_FIRST_CLICK_ANY => Some(Rule::Any),
        GG_FIRST_CLICK_SAFE => Some(Rule::Safe),
        GG_FIRST_CLICK_OPENING => Some(Rule::Opening),
        _ => None,
    }
}

/// The handle gg_mines_new or gg_mines_from_board must leave alone on error.
fn untouched_handle() -> *mut gg_mines {
    std::ptr::NonNull::dangling().as_ptr()
}

fn new_game(input: &mut Input) -> Option<(*mut gg_mines, Session)> {
    let rows = input.dim(12);
    let cols = input.dim(12);
    let first_click = match input.u8() {
        0..=243 => input.below(3) as u32,
        _ => [3, u32::MAX, input.u32()][input.below(3)],
    };
    let cells = area(rows, cols, 1, usize::MAX);
    let most = match (cells, rule_of(first_click)) {
        (Ok(c), Some(Rule::Any)) => c,
        (Ok(c), Some(Rule::Safe)) => c - 1,
        (Ok(c), _) => c.saturating_sub(rows.min(3) * cols.min(3)),
        (Err(_), _) => 0,
    };
    let mines = match input.u8() {
        0..=199 => input.below(most / 3 + 2),
        200..=229 => most.saturating_sub(input.below(3)),
        230..=243 => most + 1,
        _ => [usize::MAX, input.u64() as usize][input.below(2)],
    };
    let small = cells.is_ok_and(|c| c <= MAX_NO_GUESS_CELLS);
    // Only small boards are generated without a guess, to keep the target fast; refused
    // configurations may be any size.
    let generates = small || !matches!(first_click, GG_FIRST_CLICK_SAFE | GG_FIRST_CLICK_OPENING);
    let no_guess = match input.u8() {
        0..=199 => GG_NO_GUESS_OFF,
        200..=249 if generates => {
            [GG_NO_GUESS_WITH_COUNT, GG_NO_GUESS_NUMBERS_ONLY][input.below(2)]
        }
        250..=255 => input.u32() | 4, // unknown
        _ => GG_NO_GUESS_OFF,
    };
    // A dense no-guess board spends the generator's whole work budget before it gives up (half a
    // second natively for 2 x 50 at a quarter mines, seconds under the fuzzer's
    // instrumentation). Boards of up to 16 cells have few enough layouts for the generator to try
    // them all, at once, so they keep their density; larger ones get at most an eighth mines, so
    // that the target runs thousands of inputs, not a handful.
    let mines = match cells {
        Ok(c)
            if c > 16 && matches!(no_guess, GG_NO_GUESS_WITH_COUNT | GG_NO_GUESS_NUMBERS_ONLY) =>
        {
            mines.min(c / 8)
        }
        _ => mines,
    };
    let cfg = gg_mines_config {
        rows,
        cols,
        mines,
        seed: input.u64(),
        first_click,
        no_guess,
    };
    let mut expect = Expect::new();
    match cells {
        Ok(c) if c > MAX_CELLS => return None, // valid, but more than this target plays
        Ok(_) => {}
        Err(status) => expect.fault(status, "dimensions"),
    }
    let rule = rule_of(first_click);
    if rule.is_none() {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "first_click");
    }
    if no_guess > GG_NO_GUESS_NUMBERS_ONLY {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "no_guess");
    } else if no_guess != GG_NO_GUESS_OFF && first_click == GG_FIRST_CLICK_ANY {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "no_guess with ANY");
    }
    if cells.is_ok() && rule.is_some() && mines > most {
        expect.fault(GG_ERR_TOO_MANY_MINES, "mines");
    }
    let mut cfg_buf = Buffer::new(&[cfg], input.pointer());
    let mut out = Buffer::new(&[untouched_handle()], input.pointer());
    for (null, misaligned, name) in [
        (cfg_buf.ptr_is_null(), cfg_buf.misaligned(), "cfg"),
        (out.ptr_is_null(), out.misaligned(), "out"),
    ] {
        if null {
            expect.fault(GG_ERR_NULL_POINTER, format!("{name} NULL"));
        }
        if misaligned {
            expect.fault(GG_ERR_INVALID_ARGUMENT, format!("{name} misaligned"));
        }
    }
    let (cfg_before, out_before) = (cfg_buf.bytes(), out.bytes());
    // SAFETY: `cfg_buf` holds one config and `out` one handle slot (or NULL / misaligned ones,
    // which the library must refuse before any access).
    let status = unsafe { gg_mines_new(cfg_buf.ptr(), out.ptr()) };
    expect.check(status, &cfg);
    assert_eq!(cfg_buf.bytes(), cfg_before, "cfg changed");
    if status != GG_OK {
        assert_eq!(out.bytes(), out_before, "out written on error");
        return None;
    }
    let handle = out.values()[0];
    assert!(!handle.is_null() && handle != untouched_handle());
    let rule = rule.expect("success needs a known rule");
    let cells = rows * cols;
    let session = Session {
        model: model::Game::new(rows, cols, mines, cfg.seed, rule),
        cells,
        no_guess_pending: (no_guess != GG_NO_GUESS_OFF).then_some(no_guess),
        gave_up: false,
    };
    check_same(handle, &session);
    Some((handle, session))
}

/// A board from a mine layout with correct counts on its revealed cells, sometimes spoiled.
fn from_board(input: &mut Input) -> Option<(*mut gg_mines, Session)> {
    let rows = input.dim(10);
    let cols = input.dim(10);
    let mut expect = Expect::new();
    let cells = match area(rows, cols, 1, usize::MAX) {
        Ok(c) if c > MAX_CELLS => return None,
        Ok(c) => Some(c),
        Err(status) => {
            expect.fault(status, "dimensions");
            None
        }
    };
    let len = cells.unwrap_or(4);
    let (mine_pct, shown_pct) = (input.u8() % 40, input.u8() % 100);
    let mine: Vec<bool> = (0..len).map(|_| input.u8() % 100 < mine_pct).collect();
    let cols_ = if cells.is_some() { cols } else { 2 };
    let count = |i: usize| {
        let (r, c) = ((i / cols_) as isize, (i % cols_) as isize);
        let mut k = 0;
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (rr, cc) = (r + dr, c + dc);
                if (dr, dc) != (0, 0)
                    && rr >= 0
                    && cc >= 0
                    && (cc as usize) < cols_
                    && ((rr as usize) * cols_ + cc as usize) < len
                {
                    k += usize::from(mine[rr as usize * cols_ + cc as usize]);
                }
            }
        }
        k
    };
    let mut board: Vec<u8> = (0..len)
        .map(|i| {
            let shown = input.u8() % 100 < shown_pct;
            match (mine[i], shown) {
                (true, true) if input.u8() < 16 => b'X',
                (true, _) => b'M',
                (false, true) => match count(i) {
                    0 => b'B',
                    k => b'0' + k as u8,
                },
                (false, false) => b'E',
            }
        })
        .collect();
    for _ in 0..input.below(3) {
        if input.u8() < 192 {
            continue;
        }
        let i = input.below(len);
        board[i] = match input.u8() {
            0..=127 => BOARD_ALPHABET[input.below(BOARD_ALPHABET.len())],
            128..=191 => b"F0e9 "[input.below(5)],
            _ => input.u8(),
        };
    }
    if cells.is_some() {
        match model::Game::from_board(&harness::reference::to_rows(&board, cols)) {
            Ok(_) => {}
            Err(model::INVALID_CELL) => expect.fault(GG_ERR_INVALID_CELL, "a byte"),
            Err(_) => expect.fault(GG_ERR_INCONSISTENT, "a count"),
        }
    }
    let mut board_buf = Buffer::new(&board, input.pointer());
    let mut out = Buffer::new(&[untouched_handle()], input.pointer());
    if board_buf.ptr_is_null() {
        expect.fault(GG_ERR_NULL_POINTER, "board NULL");
    }
    if out.ptr_is_null() {
        expect.fault(GG_ERR_NULL_POINTER, "out NULL");
    }
    if out.misaligned() {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "out misaligned");
    }
    let (board_before, out_before) = (board_buf.bytes(), out.bytes());
    // SAFETY: `board_buf` holds rows * cols chars unless the library must refuse the size
    // first; `out` one handle slot (or NULL / misaligned, refused before any access).
    let status = unsafe { gg_mines_from_board(board_buf.ptr().cast(), rows, cols, out.ptr()) };
    expect.check(status, &(rows, cols, String::from_utf8_lossy(&board)));
    assert_eq!(board_buf.bytes(), board_before, "the board changed");
    if status != GG_OK {
        assert_eq!(out.bytes(), out_before, "out written on error");
        return None;
    }
    let handle = out.values()[0];
    assert!(!handle.is_null() && handle != untouched_handle());
    let model = model::Game::from_board(&harness::reference::to_rows(&board, cols))
        .expect("accepted by the library");
    let session = Session {
        model,
        cells: rows * cols,
        no_guess_pending: None,
        gave_up: false,
    };
    check_same(handle, &session);
    Some((handle, session))
}

fn state_code(s: State) -> u32 {
    match s {
        State::Playing => GG_MINES_PLAYING,
        State::Won => GG_MINES_WON,
        State::Lost => GG_MINES_LOST,
    }
}

fn read(handle: *mut gg_mines, cells: usize, board: bool) -> Vec<u8> {
    let mut v = vec![0u8; cells];
    // SAFETY: a live handle; `v` holds `cells` chars.
    let status = unsafe {
        if board {
            gg_mines_board(handle, v.as_mut_ptr().cast(), cells)
        } else {
            gg_mines_view(handle, v.as_mut_ptr().cast(), cells)
        }
    };
    assert_eq!(status, GG_OK, "{}", last_error());
    v
}

fn state(handle: *mut gg_mines) -> u32 {
    let mut s = 77;
    // SAFETY: a live handle and a live local.
    assert_eq!(unsafe { gg_mines_state(handle, &mut s) }, GG_OK);
    s
}

/// The library's view, board and state equal the model's, and the view is in its alphabet.
fn check_same(handle: *mut gg_mines, s: &Session) {
    let view = read(handle, s.cells, false);
    let st = state(handle);
    assert!(
        view.iter().all(|b| VIEW_ALPHABET.contains(b)),
        "view outside the alphabet: {}",
        String::from_utf8_lossy(&view)
    );
    if st != GG_MINES_LOST {
        assert!(
            !view.iter().any(|&b| b == b'X' || b == b'M'),
            "mines shown in play"
        );
    }
    assert_eq!(st, state_code(s.model.state), "state");
    assert_eq!(
        String::from_utf8_lossy(&view),
        String::from_utf8_lossy(&s.model.view()),
        "view"
    );
    if s.no_guess_pending.is_none() {
        let board = read(handle, s.cells, true);
        assert_eq!(
            String::from_utf8_lossy(&board),
            String::from_utf8_lossy(&s.model.board()),
            "true board"
        );
    }
}

fn play(input: &mut Input, handle: *mut gg_mines, s: &mut Session) {
    let (rows, cols) = (s.model.rows, s.model.cols);
    // Now and then the call gets a NULL handle instead.
    let null_game = input.u8() < 6;
    let game = if null_game {
        std::ptr::null_mut()
    } else {
        handle
    };
    let before_state = state(handle);
    match input.u8() % 6 {
        kind @ 0..=2 => {
            let (r, c) = (input.coordinate(rows), input.coordinate(cols));
            let first_no_guess = s.no_guess_pending.is_some() && kind == 0 && !null_game;
            let view_before = read(handle, s.cells, false);
            // SAFETY: `game` is the live handle or NULL.
            let status = unsafe {
                match kind {
                    0 => gg_mines_reveal(game, r, c),
                    1 => gg_mines_toggle_flag(game, r, c),
                    _ => gg_mines_chord(game, r, c),
                }
            };
            harness::assert_known(status);
            if null_game {
                assert_eq!(status, GG_ERR_NULL_POINTER);
                assert!(last_error().ends_with(" is NULL"));
            } else if first_no_guess {
                no_guess_reveal(handle, s, r, c, status, &view_before);
            } else {
                let want = match kind {
                    0 => s.model.reveal(r, c),
                    1 => s.model.toggle_flag(r, c),
                    _ => s.model.chord(r, c),
                };
                assert_eq!(status, want, "move {kind} at ({r}, {c}): {}", last_error());
            }
            if status != GG_OK {
                assert_eq!(
                    read(handle, s.cells, false),
                    view_before,
                    "changed on error"
                );
            }
            if before_state != GG_MINES_PLAYING && !null_game {
                assert_eq!(status, GG_ERR_GAME_OVER, "a move after the end");
            }
            let after = state(handle);
            assert!(
                before_state == GG_MINES_PLAYING || after == before_state,
                "a finished game changed state"
            );
        }
        kind @ 3..=4 => {
            let board = kind == 4;
            let cap = match input.u8() {
                0..=191 => s.cells,
                192..=223 => s.cells.saturating_sub(1 + input.below(2)),
                224..=239 => 0,
                _ => s.cells + 1 + input.below(4),
            };
            let kind_ptr = match input.u8() {
                0..=5 => Pointer::Null,
                _ => Pointer::Valid,
            };
            let mut out = Buffer::new(&vec![b'#'; cap.max(1)], kind_ptr);
            let mut expect = Expect::new();
            if null_game {
                expect.fault(GG_ERR_NULL_POINTER, "game NULL");
            }
            if out.ptr_is_null() {
                expect.fault(GG_ERR_NULL_POINTER, "out NULL");
            }
            if cap < s.cells {
                expect.fault(GG_ERR_BUFFER_TOO_SMALL, "cap");
            }
            let before = out.bytes();
            // SAFETY: `game` is the live handle or NULL; `out` holds at least `cap` chars or is
            // NULL.
            let status = unsafe {
                if board {
                    gg_mines_board(game, out.ptr().cast(), cap)
                } else {
                    gg_mines_view(game, out.ptr().cast(), cap)
                }
            };
            expect.check(status, &(board, cap, s.cells));
            if status != GG_OK {
                assert_eq!(out.bytes(), before, "out written on error");
                return;
            }
            let got = out.values();
            assert!(
                got[s.cells..].iter().all(|&b| b == b'#'),
                "written past rows * cols"
            );
            if board {
                let alphabet_ok = got[..s.cells].iter().all(|b| BOARD_ALPHABET.contains(b));
                assert!(alphabet_ok, "board outside the alphabet");
                if s.no_guess_pending.is_none() {
                    assert_eq!(&got[..s.cells], &s.model.board()[..], "true board");
                }
            } else {
                assert_eq!(&got[..s.cells], &s.model.view()[..], "view");
            }
        }
        _ => {
            let mut out = Buffer::new(&[0xDEAD_u32], input.pointer());
            let mut expect = Expect::new();
            if null_game {
                expect.fault(GG_ERR_NULL_POINTER, "game NULL");
            }
            if out.ptr_is_null() {
                expect.fault(GG_ERR_NULL_POINTER, "state_out NULL");
            }
            if out.misaligned() {
                expect.fault(GG_ERR_INVALID_ARGUMENT, "state_out misaligned");
            }
            let before = out.bytes();
            // SAFETY: `game` is the live handle or NULL; `out` one uint32_t or NULL/misaligned.
            let status = unsafe { gg_mines_state(game, out.ptr()) };
            expect.check(status, &"state");
            if status != GG_OK {
                assert_eq!(out.bytes(), before, "state_out written on error");
                return;
            }
            assert_eq!(out.values()[0], state_code(s.model.state));
        }
    }
    check_same(handle, s);
}

/// The first reveal of a no-guess game: it opens a zero, or fails with
/// GG_ERR_GENERATION_FAILED changing nothing. Then the model follows the library's board.
fn no_guess_reveal(
    handle: *mut gg_mines,
    s: &mut Session,
    r: usize,
    c: usize,
    status: i32,
    view_before: &[u8],
) {
    let (rows, cols) = (s.model.rows, s.model.cols);
    let inside = r < rows && c < cols;
    let flagged = inside && view_before[r * cols + c] == b'F';
    if !inside {
        assert_eq!(status, GG_ERR_OUT_OF_BOUNDS);
        return;
    }
    if flagged {
        // A flagged cell is not revealed, and the mines keep waiting.
        assert_eq!(status, GG_OK);
        return;
    }
    if status == GG_ERR_GENERATION_FAILED {
        assert_eq!(state(handle), GG_MINES_PLAYING);
        s.gave_up = true;
        return;
    }
    assert_eq!(status, GG_OK, "first no-guess reveal: {}", last_error());
    let board = read(handle, s.cells, true);
    let view = read(handle, s.cells, false);
    let (rule, placed, _) = s.model.pending.expect("mines were pending");
    if rule == Rule::Opening {
        assert_eq!(view[r * cols + c], b'B', "the first reveal opens a zero");
    }
    let mines = board.iter().filter(|&&b| b == b'M').count();
    assert_eq!(mines, placed, "mines placed");
    // The board needs no guess from here, by the exact check and the same logic.
    let logic = match s.no_guess_pending.expect("a no-guess game") {
        GG_NO_GUESS_WITH_COUNT => GG_SOLVE_WITH_COUNT,
        _ => GG_SOLVE_NUMBERS_ONLY,
    };
    let mut left = usize::MAX;
    // SAFETY: `board` holds rows * cols bytes; `left` is a live local.
    let st =
        unsafe { gg_mines_solvable(board.as_ptr().cast(), rows, cols, r, c, logic, &mut left) };
    assert_eq!((st, left), (GG_OK, 0), "the no-guess board needs a guess");
    // Follow the library's board from now on, with the flags the player had set.
    let mut model = model::Game::from_board(&harness::reference::to_rows(&board, cols))
        .expect("the library's board is consistent");
    for (i, &v) in view.iter().enumerate() {
        if v == b'F' {
            model.flagged[i / cols][i % cols] = true;
        }
    }
    s.model = model;
    s.no_guess_pending = None;
}
