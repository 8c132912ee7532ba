//! Every allocation can fail: SQLite's technique over the C API. For each call, count the
//! allocations it makes; then, for every n (or an even spread of at least 400 points and every
//! one of the first 100, for calls that make thousands), run it again with the n-th allocation
//! failing. The call must return `GG_OK` or `GG_ERR_OUT_OF_MEMORY` and never abort; on
//! `GG_ERR_OUT_OF_MEMORY` its outputs are untouched and nothing leaks (the live allocations come
//! back to where they were); and the same call works afterwards.
//!
//! A counting `#[global_allocator]` fails the chosen allocation of a thread made for the call, and
//! counts what that thread leaves allocated when it ends (its thread-local scratch dropped).

use gridgames::ffi::*;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicI64, Ordering};

struct Failing;

/// Allocations minus deallocations of the tracked threads, counted to the end of each thread,
/// when its thread-local scratch is dropped too.
static NET: AtomicI64 = AtomicI64::new(0);

thread_local! {
    /// Whether this thread's allocations are counted (a thread made for one call).
    static TRACKED: Cell<bool> = const { Cell::new(false) };
    /// Whether this thread fails the chosen allocation.
    static ARMED: Cell<bool> = const { Cell::new(false) };
    /// Allocations counted on this thread while armed.
    static COUNT: Cell<u64> = const { Cell::new(0) };
    /// The allocation to fail (1-based); 0 for none.
    static FAIL_AT: Cell<u64> = const { Cell::new(0) };
}

impl Failing {
    /// Whether this allocation is the one to fail; counts it otherwise.
    fn fails() -> bool {
        if !TRACKED.with(|t| t.get()) {
            return false;
        }
        if ARMED.with(|a| a.get()) {
            let n = COUNT.with(|c| {
                c.set(c.get() + 1);
                c.get()
            });
            if FAIL_AT.with(|f| f.get()) == n {
                return true;
            }
        }
        false
    }

    fn net(delta: i64) {
        if TRACKED.with(|t| t.get()) {
            NET.fetch_add(delta, Ordering::Relaxed);
        }
    }
}

// SAFETY: forwards to the system allocator, or returns NULL, which every caller of an allocator
// must handle.
unsafe impl GlobalAlloc for Failing {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if Self::fails() {
            return std::ptr::null_mut();
        }
        Self::net(1);
        // SAFETY: the caller's layout contract, forwarded.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if Self::fails() {
            return std::ptr::null_mut();
        }
        Self::net(1);
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if Self::fails() {
            return std::ptr::null_mut();
        }
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        Self::net(-1);
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOC: Failing = Failing;

/// Runs `f` on a thread of its own, failing its allocation `fail_at` (0: none); returns its
/// result, the allocations it made, and what the thread left allocated when it ended (its
/// thread-local scratch dropped): more than 0 is a leak.
fn armed<T: Send + 'static>(fail_at: u64, f: fn() -> T) -> (T, u64, i64) {
    // NET is shared: one armed call at a time, whichever test makes it.
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    NET.store(0, Ordering::SeqCst);
    let (r, count) = std::thread::spawn(move || {
        TRACKED.with(|t| t.set(true));
        COUNT.with(|c| c.set(0));
        FAIL_AT.with(|x| x.set(fail_at));
        ARMED.with(|a| a.set(true));
        let r = f();
        ARMED.with(|a| a.set(false));
        (r, COUNT.with(|c| c.get()))
    })
    .join()
    .expect("the call panicked");
    (r, count, NET.load(Ordering::SeqCst))
}

/// The points to fail: every one up to 500 allocations, else the first 100 and 400 spread evenly.
fn points(total: u64) -> Vec<u64> {
    if total <= 500 {
        return (1..=total).collect();
    }
    let mut v: Vec<u64> = (1..=100).collect();
    v.extend((0..400).map(|k| 101 + k * (total - 101) / 400));
    v.dedup();
    v
}

/// What a case observes of its outputs: up to 256 bytes, kept on the stack, since the test must
/// not allocate while the library's allocations are being failed.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Seen {
    bytes: [u8; 256],
    len: usize,
}

impl Seen {
    /// Outputs that were never written: every case fills its outputs with 0xAB first.
    fn untouched(len: usize) -> Seen {
        Seen {
            bytes: [0xAB; 256],
            len,
        }
    }

