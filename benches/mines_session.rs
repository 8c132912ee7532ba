//! Minesweeper sessions at scale: a 10 000 x 10 000 game with a million mines.
//!
//! Times `Game::new` plus the first reveal (the header promises about a second) and measures the
//! peak heap the game adds per cell (at most 2 bytes asked), side by side with a simple baseline
//! measured in the same run: a LeetCode board filled by rejection sampling and opened with the
//! one-shot `mines::click`, the way a caller would have built a game before sessions existed.
//!
//! Run with `cargo bench --bench mines_session`.

mod common;

use common::{best_time, ns_per_cell, peak_extra_bytes, sequential_read, Rng};
use gridgames::mines::{self, Click, Config, Exclusion, FirstClick, Game, Layout};
use std::hint::black_box;
use std::time::{Duration, Instant};

#[global_allocator]
static ALLOC: common::Counting = common::Counting;

const ROWS: usize = 10_000;
const COLS: usize = 10_000;
const MINES: usize = 1_000_000;
const CELLS: usize = ROWS * COLS;
const SEED: u64 = 2024;
const CLICK: (usize, usize) = (ROWS / 2, COLS / 2);

fn config(first_click: FirstClick) -> Config {
    Config {
        rows: ROWS,
        cols: COLS,
        mines: MINES,
        seed: SEED,
        first_click,
        no_guess: None,
    }
}

/// New game plus first reveal; returns the game and what the reveal did.
fn session(first_click: FirstClick) -> (Game, Click) {
    let mut game = Game::new(&config(first_click)).expect("new");
    let (r, c) = CLICK;
    let click = game.reveal(r, c).expect("reveal");
    (game, click)
}

/// The baseline: a LeetCode buffer, mines by rejection sampling away from the click's block, and
/// the library's one-shot click.
fn baseline() -> (Vec<u8>, Click) {
    let mut board = vec![b'E'; CELLS];
    let mut rng = Rng::new(SEED);
    let (r0, c0) = CLICK;
    let mut placed = 0;
    while placed < MINES {
        let i = rng.below(CELLS as u64) as usize;
        let (r, c) = (i / COLS, i % COLS);
        if board[i] == b'M' || (r.abs_diff(r0) <= 1 && c.abs_diff(c0) <= 1) {
            continue;
        }
        board[i] = b'M';
        placed += 1;
    }
    let mut b = mines::Board::new(&mut board, ROWS, COLS).expect("board");
    let click = mines::click(&mut b, r0, c0).expect("click");
    (board, click)
}

fn secs(t: Duration) -> String {
    format!("{:.3} s", t.as_secs_f64())
}

fn main() {
    println!("Minesweeper sessions: {ROWS} x {COLS}, {MINES} mines, first reveal at {CLICK:?}");
    println!("(shared, loaded machine: compare the ratios within this run, not absolute times)\n");

    let floor = {
        let bytes = vec![1u8; CELLS];
        sequential_read(&bytes)
    };
    println!(
        "floor: one sequential read of 1 byte per cell     {:>9}  ({:.2} ns/cell)",
        secs(floor),
        ns_per_cell(floor, CELLS)
    );

    let budget = Duration::from_millis(1500);
    let layout = Layout {
        rows: ROWS,
        cols: COLS,
        mines: MINES,
        exclusion: Exclusion::Block(CLICK.0, CLICK.1),
    };
    let t_layout = best_time(budget, 3, || (), |()| layout.to_bitset(SEED).unwrap());
    println!(
        "layout alone (Floyd, into a bit set)              {:>9}  ({:.0} ns/mine)",
        secs(t_layout),
        t_layout.as_secs_f64() * 1e9 / MINES as f64
    );

    for rule in [FirstClick::Opening, FirstClick::Safe] {
        let t_new = best_time(budget, 3, || (), |()| Game::new(&config(rule)).unwrap());
        let t_reveal = best_time(
            budget,
            3,
            || Game::new(&config(rule)).unwrap(),
            |mut game| {
                game.reveal(CLICK.0, CLICK.1).unwrap();
                game
            },
        );
        let t_total = best_time(budget, 3, || (), |()| session(rule));
        let ((game, click), peak) = peak_extra_bytes(|| session(rule));
        println!("\nrule {rule:?}:");
        println!(
            "  new                                             {:>9}",
            secs(t_new)
        );
        println!(
            "  first reveal alone (places mines, floods)       {:>9}",
            secs(t_reveal)
        );
        println!(
            "  new + first reveal                              {:>9}  ({:.2} ns/cell, {:.1}x the floor)",
            secs(t_total),
            ns_per_cell(t_total, CELLS),
            t_total.as_secs_f64() / floor.as_secs_f64()
        );
        println!(
            "  first reveal opened {} cells of {}; {:?}",
            match click {
                Click::Revealed(n) => n,
                _ => 0,
            },
            CELLS - MINES,
            game.state()
        );
        println!(
            "  peak heap during new + reveal                   {:>9.1} MB  ({:.3} bytes/cell)",
            peak as f64 / 1e6,
            peak as f64 / CELLS as f64
        );
        black_box(game);
    }

    let mut game = Game::new(&config(FirstClick::Opening)).unwrap();
    game.reveal(CLICK.0, CLICK.1).unwrap();
    let mut out = vec![0u8; CELLS];
    let t_view = best_time(
        Duration::from_millis(500),
        3,
        || (),
        |()| {
            for (o, b) in out.iter_mut().zip(game.view_bytes()) {
                *o = b;
            }
        },
    );
    println!(
        "\nview of the whole board                           {:>9}  ({:.2} ns/cell)",
        secs(t_view),
        ns_per_cell(t_view, CELLS)
    );
    drop(game);

    let t_base = best_time(budget, 3, || (), |()| baseline());
    let ((board, click), base_peak) = peak_extra_bytes(baseline);
    println!("\nbaseline (LeetCode buffer, rejection sampling, one-shot click):");
    println!(
        "  board + first click                             {:>9}  ({:.2} ns/cell)",
        secs(t_base),
        ns_per_cell(t_base, CELLS)
    );
    println!(
        "  peak heap                                       {:>9.1} MB  ({:.3} bytes/cell); click {:?}",
        base_peak as f64 / 1e6,
        base_peak as f64 / CELLS as f64,
        click
    );
    black_box(board);

    let start = Instant::now();
    let (game, _) = session(FirstClick::Opening);
    let one = start.elapsed();
    println!(
        "\nsingle cold run, OPENING new + reveal: {} (state {:?}, {} safe cells still hidden)",
        secs(one),
        game.state(),
        game.hidden_safe()
    );
}
