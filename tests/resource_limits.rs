//! A huge but valid request whose working memory cannot be allocated gets `GG_ERR_OUT_OF_MEMORY`,
//! not an abort, and the process carries on.
//!
//! The test re-runs itself as a child process (so the address-space limit it sets harms nothing
//! else) that:
//! 1. maps a 32768 x 32768 snakes board of -1 (4 GiB of address space) as 4096 views of one 1 MiB
//!    memory file, so it costs 1 MiB of memory;
//! 2. caps its address space (RLIMIT_AS) at what it uses now plus 16 MiB, less than the 128 MiB
//!    bit set the search needs (larger than a glibc thread arena's 64 MiB reservation, so it cannot
//!    be carved from address space that is already counted);
//! 3. expects `GG_ERR_OUT_OF_MEMORY` with the output untouched, lifts the cap, and expects the same
//!    call to succeed.
#![cfg(all(target_os = "linux", not(miri)))]

use gridgames::ffi::*;
use std::process::Command;

const CHILD: &str = "GG_RESOURCE_LIMITS_CHILD";
const N: usize = 32768;
const CHUNK: usize = 1 << 20;
const HEADROOM: u64 = 16 << 20;

#[test]
fn huge_valid_board_gets_out_of_memory_instead_of_an_abort() {
    if std::env::var_os(CHILD).is_some() {
        child();
        return;
    }
    let out = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "--exact",
            "huge_valid_board_gets_out_of_memory_instead_of_an_abort",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        // glibc gives each thread an arena with 64 MiB of address space reserved up front (and
        // libtest runs the test on its own thread): an allocation refused by mmap under the cap is
        // then carved out of that reserve, which the cap no longer sees. One arena (the main one,
        // grown with brk) keeps every allocation under the cap.
        .env("MALLOC_ARENA_MAX", "1")
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
    assert!(
        text.contains("child: out of memory reported, then solved"),
        "{text}"
    );
}

fn child() {
    let board = map_board_of_minus_ones(N * N);
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
    assert_eq!(rolls as usize, (N * N - 1).div_ceil(6));
    println!("child: out of memory reported, then solved");
}

/// `cells` int32_t of -1 in read-only views of one 1 MiB memory file.
fn map_board_of_minus_ones(cells: usize) -> *const i32 {
    let bytes = cells * 4;
    assert_eq!(bytes % CHUNK, 0);
    // SAFETY: plain system calls on a file and mappings this function owns; every pointer it
    // dereferences comes from a successful mmap of at least CHUNK bytes.
    unsafe {
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
        libc::munmap(page, CHUNK);
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
        libc::close(fd);
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