    fn of<T: Copy>(values: &[T]) -> Seen {
        let n = std::mem::size_of_val(values);
        // SAFETY: reading the bytes of initialised plain values.
        let src = unsafe { std::slice::from_raw_parts(values.as_ptr().cast::<u8>(), n) };
        let mut s = Seen::untouched(n);
        s.bytes[..n].copy_from_slice(src);
        s
    }
}

/// One call of the C API under test: `run` makes it on fresh inputs, its outputs filled with 0xAB
/// first, and returns its status and what it then sees of the outputs.
struct Case {
    name: &'static str,
    run: fn() -> (i32, Seen),
}

fn check(case: &Case) {
    let ((status, want), total, leaked) = armed(0, case.run);
    assert_eq!(
        status, GG_OK,
        "{}: fails without a failing allocation",
        case.name
    );
    assert!(leaked <= 0, "{}: leaks {leaked} allocations", case.name);
    let spots = points(total);
    let mut failures = 0;
    for &n in &spots {
        let ((status, seen), _, leaked) = armed(n, case.run);
        assert!(
            status == GG_OK || status == GG_ERR_OUT_OF_MEMORY,
            "{}: allocation {n} of {total} failing gives status {status}",
            case.name
        );
        // The thread's end may free what the runtime gave it before it was tracked: below 0.
        assert!(
            leaked <= 0,
            "{}: allocation {n} of {total} failing leaks {leaked}",
            case.name
        );
        if status == GG_OK {
            assert_eq!(
                seen, want,
                "{}: allocation {n} failing changes the answer",
                case.name
            );
        } else {
            failures += 1;
            assert_eq!(
                seen,
                Seen::untouched(seen.len),
                "{}: outputs written on failure",
                case.name
            );
        }
        // The next call works.
        let ((again, _), _, _) = armed(0, case.run);
        assert_eq!(
            again, GG_OK,
            "{}: fails after allocation {n} failed",
            case.name
        );
    }
    eprintln!(
        "   {}: {total} allocations, {} failed one at a time, {failures} gave GG_ERR_OUT_OF_MEMORY",
        case.name,
        spots.len()
    );
}

const VIEW: &[u8] = b"B1E1BB1E1BB111BBBBBB";
const AB_USIZE: usize = usize::from_ne_bytes([0xAB; std::mem::size_of::<usize>()]);

fn probabilities() -> (i32, Seen) {
    let mut p = [f64::from_bits(0xABAB_ABAB_ABAB_ABAB); 20];
    // SAFETY: VIEW holds 20 bytes; p holds 20 doubles.
    let s = unsafe { gg_mines_probabilities(VIEW.as_ptr().cast(), 4, 5, 1, p.as_mut_ptr()) };
    (s, Seen::of(&p))
}

fn hint() -> (i32, Seen) {
    let (mut r, mut c) = (AB_USIZE, AB_USIZE);
    let mut risk = f64::from_bits(0xABAB_ABAB_ABAB_ABAB);
    // SAFETY: VIEW holds 20 bytes; the outputs are live locals.
    let s = unsafe { gg_mines_hint(VIEW.as_ptr().cast(), 4, 5, 1, &mut r, &mut c, &mut risk) };
    (s, Seen::of(&[r as u64, c as u64, risk.to_bits()]))
}

/// A forced 50/50 in column 0 beside thousands of layouts: the 50/50 search's allocations.
fn hint_fifty_fifty() -> (i32, Seen) {
    let view = *b"E1B1EEEEEEEEEEEEE1B1EEEEEEEEEEEE"; // 2 x 16, no allocation while armed
    let (mut r, mut c) = (AB_USIZE, AB_USIZE);
    let mut risk = f64::from_bits(0xABAB_ABAB_ABAB_ABAB);
    // SAFETY: the view holds 32 bytes; the outputs are live locals.
    let s = unsafe { gg_mines_hint(view.as_ptr().cast(), 2, 16, 5, &mut r, &mut c, &mut risk) };
    if s == GG_OK {
        assert_eq!((c, risk), (0, 0.5), "the hint takes the forced 50/50");
    }
    (s, Seen::of(&[r as u64, c as u64, risk.to_bits()]))
}

