//! Plain references for the real game of Snakes and Ladders, written from the header's rules and
//! sharing no code with the library: one turn, reachability, a textbook BFS, the expected length as an exact
//! rational (fraction-free Gaussian elimination in i128) or by a dense f64 solve, and the
//! length distribution and win chances from the joint process of all players.
#![allow(clippy::needless_range_loop)] // textbook index loops, on purpose

use std::collections::VecDeque;

pub const STAY: u32 = 0;
pub const BOUNCE: u32 = 1;
pub const FINISH: u32 = 2;

/// A board and its rules, as the C API takes them.
#[derive(Debug, Clone)]
pub struct Spec {
    pub jumps: Vec<i32>,
    pub faces: u32,
    pub overshoot: u32,
    pub start: usize,
}

impl Spec {
    pub fn n(&self) -> usize {
        self.jumps.len()
    }

    /// One turn: aim at p + f; past N stay, bounce or finish; then follow a jump once.
    pub fn next(&self, p: usize, f: u32) -> usize {
        let n = self.n();
        let mut t = p + f as usize;
        if t > n {
            match self.overshoot {
                STAY => return p,
                BOUNCE => t = 2 * n - t,
                _ => t = n,
            }
        }
        let d = self.jumps[t - 1];
        if d == -1 {
            t
        } else {
            d as usize
        }
    }

    /// Positions reachable from the start.
    pub fn reachable(&self) -> Vec<bool> {
        let n = self.n();
        let mut seen = vec![false; n + 1];
        seen[self.start] = true;
        let mut q = VecDeque::from([self.start]);
        while let Some(p) = q.pop_front() {
            if p == n {
                continue;
            }
            for f in 1..=self.faces {
                let r = self.next(p, f);
                if !seen[r] {
                    seen[r] = true;
                    q.push_back(r);
                }
            }
        }
        seen
    }

    /// Positions from which N can be reached.
    pub fn can_finish(&self) -> Vec<bool> {
        let n = self.n();
        let mut can = vec![false; n + 1];
        can[n] = true;
        loop {
            let mut changed = false;
            for p in 0..n {
                if !can[p] && (1..=self.faces).any(|f| can[self.next(p, f)]) {
                    can[p] = true;
                    changed = true;
                }
            }
            if !changed {
                return can;
            }
        }
    }

    /// Textbook BFS: the fewest turns, or None.
    pub fn shortest(&self) -> Option<usize> {
        let n = self.n();
        let mut dist = vec![usize::MAX; n + 1];
        dist[self.start] = 0;
        let mut q = VecDeque::from([self.start]);
        while let Some(p) = q.pop_front() {
            if p == n {
                return Some(dist[p]);
            }
            for f in 1..=self.faces {
                let r = self.next(p, f);
                if dist[r] == usize::MAX {
                    dist[r] = dist[p] + 1;
                    q.push_back(r);
                }
            }
        }
        None
    }

    /// Whether the mean is infinite: a reachable position cannot reach N.
    pub fn infinite(&self) -> bool {
        let (seen, can) = (self.reachable(), self.can_finish());
        (0..self.n()).any(|p| seen[p] && !can[p])
    }

    /// `F * (I - Q)` over the reachable positions below N (integer entries), and their list.
    fn system(&self) -> (Vec<usize>, Vec<Vec<i128>>) {
        let n = self.n();
        let seen = self.reachable();
        let states: Vec<usize> = (0..n).filter(|&p| seen[p]).collect();
        let mut index = vec![usize::MAX; n + 1];
        for (i, &p) in states.iter().enumerate() {
            index[p] = i;
        }
        let mut m = vec![vec![0i128; states.len()]; states.len()];
        for (i, &p) in states.iter().enumerate() {
            m[i][i] += self.faces as i128;
            for f in 1..=self.faces {
                let r = self.next(p, f);
                if r != n {
                    m[i][index[r]] -= 1;
                }
            }
        }
        (states, m)
    }

    /// The expected number of turns as an exact fraction (num, den), or None when infinite or
    /// when i128 would overflow.
    pub fn expected_exact(&self) -> Option<(i128, i128)> {
        if self.infinite() {
            return None;
        }
        let (states, m) = self.system();
        let k = states.iter().position(|&p| p == self.start)?;
        let den = det(m.clone())?;
        // Cramer: replace the start's column by F * 1.
        let mut mk = m;
        for row in mk.iter_mut() {
            row[k] = self.faces as i128;
        }
        let num = det(mk)?;
        Some((num, den))
    }

