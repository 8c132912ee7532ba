//! Exact endgame play: when few layouts remain, the move that maximises the chance of winning.
//!
//! The steps, each in its own file:
//! 1. `layouts.rs` lists every layout that fits the view (at most [`MAX_LAYOUTS`], over at most
//!    64 hidden cells whose fate is open), from the constraints of the deduction core
//!    (`constraints/`);
//! 2. `parts.rs` splits the cells into parts that do not interact, whose layouts combine freely:
//!    the chance of winning is the product of the parts' chances. A part whose mines are the same
//!    in number in all its layouts is free of the others even under the mine total, so it is
//!    listed on its own: past [`MAX_LAYOUTS`] layouts in all (up to [`APART_LAYOUTS`]), a view is
//!    still searched when each such part, and the rest together, has at most that many;
//! 3. `search.rs` searches each part. A position is the set of layouts still possible, and its
//!    value is the best chance of winning from it:
//!    - one layout left: the game is won (every safe cell is known);
//!    - a cell that is safe in every layout but shows different numbers in different ones is
//!      revealed for free, splitting the set;
//!    - otherwise the value is the best, over the cells that are mines in some layouts and safe
//!      in others, of the sum over the numbers the cell can show of P(safe and shows v) times
//!      the value of the layouts that remain; a cell stops being searched once what it has won
//!      so far plus the chances still open cannot beat the best cell.
//!
//! A number's position is searched only as far as its cell needs: below the chance that would
//! lift the cell past the best (its floor), proving that the position cannot reach it is enough,
//! and that proof is remembered with the chances. In 6,000 modern expert games this took a
//! quarter less work than exact chances everywhere, and the search gave up on 52 positions, not 87.
//!
//! Values are memoised by set, and the listing and the search give up past their limits (steps,
//! positions, [`MAX_WORK`] units of work), so the caller falls back on its heuristic, and even a
//! hint on a crafted view stays fast. Floods after a zero reveal only cells that are safe in
//! every layout, which the free reveals cover, so they need no modelling.

mod layouts; // the layouts a view allows, listed
mod parts; // parts that do not interact, listed and searched apart
mod search; // the exact search over a part's layouts

pub use layouts::MAX_LAYOUTS;

use super::probability::{Counter, Probabilities};
use super::view::View;
use crate::error::{try_extend_exact, try_push, try_reserve, Result};
use layouts::{enumerate, reorder};
use parts::{independent_parts, parts_apart};
use search::{best_of_parts, MAX_WORK};

/// Layouts in all past which no part is listed apart (see `parts_apart`): in 2,000 modern expert
/// games no view of more than 8,192 had parts to list, and trying on the larger views cost
/// two thirds of the time spent trying.
const APART_LAYOUTS: usize = 16 * MAX_LAYOUTS;

/// The cell (row-major index) with the best exact chance of winning, and that chance; `None`
/// when the view is too large or the search too long. `counter` has just analysed `view`, and
/// `probs` are its probabilities: cells certain either way are fixed, the others searched.
/// Past [`MAX_LAYOUTS`] layouts, only a view whose parts can be listed apart is searched (see
/// `parts_apart`), up to [`APART_LAYOUTS`].
///
/// Errors: `OutOfMemory`, rather than a different answer.
pub fn best_move(
    counter: &Counter,
    view: &View,
    probs: &Probabilities,
) -> Result<Option<(usize, f64)>> {
    let layouts = probs.layouts().to_f64();
    if layouts > APART_LAYOUTS as f64 {
        return Ok(None);
    }
    best_move_within(
        counter,
        view,
        probs,
        MAX_WORK,
        layouts <= MAX_LAYOUTS as f64,
    )
}

