//! Exact mine probabilities for a player view.
//!
//! The model: every layout of exactly `mines` mines that agrees with every revealed number is
//! equally likely. A cell's probability is the share of those layouts that put a mine on it.
//!
//! The method:
//! 1. Each revealed cell with hidden neighbours is a constraint "these cells hold d mines". Hidden
//!    cells next to no revealed cell are *floating*: only the total mine count touches them.
//! 2. Frontier cells with the same set of constraints form a *group* (at most 8 cells); a group
//!    holding `k` of its `s` cells as mines stands for C(s, k) layouts.
//! 3. Trivial deductions first: a number whose remaining need is 0, or equals its undetermined
//!    cells, fixes them (repeatedly). Determined mines stay hidden for the rest of a game, so
//!    without this step they would bloat every component. Only undetermined groups are counted.
//! 4. Constraints sharing groups form independent *components*. Each component is counted by a
//!    dynamic programme over its groups in a sweep order (variable elimination along a path): the
//!    state is the partial sum of every constraint that the sweep has entered but not finished,
//!    plus the number of mines placed so far. Minesweeper frontiers are curves, so a sweep along
//!    them keeps only a few constraints open and the tables stay small; the count is exact
//!    however many layouts there are. A backward pass gives each group's expected mines.
//! 5. Components are convolved over their mine totals, and each overall total `t` is weighted by
//!    C(floating cells, mines - t).
//!
//! Counts far beyond `f64` (C(480, 99) is about 1e104, larger boards overflow any fixed width)
//! are kept as [`Wide`] floats: all terms are non-negative, so the relative error stays near
//! 1e-15 per operation and a probability of exactly 0 means "no layout has a mine here".
//!
//! Limits: the work grows with the number of constraints a sweep must keep open at once (the
//! frontier's "width"), not with the board size. Real game frontiers keep it small; a contrived
//! view whose frontier is a wide two-dimensional lattice can exceed the table budget
//! ([`MAX_TABLE_ENTRIES`]), which is reported as `OutOfMemory` instead of running for hours.

use super::view::{View, HIDDEN};
use super::wide::{binomial, Wide};
use crate::error::{try_filled, Error, ErrorKind, Result};
use std::ops::{Add, AddAssign, Mul};
use std::sync::Arc;

/// The most DP table entries (states times mine counts, summed over a component's levels) the
/// engine will allocate for one component before giving up with `OutOfMemory`.
pub const MAX_TABLE_ENTRIES: usize = 1 << 23;

/// Bits of a DP state key: the partial sums of the open constraints, each in just enough bits
/// for its target (1 to 4), so a sweep may keep 32 to 128 constraints open at once.
const KEY_BITS: u32 = 128;

const BINOM: [[u32; 9]; 9] = {
    let mut t = [[0u32; 9]; 9];
    let mut n = 0;
    while n < 9 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// Exact mine probabilities of a view, with the count of layouts behind them.
#[derive(Debug, Clone)]
pub struct Probabilities {
    probs: Vec<f64>,
    safe: Vec<usize>,
    layouts: Wide,
    floating: usize,
    floating_prob: f64,
}

impl Probabilities {
    /// Per cell, row-major: the probability that the hidden cell holds a mine, or -1.0 for a
    /// revealed cell.
    pub fn probs(&self) -> &[f64] {
        &self.probs
    }

    /// Probability of cell `i` (-1.0 when revealed).
    #[inline]
    pub fn get(&self, i: usize) -> f64 {
        self.probs[i]
    }

    /// Hidden cells that hold no mine in any layout, in increasing index order.
    pub fn safe_cells(&self) -> &[usize] {
        &self.safe
    }

    /// Number of layouts that agree with the view (at least one).
    pub fn layouts(&self) -> Wide {
        self.layouts
    }

    /// Number of hidden cells next to no revealed cell.
    pub fn floating_cells(&self) -> usize {
        self.floating
    }

    /// The mine probability shared by every floating cell (0 when there are none).
    pub fn floating_probability(&self) -> f64 {
        self.floating_prob
    }
}

/// Exact probabilities for `view`.
///
/// Errors: `Inconsistent` when no layout agrees with the view (the detail names a cell or the
/// mine count), `OutOfMemory` when a component is too entangled for the table budget or an
/// allocation fails.
///
/// ```
/// use gridgames::mines::{probabilities, View};
/// // A '1' in the corner of a 2 x 2 board with one mine: each hidden cell holds it 1/3 of the time.
/// let v = View::parse(b"1EEE", 2, 2, 1).unwrap();
/// let p = probabilities(&v).unwrap();
/// assert_eq!(p.get(0), -1.0);
/// assert!((p.get(3) - 1.0 / 3.0).abs() < 1e-12);
/// ```
pub fn probabilities(view: &View) -> Result<Probabilities> {
    Counter::new().probabilities(view)
}

/// Number of layouts that agree with `view` (zero when none does), without the probabilities.
pub fn count_layouts(view: &View) -> Result<Wide> {
    Counter::new().count_layouts(view)
}

/// The counting engine with a memory: components already counted (same revealed numbers, same
/// hidden cells, same mine total) are reused instead of planned and swept again. Successive
/// positions of one game, and the "what if" positions of a look-ahead, share most components.
///
/// A `Counter` is a cache only: its answers are exactly those of [`probabilities`].
///
/// ```
/// use gridgames::mines::{Counter, View};
/// let mut counter = Counter::new();
/// let v = View::parse(b"1EEE", 2, 2, 1).unwrap();
/// let a = counter.probabilities(&v).unwrap();
/// let b = counter.probabilities(&v).unwrap(); // reuses the component
/// assert_eq!(a.probs(), b.probs());
/// ```
#[derive(Default)]
pub struct Counter {
    cache: std::collections::HashMap<u64, Vec<Arc<Counted>>>,
    entries: usize,
}

/// Components kept at most; the cache starts afresh beyond.
const CACHE_LIMIT: usize = 20_000;

/// One counted component.
struct Counted {
    signature: Vec<u32>,
    plan: Plan,
    /// Forward tables in f64 (components of at most 400 cells), kept for the backward pass.
    dp: Option<Dp<f64>>,
    totals: Vec<Wide>,
}

impl std::fmt::Debug for Counter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Counter {{ {} cached components }}", self.entries)
    }
}

impl Counter {
    /// An empty cache.
    pub fn new() -> Counter {
        Counter::default()
    }

    /// Exact probabilities for `view`; see [`probabilities`].
    pub fn probabilities(&mut self, view: &View) -> Result<Probabilities> {
        let engine = Engine::build(view)?;
        let counted = self.count_components(&engine)?;
        engine.solve(&counted)
    }

