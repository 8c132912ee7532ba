//! The real game on big boards: fewest turns with the faces of one optimal game, and the exact
//! expected length, each side by side with a straightforward baseline timed in the same run.
//!
//! `cargo bench --bench snakes_game` (add `-- quick` or GG_BENCH_QUICK=1 for small boards only).
//!
//! Boards: a 1000 x 1000 LeetCode grid (10^6 squares) with 2% short jumps (each within 50 squares,
//! half snakes, half ladders), converted with `grid_to_jumps`; also 100 x 100 and the Milton
//! Bradley board, small enough for the value-iteration baseline to converge.

mod common;

use common::{best_time, Rng};
use gridgames::snakes::{
    expected_turns_bounded, fewest_rolls, grid_to_jumps, milton_bradley_jumps, shortest,
    win_chances, Game, Numbering, Overshoot, RoundDistribution, Rules,
};
use std::collections::VecDeque;
use std::hint::black_box;
use std::time::{Duration, Instant};

#[global_allocator]
static ALLOC: common::Counting = common::Counting;

/// A `side x side` LeetCode grid with `percent`% jumps of at most `reach` squares either way.
fn short_jump_grid(side: usize, percent: u64, reach: u64, seed: u64) -> Vec<i32> {
    let n = side * side;
    let num = Numbering::new(side, side);
    let mut rng = Rng::new(seed);
    let mut grid = vec![-1i32; n];
    for s in 2..n {
        if rng.below(100) < percent {
            let d = 1 + rng.below(reach) as usize;
            let to = if rng.below(2) == 0 {
                (s + d).min(n)
            } else {
                s.saturating_sub(d).max(1)
            };
            grid[num.index_of(s)] = to as i32;
        }
    }
    grid
}

/// Baseline for `shortest`: a textbook BFS over `Game::step` with a queue and a distance array,
/// counting only (no faces).
fn bfs_baseline(game: &Game) -> Option<u64> {
    let n = game.squares();
    let mut dist = vec![u64::MAX; n + 1];
    let start = game.rules().start;
    dist[start] = 0;
    let mut q = VecDeque::from([start]);
    while let Some(p) = q.pop_front() {
        if p == n {
            return Some(dist[p]);
        }
        for f in 1..=game.rules().faces {
            let r = game.step(p, f).unwrap();
            if dist[r] == u64::MAX {
                dist[r] = dist[p] + 1;
                q.push_back(r);
            }
        }
    }
    None
}

/// Baseline for `expected_turns`: plain value iteration (Jacobi sweeps of
/// `E[s] = 1 + mean over faces of E[next]`) from 0 until a sweep changes no value by more than
/// `1e-10` relative, or until `budget` runs out. Returns (E[start], sweeps, converged).
fn value_iteration(game: &Game, budget: Duration) -> (f64, u64, bool) {
    let n = game.squares();
    let faces = game.rules().faces;
    // Precomputed moves, as a fair baseline would.
    let mut moves = Vec::with_capacity(n * faces as usize);
    for p in 0..n {
        for f in 1..=faces {
            moves.push(game.step(p, f).unwrap() as u32);
        }
    }
    let mut e = vec![0.0f64; n + 1];
    let mut next = vec![0.0f64; n + 1];
    let t0 = Instant::now();
    let mut sweeps = 0;
    loop {
        let mut change = 0.0f64;
        for p in 0..n {
            let m = &moves[p * faces as usize..(p + 1) * faces as usize];
            let v = 1.0 + m.iter().map(|&q| e[q as usize]).sum::<f64>() / faces as f64;
            change = change.max((v - e[p]).abs() / v);
            next[p] = v;
        }
        std::mem::swap(&mut e, &mut next);
        sweeps += 1;
        if change < 1e-10 {
            return (e[game.rules().start], sweeps, true);
        }
        if t0.elapsed() > budget {
            return (e[game.rules().start], sweeps, false);
        }
    }
}

/// Baseline for the distribution: one player's distribution pushed a turn at a time over the
/// whole board, face by face through `Game::step`. Returns S(t) for t = 1..=turns.
fn turn_by_turn_baseline(game: &Game, turns: usize) -> Vec<f64> {
    let n = game.squares();
    let faces = game.rules().faces;
    let mut cur = vec![0.0f64; n + 1];
    cur[game.rules().start] = 1.0;
    let mut survival = Vec::with_capacity(turns);
    for _ in 0..turns {
        let mut next = vec![0.0f64; n + 1];
        next[n] = cur[n];
        for p in 0..n {
            if cur[p] != 0.0 {
                for f in 1..=faces {
                    next[game.step(p, f).unwrap()] += cur[p] / faces as f64;
                }
            }
        }
        cur = next;
        survival.push(1.0 - cur[n]);
    }
    survival
}