fn hint_with_options() -> (i32, Seen) {
    let (mut r, mut c) = (AB_USIZE, AB_USIZE);
    let mut risk = f64::from_bits(0xABAB_ABAB_ABAB_ABAB);
    let mut win = risk;
    let opt = gg_mines_hint_options {
        first_click: GG_FIRST_CLICK_SAFE,
        effort: GG_EFFORT_DEEP,
    };
    // SAFETY: the view holds 4 bytes; the options and outputs are live locals.
    let s = unsafe {
        gg_mines_hint_with(
            b"1EEE".as_ptr().cast(),
            2,
            2,
            1,
            &opt,
            &mut r,
            &mut c,
            &mut risk,
            &mut win,
        )
    };
    (
        s,
        Seen::of(&[r as u64, c as u64, risk.to_bits(), win.to_bits()]),
    )
}

fn click() -> (i32, Seen) {
    let mut board = *b"EEEEEEEMEEEEEEEEEEEE";
    // SAFETY: board holds 20 bytes.
    let s = unsafe { gg_mines_click(board.as_mut_ptr().cast(), 4, 5, 3, 0) };
    if s != GG_OK {
        // A failed click leaves the board as it was.
        assert_eq!(&board, b"EEEEEEEMEEEEEEEEEEEE");
        return (s, Seen::untouched(20));
    }
    (s, Seen::of(&board))
}

fn min_rolls() -> (i32, Seen) {
    let board = [-1i32; 36];
    let mut rolls = i32::from_ne_bytes([0xAB; 4]);
    // SAFETY: board holds 36 cells.
    let s = unsafe { gg_snakes_min_rolls(board.as_ptr(), 6, &mut rolls) };
    (s, Seen::of(&[rolls]))
}

fn solvable() -> (i32, Seen) {
    let mut left = AB_USIZE;
    let board = b"EEEEEEEMEEEEEEEEEEEE";
    // SAFETY: board holds 20 bytes.
    let s = unsafe {
        gg_mines_solvable(
            board.as_ptr().cast(),
            4,
            5,
            3,
            0,
            GG_SOLVE_WITH_COUNT,
            &mut left,
        )
    };
    (s, Seen::of(&[left as u64]))
}

/// Save, load, undo and the move list on a small given board.
fn mines_record() -> (i32, Seen) {
    let mut out = [0xABu8; 64];
    let mut g = std::ptr::null_mut();
    // SAFETY: a small board, live locals, and handles freed below.
    unsafe {
        let mut s = gg_mines_from_board(b"MEEEEEEEEEEEBBEE".as_ptr().cast(), 4, 4, &mut g);
        let mut len = 0;
        if s == GG_OK {
            s = gg_mines_toggle_flag(g, 0, 0);
        }
        if s == GG_OK {
            s = gg_mines_save(g, out.as_mut_ptr(), out.len(), &mut len);
        }
        let mut l = std::ptr::null_mut();
        if s == GG_OK {
            s = gg_mines_load(out.as_ptr(), len, &mut l);
        }
        if s == GG_OK {
            s = gg_mines_undo(l);
        }
        let (mut count, mut rows, mut cols, mut mines) = (0, 0, 0, 0);
        let mut moves = [std::mem::zeroed::<gg_mines_move>(); 4];
        if s == GG_OK {
            s = gg_mines_moves(g, moves.as_mut_ptr(), 4, &mut count);
        }
        if s == GG_OK {
            s = gg_mines_dimensions(l, &mut rows, &mut cols, &mut mines);
        }
        gg_mines_free(l);
        gg_mines_free(g);
        if s != GG_OK {
            return (s, Seen::untouched(64));
        }
        (s, Seen::of(&out))
    }
}

/// The Milton Bradley board, built once before any call is counted (building it allocates).
static MILTON_BRADLEY: std::sync::OnceLock<Vec<i32>> = std::sync::OnceLock::new();

fn milton_bradley() -> &'static [i32] {
    MILTON_BRADLEY.get_or_init(gridgames::snakes::milton_bradley_jumps)
}

