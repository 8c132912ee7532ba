//! The exact search over a part's layouts: a position is the set of layouts still possible, and
//! its value the best chance of winning from it. Sets are bit sets, split by the number a cell
//! shows with a few word operations; values are memoised by set, and a number's position is
//! searched only as far as its cell needs (its floor).

use super::layouts::MAX_LAYOUTS;
use super::parts::Part;
use crate::error::{try_extend_exact, Error, ErrorKind, Result};
use crate::mines::solver::word_hash::WordHasher;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// Positions evaluated at most before giving up.
const MAX_NODES: usize = 20_000;

/// Work of the search at most, in word operations and layout visits (see [`NODE_COST`]): about
/// 20-25 ms at 5-6 ns a unit. A split or a count costs the words of the sets, whatever their
/// size: counted by layouts instead, a search of 35 cells over 502 layouts ran to its 20,000
/// positions in 37 ms. The heaviest search that finished in 6,000 expert games took 4.2
/// million units.
pub(super) const MAX_WORK: usize = 4_500_000;

/// Work of a position besides its splits and counts: the memo hashes and compares its
/// 16-word set, and the any/all pass visits its layouts (charged on top).
const NODE_COST: usize = 16;

/// A set of layouts, by index.
type Set = [u64; MAX_LAYOUTS / 64];

/// The set of no layout.
const EMPTY: Set = [0; MAX_LAYOUTS / 64];

/// The best cell of the game, as a board index (`at` holds the searched cells' board indices),
/// and the chance of winning: the product of the parts' chances, each part searched over its
/// own layouts with `budget` units of work in all. `nb` holds each searched cell's searched
/// neighbours. `None` when the search gave up.
pub(super) fn best_of_parts(
    parts: &[Part],
    nb: &[u64],
    at: &[usize],
    budget: usize,
) -> Result<Option<(usize, f64)>> {
    let mut shows = Vec::new();
    try_extend_exact(&mut shows, nb.iter().map(|_| [EMPTY; 9]))?;
    let mut mine = Vec::new();
    try_extend_exact(&mut mine, nb.iter().map(|_| EMPTY))?;
    let mut search = Search {
        layouts: &[],
        shows,
        mine,
        words: 0,
        nb,
        at,
        memo: HashMap::default(),
        nodes: 0,
        work: 0,
        budget,
        oom: false,
    };
    // Independent parts are won or lost independently: the game's chance is the product of
    // theirs, and each part's best move is a best move of the game. The hardest part goes
    // first, so that a game that is lost is lost early.
    let (mut win, mut pick) = (1.0, None::<(f64, usize)>);
    for (mask, layouts) in parts {
        let mask = *mask;
        search.layouts = layouts;
        search.words = layouts.len().div_ceil(64);
        search.memo.clear();
        // Only the part's own cells are ever split or counted.
        for (k, (shows, mine)) in search.shows.iter_mut().zip(&mut search.mine).enumerate() {
            if mask >> k & 1 == 0 {
                continue;
            }
            *shows = [EMPTY; 9];
            *mine = EMPTY;
            for (l, &layout) in layouts.iter().enumerate() {
                let to = if layout >> k & 1 == 1 {
                    &mut *mine
                } else {
                    &mut shows[(layout & nb[k]).count_ones() as usize]
                };
                to[l / 64] |= 1 << (l % 64);
            }
        }
        let mut all = EMPTY;
        for l in 0..layouts.len() {
            all[l / 64] |= 1 << (l % 64);
        }
        // The other parts' cells show one number in every layout of this one.
        let found = search.value(&all, true, !mask, f64::NEG_INFINITY);
        if search.oom {
            return Err(out_of_memory());
        }
        let Some(Value {
            chance: value,
            cell,
            ..
        }) = found
        else {
            return Ok(None);
        };
        win *= value;
        if let Some(k) = cell {
            if pick.is_none_or(|(v, cell)| (value, at[k]) < (v, cell)) {
                pick = Some((value, at[k]));
            }
        }
    }
    Ok(pick.map(|(_, cell)| (cell, win)))
}

/// The search's own stops (its limits) return `None`; running out of memory is this error.
fn out_of_memory() -> Error {
    Error::fixed(
        ErrorKind::OutOfMemory,
        "the endgame search ran out of memory",
    )
}

