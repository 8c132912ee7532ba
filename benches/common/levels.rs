//! The standard Minesweeper levels, the check every C call of a harness makes, and the Wilson
//! interval win rates are printed with: shared by `solver.rs` and `win_rate.rs`.

use gridgames::ffi::GG_OK;

pub struct Level {
    pub name: &'static str,
    pub rows: usize,
    pub cols: usize,
    pub mines: usize,
}

pub const LEVELS: [Level; 3] = [
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

/// Panics, naming the call, unless `status` is `GG_OK`.
pub fn check(status: i32, what: &str) {
    assert_eq!(status, GG_OK, "{what} failed with status {status}");
}

/// Wilson score interval at 95%.
pub fn wilson(wins: usize, n: usize) -> (f64, f64) {
    let (n, p, z) = (n as f64, wins as f64 / n as f64, 1.959_964);
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    (centre - half, centre + half)
}