/// The distribution (4 players, 1000 rounds) and win chances (4 players), optionally side by
/// side with the whole-board turn-by-turn baseline.
fn lengths_report(jumps: &[i32], baseline: bool) {
    let game = Game::new(jumps, Rules::STANDARD).unwrap();
    let rounds = 1000;
    let mut probs = vec![0.0; rounds];
    let t = Instant::now();
    let tail = RoundDistribution::new(game, 4).unwrap().fill(&mut probs);
    let t_dist = t.elapsed();
    let t = Instant::now();
    let wins = win_chances(game, 4).unwrap();
    let t_wins = t.elapsed();
    println!(
        "  length_distribution, 4 players, {rounds} rounds: {:>9.3} ms (tail {tail:.3e})",
        ms(t_dist)
    );
    println!(
        "  win_chances, 4 players: {:>9.3} ms ({:.5} {:.5} {:.5} {:.5})",
        ms(t_wins),
        wins[0],
        wins[1],
        wins[2],
        wins[3]
    );
    if baseline {
        let t = Instant::now();
        let s = turn_by_turn_baseline(&game, rounds);
        let t_base = t.elapsed();
        let mut one = vec![0.0; rounds];
        RoundDistribution::new(game, 1).unwrap().fill(&mut one);
        let mut worst = 0.0f64;
        let mut prev = 1.0;
        for (p, &st) in one.iter().zip(&s) {
            worst = worst.max((p - (prev - st)).abs());
            prev = st;
        }
        println!(
            "    baseline: whole-board turns over Game::step, 1 player, {rounds} turns: {:.1} ms \
             (ratio {:.1}x against our 4-player distribution; max |diff| {worst:.1e})",
            ms(t_base),
            t_base.as_secs_f64() / t_dist.as_secs_f64()
        );
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn report(name: &str, jumps: &[i32], budget: Duration) {
    let game = Game::new(jumps, Rules::STANDARD).unwrap();
    let n = jumps.len();
    println!("== {name}: {n} squares, standard rules (6 faces, exact landing, off-board start)");

    let path = shortest(&game).unwrap();
    let t_short = best_time(Duration::from_millis(300), 3, || (), |()| shortest(&game));
    let t_bfs = best_time(
        Duration::from_millis(300),
        1,
        || (),
        |()| bfs_baseline(&game),
    );
    let on1 = Game::new(
        jumps,
        Rules {
            start: 1,
            ..Rules::STANDARD
        },
    )
    .unwrap();
    let t_fewest = best_time(
        Duration::from_millis(300),
        3,
        || (),
        |()| fewest_rolls(&on1.track(), 1, 6),
    );
    assert_eq!(
        bfs_baseline(&on1),
        fewest_rolls(&on1.track(), 1, 6).unwrap()
    );
    println!(
        "  shortest        {:>9.3} ms  ({} turns, faces included)",
        ms(t_short),
        path.as_ref().map_or(-1, |p| p.len() as i64)
    );
    println!(
        "    baseline BFS  {:>9.3} ms  (queue + distance array, count only)  ratio {:.1}x",
        ms(t_bfs),
        t_bfs.as_secs_f64() / t_short.as_secs_f64()
    );
    println!(
        "    fewest_rolls  {:>9.3} ms  (LeetCode search from square 1, count only)",
        ms(t_fewest)
    );

    let ((e, t_exp), peak) = common::peak_extra_bytes(|| {
        let t = Instant::now();
        let e = expected_turns_bounded(&game).unwrap();
        (e, t.elapsed())
    });
    let t_exp = t_exp.min(best_time(
        Duration::from_millis(500),
        2,
        || (),
        |()| expected_turns_bounded(&game),
    ));
    println!(
        "  expected_turns  {:>9.3} ms  (E = {:.13}, proven relative error <= {:.1e}, peak extra {:.1} MB)",
        ms(t_exp),
        e.turns,
        e.relative_error,
        peak as f64 / 1e6
    );
    let t = Instant::now();
    let (v, sweeps, converged) = value_iteration(&game, budget);
    let t_vi = t.elapsed();
    if converged {
        println!(
            "    value iteration {:>7.1} ms  ({sweeps} sweeps to 1e-10, E = {v:.13}, |diff| {:.1e})  ratio {:.0}x",
            ms(t_vi),
            (v - e.turns).abs() / e.turns,
            t_vi.as_secs_f64() / t_exp.as_secs_f64()
        );
    } else {
        // E_k[start] = E[min(T, k)]: it needs many times the mean number of turns in sweeps.
        let per = t_vi.as_secs_f64() / sweeps as f64;
        let need = (10.0 * e.turns).ceil();
        println!(
            "    value iteration stopped after {:.1} s: {sweeps} sweeps ({:.2} ms each), E_k = {v:.3} of {:.3}; \
             at least {need:.0} sweeps (10x the mean) would take >= {:.0} s, ratio >= {:.0}x",
            t_vi.as_secs_f64(),
            per * 1e3,
            e.turns,
            per * need,
            per * need / t_exp.as_secs_f64()
        );
    }
    black_box(e);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "quick") || std::env::var_os("GG_BENCH_QUICK").is_some();
    println!("(timings are the best of several runs on a shared, loaded machine; compare ratios)");
    let mb = milton_bradley_jumps();
    report("Milton Bradley", &mb, Duration::from_secs(5));
    lengths_report(&mb, true);
    let mid = grid_to_jumps(&short_jump_grid(100, 2, 50, 1), 100, 100).unwrap();
    report("100 x 100, 2% short jumps", &mid, Duration::from_secs(10));
    lengths_report(&mid, true);
    if quick {
        return;
    }
    let side = grid_to_jumps(&short_jump_grid(300, 2, 50, 4), 300, 300).unwrap();
    println!("== 300 x 300, 2% short jumps (90000 squares)");
    lengths_report(&side, false);

    let grid = short_jump_grid(1000, 2, 50, 2);
    let t_conv = best_time(
        Duration::from_millis(300),
        3,
        || (),
        |()| grid_to_jumps(&grid, 1000, 1000),
    );
    println!("grid_to_jumps on 1000 x 1000: {:.3} ms", ms(t_conv));
    let big = grid_to_jumps(&grid, 1000, 1000).unwrap();
    report("1000 x 1000, 2% short jumps", &big, Duration::from_secs(5));
    let bounce = Game::new(
        &big,
        Rules {
            overshoot: Overshoot::Bounce,
            ..Rules::STANDARD
        },
    )
    .unwrap();
    let t = best_time(
        Duration::from_millis(500),
        2,
        || (),
        |()| expected_turns_bounded(&bounce),
    );
    println!(
        "  expected_turns with bounce: {:.3} ms (E = {:.6})",
        ms(t),
        expected_turns_bounded(&bounce).unwrap().turns
    );
    if args.iter().any(|a| a == "wins") {
        // Tens of seconds of CPU: only on request (`cargo bench --bench snakes_game -- wins`).
        lengths_report(&big, false);
    }

    huge_die_report();

    // Jumps anywhere: one segment with thousands of snake tails, solved by GMRES.
    let long = grid_to_jumps(&short_jump_grid(1000, 2, 1_000_000, 5), 1000, 1000).unwrap();
    report(
        "1000 x 1000, 2% jumps anywhere",
        &long,
        Duration::from_secs(5),
    );
}

/// A die as large as the board: each position reaches every square above it, so a sweep that
/// summed its faces would cost N^2 per pass.
fn huge_die_report() {
    let n = 20_000;
    let mut rng = Rng::new(11);
    let mut jumps = vec![-1i32; n];
    for (i, j) in jumps.iter_mut().enumerate().take(n - 1).skip(1) {
        if rng.below(100) < 2 {
            *j = 1 + rng.below(n as u64) as i32;
            if *j as usize == i + 1 {
                *j = -1;
            }
        }
    }
    println!("== {n} squares, 2% jumps anywhere, a {n}-faced die");
    for overshoot in [Overshoot::Stay, Overshoot::Finish, Overshoot::Bounce] {
        let rules = Rules::new(n as u32, overshoot, 0);
        let game = Game::new(&jumps, rules).unwrap();
        let t = best_time(
            Duration::from_millis(300),
            2,
            || (),
            |()| expected_turns_bounded(&game),
        );
        let e = expected_turns_bounded(&game).unwrap();
        println!(
            "  expected_turns {overshoot:?}: {:>9.3} ms (E = {:.9}, bound {:.1e})",
            ms(t),
            e.turns,
            e.relative_error
        );
    }
}
