//! Long-term risk, after David Hill's solver: a guess is worth more when its cell could later
//! become half of a 50/50 that no reveal settles (`fifty_fifty_shapes.rs`), or would wall one
//! in. Guessing such a cell now, while it is safe, may spare that coin flip later.
//!
//! A candidate's *share* is the chance, over the layouts, that such a 50/50 forms with it:
//! - as a cell of a pair, with the mine on the pair's first cell: the larger of its two pairs
//!   in a row, plus the larger of its two in a column;
//! - as a cell of a 2 x 2 box, with the mines on the main diagonal: the largest of its four;
//! - as the one wall cell of a pair or box that may still be safe, when that 50/50 forms in
//!   more than [`WALL_CELL_LEAST`] of the layouts.
//!
//! A shape counts when no wall cell is revealed and at most [`MAX_OPEN_WALL`] may be safe. Each
//! chance is counted exactly, from the layouts with the shape's mines and walls taken as mines
//! ([`Counter::probabilities_with_mines`]). The share is capped at both the cell's mine chance
//! and its safety, and a candidate's look-ahead score is weighed by `1 + `[`SCALE`]` * share /
//! safety`, Hill's weight.
//!
//! Gained, paired with the same games without it (the standard effort, expert, seeds
//! 0-999,999): 0.079 (± 0.030) points more modern games won and 0.169 (± 0.075) more classic
//! ones, at about 0.96-0.98 times the speed; intermediate and beginner moved by 0.01 at most.

use super::fifty_fifty::certain_mine;
use super::fifty_fifty_shapes::{
    open_walls, Pair, BOX_DIAGONAL, BOX_OTHER_DIAGONAL, BOX_WALLS, PAIRS,
};
use super::lookahead::Budget;
use super::probability::{Counter, Probabilities};
use super::view::View;
use crate::error::{try_push, try_reserve, ErrorKind, Result};

/// How much of its share a candidate's score gains (Hill's `FIFTYFIFTY_INFLUENCE_SCALE`).
const SCALE: f64 = 0.9;
/// Wall cells that may be safe, at most, for a pair or box through the candidate.
const MAX_OPEN_WALL: usize = 3;
/// The least chance of a 50/50 for which its one open wall cell gets a share of it.
const WALL_CELL_LEAST: f64 = 0.025;

/// Per candidate of `cands` (cells of `view`, whose probabilities are `probs`), the weight of
/// its look-ahead score: 1 plus [`SCALE`] times its share over its safety. All 1 when they would
/// take more than `max_counts` counts (each reads the whole view, so a huge board gets few) or
/// pass `budget`, or a count could not be finished. The counter's last analysis is no longer
/// `view`'s afterwards.
///
/// Errors: `OutOfMemory`.
pub(crate) fn weights(
    counter: &mut Counter,
    view: &View,
    probs: &Probabilities,
    cands: &[usize],
    budget: Budget,
    max_counts: usize,
) -> Result<Vec<f64>> {
    let mut shares = Shares::new(counter, view, probs, budget, max_counts);
    let mut out = Vec::new();
    try_reserve(&mut out, cands.len())?;
    for &c in cands {
        let safety = 1.0 - probs.get(c);
        let share = if safety > 0.0 { shares.of(c)? } else { 0.0 };
        try_push(
            &mut out,
            1.0 + SCALE * share / safety.max(f64::MIN_POSITIVE),
        )?;
    }
    if shares.failed {
        out.fill(1.0);
    }
    Ok(out)
}

/// Cells taken as mines: a shape's mines, its open walls and one more cell (eight at most).
#[derive(Clone, Copy, PartialEq)]
struct Mines {
    len: usize,
    cells: [usize; 8],
}

impl Mines {
    fn new() -> Mines {
        Mines {
            len: 0,
            cells: [0; 8],
        }
    }

    fn with(mut self, cell: usize) -> Mines {
        if !self.cells().contains(&cell) {
            self.cells[self.len] = cell;
            self.len += 1;
            self.cells[..self.len].sort_unstable();
        }
        self
    }

