//! Forced 50/50s between two halves of a set of cells, larger than the pairs of
//! `fifty_fifty.rs`: a chain of one-mine pairs along a wall, or a 2 x 2 box with its mines on
//! one diagonal (David Hill's solver calls them extended 50/50s).
//!
//! A set split into halves `A` and `B` of the same size is one when every layout has its mines
//! in the set exactly on `A` or exactly on `B`, and every cell outside the set that is not
//! certainly a mine sees as many cells of `A` as of `B`. Each layout then has a twin, with the
//! halves swapped, that every number agrees with, now and after any reveal outside the set. One
//! cell of the set must be guessed at even odds sooner or later, so the hint guesses it now, as it
//! does a forced pair: if it is safe, the whole set is settled and its numbers come early.

use super::fifty_fifty::{certain_mine, one_half, walled_in};
use super::lookahead::Budget;
use super::probability::{Counter, Probabilities};
use super::view::View;
use crate::error::{try_push, try_reserve, ErrorKind, Result};

/// Cells whose set is checked against the counter at most in one call (each check counts the
/// view once), so that a view full of one-half cells stays cheap.
const MAX_CHECKS: usize = 8;
/// Cells in a set at most: longer chains are rare, and the search is quadratic in them.
const MAX_SET: usize = 24;

/// A cell of a forced 50/50 set of `view` (whose probabilities are `probs`); `None` when there
/// is none among the cells checked before `budget` ran out. The counter's last analysis is no
/// longer `view`'s afterwards.
///
/// Errors: `OutOfMemory`; a check the counter cannot finish counts as "not forced".
pub fn forced_fifty_fifty_set(
    counter: &mut Counter,
    view: &View,
    probs: &Probabilities,
    budget: Budget,
) -> Result<Option<usize>> {
    let half = |i: usize| one_half(view, probs, i);
    let wall = |i: usize| certain_mine(view, probs, i);
    // A cell that sees the seed and is neither in the set nor a wall must see a cell of the
    // other half as well: one-half cells are the only candidates.
    let may_pair = |a: usize| {
        let mut ok = true;
        view.for_each_neighbour(a, |k| {
            if !wall(k) && !half(k) {
                let mut other = false;
                view.for_each_neighbour(k, |j| other |= j != a && half(j));
                ok &= other;
            }
        });
        ok
    };
    let (mut set, mut tried, mut grid) = (Vec::new(), Vec::new(), Vec::new());
    let mut given = Probabilities::default();
    let mut checks = 0;
    for a in 0..view.cells().len() {
        if !half(a) || tried.binary_search(&a).is_ok() || !may_pair(a) {
            continue;
        }
        if checks == MAX_CHECKS || budget.spent(counter) {
            break;
        }
        checks += 1;
        match counter.probabilities_with_mines(view, [a], &mut grid, &mut given) {
            Ok(true) => {}
            Ok(false) => continue,
            Err(e) if e.kind() == ErrorKind::OutOfMemory => return Err(e),
            Err(_) => continue,
        }
        // +1 for a cell that is a mine with `a`, -1 for one that is safe with it: one-half
        // cells that the seed settles lie on its half or on the other.
        let side = |i: usize| match given.get(i) {
            _ if !half(i) => None,
            p if p >= 1.0 => Some(1),
            p if p <= 0.0 => Some(-1),
            _ => None,
        };
        let closed = close(view, a, &side, &wall, &mut set)?;
        // Cells with mines on every side balance what the closure could not, wherever they
        // lie: no cell that can be revealed sees them (two corners, each boxed in by mines,
        // that the mine total ties together).
        let mut short = set.iter().filter_map(|&c| side(c)).sum::<i32>();
        for c in 0..view.cells().len() {
            if !closed || short == 0 || set.len() > MAX_SET {
                break;
            }
            if side(c) == Some(-short.signum()) && walled_in(view, probs, c) && !set.contains(&c) {
                try_push(&mut set, c)?;
                short -= short.signum();
            }
        }
        for &c in &set {
            if let Err(k) = tried.binary_search(&c) {
                try_reserve(&mut tried, 1)?;
                #[allow(clippy::disallowed_methods)] // room reserved just before
                tried.insert(k, c);
            }
        }
        if closed && short == 0 && set.len() <= MAX_SET {
            return Ok(Some(a));
        }
    }
    Ok(None)
}

