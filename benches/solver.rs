//! Solver harness: plays N games per level with the library's own advice and prints the win
//! rate (95% Wilson interval) and games per second, beside a baseline strategy measured in the
//! same run on the same layouts (exact probabilities, lowest risk, no look-ahead).
//!
//! Each game's first click is the hint on the all-hidden view, and the layout keeps that click's
//! 3 x 3 block free of mines, so the first click always opens an area. Mines are placed by a
//! seeded SplitMix64; game `g` of a level uses the same layout for both strategies.
//!
//! Run: `cargo bench --bench solver [-- GAMES]` (default 500 games per level), or set
//! `GG_SOLVER_GAMES`; `GG_SOLVER_LEVELS=expert` (comma-separated) picks levels.

mod common;

use common::Rng;
use gridgames::mines::{
    advise_with, hint, no_guess_layout, probabilities, reveal_empty, Counter, View, LEETCODE_MINES,
};
use std::time::{Duration, Instant};

struct Level {
    name: &'static str,
    rows: usize,
    cols: usize,
    mines: usize,
}

const LEVELS: [Level; 3] = [
    Level {
        name: "beginner",
        rows: 9,
        cols: 9,
        mines: 10,
    },
    Level {
        name: "intermediate",
        rows: 16,
        cols: 16,
        mines: 40,
    },
    Level {
        name: "expert",
        rows: 16,
        cols: 30,
        mines: 99,
    },
];

#[derive(Clone, Copy)]
enum Strategy {
    /// The library's advice: every certain cell, else its best guess.
    Library,
    /// Baseline: exact probabilities, lowest risk (first in row-major order on ties).
    LowestRisk,
}

/// A layout with `mines` mines outside the 3 x 3 block around `(r0, c0)`, as a LeetCode board.
fn layout(level: &Level, r0: usize, c0: usize, seed: u64) -> Vec<u8> {
    let (rows, cols) = (level.rows, level.cols);
    let mut free: Vec<usize> = (0..rows * cols)
        .filter(|&i| (i / cols).abs_diff(r0) > 1 || (i % cols).abs_diff(c0) > 1)
        .collect();
    let mut rng = Rng(seed);
    let mut board = vec![b'E'; rows * cols];
    for k in 0..level.mines {
        let j = k + rng.below((free.len() - k) as u64) as usize;
        free.swap(k, j);
        board[free[k]] = b'M';
    }
    board
}

fn view_of(board: &[u8], level: &Level) -> View {
    let bytes: Vec<u8> = board
        .iter()
        .map(|&b| if b == b'M' { b'E' } else { b })
        .collect();
    View::parse(&bytes, level.rows, level.cols, level.mines).expect("a valid view")
}

/// Plays one game; returns whether it was won and how many guesses it took.
fn play(level: &Level, strategy: Strategy, seed: u64) -> (bool, usize) {
    let (rows, cols) = (level.rows, level.cols);
    let first = hint(&View::hidden(rows, cols, level.mines).expect("valid level")).expect("hint");
    let mut board = layout(level, first.row, first.col, seed);
    reveal_empty(
        &mut board,
        rows,
        cols,
        first.row,
        first.col,
        &LEETCODE_MINES,
    )
    .expect("reveal");
    let safe_total = rows * cols - level.mines;
    let mut guesses = 0;
    let mut counter = Counter::new();
    loop {
        let revealed = board.iter().filter(|&&b| b != b'M' && b != b'E').count();
        if revealed == safe_total {
            return (true, guesses);
        }
        let view = view_of(&board, level);
        let (safe, guess) = match strategy {
            Strategy::Library => {
                let a = match advise_with(&mut counter, &view) {
                    Ok(a) => a,
                    Err(e) => {
                        let bytes = view.to_bytes();
                        for row in bytes.chunks(cols) {
                            eprintln!("{}", String::from_utf8_lossy(row));
                        }
                        panic!("advice failed: {e}");
                    }
                };
                (a.safe, a.best.row * cols + a.best.col)
            }
            Strategy::LowestRisk => {
                let p = counter.probabilities(&view).expect("probabilities");
                let safe = p.safe_cells().to_vec();
                let best = (0..rows * cols)
                    .filter(|&i| view.is_hidden(i))
                    .min_by(|&a, &b| p.get(a).total_cmp(&p.get(b)))
                    .expect("a hidden cell");
                (safe, best)
            }
        };
        if safe.is_empty() {
            guesses += 1;
            if board[guess] == b'M' {
                return (false, guesses);
            }
            reveal_empty(
                &mut board,
                rows,
                cols,
                guess / cols,
                guess % cols,
                &LEETCODE_MINES,
            )
            .expect("reveal");
        } else {
            for i in safe {
                assert_ne!(board[i], b'M', "a certain cell held a mine");
                if board[i] == b'E' {
                    reveal_empty(&mut board, rows, cols, i / cols, i % cols, &LEETCODE_MINES)
                        .expect("reveal");
                }
            }
        }
    }
}

