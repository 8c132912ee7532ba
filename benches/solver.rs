//! Solver harness, through the C API as a front end uses it.
//!
//! **Auto-play.** Each game is a `gg_mines_new` session (`GG_FIRST_CLICK_OPENING`, seed = game
//! number) played by asking `gg_mines_hint` once per reveal: view, hint, reveal the hinted cell,
//! until the game is won or lost. The first click is the hint on the all-hidden view. It prints
//! games per second, hint calls per game and the win rate with its 95% Wilson interval.
//!
//! **Probabilities.** The median time of one `gg_mines_probabilities` call on expert views met
//! in the middle of those games (the views between the first click and the last certain move).
//!
//! Run: `cargo bench --bench solver [-- GAMES]` (default 1000 games per level), or set
//! `GG_SOLVER_GAMES`; `GG_SOLVER_LEVELS=expert` (comma-separated) picks levels.
//! `GG_SOLVER_RULE=classic` plays `GG_FIRST_CLICK_SAFE` games instead, each hint told the rule
//! through `gg_mines_hint_with`, so that classic auto-play can be timed the same way
//! (`modern`, the default, is the only other value taken).

mod common;

use common::levels::{check, wilson, Level, LEVELS};
use gridgames::ffi::*;
use std::time::{Duration, Instant};

struct Game {
    handle: *mut gg_mines,
    first_click: u32,
    rows: usize,
    cols: usize,
    mines: usize,
    view: Vec<u8>,
}

impl Game {
    fn new(level: &Level, seed: u64, first_click: u32) -> Game {
        let cfg = gg_mines_config {
            rows: level.rows,
            cols: level.cols,
            mines: level.mines,
            seed,
            first_click,
            no_guess: 0,
        };
        let mut handle = std::ptr::null_mut();
        // SAFETY: both pointers are live locals.
        check(unsafe { gg_mines_new(&cfg, &mut handle) }, "gg_mines_new");
        Game {
            handle,
            first_click,
            rows: level.rows,
            cols: level.cols,
            mines: level.mines,
            view: vec![0; level.rows * level.cols],
        }
    }

    fn state(&self) -> u32 {
        let mut s = 0;
        // SAFETY: a live handle and a live local.
        check(unsafe { gg_mines_state(self.handle, &mut s) }, "state");
        s
    }

    fn refresh(&mut self) {
        // SAFETY: `view` holds rows * cols bytes.
        let st =
            unsafe { gg_mines_view(self.handle, self.view.as_mut_ptr().cast(), self.view.len()) };
        check(st, "gg_mines_view");
    }

    fn hint(&self) -> (usize, usize, f64) {
        let (mut r, mut c, mut risk, mut win) = (0, 0, 0.0, 0.0);
        if self.first_click == GG_FIRST_CLICK_OPENING {
            // SAFETY: the view holds rows * cols bytes; the outputs are live locals.
            let st = unsafe {
                gg_mines_hint(
                    self.view.as_ptr().cast(),
                    self.rows,
                    self.cols,
                    self.mines,
                    &mut r,
                    &mut c,
                    &mut risk,
                )
            };
            check(st, "gg_mines_hint");
        } else {
            let options = gg_mines_hint_options {
                first_click: self.first_click,
                effort: GG_EFFORT_STANDARD,
            };
            // SAFETY: the view holds rows * cols bytes; the options and outputs are live locals.
            let st = unsafe {
                gg_mines_hint_with(
                    self.view.as_ptr().cast(),
                    self.rows,
                    self.cols,
                    self.mines,
                    &options,
                    &mut r,
                    &mut c,
                    &mut risk,
                    &mut win,
                )
            };
            check(st, "gg_mines_hint_with");
        }
        (r, c, risk)
    }

    fn reveal(&self, r: usize, c: usize) {
        // SAFETY: a live handle.
        check(
            unsafe { gg_mines_reveal(self.handle, r, c) },
            "gg_mines_reveal",
        );
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        // SAFETY: the handle came from gg_mines_new and is released once.
        unsafe { gg_mines_free(self.handle) };
    }
}