fn snakes_session() -> (i32, Seen) {
    let cfg = gg_snakes_game_config {
        jumps: milton_bradley().as_ptr(),
        squares: 100,
        rules: gg_snakes_rules {
            faces: 6,
            overshoot: GG_OVERSHOOT_STAY,
            start: 0,
        },
        players: 2,
        seed: 7,
    };
    let mut out = [0xABu8; 256];
    let mut g = std::ptr::null_mut();
    // SAFETY: live locals, and handles freed below.
    unsafe {
        let mut s = gg_snakes_game_new(&cfg, &mut g);
        let mut t = std::mem::zeroed();
        for _ in 0..5 {
            if s == GG_OK {
                s = gg_snakes_game_roll(g, &mut t);
            }
        }
        let mut len = 0;
        if s == GG_OK {
            s = gg_snakes_game_save(g, out.as_mut_ptr(), out.len(), &mut len);
        }
        let mut l = std::ptr::null_mut();
        if s == GG_OK {
            s = gg_snakes_game_load(out.as_ptr(), len, &mut l);
        }
        if s == GG_OK {
            s = gg_snakes_game_undo(l);
        }
        if s == GG_OK {
            s = gg_snakes_game_play(l, 3, &mut t);
        }
        let mut state = std::mem::zeroed();
        if s == GG_OK {
            s = gg_snakes_game_state(l, &mut state);
        }
        let mut positions = [0usize; 2];
        if s == GG_OK {
            s = gg_snakes_game_positions(l, positions.as_mut_ptr(), 2);
        }
        let mut turns = [std::mem::zeroed::<gg_snakes_turn>(); 8];
        let mut count = 0;
        if s == GG_OK {
            s = gg_snakes_game_turns(l, turns.as_mut_ptr(), 8, &mut count);
        }
        let (mut players, mut squares) = (0, 0);
        if s == GG_OK {
            s = gg_snakes_game_size(l, &mut players, &mut squares);
        }
        gg_snakes_game_free(l);
        gg_snakes_game_free(g);
        if s != GG_OK {
            return (s, Seen::untouched(256));
        }
        (s, Seen::of(&out))
    }
}

/// A session: new, reveal (placing the mines), flag, chord, view, board, stats, state.
fn session(no_guess: u32) -> (i32, Seen) {
    let cfg = gg_mines_config {
        rows: 9,
        cols: 9,
        mines: 10,
        seed: 2024,
        first_click: GG_FIRST_CLICK_OPENING,
        no_guess,
    };
    let mut view = [0xABu8; 81];
    let mut g = std::ptr::null_mut();
    // SAFETY: live locals, and a handle freed below.
    unsafe {
        let mut s = gg_mines_new(&cfg, &mut g);
        for (r, c) in [(4, 4), (0, 0), (8, 8)] {
            if s == GG_OK {
                s = gg_mines_reveal(g, r, c);
            }
            if s == GG_OK {
                s = gg_mines_toggle_flag(g, r, c);
            }
            if s == GG_OK {
                s = gg_mines_chord(g, r, c);
            }
        }
        let mut stats = std::mem::zeroed();
        let mut state = 0;
        if s == GG_OK {
            s = gg_mines_stats(g, &mut stats);
        }
        if s == GG_OK {
            s = gg_mines_state(g, &mut state);
        }
        if s == GG_OK {
            s = gg_mines_board(g, view.as_mut_ptr().cast(), 81);
        }
        if s == GG_OK {
            s = gg_mines_view(g, view.as_mut_ptr().cast(), 81);
        }
        gg_mines_free(g);
        if s != GG_OK {
            return (s, Seen::untouched(81));
        }
        (s, Seen::of(&view))
    }
}

fn plain_session() -> (i32, Seen) {
    session(GG_NO_GUESS_OFF)
}

fn no_guess_session() -> (i32, Seen) {
    session(GG_NO_GUESS_WITH_COUNT)
}

fn from_board() -> (i32, Seen) {
    let sentinel = 0xAB as *mut gg_mines;
    let mut g = sentinel;
    // SAFETY: a 4 x 4 board and a live local; the handle is freed below.
    let s = unsafe { gg_mines_from_board(b"MEEEEEEEEEEEBBEE".as_ptr().cast(), 4, 4, &mut g) };
    if s != GG_OK {
        assert_eq!(g, sentinel, "*out written on failure");
        return (s, Seen::untouched(1));
    }
    // SAFETY: a handle from the call.
    unsafe { gg_mines_free(g) };
    (s, Seen::of(&[1u8]))
}

fn measure() -> (i32, Seen) {
    let mut out = std::mem::MaybeUninit::<gg_mines_board_stats>::uninit();
    // SAFETY: the board holds 20 bytes; `out` is written only on success.
    let s = unsafe {
        std::ptr::write_bytes(out.as_mut_ptr(), 0xAB, 1);
        gg_mines_measure(
            b"EEEEEEEMEEEEEEEEEEEE".as_ptr().cast(),
            4,
            5,
            out.as_mut_ptr(),
        )
    };
    // SAFETY: fully initialised by write_bytes, then perhaps by the call.
    let out = unsafe { out.assume_init() };
    (s, Seen::of(&[out]))
}

