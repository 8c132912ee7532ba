//! Win rates of the hint, reproducible: every level under both rule sets, with fixed seeds.
//!
//! Each game is a `gg_mines_new` session (seed = game number) played through the C API by
//! `gg_mines_hint_with`, one hint per reveal, from the all-hidden view to a win or a loss:
//! - **classic**: `GG_FIRST_CLICK_SAFE` (the first click is only safe), the hint told so;
//! - **modern**: `GG_FIRST_CLICK_OPENING` (the first click opens a zero), the hint told so.
//!
//! It prints, for each level, rule set and effort, the win rate with its 95% Wilson interval,
//! games per second and the slowest single hint with its game's seed (wall time, so a busy
//! machine inflates it: replay the seed alone to time it), then the comparison with the peers
//! ([`PEERS`]).
//!
//! It also prints where the games are lost: the risk of every guess after the first click,
//! summed by phase, is the expected number of losses in that phase (the sum is about the loss
//! rate). Phases: the *opening* (at least 90% of cells hidden), the *middle*, and the *endgame*
//! (the hints of the exact endgame search); *coin flips* are the guesses at 45% risk or more,
//! whatever the phase.
//!
//! A game whose hint is refused with `GG_ERR_TOO_COMPLEX` (a frontier too entangled to count,
//! with no cell proven safe) stops there and counts as lost; the bench names its seed.
//!
//! Run: `cargo bench --bench win_rate [-- GAMES]` (default 1000 a configuration), or set
//! `GG_WIN_GAMES`; `GG_WIN_LEVELS=expert`, `GG_WIN_RULES=modern` and `GG_WIN_EFFORTS=1`
//! (comma-separated) pick, so that two runs can share the work between two cores;
//! `GG_WIN_FIRST_SEED` starts the seeds elsewhere than 0.
//!
//! `GG_WIN_RECORD=FILE` also writes every game to `FILE`, one line each, so that another solver
//! can play the very same layouts and be compared game by game. Paired so, two solvers on
//! expert need a third (modern) to a half (classic) as many games for the same interval as two
//! separate samples do.
//! A line holds the level, rule set, effort (its name), seed, `W`/`L`/`R` (won, lost, refused),
//! `ROWSxCOLS`, the mines (cell indices `row * cols + col`, comma-separated), then the hint's
//! guesses in order, the first click included (`cell:risk:hidden cells before it`,
//! semicolon-separated; certain moves are left out). Writing the file counts in games per second.

mod common;

use common::levels::{check, wilson, Level, LEVELS};
use gridgames::ffi::*;
use std::io::Write;
use std::time::{Duration, Instant};

const RULES: [(&str, u32); 2] = [
    ("classic", GG_FIRST_CLICK_SAFE),
    ("modern", GG_FIRST_CLICK_OPENING),
];

const EFFORTS: [(&str, u32); 3] = [
    ("fast", GG_EFFORT_FAST),
    ("standard", GG_EFFORT_STANDARD),
    ("deep", GG_EFFORT_DEEP),
];

/// The peers' win rates for one level and rule set, as printed.
struct Peers {
    level: &'static str,
    rule: &'static str,
    pseq: &'static str,
    pseq_d256: &'static str,
    hill: &'static str,
    minesolve: &'static str,
}

/// The peers under the same rules (classic: the first click only safe, in a corner; modern: its
/// 3 x 3 block holds no mine, at (2, 2), or (3, 3) on expert):
/// - PSEQ and PSEQ-D256: published in MineSweeperProb's README (b1f6c1c4, 8f5a804), 100-500
///   million games each, SFAR for classic and SNR for modern;
/// - Hill's Java solver: built from its source (DavidNHill/Minesweeper, 0806bb8) and played on
///   this machine by its own bulk runner, bulk default settings, one thread: 50,000 games a rule
///   set on beginner, 90,000 on intermediate, 145,000 classic and 280,000 modern on expert;
/// - minesolve: measured once on this machine from its public source (issue 33; "-" where not
///   measured).
const PEERS: [Peers; 6] = [
    Peers {
        level: "beginner",
        rule: "classic",
        pseq: "91.68% ± 0.002",
        pseq_d256: "91.69% ± 0.005",
        hill: "91.66% (91.41-91.90)",
        minesolve: "-",
    },
    Peers {
        level: "beginner",
        rule: "modern",
        pseq: "97.15% ± 0.002",
        pseq_d256: "97.17% ± 0.003",
        hill: "97.19% (97.04-97.33)",
        minesolve: "-",
    },
    Peers {
        level: "intermediate",
        rule: "classic",
        pseq: "78.12% ± 0.006",
        pseq_d256: "78.23% ± 0.008",
        hill: "78.69% (78.42-78.95)",
        minesolve: "- / 78.54%",
    },
    Peers {
        level: "intermediate",
        rule: "modern",
        pseq: "88.93% ± 0.004",
        pseq_d256: "89.08% ± 0.006",
        hill: "89.33% (89.13-89.53)",
        minesolve: "-",
    },
    Peers {
        level: "expert",
        rule: "classic",
        pseq: "39.62% ± 0.007",
        pseq_d256: "40.05% ± 0.010",
        hill: "41.02% (40.76-41.27)",
        minesolve: "39.02% / 40.28%",
    },
    Peers {
        level: "expert",
        rule: "modern",
        pseq: "52.78% ± 0.007",
        pseq_d256: "53.45% ± 0.010",
        hill: "54.56% (54.37-54.74)",
        minesolve: "-",
    },
];

