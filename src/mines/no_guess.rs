//! No-guess layouts: boards that can be won from the first click by revealing only cells whose
//! mine probability is exactly 0.
//!
//! Simon Tatham's method: place the mines at random (never in the first click's 3 x 3 block, so
//! the first click opens an area), play the board with certain moves only, and whenever that
//! play gets stuck, perturb the mines where it got stuck and carry on:
//! - pick a revealed number on the stuck frontier (the one with the fewest mines around it) and
//!   move the mines next to it into hidden cells away from the revealed area; the number becomes
//!   a zero, so its neighbours become certain and play moves on;
//! - the moved mines keep the total; revealed numbers are recounted.
//!
//! When every safe cell is revealed, the final layout is replayed from the first click to
//! confirm it needs no guess (a perturbation can change numbers that earlier deductions used);
//! a replay that gets stuck is perturbed again.
//!
//! "Certain" is the exact engine's probability 0 ([`probabilities`]), which includes the mine
//! count; a quick single-number pass finds most certain cells first.
//!
//! The result is a pure function of the arguments (a seeded SplitMix64 drives every choice) and
//! the work is bounded: after [`MAX_PERTURBATIONS`] perturbations across [`MAX_LAYOUTS`] fresh
//! layouts the generator returns `GenerationFailed`.

use super::block::{block_len, in_block};
use super::board::check_coordinate;
use super::probability::probabilities;
use super::rng::SplitMix64;
use super::view::{View, HIDDEN};
use crate::error::{checked_area, try_filled, Error, ErrorKind, Result};

/// Perturbations tried on one layout before starting afresh.
pub const MAX_PERTURBATIONS: usize = 400;
/// Fresh layouts tried before giving up.
pub const MAX_LAYOUTS: usize = 4;

/// The session's documented generator, drawing `usize` bounds.
struct SplitMix(SplitMix64);

impl SplitMix {
    /// Uniform in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }
}

/// A layout (`true` = mine, row-major) with `mines` mines on a `rows x cols` board that is won
/// from a click at `(first_row, first_col)` by certain moves alone. The first click's 3 x 3 block
/// holds no mine, so the click opens an area.
///
/// Errors: `ZeroSize`/`SizeOverflow` for the shape, `OutOfBounds` for the click, `TooManyMines`
/// when the mines do not fit outside the click's block, `GenerationFailed` when the bounded search
/// gives up (try another seed), `OutOfMemory`.
///
/// ```
/// use gridgames::mines::no_guess_layout;
/// let mines = no_guess_layout(9, 9, 10, 42, 4, 4).unwrap();
/// assert_eq!(mines.iter().filter(|&&m| m).count(), 10);
/// assert_eq!(mines, no_guess_layout(9, 9, 10, 42, 4, 4).unwrap()); // deterministic
/// ```
pub fn no_guess_layout(
    rows: usize,
    cols: usize,
    mines: usize,
    seed: u64,
    first_row: usize,
    first_col: usize,
) -> Result<Vec<bool>> {
    let cells = checked_area(rows, cols, 1)?;
    check_coordinate(first_row, first_col, rows, cols)?;
    let block = block_len(first_row, first_col, rows, cols);
    if mines > cells - block {
        return Err(Error::new(
            ErrorKind::TooManyMines,
            format!(
                "{mines} mines do not fit on a {rows} x {cols} board outside the first click's \
                 {block} cells; at most {}",
                cells - block
            ),
        ));
    }
    // A distinct stream from the plain layout of the same seed.
    let mut rng = SplitMix(SplitMix64::new(seed ^ 0x6E6F_2D67_7565_7373));
    let first = first_row * cols + first_col;
    let mut perturbations_total = 0;
    for _ in 0..MAX_LAYOUTS {
        let mut gen = Generator::new(rows, cols, mines, first, &mut rng)?;
        if gen.run(&mut rng)? {
            return Ok(gen.mine);
        }
        perturbations_total += MAX_PERTURBATIONS;
    }
    Err(Error::new(
        ErrorKind::GenerationFailed,
        format!(
            "no no-guess layout of {mines} mines on a {rows} x {cols} board from ({first_row}, \
             {first_col}) after {MAX_LAYOUTS} layouts and {perturbations_total} perturbations; \
             try another seed or fewer mines"
        ),
    ))
}

/// Whether `mine` is won from `first` by certain moves alone (used by tests and by callers that
/// want to check a layout).
pub fn solvable_without_guessing(
    mine: &[bool],
    rows: usize,
    cols: usize,
    first_row: usize,
    first_col: usize,
) -> Result<bool> {
    let cells = checked_area(rows, cols, 1)?;
    if mine.len() != cells {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            format!(
                "a {rows} x {cols} layout needs {cells} cells, got {}",
                mine.len()
            ),
        ));
    }
    check_coordinate(first_row, first_col, rows, cols)?;
    let first = first_row * cols + first_col;
    if mine[first] {
        return Ok(false);
    }
    let mines = mine.iter().filter(|&&m| m).count();
    let mut play = Play::new(rows, cols, mines, mine.to_vec())?;
    play.open(first);
    play.solve()
}