const STANDARD: gg_snakes_rules = gg_snakes_rules {
    faces: 6,
    overshoot: GG_OVERSHOOT_STAY,
    start: 0,
};

fn expected_turns() -> (i32, Seen) {
    let mut e = f64::from_bits(0xABAB_ABAB_ABAB_ABAB);
    // SAFETY: the table holds 100 squares.
    let s = unsafe { gg_snakes_expected_turns(milton_bradley().as_ptr(), 100, &STANDARD, &mut e) };
    (s, Seen::of(&[e.to_bits()]))
}

fn length_distribution() -> (i32, Seen) {
    let mut p = [f64::from_bits(0xABAB_ABAB_ABAB_ABAB); 16];
    let mut tail = f64::from_bits(0xABAB_ABAB_ABAB_ABAB);
    // SAFETY: the table holds 100 squares; p holds 16 doubles.
    let s = unsafe {
        gg_snakes_length_distribution(
            milton_bradley().as_ptr(),
            100,
            &STANDARD,
            2,
            p.as_mut_ptr(),
            16,
            &mut tail,
        )
    };
    let mut all = [0u64; 17];
    for (a, x) in all.iter_mut().zip(p.iter().chain([&tail])) {
        *a = x.to_bits();
    }
    (s, Seen::of(&all))
}

fn win_chances() -> (i32, Seen) {
    let mut w = [f64::from_bits(0xABAB_ABAB_ABAB_ABAB); 3];
    // SAFETY: the table holds 100 squares; w holds 3 doubles.
    let s = unsafe {
        gg_snakes_win_chances(milton_bradley().as_ptr(), 100, &STANDARD, 3, w.as_mut_ptr())
    };
    (s, Seen::of(&w))
}

fn shortest() -> (i32, Seen) {
    let mut faces = [0xABABABABu32; 16];
    let mut turns = i64::from_ne_bytes([0xAB; 8]);
    // SAFETY: the table holds 100 squares; faces holds 16.
    let s = unsafe {
        gg_snakes_shortest(
            milton_bradley().as_ptr(),
            100,
            &STANDARD,
            faces.as_mut_ptr(),
            16,
            &mut turns,
        )
    };
    (s, Seen::of(&[(turns, faces)]))
}

/// Larger inputs, made before anything is armed: they take the paths small ones do not (the
/// flood's row sweeps, the fewest-rolls searches for dense boards, GMRES, the solver's counting
/// and look-ahead, the no-guess repair).
struct Large {
    mines_board: Vec<u8>,
    mines_view: Vec<u8>,
    snakes_grid: Vec<i32>,
    snakes_table: Vec<i32>,
}

static LARGE: std::sync::OnceLock<Large> = std::sync::OnceLock::new();
const SIDE: usize = 120;

fn large() -> &'static Large {
    LARGE.get_or_init(|| {
        let mut rng = gridgames::rng::SplitMix64::new(30);
        let n = SIDE * SIDE;
        let mines_board: Vec<u8> = (0..n)
            .map(|_| if rng.below(100) < 12 { b'M' } else { b'E' })
            .collect();
        // A game's view: the board clicked in a few safe places, mines hidden.
        let mut played = mines_board.clone();
        for k in 0..40 {
            let i = (k * 7919) % n;
            if played[i] == b'E' {
                gridgames::mines::click_cells(&mut played, SIDE, SIDE, i / SIDE, i % SIDE).unwrap();
            }
        }
        let mines_view = played
            .iter()
            .map(|&b| if b == b'M' { b'E' } else { b })
            .collect();
        let mut snakes_grid = vec![-1i32; n];
        let num = gridgames::snakes::Numbering::new(SIDE, SIDE);
        for s in 2..n {
            if rng.below(100) < 10 {
                snakes_grid[num.index_of(s)] = 1 + rng.below(n as u64 - 1) as i32;
            }
        }
        let snakes_table: Vec<i32> = (1..=2000)
            .map(|s| {
                if s > 1 && s < 2000 && rng.below(100) < 2 {
                    s - 1 - rng.below(40.min(s as u64 - 1)) as i32
                } else {
                    -1
                }
            })
            .collect();
        Large {
            mines_board,
            mines_view,
            snakes_grid,
            snakes_table,
        }
    })
}