/// Grows `set` from `seed` until every cell outside it that is not a wall sees as many cells of
/// one half as of the other (`side` gives each candidate's half): a cell that sees more of one
/// joins the set if it is a candidate, and otherwise its candidate neighbours join. `false` when
/// that fails, or the set passes [`MAX_SET`].
fn close(
    view: &View,
    seed: usize,
    side: &impl Fn(usize) -> Option<i32>,
    wall: &impl Fn(usize) -> bool,
    set: &mut Vec<usize>,
) -> Result<bool> {
    set.clear();
    try_push(set, seed)?;
    let mut changed = true;
    while changed {
        changed = false;
        let mut i = 0;
        while i < set.len() {
            let mut outside = [0usize; 8];
            let mut n = 0;
            view.for_each_neighbour(set[i], |k| {
                if !set.contains(&k) && !wall(k) {
                    outside[n] = k;
                    n += 1;
                }
            });
            for &k in &outside[..n] {
                if set.contains(&k) {
                    continue;
                }
                let mut seen = 0;
                view.for_each_neighbour(k, |j| {
                    if set.contains(&j) {
                        seen += side(j).unwrap_or(0);
                    }
                });
                if seen == 0 {
                    continue;
                }
                let before = set.len();
                if side(k).is_some() {
                    try_push(set, k)?;
                } else {
                    let mut joining = [0usize; 8];
                    let mut m = 0;
                    view.for_each_neighbour(k, |j| {
                        if side(j).is_some() && !set.contains(&j) {
                            joining[m] = j;
                            m += 1;
                        }
                    });
                    for &j in &joining[..m] {
                        try_push(set, j)?;
                    }
                }
                if set.len() == before || set.len() > MAX_SET {
                    return Ok(false);
                }
                changed = true;
            }
            i += 1;
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mines::solver::fifty_fifty::forced_fifty_fifty;
    use crate::test_support::mines_brute;

    fn forced(bytes: &[u8], rows: usize, cols: usize, mines: usize) -> Option<usize> {
        let v = View::parse(bytes, rows, cols, mines).unwrap();
        let mut c = Counter::new();
        let p = c.probabilities(&v).unwrap();
        let budget = Budget::since(&c, 0, 1 << 40);
        c.stop_at(Some(budget.until()));
        forced_fifty_fifty_set(&mut c, &v, &p, budget).unwrap()
    }

    /// A chain of four cells, (1, 0) - (0, 1) - (0, 3) - (1, 4), each two next in it one mine
    /// between them; the '3' needs (0, 5) and (1, 5) mines as well, which walls the chain in.
    /// Columns 6-15 float.
    const CHAIN: &[u8; 32] = b"1E1E3EEEEEEEEEEEE111EEEEEEEEEEEE";

    #[test]
    fn a_chain_of_one_mine_pairs_walled_in_is_forced() {
        assert_eq!(forced(CHAIN, 2, 16, 7), Some(1));
        // The pairs check does not see it: the '1' at (0, 2) tells (0, 1) from (1, 0).
        let v = View::parse(CHAIN, 2, 16, 7).unwrap();
        let mut c = Counter::new();
        let p = c.probabilities(&v).unwrap();
        assert_eq!(forced_fifty_fifty(&mut c, &v, &p).unwrap(), None);
    }

    #[test]
    fn a_cell_beside_the_chain_that_may_be_safe_splits_it() {
        // With a '2' for the '3', one of (0, 5) and (1, 5) is safe, and (0, 5) sees (1, 4)
        // and not (0, 3). What is forced now is that pair, whose neighbours all see both.
        let mut open = *CHAIN;
        open[4] = b'2';
        assert_eq!(forced(&open, 2, 16, 6), Some(5));
    }

    #[test]
    fn two_pairs_that_only_each_other_tell_apart_are_forced() {
        // Mines on (0, 1) and (1, 4), or on (0, 0) and (1, 3): the '1' at (0, 2) sees one of
        // each pair.
        assert_eq!(forced(b"EE111111EE", 2, 5, 2), Some(0));
    }

    #[test]
    fn cells_walled_in_by_mines_pair_up_anywhere() {
        // (1) and (4) are mines; one more lies on (0) or (5), which nothing can ever see.
        assert_eq!(forced(b"EE11EE", 1, 6, 3), Some(0));
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn matches_the_definition_on_small_views() {
        let mut rng = crate::rng::SplitMix64::new(0x5e75);
        let (mut found, mut large) = (0, 0);
        for _ in 0..20000 {
            let rows = 1 + rng.below(5) as usize;
            let cols = 2 + rng.below(5) as usize;
            let n = rows * cols;
            let mines = 1 + rng.below(n as u64 / 2) as usize;
            let view = mines_brute::random_view(rows, cols, mines, 2, &mut |n| rng.below(n));
            if view.iter().filter(|&&b| b == b'E').count() > 14 {
                continue;
            }
            let want = mines_brute::forced_fifty_fifty_set_cells(&view, rows, cols, mines);
            let pairs = mines_brute::forced_fifty_fifty_cells(&view, rows, cols, mines);
            let got = forced(&view, rows, cols, mines);
            let v = String::from_utf8_lossy(&view);
            match got {
                None => assert!(
                    want.is_empty(),
                    "{v} {rows}x{cols}/{mines}: missed {want:?}"
                ),
                Some(a) => {
                    found += 1;
                    assert!(
                        want.contains(&a),
                        "{v} {rows}x{cols}/{mines}: {a} not in {want:?}"
                    );
                    large += usize::from(want.iter().any(|c| !pairs.contains(c)));
                }
            }
        }
        assert!(
            found > 1000 && large > 50,
            "{found} found, {large} larger than pairs"
        );
    }
}
