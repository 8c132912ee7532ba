//! Exact endgame play: when few layouts remain, the move that maximises the chance of winning.
//!
//! Every layout that fits the view is listed (at most [`MAX_LAYOUTS`], over at most 64 hidden
//! cells whose fate is open), from the constraints of the deduction core (`constraints.rs`). A
//! position is then just the set of layouts still possible, and its value is the best chance of
//! winning from it:
//! - one layout left: the game is won (every safe cell is known);
//! - a cell that is safe in every layout but shows different numbers in different ones is
//!   revealed for free, splitting the set;
//! - otherwise the value is the best, over the cells that are mines in some layouts and safe in
//!   others, of the sum over the numbers the cell can show of P(safe and shows v) times the value
//!   of the layouts that remain; a cell stops being searched once what it has won so far plus
//!   the chances still open cannot beat the best cell.
//!
//! A number's position is searched only as far as its cell needs: below the chance that would
//! lift the cell past the best (its floor), proving that the position cannot reach it is enough,
//! and that proof is remembered with the chances. In 6,000 modern expert games this took a
//! quarter less work than exact chances everywhere, and the search gave up on 52 positions, not 87.
//!
//! Cells that do not interact, whose layouts combine freely, are searched as separate parts: the
//! chance of winning is the product of the parts' chances. A part whose mines are the same in
//! number in all its layouts is free of the others even under the mine total, so it is listed on
//! its own: past [`MAX_LAYOUTS`] layouts in all (up to [`APART_LAYOUTS`]), a view is still
//! searched when each such part, and the rest together, has at most that many.
//!
//! A set of layouts is a 1024-bit set. Values are memoised by set and the search gives up after
//! [`MAX_NODES`] positions or [`MAX_WORK`] units of work, so the caller falls back on its
//! heuristic, and even a hint on a crafted view stays fast. Floods after a zero reveal
//! only cells that are safe in every layout, which the free reveals cover, so they need no
//! modelling.

use super::probability::{Counter, Probabilities};
use super::view::View;
use super::word_hash::WordHasher;
use crate::error::{try_extend_exact, try_push, try_reserve, Error, ErrorKind, Result};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// Layouts listed at most, in all or in each part listed apart. 1,024, not 512: 0.025 (± 0.013)
/// points more of the first 300,000 modern expert games won and 0.012 (± 0.011) more classic,
/// paired, at about 0.9 times the games per second. The gain is in the larger searches: with a
/// third of [`MAX_WORK`] for sets over 512 layouts it was 0.005 (± 0.006).
pub const MAX_LAYOUTS: usize = 1024;
/// Layouts in all past which no part is listed apart (see `parts_apart`): in 2,000 modern expert
/// games no view of more than 8,192 had parts to list, and trying on the larger views cost
/// two thirds of the time spent trying.
const APART_LAYOUTS: usize = 16 * MAX_LAYOUTS;
/// Positions evaluated at most before giving up.
const MAX_NODES: usize = 20_000;

/// Rule checks of the enumeration at most.
const MAX_STEPS: usize = 6_000_000;

/// Work of the search at most, in word operations and layout visits (see [`NODE_COST`]): about
/// 20-25 ms at 5-6 ns a unit. A split or a count costs the words of the sets, whatever their
/// size: counted by layouts instead, a search of 35 cells over 502 layouts ran to its 20,000
/// positions in 37 ms. The heaviest search that finished in 6,000 expert games took 4.2
/// million units.
const MAX_WORK: usize = 4_500_000;

/// Work of a position besides its splits and counts: the memo hashes and compares its
/// 16-word set, and the any/all pass visits its layouts (charged on top).
const NODE_COST: usize = 16;

