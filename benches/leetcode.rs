//! The two LeetCode operations (909 and 529), our C ABI against the published algorithms, on the
//! same inputs.
//!
//! Run with `cargo bench --bench leetcode` (everything, a few minutes) or
//! `cargo bench --bench leetcode -- quick` / `GG_BENCH_QUICK=1 cargo bench --bench leetcode`
//! (small boards only, seconds). Other arguments keep only the cases whose name contains one of
//! them, e.g. `cargo bench --bench leetcode -- quick mines`; `GG_BENCH_OURS_ONLY=1` skips the
//! LeetCode references (for profiling). For each case it prints the time per cell of
//! `gg_snakes_min_rolls` / `gg_mines_click` and of the transcription in
//! `tests/support/leetcode_reference.rs` (LeetCode 909's BFS over a vector-of-rows board,
//! LeetCode 529's second method with its visited grid), their ratio, both against one sequential
//! read of the board, and the peak heap memory each adds beyond the board.

mod common;
#[path = "../tests/support/leetcode_reference.rs"]
mod reference;

use common::{
    as_bytes, best_time, faults_of, ns_per_cell, peak_extra_bytes, sequential_read, Counting, Rng,
};
use gridgames::ffi::{gg_mines_click, gg_snakes_min_rolls, GG_OK};
use gridgames::snakes::Numbering;
use std::hint::black_box;
use std::time::Duration;

#[global_allocator]
static ALLOC: Counting = Counting;

/// How long to keep repeating each measurement (the best run is kept).
#[derive(Clone, Copy)]
struct Budget {
    ours: Duration,
    seed: Duration,
}

/// This thread's CPU time: unlike the wall clock it does not count time spent descheduled, which
/// on a loaded machine grows with the length of a run and so with the board.
fn thread_cpu() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a live, writable timespec.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// The least CPU time of `runs` runs of `f` on fresh inputs from `setup`.
fn best_cpu<I, R>(
    runs: usize,
    mut setup: impl FnMut() -> I,
    mut f: impl FnMut(I) -> R,
) -> Duration {
    (0..runs)
        .map(|_| {
            let input = setup();
            let t = thread_cpu();
            let out = black_box(f(black_box(input)));
            let spent = thread_cpu() - t;
            drop(out);
            spent
        })
        .min()
        .unwrap_or_default()
}

/// Runs `f` once, returning its result, wall time and peak extra heap bytes.
fn once<R>(f: impl FnOnce() -> R) -> (R, Duration, usize) {
    let t = std::time::Instant::now();
    let (r, peak) = peak_extra_bytes(f);
    (r, t.elapsed(), peak)
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".into())
}