    /// The expected number of turns by a dense f64 solve with partial pivoting (inf if infinite).
    pub fn expected_dense(&self) -> f64 {
        if self.infinite() {
            return f64::INFINITY;
        }
        let (states, m) = self.system();
        let s = states.len();
        let mut a: Vec<Vec<f64>> = m
            .iter()
            .map(|row| {
                let mut r: Vec<f64> = row.iter().map(|&v| v as f64).collect();
                r.push(self.faces as f64);
                r
            })
            .collect();
        for k in 0..s {
            let piv = (k..s)
                .max_by(|&i, &j| a[i][k].abs().partial_cmp(&a[j][k].abs()).unwrap())
                .unwrap();
            a.swap(k, piv);
            for i in k + 1..s {
                let g = a[i][k] / a[k][k];
                for j in k..=s {
                    a[i][j] -= g * a[k][j];
                }
            }
        }
        let mut x = vec![0.0; s];
        for k in (0..s).rev() {
            let mut v = a[k][s];
            for j in k + 1..s {
                v -= a[k][j] * x[j];
            }
            x[k] = v / a[k][k];
        }
        x[states.iter().position(|&p| p == self.start).unwrap()]
    }

    /// The joint process of `players` players, round by round for `rounds` rounds: P(the game
    /// ends in round t), the mass left, P(player i has won by then), and the mass left that
    /// could still end (some player can still finish).
    pub fn joint(&self, players: usize, rounds: usize) -> Joint {
        let n = self.n();
        let can = self.can_finish();
        let size = (n + 1).pow(players as u32);
        let mut cur = vec![0.0f64; size];
        let mut start = 0;
        for _ in 0..players {
            start = start * (n + 1) + self.start;
        }
        cur[start] = 1.0;
        let decode = |mut s: usize| {
            let mut pos = vec![0; players];
            for i in (0..players).rev() {
                pos[i] = s % (n + 1);
                s /= n + 1;
            }
            pos
        };
        let encode = |pos: &[usize]| pos.iter().fold(0, |acc, &p| acc * (n + 1) + p);
        let mut ends = Vec::with_capacity(rounds);
        let mut wins = vec![0.0; players];
        let w = 1.0 / self.faces as f64;
        for _ in 0..rounds {
            let mut ended = 0.0;
            for i in 0..players {
                let mut next = vec![0.0f64; size];
                for (s, &m) in cur.iter().enumerate() {
                    if m == 0.0 {
                        continue;
                    }
                    let mut pos = decode(s);
                    let p = pos[i];
                    for f in 1..=self.faces {
                        let r = self.next(p, f);
                        if r == n {
                            ended += m * w;
                            wins[i] += m * w;
                        } else {
                            pos[i] = r;
                            next[encode(&pos)] += m * w;
                        }
                    }
                }
                cur = next;
            }
            ends.push(ended);
        }
        let left: f64 = cur.iter().sum();
        let live: f64 = cur
            .iter()
            .enumerate()
            .filter(|(s, _)| decode(*s).iter().any(|&p| can[p]))
            .map(|(_, m)| m)
            .sum();
        Joint {
            ends,
            left,
            wins,
            live,
        }
    }
}

pub struct Joint {
    pub ends: Vec<f64>,
    pub left: f64,
    pub wins: Vec<f64>,
    pub live: f64,
}

/// Determinant by Bareiss's fraction-free elimination with row swaps; None on i128 overflow.
fn det(mut a: Vec<Vec<i128>>) -> Option<i128> {
    let n = a.len();
    if n == 0 {
        return Some(1);
    }
    let mut sign = 1i128;
    let mut prev = 1i128;
    for k in 0..n - 1 {
        if a[k][k] == 0 {
            let r = (k + 1..n).find(|&r| a[r][k] != 0)?;
            a.swap(k, r);
            sign = -sign;
        }
        for i in k + 1..n {
            for j in k + 1..n {
                let v = a[i][j]
                    .checked_mul(a[k][k])?
                    .checked_sub(a[i][k].checked_mul(a[k][j])?)?;
                a[i][j] = v / prev;
            }
            a[i][k] = 0;
        }
        prev = a[k][k];
    }
    Some(sign * a[n - 1][n - 1])
}

/// The Milton Bradley board, typed in again from the published list.
pub fn milton_bradley() -> Vec<i32> {
    let pairs = [
        (1, 38),
        (4, 14),
        (9, 31),
        (21, 42),
        (28, 84),
        (36, 44),
        (51, 67),
        (71, 91),
        (80, 100),
        (16, 6),
        (47, 26),
        (49, 11),
        (56, 53),
        (62, 19),
        (64, 60),
        (87, 24),
        (93, 73),
        (95, 75),
        (98, 78),
    ];
    let mut j = vec![-1; 100];
    for (a, b) in pairs {
        j[a - 1] = b;
    }
    j
}
