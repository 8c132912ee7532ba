//! A plain Minesweeper game written from the header's game rules and the generator's documented
//! stream (transcribed here from its specification, not taken from the library, so that the
//! library's boards are checked against the promise), kept deliberately naive (vectors of rows, a
//! set, a breadth-first queue): the session property tests play the library against it move by
//! move.
#![allow(clippy::needless_range_loop)]

use std::collections::{HashSet, VecDeque};

pub const OK: i32 = 0;
pub const OUT_OF_BOUNDS: i32 = 5;
pub const INVALID_CELL: i32 = 4;
pub const GAME_OVER: i32 = 9;
pub const INCONSISTENT: i32 = 10;

/// SplitMix64, transcribed from the README.
pub struct Stream(u64);

impl Stream {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in 0..n: reject the low products below (2^64 - n) mod n.
    pub fn below(&mut self, n: u64) -> u64 {
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = self.next() as u128 * n as u128;
            if m as u64 >= threshold {
                return (m >> 64) as u64;
            }
        }
    }
}

/// The README's layout: Floyd's algorithm over the allowed cells in row-major order.
pub fn layout(
    rows: usize,
    cols: usize,
    mines: usize,
    seed: u64,
    excluded: &[(usize, usize)],
) -> Vec<Vec<bool>> {
    let allowed: Vec<(usize, usize)> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .filter(|rc| !excluded.contains(rc))
        .collect();
    let n = allowed.len() as u64;
    let mut rng = Stream(seed);
    let mut chosen = HashSet::new();
    for j in n - mines as u64..n {
        let t = rng.below(j + 1);
        if chosen.contains(&t) {
            chosen.insert(j);
        } else {
            chosen.insert(t);
        }
    }
    let mut grid = vec![vec![false; cols]; rows];
    for t in chosen {
        let (r, c) = allowed[t as usize];
        grid[r][c] = true;
    }
    grid
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    Any,
    Safe,
    Opening,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    Playing,
    Won,
    Lost,
}

#[derive(Debug, Clone)]
pub struct Game {
    pub rows: usize,
    pub cols: usize,
    pub mine: Vec<Vec<bool>>,
    pub revealed: Vec<Vec<bool>>,
    pub flagged: Vec<Vec<bool>>,
    pub exploded: Vec<Vec<bool>>,
    pub state: State,
    /// (rule, mines, seed) until the first reveal places the mines.
    pub pending: Option<(Rule, usize, u64)>,
}

impl Game {
    fn blank(rows: usize, cols: usize) -> Game {
        Game {
            rows,
            cols,
            mine: vec![vec![false; cols]; rows],
            revealed: vec![vec![false; cols]; rows],
            flagged: vec![vec![false; cols]; rows],
            exploded: vec![vec![false; cols]; rows],
            state: State::Playing,
            pending: None,
        }
    }

    /// A generated game; the caller has checked the mine count against the rule.
    pub fn new(rows: usize, cols: usize, mines: usize, seed: u64, rule: Rule) -> Game {
        let mut g = Game::blank(rows, cols);
        if rule == Rule::Any {
            g.mine = layout(rows, cols, mines, seed, &[]);
        } else {
            g.pending = Some((rule, mines, seed));
        }
        g.check_won();
        g
    }

    /// A game from a LeetCode board, or the status the library must refuse it with.
    pub fn from_board(board: &[Vec<u8>]) -> Result<Game, i32> {
        let (rows, cols) = (board.len(), board[0].len());
        let mut g = Game::blank(rows, cols);
        for r in 0..rows {
            for c in 0..cols {
                match board[r][c] {
                    b'M' => g.mine[r][c] = true,
                    b'X' => {
                        g.mine[r][c] = true;
                        g.exploded[r][c] = true;
                    }
                    b'E' => {}
                    b'B' | b'1'..=b'8' => g.revealed[r][c] = true,
                    _ => return Err(INVALID_CELL),
                }
            }
        }
        for r in 0..rows {
            for c in 0..cols {
                let want = match board[r][c] {
                    b'B' => 0,
                    d @ b'1'..=b'8' => (d - b'0') as usize,
                    _ => continue,
                };
                if g.count(r, c) != want {
                    return Err(INCONSISTENT);
                }
            }
        }
        if g.exploded.iter().flatten().any(|&x| x) {
            g.state = State::Lost;
        } else {
            g.check_won();
        }
        Ok(g)
    }

