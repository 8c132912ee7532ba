//! The hint's time and memory on any view, not only the views good play meets.
//!
//! Random consistent 16 x 30 views, each from a random layout:
//! - **expert, shown at random**: 99 mines, a random share (0-100%) of the safe cells revealed,
//!   zeros included. Scattered numbers make the most entangled frontiers;
//! - **expert, after certain moves**: 99 mines, a random share (0-40%) revealed, then every
//!   certain move played, so that the hint has to guess;
//! - **dense, after certain moves**: the same with 170 mines, where frontiers are densest;
//! - **lattices**: crafted views no game meets, a lattice of numbers between hidden cells of a
//!   random size up to the whole board, a fifth of the cells around it mines: frontiers as
//!   entangled as frontiers get, counted in full or refused (`GG_ERR_TOO_COMPLEX`).
//!
//! Then large boards at expert's density, 100 x 100 and 1000 x 1000, shown at random or after
//! certain moves, with a tenth and a hundredth as many views: the hint's look-ahead is bounded by
//! the board's size, so its time should grow with the cells and no faster.
//!
//! Each view is hinted through `gg_mines_hint_with` with `GG_EFFORT_FAST` (counting alone, the
//! baseline), `GG_EFFORT_STANDARD` (what `gg_mines_hint` does), `GG_EFFORT_STANDARD` told the
//! classic rule (`GG_FIRST_CLICK_SAFE`: no three-move score in the middle game, which the
//! standard effort gives dense views under the modern rule; closed views get the opening's under
//! either rule, each view new to it) and, on every tenth view, `GG_EFFORT_DEEP`, all on one
//! thread as a C caller would. It prints the mean and slowest hint, the statuses other than
//! `GG_OK`, the peak heap the hints added and what the library still holds afterwards (its
//! per-thread solver state, kept for the next hint).
//!
//! Run: `cargo bench --bench hint_bounds [-- VIEWS]` (default 1000 views per 16 x 30 family).

mod common;

#[global_allocator]
static ALLOC: common::Counting = common::Counting;

use gridgames::ffi::*;
use gridgames::mines::{advise, digit, SplitMix64, View, EMPTY};
use std::collections::BTreeMap;
use std::time::Instant;

/// A family of views: its name, board, mines, the largest share of safe cells shown, and whether
/// every certain move is then played; or lattices.
struct Family {
    name: &'static str,
    rows: usize,
    cols: usize,
    mines: usize,
    most_shown: f64,
    certain_moves: bool,
    lattice: bool,
}

const FAMILIES: [Family; 4] = [
    Family {
        name: "expert, shown at random",
        rows: 16,
        cols: 30,
        mines: 99,
        most_shown: 1.0,
        certain_moves: false,
        lattice: false,
    },
    Family {
        name: "expert, after certain moves",
        rows: 16,
        cols: 30,
        mines: 99,
        most_shown: 0.4,
        certain_moves: true,
        lattice: false,
    },
    Family {
        name: "dense (170 mines), after certain moves",
        rows: 16,
        cols: 30,
        mines: 170,
        most_shown: 0.4,
        certain_moves: true,
        lattice: false,
    },
    Family {
        name: "lattices",
        rows: 16,
        cols: 30,
        mines: 0,
        most_shown: 0.0,
        certain_moves: false,
        lattice: true,
    },
];

/// Large boards at expert's density (a fifth of the cells mines), where the hint's look-ahead is
/// bounded by the board's size: fewer views of each ([`large_views`]).
const LARGE: [Family; 4] = [
    Family {
        name: "100 x 100, shown at random",
        rows: 100,
        cols: 100,
        mines: 2_000,
        most_shown: 1.0,
        certain_moves: false,
        lattice: false,
    },
    Family {
        name: "100 x 100, after certain moves",
        rows: 100,
        cols: 100,
        mines: 2_000,
        most_shown: 0.4,
        certain_moves: true,
        lattice: false,
    },
    Family {
        name: "1000 x 1000, shown at random",
        rows: 1000,
        cols: 1000,
        mines: 200_000,
        most_shown: 1.0,
        certain_moves: false,
        lattice: false,
    },
    Family {
        name: "1000 x 1000, after certain moves",
        rows: 1000,
        cols: 1000,
        mines: 200_000,
        most_shown: 0.4,
        certain_moves: true,
        lattice: false,
    },
];

/// The views a large family gets of the `views` a 16 x 30 one does: a tenth on 100 x 100, a
/// hundredth on 1000 x 1000, and at least 3.
fn large_views(f: &Family, views: u64) -> u64 {
    let fewer = if f.rows * f.cols > 100_000 { 100 } else { 10 };
    (views / fewer).max(3)
}