    /// Number of layouts that agree with `view`; see [`count_layouts`].
    pub fn count_layouts(&mut self, view: &View) -> Result<Wide> {
        let engine = match Engine::build(view) {
            Ok(e) => e,
            Err(e) if e.kind() == ErrorKind::Inconsistent => return Ok(Wide::ZERO),
            Err(e) => return Err(e),
        };
        let counted = match self.count_components(&engine) {
            Ok(c) => c,
            Err(e) if e.kind() == ErrorKind::Inconsistent => return Ok(Wide::ZERO),
            Err(e) => return Err(e),
        };
        let totals: Vec<&[Wide]> = counted.iter().map(|c| c.totals.as_slice()).collect();
        Ok(Combination::new(&totals, engine.floating, engine.mines).layouts)
    }

    fn count_components(&mut self, engine: &Engine) -> Result<Vec<Arc<Counted>>> {
        let mines = engine.mines;
        let mut scratch = engine.scratch()?;
        let mut out = Vec::with_capacity(engine.comps.len());
        for comp in &engine.comps {
            let signature = engine.signature(comp, mines, &mut scratch);
            let hash = hash_words(&signature);
            let hit = self
                .cache
                .get(&hash)
                .and_then(|v| v.iter().find(|c| c.signature == signature).cloned());
            let counted = match hit {
                Some(c) => c,
                None => {
                    let plan = Plan::new(engine, comp, &mut scratch)?;
                    let cols = engine.view.cols();
                    let (dp, totals) = if comp.cells <= 400 {
                        let dp = Dp::<f64>::forward(&plan, mines, cols)?;
                        let w: Vec<Wide> = dp.totals().iter().map(|x| x.to_wide()).collect();
                        (Some(dp), w)
                    } else {
                        (None, Dp::<Wide>::forward(&plan, mines, cols)?.totals())
                    };
                    if totals.iter().all(|x| x.is_zero()) {
                        let (r, c) = engine.view.coords(plan.any_cell as usize);
                        return Err(inconsistent(format!(
                            "the numbers around cell ({r}, {c}) contradict each other (or need \
                             more than {mines} mines)"
                        )));
                    }
                    let c = Arc::new(Counted {
                        signature,
                        plan,
                        dp,
                        totals,
                    });
                    if self.entries >= CACHE_LIMIT {
                        self.cache.clear();
                        self.entries = 0;
                    }
                    self.cache.entry(hash).or_default().push(Arc::clone(&c));
                    self.entries += 1;
                    c
                }
            };
            out.push(counted);
        }
        Ok(out)
    }
}