/// A search in progress: the part's layouts, the tables that split its sets, the memo and the
/// work spent.
struct Search<'a> {
    layouts: &'a [u64],
    /// Per cell and number, the layouts where the cell is safe and shows that number: a set
    /// splits by a few word operations instead of a visit to each of its layouts.
    shows: Vec<[Set; 9]>,
    /// Per cell, the layouts where it holds a mine.
    mine: Vec<Set>,
    /// Words of a set in use.
    words: usize,
    nb: &'a [u64],
    /// Each searched cell's board index (one per cell searched): ties between moves go to the
    /// lowest.
    at: &'a [usize],
    /// Each set's chance, or a bound it is known not to pass.
    memo: HashMap<Set, Known, BuildHasherDefault<WordHasher>>,
    nodes: usize,
    /// Work so far (see [`MAX_WORK`]), and at most.
    work: usize,
    budget: usize,
    /// An allocation failed: the search stopped for that, not for its limits.
    oom: bool,
}

/// What the search has learnt of a set of layouts.
#[derive(Clone, Copy)]
enum Known {
    /// Its winning chance.
    Chance(f64),
    /// A bound its chance does not pass: it was asked only above it.
    AtMost(f64),
}

/// What [`Search::value`] found for a set of layouts.
#[derive(Clone, Copy)]
struct Value {
    /// The winning chance; when not `exact`, a bound at or below the floor the caller gave,
    /// and at or above the chance.
    chance: f64,
    exact: bool,
    /// At the root, the best cell.
    cell: Option<usize>,
}

/// The least chance a number's layouts (`share` of the position's) must have for a move to
/// pass `bar`, when the move has won `won` so far and numbers worth `open` are left (each worth at
/// most its share): below it the caller cannot use the chance, only the fact. A little lower, so
/// that rounding cannot make the caller drop a move that would pass.
fn child_floor(bar: f64, won: f64, open: f64, share: f64) -> f64 {
    (bar - won - open) / share - 1e-9
}

/// Calls `f` with each layout index in `set`.
#[inline]
fn each(set: &Set, mut f: impl FnMut(usize)) {
    for (w, &word) in set.iter().enumerate() {
        let mut x = word;
        while x != 0 {
            f(w * 64 + x.trailing_zeros() as usize);
            x &= x - 1;
        }
    }
}

fn size(set: &Set) -> usize {
    set.iter().map(|w| w.count_ones() as usize).sum()
}

