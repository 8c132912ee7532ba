//! Exact endgame play: when few layouts remain, the move that maximises the chance of winning.
//!
//! Every layout that fits the view is listed (at most [`MAX_LAYOUTS`], over at most 64 hidden
//! cells). A position is then just the set of layouts still possible, and its value is the best
//! chance of winning from it:
//! - one layout left: the game is won (every safe cell is known);
//! - a cell that is safe in every layout but shows different numbers in different ones is
//!   revealed for free, splitting the set;
//! - otherwise the value is the best, over the cells that are mines in some layouts and safe in
//!   others, of the sum over the numbers the cell can show of P(safe and shows v) times the value
//!   of the layouts that remain.
//!
//! Values are memoised by layout set and the search gives up after [`MAX_NODES`] positions, so
//! the caller falls back on its heuristic. Floods after a zero reveal only cells that are safe in
//! every layout, which the free reveals cover, so they need no modelling.

use super::probability::Probabilities;
use super::view::{View, HIDDEN};
use std::collections::HashMap;

/// Layouts listed at most.
pub const MAX_LAYOUTS: usize = 256;
/// Positions evaluated at most before giving up.
const MAX_NODES: usize = 50_000;

/// The cell (row-major index) with the best exact chance of winning, and that chance; `None`
/// when the view is too large or the search too long. `probs` are the view's probabilities:
/// cells that are certainly mines are fixed, only the undetermined ones are searched.
pub fn best_move(view: &View, probs: &Probabilities) -> Option<(usize, f64)> {
    let certain = |i: usize| probs.get(i) >= 1.0;
    let hidden: Vec<usize> = (0..view.cells().len())
        .filter(|&i| view.is_hidden(i) && !certain(i))
        .collect();
    let fixed_mines = (0..view.cells().len())
        .filter(|&i| view.is_hidden(i) && certain(i))
        .count();
    if hidden.len() > 64 || hidden.len() < 2 {
        return None;
    }
    let index_of = |cell: usize| hidden.iter().position(|&h| h == cell);
    // Each hidden cell's hidden neighbours, as a mask over `hidden`.
    let nb: Vec<u64> = hidden
        .iter()
        .map(|&cell| {
            let mut m = 0u64;
            view.for_each_neighbour(cell, |j| {
                if let Some(k) = index_of(j) {
                    m |= 1 << k;
                }
            });
            m
        })
        .collect();
    // Constraints over hidden indices.
    let mut cons: Vec<(u64, u32)> = Vec::new();
    for (i, &d) in view.cells().iter().enumerate() {
        if d == HIDDEN {
            continue;
        }
        let mut m = 0u64;
        let mut fixed = 0u32;
        view.for_each_neighbour(i, |j| {
            if let Some(k) = index_of(j) {
                m |= 1 << k;
            } else if view.is_hidden(j) {
                fixed += 1;
            }
        });
        let d = u32::from(d).checked_sub(fixed)?;
        if m != 0 {
            cons.push((m, d));
        } else if d != 0 {
            return None;
        }
    }
    let layouts = enumerate(hidden.len(), &cons, view.mines().checked_sub(fixed_mines)?)?;
    if layouts.len() < 2 {
        return None;
    }
    let mut search = Search {
        layouts: &layouts,
        nb: &nb,
        cells: hidden.len(),
        memo: HashMap::new(),
        nodes: 0,
    };
    let all: Vec<u16> = (0..layouts.len() as u16).collect();
    let (value, cell) = search.value(&all, true)?;
    cell.map(|k| (hidden[k], value))
}

/// Every mine mask over `n` cells with `mines` mines that meets every (mask, count) constraint;
/// `None` beyond [`MAX_LAYOUTS`] layouts or a bounded number of search steps.
fn enumerate(n: usize, cons: &[(u64, u32)], mines: usize) -> Option<Vec<u64>> {
    let mut e = Enumeration {
        n,
        cons,
        mines,
        out: Vec::new(),
        steps: 0,
    };
    e.go(0, 0, 0).then_some(e.out)
}

