//! Pseudo-50/50s: a hidden cell that is either safe or half of a 50/50 no reveal can ever
//! settle. A cell is a pseudo when, in every layout with a mine on it, its neighbour along a row
//! or column (its *partner*) is safe and every cell that sees one of the two and not the other
//! (the *sides*) holds a mine. Each such layout has a twin with the mine moved to the partner
//! that every number agrees with, so the two are a 50/50 for the rest of the game. Guessing the
//! cell now risks no more than that 50/50 would, and when it is safe its number comes early
//! (David Hill's solver plays such cells at once).

use super::fifty_fifty_shapes::{open_walls, Pair, PAIRS};
use super::lookahead::Budget;
use super::probability::{Counter, Probabilities};
use super::view::View;
use super::wide::Wide;
use crate::error::{try_push, ErrorKind, Result};

/// Cells checked against the counter at most in one call, so that a wide view stays cheap (play
/// never needed more: at 32, 20,000 modern expert games were played the same).
const MAX_CHECKS: usize = 8;
/// Sides that may still be safe, at most: with more, a mine on the cell rarely forces them all.
const MAX_OPEN_SIDES: usize = 1;

/// A pseudo-50/50 cell of `view` (whose probabilities are `probs`), the safest when there are
/// several; `None` when there is none among the cells checked before `budget` ran out. The
/// counter's last analysis is no longer `view`'s afterwards.
///
/// Errors: `OutOfMemory`; a check the counter cannot finish (or that would pass its stop) counts
/// as "not a pseudo".
pub fn pseudo_fifty_fifty(
    counter: &mut Counter,
    view: &View,
    probs: &Probabilities,
    budget: Budget,
) -> Result<Option<usize>> {
    let open = |i: usize| probs.is_open(i);
    // (the cell, its partner, the pair's first cell, its shape)
    let mut checks: Vec<(usize, usize, usize, &Pair)> = Vec::new();
    'scan: for a in (0..view.cells().len()).filter(|&a| open(a)) {
        for pair in &PAIRS {
            let Some(b) = view.offset(a, pair.second).filter(|&b| open(b)) else {
                continue;
            };
            if open_walls(view, probs, a, &pair.sides, MAX_OPEN_SIDES).is_none() {
                continue;
            }
            for (x, partner) in [(a, b), (b, a)] {
                if checks.len() == MAX_CHECKS {
                    break 'scan;
                }
                try_push(&mut checks, (x, partner, a, pair))?;
            }
        }
    }
    let mut grid = Vec::new();
    let mut found: Option<usize> = None;
    for &(x, partner, first, pair) in &checks {
        if budget.spent(counter) {
            break;
        }
        if found.is_some_and(|f| probs.get(f) <= probs.get(x)) {
            continue;
        }
        let sides = pair.sides.iter().filter_map(|&d| view.offset(first, d));
        if mine_forms_the_pair(counter, view, &mut grid, x, partner, sides)? {
            found = Some(x);
        }
    }
    Ok(found)
}

