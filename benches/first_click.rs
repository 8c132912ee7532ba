//! The first click, measured: several first clicks played on coupled layouts, so that small
//! differences between them show in a few hundred thousand games.
//!
//! Each game draws one random order of the board's cells (seeded by the game number). For each
//! click, the mines are the first cells of that order that the click does not keep clear
//! (`Exclusion::keeps_clear`: its 3 x 3 block under the modern rule, the cell itself under the
//! classic one). Each click's layout is then uniform, as the game's own placement is, and two
//! clicks' layouts differ only in the few mines their cleared cells move: most games end alike,
//! and the paired difference is far more precise than two independent runs. After the first
//! click, `hint_with_options` plays every move, told the rule (standard effort unless
//! `GG_FC_EFFORT` says `fast` or `deep`).
//!
//! It prints each click's win rate with its 95% Wilson interval, and its difference from the
//! first click's with a 95% interval from the games that one of the two won and the other lost.
//!
//! Run: `cargo bench --bench first_click [-- GAMES]` (default 1000; seeds 0..GAMES). Pick with
//! `GG_FC_LEVEL` (beginner, intermediate or expert; default expert), `GG_FC_RULE` (classic or
//! modern; default modern) and `GG_FC_CLICKS` (`"r,c;r,c"`; default the hint's first click, then
//! its neighbours in the search); `GG_FC_THREADS` (default: every core) does not change the
//! figures. `-- 800000` on expert with `GG_FC_CLICKS="3,3;2,3"` is the measurement in
//! `docs/solver.md`.

mod common;

use common::levels::{wilson, Level, LEVELS};
use gridgames::mines::{
    hint_with_options, Effort, FirstClick, Game, GameState, HintOptions, SplitMix64, View,
};
use gridgames::ErrorKind;
use std::time::Instant;

/// What one thread counted: per click, games won, and games won by it but lost by the first
/// click, and the other way round.
struct Tally {
    won: Vec<u64>,
    only_this: Vec<u64>,
    only_first: Vec<u64>,
}

impl Tally {
    fn new(clicks: usize) -> Tally {
        Tally {
            won: vec![0; clicks],
            only_this: vec![0; clicks],
            only_first: vec![0; clicks],
        }
    }

    fn add(&mut self, other: &Tally) {
        for (mine, theirs) in [
            (&mut self.won, &other.won),
            (&mut self.only_this, &other.only_this),
            (&mut self.only_first, &other.only_first),
        ] {
            mine.iter_mut().zip(theirs).for_each(|(m, t)| *m += t);
        }
    }
}

/// Plays the game whose mines are the first `level.mines` cells of `order` that the first-click
/// rule leaves free, from the click at `click`; whether it was won, or `None` when a hint was
/// refused as too complex to count (as `benches/win_rate.rs` does, the game then counts as lost).
fn play(
    level: &Level,
    order: &[usize],
    first_click: FirstClick,
    click: (usize, usize),
    options: &HintOptions,
) -> Option<bool> {
    let (rows, cols) = (level.rows, level.cols);
    let exclusion = first_click.exclusion(click.0, click.1);
    let mut board = vec![b'E'; rows * cols];
    let free = order
        .iter()
        .filter(|&&i| !exclusion.keeps_clear(rows, cols, i / cols, i % cols));
    for &i in free.take(level.mines) {
        board[i] = b'M';
    }
    let mut game = Game::from_board(&board, rows, cols).expect("a valid board");
    game.reveal(click.0, click.1).expect("the first click");
    while game.state() == GameState::Playing {
        let view = game.view().expect("the view");
        let view = View::parse(&view, rows, cols, level.mines).expect("a consistent view");
        let hint = match hint_with_options(&view, options) {
            Ok(report) => report.hint,
            Err(e) if e.kind() == ErrorKind::TooComplex => return None,
            Err(e) => panic!("a hint: {e}"),
        };
        game.reveal(hint.row, hint.col).expect("a hidden cell");
    }
    Some(game.state() == GameState::Won)
}