/// Wilson score interval at 95%.
fn wilson(wins: usize, n: usize) -> (f64, f64) {
    let (n, p, z) = (n as f64, wins as f64 / n as f64, 1.959_964);
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    (centre - half, centre + half)
}

struct Tally {
    wins: usize,
    guesses: usize,
    time: Duration,
}

fn run(level: &Level, strategy: Strategy, games: usize, base_seed: u64) -> Tally {
    let mut t = Tally {
        wins: 0,
        guesses: 0,
        time: Duration::ZERO,
    };
    let start = Instant::now();
    for g in 0..games {
        let (won, guesses) = play(level, strategy, base_seed + g as u64);
        t.wins += usize::from(won);
        t.guesses += guesses;
    }
    t.time = start.elapsed();
    t
}

fn report(label: &str, t: &Tally, games: usize) {
    let (lo, hi) = wilson(t.wins, games);
    println!(
        "  {label:<22} win {:6.2}%  (95% CI {:5.2}-{:5.2}%)  {:8.1} games/s  {:.2} guesses/game",
        100.0 * t.wins as f64 / games as f64,
        100.0 * lo,
        100.0 * hi,
        games as f64 / t.time.as_secs_f64(),
        t.guesses as f64 / games as f64,
    );
}

/// Mean time of one `probabilities` call on the views met while playing a few games.
fn engine_timing(level: &Level, games: usize, base_seed: u64) {
    let (rows, cols) = (level.rows, level.cols);
    let mut views = Vec::new();
    for g in 0..games {
        let first = hint(&View::hidden(rows, cols, level.mines).expect("level")).expect("hint");
        let mut board = layout(level, first.row, first.col, base_seed + g as u64);
        reveal_empty(
            &mut board,
            rows,
            cols,
            first.row,
            first.col,
            &LEETCODE_MINES,
        )
        .expect("reveal");
        loop {
            let view = view_of(&board, level);
            let p = match probabilities(&view) {
                Ok(p) => p,
                Err(_) => break,
            };
            views.push(view.clone());
            let next = p.safe_cells().first().copied().or_else(|| {
                (0..rows * cols)
                    .filter(|&i| view.is_hidden(i))
                    .min_by(|&a, &b| p.get(a).total_cmp(&p.get(b)))
            });
            match next {
                Some(i) if board[i] == b'E' => {
                    reveal_empty(&mut board, rows, cols, i / cols, i % cols, &LEETCODE_MINES)
                        .expect("reveal");
                }
                _ => break,
            }
        }
    }
    let t = common::best_time(
        Duration::from_millis(300),
        3,
        || (),
        |()| {
            for v in &views {
                std::hint::black_box(probabilities(v).ok());
            }
        },
    );
    println!(
        "  engine                 {:7.1} us per probabilities() call ({} views from {games} games)",
        t.as_secs_f64() * 1e6 / views.len().max(1) as f64,
        views.len()
    );
}

fn no_guess_timing(level: &Level, boards: usize, base_seed: u64) {
    let first =
        hint(&View::hidden(level.rows, level.cols, level.mines).expect("level")).expect("hint");
    let mut times = Vec::with_capacity(boards);
    let mut failed = 0;
    for b in 0..boards {
        let t = Instant::now();
        let r = no_guess_layout(
            level.rows,
            level.cols,
            level.mines,
            base_seed + b as u64,
            first.row,
            first.col,
        );
        times.push(t.elapsed());
        failed += usize::from(r.is_err());
    }
    let mean = times.iter().sum::<Duration>() / boards.max(1) as u32;
    let worst = times.iter().max().copied().unwrap_or_default();
    println!(
        "  no-guess generation    mean {:7.2} ms  worst {:7.2} ms  ({boards} boards, {failed} failed)",
        mean.as_secs_f64() * 1e3,
        worst.as_secs_f64() * 1e3,
    );
}

fn main() {
    let games = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<usize>().ok())
        .or_else(|| std::env::var("GG_SOLVER_GAMES").ok()?.parse().ok())
        .unwrap_or(500)
        .max(1);
    let wanted = std::env::var("GG_SOLVER_LEVELS").unwrap_or_default();
    println!("solver harness: {games} games per level, one thread (machine may be loaded)");
    for (li, level) in LEVELS.iter().enumerate() {
        if !wanted.is_empty() && !wanted.split(',').any(|w| w.trim() == level.name) {
            continue;
        }
        println!(
            "{} {}x{}/{}:",
            level.name, level.cols, level.rows, level.mines
        );
        let seed = 1_000_000_007 * (li as u64 + 1);
        let lib = run(level, Strategy::Library, games, seed);
        report("library hints", &lib, games);
        let base = run(level, Strategy::LowestRisk, games, seed);
        report("baseline lowest risk", &base, games);
        engine_timing(level, 5, seed);
        no_guess_timing(level, (games / 10).clamp(5, 100), seed);
    }
}
