//! Forced 50/50s: two hidden cells that hold exactly one mine and that no reveal, now or later,
//! can tell apart. The guess between them is unavoidable, so the hint takes it as soon as it
//! finds one: if the cell is safe, its number may spare a riskier guess elsewhere, and nothing
//! the game could show later would have made the choice easier.
//!
//! A cell tells `a` from `b` when it is the neighbour of one and not the other. Such a cell that
//! is revealed, or hidden and not certainly a mine, can still do so (a revealed one once its
//! other hidden neighbours are known), so the pair is forced only when every such cell is
//! certainly a mine. Near the board's edges that is common: two cells in a corner, say, whose
//! other neighbours are all shared or mined.

use super::probability::{Counter, Probabilities};
use super::view::View;
use crate::error::{try_push, ErrorKind, Result};

/// Pairs checked against the counter at most in one call, and cells walled in by mines paired
/// at most, so that a view full of one-half cells stays cheap.
const MAX_CHECKS: usize = 16;
const MAX_WALLED: usize = 64;
/// Cell visits the checks may spend (a check counts up to nine positions, each about one pass
/// over the board), so that huge boards stay fast.
const CHECK_BUDGET: usize = 4_000_000;

/// A cell of a forced 50/50 in `view` (whose probabilities are `probs`); `None` when there is
/// none, or none among the pairs the bounds let it check.
///
/// Errors: `OutOfMemory` only; a check the counter cannot finish counts as "not forced".
pub fn forced_fifty_fifty(
    counter: &mut Counter,
    view: &View,
    probs: &Probabilities,
) -> Result<Option<usize>> {
    let (rows, cols) = (view.rows(), view.cols());
    let half = |i: usize| one_half(view, probs, i);
    let certain_mine = |i: usize| certain_mine(view, probs, i);
    let touching = |i: usize, j: usize| {
        let ((ri, ci), (rj, cj)) = (view.coords(i), view.coords(j));
        i != j && ri.abs_diff(rj) <= 1 && ci.abs_diff(cj) <= 1
    };
    // Every neighbour of `x` except `y` is shared with `y` or certainly a mine.
    let hidden_from = |x: usize, y: usize| {
        let mut ok = true;
        view.for_each_neighbour(x, |k| ok &= k == y || touching(k, y) || certain_mine(k));
        ok
    };
    // The pairs worth a check against the counter, at most `max_checks` of them.
    let max_checks = (CHECK_BUDGET / (9 * view.cells().len().max(1))).min(MAX_CHECKS);
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut walled_cells: Vec<usize> = Vec::new();
    'scan: for a in (0..view.cells().len()).filter(|&a| half(a)) {
        if walled_in(view, probs, a) && walled_cells.len() < MAX_WALLED {
            try_push(&mut walled_cells, a)?;
        }
        // A partner shares a neighbour with `a` unless both are walled in by mines (below):
        // it lies within two steps.
        let (ra, ca) = view.coords(a);
        for rb in ra..=(ra + 2).min(rows - 1) {
            for cb in ca.saturating_sub(2)..=(ca + 2).min(cols - 1) {
                let b = rb * cols + cb;
                if b > a && half(b) && hidden_from(a, b) && hidden_from(b, a) {
                    if pairs.len() == max_checks {
                        break 'scan;
                    }
                    try_push(&mut pairs, (a, b))?;
                }
            }
        }
    }
    for (k, &a) in walled_cells.iter().enumerate() {
        for &b in &walled_cells[k + 1..] {
            let ((ra, ca), (rb, cb)) = (view.coords(a), view.coords(b));
            let seen_above = rb <= ra + 2 && cb.abs_diff(ca) <= 2;
            if !seen_above && pairs.len() < max_checks {
                try_push(&mut pairs, (a, b))?;
            }
        }
    }
    if pairs.is_empty() {
        return Ok(None);
    }
    let mut work = view.try_clone()?;
    let mut next = Probabilities::default();
    for (a, b) in pairs {
        if exactly_one_mine(counter, &mut work, &mut next, a, b)? {
            return Ok(Some(a));
        }
    }
    Ok(None)
}

