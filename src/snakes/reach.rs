//! Which positions a player can get to, and from which positions the last square can still be
//! reached. Both run in time close to linear in the board whatever the die size: every landing
//! square and every position is handled once, and a "next unvisited" forest skips visited ones.

use super::rules::Game;
use crate::bitset::BitSet;
use crate::error::{try_copy, try_filled, Error, Result};

/// Squares `0..len` not yet taken; `find(x)` is the first one at or after `x` (or `len`).
/// A union-find forest with path halving, so skipping taken runs costs near-constant time.
pub(crate) struct Untaken {
    next: Vec<u32>,
}

impl Untaken {
    pub(crate) fn new(len: usize) -> Result<Self> {
        let mut next = try_filled(len + 1, 0u32)?;
        for (i, v) in next.iter_mut().enumerate() {
            *v = i as u32;
        }
        Ok(Untaken { next })
    }

    /// The first untaken index `>= x`, or `len` when there is none.
    #[inline]
    pub(crate) fn find(&mut self, mut x: usize) -> usize {
        while self.next[x] as usize != x {
            let up = self.next[self.next[x] as usize];
            self.next[x] = up;
            x = up as usize;
        }
        x
    }

    /// Takes `x` (which must be untaken and below `len`).
    #[inline]
    pub(crate) fn take(&mut self, x: usize) {
        self.next[x] = x as u32 + 1;
    }
}

/// The positions (0..=N) a player can get to from the start: a breadth-first search in which
/// every landing square is examined once.
pub(crate) fn reachable(game: &Game) -> Result<BitSet> {
    let n = game.squares();
    let start = game.rules().start;
    let mut stood = BitSet::new(n + 1)?;
    let mut landed = Untaken::new(n + 1)?;
    landed.take(0);
    let mut queue: Vec<u32> = Vec::new();
    queue.try_reserve_exact(n + 1).map_err(|_| oom(n + 1))?;
    stood.insert(start);
    crate::error::try_push(&mut queue, start as u32)?;
    let mut head = 0;
    while head < queue.len() {
        let p = queue[head] as usize;
        head += 1;
        // Under the finish rule an overshoot ends on N, which an exact roll also reaches.
        for (lo, hi) in game.landing_ranges(p) {
            let mut t = landed.find(lo);
            while t <= hi {
                landed.take(t);
                let q = game.dest(t);
                if stood.insert(q) && q < n {
                    crate::error::try_push(&mut queue, q as u32)?;
                }
                t = landed.find(t + 1);
            }
        }
    }
    Ok(stood)
}

fn oom(len: usize) -> Error {
    Error::alloc::<u32>(len, None)
}

/// The positions (0..N) from which square N can be reached with some sequence of rolls.
pub(crate) fn can_finish(game: &Game) -> Result<BitSet> {
    let n = game.squares();
    // Landing squares grouped by the position they lead to (a CSR index of the reversed jumps).
    let mut first = try_filled(n + 2, 0u32)?;
    for t in 1..=n {
        first[game.dest(t) + 1] += 1;
    }
    for q in 0..=n {
        first[q + 1] += first[q];
    }
    let mut fill = try_copy(&first)?;
    let mut into = try_filled(n, 0u32)?;
    for t in 1..=n {
        let q = game.dest(t);
        into[fill[q] as usize] = t as u32;
        fill[q] += 1;
    }
    drop(fill);

    let mut can = BitSet::new(n + 1)?;
    can.insert(n);
    let mut marked = Untaken::new(n)?; // positions 0..N-1
    let mut good: Vec<u32> = Vec::new(); // landing squares that lead to a finishing position
    good.try_reserve_exact(n).map_err(|_| oom(n))?;
    crate::error::try_extend(&mut good, &into[first[n] as usize..first[n + 1] as usize])?;
    while let Some(t) = good.pop() {
        let t = t as usize;
        for (lo, hi) in game.landing_sources(t) {
            if lo > hi {
                continue;
            }
            let mut p = marked.find(lo);
            while p <= hi {
                marked.take(p);
                can.insert(p);
                crate::error::try_extend(
                    &mut good,
                    &into[first[p] as usize..first[p + 1] as usize],
                )?;
                p = marked.find(p + 1);
            }
        }
    }
    Ok(can)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snakes::rules::Rules;
    use crate::snakes::Overshoot;

    fn game(jumps: &[i32], faces: u32, overshoot: Overshoot, start: usize) -> Game<'_> {
        Game::new(
            jumps,
            Rules {
                faces,
                overshoot,
                start,
            },
        )
        .unwrap()
    }

    /// Plain fixpoints over `Game::step`, for comparison.
    fn brute(g: &Game) -> (Vec<bool>, Vec<bool>) {
        let n = g.squares();
        let f = g.rules().faces;
        let mut seen = vec![false; n + 1];
        seen[g.rules().start] = true;
        let mut can = vec![false; n + 1];
        can[n] = true;
        loop {
            let mut changed = false;
            for p in 0..n {
                for face in 1..=f {
                    let q = g.step(p, face).unwrap();
                    if seen[p] && !seen[q] {
                        seen[q] = true;
                        changed = true;
                    }
                    if can[q] && !can[p] {
                        can[p] = true;
                        changed = true;
                    }
                }
            }
            if !changed {
                return (seen, can);
            }
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn matches_brute_force_on_small_boards() {
        let mut rng = crate::rng::SplitMix64::new(7);
        let mut rnd = |m: u64| rng.below(m);
        for _ in 0..400 {
            let n = 1 + rnd(14) as usize;
            let mut jumps = vec![-1i32; n];
            for j in jumps.iter_mut().take(n - 1) {
                if rnd(3) == 0 {
                    *j = 1 + rnd(n as u64) as i32;
                }
            }
            let overshoot =
                [Overshoot::Stay, Overshoot::Bounce, Overshoot::Finish][rnd(3) as usize];
            let max_faces = if overshoot == Overshoot::Bounce {
                n
            } else {
                n + 3
            };
            let faces = 1 + rnd(max_faces as u64) as u32;
            let start = rnd(n as u64) as usize;
            let g = game(&jumps, faces, overshoot, start);
            let (seen, can) = brute(&g);
            let got_seen = reachable(&g).unwrap();
            let got_can = can_finish(&g).unwrap();
            for p in 0..=n {
                assert_eq!(got_seen.get(p), seen[p], "{jumps:?} {g:?} seen {p}");
                assert_eq!(got_can.get(p), can[p], "{jumps:?} {g:?} can {p}");
            }
        }
    }
}