/// A board being played with certain moves only.
struct Play {
    view: View,
    mine: Vec<bool>,
    /// Cells a quick pass proved to be mines (reset whenever the layout changes).
    known: Vec<bool>,
    safe_left: usize,
    stack: Vec<usize>,
}

impl Play {
    fn new(rows: usize, cols: usize, mines: usize, mine: Vec<bool>) -> Result<Play> {
        let cells = rows * cols;
        Ok(Play {
            view: View::hidden(rows, cols, mines)?,
            known: try_filled(cells, false)?,
            mine,
            safe_left: cells - mines,
            stack: Vec::new(),
        })
    }

    fn count(&self, i: usize) -> u8 {
        let mut k = 0;
        self.view
            .for_each_neighbour(i, |j| k += u8::from(self.mine[j]));
        k
    }

    /// Reveals the safe hidden cell `i`, flooding zeros.
    fn open(&mut self, i: usize) {
        self.stack.push(i);
        while let Some(j) = self.stack.pop() {
            if !self.view.is_hidden(j) {
                continue;
            }
            debug_assert!(!self.mine[j]);
            let k = self.count(j);
            self.view.reveal(j, k);
            self.safe_left -= 1;
            if k == 0 {
                let view = &self.view;
                let stack = &mut self.stack;
                view.for_each_neighbour(j, |n| {
                    if view.is_hidden(n) {
                        stack.push(n);
                    }
                });
            }
        }
    }

    /// One round of single-number deductions; returns whether it revealed anything.
    fn quick_pass(&mut self) -> bool {
        let n = self.view.cells().len();
        let mut progress = false;
        for w in 0..n {
            let d = self.view.cells()[w];
            if d == HIDDEN {
                continue;
            }
            let (mut hidden, mut known) = (0u8, 0u8);
            self.view.for_each_neighbour(w, |j| {
                if self.view.is_hidden(j) {
                    hidden += 1;
                    known += u8::from(self.known[j]);
                }
            });
            if hidden == known {
                continue;
            }
            if d == known {
                let mut open = Vec::new();
                self.view.for_each_neighbour(w, |j| {
                    if self.view.is_hidden(j) && !self.known[j] {
                        open.push(j);
                    }
                });
                for j in open {
                    self.open(j);
                }
                progress = true;
            } else if d == hidden {
                let view = &self.view;
                let known = &mut self.known;
                view.for_each_neighbour(w, |j| {
                    if view.is_hidden(j) {
                        known[j] = true;
                    }
                });
            }
        }
        progress
    }

    /// Plays certain moves until the board is won (`true`) or no certain move is left.
    fn solve(&mut self) -> Result<bool> {
        loop {
            if self.safe_left == 0 {
                return Ok(true);
            }
            if self.quick_pass() {
                continue;
            }
            let p = match probabilities(&self.view) {
                Ok(p) => p,
                // A view too entangled for exact counting is not provably solvable.
                Err(e) if e.kind() == ErrorKind::OutOfMemory => return Ok(false),
                Err(e) => return Err(e),
            };
            if p.safe_cells().is_empty() {
                return Ok(false);
            }
            for &i in p.safe_cells() {
                self.open(i);
            }
        }
    }

    /// Recounts the revealed neighbours of `i` after its mine state changed.
    fn recount_around(&mut self, i: usize) {
        let mut touched = Vec::with_capacity(8);
        self.view.for_each_neighbour(i, |j| touched.push(j));
        for j in touched {
            if !self.view.is_hidden(j) {
                let k = self.count(j);
                self.view.reveal(j, k);
            }
        }
    }
}

struct Generator {
    play: Play,
    first: usize,
    mine: Vec<bool>,
    /// Cells inside the first click's 3 x 3 block.
    protected: Vec<bool>,
}

impl Generator {
    fn new(
        rows: usize,
        cols: usize,
        mines: usize,
        first: usize,
        rng: &mut SplitMix,
    ) -> Result<Generator> {
        let cells = rows * cols;
        let mut protected = try_filled(cells, false)?;
        let mut free: Vec<usize> = Vec::new();
        free.try_reserve(cells).map_err(|_| {
            Error::new(
                ErrorKind::OutOfMemory,
                format!("could not allocate {cells} cells"),
            )
        })?;
        for (i, p) in protected.iter_mut().enumerate() {
            if in_block(first, i, cols) {
                *p = true;
            } else {
                free.push(i);
            }
        }
        let mut mine = try_filled(cells, false)?;
        for k in 0..mines {
            let j = k + rng.below(free.len() - k);
            free.swap(k, j);
            mine[free[k]] = true;
        }
        let play = Play::new(rows, cols, mines, mine.clone())?;
        Ok(Generator {
            play,
            first,
            mine,
            protected,
        })
    }

