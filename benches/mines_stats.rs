//! Board statistics (`gg_mines_measure`: 3BV, openings, islands, greedy ZiNi, counts) beside a
//! textbook 3BV measured in the same run: neighbour counts into a grid, a queue-based flood of
//! each opening with a visited array, then a count of the numbered cells no flood reached. The
//! baseline computes 3BV only; ours computes everything above.
//!
//! Run with `cargo bench --bench mines_stats` (`-- quick` for small sizes only).

mod common;

use common::{best_time, ns_per_cell, peak_extra_bytes, sequential_read};
use gridgames::ffi::{gg_mines_board_stats, gg_mines_measure, GG_OK};
use gridgames::mines::{Exclusion, Layout};
use std::collections::VecDeque;
use std::time::Duration;

#[global_allocator]
static ALLOC: common::Counting = common::Counting;

fn board(rows: usize, cols: usize, mines: usize, seed: u64) -> Vec<u8> {
    Layout {
        rows,
        cols,
        mines,
        exclusion: Exclusion::None,
    }
    .to_board(seed)
    .expect("layout")
}

fn ours(board: &[u8], rows: usize, cols: usize) -> gg_mines_board_stats {
    let mut out = gg_mines_board_stats::default();
    // SAFETY: `board` holds rows * cols bytes; `out` is a live local.
    let status = unsafe { gg_mines_measure(board.as_ptr().cast(), rows, cols, &mut out) };
    assert_eq!(status, GG_OK);
    out
}

/// The textbook 3BV.
fn baseline(board: &[u8], rows: usize, cols: usize) -> usize {
    let n = rows * cols;
    let mine = |i: usize| board[i] == b'M';
    let mut count = vec![0u8; n];
    for (i, k) in count.iter_mut().enumerate() {
        let (r, c) = (i / cols, i % cols);
        for dr in -1i64..=1 {
            for dc in -1i64..=1 {
                let (rr, cc) = (r as i64 + dr, c as i64 + dc);
                if (dr, dc) != (0, 0)
                    && rr >= 0
                    && cc >= 0
                    && (rr as usize) < rows
                    && (cc as usize) < cols
                    && mine(rr as usize * cols + cc as usize)
                {
                    *k += 1;
                }
            }
        }
    }
    let mut seen = vec![false; n];
    let mut queue = VecDeque::new();
    let mut bbbv = 0;
    for start in 0..n {
        if mine(start) || count[start] != 0 || seen[start] {
            continue;
        }
        bbbv += 1;
        seen[start] = true;
        queue.push_back(start);
        while let Some(i) = queue.pop_front() {
            let (r, c) = (i / cols, i % cols);
            for rr in r.saturating_sub(1)..=(r + 1).min(rows - 1) {
                for cc in c.saturating_sub(1)..=(c + 1).min(cols - 1) {
                    let j = rr * cols + cc;
                    if !seen[j] && !mine(j) {
                        seen[j] = true;
                        if count[j] == 0 {
                            queue.push_back(j);
                        }
                    }
                }
            }
        }
    }
    bbbv + (0..n).filter(|&i| !mine(i) && !seen[i]).count()
}

fn main() {
    let quick =
        std::env::args().any(|a| a == "quick") || std::env::var_os("GG_BENCH_QUICK").is_some();
    println!("| case | cells | ours | textbook 3BV | textbook / ours | ours / read | ours peak extra | textbook peak extra |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");

    // Many expert boards: per-call cost, validation included.
    let boards: Vec<Vec<u8>> = (0..if quick { 200 } else { 2000 })
        .map(|s| board(16, 30, 99, s))
        .collect();
    for b in &boards {
        assert_eq!(ours(b, 16, 30).bbbv, baseline(b, 16, 30));
    }
    let t_ours = best_time(
        Duration::from_millis(500),
        3,
        || (),
        |()| boards.iter().map(|b| ours(b, 16, 30).zini).sum::<usize>(),
    );
    let t_base = best_time(
        Duration::from_millis(500),
        3,
        || (),
        |()| boards.iter().map(|b| baseline(b, 16, 30)).sum::<usize>(),
    );
    let per = |t: Duration| t.as_secs_f64() * 1e6 / boards.len() as f64;
    let (_, ours_peak) = peak_extra_bytes(|| ours(&boards[0], 16, 30));
    let (_, base_peak) = peak_extra_bytes(|| baseline(&boards[0], 16, 30));
    println!(
        "| {} expert boards 16x30/99 | {} | {:.2} us/board | {:.2} us/board | {:.1}x | - | {} B | {} B |",
        boards.len(),
        boards.len() * 480,
        per(t_ours),
        per(t_base),
        t_base.as_secs_f64() / t_ours.as_secs_f64(),
        ours_peak,
        base_peak
    );

    // Large boards: time per cell against one read of the board.
    let sizes: &[(usize, usize, usize)] = if quick {
        &[(300, 300, 18)]
    } else {
        &[(1000, 1000, 18), (3000, 3000, 18), (3000, 3000, 5)]
    };
    for &(rows, cols, pct) in sizes {
        let n = rows * cols;
        let b = board(rows, cols, n * pct / 100, 7);
        let got = ours(&b, rows, cols);
        assert_eq!(got.bbbv, baseline(&b, rows, cols));
        let t_ours = best_time(
            Duration::from_millis(300),
            2,
            || (),
            |()| ours(&b, rows, cols),
        );
        let t_base = best_time(
            Duration::from_millis(300),
            2,
            || (),
            |()| baseline(&b, rows, cols),
        );
        let read = sequential_read(&b);
        let (_, ours_peak) = peak_extra_bytes(|| ours(&b, rows, cols));
        let (_, base_peak) = peak_extra_bytes(|| baseline(&b, rows, cols));
        println!(
            "| {rows}x{cols}, {pct}% mines (3BV {}, ZiNi {}) | {n} | {:.1} ns/cell | {:.1} ns/cell | {:.1}x | {:.0}x | {:.1} B/cell | {:.1} B/cell |",
            got.bbbv,
            got.zini,
            ns_per_cell(t_ours, n),
            ns_per_cell(t_base, n),
            t_base.as_secs_f64() / t_ours.as_secs_f64(),
            t_ours.as_secs_f64() / read.as_secs_f64(),
            ours_peak as f64 / n as f64,
            base_peak as f64 / n as f64,
        );
    }
}