impl Search<'_> {
    /// The winning chance from the layout set `set` (and, at the root, the best cell). The cells
    /// of `inert` are known to show one number in every layout of `set`: no free reveal there.
    /// A caller that can use only a chance above `floor` may get, for a chance at or below it,
    /// just that fact ([`Value::exact`] false), which takes less work to prove than the chance
    /// itself (the root passes no floor).
    fn value(&mut self, set: &Set, root: bool, inert: u64, floor: f64) -> Option<Value> {
        let exact = |chance: f64, cell: Option<usize>| Value {
            chance,
            exact: true,
            cell,
        };
        // What a caller below `floor` gets: only that fact.
        let bound = Value {
            chance: floor,
            exact: false,
            cell: None,
        };
        let len = size(set);
        if len == 1 {
            return Some(exact(1.0, None));
        }
        if !root {
            match self.memo.get(set) {
                Some(&Known::Chance(v)) => return Some(exact(v, None)),
                Some(&Known::AtMost(b)) if b <= floor => return Some(bound),
                _ => {}
            }
        }
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return None;
        }
        self.charge(NODE_COST + len)?;
        let (mut any_mine, mut all_mine) = (0u64, u64::MAX);
        each(set, |l| {
            any_mine |= self.layouts[l];
            all_mine &= self.layouts[l];
        });
        let n = len as f64;
        // A free reveal that tells the layouts apart.
        let mut parts = [EMPTY; 9];
        // Cells that show one number in every layout of `set` show one in every subset too.
        let mut inert = inert;
        if !root {
            let undecided = any_mine & !all_mine;
            for k in 0..self.at.len() {
                if (any_mine | inert) >> k & 1 != 0 {
                    continue;
                }
                if self.nb[k] & undecided == 0 || self.split(set, k, &mut parts)? < 2 {
                    inert |= 1 << k;
                    continue;
                }
                let (mut v, mut open) = (0.0, 1.0);
                for p in parts.iter().filter(|p| p.iter().any(|&w| w != 0)) {
                    let share = size(p) as f64 / n;
                    open -= share;
                    let need = child_floor(floor, v, open, share);
                    let got = self.value(p, false, inert | 1 << k, need)?;
                    if !got.exact {
                        self.remember(set, Known::AtMost(floor))?;
                        return Some(bound);
                    }
                    v += share * got.chance;
                }
                self.remember(set, Known::Chance(v))?;
                return Some(exact(v, None));
            }
        }
        // Risky cells, safest first; a cell cannot beat the best once its safety is below it.
        let mut risky = [(0usize, 0usize, 0usize); 64];
        let mut n_risky = 0;
        for k in (0..self.at.len()).filter(|&k| any_mine >> k & 1 == 1 && all_mine >> k & 1 == 0) {
            let w = self.words;
            self.charge(w)?;
            let mines: usize = (self.mine[k][..w].iter().zip(&set[..w]))
                .map(|(&m, &s)| (m & s).count_ones() as usize)
                .sum();
            risky[n_risky] = (mines, self.at[k], k);
            n_risky += 1;
        }
        let risky = &mut risky[..n_risky];
        risky.sort_unstable();
        let mut best: (f64, Option<usize>) = (-1.0, None);
        // Whether a move was left unsearched only because it could not pass `floor`.
        let mut below_floor = false;
        for &mut (mines, _, k) in risky {
            let bar = best.0.max(floor);
            let safe = (len - mines) as f64 / n;
            if safe <= bar + 1e-12 {
                below_floor |= safe > best.0 + 1e-12;
                break;
            }
            self.split(set, k, &mut parts)?;
            // Each number's layouts win at most all their share: once what is won so far plus
            // the shares still open cannot beat the bar, the rest is not searched (a
            // half-tolerance margin, so that rounding cannot prune a move that would win).
            let (mut v, mut open) = (0.0, safe);
            let mut cut = false;
            for p in parts.iter().filter(|p| p.iter().any(|&w| w != 0)) {
                let share = size(p) as f64 / n;
                open -= share;
                let got = self.value(p, false, inert | 1 << k, child_floor(bar, v, open, share))?;
                if !got.exact {
                    cut = true;
                    break;
                }
                v += share * got.chance;
                if v + open <= bar + 0.5e-12 {
                    cut = true;
                    break;
                }
            }
            if cut {
                below_floor |= bar > best.0;
            } else if v > best.0 + 1e-12 {
                best = (v, Some(k));
            }
        }
        if below_floor && best.0 <= floor {
            self.remember(set, Known::AtMost(floor))?;
            return Some(bound);
        }
        if !root {
            self.remember(set, Known::Chance(best.0))?;
        }
        Some(exact(best.0, best.1))
    }

    /// Counts `units` more work; `None` past the budget.
    fn charge(&mut self, units: usize) -> Option<()> {
        self.work += units;
        (self.work <= self.budget).then_some(())
    }

    /// Memoises the value of `set`; `None` when memory runs out (the search gives up).
    fn remember(&mut self, set: &Set, v: Known) -> Option<()> {
        if self.memo.try_reserve(1).is_err() {
            self.oom = true;
            return None;
        }
        self.memo.insert(*set, v);
        Some(())
    }

    /// Puts into `parts` the layouts of `set` where cell `k` is safe, grouped by the number it
    /// shows, and returns how many groups are not empty; `None` past the work budget. Only the
    /// words in use are written: the rest of `parts` stays empty.
    fn split(&mut self, set: &Set, k: usize, parts: &mut [Set; 9]) -> Option<usize> {
        let w = self.words;
        self.charge(9 * w)?;
        let mut groups = 0;
        for (part, shows) in parts.iter_mut().zip(&self.shows[k]) {
            let mut any = 0;
            for ((p, &s), &v) in part[..w].iter_mut().zip(&shows[..w]).zip(&set[..w]) {
                *p = s & v;
                any |= *p;
            }
            groups += usize::from(any != 0);
        }
        Some(groups)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_is_charged_by_the_words_a_set_spans() {
        // MAX_LAYOUTS layouts of one cell; position sets of one layout and of all of them.
        let layouts: Vec<u64> = (0..MAX_LAYOUTS as u64).map(|l| l & 1).collect();
        let mut search = Search {
            layouts: &layouts,
            shows: vec![[EMPTY; 9]],
            mine: vec![EMPTY],
            words: MAX_LAYOUTS / 64,
            nb: &[0],
            at: &[0],
            memo: HashMap::default(),
            nodes: 0,
            work: 0,
            budget: usize::MAX,
            oom: false,
        };
        let mut parts = [EMPTY; 9];
        let (mut one, all) = (EMPTY, [u64::MAX; MAX_LAYOUTS / 64]);
        one[0] = 1;
        // A split ANDs nine sets of all their words, however few layouts the set holds: counted
        // by layouts, small sets over many words were nearly free and the search ran long.
        for set in [&one, &all] {
            search.work = 0;
            search.split(set, 0, &mut parts).unwrap();
            assert_eq!(search.work, 9 * MAX_LAYOUTS / 64);
        }
        // A position costs its layouts on top of a fixed part; and the budget stops it.
        search.work = 0;
        let mut two = EMPTY;
        two[0] = 3;
        search.budget = NODE_COST + 1;
        assert!(search.value(&two, true, 0, f64::NEG_INFINITY).is_none());
        assert_eq!(search.work, NODE_COST + 2);
    }
}