/// Risk taken by guesses, summed by phase (see the module's documentation).
#[derive(Default, Clone, Copy)]
struct RiskTaken {
    opening: f64,
    middle: f64,
    endgame: f64,
    coin_flips: f64,
}

impl RiskTaken {
    fn add(&mut self, other: RiskTaken) {
        self.opening += other.opening;
        self.middle += other.middle;
        self.endgame += other.endgame;
        self.coin_flips += other.coin_flips;
    }
}

/// How a game ended.
#[derive(PartialEq)]
enum Outcome {
    Won,
    Lost,
    /// A hint was refused with `GG_ERR_TOO_COMPLEX` (a frontier too entangled to count, no cell
    /// proven safe): the game stops there and counts as lost.
    Refused,
}

/// Plays one game; how it ended, its slowest hint, and the risk its guesses took. With `record`,
/// it leaves there the game's mines and guesses (the `GG_WIN_RECORD` format, from the mines on).
fn play(
    level: &Level,
    first_click: u32,
    effort: u32,
    seed: u64,
    mut record: Option<&mut String>,
) -> (Outcome, Duration, RiskTaken) {
    let cfg = gg_mines_config {
        rows: level.rows,
        cols: level.cols,
        mines: level.mines,
        seed,
        first_click,
        no_guess: GG_NO_GUESS_OFF,
    };
    let opt = gg_mines_hint_options {
        first_click,
        effort,
    };
    let mut game = std::ptr::null_mut();
    // SAFETY: both pointers are live locals.
    check(unsafe { gg_mines_new(&cfg, &mut game) }, "gg_mines_new");
    let mut view = vec![0u8; level.rows * level.cols];
    let mut slowest = Duration::ZERO;
    let mut taken = RiskTaken::default();
    let won = loop {
        let mut state = 0;
        // SAFETY: a live handle and a live local.
        check(
            unsafe { gg_mines_state(game, &mut state) },
            "gg_mines_state",
        );
        match state {
            GG_MINES_WON => break Outcome::Won,
            GG_MINES_LOST => break Outcome::Lost,
            _ => {}
        }
        // SAFETY: `view` holds rows * cols bytes.
        check(
            unsafe { gg_mines_view(game, view.as_mut_ptr().cast(), view.len()) },
            "gg_mines_view",
        );
        let (mut r, mut c, mut risk, mut win) = (0, 0, 0.0, 0.0);
        let t = Instant::now();
        // SAFETY: the view holds rows * cols bytes; the options and outputs are live locals.
        let status = unsafe {
            gg_mines_hint_with(
                view.as_ptr().cast(),
                level.rows,
                level.cols,
                level.mines,
                &opt,
                &mut r,
                &mut c,
                &mut risk,
                &mut win,
            )
        };
        slowest = slowest.max(t.elapsed());
        if status == GG_ERR_TOO_COMPLEX {
            break Outcome::Refused;
        }
        check(status, "gg_mines_hint_with");
        let hidden = view.iter().filter(|&&b| b == b'E').count();
        if let Some(guesses) = record.as_deref_mut().filter(|_| risk > 0.0) {
            guesses.push_str(&format!("{}:{risk:.4}:{hidden};", r * level.cols + c));
        }
        if hidden < view.len() && risk > 0.0 {
            if !win.is_nan() {
                taken.endgame += risk;
            } else if 10 * hidden >= 9 * view.len() {
                taken.opening += risk;
            } else {
                taken.middle += risk;
            }
            if risk >= 0.45 {
                taken.coin_flips += risk;
            }
        }
        // SAFETY: a live handle.
        check(unsafe { gg_mines_reveal(game, r, c) }, "gg_mines_reveal");
    };
    if let Some(line) = record {
        // SAFETY: `view` holds rows * cols bytes.
        check(
            unsafe { gg_mines_board(game, view.as_mut_ptr().cast(), view.len()) },
            "gg_mines_board",
        );
        let guesses = std::mem::take(line);
        let mines: Vec<String> = (0..view.len())
            .filter(|&i| matches!(view[i], b'M' | b'X'))
            .map(|i| i.to_string())
            .collect();
        *line = format!("{} {guesses}", mines.join(","));
    }
    // SAFETY: the handle came from gg_mines_new and is released once.
    unsafe { gg_mines_free(game) };
    (won, slowest, taken)
}

fn picked(var: &str) -> Option<Vec<String>> {
    std::env::var(var)
        .ok()
        .map(|v| v.split(',').map(|s| s.trim().to_string()).collect())
}

