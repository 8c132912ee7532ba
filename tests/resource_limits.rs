//! A huge but valid request whose working memory cannot be allocated gets `GG_ERR_OUT_OF_MEMORY`,
//! not an abort, and the process carries on.
//!
//! Two tests, each re-running itself as a child process under an address-space limit: the
//! snakes search on a board too large for its bit set (below), and the Minesweeper solver, the
//! hint and a no-guess first reveal under a sweep of limits (`solver_*`).
//!
//! The test re-runs itself as a child process (so the address-space limit it sets harms nothing
//! else) that:
//! 1. maps a 32768 x 32768 snakes board (4 GiB of address space) as 4096 views of 1 MiB memory
//!    files, so it costs 2 MiB of memory: all -1 but one snake from high up to square 2, which
//!    leads too far for the sweep (a board of -1 alone takes the sweep, which needs 113 KiB);
//! 2. caps its address space (RLIMIT_AS) at what it uses now plus 16 MiB, less than the 128 MiB
//!    bit set the other searches need (larger than a glibc thread arena's 64 MiB reservation, so
//!    it cannot be carved from address space that is already counted);
//! 3. expects `GG_ERR_OUT_OF_MEMORY` with the output untouched, lifts the cap, and expects the same
//!    call to succeed.
#![cfg(all(target_os = "linux", not(miri)))]

use gridgames::ffi::*;
use std::process::Command;

const CHILD: &str = "GG_RESOURCE_LIMITS_CHILD";
const SOLVER_CHILD: &str = "GG_RESOURCE_LIMITS_SOLVER_CHILD";
const N: usize = 32768;
const CHUNK: usize = 1 << 20;
const HEADROOM: u64 = 16 << 20;

#[test]
fn huge_valid_board_gets_out_of_memory_instead_of_an_abort() {
    if std::env::var_os(CHILD).is_some() {
        child();
        return;
    }
    let text = run_child(
        "huge_valid_board_gets_out_of_memory_instead_of_an_abort",
        CHILD,
    );
    assert!(
        text.contains("child: out of memory reported, then solved"),
        "{text}"
    );
}

fn child() {
    let board = map_board_with_one_snake(N * N);
    let last_error = || {
        let mut buf = [0u8; 256];
        // SAFETY: `buf` holds 256 writable bytes.
        let len = unsafe { gg_last_error_message(buf.as_mut_ptr().cast(), buf.len()) };
        String::from_utf8_lossy(&buf[..len.min(255)]).into_owned()
    };

    let old = get_limit();
    let used = address_space_in_use();
    set_limit(libc::rlimit {
        rlim_cur: used + HEADROOM,
        rlim_max: old.rlim_max,
    });
    let mut rolls = 12345;
    // SAFETY: `board` maps N * N readable int32_t; `rolls` is a live local.
    let status = unsafe { gg_snakes_min_rolls(board, N, &mut rolls) };
    set_limit(old);
    assert_eq!(status, GG_ERR_OUT_OF_MEMORY, "message: {}", last_error());
    assert_eq!(rolls, 12345, "rolls_out written on error");
    assert!(
        last_error().contains("could not allocate"),
        "{}",
        last_error()
    );

    // SAFETY: as above.
    let status = unsafe { gg_snakes_min_rolls(board, N, &mut rolls) };
    assert_eq!(status, GG_OK, "message: {}", last_error());
    // The snake never helps, and its square can be stepped over: N * N - 1 is no multiple of 6.
    assert_eq!(rolls as usize, (N * N - 1).div_ceil(6));
    println!("child: out of memory reported, then solved");
}

/// `cells` int32_t of -1 but the first cell of the second MiB, which holds 2 (the first row
/// holds the last square): read-only views of two 1 MiB memory files.
fn map_board_with_one_snake(cells: usize) -> *const i32 {
    let bytes = cells * 4;
    assert_eq!(bytes % CHUNK, 0);
    // SAFETY: plain system calls on files and mappings this function owns; every pointer it
    // dereferences comes from a successful mmap of at least CHUNK bytes.
    unsafe {
        let file = |first: i32| {
            let fd = libc::memfd_create(c"gg-board".as_ptr(), 0);
            assert!(fd >= 0, "memfd_create: {}", std::io::Error::last_os_error());
            assert_eq!(libc::ftruncate(fd, CHUNK as libc::off_t), 0);
            let page = libc::mmap(
                std::ptr::null_mut(),
                CHUNK,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED,
                fd,
                0,
            );
            assert_ne!(page, libc::MAP_FAILED);
            std::ptr::write_bytes(page.cast::<u8>(), 0xFF, CHUNK);
            page.cast::<i32>().write(first);
            libc::munmap(page, CHUNK);
            fd
        };
        let (plain, snake) = (file(-1), file(2));
        let base = libc::mmap(
            std::ptr::null_mut(),
            bytes,
            libc::PROT_NONE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        );
        assert_ne!(base, libc::MAP_FAILED, "reserve {bytes} bytes");
        for k in 0..bytes / CHUNK {
            let at = base.cast::<u8>().add(k * CHUNK).cast();
            let fd = if k == 1 { snake } else { plain };
            let view = libc::mmap(
                at,
                CHUNK,
                libc::PROT_READ,
                libc::MAP_SHARED | libc::MAP_FIXED,
                fd,
                0,
            );
            assert_eq!(view, at, "map view {k}");
        }
        libc::close(plain);
        libc::close(snake);
        base.cast()
    }
}