/// One line of the table.
struct Row {
    case: String,
    /// Cells handled by one timed run (a whole batch for the LeetCode-sized cases).
    cells: usize,
    /// Bytes of the boards handled by one timed run.
    board_bytes: usize,
    read: Duration,
    ours: Duration,
    /// Least thread CPU time of ours.
    ours_cpu: Duration,
    ours_peak: usize,
    /// `None` when the seed was skipped at this size.
    seed: Option<(Duration, usize)>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = std::env::var_os("GG_BENCH_QUICK").is_some_and(|v| v != "0")
        || args.iter().any(|a| a == "quick" || a == "--quick");
    // Cargo passes `--bench`; anything else that is not `quick` filters cases by name.
    let filters: Vec<&String> = args
        .iter()
        .filter(|a| !a.starts_with("--") && *a != "quick")
        .collect();
    let want = |name: &str| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()));
    let budget = if quick {
        Budget {
            ours: Duration::from_millis(100),
            seed: Duration::from_millis(100),
        }
    } else {
        Budget {
            ours: Duration::from_millis(600),
            seed: Duration::from_millis(600),
        }
    };
    println!(
        "gridgames LeetCode benchmark ({} mode; best of repeated runs; ratios within one run)",
        if quick { "quick" } else { "full" }
    );
    println!(
        "{} CPUs, load average {} at the start",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        load_average()
    );
    println!();

    let mut rows = Vec::new();
    let batch = if quick { 200 } else { 2000 };
    if want("snakes batch") {
        rows.push(snakes_batch(batch, 20, budget));
    }
    if want("mines batch") {
        rows.push(mines_batch(batch / 2, 50, 50, budget));
    }
    let medium = [
        "snakes n=500, 10% jumps anywhere",
        "mines 500x500, 5% mines",
        "snakes n=4000, 2% jumps within ±50",
        "mines 6000x6000, 0.2% mines",
    ];
    if want(medium[0]) {
        rows.push(snakes_case(medium[0], 500, 100_000, None, budget, true));
    }
    if want(medium[1]) {
        rows.push(mines_case(medium[1], 500, 500, 50_000, budget, true));
    }
    if !quick && want(medium[2]) {
        rows.push(snakes_case(medium[2], 4000, 20_000, Some(50), budget, true));
    }
    let comb = "mines comb 64x160000 (queue cap overflows)";
    if !quick && want(comb) {
        let (r, c) = (64, 160_000);
        rows.push(mines_click_case(
            comb,
            r,
            c,
            comb_board(r, c),
            (0, c / 2),
            budget,
            true,
        ));
    }
    if !quick && want(medium[3]) {
        rows.push(mines_case(medium[3], 6000, 6000, 2_000, budget, true));
    }
    if !rows.is_empty() {
        print_table("LeetCode-sized batches, medium and huge boards", &rows);
    }

    // The six board families of the speed goals, median of three side-by-side rounds.
    let families_n = if quick { 1000 } else { 4000 };
    if want("snakes families") {
        snakes_families(families_n);
    }

    // The sweep: same content (2% short jumps; 0.2% mines clicked in the opening) at growing sizes.
    let sides: &[(usize, &str)] = if quick {
        &[(100, "10^4"), (316, "10^5"), (1000, "10^6")]
    } else {
        &[
            (100, "10^4"),
            (316, "10^5"),
            (1000, "10^6"),
            (3162, "10^7"),
            (10_000, "10^8"),
        ]
    };
    let mut sweep = Vec::new();
    for &(n, label) in sides {
        let name = format!("snakes {label} (n={n})");
        if !want(&name) {
            continue;
        }
        // Seed 004's distance map at 10^8 squares needs several GB and about a minute.
        let seed = n < 10_000;
        sweep.push(snakes_case(&name, n, 20_000, Some(50), budget, seed));
    }
    for &(n, label) in sides {
        let name = format!("mines {label} ({n}x{n})");
        if !want(&name) {
            continue;
        }
        sweep.push(mines_case(&name, n, n, 2_000, budget, true));
    }
    if !sweep.is_empty() {
        print_table("Size sweep (time per cell should stay flat)", &sweep);
    }
    println!("Load average {} at the end.", load_average());
    if !quick && want("snakes 10^8") {
        println!(
            "The seed snakes BFS is skipped at 10^8 squares: its distance map alone would take \
             several GB and the run about a minute."
        );
    }
}

/// Whether to skip the seeds on single boards (for profiling ours).
fn ours_only() -> bool {
    std::env::var_os("GG_BENCH_OURS_ONLY").is_some_and(|v| v != "0")
}

// ---------------------------------------------------------------------------------------------
// Snakes and Ladders

/// An `n x n` board with about `ppm` jumps per million squares (never on squares 1 and n*n). With
/// `reach`, destinations are within ±reach of their square (short snakes and ladders, so the whole
/// board is walked); without, anywhere on the board.
fn snakes_board(rng: &mut Rng, n: usize, ppm: u64, reach: Option<u64>) -> Vec<i32> {
    let squares = n * n;
    let num = Numbering::new(n, n);
    let mut cells = vec![-1i32; squares];
    for s in 2..squares {
        if rng.below(1_000_000) >= ppm {
            continue;
        }
        let dest = match reach {
            Some(r) => (s as i64 + rng.below(2 * r + 1) as i64 - r as i64).clamp(1, squares as i64),
            None => 1 + rng.below(squares as u64) as i64,
        };
        if dest != s as i64 {
            cells[num.index_of(s)] = dest as i32;
        }
    }
    cells
}

fn ours_min_rolls(cells: &[i32], n: usize) -> i32 {
    let mut rolls = 0;
    // SAFETY: `cells` holds n*n values and `rolls` is a live local.
    let status = unsafe { gg_snakes_min_rolls(cells.as_ptr(), n, &mut rolls) };
    assert_eq!(status, GG_OK);
    rolls
}