/// Whether `name` is left out by a list from [`picked`] (no list leaves nothing out).
fn left_out(picks: &Option<Vec<String>>, name: &str) -> bool {
    picks.as_ref().is_some_and(|p| !p.iter().any(|n| n == name))
}

fn main() {
    let games: usize = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .or_else(|| std::env::var("GG_WIN_GAMES").ok())
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let levels = picked("GG_WIN_LEVELS");
    let rules = picked("GG_WIN_RULES");
    let efforts = picked("GG_WIN_EFFORTS");
    let first: u64 = std::env::var("GG_WIN_FIRST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let end = first
        .checked_add(games as u64)
        .expect("GG_WIN_FIRST_SEED plus the games passes the last seed");
    println!(
        "win rate of gg_mines_hint_with, {games} games a configuration (seeds {first}..{end})"
    );
    let mut record = std::env::var_os("GG_WIN_RECORD").map(|path| {
        let file = std::fs::File::create(&path).expect("GG_WIN_RECORD names a writable file");
        std::io::BufWriter::new(file)
    });
    let mut played = Vec::new();
    for level in &LEVELS {
        if left_out(&levels, level.name) {
            continue;
        }
        for &(rule, first_click) in &RULES {
            if left_out(&rules, rule) {
                continue;
            }
            for &(effort_name, effort) in &EFFORTS {
                if left_out(&efforts, &effort.to_string()) {
                    continue;
                }
                let start = Instant::now();
                let (mut wins, mut slowest, mut slowest_seed) = (0, Duration::ZERO, first);
                let mut taken = RiskTaken::default();
                let mut refused = Vec::new();
                let mut line = String::new();
                for seed in first..end {
                    line.clear();
                    let log = record.as_ref().map(|_| &mut line);
                    let (outcome, slow, risk) = play(level, first_click, effort, seed, log);
                    if let Some(out) = record.as_mut() {
                        let shown = match outcome {
                            Outcome::Won => 'W',
                            Outcome::Lost => 'L',
                            Outcome::Refused => 'R',
                        };
                        writeln!(
                            out,
                            "{} {rule} {effort_name} {seed} {shown} {}x{} {line}",
                            level.name, level.rows, level.cols
                        )
                        .expect("GG_WIN_RECORD: the write failed");
                    }
                    wins += usize::from(outcome == Outcome::Won);
                    if outcome == Outcome::Refused {
                        refused.push(seed);
                    }
                    if slow > slowest {
                        (slowest, slowest_seed) = (slow, seed);
                    }
                    taken.add(risk);
                }
                let secs = start.elapsed().as_secs_f64();
                let (lo, hi) = wilson(wins, games);
                let rate = 100.0 * wins as f64 / games as f64;
                println!(
                    "  {:12} {:7} {:8}  win {:6.2}% (95% CI {:5.2}-{:5.2}%)  {:8.1} games/s  \
                     slowest hint {:6.2} ms (seed {})",
                    level.name,
                    rule,
                    effort_name,
                    rate,
                    100.0 * lo,
                    100.0 * hi,
                    games as f64 / secs,
                    slowest.as_secs_f64() * 1e3,
                    slowest_seed,
                );
                let per_100 = |x: f64| 100.0 * x / games as f64;
                println!(
                    "  {:29} losses expected per 100 games: opening {:5.2}, middle {:5.2}, \
                     endgame {:5.2}; coin flips {:5.2}",
                    "",
                    per_100(taken.opening),
                    per_100(taken.middle),
                    per_100(taken.endgame),
                    per_100(taken.coin_flips),
                );
                if !refused.is_empty() {
                    println!(
                        "  {:29} hints refused with GG_ERR_TOO_COMPLEX, those games counted as \
                         lost: {} (seeds {:?})",
                        "",
                        refused.len(),
                        refused,
                    );
                }
                played.push((level.name, rule, effort_name, rate, 100.0 * lo, 100.0 * hi));
            }
        }
    }
    if let Some(mut out) = record {
        out.flush().expect("GG_WIN_RECORD: the write failed");
    }
    if !played.is_empty() {
        println!(
            "\nbeside the peers (95% intervals; PSEQ: MineSweeperProb's published figures, 100-500 \
             million games;"
        );
        println!(
            "Hill: its Java engine on this machine, 50,000-280,000 games; minesolve: issue 33):"
        );
        println!(
            "| level | rule set | gridgames (this run) | PSEQ / PSEQ-D256 | Hill (JSMinesweeper) \
             | minesolve depth 1 / 2 |"
        );
        println!("| --- | --- | --- | --- | --- | --- |");
        for (level, rule, effort, rate, lo, hi) in &played {
            let peer = PEERS
                .iter()
                .find(|p| p.level == *level && p.rule == *rule)
                .expect("every level and rule set has its peers' row");
            println!(
                "| {level} | {rule}, {effort} | {rate:.2}% ({lo:.2}-{hi:.2}) | {} / {} | {} | {} |",
                peer.pseq, peer.pseq_d256, peer.hill, peer.minesolve
            );
        }
    }
}