fn large_click() -> (i32, Seen) {
    let l = large();
    let mut board = [0u8; SIDE * SIDE];
    board.copy_from_slice(&l.mines_board);
    let i = l.mines_board.iter().position(|&b| b == b'E').unwrap();
    // SAFETY: board holds SIDE * SIDE bytes.
    let s = unsafe { gg_mines_click(board.as_mut_ptr().cast(), SIDE, SIDE, i / SIDE, i % SIDE) };
    if s != GG_OK {
        assert!(
            board[..] == l.mines_board[..],
            "a failed click changed the board"
        );
        return (s, Seen::untouched(1));
    }
    (
        s,
        Seen::of(&[board.iter().map(|&b| u64::from(b)).sum::<u64>()]),
    )
}

fn large_min_rolls() -> (i32, Seen) {
    let l = large();
    let mut rolls = i32::from_ne_bytes([0xAB; 4]);
    // SAFETY: the grid holds SIDE * SIDE cells.
    let s = unsafe { gg_snakes_min_rolls(l.snakes_grid.as_ptr(), SIDE, &mut rolls) };
    (s, Seen::of(&[rolls]))
}

fn large_probabilities() -> (i32, Seen) {
    let l = large();
    let mines = l.mines_board.iter().filter(|&&b| b == b'M').count();
    let mut sum = [0u64; 1];
    let mut p = [f64::from_bits(0xABAB_ABAB_ABAB_ABAB); SIDE * SIDE];
    // SAFETY: the view holds SIDE * SIDE bytes, p as many doubles.
    let s = unsafe {
        gg_mines_probabilities(
            l.mines_view.as_ptr().cast(),
            SIDE,
            SIDE,
            mines,
            p.as_mut_ptr(),
        )
    };
    if s != GG_OK {
        assert!(
            p.iter().all(|x| x.to_bits() == 0xABAB_ABAB_ABAB_ABAB),
            "outputs written"
        );
        return (s, Seen::untouched(8));
    }
    sum[0] = p
        .iter()
        .map(|x| x.to_bits() >> 20)
        .fold(0u64, u64::wrapping_add);
    (s, Seen::of(&sum))
}

fn large_hint() -> (i32, Seen) {
    let l = large();
    let mines = l.mines_board.iter().filter(|&&b| b == b'M').count();
    let (mut r, mut c) = (AB_USIZE, AB_USIZE);
    let mut risk = f64::from_bits(0xABAB_ABAB_ABAB_ABAB);
    // SAFETY: the view holds SIDE * SIDE bytes; the outputs are live locals.
    let s = unsafe {
        gg_mines_hint(
            l.mines_view.as_ptr().cast(),
            SIDE,
            SIDE,
            mines,
            &mut r,
            &mut c,
            &mut risk,
        )
    };
    (s, Seen::of(&[r as u64, c as u64, risk.to_bits()]))
}

fn large_solvable() -> (i32, Seen) {
    let l = large();
    let i = l.mines_board.iter().position(|&b| b == b'E').unwrap();
    let mut left = AB_USIZE;
    // SAFETY: the board holds SIDE * SIDE bytes.
    let s = unsafe {
        gg_mines_solvable(
            l.mines_board.as_ptr().cast(),
            SIDE,
            SIDE,
            i / SIDE,
            i % SIDE,
            GG_SOLVE_WITH_COUNT,
            &mut left,
        )
    };
    (s, Seen::of(&[left as u64]))
}

fn large_expected_turns() -> (i32, Seen) {
    let l = large();
    let mut e = f64::from_bits(0xABAB_ABAB_ABAB_ABAB);
    // SAFETY: the table holds 2000 squares.
    let s = unsafe { gg_snakes_expected_turns(l.snakes_table.as_ptr(), 2000, &STANDARD, &mut e) };
    (s, Seen::of(&[e.to_bits()]))
}

fn large_measure() -> (i32, Seen) {
    let l = large();
    let mut out = std::mem::MaybeUninit::<gg_mines_board_stats>::uninit();
    // SAFETY: the board holds SIDE * SIDE bytes; `out` is written only on success.
    let s = unsafe {
        std::ptr::write_bytes(out.as_mut_ptr(), 0xAB, 1);
        gg_mines_measure(l.mines_board.as_ptr().cast(), SIDE, SIDE, out.as_mut_ptr())
    };
    // SAFETY: fully initialised by write_bytes, then perhaps by the call.
    let out = unsafe { out.assume_init() };
    (s, Seen::of(&[out]))
}