/// The games `seeds` of every click.
fn tally(
    level: &Level,
    first_click: FirstClick,
    clicks: &[(usize, usize)],
    options: &HintOptions,
    seeds: impl Iterator<Item = u64>,
) -> Tally {
    let mut t = Tally::new(clicks.len());
    let n = level.rows * level.cols;
    let mut order: Vec<usize> = (0..n).collect();
    for seed in seeds {
        // A fresh shuffle of the identity each game, so that a game's layout is its seed's alone.
        let mut rng = SplitMix64::new(seed ^ 0x9e37_79b9_7f4a_7c15);
        for (i, slot) in order.iter_mut().enumerate() {
            *slot = i;
        }
        for i in (1..n).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        let results: Vec<bool> = clicks
            .iter()
            .map(|&click| {
                play(level, &order, first_click, click, options).unwrap_or_else(|| {
                    eprintln!("seed {seed}, click {click:?}: a hint refused as too complex; lost");
                    false
                })
            })
            .collect();
        for (j, &won) in results.iter().enumerate() {
            t.won[j] += u64::from(won);
            t.only_this[j] += u64::from(won && !results[0]);
            t.only_first[j] += u64::from(results[0] && !won);
        }
    }
    t
}

fn parse_clicks(s: &str) -> Vec<(usize, usize)> {
    s.split(';')
        .map(|p| {
            let (r, c) = p.split_once(',').expect("clicks as \"r,c;r,c\"");
            let cell = |x: &str| x.trim().parse().expect("a row or column number");
            (cell(r), cell(c))
        })
        .collect()
}

fn main() {
    let games: u64 = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let level_name = std::env::var("GG_FC_LEVEL").unwrap_or_else(|_| "expert".into());
    let level = LEVELS
        .iter()
        .find(|l| l.name == level_name)
        .expect("GG_FC_LEVEL: beginner, intermediate or expert");
    let rule = std::env::var("GG_FC_RULE").unwrap_or_else(|_| "modern".into());
    let first_click = match rule.as_str() {
        "modern" => FirstClick::Opening,
        "classic" => FirstClick::Safe,
        _ => panic!("GG_FC_RULE: classic or modern"),
    };
    let options = HintOptions {
        first_click_opens: first_click == FirstClick::Opening,
        effort: match std::env::var("GG_FC_EFFORT").as_deref() {
            Ok("fast") => Effort::Fast,
            Ok("deep") => Effort::Deep,
            Ok("standard") | Err(_) => Effort::Standard,
            Ok(_) => panic!("GG_FC_EFFORT: fast, standard or deep"),
        },
    };
    let clicks = match std::env::var("GG_FC_CLICKS") {
        Ok(s) => parse_clicks(&s),
        Err(_) => {
            let view = View::hidden(level.rows, level.cols, level.mines).unwrap();
            let first = hint_with_options(&view, &options).unwrap().hint;
            let others = if first_click == FirstClick::Opening {
                [(2, 2), (2, 3), (3, 3), (1, 2)]
            } else {
                [(0, 0), (0, 1), (1, 1), (0, 2)]
            };
            let first = (first.row, first.col);
            let mut clicks = vec![first];
            clicks.extend(others.into_iter().filter(|&c| c != first));
            clicks
        }
    };
    let threads = std::env::var("GG_FC_THREADS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1) as u64;
    println!(
        "first clicks on {} {rule}, {} effort, {games} coupled games each (seeds 0..{games}), \
         {threads} threads",
        level.name,
        format!("{:?}", options.effort).to_lowercase()
    );
    let start = Instant::now();
    let parts: Vec<Tally> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let (clicks, options) = (&clicks, &options);
                let seeds = (k..games).step_by(threads as usize);
                s.spawn(move || tally(level, first_click, clicks, options, seeds))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut total = Tally::new(clicks.len());
    for p in &parts {
        total.add(p);
    }
    let n = games.max(1) as f64;
    for (j, &(r, c)) in clicks.iter().enumerate() {
        let (lo, hi) = wilson(total.won[j] as usize, games.max(1) as usize);
        let mut line = format!(
            "  ({r:2}, {c:2})  win {:7.3}% (95% CI {:6.3}-{:6.3}%)",
            100.0 * total.won[j] as f64 / n,
            100.0 * lo,
            100.0 * hi
        );
        if j > 0 {
            let (a, b) = (total.only_this[j] as f64, total.only_first[j] as f64);
            let (fr, fc) = clicks[0];
            line += &format!(
                "  vs ({fr}, {fc}): {:+.3} ± {:.3} points (won only here {}, only there {})",
                100.0 * (a - b) / n,
                100.0 * 1.96 * (a + b).sqrt() / n,
                total.only_this[j],
                total.only_first[j],
            );
        }
        println!("{line}");
    }
    println!(
        "  {:.1} s, {:.0} games/s",
        start.elapsed().as_secs_f64(),
        (games as usize * clicks.len()) as f64 / start.elapsed().as_secs_f64()
    );
}