fn hash_words(words: &[u32]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &w in words {
        h = (h.rotate_left(5) ^ u64::from(w)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    h
}

fn inconsistent(detail: String) -> Error {
    Error::new(ErrorKind::Inconsistent, detail)
}

fn grow<T>(v: &mut Vec<T>, extra: usize, what: &str) -> Result<()> {
    v.try_reserve(extra).map_err(|_| {
        Error::new(
            ErrorKind::OutOfMemory,
            format!("could not grow {what} beyond {} entries", v.len()),
        )
    })
}

/// Compressed rows: the items of row `i` are `items[start[i]..start[i + 1]]`.
struct Csr {
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Csr {
    fn new() -> Csr {
        Csr {
            start: vec![0],
            items: Vec::new(),
        }
    }

    #[inline]
    fn row(&self, i: u32) -> &[u32] {
        &self.items[self.start[i as usize] as usize..self.start[i as usize + 1] as usize]
    }

    #[inline]
    fn row_len(&self, i: u32) -> usize {
        (self.start[i as usize + 1] - self.start[i as usize]) as usize
    }

    fn close_row(&mut self) {
        self.start.push(self.items.len() as u32);
    }
}

/// The constraints-to-groups rows of a groups-to-constraints table (counting sort).
fn transpose(group_cons: &Csr, ncons: usize) -> Result<Csr> {
    let mut t = Csr {
        start: try_filled(ncons + 1, 0u32)?,
        items: try_filled(group_cons.items.len(), 0u32)?,
    };
    for &c in &group_cons.items {
        t.start[c as usize + 1] += 1;
    }
    for c in 0..ncons {
        t.start[c + 1] += t.start[c];
    }
    let mut fill = t.start.clone();
    for g in 0..(group_cons.start.len() - 1) as u32 {
        for &c in group_cons.row(g) {
            t.items[fill[c as usize] as usize] = g;
            fill[c as usize] += 1;
        }
    }
    Ok(t)
}

struct Component {
    groups: Vec<u32>,
    cells: usize,
}

/// Per-constraint and per-group scratch shared by every component's planning. Components are
/// disjoint, so each entry is written by exactly one component and never needs resetting.
struct Scratch {
    first: Vec<u32>,
    last: Vec<u32>,
    left: Vec<u32>,
    slot: Vec<u32>,
    opened: Vec<bool>,
    local: Vec<u32>,
}

struct Engine<'a> {
    view: &'a View,
    con_cell: Vec<u32>,
    con_target: Vec<u8>,
    con_groups: Csr,
    group_cells: Csr,
    group_cons: Csr,
    comps: Vec<Component>,
    floating: usize,
    /// Cells the trivial deductions determined, with whether each holds a mine.
    known: Vec<(u32, bool)>,
    /// Mines among `known`.
    known_mines: usize,
    /// Mines left for the components and the floating cells.
    mines: usize,
}

impl<'a> Engine<'a> {
    fn build(view: &'a View) -> Result<Engine<'a>> {
        let cells = view.cells();
        let (rows, cols) = (view.rows(), view.cols());
        // A one-cell border lets every cell read its eight neighbours at fixed offsets.
        let w = cols + 2;
        let plen = (rows + 2).checked_mul(w).ok_or_else(|| {
            Error::new(
                ErrorKind::OutOfMemory,
                format!("a padded copy of the {rows} x {cols} view does not fit in memory"),
            )
        })?;
        let offsets = [0, 1, 2, w, w + 2, 2 * w, 2 * w + 1, 2 * w + 2];
        let mut hidden = try_filled(plen, 0u8)?;
        for r in 0..rows {
            for (c, &d) in cells[r * cols..(r + 1) * cols].iter().enumerate() {
                hidden[(r + 1) * w + c + 1] = u8::from(d == HIDDEN);
            }
        }
        let mut con_of = try_filled(plen, u32::MAX)?;
        let mut con_cell: Vec<u32> = Vec::new();
        let mut con_target: Vec<u8> = Vec::new();
        for (i, &d) in cells.iter().enumerate() {
            if d == HIDDEN {
                continue;
            }
            let (r, c) = (i / cols, i % cols);
            let base = r * w + c; // top-left neighbour in padded coordinates
            let h: u8 = offsets.iter().map(|&o| hidden[base + o]).sum();
            if d > h {
                return Err(inconsistent(format!(
                    "cell ({r}, {c}) shows {d} but has only {h} hidden neighbours"
                )));
            }
            if h > 0 {
                con_of[base + w + 1] = con_cell.len() as u32;
                if con_cell.len() == con_cell.capacity() {
                    grow(&mut con_cell, 64, "the constraint list")?;
                    grow(&mut con_target, 64, "the constraint list")?;
                }
                con_cell.push(i as u32);
                con_target.push(d);
            }
        }
        drop(hidden);
        let ncons = con_cell.len();

        // Frontier cells grouped by their constraint set (ascending, since both neighbours and
        // constraint ids go in row-major order). Cells sharing a set all touch its first
        // constraint, so a cell's group-mates seen so far lie next to that constraint's cell.
        let mut group_of = try_filled(plen, u32::MAX)?;
        let mut group_keys: Vec<[u32; 8]> = Vec::new();
        let mut group_size: Vec<u32> = Vec::new();
        let mut frontier = 0usize;
        let mut floating = 0usize;
        for (i, &d) in cells.iter().enumerate() {
            if d != HIDDEN {
                continue;
            }
            let base = (i / cols) * w + i % cols;
            let mut key = [u32::MAX; 8];
            let mut n = 0;
            for &o in &offsets {
                let c = con_of[base + o];
                if c != u32::MAX {
                    key[n] = c;
                    n += 1;
                }
            }
            if n == 0 {
                floating += 1;
                continue;
            }
            frontier += 1;
            let anchor = con_cell[key[0] as usize] as usize;
            let abase = (anchor / cols) * w + anchor % cols;
            let found = offsets
                .iter()
                .map(|&o| group_of[abase + o])
                .find(|&g| g != u32::MAX && group_keys[g as usize] == key);
            let g = match found {
                Some(g) => g,
                None => {
                    if group_keys.len() == group_keys.capacity() {
                        let extra = 64.max(group_keys.len());
                        grow(&mut group_keys, extra, "the group list")?;
                        grow(&mut group_size, extra, "the group list")?;
                    }
                    group_keys.push(key);
                    group_size.push(0);
                    (group_keys.len() - 1) as u32
                }
            };
            group_of[base + w + 1] = g;
            group_size[g as usize] += 1;
        }
        drop(con_of);
        let ngroups = group_keys.len();
        let mut group_cells = Csr {
            start: Vec::new(),
            items: try_filled(frontier, 0u32)?,
        };
        grow(&mut group_cells.start, ngroups + 1, "the group cells")?;
        group_cells.start.push(0);
        for &n in &group_size {
            let last = *group_cells.start.last().expect("starts with 0");
            group_cells.start.push(last + n);
        }
        let mut fill: Vec<u32> = group_cells.start[..ngroups].to_vec();
        for (i, &d) in cells.iter().enumerate() {
            let g = group_of[(i / cols + 1) * w + i % cols + 1];
            if d == HIDDEN && g != u32::MAX {
                group_cells.items[fill[g as usize] as usize] = i as u32;
                fill[g as usize] += 1;
            }
        }
        drop(group_of);
        let mut group_cons = Csr::new();
        grow(&mut group_cons.items, 4 * ngroups, "the group constraints")?;
        grow(&mut group_cons.start, ngroups, "the group constraints")?;
        for key in &group_keys {
            group_cons
                .items
                .extend(key.iter().copied().take_while(|&c| c != u32::MAX));
            group_cons.close_row();
        }
        drop(group_keys);

        let mut con_groups = transpose(&group_cons, ncons)?;

        // Trivial deductions before counting: a number whose remaining need is 0, or equals its
        // undetermined cells, determines them. Determined mines stay hidden for the whole game
        // (the player need not flag them), so without this they would bloat every component.
        let mut fixed = try_filled(ngroups, u8::MAX)?;
        let mut need: Vec<i32> = con_target.iter().map(|&t| i32::from(t)).collect();
        let mut free: Vec<u32> = (0..ncons as u32)
            .map(|c| {
                con_groups
                    .row(c)
                    .iter()
                    .map(|&g| group_cells.row_len(g) as u32)
                    .sum()
            })
            .collect();
        let mut queue: Vec<u32> = (0..ncons as u32).rev().collect();
        let mut queued = try_filled(ncons, true)?;
        while let Some(c) = queue.pop() {
            let ci = c as usize;
            queued[ci] = false;
            if free[ci] == 0 {
                continue;
            }
            let mine = if need[ci] == 0 {
                false
            } else if need[ci] == free[ci] as i32 {
                true
            } else if need[ci] < 0 || need[ci] > free[ci] as i32 {
                let (r, col) = view.coords(con_cell[ci] as usize);
                return Err(inconsistent(format!(
                    "the numbers around cell ({r}, {col}) contradict each other"
                )));
            } else {
                continue;
            };
            for &g in con_groups.row(c) {
                if fixed[g as usize] != u8::MAX {
                    continue;
                }
                let size = group_cells.row_len(g) as u32;
                fixed[g as usize] = if mine { size as u8 } else { 0 };
                for &c2 in group_cons.row(g) {
                    free[c2 as usize] -= size;
                    if mine {
                        need[c2 as usize] -= size as i32;
                    }
                    if !queued[c2 as usize] {
                        queued[c2 as usize] = true;
                        queue.push(c2);
                    }
                }
            }
        }
        if let Some(c) = (0..ncons).find(|&c| free[c] == 0 && need[c] != 0) {
            let (r, col) = view.coords(con_cell[c] as usize);
            return Err(inconsistent(format!(
                "the numbers around cell ({r}, {col}) contradict each other"
            )));
        }
        // Keep only undetermined groups and the numbers that still constrain them.
        let mut known: Vec<(u32, bool)> = Vec::new();
        let mut known_mines = 0usize;
        let mut new_con = try_filled(ncons, u32::MAX)?;
        let (mut kept_cell, mut kept_target) = (Vec::new(), Vec::new());
        for c in 0..ncons {
            if free[c] > 0 {
                new_con[c] = kept_cell.len() as u32;
                kept_cell.push(con_cell[c]);
                kept_target.push(need[c] as u8);
            }
        }
        let (mut cells_kept, mut cons_kept) = (Csr::new(), Csr::new());
        for g in 0..ngroups as u32 {
            let f = fixed[g as usize];
            if f == u8::MAX {
                cells_kept.items.extend_from_slice(group_cells.row(g));
                cells_kept.close_row();
                cons_kept
                    .items
                    .extend(group_cons.row(g).iter().map(|&c| new_con[c as usize]));
                cons_kept.close_row();
            } else {
                known_mines += usize::from(f);
                known.extend(group_cells.row(g).iter().map(|&cell| (cell, f > 0)));
            }
        }
        let con_cell = kept_cell;
        let con_target = kept_target;
        let ncons = con_cell.len();
        let group_cells = cells_kept;
        let group_cons = cons_kept;
        let ngroups = group_cons.start.len() - 1;
        con_groups = transpose(&group_cons, ncons)?;
        if known_mines > view.mines() {
            return Err(inconsistent(format!(
                "mines is {}, but the revealed numbers force at least {known_mines}",
                view.mines()
            )));
        }

        // Components: union-find over constraints.
        let mut parent: Vec<u32> = (0..ncons as u32).collect();
        fn find(p: &mut [u32], mut x: u32) -> u32 {
            while p[x as usize] != x {
                p[x as usize] = p[p[x as usize] as usize];
                x = p[x as usize];
            }
            x
        }
        for g in 0..ngroups as u32 {
            let cs = group_cons.row(g);
            let a = find(&mut parent, cs[0]);
            for &c in &cs[1..] {
                let b = find(&mut parent, c);
                if a != b {
                    parent[b as usize] = a;
                }
            }
        }
        let mut comp_of_root = try_filled(ncons, u32::MAX)?;
        let mut comps: Vec<Component> = Vec::new();
        for g in 0..ngroups as u32 {
            let root = find(&mut parent, group_cons.row(g)[0]) as usize;
            if comp_of_root[root] == u32::MAX {
                comp_of_root[root] = comps.len() as u32;
                comps.push(Component {
                    groups: Vec::new(),
                    cells: 0,
                });
            }
            let comp = &mut comps[comp_of_root[root] as usize];
            comp.groups.push(g);
            comp.cells += group_cells.row_len(g);
        }
        Ok(Engine {
            view,
            con_cell,
            con_target,
            con_groups,
            group_cells,
            group_cons,
            comps,
            floating,
            known,
            known_mines,
            mines: view.mines() - known_mines,
        })
    }

    fn scratch(&self) -> Result<Scratch> {
        let n = self.con_cell.len();
        let g = self.group_cons.start.len() - 1;
        Ok(Scratch {
            first: try_filled(n, u32::MAX)?,
            last: try_filled(n, 0)?,
            left: try_filled(n, 0)?,
            slot: try_filled(n, 0)?,
            opened: try_filled(n, false)?,
            local: try_filled(g, 0)?,
        })
    }

    /// What identifies a component: the mine total, its numbers (cell and value) and its hidden
    /// cells. Equal signatures mean equal groups, constraints and counts.
    fn signature(&self, comp: &Component, mines: usize, s: &mut Scratch) -> Vec<u32> {
        let mut cons: Vec<u32> = Vec::with_capacity(2 * comp.groups.len() + 2);
        let mut cells: Vec<u32> = Vec::with_capacity(comp.cells);
        for &g in &comp.groups {
            cells.extend_from_slice(self.group_cells.row(g));
            for &c in self.group_cons.row(g) {
                if !s.opened[c as usize] {
                    s.opened[c as usize] = true;
                    cons.push(
                        self.con_cell[c as usize] * 16 + u32::from(self.con_target[c as usize]),
                    );
                }
            }
        }
        // Plan::new uses `opened` from scratch again.
        for &g in &comp.groups {
            for &c in self.group_cons.row(g) {
                s.opened[c as usize] = false;
            }
        }
        cons.sort_unstable();
        cells.sort_unstable();
        let mut sig = Vec::with_capacity(cons.len() + cells.len() + 3);
        sig.push(mines as u32);
        sig.push((mines as u64 >> 32) as u32);
        sig.push(cons.len() as u32);
        sig.extend(cons);
        sig.extend(cells);
        sig
    }

    fn solve(&self, counted: &[Arc<Counted>]) -> Result<Probabilities> {
        let mines = self.mines;
        let totals: Vec<&[Wide]> = counted.iter().map(|c| c.totals.as_slice()).collect();
        let comb = Combination::new(&totals, self.floating, mines);
        if comb.layouts.is_zero() {
            return Err(self.count_mismatch(&totals));
        }
        let z = comb.layouts;

        let cells = self.view.cells();
        let mut probs = crate::error::try_filled(cells.len(), -1.0f64)?;
        let mut safe_mask = crate::error::try_filled(cells.len(), false)?;
        for (ci, c) in counted.iter().enumerate() {
            let g = comb.others(ci, c.totals.len());
            let expected = expected_mines(c, &g, mines, self.view.cols())?;
            for (pos, e) in expected.iter().enumerate() {
                let members = c.plan.step_cells.row(pos as u32);
                let p = (e.ratio(z) / members.len() as f64).min(1.0);
                for &cell in members {
                    probs[cell as usize] = p;
                    safe_mask[cell as usize] = e.is_zero();
                }
            }
        }
        for &(cell, mine) in &self.known {
            probs[cell as usize] = if mine { 1.0 } else { 0.0 };
            safe_mask[cell as usize] = !mine;
        }
        let floating_prob = if self.floating > 0 {
            comb.floating_mines.ratio(z) / self.floating as f64
        } else {
            0.0
        };
        let floating_prob = floating_prob.min(1.0);
        let floating_safe = comb.floating_mines.is_zero();
        for (i, &d) in cells.iter().enumerate() {
            if d == HIDDEN && probs[i] < 0.0 {
                probs[i] = floating_prob;
                safe_mask[i] = floating_safe;
            }
        }
        let safe = safe_mask
            .iter()
            .enumerate()
            .filter_map(|(i, &s)| (s && cells[i] == HIDDEN).then_some(i))
            .collect();
        Ok(Probabilities {
            probs,
            safe,
            layouts: z,
            floating: self.floating,
            floating_prob,
        })
    }

    fn count_mismatch(&self, totals: &[&[Wide]]) -> Error {
        let lo: usize = totals
            .iter()
            .map(|w| w.iter().position(|x| !x.is_zero()).unwrap_or(0))
            .sum();
        let hi: usize = totals
            .iter()
            .map(|w| w.iter().rposition(|x| !x.is_zero()).unwrap_or(0))
            .sum();
        let mines = self.view.mines();
        let (lo, hi) = (lo + self.known_mines, hi + self.known_mines);
        let f = self.floating;
        if self.comps.is_empty() && self.known_mines == 0 {
            inconsistent(format!(
                "mines is {mines}, but the view has only {f} hidden cells and no number to \
                 place them next to"
            ))
        } else {
            inconsistent(format!(
                "mines is {mines}, but the revealed numbers need {lo} to {hi} mines next to \
                 them and the other {f} hidden cells hold at most {f}"
            ))
        }
    }
}

/// Expected mines per step's group, each layout weighted by `g[t]`, the number of ways the rest
/// of the board completes a component total `t`.
fn expected_mines(c: &Counted, g: &[Wide], mines: usize, cols: usize) -> Result<Vec<Wide>> {
    let steps = c.plan.sizes.len();
    if let Some(dp) = &c.dp {
        // f64 is enough when the weights span less than 2^500: forward counts are at most
        // 2^400 and backward values at least 2^-500, so nothing overflows or underflows.
        let gmax = g
            .iter()
            .copied()
            .fold(Wide::ZERO, |a, b| if b > a { b } else { a });
        if gmax.is_zero() {
            return Ok(vec![Wide::ZERO; steps]);
        }
        let fits = g
            .iter()
            .all(|x| x.is_zero() || x.exponent() - gmax.exponent() > -500);
        if fits {
            let gs: Vec<f64> = g.iter().map(|x| x.ratio(gmax)).collect();
            let e = dp.backward(&c.plan, &gs);
            return Ok(e.iter().map(|&x| Wide::from_f64(x) * gmax).collect());
        }
    }
    let dp = Dp::<Wide>::forward(&c.plan, mines, cols)?;
    Ok(dp.backward(&c.plan, g))
}

/// One constraint as seen from the group that touches it at one step of the sweep.
#[derive(Clone, Copy)]
struct Touch {
    shift: u32,
    mask: u128,
    target: u8,
    first: bool,
    last: bool,
    /// Cells of this constraint's groups later in the sweep.
    cap_after: u8,
}

/// The sweep order of a component and, per step, how its group touches the constraints.
struct Plan {
    /// The cells of each step's group.
    step_cells: Csr,
    sizes: Vec<u8>,
    touches: Vec<Touch>,
    touch_at: Vec<u32>,
    /// A number's cell, to name the component in messages.
    any_cell: u32,
}

impl Plan {
    fn touches(&self, step: usize) -> &[Touch] {
        &self.touches[self.touch_at[step] as usize..self.touch_at[step + 1] as usize]
    }

    fn new(engine: &Engine, comp: &Component, s: &mut Scratch) -> Result<Plan> {
        let order = sweep_order(engine, comp, s);
        let n = order.len();
        for (pos, &gid) in order.iter().enumerate() {
            for &c in engine.group_cons.row(gid) {
                let c = c as usize;
                if s.first[c] == u32::MAX {
                    s.first[c] = pos as u32;
                    s.left[c] = engine
                        .con_groups
                        .row(c as u32)
                        .iter()
                        .map(|&g| engine.group_cells.row_len(g) as u32)
                        .sum();
                }
                s.last[c] = pos as u32;
            }
        }
        // Slots: a constraint holds one from its first step to its last; slots freed at a step
        // are reused only from the next step on.
        let mut used: u128 = 0;
        let mut touches = Vec::with_capacity(3 * n);
        let mut touch_at = Vec::with_capacity(n + 1);
        touch_at.push(0u32);
        let mut sizes = Vec::with_capacity(n);
        for (pos, &gid) in order.iter().enumerate() {
            let pos = pos as u32;
            let size = engine.group_cells.row_len(gid) as u32;
            let cons = engine.group_cons.row(gid);
            for &c in cons {
                let c = c as usize;
                let is_first = s.first[c] == pos;
                let is_last = s.last[c] == pos;
                let bits = (8 - engine.con_target[c].leading_zeros()).max(1);
                let mask: u128 = (1 << bits) - 1;
                if is_first && !is_last {
                    let Some(shift) = (0..=KEY_BITS - bits).find(|&p| used & (mask << p) == 0)
                    else {
                        let (r, col) = engine.view.coords(engine.con_cell[c] as usize);
                        return Err(Error::new(
                            ErrorKind::OutOfMemory,
                            format!(
                                "the frontier around cell ({r}, {col}) is too entangled for \
                                 exact counting: its open numbers would need more than \
                                 {KEY_BITS} bits of state"
                            ),
                        ));
                    };
                    used |= mask << shift;
                    s.slot[c] = shift;
                }
                s.left[c] -= size;
                touches.push(Touch {
                    shift: s.slot[c],
                    mask,
                    target: engine.con_target[c],
                    first: is_first,
                    last: is_last,
                    cap_after: s.left[c].min(255) as u8,
                });
            }
            for &c in cons {
                let c = c as usize;
                if s.last[c] == pos && s.first[c] != pos {
                    let bits = (8 - engine.con_target[c].leading_zeros()).max(1);
                    used &= !(((1u128 << bits) - 1) << s.slot[c]);
                }
            }
            touch_at.push(touches.len() as u32);
            sizes.push(size as u8);
        }
        let mut step_cells = Csr::new();
        for &gid in &order {
            step_cells
                .items
                .extend_from_slice(engine.group_cells.row(gid));
            step_cells.close_row();
        }
        Ok(Plan {
            step_cells,
            sizes,
            touches,
            touch_at,
            any_cell: engine.con_cell[engine.group_cons.row(comp.groups[0])[0] as usize],
        })
    }
}

/// Components with at most this many groups are swept in breadth-first order.
const SMALL_COMPONENT: usize = 12;

/// A sweep order that keeps few constraints open: start at a far end of the component, then
/// repeatedly take the group that opens the fewest new constraints (net of those it closes),
/// preferring groups closer to the start.
fn sweep_order(engine: &Engine, comp: &Component, s: &mut Scratch) -> Vec<u32> {
    let n = comp.groups.len();
    if n == 1 {
        return comp.groups.clone();
    }
    for (i, &g) in comp.groups.iter().enumerate() {
        s.local[g as usize] = i as u32;
    }
    // Breadth-first distances; each constraint is expanded once per search (`stamp` marks it).
    let bfs = |start: usize, s: &mut Scratch, stamp: u32| -> Vec<u32> {
        let mut dist = vec![u32::MAX; n];
        let mut queue = Vec::with_capacity(n);
        queue.push(start as u32);
        dist[start] = 0;
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head] as usize;
            head += 1;
            let d = dist[i];
            for &c in engine.group_cons.row(comp.groups[i]) {
                if s.slot[c as usize] == stamp {
                    continue;
                }
                s.slot[c as usize] = stamp;
                for &g in engine.con_groups.row(c) {
                    let j = s.local[g as usize] as usize;
                    if dist[j] == u32::MAX {
                        dist[j] = d + 1;
                        queue.push(j as u32);
                    }
                }
            }
        }
        dist
    };
    let far = |dist: &[u32]| {
        (0..n)
            .max_by_key(|&i| (dist[i], std::cmp::Reverse(i)))
            .unwrap_or(0)
    };
    // `slot` is free until Plan::new assigns slots, so it serves as the visit stamp here.
    let start = far(&bfs(0, s, u32::MAX - 1));
    let dist = bfs(start, s, u32::MAX - 2);
    if n <= SMALL_COMPONENT {
        // Small components stay narrow in plain breadth-first order from a far end.
        let mut idx: Vec<usize> = (0..n).collect();
        idx.sort_unstable_by_key(|&i| (dist[i], i));
        return idx.into_iter().map(|i| comp.groups[i]).collect();
    }

    // `left` counts each constraint's unplaced groups while ordering (Plan::new reuses it).
    for &g in &comp.groups {
        for &c in engine.group_cons.row(g) {
            s.left[c as usize] = engine.con_groups.row_len(c) as u32;
        }
    }
    let score_of = |i: usize, s: &Scratch| -> i32 {
        let mut sc = 0;
        for &c in engine.group_cons.row(comp.groups[i]) {
            let rem = s.left[c as usize];
            let open = s.opened[c as usize];
            if !open && rem > 1 {
                sc += 1;
            } else if open && rem == 1 {
                sc -= 1;
            }
        }
        sc
    };
    // Lazy-deletion heap of (score, distance, index); stale entries are skipped.
    let mut score: Vec<i32> = (0..n).map(|i| score_of(i, s)).collect();
    let mut done = vec![false; n];
    let mut in_cand = vec![false; n];
    let mut heap = std::collections::BinaryHeap::new();
    heap.push(std::cmp::Reverse((score[start], dist[start], start)));
    in_cand[start] = true;
    let mut order = Vec::with_capacity(n);
    while order.len() < n {
        let Some(std::cmp::Reverse((sc, _, best))) = heap.pop() else {
            // Cannot happen in a connected component; stay total anyway.
            let i = (0..n).find(|&i| !done[i]).expect("a group is left");
            heap.push(std::cmp::Reverse((score[i], dist[i], i)));
            in_cand[i] = true;
            continue;
        };
        if done[best] || sc != score[best] {
            continue;
        }
        done[best] = true;
        order.push(comp.groups[best]);
        for &c in engine.group_cons.row(comp.groups[best]) {
            s.left[c as usize] -= 1;
            s.opened[c as usize] = true;
        }
        // Only groups sharing a constraint with `best` change score.
        for &c in engine.group_cons.row(comp.groups[best]) {
            for &g in engine.con_groups.row(c) {
                let j = s.local[g as usize] as usize;
                if !done[j] {
                    let new = score_of(j, s);
                    if new != score[j] || !in_cand[j] {
                        score[j] = new;
                        in_cand[j] = true;
                        heap.push(std::cmp::Reverse((new, dist[j], j)));
                    }
                }
            }
        }
    }
    order
}

/// A number type for the tables: plain `f64` for small components, [`Wide`] beyond.
trait Num: Copy + PartialEq + Add<Output = Self> + AddAssign + Mul<Output = Self> {
    const ZERO: Self;
    fn small(x: u32) -> Self;
    fn to_wide(self) -> Wide;
}

impl Num for f64 {
    const ZERO: f64 = 0.0;
    #[inline]
    fn small(x: u32) -> f64 {
        f64::from(x)
    }
    fn to_wide(self) -> Wide {
        Wide::from_f64(self)
    }
}

impl Num for Wide {
    const ZERO: Wide = Wide::ZERO;
    #[inline]
    fn small(x: u32) -> Wide {
        Wide::from_f64(f64::from(x))
    }
    fn to_wide(self) -> Wide {
        self
    }
}

/// State key to state index, open addressing (the std map's hashing dominated small tables).
struct KeyIndex {
    slots: Vec<(u128, u32)>,
    len: usize,
}

impl KeyIndex {
    const EMPTY: u32 = u32::MAX;

    fn new() -> KeyIndex {
        KeyIndex {
            slots: vec![(0, Self::EMPTY); 16],
            len: 0,
        }
    }

    fn clear(&mut self) {
        if self.len > 0 {
            self.slots.fill((0, Self::EMPTY));
            self.len = 0;
        }
    }

    #[inline]
    fn slot_of(slots: &[(u128, u32)], key: u128) -> usize {
        let mask = slots.len() - 1;
        let h = ((key as u64) ^ ((key >> 64) as u64).rotate_left(29))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut i = (h >> 40) as usize & mask;
        while slots[i].1 != Self::EMPTY && slots[i].0 != key {
            i = (i + 1) & mask;
        }
        i
    }

    /// The index stored for `key`, or `fresh` after storing it.
    #[inline]
    fn get_or_insert(&mut self, key: u128, fresh: u32) -> Result<u32> {
        let i = Self::slot_of(&self.slots, key);
        if self.slots[i].1 != Self::EMPTY {
            return Ok(self.slots[i].1);
        }
        self.slots[i] = (key, fresh);
        self.len += 1;
        if self.len * 2 > self.slots.len() {
            let mut bigger = Vec::new();
            grow(&mut bigger, self.slots.len() * 2, "the state index")?;
            bigger.resize(self.slots.len() * 2, (0, Self::EMPTY));
            for &(k, v) in &self.slots {
                if v != Self::EMPTY {
                    let j = Self::slot_of(&bigger, k);
                    bigger[j] = (k, v);
                }
            }
            self.slots = bigger;
        }
        Ok(fresh)
    }
}

/// The tables of one component's sweep, flattened: level `j` (0 = before any group, `j` = after
/// the `j`-th group) has states `keys[key_at[j]..key_at[j + 1]]` (packed open partial sums), one
/// row of `width[j]` weights per state (indexed by mines placed so far) starting at
/// `row_at[j]`, and for `j >= 1` the transitions `trans[trans_at[j - 1]..trans_at[j]]` that
/// reached it, as (state in level j - 1, state in level j, mines in group j).
struct Dp<W> {
    key_at: Vec<u32>,
    row_at: Vec<usize>,
    width: Vec<usize>,
    trans_at: Vec<usize>,
    keys: Vec<u128>,
    rows: Vec<W>,
    trans: Vec<(u32, u32, u8)>,
}

impl<W: Num> Dp<W> {
    fn forward(plan: &Plan, mines: usize, cols: usize) -> Result<Dp<W>> {
        let n = plan.sizes.len();
        let mut dp = Dp {
            key_at: Vec::with_capacity(n + 2),
            row_at: Vec::with_capacity(n + 1),
            width: Vec::with_capacity(n + 1),
            trans_at: Vec::with_capacity(n + 1),
            keys: Vec::with_capacity(2 * n + 1),
            rows: Vec::with_capacity((2 * n + 1) * (mines.min(n * 2) + 1)),
            trans: Vec::with_capacity(4 * n),
        };
        dp.keys.push(0);
        dp.rows.push(W::small(1));
        dp.key_at.extend([0, 1]);
        dp.row_at.push(0);
        dp.width.push(1);
        dp.trans_at.push(0);
        let mut placed_cells = 0usize;
        let mut index = KeyIndex::new();
        for step in 0..n {
            let size = plan.sizes[step] as usize;
            placed_cells += size;
            let width = placed_cells.min(mines) + 1;
            let touches = plan.touches(step);
            let (pk0, pk1) = (dp.key_at[step] as usize, dp.key_at[step + 1] as usize);
            let (prow, pwidth) = (dp.row_at[step], dp.width[step]);
            let row0 = dp.rows.len();
            index.clear();
            for from in 0..pk1 - pk0 {
                let key = dp.keys[pk0 + from];
                'k: for k in 0..=size.min(width - 1) {
                    let mut next = key;
                    for t in touches {
                        let cur = if t.first {
                            0
                        } else {
                            ((key >> t.shift) & t.mask) as u8
                        };
                        let v = cur + k as u8;
                        if v > t.target {
                            continue 'k;
                        }
                        if t.last {
                            if v != t.target {
                                continue 'k;
                            }
                            if !t.first {
                                next &= !(t.mask << t.shift);
                            }
                        } else {
                            if u32::from(v) + u32::from(t.cap_after) < u32::from(t.target) {
                                continue 'k;
                            }
                            next = (next & !(t.mask << t.shift)) | (u128::from(v) << t.shift);
                        }
                    }
                    let fresh = (dp.keys.len() - pk1) as u32;
                    let to = index.get_or_insert(next, fresh)?;
                    if to == fresh {
                        if dp.rows.len() + width > MAX_TABLE_ENTRIES {
                            let cell = plan.step_cells.row(step as u32)[0] as usize;
                            let (r, c) = (cell / cols, cell % cols);
                            return Err(Error::new(
                                ErrorKind::OutOfMemory,
                                format!(
                                    "the frontier around cell ({r}, {c}) is too entangled for \
                                     exact counting: its tables would exceed \
                                     {MAX_TABLE_ENTRIES} entries"
                                ),
                            ));
                        }
                        if dp.keys.len() == dp.keys.capacity() {
                            let extra = dp.keys.len();
                            grow(&mut dp.keys, extra, "the counting states")?;
                        }
                        dp.keys.push(next);
                        if dp.rows.len() + width > dp.rows.capacity() {
                            let extra = width.max(dp.rows.len());
                            grow(&mut dp.rows, extra, "the counting tables")?;
                        }
                        dp.rows.resize(dp.rows.len() + width, W::ZERO);
                    }
                    if dp.trans.len() == dp.trans.capacity() {
                        let extra = dp.trans.len().max(16);
                        grow(&mut dp.trans, extra, "the counting transitions")?;
                    }
                    dp.trans.push((from as u32, to, k as u8));
                    let c = W::small(BINOM[size][k]);
                    let (done, cur) = dp.rows.split_at_mut(row0);
                    let src = &done[prow + from * pwidth..prow + (from + 1) * pwidth];
                    let dst = &mut cur[to as usize * width..(to as usize + 1) * width];
                    let span = pwidth.min(width - k);
                    for (d, &s) in dst[k..k + span].iter_mut().zip(&src[..span]) {
                        *d += c * s;
                    }
                }
            }
            dp.key_at.push(dp.keys.len() as u32);
            dp.row_at.push(row0);
            dp.width.push(width);
            dp.trans_at.push(dp.trans.len());
        }
        Ok(dp)
    }

    /// Layout counts of the component by its mine total (all zero when it has no solution).
    fn totals(&self) -> Vec<W> {
        let n = self.width.len() - 1;
        let (k0, k1) = (self.key_at[n] as usize, self.key_at[n + 1] as usize);
        let w = self.width[n];
        match self.keys[k0..k1].iter().position(|&k| k == 0) {
            Some(s) => self.rows[self.row_at[n] + s * w..self.row_at[n] + (s + 1) * w].to_vec(),
            None => vec![W::ZERO; w],
        }
    }

    /// Expected mines of each step's group, each layout weighted by `g[its component total]`.
    fn backward(&self, plan: &Plan, g: &[W]) -> Vec<W> {
        let n = plan.sizes.len();
        let (k0, k1) = (self.key_at[n] as usize, self.key_at[n + 1] as usize);
        let w = self.width[n];
        let mut b_next: Vec<W> = vec![W::ZERO; (k1 - k0) * w];
        if let Some(s) = self.keys[k0..k1].iter().position(|&k| k == 0) {
            for (t, x) in g.iter().take(w).enumerate() {
                b_next[s * w + t] = *x;
            }
        }
        let mut b_prev: Vec<W> = Vec::new();
        let mut expected = vec![W::ZERO; n];
        for step in (0..n).rev() {
            let (cw, pw) = (self.width[step + 1], self.width[step]);
            let prow = self.row_at[step];
            let pstates = (self.key_at[step + 1] - self.key_at[step]) as usize;
            b_prev.clear();
            b_prev.resize(pstates * pw, W::ZERO);
            let size = plan.sizes[step] as usize;
            let mut e = W::ZERO;
            for &(from, to, k) in &self.trans[self.trans_at[step]..self.trans_at[step + 1]] {
                let k = k as usize;
                let c = W::small(BINOM[size][k]);
                let b = &b_next[to as usize * cw..(to as usize + 1) * cw];
                let f = &self.rows[prow + from as usize * pw..prow + (from as usize + 1) * pw];
                let dst = &mut b_prev[from as usize * pw..(from as usize + 1) * pw];
                let span = pw.min(cw - k);
                let mut dot = W::ZERO;
                for m in 0..span {
                    let bv = b[m + k];
                    dst[m] += c * bv;
                    dot += f[m] * bv;
                }
                if k > 0 {
                    e += dot * W::small(BINOM[size][k] * k as u32);
                }
            }
            expected[step] = e;
            std::mem::swap(&mut b_next, &mut b_prev);
        }
        expected
    }
}