/// A dense no-guess board, which the generator repairs after its draws fail.
fn dense_no_guess() -> (i32, Seen) {
    let cfg = gg_mines_config {
        rows: 9,
        cols: 9,
        mines: 22,
        seed: 3,
        first_click: GG_FIRST_CLICK_OPENING,
        no_guess: GG_NO_GUESS_WITH_COUNT,
    };
    let mut view = [0xABu8; 81];
    let mut g = std::ptr::null_mut();
    // SAFETY: live locals, and a handle freed below.
    unsafe {
        let mut s = gg_mines_new(&cfg, &mut g);
        if s == GG_OK {
            s = gg_mines_reveal(g, 4, 4);
        }
        if s == GG_OK {
            s = gg_mines_view(g, view.as_mut_ptr().cast(), 81);
        }
        gg_mines_free(g);
        if s != GG_OK {
            return (s, Seen::untouched(81));
        }
        (s, Seen::of(&view))
    }
}

fn grid_to_jumps() -> (i32, Seen) {
    let grid = [
        -1i32, -1, -1, -1, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    ];
    let mut out = [i32::from_ne_bytes([0xAB; 4]); 16];
    // SAFETY: the grid holds 16 cells, out as many.
    let s = unsafe { gg_snakes_grid_to_jumps(grid.as_ptr(), 4, 4, out.as_mut_ptr(), 16) };
    (s, Seen::of(&out))
}

fn one_move() -> (i32, Seen) {
    let mut to = AB_USIZE;
    // SAFETY: the table holds 100 squares.
    let s = unsafe { gg_snakes_move(milton_bradley().as_ptr(), 100, &STANDARD, 0, 1, &mut to) };
    (s, Seen::of(&[to as u64]))
}

fn status_functions() -> (i32, Seen) {
    let mut buf = [0xABu8; 32];
    // SAFETY: buf holds 32 bytes; the strings are static and NUL-terminated.
    let (a, b, len) = unsafe {
        (
            *gg_status_str(GG_ERR_ZERO_SIZE),
            *gg_version(),
            gg_last_error_message(buf.as_mut_ptr().cast(), buf.len()),
        )
    };
    (GG_OK, Seen::of(&[a as u64, b as u64, len as u64]))
}

/// A refused call and the message it leaves: the status, then the message's bytes.
fn refusal(status: i32) -> (i32, Seen) {
    let mut msg = [0u8; 256];
    // SAFETY: msg holds 256 bytes.
    let len = unsafe { gg_last_error_message(msg.as_mut_ptr().cast(), msg.len()) };
    let mut seen = Seen::of(&msg);
    seen.len = len.min(255);
    (status, seen)
}

fn click_off_the_board() -> (i32, Seen) {
    let mut board = *b"EEEEEEEMEEEEEEEEEEEE";
    // SAFETY: board holds 20 bytes.
    let s = unsafe { gg_mines_click(board.as_mut_ptr().cast(), 4, 5, 9, 7) };
    assert_eq!(&board, b"EEEEEEEMEEEEEEEEEEEE");
    refusal(s)
}

fn snakes_bad_cell() -> (i32, Seen) {
    let mut board = [-1i32; 36];
    board[7] = 40;
    let mut rolls = 0;
    // SAFETY: board holds 36 cells.
    refusal(unsafe { gg_snakes_min_rolls(board.as_ptr(), 6, &mut rolls) })
}

fn view_bad_byte() -> (i32, Seen) {
    let mut p = [0.0f64; 20];
    let mut view = [0u8; 20];
    view.copy_from_slice(VIEW);
    view[3] = b'?';
    // SAFETY: view holds 20 bytes; p holds 20 doubles.
    refusal(unsafe { gg_mines_probabilities(view.as_ptr().cast(), 4, 5, 1, p.as_mut_ptr()) })
}

/// A refusal whose message is put into words (cells, values) must not abort either when memory
/// runs out: it keeps its status, and its message says that the detail was lost.
#[test]
#[cfg_attr(miri, ignore = "many runs of each call")]
fn refusals_keep_their_status_when_memory_runs_out() {
    let lost = b"(the detail was lost: out of memory)";
    for (name, run, status) in [
        (
            "gg_mines_click",
            click_off_the_board as fn() -> (i32, Seen),
            GG_ERR_OUT_OF_BOUNDS,
        ),
        ("gg_snakes_min_rolls", snakes_bad_cell, GG_ERR_INVALID_CELL),
        ("gg_mines_probabilities", view_bad_byte, GG_ERR_INVALID_CELL),
    ] {
        let ((s, full), total, leaked) = armed(0, run);
        assert_eq!(s, status, "{name}");
        assert!(leaked <= 0, "{name}: leaks {leaked}");
        assert!(
            total > 0,
            "{name}: its message allocates nothing, so this tests nothing"
        );
        assert_ne!(&full.bytes[..lost.len()], lost, "{name}");
        for n in 1..=total {
            let ((s, seen), _, leaked) = armed(n, run);
            assert_eq!(s, status, "{name}: allocation {n} of {total} failing");
            assert!(leaked <= 0, "{name}: allocation {n} failing leaks {leaked}");
            assert!(
                seen == full || seen.bytes[..seen.len] == lost[..],
                "{name}: allocation {n} failing leaves the message {:?}",
                String::from_utf8_lossy(&seen.bytes[..seen.len])
            );
        }
    }
}