/// A set of layouts, by index.
type Set = [u64; MAX_LAYOUTS / 64];

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
    let open = |i: usize| view.is_hidden(i) && probs.get(i) > 0.0 && probs.get(i) < 1.0;
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
        .checked_sub(fixed_mines + counter.constraints().mines().len())
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
    let mut shows = Vec::new();
    try_extend_exact(&mut shows, nb.iter().map(|_| [[0u64; MAX_LAYOUTS / 64]; 9]))?;
    let mut mine = Vec::new();
    try_extend_exact(&mut mine, nb.iter().map(|_| [0u64; MAX_LAYOUTS / 64]))?;
    let mut search = Search {
        layouts: &[],
        shows,
        mine,
        words: 0,
        nb: &nb,
        cells: cells.len(),
        at: &cells,
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
    for (mask, layouts) in &parts {
        let mask = *mask;
        search.layouts = layouts;
        search.words = layouts.len().div_ceil(64);
        search.memo.clear();
        // Only the part's own cells are ever split or counted.
        for (k, (shows, mine)) in search.shows.iter_mut().zip(&mut search.mine).enumerate() {
            if mask >> k & 1 == 0 {
                continue;
            }
            *shows = [[0u64; MAX_LAYOUTS / 64]; 9];
            *mine = [0u64; MAX_LAYOUTS / 64];
            for (l, &layout) in layouts.iter().enumerate() {
                let to = if layout >> k & 1 == 1 {
                    &mut *mine
                } else {
                    &mut shows[(layout & nb[k]).count_ones() as usize]
                };
                to[l / 64] |= 1 << (l % 64);
            }
        }
        let mut all: Set = [0; MAX_LAYOUTS / 64];
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
            if pick.is_none_or(|(v, at)| (value, cells[k]) < (v, at)) {
                pick = Some((value, cells[k]));
            }
        }
    }
    Ok(pick.map(|(_, cell)| (cell, win)))
}

/// A part's cells (a mask over the searched cells) and its own layouts.
type Part = (u64, Vec<u64>);

/// The searched cells split into parts that do not interact, each with its own layouts (the
/// layouts' restriction to it, without repeats); `None` when there is one part, or when the
/// layouts are not every combination of the parts' own (the mine total ties them together).
/// Two cells interact when a rule covers both or one neighbours the other, whose mine its
/// number would count. A search over parts is much smaller: a 50/50 beside 240 layouts
/// elsewhere doubles every position of a search of the whole.
fn independent_parts(
    layouts: &[u64],
    rules: &[(u64, u32)],
    nb: &[u64],
) -> Result<Option<Vec<Part>>> {
    let (masks, count) = linked(rules, nb);
    if count < 2 {
        return Ok(None);
    }
    let mut parts = Vec::new();
    try_reserve(&mut parts, count)?;
    // The layouts are among the combinations of the parts' own, so no more combinations than
    // layouts means every combination is a layout.
    let mut combinations = 1usize;
    for &mask in &masks[..count] {
        let mut own = Vec::new();
        try_extend_exact(&mut own, layouts.iter().map(|&l| l & mask))?;
        own.sort_unstable();
        own.dedup();
        combinations = combinations.saturating_mul(own.len());
        if combinations > layouts.len() {
            return Ok(None);
        }
        try_push(&mut parts, (mask, own))?;
    }
    Ok(Some(parts))
}

/// The searched cells grouped into parts that do not interact (the first `count` masks). Two
/// cells interact when a rule covers both or one neighbours the other, whose mine its number
/// would count.
fn linked(rules: &[(u64, u32)], nb: &[u64]) -> ([u64; 64], usize) {
    let mut masks = [0u64; 64];
    let mut count = 0;
    let links = rules.iter().map(|&(m, _)| m);
    for link in links.chain(nb.iter().enumerate().map(|(k, &m)| m | 1 << k)) {
        // Parts are disjoint: merge every part the link touches into one.
        let mut merged = link;
        let mut kept = 0;
        for i in 0..count {
            if masks[i] & link != 0 {
                merged |= masks[i];
            } else {
                masks[kept] = masks[i];
                kept += 1;
            }
        }
        masks[kept] = merged;
        count = kept + 1;
    }
    (masks, count)
}