    fn cells(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

/// A count: the chance that every cell of `mines` is a mine, and the probabilities of the
/// other cells given that.
struct Counted {
    mines: Mines,
    chance: f64,
    given: Probabilities,
}

/// The counts one call makes, kept, since neighbouring candidates share shapes.
struct Shares<'a> {
    counter: &'a mut Counter,
    view: &'a View,
    probs: &'a Probabilities,
    budget: Budget,
    max_counts: usize,
    mines_left: usize,
    grid: Vec<u8>,
    counted: Vec<Counted>,
    /// A count passed the budget, or could not be finished.
    failed: bool,
}

impl<'a> Shares<'a> {
    /// No counts yet, for `view` with `probs`, within `budget` and `max_counts`.
    fn new(
        counter: &'a mut Counter,
        view: &'a View,
        probs: &'a Probabilities,
        budget: Budget,
        max_counts: usize,
    ) -> Shares<'a> {
        let known = (0..view.cells().len())
            .filter(|&i| certain_mine(view, probs, i))
            .count();
        Shares {
            counter,
            view,
            probs,
            budget,
            max_counts,
            mines_left: view.mines().saturating_sub(known),
            grid: Vec::new(),
            counted: Vec::new(),
            failed: false,
        }
    }

    /// The share of candidate `c` (see the module's doc).
    fn of(&mut self, c: usize) -> Result<f64> {
        let v = self.view;
        let (left, up, up_left) = (
            v.offset(c, (0, -1)),
            v.offset(c, (-1, 0)),
            v.offset(c, (-1, -1)),
        );
        let mut share = 0.0;
        for (pair, before) in PAIRS.iter().zip([left, up]) {
            let mut most = 0.0f64;
            for first in [Some(c), before] {
                if let Some((x, _)) = self.pair(first, pair, MAX_OPEN_WALL, None)? {
                    most = most.max(x);
                }
            }
            share += most;
        }
        let mut most = 0.0f64;
        for first in [Some(c), left, up, up_left] {
            if let Some((x, _)) = self.boxed(first, MAX_OPEN_WALL, None)? {
                most = most.max(x);
            }
        }
        share += most;
        // The shapes whose one open wall cell is `c` start within two rows and columns of it.
        for dr in -2..=1 {
            for dc in -2..=1 {
                let first = v.offset(c, (dr, dc));
                for shape in 0..3 {
                    let counted = match PAIRS.get(shape) {
                        Some(pair) => self.pair(first, pair, 1, Some(c))?,
                        None => self.boxed(first, 1, Some(c))?,
                    };
                    if let Some((x, _)) = counted.filter(|&(x, _)| x > WALL_CELL_LEAST) {
                        share += x;
                    }
                }
            }
        }
        let p = self.probs.get(c);
        Ok(share.min(p).min(1.0 - p))
    }

    /// The chance that `pair`, at `first`, forms a 50/50 with the mine on `first`, and its open
    /// walls; `None` when it cannot: a cell off the board or settled, a revealed wall, more than
    /// `most` open walls (or other than exactly `only`, when given), or too few mines left.
    fn pair(
        &mut self,
        first: Option<usize>,
        pair: &Pair,
        most: usize,
        only: Option<usize>,
    ) -> Result<Option<(f64, Mines)>> {
        let Some(a) = first else { return Ok(None) };
        let Some(b) = self.view.offset(a, pair.second) else {
            return Ok(None);
        };
        if !self.probs.is_open(a) || !self.probs.is_open(b) {
            return Ok(None);
        }
        let Some(walls) = self.open_walls(a, &pair.sides, most, 1, only) else {
            return Ok(None);
        };
        let k = self.count(walls.with(a))?;
        let x = match self.counted[k].chance {
            pa if pa > 0.0 => pa * (1.0 - self.counted[k].given.get(b)),
            _ => 0.0,
        };
        Ok(Some((x, walls)))
    }