/// Bytes of address space this process has mapped (the first field of /proc/self/statm).
fn address_space_in_use() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("read /proc/self/statm");
    let pages: u64 = statm.split_whitespace().next().unwrap().parse().unwrap();
    // SAFETY: sysconf has no preconditions.
    pages * unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as u64
}

fn get_limit() -> libc::rlimit {
    let mut r = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `r` is a valid out-pointer.
    assert_eq!(unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut r) }, 0);
    r
}

fn set_limit(r: libc::rlimit) {
    // SAFETY: `r` is a valid rlimit; lowering or restoring our own soft limit is always allowed.
    assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_AS, &r) }, 0);
}

/// Runs this test binary's test `name` as a child with `var` set and the allocator pinned to
/// one arena whose freed memory goes back to the system, so that every allocation a call makes
/// needs address space the limit counts. Returns its output, after checking it succeeded.
fn run_child(name: &str, var: &str) -> String {
    let out = Command::new(std::env::current_exe().expect("test binary"))
        .args(["--exact", name, "--nocapture", "--test-threads=1"])
        .env(var, "1")
        // glibc gives each thread an arena with 64 MiB of address space reserved up front (and
        // libtest runs the test on its own thread): an allocation refused by mmap under the cap is
        // then carved out of that reserve, which the cap no longer sees. One arena (the main one,
        // grown with brk) keeps every allocation under the cap.
        .env("MALLOC_ARENA_MAX", "1")
        // A fixed mmap threshold (glibc otherwise raises it after each large free, keeping the
        // memory mapped) and a small trim threshold: freed memory leaves the address space.
        .env("MALLOC_MMAP_THRESHOLD_", "65536")
        .env("MALLOC_TRIM_THRESHOLD_", "65536")
        .output()
        .expect("run the child");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "child failed ({}):\n{text}",
        out.status
    );
    text
}

/// The probabilities, the hint and a no-guess first reveal each run under address-space limits
/// from 64 KiB to 64 MiB above what the process uses. Each call must return GG_OK (with the
/// answer it gives without a limit) or GG_ERR_OUT_OF_MEMORY (outputs untouched, a game
/// unchanged), never abort; the tightest limit must refuse and the loosest must not.
#[test]
fn solver_hint_and_no_guess_reveal_get_out_of_memory_instead_of_an_abort() {
    if std::env::var_os(SOLVER_CHILD).is_some() {
        solver_child();
        return;
    }
    let text = run_child(
        "solver_hint_and_no_guess_reveal_get_out_of_memory_instead_of_an_abort",
        SOLVER_CHILD,
    );
    for what in ["probabilities", "hint", "no-guess reveal"] {
        assert!(
            text.contains(&format!("child: {what}: refused, then answered")),
            "{text}"
        );
    }
}

/// Limits above the address space in use, tightest first.
const HEADROOMS: [u64; 6] = [64 << 10, 256 << 10, 1 << 20, 4 << 20, 16 << 20, 64 << 20];

/// Runs `call` once under each limit, then without one. `prepare` makes its inputs before the
/// limit is set, `call` makes the one library call under it, and `check` looks at the outcome
/// once the limit is lifted (with whether it ran limited).
fn sweep<T>(
    what: &str,
    mut prepare: impl FnMut() -> T,
    mut call: impl FnMut(&mut T) -> i32,
    mut check: impl FnMut(T, i32, bool),
) {
    let old = get_limit();
    let mut statuses = Vec::new();
    for headroom in HEADROOMS {
        let mut input = prepare();
        let used = address_space_in_use();
        set_limit(libc::rlimit {
            rlim_cur: used + headroom,
            rlim_max: old.rlim_max,
        });
        let status = call(&mut input);
        set_limit(old);
        assert!(
            status == GG_OK || status == GG_ERR_OUT_OF_MEMORY,
            "{what} under {headroom} bytes: status {status}"
        );
        check(input, status, true);
        statuses.push(status);
    }
    assert_eq!(
        statuses[0], GG_ERR_OUT_OF_MEMORY,
        "{what}: the limit did not bite"
    );
    assert_eq!(
        *statuses.last().unwrap(),
        GG_OK,
        "{what}: 64 MiB were not enough"
    );
    let mut input = prepare();
    let status = call(&mut input);
    assert_eq!(status, GG_OK, "{what} without a limit");
    check(input, status, false);
    println!("child: {what}: refused, then answered ({statuses:?})");
}

