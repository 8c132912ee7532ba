//! The fewest turns when the player chooses every face, with the faces of one such game.
//!
//! A breadth-first search whose frontier is a list of runs of consecutive positions. Each level
//! turns its runs into landing windows, merges them, and walks each window once along the jump
//! table; a bit per square records "landed on" (so every square is examined once over the whole
//! search) and another "stood on". Each position remembers the position it was first reached
//! from, which is enough to replay one optimal game backwards.
//!
//! Overshoots never matter: a roll can pass `N` only from within `faces` of it, and from there
//! the exact face finishes at once. So every rule has the same answer, and only forward rolls
//! that stay on the board are searched.

use super::rules::Game;
use crate::bitset::BitSet;
use crate::error::{try_filled, Error, ErrorKind, Result};

/// The faces of one game with the fewest turns from the start to square `N`, or `None` when `N`
/// cannot be reached. The overshoot rule never matters here: a roll can pass `N` only from within
/// `faces` of it, and from there the exact face finishes at once.
///
/// ```
/// use gridgames::snakes::{shortest, Game, Overshoot, Rules};
/// // 10 squares; square 4 climbs to 9.
/// let jumps = [-1, -1, -1, 9, -1, -1, -1, -1, -1, -1];
/// let game = Game::new(&jumps, Rules::STANDARD).unwrap();
/// assert_eq!(shortest(&game).unwrap(), Some(vec![4, 1]));
/// ```
pub fn shortest(game: &Game) -> Result<Option<Vec<u32>>> {
    let n = game.squares();
    let faces = game.faces();
    let start = game.rules().start;
    let mut landed = BitSet::new(n + 1)?;
    let mut stood = BitSet::new(n + 1)?;
    // from[q]: the position that first reached position q (the landing square is found again
    // when the game is replayed).
    let mut from = try_filled(n + 1, 0u32)?;
    stood.insert(start);
    let mut frontier: Vec<(usize, usize)> = vec![(start, start)];
    let mut next: Vec<(usize, usize)> = Vec::new();
    let mut end = None;
    'levels: while !frontier.is_empty() {
        frontier.sort_unstable();
        next.clear();
        // Predecessor of a landing square t: the frontier run with the largest end among those
        // starting below t; its position min(end, t - 1) is within `faces` of t.
        let (mut j, mut reach) = (0, 0);
        let mut i = 0;
        while i < frontier.len() {
            let (mut lo, mut hi) = (frontier[i].0 + 1, (frontier[i].1 + faces).min(n));
            i += 1;
            while i < frontier.len() && frontier[i].0 <= hi {
                hi = hi.max((frontier[i].1 + faces).min(n));
                i += 1;
            }
            // Earlier levels usually landed on a prefix of the window already.
            while lo <= hi && landed.get(lo) {
                lo += 1;
            }
            for t in lo..=hi {
                if !landed.insert(t) {
                    continue;
                }
                while j < frontier.len() && frontier[j].0 < t {
                    reach = reach.max(frontier[j].1);
                    j += 1;
                }
                let p = reach.min(t - 1);
                let q = game.dest(t);
                if q == n {
                    end = Some((p, t));
                    break 'levels;
                }
                if stood.insert(q) {
                    from[q] = p as u32;
                    match next.last_mut() {
                        Some(run) if run.1 + 1 == q => run.1 = q,
                        _ => next.push((q, q)),
                    }
                }
            }
        }
        std::mem::swap(&mut frontier, &mut next);
    }
    let Some((mut p, t)) = end else {
        return Ok(None);
    };
    let mut turns = 1;
    let mut q = p;
    while q != start {
        q = from[q] as usize;
        turns += 1;
    }
    let mut faces_out = Vec::new();
    faces_out.try_reserve_exact(turns).map_err(|_| {
        Error::new(
            ErrorKind::OutOfMemory,
            format!("could not allocate {turns} faces"),
        )
    })?;
    faces_out.push((t - p) as u32);
    while p != start {
        let q = from[p] as usize;
        // Some face from q lands on a square leading to p; the search used the first one.
        let t = (q + 1..=(q + faces).min(n))
            .find(|&t| game.dest(t) == p)
            .expect("the search reached p from q");
        faces_out.push((t - q) as u32);
        p = q;
    }
    faces_out.reverse();
    Ok(Some(faces_out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snakes::rules::{Overshoot, Rules};
    use std::collections::VecDeque;

    /// Textbook BFS over `Game::step`.
    fn brute(g: &Game) -> Option<usize> {
        let n = g.squares();
        let mut dist = vec![usize::MAX; n + 1];
        dist[g.rules().start] = 0;
        let mut q = VecDeque::from([g.rules().start]);
        while let Some(p) = q.pop_front() {
            if p == n {
                return Some(dist[p]);
            }
            for f in 1..=g.rules().faces {
                let r = g.step(p, f).unwrap();
                if dist[r] == usize::MAX {
                    dist[r] = dist[p] + 1;
                    q.push_back(r);
                }
            }
        }
        None
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn replayed_faces_reach_the_end_in_the_fewest_turns() {
        let mut seed = 11u64;
        let mut rnd = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        for _ in 0..2000 {
            let n = 1 + rnd(30) as usize;
            let mut jumps = vec![-1i32; n];
            for j in jumps.iter_mut().take(n - 1) {
                if rnd(3) == 0 {
                    *j = 1 + rnd(n as u64) as i32;
                }
            }
            let overshoot =
                [Overshoot::Stay, Overshoot::Bounce, Overshoot::Finish][rnd(3) as usize];
            let max_faces = if overshoot == Overshoot::Bounce {
                n.min(8)
            } else {
                9
            };
            let faces = 1 + rnd(max_faces as u64) as u32;
            let start = rnd(n as u64) as usize;
            let g = Game::new(&jumps, Rules::new(faces, overshoot, start)).unwrap();
            let got = shortest(&g).unwrap();
            assert_eq!(got.as_ref().map(Vec::len), brute(&g), "{jumps:?} {g:?}");
            if let Some(path) = got {
                let mut p = start;
                for &f in &path {
                    assert_ne!(p, n);
                    p = g.step(p, f).unwrap();
                }
                assert_eq!(p, n, "{jumps:?} {g:?} {path:?}");
            }
        }
    }

    #[test]
    fn milton_bradley_board_takes_seven_turns() {
        let jumps = crate::snakes::milton_bradley_jumps();
        let g = Game::new(&jumps, Rules::STANDARD).unwrap();
        let faces = shortest(&g).unwrap().unwrap();
        assert_eq!(faces.len(), 7);
        // Off the board, a 1 lands on square 1 and climbs to 38.
        let g1 = Game::new(&jumps, Rules::new(6, Overshoot::Stay, 0)).unwrap();
        assert_eq!(g1.step(0, 1).unwrap(), 38);
    }

    #[test]
    fn off_board_start_and_bounces() {
        // 5 squares and a 3-faced die: two turns.
        let jumps = [-1; 5];
        let g = Game::new(&jumps, Rules::new(3, Overshoot::Bounce, 0)).unwrap();
        let path = shortest(&g).unwrap().unwrap();
        assert_eq!(path.len(), 2);
        assert_eq!(path.iter().sum::<u32>(), 5);
        let g = Game::new(&jumps, Rules::new(6, Overshoot::Stay, 0)).unwrap();
        assert_eq!(shortest(&g).unwrap(), Some(vec![5]));
        let g = Game::new(&jumps, Rules::new(6, Overshoot::Finish, 4)).unwrap();
        assert_eq!(shortest(&g).unwrap(), Some(vec![1]));
    }
}