    /// [`Shares::pair`] for the 2 x 2 box at `first` (its top-left cell), with the mines on its
    /// main diagonal.
    fn boxed(
        &mut self,
        first: Option<usize>,
        most: usize,
        only: Option<usize>,
    ) -> Result<Option<(f64, Mines)>> {
        let Some(a) = first else { return Ok(None) };
        let at = |d| self.view.offset(a, d);
        let ([Some(t1), Some(t4)], [Some(t2), Some(t3)]) =
            (BOX_DIAGONAL.map(at), BOX_OTHER_DIAGONAL.map(at))
        else {
            return Ok(None);
        };
        if ![t1, t2, t3, t4].iter().all(|&t| self.probs.is_open(t)) {
            return Ok(None);
        }
        let Some(walls) = self.open_walls(a, &BOX_WALLS, most, 2, only) else {
            return Ok(None);
        };
        let mines = walls.with(t1).with(t4);
        let k = self.count(mines)?;
        let p = self.counted[k].chance;
        if p <= 0.0 {
            return Ok(Some((0.0, walls)));
        }
        // P(t2 and t3 both safe), given the diagonal and the walls mined.
        let (q2, q3) = (self.counted[k].given.get(t2), self.counted[k].given.get(t3));
        let mut both = 0.0;
        if q2 > 0.0 && q3 > 0.0 {
            let k2 = self.count(mines.with(t2))?;
            if self.counted[k2].chance > 0.0 {
                both = q2 * self.counted[k2].given.get(t3);
            }
        }
        Ok(Some((p * (1.0 - q2 - q3 + both), walls)))
    }

    /// [`open_walls`] of `walls` from `a`, at most `most`, as mines to count; `None` also when
    /// they are other than exactly `only`, when given, or when they and the shape's
    /// `shape_mines` would need more mines than are left.
    fn open_walls(
        &self,
        a: usize,
        walls: &[(isize, isize)],
        most: usize,
        shape_mines: usize,
        only: Option<usize>,
    ) -> Option<Mines> {
        let open = open_walls(self.view, self.probs, a, walls, most)?;
        let cells = open.cells();
        let fits = cells.len() + shape_mines <= self.mines_left;
        (fits && only.is_none_or(|c| cells == [c]))
            .then(|| cells.iter().fold(Mines::new(), |m, &k| m.with(k)))
    }