struct Enumeration<'a> {
    n: usize,
    cons: &'a [(u64, u32)],
    mines: usize,
    out: Vec<u64>,
    steps: usize,
}

impl Enumeration<'_> {
    /// Decides cells `k..`; `false` aborts the whole enumeration.
    fn go(&mut self, k: usize, mask: u64, placed: usize) -> bool {
        self.steps += 1;
        if self.steps > 20 * MAX_NODES {
            return false;
        }
        // Prune: every constraint must still be reachable with the cells from k on.
        let decided: u64 = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
        for &(m, d) in self.cons {
            let have = (mask & m).count_ones();
            let open = (m & !decided).count_ones();
            if have > d || have + open < d {
                return true;
            }
        }
        if placed > self.mines || placed + (self.n - k) < self.mines {
            return true;
        }
        if k == self.n {
            if self.out.len() == MAX_LAYOUTS {
                return false;
            }
            self.out.push(mask);
            return true;
        }
        self.go(k + 1, mask, placed) && self.go(k + 1, mask | (1 << k), placed + 1)
    }
}

struct Search<'a> {
    layouts: &'a [u64],
    nb: &'a [u64],
    cells: usize,
    memo: HashMap<Vec<u16>, f64>,
    nodes: usize,
}

impl Search<'_> {
    /// The winning chance from the layout set `set` (and, at the root, the best cell).
    fn value(&mut self, set: &[u16], root: bool) -> Option<(f64, Option<usize>)> {
        if set.len() == 1 {
            return Some((1.0, None));
        }
        if !root {
            if let Some(&v) = self.memo.get(set) {
                return Some((v, None));
            }
        }
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return None;
        }
        let (mut any_mine, mut all_mine) = (0u64, u64::MAX);
        for &l in set {
            any_mine |= self.layouts[l as usize];
            all_mine &= self.layouts[l as usize];
        }
        let n = set.len() as f64;
        // A free reveal that tells the layouts apart.
        if !root {
            for k in 0..self.cells {
                if any_mine >> k & 1 == 0 {
                    let parts = self.split(set, k);
                    if parts.len() > 1 {
                        let mut v = 0.0;
                        for p in &parts {
                            v += p.len() as f64 / n * self.value(p, false)?.0;
                        }
                        self.memo.insert(set.to_vec(), v);
                        return Some((v, None));
                    }
                }
            }
        }
        // Risky cells, safest first; a cell cannot beat the best once its safety is below it.
        let mut risky: Vec<(usize, usize)> = (0..self.cells)
            .filter(|&k| any_mine >> k & 1 == 1 && all_mine >> k & 1 == 0)
            .map(|k| {
                let mines = set
                    .iter()
                    .filter(|&&l| self.layouts[l as usize] >> k & 1 == 1)
                    .count();
                (mines, k)
            })
            .collect();
        risky.sort_unstable();
        let mut best = (-1.0, None);
        for (mines, k) in risky {
            let safe = (set.len() - mines) as f64 / n;
            if safe <= best.0 + 1e-12 {
                break;
            }
            let parts = self.split(set, k);
            let mut v = 0.0;
            for p in &parts {
                v += p.len() as f64 / n * self.value(p, false)?.0;
            }
            if v > best.0 + 1e-12 {
                best = (v, Some(k));
            }
        }
        if !root {
            self.memo.insert(set.to_vec(), best.0);
        }
        Some(best)
    }

    /// The layouts of `set` where cell `k` is safe, grouped by the number it shows.
    fn split(&self, set: &[u16], k: usize) -> Vec<Vec<u16>> {
        let mut parts: [Vec<u16>; 9] = Default::default();
        for &l in set {
            let layout = self.layouts[l as usize];
            if layout >> k & 1 == 0 {
                parts[(layout & self.nb[k]).count_ones() as usize].push(l);
            }
        }
        parts.into_iter().filter(|p| !p.is_empty()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_win_chance() {
        // One mine among three cells: any guess survives 2/3 of the time, and then the
        // number it shows (always 1) leaves a coin flip: 1/3 in all.
        let v = View::parse(b"1EEE", 2, 2, 1).unwrap();
        let probs = crate::mines::probabilities(&v).unwrap();
        let (cell, p) = best_move(&v, &probs).unwrap();
        assert!(v.is_hidden(cell));
        assert!((p - 1.0 / 3.0).abs() < 1e-12, "{p}");
    }

    #[test]
    fn gives_up_on_large_views() {
        let v = View::hidden(9, 9, 10).unwrap();
        let probs = crate::mines::probabilities(&v).unwrap();
        assert!(best_move(&v, &probs).is_none());
    }

    /// Reference: the best winning chance by plain recursion over (layouts, revealed cells).
    fn reference(layouts: &[u64], revealed: u64, nb: &[u64], n: usize) -> f64 {
        let (any, all) = layouts
            .iter()
            .fold((0u64, u64::MAX), |(a, b), &l| (a | l, b & l));
        if any & !revealed == all & !revealed {
            return 1.0;
        }
        let mut best = 0.0f64;
        for k in 0..n {
            if revealed >> k & 1 == 1 {
                continue;
            }
            let mut v = 0.0;
            for shown in 0..=8 {
                let part: Vec<u64> = layouts
                    .iter()
                    .copied()
                    .filter(|&l| l >> k & 1 == 0 && (l & nb[k]).count_ones() == shown)
                    .collect();
                if !part.is_empty() {
                    v += part.len() as f64 / layouts.len() as f64
                        * reference(&part, revealed | 1 << k, nb, n);
                }
            }
            best = best.max(v);
        }
        best
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn matches_plain_game_tree_search() {
        use crate::mines::{probabilities, reveal_empty, LEETCODE_MINES};
        let mut state = 12345u64;
        let mut next = |m: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) % m as u64) as usize
        };
        let mut checked = 0;
        for _ in 0..400 {
            let (rows, cols) = (2 + next(3), 2 + next(3));
            let n = rows * cols;
            let mines = 1 + next(n / 3);
            let mut board = vec![b'E'; n];
            let mut placed = 0;
            while placed < mines {
                let i = next(n);
                if board[i] == b'E' {
                    board[i] = b'M';
                    placed += 1;
                }
            }
            for _ in 0..1 + next(2) {
                let i = next(n);
                if board[i] == b'E' {
                    reveal_empty(&mut board, rows, cols, i / cols, i % cols, &LEETCODE_MINES)
                        .unwrap();
                }
            }
            let bytes: Vec<u8> = board
                .iter()
                .map(|&b| if b == b'M' { b'E' } else { b })
                .collect();
            let view = View::parse(&bytes, rows, cols, mines).unwrap();
            let probs = probabilities(&view).unwrap();
            let hidden = view.hidden_count();
            if !probs.safe_cells().is_empty() || hidden > 9 || hidden == mines {
                continue;
            }
            let Some((cell, value)) = best_move(&view, &probs) else {
                continue;
            };
            // The reference works over every hidden cell, certain mines included.
            let idx: Vec<usize> = (0..n).filter(|&i| view.is_hidden(i)).collect();
            let nb: Vec<u64> = idx
                .iter()
                .map(|&c| {
                    let mut m = 0u64;
                    view.for_each_neighbour(c, |j| {
                        if let Some(k) = idx.iter().position(|&h| h == j) {
                            m |= 1 << k;
                        }
                    });
                    m
                })
                .collect();
            let all: Vec<u64> = (0u64..1 << idx.len())
                .filter(|&l| l.count_ones() as usize == mines)
                .filter(|&l| {
                    (0..n).all(|i| {
                        view.is_hidden(i) || {
                            let mut k = 0u8;
                            view.for_each_neighbour(i, |j| {
                                if let Some(p) = idx.iter().position(|&h| h == j) {
                                    k += (l >> p & 1) as u8;
                                }
                            });
                            k == view.cells()[i]
                        }
                    })
                })
                .collect();
            let want = reference(&all, 0, &nb, idx.len());
            assert!(
                (value - want).abs() < 1e-9,
                "{value} vs {want} on {bytes:?}"
            );
            assert!(probs.get(cell) < 1.0);
            checked += 1;
        }
        assert!(checked > 20, "only {checked} positions checked");
    }
}