/// The parts of [`independent_parts`] when more layouts fit the view than the search lists:
/// each part whose mines are the same in number in all its layouts is independent of the rest,
/// even under the mine total, and is listed on its own; the other parts are listed together,
/// with the mines those leave. `None` when no part is apart or a list would pass
/// [`MAX_LAYOUTS`]. A position of 1,600 layouts made of 40 in a walled-off corner and 40
/// elsewhere is two small searches.
fn parts_apart(
    n: usize,
    rules: &[(u64, u32)],
    nb: &[u64],
    mines: usize,
) -> Result<Option<Vec<Part>>> {
    let (masks, count) = linked(rules, nb);
    if count < 2 {
        return Ok(None);
    }
    let mut parts = Vec::new();
    try_reserve(&mut parts, count)?;
    let (mut placed, mut steps, mut rest) = (0usize, 0usize, 0u64);
    for &mask in &masks[..count] {
        let (own, used) = enumerate_within(n, rules, mask, 0, mines, steps)?;
        steps = used;
        let held = own.as_ref().and_then(|own| {
            let held = own.first()?.count_ones();
            own.iter().all(|l| l.count_ones() == held).then_some(held)
        });
        match (own, held) {
            (Some(own), Some(held)) => {
                placed += held as usize;
                try_push(&mut parts, (mask, own))?;
            }
            _ => rest |= mask,
        }
    }
    if parts.is_empty() {
        return Ok(None);
    }
    if rest != 0 {
        let Some(left) = mines.checked_sub(placed) else {
            return Ok(None);
        };
        let (Some(own), _) = enumerate_within(n, rules, rest, left, left, steps)? else {
            return Ok(None);
        };
        try_push(&mut parts, (rest, own))?;
    } else if placed != mines {
        return Ok(None);
    }
    Ok(Some(parts))
}

/// Renumbers the searched cells rule by rule, floating cells last, so that the enumeration
/// meets each rule's cells together and prunes a wrong choice at once: in board order, cells
/// of unrelated rules interleave, and a search of a few hundred layouts could take 400,000
/// steps to fail.
fn reorder(cells: &mut [usize], nb: &mut [u64], rules: &mut [(u64, u32)]) {
    let n = cells.len();
    let mut key = [(usize::MAX, 0usize); 64];
    for (k, key) in key[..n].iter_mut().enumerate() {
        *key = (usize::MAX, k);
    }
    for (r, &(mask, _)) in rules.iter().enumerate() {
        for (k, key) in key[..n].iter_mut().enumerate() {
            if mask >> k & 1 == 1 && key.0 == usize::MAX {
                key.0 = r;
            }
        }
    }
    key[..n].sort_unstable();
    let mut to = [0usize; 64];
    for (new, &(_, old)) in key[..n].iter().enumerate() {
        to[old] = new;
    }
    let remap = |mask: u64| {
        (0..n)
            .filter(|&k| mask >> k & 1 == 1)
            .fold(0u64, |m, k| m | 1 << to[k])
    };
    for rule in rules.iter_mut() {
        rule.0 = remap(rule.0);
    }
    let (mut new_cells, mut new_nb) = ([0usize; 64], [0u64; 64]);
    for k in 0..n {
        new_cells[to[k]] = cells[k];
        new_nb[to[k]] = remap(nb[k]);
    }
    cells.copy_from_slice(&new_cells[..n]);
    nb.copy_from_slice(&new_nb[..n]);
}

/// The search's own stops (its limits) return `None`; running out of memory is this error.
fn out_of_memory() -> Error {
    Error::fixed(
        ErrorKind::OutOfMemory,
        "the endgame search ran out of memory",
    )
}

/// Every mine mask over `n` cells with `mines` mines that meets every (mask, count) rule;
/// `None` beyond [`MAX_LAYOUTS`] layouts or a bounded number of search steps; `OutOfMemory`
/// when the list cannot grow.
fn enumerate(n: usize, rules: &[(u64, u32)], mines: usize) -> Result<Option<Vec<u64>>> {
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    Ok(enumerate_within(n, rules, all, mines, mines, 0)?.0)
}

/// The layouts of the cells of `free` (the other cells hold no mine) with `least` to `most`
/// mines that meet the rules over those cells (`None` as [`enumerate`]), and the steps spent
/// in all, from `steps` spent before.
fn enumerate_within(
    n: usize,
    rules: &[(u64, u32)],
    free: u64,
    least: usize,
    most: usize,
    steps: usize,
) -> Result<(Option<Vec<u64>>, usize)> {
    let mut e = Enumeration {
        n,
        rules,
        free,
        least,
        most,
        out: Vec::new(),
        steps,
        oom: false,
    };
    let done = e.go(0, 0, 0);
    if e.oom {
        return Err(out_of_memory());
    }
    Ok((done.then_some(e.out), e.steps))
}

struct Enumeration<'a> {
    n: usize,
    rules: &'a [(u64, u32)],
    /// The cells that may hold a mine; a rule is checked only when it covers them.
    free: u64,
    least: usize,
    most: usize,
    out: Vec<u64>,
    steps: usize,
    /// An allocation failed: the enumeration stopped for that, not for its limits.
    oom: bool,
}