    /// Plays, perturbing where stuck; `true` once a replay from the first click needs no guess.
    fn run(&mut self, rng: &mut SplitMix) -> Result<bool> {
        self.play.open(self.first);
        let mut perturbations = 0;
        loop {
            if self.play.solve()? {
                // Confirm from scratch: perturbations may have changed numbers used earlier.
                let rows = self.play.view.rows();
                let cols = self.play.view.cols();
                let mines = self.play.view.mines();
                let mut replay = Play::new(rows, cols, mines, self.mine.clone())?;
                replay.open(self.first);
                if replay.solve()? {
                    return Ok(true);
                }
                self.play = replay;
            }
            if perturbations == MAX_PERTURBATIONS || !self.perturb(rng) {
                return Ok(false);
            }
            perturbations += 1;
        }
    }

    /// Moves the mines around one stuck number elsewhere; `false` when nothing can move.
    fn perturb(&mut self, rng: &mut SplitMix) -> bool {
        let view = &self.play.view;
        let n = view.cells().len();
        // Witness with the fewest mines around it (random among ties).
        let mut best: Vec<usize> = Vec::new();
        let mut best_d = u8::MAX;
        for w in 0..n {
            let d = view.cells()[w];
            if d == HIDDEN || d == 0 || view.hidden_neighbours(w) == 0 {
                continue;
            }
            if d < best_d {
                best_d = d;
                best.clear();
            }
            if d == best_d {
                best.push(w);
            }
        }
        if best.is_empty() {
            return false;
        }
        let w = best[rng.below(best.len())];
        // Destinations: hidden, mine-free, outside the first block, and away from the revealed
        // area (not next to a revealed cell), so no revealed number learns of the move.
        let mut interior: Vec<usize> = (0..n)
            .filter(|&i| {
                view.is_hidden(i)
                    && !self.mine[i]
                    && !self.protected[i]
                    && view.hidden_neighbours(i) == view.neighbour_count(i)
            })
            .collect();
        let mut movers = Vec::new();
        view.for_each_neighbour(w, |j| {
            if view.is_hidden(j) && self.mine[j] {
                movers.push(j);
            }
        });
        if interior.len() < movers.len() {
            // Endgame: no room away from the numbers; move next to other numbers instead.
            let around_w = |i: usize| {
                i / view.cols() + 1 >= w / view.cols()
                    && i / view.cols() <= w / view.cols() + 1
                    && i % view.cols() + 1 >= w % view.cols()
                    && i % view.cols() <= w % view.cols() + 1
            };
            interior = (0..n)
                .filter(|&i| {
                    view.is_hidden(i) && !self.mine[i] && !self.protected[i] && !around_w(i)
                })
                .collect();
            if interior.len() < movers.len() {
                return false;
            }
        }
        for (k, &from) in movers.iter().enumerate() {
            let j = k + rng.below(interior.len() - k);
            interior.swap(k, j);
            let to = interior[k];
            self.mine[from] = false;
            self.mine[to] = true;
        }
        self.play.mine.clone_from(&self.mine);
        self.play.known.iter_mut().for_each(|k| *k = false);
        for (k, &from) in movers.iter().enumerate() {
            self.play.recount_around(from);
            self.play.recount_around(interior[k]);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn generated_boards_need_no_guess() {
        for seed in 0..20 {
            for &(rows, cols, mines, r, c) in
                &[(9, 9, 10, 4, 4), (16, 16, 40, 0, 0), (16, 30, 99, 8, 15)]
            {
                let m = no_guess_layout(rows, cols, mines, seed, r, c).unwrap();
                assert_eq!(m.iter().filter(|&&x| x).count(), mines);
                for dr in 0..3 {
                    for dc in 0..3 {
                        let (rr, cc) = ((r + dr).wrapping_sub(1), (c + dc).wrapping_sub(1));
                        if rr < rows && cc < cols {
                            assert!(!m[rr * cols + cc]);
                        }
                    }
                }
                assert!(solvable_without_guessing(&m, rows, cols, r, c).unwrap());
            }
        }
    }

    #[test]
    fn errors() {
        assert_eq!(
            no_guess_layout(3, 3, 1, 0, 1, 1).unwrap_err().kind(),
            ErrorKind::TooManyMines
        );
        assert_eq!(
            no_guess_layout(3, 3, 0, 0, 3, 1).unwrap_err().kind(),
            ErrorKind::OutOfBounds
        );
        assert_eq!(
            no_guess_layout(0, 3, 0, 0, 0, 0).unwrap_err().kind(),
            ErrorKind::ZeroSize
        );
        assert!(no_guess_layout(4, 4, 7, 0, 0, 0).is_ok());
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn random_layouts_often_need_guesses() {
        // The check itself must be able to say no.
        let mut no = 0;
        for seed in 0..20 {
            let mut rng = SplitMix(SplitMix64::new(seed));
            let g = Generator::new(16, 30, 99, 0, &mut rng).unwrap();
            if !solvable_without_guessing(&g.mine, 16, 30, 0, 0).unwrap() {
                no += 1;
            }
        }
        assert!(no > 5, "{no}");
    }
}