#[test]
#[cfg_attr(miri, ignore = "thousands of runs of each call")]
fn every_allocation_can_fail() {
    let cases = [
        Case {
            name: "gg_mines_click",
            run: click,
        },
        Case {
            name: "gg_snakes_min_rolls",
            run: min_rolls,
        },
        Case {
            name: "gg_mines_probabilities",
            run: probabilities,
        },
        Case {
            name: "gg_mines_hint",
            run: hint,
        },
        Case {
            name: "gg_mines_hint, a forced 50/50",
            run: hint_fifty_fifty,
        },
        Case {
            name: "gg_mines_hint_with",
            run: hint_with_options,
        },
        Case {
            name: "gg_mines_solvable",
            run: solvable,
        },
        Case {
            name: "gg_mines_save, _load, _undo",
            run: mines_record,
        },
        Case {
            name: "gg_snakes_game_*",
            run: snakes_session,
        },
        Case {
            name: "gg_mines_new and a game's moves",
            run: plain_session,
        },
        Case {
            name: "gg_mines_from_board",
            run: from_board,
        },
        Case {
            name: "gg_mines_measure",
            run: measure,
        },
        Case {
            name: "gg_snakes_shortest",
            run: shortest,
        },
        Case {
            name: "gg_snakes_expected_turns",
            run: expected_turns,
        },
        Case {
            name: "gg_snakes_length_distribution",
            run: length_distribution,
        },
        Case {
            name: "gg_snakes_win_chances",
            run: win_chances,
        },
        Case {
            name: "a no-guess game",
            run: no_guess_session,
        },
        Case {
            name: "gg_snakes_grid_to_jumps",
            run: grid_to_jumps,
        },
        Case {
            name: "gg_snakes_move",
            run: one_move,
        },
        Case {
            name: "gg_status_str, gg_version, gg_last_error_message",
            run: status_functions,
        },
        Case {
            name: "a dense no-guess game",
            run: dense_no_guess,
        },
        Case {
            name: "gg_mines_click, 120 x 120",
            run: large_click,
        },
        Case {
            name: "gg_snakes_min_rolls, 120 x 120",
            run: large_min_rolls,
        },
        Case {
            name: "gg_mines_probabilities, 120 x 120",
            run: large_probabilities,
        },
        Case {
            name: "gg_mines_hint, 120 x 120",
            run: large_hint,
        },
        Case {
            name: "gg_mines_solvable, 120 x 120",
            run: large_solvable,
        },
        Case {
            name: "gg_mines_measure, 120 x 120",
            run: large_measure,
        },
        Case {
            name: "gg_snakes_expected_turns, 2000 squares",
            run: large_expected_turns,
        },
    ];
    large();
    milton_bradley();
    for case in &cases {
        eprintln!("allocation failures: {}", case.name);
        check(case);
    }
}

/// A new entry point cannot slip past the test above: every function the header declares is
/// called in this file.
#[test]
fn every_exported_function_is_called_here() {
    let header = include_str!("../include/gridgames.h");
    let this = include_str!("alloc_failures.rs");
    let mut missing = Vec::new();
    let mut declared = 0;
    for line in header.lines() {
        let Some(start) = line.find("gg_") else {
            continue;
        };
        let rest = &line[start..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        // A declaration: an int32_t/pointer/void function whose name is followed by '('.
        if !rest[end..].starts_with('(') || line.trim_start().starts_with("*") {
            continue;
        }
        let name = &rest[..end];
        declared += 1;
        if !this.contains(&format!("{name}(")) {
            missing.push(name.to_string());
        }
    }
    assert!(
        declared > 40,
        "only {declared} declarations found in the header"
    );
    assert!(
        missing.is_empty(),
        "not called under failing allocations: {missing:?}"
    );
}