    fn neighbours(&self, r: usize, c: usize) -> Vec<(usize, usize)> {
        let mut v = Vec::new();
        for dr in -1i64..=1 {
            for dc in -1i64..=1 {
                let (rr, cc) = (r as i64 + dr, c as i64 + dc);
                if (dr, dc) != (0, 0)
                    && rr >= 0
                    && cc >= 0
                    && rr < self.rows as i64
                    && cc < self.cols as i64
                {
                    v.push((rr as usize, cc as usize));
                }
            }
        }
        v
    }

    fn count(&self, r: usize, c: usize) -> usize {
        self.neighbours(r, c)
            .into_iter()
            .filter(|&(rr, cc)| self.mine[rr][cc])
            .count()
    }

    fn check_won(&mut self) {
        let all =
            (0..self.rows).all(|r| (0..self.cols).all(|c| self.mine[r][c] || self.revealed[r][c]));
        if all {
            self.state = State::Won;
        }
    }

    fn check_move(&self, r: usize, c: usize) -> Result<(), i32> {
        if self.state != State::Playing {
            return Err(GAME_OVER);
        }
        if r >= self.rows || c >= self.cols {
            return Err(OUT_OF_BOUNDS);
        }
        Ok(())
    }

    /// Breadth-first opening from the hidden, unflagged safe cell (r, c).
    fn open(&mut self, r: usize, c: usize) {
        let mut q = VecDeque::from([(r, c)]);
        self.revealed[r][c] = true;
        while let Some((x, y)) = q.pop_front() {
            if self.count(x, y) == 0 {
                for (a, b) in self.neighbours(x, y) {
                    if !self.revealed[a][b] && !self.flagged[a][b] && !self.mine[a][b] {
                        self.revealed[a][b] = true;
                        q.push_back((a, b));
                    }
                }
            }
        }
    }

    pub fn reveal(&mut self, r: usize, c: usize) -> i32 {
        if let Err(e) = self.check_move(r, c) {
            return e;
        }
        if self.flagged[r][c] || self.revealed[r][c] {
            return OK;
        }
        if let Some((rule, mines, seed)) = self.pending.take() {
            let mut excluded = vec![(r, c)];
            if rule == Rule::Opening {
                excluded = self.neighbours(r, c);
                excluded.push((r, c));
            }
            self.mine = layout(self.rows, self.cols, mines, seed, &excluded);
        }
        if self.mine[r][c] {
            self.exploded[r][c] = true;
            self.state = State::Lost;
        } else {
            self.open(r, c);
            self.check_won();
        }
        OK
    }

    pub fn toggle_flag(&mut self, r: usize, c: usize) -> i32 {
        if let Err(e) = self.check_move(r, c) {
            return e;
        }
        if !self.revealed[r][c] {
            self.flagged[r][c] = !self.flagged[r][c];
        }
        OK
    }

    pub fn chord(&mut self, r: usize, c: usize) -> i32 {
        if let Err(e) = self.check_move(r, c) {
            return e;
        }
        let digit = self.count(r, c);
        if !self.revealed[r][c] || digit == 0 {
            return OK;
        }
        let around = self.neighbours(r, c);
        let flags = around.iter().filter(|&&(a, b)| self.flagged[a][b]).count();
        if flags != digit {
            return OK;
        }
        let mut lost = false;
        for (a, b) in around {
            if self.revealed[a][b] || self.flagged[a][b] || self.exploded[a][b] {
                continue;
            }
            if self.mine[a][b] {
                self.exploded[a][b] = true;
                lost = true;
            } else {
                self.open(a, b);
            }
        }
        if lost {
            self.state = State::Lost;
        } else {
            self.check_won();
        }
        OK
    }

    fn shown(&self, r: usize, c: usize) -> u8 {
        match self.count(r, c) {
            0 => b'B',
            k => b'0' + k as u8,
        }
    }

    pub fn view(&self) -> Vec<u8> {
        let mut v = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                v.push(if self.exploded[r][c] {
                    b'X'
                } else if self.revealed[r][c] {
                    self.shown(r, c)
                } else if self.state == State::Lost && self.mine[r][c] {
                    b'M'
                } else if self.flagged[r][c] {
                    b'F'
                } else {
                    b'E'
                });
            }
        }
        v
    }

    pub fn board(&self) -> Vec<u8> {
        let mut v = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                v.push(if self.exploded[r][c] {
                    b'X'
                } else if self.mine[r][c] {
                    b'M'
                } else if self.revealed[r][c] {
                    self.shown(r, c)
                } else {
                    b'E'
                });
            }
        }
        v
    }
}