/// A view of family `f` from seed `seed`, and its mines; `None` when the certain moves win the
/// game.
fn view(f: &Family, seed: u64) -> Option<(Vec<u8>, usize)> {
    let mut rng = SplitMix64::new(seed);
    let (rows, cols) = (f.rows, f.cols);
    let n = rows * cols;
    let mut mine = vec![false; n];
    let mut placed = 0;
    let lattice = f.lattice.then(|| {
        // Rows and columns at least 5; hidden cells between the numbers on odd (r + c), a
        // hidden ring around them, mines on every other row of those.
        let (h, w) = (5 + rng.below(12) as usize, 5 + rng.below(26) as usize);
        let (top, left) = (
            rng.below((rows - h + 1) as u64),
            rng.below((cols - w + 1) as u64),
        );
        let odd = rng.below(2) as usize;
        (h, w, top as usize, left as usize, odd)
    });
    let in_lattice = |i: usize| {
        lattice.map(|(h, w, top, left, odd)| {
            let (r, c) = (i / cols, i % cols);
            let inside = (top..top + h).contains(&r) && (left..left + w).contains(&c);
            let (r, c) = (r.wrapping_sub(top), c.wrapping_sub(left));
            let edge = r == 0 || r == h - 1 || c == 0 || c == w - 1;
            // (inside, hidden, mine)
            let hidden = inside && (edge || (r + c) % 2 == 1);
            (inside, hidden, hidden && (r + odd) % 2 == 0)
        })
    };
    let mines = match lattice {
        Some(_) => {
            for (i, mine) in mine.iter_mut().enumerate() {
                let (inside, _, m) = in_lattice(i).unwrap();
                *mine = if inside { m } else { rng.below(5) == 0 };
            }
            mine.iter().filter(|&&m| m).count()
        }
        None => f.mines,
    };
    while placed < f.mines {
        let i = rng.below(n as u64) as usize;
        if !mine[i] {
            mine[i] = true;
            placed += 1;
        }
    }
    let number = |i: usize| {
        let (r, c) = (i / cols, i % cols);
        let mut k = 0;
        for rr in r.saturating_sub(1)..(r + 2).min(rows) {
            for cc in c.saturating_sub(1)..(c + 2).min(cols) {
                k += u8::from(mine[rr * cols + cc]);
            }
        }
        digit(k)
    };
    let shown = f.most_shown * rng.below(1000) as f64 / 1000.0;
    let mut bytes: Vec<u8> = (0..n)
        .map(|i| match in_lattice(i) {
            Some((inside, hidden, _)) if inside && !hidden => number(i),
            Some(_) => EMPTY,
            None if mine[i] || rng.below(1000) as f64 >= shown * 1000.0 => EMPTY,
            None => number(i),
        })
        .collect();
    if f.certain_moves {
        loop {
            let v = View::parse(&bytes, rows, cols, mines).unwrap();
            match advise(&v) {
                Ok(a) if !a.safe.is_empty() => a.safe.iter().for_each(|&i| bytes[i] = number(i)),
                Ok(_) => break,
                Err(_) => return None,
            }
        }
    }
    Some((bytes, mines))
}

/// Milliseconds of one hint on a view of family `f`, and its status.
fn hint(f: &Family, bytes: &[u8], mines: usize, first_click: u32, effort: u32) -> (f64, i32) {
    let options = gg_mines_hint_options {
        first_click,
        effort,
    };
    let (mut row, mut col, mut risk, mut win) = (0, 0, 0.0, 0.0);
    assert_eq!(bytes.len(), f.rows * f.cols);
    let t = Instant::now();
    // SAFETY: `bytes` holds rows * cols chars (checked); every other pointer is a live local.
    let status = unsafe {
        gg_mines_hint_with(
            bytes.as_ptr().cast(),
            f.rows,
            f.cols,
            mines,
            &options,
            &mut row,
            &mut col,
            &mut risk,
            &mut win,
        )
    };
    (t.elapsed().as_secs_f64() * 1e3, status)
}

fn main() {
    let views = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<u64>().ok())
        .unwrap_or(1000)
        .max(1);
    println!("hint time on random consistent views, {views} views per 16 x 30 family, one thread");
    println!(
        "{:<40} {:<9} {:>6} {:>8} {:>10} {:>8} {:>8}  other statuses",
        "family", "effort", "views", "mean ms", "slowest ms", "peak MB", "held MB"
    );
    let mb = |b: usize| b as f64 / (1 << 20) as f64;
    let families = FAMILIES.iter().map(|f| (f, views));
    for (f, views) in families.chain(LARGE.iter().map(|f| (f, large_views(f, views)))) {
        let all: Vec<(Vec<u8>, usize)> = (0..)
            .filter_map(|s| view(f, s))
            .take(views as usize)
            .collect();
        for (name, first_click, effort, step) in [
            ("fast", GG_FIRST_CLICK_OPENING, GG_EFFORT_FAST, 1),
            ("standard", GG_FIRST_CLICK_OPENING, GG_EFFORT_STANDARD, 1),
            ("classic", GG_FIRST_CLICK_SAFE, GG_EFFORT_STANDARD, 1),
            ("deep", GG_FIRST_CLICK_OPENING, GG_EFFORT_DEEP, 10),
        ] {
            // A thread of its own, so that no effort finds the views already counted.
            let (total, slowest, n, statuses, peak, held) = std::thread::scope(|s| {
                s.spawn(|| {
                    let (mut total, mut slowest, mut n) = (0.0, 0.0f64, 0);
                    let mut statuses = BTreeMap::new();
                    let start = common::live_bytes();
                    let ((), peak) = common::peak_extra_bytes(|| {
                        for (v, mines) in all.iter().step_by(step) {
                            let (ms, status) = hint(f, v, *mines, first_click, effort);
                            total += ms;
                            slowest = slowest.max(ms);
                            n += 1;
                            if status != GG_OK {
                                *statuses.entry(status).or_insert(0) += 1;
                            }
                        }
                    });
                    let held = common::live_bytes().saturating_sub(start);
                    (total, slowest, n, statuses, peak, held)
                })
                .join()
                .unwrap()
            });
            let other: Vec<String> = statuses
                .iter()
                .map(|(&s, k)| {
                    // SAFETY: gg_status_str returns a static NUL-terminated string.
                    let s = unsafe { std::ffi::CStr::from_ptr(gg_status_str(s)) };
                    format!("{}: {k}", s.to_string_lossy())
                })
                .collect();
            println!(
                "{:<40} {:<9} {:>6} {:>8.3} {:>10.1} {:>8.1} {:>8.1}  {}",
                f.name,
                name,
                n,
                total / n as f64,
                slowest,
                mb(peak),
                mb(held),
                if other.is_empty() {
                    "-".to_string()
                } else {
                    other.join(", ")
                }
            );
        }
    }
}