fn snakes_case(
    name: &str,
    n: usize,
    ppm: u64,
    reach: Option<u64>,
    budget: Budget,
    with_seed: bool,
) -> Row {
    let mut rng = Rng::new(n as u64 * 7919 + ppm);
    let cells = snakes_board(&mut rng, n, ppm, reach);
    let read = sequential_read(as_bytes(&cells));
    let (answer, ours_peak) = peak_extra_bytes(|| ours_min_rolls(&cells, n));
    let ours = best_time(budget.ours, 3, || (), |()| ours_min_rolls(&cells, n));
    let ours_cpu = best_cpu(5, || (), |()| ours_min_rolls(&cells, n));
    let seed = (with_seed && !ours_only()).then(|| {
        let rows = reference::to_rows(&cells, n);
        let (want, first, peak) = once(|| reference::snakes_min_rolls(&rows));
        assert_eq!(
            answer, want,
            "{name}: ours and the LeetCode reference disagree"
        );
        let t = best_time(
            budget.seed,
            1,
            || (),
            |()| reference::snakes_min_rolls(&rows),
        );
        (t.min(first), peak)
    });
    eprintln!("  {name}: {answer} rolls");
    Row {
        case: name.to_string(),
        cells: n * n,
        board_bytes: std::mem::size_of_val(&cells[..]),
        read,
        ours,
        ours_cpu,
        ours_peak,
        seed,
    }
}

/// The six board families of the speed goals: (name, jumps per million squares, reach).
const FAMILIES: [(&str, u64, Option<u64>); 6] = [
    ("2% within 50", 20_000, Some(50)),
    ("2% anywhere", 20_000, None),
    ("0.2% within 50", 2_000, Some(50)),
    ("0.2% anywhere", 2_000, None),
    ("10% within 50", 100_000, Some(50)),
    ("20% anywhere", 200_000, None),
];

/// The textbook BFS (a distance array and a queue of squares, the boustrophedon map computed per
/// landing), as a C++ programmer would write seed 004 with `std::vector`: the baseline of the
/// speed goals, beside the seed transcription's hash map.
fn textbook_bfs(cells: &[i32], n: usize) -> i32 {
    let last = n * n;
    let num = Numbering::new(n, n);
    let mut dist = vec![-1i32; last + 1];
    let mut queue = std::collections::VecDeque::with_capacity(1024);
    dist[1] = 0;
    queue.push_back(1usize);
    while let Some(s) = queue.pop_front() {
        if s == last {
            return dist[s];
        }
        for t in s + 1..=(s + 6).min(last) {
            let raw = cells[num.index_of(t)];
            let d = if raw < 0 { t } else { raw as usize };
            if dist[d] < 0 {
                dist[d] = dist[s] + 1;
                queue.push_back(d);
            }
        }
    }
    -1
}

/// Prints, per family at `n x n`, the median of three rounds of one read, ours and the textbook
/// BFS, each round timing the three side by side.
fn snakes_families(n: usize) {
    println!("### Snakes and Ladders families at n = {n} (median of 3 side-by-side rounds)");
    println!();
    println!(
        "| family | rolls | read ms | ours ms | textbook BFS ms | ours / read | ours / BFS \
         | ours peak extra | ours page faults |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (i, &(name, ppm, reach)) in FAMILIES.iter().enumerate() {
        let mut rng = Rng::new(n as u64 * 31 + i as u64);
        let cells = snakes_board(&mut rng, n, ppm, reach);
        let (answer, peak) = peak_extra_bytes(|| ours_min_rolls(&cells, n));
        assert_eq!(
            answer,
            textbook_bfs(&cells, n),
            "{name}: ours and the BFS disagree"
        );
        let budget = Duration::from_millis(50);
        let rounds: Vec<(f64, f64, f64)> = (0..3)
            .map(|_| {
                let read = sequential_read(as_bytes(&cells)).as_secs_f64();
                let ours = best_time(budget, 2, || (), |()| ours_min_rolls(&cells, n));
                let bfs = best_time(budget, 1, || (), |()| textbook_bfs(&cells, n));
                (read, ours.as_secs_f64(), bfs.as_secs_f64())
            })
            .collect();
        let median = |key: fn(&(f64, f64, f64)) -> f64| {
            let mut v: Vec<f64> = rounds.iter().map(key).collect();
            v.sort_by(f64::total_cmp);
            v[1]
        };
        let read = median(|r| r.0);
        let ours = median(|r| r.1);
        let bfs = median(|r| r.2);
        let ratio_read = median(|r| r.1 / r.0);
        let ratio_bfs = median(|r| r.1 / r.2);
        // Repeated calls: the page faults of one made right after another.
        ours_min_rolls(&cells, n);
        let faults = faults_of(|| ours_min_rolls(&cells, n));
        println!(
            "| {name} | {answer} | {:.2} | {:.2} | {:.1} | {ratio_read:.1}x | {ratio_bfs:.3}x | {} \
             ({:.3} x board) | {faults} |",
            read * 1e3,
            ours * 1e3,
            bfs * 1e3,
            human_bytes(peak),
            peak as f64 / std::mem::size_of_val(&cells[..]) as f64
        );
    }
    println!();
}

