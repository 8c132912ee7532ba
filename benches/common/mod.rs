//! Shared by the benchmark programs: a counting allocator for peak extra memory, a timer, the
//! sequential-read baseline, and the Minesweeper levels (`levels.rs`). Each program includes it with `mod common;` and installs the
//! allocator with `#[global_allocator] static ALLOC: common::Counting = common::Counting;`.
#![allow(dead_code)]

pub mod levels; // the Minesweeper levels, the status check and the Wilson interval

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counting live bytes and their peak.
pub struct Counting;

// SAFETY: forwards every call to the system allocator unchanged; the counters are atomics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: same contract as ours.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as ours.
        unsafe { System.dealloc(ptr, layout) };
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: same contract as ours.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
            let now = CURRENT.fetch_add(new_size, Ordering::Relaxed) + new_size;
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
}

/// Heap bytes live now.
pub fn live_bytes() -> usize {
    CURRENT.load(Ordering::Relaxed)
}

/// Runs `f` once and returns the peak of live heap bytes it added on top of what was live before.
pub fn peak_extra_bytes<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let r = f();
    (r, PEAK.load(Ordering::Relaxed).saturating_sub(base))
}

/// The fastest of several timed runs of `f`, repeating for at least `budget` (and at least
/// `min_runs` times). `setup` prepares a fresh input for each run, outside the timed region.
pub fn best_time<I, R>(
    budget: Duration,
    min_runs: usize,
    mut setup: impl FnMut() -> I,
    mut f: impl FnMut(I) -> R,
) -> Duration {
    let start = Instant::now();
    let mut best = Duration::MAX;
    let mut runs = 0;
    while runs < min_runs || start.elapsed() < budget {
        let input = setup();
        let t = Instant::now();
        // Timed up to the result, not its drop: freeing a large board is the caller's cost.
        let out = black_box(f(black_box(input)));
        best = best.min(t.elapsed());
        drop(out);
        runs += 1;
    }
    best
}

/// The time of one sequential read of `bytes` (the floor any O(cells) pass must pay).
pub fn sequential_read(bytes: &[u8]) -> Duration {
    best_time(
        Duration::from_millis(200),
        3,
        || (),
        |()| {
            let mut acc = 0u64;
            for chunk in bytes.chunks_exact(8) {
                acc = acc.wrapping_add(u64::from_ne_bytes(chunk.try_into().unwrap()));
            }
            acc
        },
    )
}

/// Views a slice of plain values as bytes, for `sequential_read`.
pub fn as_bytes<T: Copy>(v: &[T]) -> &[u8] {
    // SAFETY: any initialised Copy value's bytes may be read as u8; the length is the slice's size.
    unsafe { std::slice::from_raw_parts(v.as_ptr().cast(), std::mem::size_of_val(v)) }
}

/// The minor page faults this process has taken so far (Linux; `None` elsewhere): each first
/// touch of a fresh page of memory is one, and on a virtual machine each costs about a
/// microsecond and a half, which the allocator decides by what it keeps between calls.
pub fn minor_faults() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces.
    let rest = &stat[stat.rfind(')')? + 2..];
    rest.split(' ').nth(7)?.parse().ok()
}

/// The minor page faults one call of `f` takes, as text ("-" where they cannot be counted).
pub fn faults_of<R>(f: impl FnOnce() -> R) -> String {
    let before = minor_faults();
    black_box(f());
    match (before, minor_faults()) {
        (Some(a), Some(b)) => (b - a).to_string(),
        _ => "-".to_string(),
    }
}

/// Nanoseconds per cell.
pub fn ns_per_cell(t: Duration, cells: usize) -> f64 {
    t.as_secs_f64() * 1e9 / cells.max(1) as f64
}

/// The seeded generator for benchmark inputs: the library's own.
#[allow(unused_imports)] // not every benchmark draws
pub use gridgames::rng::SplitMix64 as Rng;