/// Whether cell `i` is hidden and a mine in exactly half the layouts, as every cell of a forced
/// 50/50 is.
pub(super) fn one_half(view: &View, probs: &Probabilities, i: usize) -> bool {
    view.is_hidden(i) && (probs.get(i) - 0.5).abs() < 1e-12
}

/// Whether cell `i` is hidden and a mine in every layout.
pub(super) fn certain_mine(view: &View, probs: &Probabilities, i: usize) -> bool {
    view.is_hidden(i) && probs.get(i) >= 1.0
}

/// Whether every neighbour of cell `i` is a certain mine: no cell that can be revealed sees it.
pub(super) fn walled_in(view: &View, probs: &Probabilities, i: usize) -> bool {
    let mut ok = true;
    view.for_each_neighbour(i, |k| ok &= certain_mine(view, probs, k));
    ok
}

/// Whether every layout has a mine on exactly one of `a` and `b`, both one-half cells: then
/// whatever `a` shows when safe, `b` is a mine.
fn exactly_one_mine(
    counter: &mut Counter,
    work: &mut View,
    next: &mut Probabilities,
    a: usize,
    b: usize,
) -> Result<bool> {
    // `a` counts only hidden neighbours: larger numbers cannot fit.
    for v in 0..=work.hidden_neighbours(a).min(8) as u8 {
        match counter.probabilities_if_shown(work, a, v, next) {
            Ok(true) if next.get(b) < 1.0 => return Ok(false),
            Ok(_) => {}
            Err(e) if e.kind() == ErrorKind::OutOfMemory => return Err(e),
            Err(_) => return Ok(false),
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::mines_brute;

    fn forced(bytes: &[u8], rows: usize, cols: usize, mines: usize) -> Option<usize> {
        let v = View::parse(bytes, rows, cols, mines).unwrap();
        let mut c = Counter::new();
        let p = c.probabilities(&v).unwrap();
        forced_fifty_fifty(&mut c, &v, &p).unwrap()
    }

    #[test]
    fn a_pair_walled_in_by_the_edge_is_forced() {
        // Column 0 holds one mine; both '1's see both cells, nothing else sees either.
        assert_eq!(forced(b"E1BE1B", 2, 3, 1), Some(0));
    }

    #[test]
    fn a_pair_a_future_reveal_can_split_is_not_forced() {
        // The '1' holds one mine on (0, 0) or (0, 2); (0, 3), safe, sees only (0, 2).
        assert_eq!(forced(b"E1EE", 1, 4, 1), None);
    }

    #[test]
    fn certain_mines_beside_one_cell_do_not_split_the_pair() {
        // Mines at (0, 0) or (1, 0), and at (2, 0) and (2, 1), which see (1, 0) only.
        assert_eq!(forced(b"E1BE31EE1", 3, 3, 3), Some(0));
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn matches_the_definition_on_small_views() {
        let mut rng = crate::rng::SplitMix64::new(5050);
        let mut found = 0;
        for _ in 0..4000 {
            let rows = 1 + rng.below(5) as usize;
            let cols = 1 + rng.below(5) as usize;
            let n = rows * cols;
            let mines = rng.below(n as u64 / 2 + 1) as usize;
            let view = mines_brute::random_view(rows, cols, mines, 3, &mut |n| rng.below(n));
            if view.iter().filter(|&&b| b == b'E').count() > 14 {
                continue;
            }
            let want = mines_brute::forced_fifty_fifty_cells(&view, rows, cols, mines);
            let got = forced(&view, rows, cols, mines);
            let v = String::from_utf8_lossy(&view);
            match got {
                None => assert!(
                    want.is_empty(),
                    "{v} {rows}x{cols}/{mines}: missed {want:?}"
                ),
                Some(a) => {
                    found += 1;
                    assert!(want.contains(&a), "{v}: {a} not in {want:?}");
                }
            }
        }
        assert!(found > 20, "only {found} views had a forced 50/50");
    }
}