/// [`best_move`] with `budget` units of work for the search (the enumeration keeps its own),
/// listing every layout first when `whole`, else the parts apart.
fn best_move_within(
    counter: &Counter,
    view: &View,
    probs: &Probabilities,
    budget: usize,
    whole: bool,
) -> Result<Option<(usize, f64)>> {
    let open = |i: usize| probs.is_open(i);
    // At most 64 cells, so the lists below stay small.
    let mut cells: Vec<usize> = Vec::new();
    try_reserve(&mut cells, 64)?;
    for i in (0..view.cells().len()).filter(|&i| open(i)) {
        if cells.len() == 64 {
            return Ok(None);
        }
        try_push(&mut cells, i)?;
    }
    if cells.len() < 2 {
        return Ok(None);
    }
    let index_of = |cell: usize| cells.binary_search(&cell).ok();
    // Each searched cell's searched neighbours: which layouts' mines it would count.
    let mut nb: Vec<u64> = Vec::new();
    try_extend_exact(
        &mut nb,
        cells.iter().map(|&cell| {
            let mut m = 0u64;
            view.for_each_neighbour(cell, |j| {
                if let Some(k) = index_of(j) {
                    m |= 1 << k;
                }
            });
            m
        }),
    )?;
    // The core's numbers that still constrain something, over the searched cells; cells that
    // are certainly mines lower the need.
    let cons = counter.constraints();
    let mut rules: Vec<(u64, u32)> = Vec::new();
    let mut fixed_mines = 0usize;
    for g in 0..cons.groups() as u32 {
        fixed_mines += cons
            .group_cells(g)
            .iter()
            .filter(|&&c| probs.get(c as usize) >= 1.0)
            .count();
    }
    for n in 0..cons.numbers() as u32 {
        let (mut mask, mut need) = (0u64, u32::from(cons.number_need(n)));
        for &g in cons.number_groups(n) {
            for &c in cons.group_cells(g) {
                match index_of(c as usize) {
                    Some(k) => mask |= 1 << k,
                    None => match need.checked_sub(u32::from(probs.get(c as usize) >= 1.0)) {
                        Some(left) => need = left,
                        None => return Ok(None),
                    },
                }
            }
        }
        if mask != 0 {
            try_push(&mut rules, (mask, need))?;
        }
    }
    // Floating cells certain to be mines hold some of the mines left too.
    let Some(floating_fixed) = (0..view.cells().len())
        .filter(|&i| view.is_hidden(i) && probs.get(i) >= 1.0)
        .count()
        .checked_sub(fixed_mines + cons.mines().len())
    else {
        return Ok(None);
    };
    let Some(mines) = counter
        .mines_left()
        .checked_sub(fixed_mines + floating_fixed)
    else {
        return Ok(None);
    };
    reorder(&mut cells, &mut nb, &mut rules);
    let parts = if whole {
        let Some(layouts) = enumerate(cells.len(), &rules, mines)? else {
            return Ok(None);
        };
        if layouts.len() < 2 {
            return Ok(None);
        }
        match independent_parts(&layouts, &rules, &nb)? {
            Some(parts) => parts,
            None => {
                let mut one = Vec::new();
                try_push(&mut one, (u64::MAX, layouts))?;
                one
            }
        }
    } else {
        match parts_apart(cells.len(), &rules, &nb, mines)? {
            Some(parts) => parts,
            None => return Ok(None),
        }
    };
    best_of_parts(&parts, &nb, &cells, budget)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn exact_win_chance() {
        // One mine among three cells: any guess survives 2/3 of the time, and then the
        // number it shows (always 1) leaves a coin flip: 1/3 in all.
        let v = View::parse(b"1EEE", 2, 2, 1).unwrap();
        let mut counter = Counter::new();
        let probs = counter.probabilities(&v).unwrap();
        let (cell, p) = best_move(&counter, &v, &probs).unwrap().unwrap();
        assert!(v.is_hidden(cell));
        assert!((p - 1.0 / 3.0).abs() < 1e-12, "{p}");
    }

    #[test]
    fn gives_up_on_large_views() {
        let v = View::hidden(9, 9, 10).unwrap();
        let mut counter = Counter::new();
        let probs = counter.probabilities(&v).unwrap();
        assert!(best_move(&counter, &v, &probs).unwrap().is_none());
    }

    /// `pairs` forced 50/50s along the top of an expert board (wider for more than 9): pair `k`
    /// is (0, 3k+1) and (0, 3k+2), one mine between them, walled off by mines in column 3k and
    /// 3k+3; everything else is revealed.
    fn fifty_fifties(pairs: usize) -> View {
        let (rows, cols) = (16, 30.max(3 * pairs + 1));
        let mut mine = vec![false; rows * cols];
        for k in 0..=pairs {
            if 3 * k < cols {
                mine[3 * k] = true;
                mine[cols + 3 * k] = true;
            }
            if k < pairs {
                mine[3 * k + 1] = true;
            }
        }
        let hidden = |i: usize| mine[i] || (i < 3 * pairs && i % 3 == 2);
        let bytes: Vec<u8> = (0..rows * cols)
            .map(|i| {
                if hidden(i) {
                    b'E'
                } else {
                    crate::mines::solver::view::shown_byte(&mine, rows, cols, i)
                }
            })
            .collect();
        let mines = mine.iter().filter(|&&m| m).count();
        View::parse(&bytes, rows, cols, mines).unwrap()
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn nine_fifty_fifties_are_searched_as_nine_parts() {
        // 512 layouts; searched whole, 19,171 positions.
        let v = fifty_fifties(9);
        let mut counter = Counter::new();
        let probs = counter.probabilities(&v).unwrap();
        assert_eq!(probs.layouts().to_f64(), 512.0);
        let (cell, win) = best_move(&counter, &v, &probs).unwrap().unwrap();
        assert_eq!(probs.get(cell), 0.5);
        assert_eq!(win, 0.5f64.powi(9));
        // One budget covers every part: nine pairs need about nine times one pair's.
        let mut least = |v: &View| {
            let probs = counter.probabilities(v).unwrap();
            (0..)
                .find(|&b| {
                    best_move_within(&counter, v, &probs, b, true)
                        .unwrap()
                        .is_some()
                })
                .unwrap()
        };
        let (one, nine) = (least(&fifty_fifties(1)), least(&v));
        assert!(one > 0 && nine >= 8 * one, "{one} {nine}");
        // A tenth pair makes the most layouts the search lists; past them, the pairs are
        // listed apart, each holding one mine whatever the others do, up to APART_LAYOUTS.
        for pairs in [10i32, 11, 14] {
            let v = fifty_fifties(pairs as usize);
            let probs = counter.probabilities(&v).unwrap();
            assert_eq!(probs.layouts().to_f64(), 2f64.powi(pairs));
            let (cell, win) = best_move(&counter, &v, &probs).unwrap().unwrap();
            assert_eq!(probs.get(cell), 0.5);
            assert_eq!(win, 0.5f64.powi(pairs));
        }
        // One part of 12,870 layouts is past them, and so are fifteen pairs.
        for v in [View::hidden(4, 4, 8).unwrap(), fifty_fifties(15)] {
            let probs = counter.probabilities(&v).unwrap();
            assert!(best_move(&counter, &v, &probs).unwrap().is_none());
        }
    }

    /// Reference: the best winning chance by plain recursion over (layouts, revealed cells).
    fn reference(layouts: &[u64], revealed: u64, nb: &[u64], n: usize) -> f64 {
        reference_memo(layouts, revealed, nb, n, &mut HashMap::default())
    }

    /// The plain game tree search, each (revealed cells, layouts) position valued once.
    fn reference_memo(
        layouts: &[u64],
        revealed: u64,
        nb: &[u64],
        n: usize,
        memo: &mut HashMap<(u64, Vec<u64>), f64>,
    ) -> f64 {
        let (any, all) = layouts
            .iter()
            .fold((0u64, u64::MAX), |(a, b), &l| (a | l, b & l));
        if any & !revealed == all & !revealed {
            return 1.0;
        }
        if let Some(&v) = memo.get(&(revealed, layouts.to_vec())) {
            return v;
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
                        * reference_memo(&part, revealed | 1 << k, nb, n, memo);
                }
            }
            best = best.max(v);
        }
        memo.insert((revealed, layouts.to_vec()), best);
        best
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn matches_plain_game_tree_search() {
        let (checked, _) = checked_against_plain_search(12345, 400, 2, 9, false);
        assert!(checked > 20, "only {checked} positions checked");
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn parts_apart_match_plain_game_tree_search() {
        // Views split by a wall that no number spans, as the parts past MAX_LAYOUTS are.
        let (mut checked, mut apart) = (0, 0);
        for (seed, side) in [(99, 3), (100, 4), (101, 5)] {
            let (c, a) = checked_against_plain_search(seed, 6000, side, 16, true);
            checked += c;
            apart += a;
        }
        assert!(
            checked > 500 && apart > 30,
            "{checked} checked, {apart} apart"
        );
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn floors_leave_the_chance_exact_in_deeper_trees() {
        // Views of 10-13 open hidden cells: trees deep enough that most numbers are asked only
        // above a floor.
        let (checked, _) = checked_against_plain_search(777, 800, 3, 13, false);
        assert!(checked > 20, "only {checked} positions checked");
    }

    /// A view split in two by two revealed columns without mines, which no number spans: a
    /// random layout elsewhere, about a third of its safe cells revealed, then every certain
    /// move made. The halves are tied only by the mine total, unless their numbers fix each
    /// half's mines in number.
    fn split_view(next: &mut impl FnMut(usize) -> usize, (rows, cols): (usize, usize)) -> View {
        let n = rows * cols;
        let wall = 2 + next(cols - 5);
        let in_wall = |i: usize| i % cols == wall || i % cols == wall + 1;
        let room = n - 2 * rows;
        let mines = 2 + next(room / 4);
        let mut mine = vec![false; n];
        let mut placed = 0;
        while placed < mines {
            let i = next(n);
            if !in_wall(i) && !mine[i] {
                mine[i] = true;
                placed += 1;
            }
        }
        let shown = |i: usize| crate::mines::solver::view::shown_byte(&mine, rows, cols, i);
        let mut bytes: Vec<u8> = (0..n)
            .map(|i| {
                if in_wall(i) || (!mine[i] && next(3) == 0) {
                    shown(i)
                } else {
                    b'E'
                }
            })
            .collect();
        // Every certain move made, as play would.
        let mut counter = Counter::new();
        loop {
            let view = View::parse(&bytes, rows, cols, mines).unwrap();
            let safe = counter.probabilities(&view).unwrap().safe_cells().to_vec();
            if safe.is_empty() {
                return view;
            }
            for i in safe {
                bytes[i] = shown(i);
            }
        }
    }

    /// How many positions, on boards of `min_side` to `min_side + 2` cells a side (three more
    /// columns when `split`, a [`split_view`]) with at most `max_hidden` hidden cells (and at
    /// least 10 when that is more than 9 and not `split`), were checked: the best move's chance
    /// matches the plain search's on each; and on how many of them the search over parts
    /// listed apart (`parts_apart`) answered, and matched too.
    fn checked_against_plain_search(
        seed: u64,
        tries: usize,
        min_side: usize,
        max_hidden: usize,
        split: bool,
    ) -> (usize, usize) {
        let mut counter = Counter::new();
        let mut rng = crate::rng::SplitMix64::new(seed);
        let mut next = |m: usize| rng.below(m as u64) as usize;
        let (mut checked, mut apart) = (0, 0);
        for _ in 0..tries {
            let (rows, cols) = (min_side + next(3), min_side + next(3));
            let n = rows * cols;
            let view = if split {
                split_view(&mut next, (rows, cols + 3))
            } else {
                let mines = 1 + next(n / 3);
                let clicks = 1 + next(2);
                super::super::view::clicked_view(&mut next, (rows, cols, mines), clicks)
            };
            let (mines, n) = (view.mines(), view.cells().len());
            let bytes = view.cells();
            let probs = counter.probabilities(&view).unwrap();
            let hidden = view.hidden_count();
            let deep = !split && max_hidden > 9 && hidden < 10;
            if !probs.safe_cells().is_empty() || hidden > max_hidden || hidden == mines || deep {
                continue;
            }
            let Some((cell, value)) = best_move(&counter, &view, &probs).unwrap() else {
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
            // The parts listed apart, as past MAX_LAYOUTS, when the view has any.
            if let Some((cell, value)) =
                best_move_within(&counter, &view, &probs, MAX_WORK, false).unwrap()
            {
                assert!(
                    (value - want).abs() < 1e-9,
                    "apart: {value} vs {want} on {bytes:?}"
                );
                assert!(probs.get(cell) < 1.0);
                apart += 1;
            }
        }
        (checked, apart)
    }
}
