//! The fewest turns when the player chooses every face, with the faces of one such game.
//!
//! A breadth-first search over positions in which every landing square is examined once (a
//! "next unvisited" forest skips the rest), so the cost is close to linear in the board for any
//! die. Each position remembers the position and landing square it was first reached from, which
//! is enough to replay one optimal game backwards.

use super::reach::explore;
use super::rules::Game;
use crate::error::{try_filled, Result};

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
    let start = game.rules().start;
    // from[q], via[q]: the position and landing square that first reached position q.
    let mut from = try_filled(n + 1, 0u32)?;
    let mut via = try_filled(n + 1, 0u32)?;
    explore(game, |p, t, q| {
        from[q] = p as u32;
        via[q] = t as u32;
        q != n
    })?;
    if via[n] == 0 {
        return Ok(None);
    }
    let mut faces = Vec::new();
    let mut q = n;
    while q != start {
        let (p, t) = (from[q] as usize, via[q] as usize);
        faces.push(face_for(game, p, t));
        q = p;
    }
    faces.reverse();
    Ok(Some(faces))
}

/// The face that takes position `p` to landing square `t` (forward if possible, else a bounce).
fn face_for(game: &Game, p: usize, t: usize) -> u32 {
    let face = if t > p && t - p <= game.faces() {
        t - p
    } else {
        2 * game.squares() - p - t
    };
    face as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snakes::rules::{Overshoot, Rules};
    use std::collections::VecDeque;

    fn rules(faces: u32, overshoot: Overshoot, start: usize) -> Rules {
        Rules {
            faces,
            overshoot,
            start,
        }
    }

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
            let g = Game::new(&jumps, rules(faces, overshoot, start)).unwrap();
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
        let g1 = Game::new(&jumps, rules(6, Overshoot::Stay, 0)).unwrap();
        assert_eq!(g1.step(0, 1).unwrap(), 38);
    }

    #[test]
    fn off_board_start_and_bounces() {
        // 5 squares and a 3-faced die: two turns, e.g. 2 then 3.
        let jumps = [-1; 5];
        let g = Game::new(&jumps, rules(3, Overshoot::Bounce, 0)).unwrap();
        assert_eq!(shortest(&g).unwrap(), Some(vec![2, 3]));
        let g = Game::new(&jumps, rules(6, Overshoot::Stay, 0)).unwrap();
        assert_eq!(shortest(&g).unwrap(), Some(vec![5]));
        let g = Game::new(&jumps, rules(6, Overshoot::Finish, 4)).unwrap();
        assert_eq!(shortest(&g).unwrap(), Some(vec![1]));
    }
}