impl Enumeration<'_> {
    /// Decides cells `k..`; `false` aborts the whole enumeration.
    fn go(&mut self, k: usize, mask: u64, placed: usize) -> bool {
        // Each step checks every rule.
        self.steps += 1 + self.rules.len();
        if self.steps > MAX_STEPS {
            return false;
        }
        // Prune: every rule must still be reachable with the cells from k on.
        let decided: u64 = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
        for &(m, d) in self.rules {
            if m & self.free == 0 {
                continue;
            }
            let have = (mask & m).count_ones();
            let open = (m & !decided).count_ones();
            if have > d || have + open < d {
                return true;
            }
        }
        let left = (self.free & !decided).count_ones() as usize;
        if placed > self.most || placed + left < self.least {
            return true;
        }
        if k < self.n && self.free >> k & 1 == 0 {
            return self.go(k + 1, mask, placed);
        }
        if k == self.n {
            if self.out.len() == MAX_LAYOUTS {
                return false;
            }
            if crate::error::try_push(&mut self.out, mask).is_err() {
                self.oom = true;
                return false;
            }
            return true;
        }
        self.go(k + 1, mask, placed) && self.go(k + 1, mask | (1 << k), placed + 1)
    }
}

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
    cells: usize,
    /// Each searched cell's board index: ties between moves go to the lowest.
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
        let mut parts = [[0u64; MAX_LAYOUTS / 64]; 9];
        // Cells that show one number in every layout of `set` show one in every subset too.
        let mut inert = inert;
        if !root {
            let undecided = any_mine & !all_mine;
            for k in 0..self.cells {
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
        for k in (0..self.cells).filter(|&k| any_mine >> k & 1 == 1 && all_mine >> k & 1 == 0) {
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

    #[test]
    fn work_is_charged_by_the_words_a_set_spans() {
        // MAX_LAYOUTS layouts of one cell; position sets of one layout and of all of them.
        let layouts: Vec<u64> = (0..MAX_LAYOUTS as u64).map(|l| l & 1).collect();
        let mut search = Search {
            layouts: &layouts,
            shows: vec![[[0; MAX_LAYOUTS / 64]; 9]],
            mine: vec![[0; MAX_LAYOUTS / 64]],
            words: MAX_LAYOUTS / 64,
            nb: &[0],
            cells: 1,
            at: &[0],
            memo: HashMap::default(),
            nodes: 0,
            work: 0,
            budget: usize::MAX,
            oom: false,
        };
        let mut parts = [[0; MAX_LAYOUTS / 64]; 9];
        let (mut one, all) = ([0; MAX_LAYOUTS / 64], [u64::MAX; MAX_LAYOUTS / 64]);
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
        let mut two = [0; MAX_LAYOUTS / 64];
        two[0] = 3;
        search.budget = NODE_COST + 1;
        assert!(search.value(&two, true, 0, f64::NEG_INFINITY).is_none());
        assert_eq!(search.work, NODE_COST + 2);
    }

    #[test]
    fn parts_split_only_where_nothing_ties_them() {
        // Cells 0-1 hold one mine, and so do cells 2-3.
        let rules = [(0b0011, 1), (0b1100, 1)];
        let free = [0b0101, 0b0110, 0b1001, 0b1010];
        let parts = independent_parts(&free, &rules, &[0; 4]).unwrap().unwrap();
        assert_eq!(
            parts,
            [
                (0b0011, vec![0b0001, 0b0010]),
                (0b1100, vec![0b0100, 0b1000])
            ]
        );
        // Some combinations missing: something else (the mine total) ties the parts.
        assert!(independent_parts(&free[1..3], &rules, &[0; 4])
            .unwrap()
            .is_none());
        // Cell 1 neighbours cell 2: its number counts cell 2's mine.
        let nb = [0, 0b0100, 0b0010, 0];
        assert!(independent_parts(&free, &rules, &nb).unwrap().is_none());
        // The numbers prove (0, 1) and (0, 4) mines; the two ends share the last mine, so a
        // safe end proves the other: 1/2, where apart they would be 1/4.
        let v = View::parse(b"EE11EE", 1, 6, 3).unwrap();
        let mut counter = Counter::new();
        let probs = counter.probabilities(&v).unwrap();
        let (cell, win) = best_move(&counter, &v, &probs).unwrap().unwrap();
        assert_eq!((cell, win), (0, 0.5));
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