/// A 600 x 600 game view, 15% mines, after 22,000 random reveals of safe cells.
fn game_view(n: usize) -> (Vec<u8>, usize) {
    let mines = n * n * 15 / 100;
    let cfg = gg_mines_config {
        rows: n,
        cols: n,
        mines,
        seed: 1,
        first_click: GG_FIRST_CLICK_SAFE,
        no_guess: GG_NO_GUESS_OFF,
    };
    let mut game = std::ptr::null_mut();
    let mut board = vec![0u8; n * n];
    let mut rng = gridgames::rng::SplitMix64::new(7);
    // SAFETY: `cfg`, `game` and `board` are live locals of the sizes the calls are told.
    unsafe {
        assert_eq!(gg_mines_new(&cfg, &mut game), GG_OK);
        assert_eq!(gg_mines_reveal(game, n / 2, n / 2), GG_OK);
        assert_eq!(
            gg_mines_board(game, board.as_mut_ptr().cast(), n * n),
            GG_OK
        );
        for _ in 0..22_000 {
            let i = rng.below((n * n) as u64) as usize;
            if board[i] != b'M' {
                // A revealed cell is left alone: GG_OK either way.
                assert_eq!(gg_mines_reveal(game, i / n, i % n), GG_OK);
            }
        }
        let mut view = vec![0u8; n * n];
        assert_eq!(gg_mines_view(game, view.as_mut_ptr().cast(), n * n), GG_OK);
        gg_mines_free(game);
        (view, mines)
    }
}

fn solver_child() {
    // First, while the heap is fresh: later calls leave freed blocks that a small call could reuse
    // without asking for address space.
    // A no-guess board, generated at the first reveal: refused, the game waits unchanged; made,
    // it is the board made without a limit.
    let (rows, cols) = (300, 300);
    let cfg = gg_mines_config {
        rows,
        cols,
        mines: 9_000,
        seed: 3,
        first_click: GG_FIRST_CLICK_SAFE,
        no_guess: GG_NO_GUESS_WITH_COUNT,
    };
    let mut boards = Vec::new();
    sweep(
        "no-guess reveal",
        || {
            let mut game = std::ptr::null_mut();
            // SAFETY: `cfg` and `game` are live locals.
            assert_eq!(unsafe { gg_mines_new(&cfg, &mut game) }, GG_OK);
            (game, vec![0u8; rows * cols])
        },
        // SAFETY: a live game handle.
        |(game, _)| unsafe { gg_mines_reveal(*game, rows / 2, cols / 2) },
        |(game, mut board), st, _| {
            let mut state = u32::MAX;
            // SAFETY: a live game handle, freed once; `board` holds rows * cols chars.
            unsafe {
                assert_eq!(gg_mines_state(game, &mut state), GG_OK);
                assert_eq!(
                    gg_mines_board(game, board.as_mut_ptr().cast(), rows * cols),
                    GG_OK
                );
                gg_mines_free(game);
            }
            if st == GG_OK {
                boards.push(board);
            } else {
                assert_eq!(state, GG_MINES_PLAYING);
                assert!(
                    board.iter().all(|&b| b == b'E'),
                    "the refused reveal placed mines"
                );
            }
        },
    );
    // The last board was made without a limit; every other equals it.
    let last = boards.last().expect("a board").clone();
    assert!(boards.iter().all(|b| *b == last));

    let n = 600;
    let (view, mines) = game_view(n);
    let mut want = vec![0.0f64; n * n];
    // SAFETY: `view` holds n * n chars and `want` n * n doubles.
    let st =
        unsafe { gg_mines_probabilities(view.as_ptr().cast(), n, n, mines, want.as_mut_ptr()) };
    assert_eq!(st, GG_OK);
    sweep(
        "probabilities",
        || vec![-7.0f64; n * n],
        |probs| {
            // SAFETY: `view` holds n * n chars and `probs` n * n doubles.
            unsafe { gg_mines_probabilities(view.as_ptr().cast(), n, n, mines, probs.as_mut_ptr()) }
        },
        |probs, st, limited| {
            if st == GG_OK {
                assert!(
                    probs == want,
                    "different probabilities (limited: {limited})"
                );
            } else {
                assert!(
                    probs.iter().all(|&p| p == -7.0),
                    "probs_out written on error"
                );
            }
        },
    );

    let mut want = (0, 0, 0.0);
    // SAFETY: `view` holds n * n chars; the outputs are live locals.
    let st = unsafe {
        gg_mines_hint(
            view.as_ptr().cast(),
            n,
            n,
            mines,
            &mut want.0,
            &mut want.1,
            &mut want.2,
        )
    };
    assert_eq!(st, GG_OK);
    sweep(
        "hint",
        || (usize::MAX, usize::MAX, -7.0),
        |(r, c, risk)| {
            // SAFETY: `view` holds n * n chars; the outputs are live.
            unsafe { gg_mines_hint(view.as_ptr().cast(), n, n, mines, r, c, risk) }
        },
        |got, st, _| {
            let untouched = (usize::MAX, usize::MAX, -7.0);
            assert_eq!(got, if st == GG_OK { want } else { untouched });
        },
    );
}