    /// The index in `counted` of the count with `mines` taken as mines, counting it first if
    /// needed. A count past the bounds, or unfinished, has chance 0 and marks the call failed.
    fn count(&mut self, mines: Mines) -> Result<usize> {
        if let Some(k) = self.counted.iter().position(|c| c.mines == mines) {
            return Ok(k);
        }
        let mut given = Probabilities::default();
        let over = self.counted.len() >= self.max_counts || self.budget.spent(self.counter);
        let chance = if self.failed || over {
            self.failed = true;
            0.0
        } else {
            let cells = mines.cells().iter().copied();
            match self.counter.probabilities_with_mines(
                self.view,
                cells,
                &mut self.grid,
                &mut given,
            ) {
                Ok(true) => given.layouts().ratio(self.probs.layouts()),
                Ok(false) => 0.0,
                Err(e) if e.kind() == ErrorKind::OutOfMemory => return Err(e),
                Err(_) => {
                    self.failed = true;
                    0.0
                }
            }
        };
        try_push(
            &mut self.counted,
            Counted {
                mines,
                chance,
                given,
            },
        )?;
        Ok(self.counted.len() - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::mines_brute;

    fn small_views(seed: u64, tries: usize) -> Vec<mines_brute::SmallView> {
        let mut rng = crate::rng::SplitMix64::new(seed);
        mines_brute::small_views(tries, &mut |n| rng.below(n))
    }

    /// Every pair and box chance the shares are made of, against the layouts listed.
    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn pair_and_box_chances_match_the_layouts() {
        let (mut pairs, mut boxes) = (0, 0);
        for (bytes, rows, cols, mines, layouts) in small_views(0x17a, 3000) {
            let n = rows * cols;
            let view = View::parse(&bytes, rows, cols, mines).unwrap();
            let mut counter = Counter::new();
            let probs = counter.probabilities(&view).unwrap();
            let budget = Budget::since(&counter, 0, 1 << 40);
            let mut shares = Shares::new(&mut counter, &view, &probs, budget, usize::MAX);
            let share = |f: &dyn Fn(&Vec<bool>) -> bool| {
                layouts.iter().filter(|l| f(l)).count() as f64 / layouts.len() as f64
            };
            for a in 0..n {
                for pair in &PAIRS {
                    if let Some((x, walls)) = shares.pair(Some(a), pair, 6, None).unwrap() {
                        let b = view.offset(a, pair.second).unwrap();
                        let want = share(&|l| l[a] && !l[b] && walls.cells().iter().all(|&k| l[k]));
                        assert!((x - want).abs() < 1e-9, "{x} {want}");
                        pairs += 1;
                    }
                }
                if let Some((x, walls)) = shares.boxed(Some(a), 6, None).unwrap() {
                    let [t1, t4] = BOX_DIAGONAL.map(|d| view.offset(a, d).unwrap());
                    let [t2, t3] = BOX_OTHER_DIAGONAL.map(|d| view.offset(a, d).unwrap());
                    let want = share(&|l| {
                        l[t1] && l[t4] && !l[t2] && !l[t3] && walls.cells().iter().all(|&k| l[k])
                    });
                    assert!((x - want).abs() < 1e-9, "{x} {want}");
                    boxes += 1;
                }
            }
            assert!(!shares.failed);
        }
        assert!(pairs > 100 && boxes > 20, "{pairs} pairs, {boxes} boxes");
    }

    /// A pair or box of a view: its cells (the first mine-side cells, then the others) and its
    /// walls on the board, from plain (row, column) arithmetic.
    fn shapes(rows: usize, cols: usize) -> Vec<(Vec<usize>, Vec<usize>, Vec<usize>)> {
        let cell = |r: isize, c: isize| {
            (r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols)
                .then(|| r as usize * cols + c as usize)
        };
        let on = |v: &[(isize, isize)]| v.iter().filter_map(|&(r, c)| cell(r, c)).collect();
        let mut out = Vec::new();
        for r in 0..rows as isize {
            for c in 0..cols as isize {
                // A pair in a row: the columns beside it are walls; in a column, the rows.
                let row_walls = [(r - 1, c - 1), (r, c - 1), (r + 1, c - 1)];
                let row_walls2 = [(r - 1, c + 2), (r, c + 2), (r + 1, c + 2)];
                if let (Some(a), Some(b)) = (cell(r, c), cell(r, c + 1)) {
                    let w = on(&[row_walls, row_walls2].concat());
                    out.push((vec![a], vec![b], w));
                }
                let col_walls = [(r - 1, c - 1), (r - 1, c), (r - 1, c + 1)];
                let col_walls2 = [(r + 2, c - 1), (r + 2, c), (r + 2, c + 1)];
                if let (Some(a), Some(b)) = (cell(r, c), cell(r + 1, c)) {
                    let w = on(&[col_walls, col_walls2].concat());
                    out.push((vec![a], vec![b], w));
                }
                let corners = [
                    (r - 1, c - 1),
                    (r - 1, c + 2),
                    (r + 2, c - 1),
                    (r + 2, c + 2),
                ];
                if let (Some(a), Some(b), Some(x), Some(y)) = (
                    cell(r, c),
                    cell(r + 1, c + 1),
                    cell(r, c + 1),
                    cell(r + 1, c),
                ) {
                    out.push((vec![a, b], vec![x, y], on(&corners)));
                }
            }
        }
        out
    }

    /// The weights against the module's definition, every shape's chance from the layouts.
    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn weights_match_the_definition_on_small_views() {
        let (mut weighed, mut plain) = (0, 0);
        for (bytes, rows, cols, mines, layouts) in small_views(0x17b, 1500) {
            let n = rows * cols;
            let Some(p) = mines_brute::probabilities(&bytes, rows, cols, mines) else {
                continue;
            };
            let hidden = |i: usize| bytes[i] == b'E';
            let open = |i: usize| hidden(i) && p[i] > 0.0 && p[i] < 1.0;
            let left = mines - (0..n).filter(|&i| hidden(i) && p[i] >= 1.0).count();
            let chance = |mined: &[usize], safe: &[usize]| {
                let fits =
                    |l: &&Vec<bool>| mined.iter().all(|&k| l[k]) && !safe.iter().any(|&k| l[k]);
                layouts.iter().filter(fits).count() as f64 / layouts.len() as f64
            };
            // (shape's chance, its open walls, its cells) for every shape that may form.
            let mut formable = Vec::new();
            for (mined, safe, walls) in shapes(rows, cols) {
                if !mined.iter().chain(&safe).all(|&k| open(k)) || walls.iter().any(|&k| !hidden(k))
                {
                    continue;
                }
                let open_walls: Vec<usize> = walls.into_iter().filter(|&k| p[k] < 1.0).collect();
                if open_walls.len() + mined.len() > left {
                    continue;
                }
                let all: Vec<usize> = mined.iter().chain(&open_walls).copied().collect();
                let cells: Vec<usize> = mined.iter().chain(&safe).copied().collect();
                formable.push((chance(&all, &safe), open_walls, cells, mined.len()));
            }
            let cands: Vec<usize> = (0..n).filter(|&i| hidden(i) && p[i] < 1.0).collect();
            let view = View::parse(&bytes, rows, cols, mines).unwrap();
            let mut counter = Counter::new();
            let probs = counter.probabilities(&view).unwrap();
            let budget = Budget::since(&counter, 0, 1 << 40);
            let got = weights(&mut counter, &view, &probs, &cands, budget, usize::MAX).unwrap();
            for (&c, &w) in cands.iter().zip(&got) {
                // Per kind of shape through `c` (a pair in a row, in a column, a box), the most
                // likely; plus every shape whose one open wall is `c`, if likely enough.
                let mut most = [0.0f64; 3];
                let mut share = 0.0;
                for (x, walls, cells, shape_mines) in &formable {
                    let kind = if *shape_mines == 2 {
                        2
                    } else {
                        usize::from(cells[1] == cells[0] + cols)
                    };
                    if cells.contains(&c) && walls.len() <= MAX_OPEN_WALL {
                        most[kind] = most[kind].max(*x);
                    }
                    if walls[..] == [c] && *x > WALL_CELL_LEAST {
                        share += x;
                    }
                }
                let share = (share + most.iter().sum::<f64>()).min(p[c]).min(1.0 - p[c]);
                let want = 1.0 + SCALE * share / (1.0 - p[c]);
                assert!(
                    (w - want).abs() < 1e-9,
                    "{} cell {c}: {w} against {want}",
                    String::from_utf8_lossy(&bytes)
                );
                if want > 1.0 {
                    weighed += 1;
                } else {
                    plain += 1;
                }
            }
        }
        assert!(
            weighed > 100 && plain > 100,
            "{weighed} weighed, {plain} plain"
        );
    }

    #[test]
    fn past_its_bound_on_counts_every_weight_is_one() {
        // A corner pair that two more mines may wall in: (0, 0) and (0, 1), walled by (0, 2)
        // and (1, 2); the one number is in the far corner.
        let view = View::parse(b"EEEEEEEEEEEEEEE1", 4, 4, 4).unwrap();
        let mut counter = Counter::new();
        let probs = counter.probabilities(&view).unwrap();
        let budget = Budget::since(&counter, 0, 1 << 40);
        let cands = [0, 1, 2];
        let w = |counter: &mut Counter, most| {
            weights(counter, &view, &probs, &cands, budget, most).unwrap()
        };
        let free = w(&mut counter, usize::MAX);
        assert!(free[0] > 1.0, "{free:?}");
        assert_eq!(w(&mut counter, 1), [1.0; 3]);
    }
}
