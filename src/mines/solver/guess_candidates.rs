//! The cells worth a guess: the near-safest frontier cells, and the floating cells most likely
//! to open an area when floating cells are nearly as safe.

use super::probability::Probabilities;
use super::view::View;
use crate::error::{try_filled, try_push, try_reserve, Result};
use crate::mines::board::alphabet::HIDDEN;

/// Frontier candidates must be at least this fraction as safe as the safest cell.
const CUTOFF: f64 = 0.90;
/// Floating cells join the candidates when more than this fraction as safe as the frontier's
/// best (Hill's solver's threshold). 0.85 won 0.040 (± 0.031) points more of the first 100,000
/// modern expert games, paired, but no more than 0.01 over a million: not kept.
const OFF_EDGE_THRESHOLD: f64 = 0.95;

/// Whether hidden cell `i` touches a revealed cell.
fn on_frontier(view: &View, i: usize) -> bool {
    let mut f = false;
    view.for_each_neighbour(i, |j| f |= !view.is_hidden(j));
    f
}

/// The candidate guesses, safest first.
pub(crate) fn candidates(view: &View, probs: &Probabilities) -> Result<Vec<usize>> {
    let cells = view.cells();
    let n = cells.len();
    let mut best_edge = f64::INFINITY;
    let mut edge = Vec::new();
    let mut off = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        if c != HIDDEN || probs.get(i) >= 1.0 {
            continue;
        }
        if on_frontier(view, i) {
            best_edge = best_edge.min(probs.get(i));
            try_push(&mut edge, i)?;
        } else {
            try_push(&mut off, i)?;
        }
    }
    let safety = |p: f64| 1.0 - p;
    let floating = if off.is_empty() {
        f64::INFINITY
    } else {
        probs.floating_probability()
    };
    let best_safety = safety(best_edge.min(floating));
    let mut out = edge;
    out.retain(|&i| safety(probs.get(i)) >= best_safety * CUTOFF);
    let off_safety = safety(probs.floating_probability());
    if !off.is_empty()
        && (best_edge.is_infinite() || off_safety > safety(best_edge) * OFF_EDGE_THRESHOLD)
    {
        if off.len() <= 30 {
            crate::error::try_extend_exact(&mut out, off)?;
        } else {
            let mut chosen = try_filled(n, false)?;
            // Cells two steps from a revealed number along a row or column: close enough to
            // connect to the frontier, far enough to be likely zeros.
            for w in 0..n {
                if cells[w] == HIDDEN || view.hidden_neighbours(w) == 0 {
                    continue;
                }
                for d in [(2, 0), (-2, 0), (0, 2), (0, -2)] {
                    let Some(j) = view.offset(w, d) else { continue };
                    if cells[j] == HIDDEN && !on_frontier(view, j) {
                        chosen[j] = true;
                    }
                }
            }
            for &i in &off {
                let h = view.hidden_neighbours(i);
                if (1..4).contains(&h) {
                    chosen[i] = true;
                }
            }
            off.retain(|&i| chosen[i]);
            try_reserve(&mut out, off.len() + 1)?;
            crate::error::try_extend_exact(&mut out, off)?;
            if out.is_empty() {
                crate::error::try_push(&mut out, fewest_hidden_neighbours(view, probs))?;
            }
        }
    }
    out.sort_by(|&a, &b| {
        probs
            .get(a)
            .total_cmp(&probs.get(b))
            .then(view.hidden_neighbours(a).cmp(&view.hidden_neighbours(b)))
            .then(a.cmp(&b))
    });
    Ok(out)
}

/// The floating cell with the fewest hidden neighbours (most likely a zero).
fn fewest_hidden_neighbours(view: &View, probs: &Probabilities) -> usize {
    (0..view.cells().len())
        .filter(|&i| view.is_hidden(i) && probs.get(i) < 1.0 && !on_frontier(view, i))
        .min_by_key(|&i| (view.hidden_neighbours(i), i))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mines::solver::probability::Counter;
    use crate::test_support::mines_brute;

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn floating_cells_join_when_nearly_as_safe_as_the_frontier() {
        let mut rng = crate::rng::SplitMix64::new(85);
        let (mut joined, mut left_out, mut near_in, mut near_out) = (0, 0, 0, 0);
        for _ in 0..8000 {
            let rows = 3 + rng.below(4) as usize;
            let cols = 3 + rng.below(4) as usize;
            let n = rows * cols;
            let mines = 1 + rng.below(n as u64 / 3) as usize;
            let bytes = mines_brute::random_view(rows, cols, mines, 2, &mut |n| rng.below(n));
            let view = View::parse(&bytes, rows, cols, mines).unwrap();
            let probs = Counter::new().probabilities(&view).unwrap();
            let open = |i: usize| view.is_hidden(i) && probs.get(i) < 1.0;
            if !(0..n).any(|i| open(i) && !on_frontier(&view, i)) {
                continue;
            }
            let best_edge = (0..n)
                .filter(|&i| open(i) && on_frontier(&view, i))
                .map(|i| probs.get(i))
                .fold(f64::INFINITY, f64::min);
            let (off_safety, edge_safety) = (1.0 - probs.floating_probability(), 1.0 - best_edge);
            let ratio = off_safety / edge_safety;
            let want = best_edge.is_infinite() || off_safety > edge_safety * OFF_EDGE_THRESHOLD;
            let got = candidates(&view, &probs)
                .unwrap()
                .iter()
                .any(|&i| !on_frontier(&view, i));
            let shown = String::from_utf8_lossy(&bytes);
            assert_eq!(got, want, "{shown} {rows}x{cols}/{mines}: ratio {ratio}");
            joined += usize::from(got);
            left_out += usize::from(!got);
            // Views close to the threshold, where a wrong comparison would show.
            let close = !best_edge.is_infinite() && (ratio - OFF_EDGE_THRESHOLD).abs() < 0.1;
            near_in += usize::from(close && want);
            near_out += usize::from(close && !want);
        }
        assert!(
            joined > 100 && left_out > 100 && near_in > 20 && near_out > 20,
            "{joined} joined, {left_out} left out; near the threshold {near_in} in, {near_out} out"
        );
    }
}