/// `count` LeetCode-sized boards (n = `n`, 5% jumps anywhere), each solved once per timed run.
fn snakes_batch(count: usize, n: usize, budget: Budget) -> Row {
    let mut rng = Rng::new(909);
    let boards: Vec<Vec<i32>> = (0..count)
        .map(|_| snakes_board(&mut rng, n, 50_000, None))
        .collect();
    let seed_boards: Vec<Vec<Vec<i32>>> = boards.iter().map(|b| reference::to_rows(b, n)).collect();
    for (b, s) in boards.iter().zip(&seed_boards) {
        assert_eq!(ours_min_rolls(b, n), reference::snakes_min_rolls(s));
    }
    let flat: Vec<i32> = boards.concat();
    let read = sequential_read(as_bytes(&flat));
    let run_ours = || boards.iter().map(|b| ours_min_rolls(b, n)).sum::<i32>();
    let run_seed = || {
        seed_boards
            .iter()
            .map(|b| reference::snakes_min_rolls(b))
            .sum::<i32>()
    };
    let (_, ours_peak) = peak_extra_bytes(run_ours);
    let (_, seed_peak) = peak_extra_bytes(run_seed);
    let ours = best_time(budget.ours, 3, || (), |()| run_ours());
    let ours_cpu = best_cpu(5, || (), |()| run_ours());
    let seed = best_time(budget.seed, 3, || (), |()| run_seed());
    Row {
        case: format!("snakes batch {count} x n={n} (LeetCode size)"),
        cells: count * n * n,
        board_bytes: std::mem::size_of_val(&flat[..]),
        read,
        ours,
        ours_cpu,
        ours_peak,
        seed: Some((seed, seed_peak)),
    }
}

// ---------------------------------------------------------------------------------------------
// Minesweeper

/// A hidden board with about `ppm` mines per million cells.
fn mines_board(rng: &mut Rng, rows: usize, cols: usize, ppm: u64) -> Vec<u8> {
    (0..rows * cols)
        .map(|_| {
            if rng.below(1_000_000) < ppm {
                b'M'
            } else {
                b'E'
            }
        })
        .collect()
}

/// The hidden cell with no neighbouring mine nearest the centre (inside the giant opening when
/// there is one), or the centre itself.
fn opening_click(cells: &[u8], rows: usize, cols: usize) -> (usize, usize) {
    let zero = |r: usize, c: usize| {
        (r.saturating_sub(1)..=(r + 1).min(rows - 1)).all(|rr| {
            (c.saturating_sub(1)..=(c + 1).min(cols - 1)).all(|cc| cells[rr * cols + cc] != b'M')
        })
    };
    let (cr, cc) = (rows / 2, cols / 2);
    for d in 0..rows.max(cols) {
        for r in cr.saturating_sub(d)..=(cr + d).min(rows - 1) {
            for c in cc.saturating_sub(d)..=(cc + d).min(cols - 1) {
                if zero(r, c) {
                    return (r, c);
                }
            }
        }
    }
    (cr, cc)
}

fn ours_click(cells: &mut [u8], rows: usize, cols: usize, (r, c): (usize, usize)) {
    // SAFETY: `cells` holds rows*cols bytes and is exclusively borrowed.
    let status = unsafe { gg_mines_click(cells.as_mut_ptr().cast(), rows, cols, r, c) };
    assert_eq!(status, GG_OK);
}

fn mines_case(
    name: &str,
    rows: usize,
    cols: usize,
    ppm: u64,
    budget: Budget,
    with_seed: bool,
) -> Row {
    let mut rng = Rng::new((rows * cols) as u64 + ppm);
    let cells = mines_board(&mut rng, rows, cols, ppm);
    let click = opening_click(&cells, rows, cols);
    mines_click_case(name, rows, cols, cells, click, budget, with_seed)
}

