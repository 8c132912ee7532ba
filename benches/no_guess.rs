//! No-guess boards: how they look (3BV) and how long they take, beside the target distribution.
//!
//! For each level and logic, `no_guess_layout` makes boards for seeds 0.. with an opening first
//! click in the middle. Beside them, *rejection sampling*: uniform boards (the same sampler) drawn
//! until `unsolved_after` finds one that needs no guess, which is exactly a uniform draw among
//! no-guess boards. The table gives the mean and 10th-percentile 3BV of both, how many uniform
//! draws rejection needed per board, and the generator's mean and worst time. On dense boards
//! rejection sampling gives up after a cap of draws per board; its column then says so.
//!
//! Run: `cargo bench --bench no_guess [-- BOARDS]` (default 300 per row), or set
//! `GG_NO_GUESS_BOARDS`.

use gridgames::mines::{
    measure, no_guess_layout, unsolved_after, Exclusion, Layout, Logic, SplitMix64,
};
use std::time::{Duration, Instant};

struct Level {
    name: &'static str,
    rows: usize,
    cols: usize,
    mines: usize,
}

const LEVELS: [Level; 4] = [
    Level {
        name: "beginner 9x9/10",
        rows: 9,
        cols: 9,
        mines: 10,
    },
    Level {
        name: "intermediate 16x16/40",
        rows: 16,
        cols: 16,
        mines: 40,
    },
    Level {
        name: "expert 16x30/99",
        rows: 16,
        cols: 30,
        mines: 99,
    },
    Level {
        name: "dense 16x30/130",
        rows: 16,
        cols: 30,
        mines: 130,
    },
];

/// Uniform draws rejection sampling tries per board before giving up.
const REJECTION_CAP: usize = 3000;

fn board_of(mine: &[bool]) -> Vec<u8> {
    mine.iter().map(|&m| if m { b'M' } else { b'E' }).collect()
}

fn bbbv(board: &[u8], level: &Level) -> usize {
    measure(board, level.rows, level.cols)
        .expect("a valid board")
        .bbbv
}

/// (mean, 10th percentile) of `xs`.
fn summary(xs: &mut [usize]) -> (f64, usize) {
    xs.sort_unstable();
    let mean = xs.iter().sum::<usize>() as f64 / xs.len().max(1) as f64;
    (mean, xs.get(xs.len() / 10).copied().unwrap_or(0))
}

fn main() {
    let boards = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<usize>().ok())
        .or_else(|| std::env::var("GG_NO_GUESS_BOARDS").ok()?.parse().ok())
        .unwrap_or(300)
        .max(10);
    println!(
        "no-guess boards, opening first click in the middle, {boards} boards a row, one thread"
    );
    println!(
        "{:<22} {:<13} | {:>9} {:>8} {:>10} {:>10} {:>6} | {:>9} {:>8} {:>12}",
        "level",
        "logic",
        "mean 3BV",
        "p10 3BV",
        "mean ms",
        "worst ms",
        "failed",
        "rej. mean",
        "rej. p10",
        "draws/board"
    );
    for level in &LEVELS {
        let (r, c) = (level.rows / 2, level.cols / 2);
        let layout = Layout {
            rows: level.rows,
            cols: level.cols,
            mines: level.mines,
            exclusion: Exclusion::Block(r, c),
        };
        for (logic, name) in [
            (Logic::WithCount, "with count"),
            (Logic::NumbersOnly, "numbers only"),
        ] {
            let mut ours = Vec::with_capacity(boards);
            let (mut total, mut worst, mut failed) = (Duration::ZERO, Duration::ZERO, 0);
            for seed in 0..boards as u64 {
                let t = Instant::now();
                let made = no_guess_layout(&layout, seed, logic);
                let dt = t.elapsed();
                total += dt;
                worst = worst.max(dt);
                match made {
                    Ok(mine) => ours.push(bbbv(&board_of(&mine), level)),
                    Err(_) => failed += 1,
                }
            }
            // Rejection sampling: a quarter as many boards on dense levels, where it is slow.
            let wanted = if level.mines * 4 > level.rows * level.cols {
                boards / 10
            } else {
                boards
            };
            let mut rng = SplitMix64::new(0x5EED_0000 + level.mines as u64);
            let (mut rejected, mut draws, mut gave_up) = (Vec::new(), 0usize, 0);
            for _ in 0..wanted {
                let mut found = false;
                for _ in 0..REJECTION_CAP {
                    draws += 1;
                    let board = layout.to_board(rng.next_u64()).expect("a valid layout");
                    // A frontier too entangled to count exactly is not a proven win.
                    if unsolved_after(&board, level.rows, level.cols, r, c, logic) == Ok(0) {
                        rejected.push(bbbv(&board, level));
                        found = true;
                        break;
                    }
                }
                gave_up += usize::from(!found);
            }
            let (mean, p10) = summary(&mut ours);
            let ms = |d: Duration| d.as_secs_f64() * 1e3;
            let (rej_mean, rej_p10) = if rejected.is_empty() {
                ("-".to_string(), "-".to_string())
            } else {
                let (m, p) = summary(&mut rejected);
                (format!("{m:.1}"), p.to_string())
            };
            let per_board = if gave_up == wanted {
                format!("none in {REJECTION_CAP}")
            } else {
                format!("{:.1}", draws as f64 / rejected.len().max(1) as f64)
            };
            println!(
                "{:<22} {:<13} | {:>9.1} {:>8} {:>10.2} {:>10.2} {:>6} | {:>9} {:>8} {:>12}",
                level.name,
                name,
                mean,
                p10,
                ms(total) / boards as f64,
                ms(worst),
                failed,
                rej_mean,
                rej_p10,
                per_board
            );
        }
    }
}