/// Plays one game with one hint per reveal; returns (won, hint calls). Views met before the
/// first guess are pushed to `views` when given.
fn play(
    level: &Level,
    seed: u64,
    first_click: u32,
    mut views: Option<&mut Vec<Vec<u8>>>,
) -> (bool, usize) {
    let mut game = Game::new(level, seed, first_click);
    let mut hints = 0;
    loop {
        match game.state() {
            GG_MINES_WON => return (true, hints),
            GG_MINES_LOST => return (false, hints),
            _ => {}
        }
        game.refresh();
        let (r, c, risk) = game.hint();
        hints += 1;
        if let Some(v) = views.as_deref_mut() {
            if hints > 1 && risk == 0.0 {
                v.push(game.view.clone());
            }
        }
        game.reveal(r, c);
    }
}

fn autoplay(level: &Level, games: usize, first_click: u32) {
    let (mut wins, mut hints) = (0, 0);
    let start = Instant::now();
    for g in 0..games {
        let (won, h) = play(level, g as u64, first_click, None);
        wins += usize::from(won);
        hints += h;
    }
    let t = start.elapsed();
    let (lo, hi) = wilson(wins, games);
    println!(
        "  auto-play  {:8.1} games/s  {:6.1} hints/game  {:5.1} us/hint  win {:6.2}% (95% CI \
         {:5.2}-{:5.2}%)",
        games as f64 / t.as_secs_f64(),
        hints as f64 / games as f64,
        t.as_secs_f64() * 1e6 / hints.max(1) as f64,
        100.0 * wins as f64 / games as f64,
        100.0 * lo,
        100.0 * hi,
    );
}

fn probabilities_timing(level: &Level, games: usize, first_click: u32) {
    let mut views = Vec::new();
    for g in 0..games {
        play(level, 1_000_000 + g as u64, first_click, Some(&mut views));
    }
    let n = level.rows * level.cols;
    let mut out = vec![0.0f64; n];
    let mut times: Vec<Duration> = views
        .iter()
        .map(|v| {
            let mut best = Duration::MAX;
            for _ in 0..3 {
                let t = Instant::now();
                // SAFETY: `v` holds n bytes and `out` n doubles.
                let st = unsafe {
                    gg_mines_probabilities(
                        v.as_ptr().cast(),
                        level.rows,
                        level.cols,
                        level.mines,
                        out.as_mut_ptr(),
                    )
                };
                best = best.min(t.elapsed());
                check(st, "gg_mines_probabilities");
            }
            best
        })
        .collect();
    times.sort();
    let pick = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e6;
    println!(
        "  gg_mines_probabilities  median {:6.1} us  90th percentile {:6.1} us  ({} mid-game views)",
        pick(0.5),
        pick(0.9),
        times.len()
    );
}

fn main() {
    let games = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<usize>().ok())
        .or_else(|| std::env::var("GG_SOLVER_GAMES").ok()?.parse().ok())
        .unwrap_or(1000)
        .max(1);
    let wanted = std::env::var("GG_SOLVER_LEVELS").unwrap_or_default();
    let (first_click, rule) = match std::env::var("GG_SOLVER_RULE").as_deref() {
        Ok("classic") => (GG_FIRST_CLICK_SAFE, "classic"),
        Ok("modern") | Err(std::env::VarError::NotPresent) => (GG_FIRST_CLICK_OPENING, "modern"),
        // A misspelt rule would time the other rule's games under the wrong name.
        other => panic!("GG_SOLVER_RULE must be classic or modern, not {other:?}"),
    };
    println!("solver through the C API: {games} {rule} games per level, one thread");
    for level in &LEVELS {
        if !wanted.is_empty() && !wanted.split(',').any(|w| w.trim() == level.name) {
            continue;
        }
        println!(
            "{} {}x{}/{}:",
            level.name, level.cols, level.rows, level.mines
        );
        autoplay(level, games, first_click);
        if level.name == "expert" {
            probabilities_timing(level, 40, first_click);
        }
    }
}