/// A comb: two blank rows on top, then a mine in every fourth column, so that a blank tooth runs
/// down every fourth column. A fill from the top keeps one span per tooth pending: with fewer
/// than about 256 rows that is more than the queue's cap, the worst case for its memory.
fn comb_board(rows: usize, cols: usize) -> Vec<u8> {
    let mut cells = vec![b'E'; rows * cols];
    for row in cells.chunks_mut(cols).skip(3) {
        for cell in row.iter_mut().step_by(4) {
            *cell = b'M';
        }
    }
    cells
}

fn mines_click_case(
    name: &str,
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
    click: (usize, usize),
    budget: Budget,
    with_seed: bool,
) -> Row {
    let read = sequential_read(&cells);

    let mut after = cells.clone();
    let ((), ours_peak) = peak_extra_bytes(|| ours_click(&mut after, rows, cols, click));
    let ours = best_time(
        budget.ours,
        3,
        || cells.clone(),
        |mut b| {
            ours_click(&mut b, rows, cols, click);
            b
        },
    );
    let ours_cpu = best_cpu(
        5,
        || cells.clone(),
        |mut b| {
            ours_click(&mut b, rows, cols, click);
            b
        },
    );
    let opened = after.iter().zip(&cells).filter(|(a, b)| a != b).count();
    let seed = (with_seed && !ours_only()).then(|| {
        let mut want = reference::to_rows(&cells, cols);
        let ((), first, peak) = once(|| reference::mines_click(&mut want, click));
        assert!(
            want.iter().flatten().eq(after.iter()),
            "{name}: ours and the LeetCode reference disagree"
        );
        drop(want);
        let t = best_time(
            budget.seed,
            1,
            || reference::to_rows(&cells, cols),
            |mut b| {
                reference::mines_click(&mut b, click);
                b
            },
        );
        (t.min(first), peak)
    });
    eprintln!(
        "  {name}: click {click:?} revealed {opened} cells ({:.1}%)",
        100.0 * opened as f64 / cells.len() as f64
    );
    // Only where the click opens (nearly) the whole board is that traffic the click's floor.
    if rows * cols >= 1 << 20 && opened * 10 >= cells.len() * 9 {
        let floor = sweep_floor(&cells, rows, cols, click.0);
        eprintln!(
            "  {name}: the row sweeps' memory traffic alone (a pass over the board, then from \
             the click's row down and up each row read two ahead and written; an unplayed board \
             with few mines skips the sweeps): {:.3} ns/cell, {:.1}x one read",
            ns_per_cell(floor, rows * cols),
            floor.as_secs_f64() / read.as_secs_f64()
        );
    }
    Row {
        case: name.to_string(),
        cells: rows * cols,
        board_bytes: cells.len(),
        read,
        ours,
        ours_cpu,
        ours_peak,
        seed,
    }
}

/// The least a click that opens the whole board can cost in memory traffic the way ours moves:
/// one pass that tests every cell (the validation), then the row sweeps' order, each row read two
/// rows ahead of its write, down from `row` and then up from it. Nothing is computed.
fn sweep_floor(cells: &[u8], rows: usize, cols: usize, row: usize) -> Duration {
    let touch = |b: &[u8]| {
        b.chunks(64)
            .fold(0u8, |acc, c| acc | c.iter().fold(0, |a, &x| a | (x ^ b'E')))
    };
    best_time(
        Duration::from_millis(200),
        3,
        || cells.to_vec(),
        |mut b| {
            let mut acc = b.chunks(256).fold(0u8, |o, c| {
                o | c
                    .iter()
                    .fold(0, |a, &x| a | u8::from((x != b'E') & (x != b'M')))
            });
            let order = (row..rows)
                .map(|r| (r, r + 2))
                .chain((0..row).rev().map(|r| (r, r.wrapping_sub(2))));
            for (r, ahead) in order {
                if ahead < rows {
                    acc |= touch(&b[ahead * cols..][..cols]);
                }
                b[r * cols..][..cols].fill(b'B');
            }
            (b, acc)
        },
    )
}