/// The components combined: total layouts, the weight each component total gets from the rest
/// of the board, and the floating cells' expected mines.
struct Combination {
    /// prefix[i]: layouts of components 0..i by their mine total.
    prefix: Vec<Vec<Wide>>,
    /// suffix[i][x]: ways to complete components i.. and the floating cells when components
    /// before i hold x mines.
    suffix: Vec<Vec<Wide>>,
    layouts: Wide,
    floating_mines: Wide,
}

impl Combination {
    fn new(totals: &[&[Wide]], floating: usize, mines: usize) -> Combination {
        let k = totals.len();
        let mut prefix: Vec<Vec<Wide>> = Vec::with_capacity(k + 1);
        prefix.push(vec![Wide::ONE]);
        for w in totals {
            let p = prefix.last().expect("starts with one entry");
            let len = (p.len() + w.len() - 1).min(mines + 1);
            let mut out = vec![Wide::ZERO; len];
            for (a, &pa) in p.iter().enumerate() {
                if pa.is_zero() {
                    continue;
                }
                for (b, &wb) in w.iter().enumerate() {
                    if a + b >= len {
                        break;
                    }
                    if !wb.is_zero() {
                        out[a + b] += pa * wb;
                    }
                }
            }
            prefix.push(out);
        }
        // Floating weights C(F, mines - x) for every frontier total x.
        let xmax = prefix[k].len() - 1;
        let floating_ways = floating_binomials(floating, mines, xmax);
        let mut suffix: Vec<Vec<Wide>> = vec![Vec::new(); k + 1];
        suffix[k] = floating_ways.clone();
        for i in (0..k).rev() {
            let len = prefix[i].len();
            let next = &suffix[i + 1];
            let w = &totals[i];
            let mut out = vec![Wide::ZERO; len];
            for (x, o) in out.iter_mut().enumerate() {
                let mut acc = Wide::ZERO;
                for (c, &wc) in w.iter().enumerate() {
                    if x + c >= next.len() {
                        break;
                    }
                    if !wc.is_zero() {
                        acc += wc * next[x + c];
                    }
                }
                *o = acc;
            }
            suffix[i] = out;
        }
        let layouts = suffix[0][0];
        let mut floating_mines = Wide::ZERO;
        for (x, &px) in prefix[k].iter().enumerate() {
            let left = mines - x;
            if !px.is_zero() && left > 0 {
                floating_mines += px * floating_ways[x].mul_f64(left as f64);
            }
        }
        Combination {
            prefix,
            suffix,
            layouts,
            floating_mines,
        }
    }