/// Whether every layout with a mine on `x` has `partner` safe and a mine on every side: the
/// layouts with `x` a mine are those with `x` and the sides mines, less those with `partner`
/// a mine as well.
fn mine_forms_the_pair(
    counter: &mut Counter,
    view: &View,
    grid: &mut Vec<u8>,
    x: usize,
    partner: usize,
    sides: impl Iterator<Item = usize> + Clone,
) -> Result<bool> {
    let mut count = |mines: &mut dyn Iterator<Item = usize>| -> Result<Option<Wide>> {
        match counter.analyse_with_mines(view, mines, grid) {
            Ok(z) => Ok(Some(z)),
            Err(e) if e.kind() == ErrorKind::OutOfMemory => Err(e),
            Err(e) if e.kind() == ErrorKind::Inconsistent => Ok(Some(Wide::ZERO)),
            Err(_) => Ok(None),
        }
    };
    let once = std::iter::once(x);
    let (Some(with_x), Some(walled), Some(both)) = (
        count(&mut once.clone())?,
        count(&mut once.clone().chain(sides.clone()))?,
        count(&mut once.chain(sides).chain([partner]))?,
    ) else {
        return Ok(false);
    };
    Ok(!with_x.is_zero() && walled.ratio(with_x) - both.ratio(with_x) > 1.0 - 1e-9)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::mines_brute;

    fn pseudo(bytes: &[u8], rows: usize, cols: usize, mines: usize) -> Option<usize> {
        let v = View::parse(bytes, rows, cols, mines).unwrap();
        let mut c = Counter::new();
        let p = c.probabilities(&v).unwrap();
        let budget = Budget::since(&c, 0, 1 << 40);
        c.stop_at(Some(budget.until()));
        pseudo_fifty_fifty(&mut c, &v, &p, budget).unwrap()
    }

    #[test]
    fn a_cell_whose_mine_would_wall_a_pair_in_is_a_pseudo() {
        // Layouts: (0, 0) and (0, 3), (1, 0) and (0, 3), (0, 1) and (0, 4), (0, 1) and (1, 4).
        // A mine on (0, 0) leaves (1, 0) safe, and no cell sees one of the two and not the
        // other: it is that 50/50, or safe.
        assert_eq!(pseudo(b"EE1EEE111E", 2, 5, 2), Some(0));
    }

    #[test]
    fn a_side_that_may_be_safe_walls_the_pair_in_when_the_cell_is_a_mine() {
        // Were (0, 0) a mine, (1, 0) would be safe and both cells that see (1, 0) and not
        // (0, 0) mines: (2, 0) is one in every layout, (2, 1) in two of three.
        let bytes = b"EEEEEE2EEE1B2E1B";
        let v = View::parse(bytes, 4, 4, 4).unwrap();
        let p = Counter::new().probabilities(&v).unwrap();
        assert_eq!((p.get(8), p.get(9)), (1.0, 2.0 / 3.0));
        assert_eq!(pseudo(bytes, 4, 4, 4), Some(0));
    }

    #[test]
    fn a_revealed_cell_beside_the_pair_tells_it_apart() {
        // A mine on (0, 2) leaves (0, 3) safe, but the '1' sees (0, 2) and not (0, 3).
        assert_eq!(pseudo(b"E1EE", 1, 4, 1), None);
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn matches_the_definition_on_small_views() {
        let mut rng = crate::rng::SplitMix64::new(0x5e0d0);
        let (mut found, mut complete) = (0, 0);
        for _ in 0..6000 {
            let rows = 2 + rng.below(4) as usize;
            let cols = 2 + rng.below(4) as usize;
            let n = rows * cols;
            let mines = 1 + rng.below(n as u64 / 2) as usize;
            let view = mines_brute::random_view(rows, cols, mines, 2, &mut |n| rng.below(n));
            if view.iter().filter(|&&b| b == b'E').count() > 14 {
                continue;
            }
            let layouts = mines_brute::layouts(&view, rows, cols, mines);
            if layouts.is_empty() {
                continue;
            }
            let p =
                |i: usize| layouts.iter().filter(|l| l[i]).count() as f64 / layouts.len() as f64;
            let want = mines_brute::pseudo_fifty_fifty_cells(&view, rows, cols, mines);
            // The pseudos the function looks for, and how many cells it would check: both cells
            // undetermined, no side revealed, at most one side maybe safe.
            let open = |i: usize| view[i] == b'E' && p(i) > 0.0 && p(i) < 1.0;
            let (mut checkable, mut want_filtered) = (0, Vec::<usize>::new());
            for (a, b) in mines_brute::pairs(rows, cols) {
                let s = mines_brute::pair_sides(a, b, rows, cols);
                if open(a)
                    && open(b)
                    && s.iter().all(|&k| view[k] == b'E')
                    && s.iter().filter(|&&k| p(k) < 1.0).count() <= MAX_OPEN_SIDES
                {
                    checkable += 2;
                    for (x, y) in [(a, b), (b, a)] {
                        if mines_brute::mine_walls_pair_in(&layouts, x, y, &s) {
                            want_filtered.push(x);
                        }
                    }
                }
            }
            let got = pseudo(&view, rows, cols, mines);
            let v = String::from_utf8_lossy(&view);
            match got {
                Some(a) => {
                    found += 1;
                    assert!(
                        want.contains(&a),
                        "{v} {rows}x{cols}/{mines}: {a} not in {want:?}"
                    );
                    if checkable <= MAX_CHECKS {
                        let safest = want_filtered.iter().map(|&x| p(x)).fold(1.0, f64::min);
                        assert!(p(a) <= safest + 1e-12, "{v}: {a} is not the safest pseudo");
                    }
                }
                None if checkable <= MAX_CHECKS => {
                    complete += 1;
                    assert!(
                        want_filtered.is_empty(),
                        "{v} {rows}x{cols}/{mines}: missed {want_filtered:?}"
                    );
                }
                None => {}
            }
        }
        assert!(
            found > 20 && complete > 20,
            "{found} found, {complete} complete"
        );
    }
}