/// `count` LeetCode-sized boards (10% mines), each clicked once per timed run on a random cell
/// that is not a mine.
fn mines_batch(count: usize, rows: usize, cols: usize, budget: Budget) -> Row {
    let mut rng = Rng::new(529);
    let boards: Vec<Vec<u8>> = (0..count)
        .map(|_| mines_board(&mut rng, rows, cols, 100_000))
        .collect();
    let clicks: Vec<(usize, usize)> = boards
        .iter()
        .map(|b| loop {
            let (r, c) = (
                rng.below(rows as u64) as usize,
                rng.below(cols as u64) as usize,
            );
            if b[r * cols + c] == b'E' {
                break (r, c);
            }
        })
        .collect();
    let flat: Vec<u8> = boards.concat();
    let read = sequential_read(&flat);

    let run_ours = |mut bs: Vec<Vec<u8>>| {
        for (b, &click) in bs.iter_mut().zip(&clicks) {
            ours_click(b, rows, cols, click);
        }
        bs
    };
    let run_seed = |mut bs: Vec<Vec<Vec<u8>>>| {
        for (b, &click) in bs.iter_mut().zip(&clicks) {
            reference::mines_click(b, click);
        }
        bs
    };
    let seed_input =
        || -> Vec<Vec<Vec<u8>>> { boards.iter().map(|b| reference::to_rows(b, cols)).collect() };
    let (got, ours_peak) = {
        let input = boards.clone();
        peak_extra_bytes(|| run_ours(input))
    };
    let (want, seed_peak) = {
        let input = seed_input();
        peak_extra_bytes(|| run_seed(input))
    };
    for (g, w) in got.iter().zip(&want) {
        assert!(
            w.iter().flatten().eq(g.iter()),
            "batch: ours and the LeetCode reference disagree"
        );
    }
    let ours = best_time(
        budget.ours,
        3,
        || boards.clone(),
        |bs| black_box(run_ours(bs)),
    );
    let ours_cpu = best_cpu(5, || boards.clone(), |bs| black_box(run_ours(bs)));
    let seed = best_time(budget.seed, 3, seed_input, |bs| black_box(run_seed(bs)));
    Row {
        case: format!("mines batch {count} x {rows}x{cols} (LeetCode size)"),
        cells: count * rows * cols,
        board_bytes: flat.len(),
        read,
        ours,
        ours_cpu,
        ours_peak,
        seed: Some((seed, seed_peak)),
    }
}

// ---------------------------------------------------------------------------------------------
// Output

fn print_table(title: &str, rows: &[Row]) {
    println!("### {title}");
    println!();
    println!(
        "| case | cells | ours ns/cell | ours CPU ns/cell | LeetCode ns/cell | LeetCode / ours \
         | ours / read | LeetCode / read | ours peak extra | LeetCode peak extra |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for r in rows {
        let ours = ns_per_cell(r.ours, r.cells);
        let ratio_read = |t: Duration| t.as_secs_f64() / r.read.as_secs_f64().max(1e-12);
        let mem = |bytes: usize| {
            format!(
                "{} ({:.3} x board)",
                human_bytes(bytes),
                bytes as f64 / r.board_bytes as f64
            )
        };
        let (seed_ns, speedup, seed_read, seed_mem) = match r.seed {
            Some((t, peak)) => (
                format!("{:.2}", ns_per_cell(t, r.cells)),
                format!("{:.1}x", t.as_secs_f64() / r.ours.as_secs_f64()),
                format!("{:.1}", ratio_read(t)),
                mem(peak),
            ),
            None => ("skipped".into(), "-".into(), "-".into(), "-".into()),
        };
        println!(
            "| {} | {} | {:.2} | {:.2} | {} | {} | {:.1} | {} | {} | {} |",
            r.case,
            r.cells,
            ours,
            ns_per_cell(r.ours_cpu, r.cells),
            seed_ns,
            speedup,
            ratio_read(r.ours),
            seed_read,
            mem(r.ours_peak),
            seed_mem
        );
    }
    println!();
}

fn human_bytes(b: usize) -> String {
    const K: f64 = 1024.0;
    let f = b as f64;
    if f < K {
        format!("{b} B")
    } else if f < K * K {
        format!("{:.1} KiB", f / K)
    } else if f < K * K * K {
        format!("{:.1} MiB", f / K / K)
    } else {
        format!("{:.2} GiB", f / K / K / K)
    }
}