    /// For component `i`: the number of ways the rest of the board completes each of its
    /// `width` possible totals.
    fn others(&self, i: usize, width: usize) -> Vec<Wide> {
        let before = &self.prefix[i];
        let after = &self.suffix[i + 1];
        let mut g = vec![Wide::ZERO; width];
        for (t, gt) in g.iter_mut().enumerate() {
            let mut acc = Wide::ZERO;
            for (a, &pa) in before.iter().enumerate() {
                if a + t >= after.len() {
                    break;
                }
                if !pa.is_zero() {
                    acc += pa * after[a + t];
                }
            }
            *gt = acc;
        }
        g
    }
}

/// `C(floating, mines - x)` for `x` in `0..=xmax` (zero where `mines - x` is out of range).
fn floating_binomials(floating: usize, mines: usize, xmax: usize) -> Vec<Wide> {
    let mut out = vec![Wide::ZERO; xmax + 1];
    // Valid x: mines - floating <= x <= mines.
    let lo = mines.saturating_sub(floating);
    if lo > xmax {
        return out;
    }
    // Start at the largest valid x (smallest j = mines - x), then step j up by ratios.
    let hi = xmax.min(mines);
    let mut j = (mines - hi) as u64;
    let f = floating as u64;
    let mut c = binomial(f, j);
    let mut x = hi;
    loop {
        out[x] = c;
        if x == lo {
            break;
        }
        // C(f, j + 1) = C(f, j) * (f - j) / (j + 1)
        c = c.mul_f64((f - j) as f64 / (j + 1) as f64);
        j += 1;
        x -= 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every layout of `mines` mines on the hidden cells, checked against the numbers.
    fn brute(view: &View) -> Option<Vec<f64>> {
        let hidden: Vec<usize> = (0..view.cells().len())
            .filter(|&i| view.is_hidden(i))
            .collect();
        let n = hidden.len();
        assert!(n <= 20);
        let mut counts = vec![0u64; view.cells().len()];
        let mut total = 0u64;
        let mut mine = vec![false; view.cells().len()];
        for mask in 0u32..(1 << n) {
            if mask.count_ones() as usize != view.mines() {
                continue;
            }
            for (b, &c) in hidden.iter().enumerate() {
                mine[c] = mask >> b & 1 == 1;
            }
            let ok = (0..view.cells().len()).all(|i| {
                if view.is_hidden(i) {
                    return true;
                }
                let mut k = 0;
                view.for_each_neighbour(i, |j| k += usize::from(mine[j]));
                k == usize::from(view.cells()[i])
            });
            if ok {
                total += 1;
                for &c in &hidden {
                    counts[c] += u64::from(mine[c]);
                }
            }
        }
        (total > 0).then(|| {
            (0..view.cells().len())
                .map(|i| {
                    if view.is_hidden(i) {
                        counts[i] as f64 / total as f64
                    } else {
                        -1.0
                    }
                })
                .collect()
        })
    }

    fn check(bytes: &[u8], rows: usize, cols: usize, mines: usize) {
        let view = View::parse(bytes, rows, cols, mines).unwrap();
        let want = brute(&view);
        match (probabilities(&view), want) {
            (Ok(p), Some(w)) => {
                for (i, (&a, &b)) in p.probs().iter().zip(&w).enumerate() {
                    assert!((a - b).abs() < 1e-9, "cell {i}: {a} vs {b}");
                    assert_eq!(p.safe_cells().contains(&i), b == 0.0, "cell {i}");
                }
            }
            (Err(e), None) => assert_eq!(e.kind(), ErrorKind::Inconsistent),
            (got, want) => panic!("{got:?} vs {want:?}"),
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn small_views_match_brute_force() {
        check(b"1EEE", 2, 2, 1);
        check(b"EEEEEEEEE", 3, 3, 2);
        check(b"B1E111EEE", 3, 3, 2);
        check(b"1E1" as &[u8], 1, 3, 1);
        check(b"1E1", 1, 3, 2);
        check(b"2EE2EEEEE", 3, 3, 3);
        check(b"EE2EEE" as &[u8], 2, 3, 2);
        check(b"1EEEE1EEEEEEEEEE", 4, 4, 3);
    }

    #[test]
    fn inconsistent_views() {
        let e = probabilities(&View::parse(b"3EEB", 2, 2, 3).unwrap()).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Inconsistent);
        assert_eq!(
            e.detail(),
            "cell (0, 0) shows 3 but has only 2 hidden neighbours"
        );
        let e = probabilities(&View::parse(b"1BEE", 2, 2, 1).unwrap()).unwrap_err();
        assert!(e.detail().contains("contradict"), "{}", e.detail());
        let e = probabilities(&View::parse(b"BB", 1, 2, 1).unwrap()).unwrap_err();
        assert!(e.detail().contains("no number"), "{}", e.detail());
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn huge_counts_stay_exact() {
        // 1000 x 1000, one revealed '1' in a corner: by symmetry each of its three neighbours
        // holds a mine with probability P, and floating cells share the rest.
        let mut bytes = vec![b'E'; 1_000_000];
        bytes[0] = b'1';
        let v = View::parse(&bytes, 1000, 1000, 200_000).unwrap();
        let p = probabilities(&v).unwrap();
        // Layouts with the mine in one of the 3 frontier cells: 3 * C(F, M - 1), F = 999_996.
        // Expected frontier mines = 3 C(F, M-1) / (3 C(F, M-1)) = 1, so each frontier cell 1/3.
        assert!((p.get(1) - 1.0 / 3.0).abs() < 1e-12);
        let f = p.floating_probability();
        assert!((f - 199_999.0 / 999_996.0).abs() < 1e-12, "{f}");
    }
}
