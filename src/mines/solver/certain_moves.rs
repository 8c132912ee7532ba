//! Play with certain moves only: what the solvability check (`solvable.rs`) and the no-guess
//! generator run.
//!
//! From a first click, reveal every hidden cell that is safe in every layout that fits what is
//! revealed, until none is left. "Safe in every layout" is exact, not a set of patterns: the cheap
//! rules of the deduction core settle most cells, and when they are stuck the components are
//! counted exactly (`probability/`): a cell is certainly safe when no counted layout puts a mine
//! on it. Two logics:
//!
//! - [`Logic::NumbersOnly`]: the layouts that fit the revealed numbers; each component counts on
//!   its own, and cells next to no number are never decided;
//! - [`Logic::WithCount`]: the layouts that also hold exactly the board's number of mines, which
//!   can decide components near the end of a game and the cells next to no number.
//!
//! Cells proven to be mines are marked as known, so later reads need not prove them again. A
//! board solvable from the numbers alone is solvable with the count: every layout with the count
//! also fits the numbers, so fewer layouts can only make more cells certain.

use super::decoded_grid::DecodedGrid;
use super::probability::Counter;
use super::row_rules::RowRules;
use crate::error::{try_push, Result};
use crate::mines::board::alphabet::{
    digit, BLANK, EMPTY, HIDDEN, MINE, PLAY_DECODE, PLAY_MINES, PROVEN_MINE,
};
use crate::mines::board::leetcode_board::{check_leetcode, check_revealed_counts};
use crate::mines::click::flood::{Regions, Touched};
use crate::mines::click::leetcode_click::reveal_empty_rows;

/// What a certain move may be proven from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Logic {
    /// The revealed numbers alone.
    NumbersOnly,
    /// The revealed numbers and the total number of mines.
    WithCount,
}

/// A board being played with certain moves only.
#[derive(Default)]
pub(crate) struct CertainPlay {
    /// The LeetCode board, with [`PROVEN_MINE`] for mines proven so far.
    cells: Vec<u8>,
    rows: usize,
    cols: usize,
    /// Hidden mines not yet proven ('M').
    unproven: usize,
    /// Hidden safe cells ('E').
    hidden_safe: usize,
    /// Cells to reveal, collected before revealing any.
    todo: Vec<u32>,
    /// The single-number rule on this board's rows, kept between moves.
    rules: RowRules,
    grown: Vec<(u32, u32, u32)>,
    /// Mines the core proved in the step under way.
    proven_now: Vec<u32>,
    /// Mines proven since the row rules last heard of them.
    proven: Vec<u32>,
    /// Rectangles floods changed.
    flooded: Vec<Touched>,
    /// Whether [`CertainPlay::load`] transposed the board.
    transposed: bool,
}

impl CertainPlay {
    /// Loads a LeetCode board (validated: alphabet and revealed counts), transposed when it has
    /// more rows than columns: the row rules cost a pass per row, so a column of n cells would
    /// cost n passes, and neighbours, hence certain moves, do not change under transposition.
    /// [`CertainPlay::index`] maps a cell of `board` to its place here.
    pub(crate) fn load(&mut self, board: &[u8], rows: usize, cols: usize) -> Result<()> {
        check_leetcode(board, rows, cols)?;
        check_revealed_counts(board, rows, cols)?;
        self.cells.clear();
        crate::error::try_reserve(&mut self.cells, board.len())?;
        self.transposed = rows > cols;
        if self.transposed {
            crate::error::try_resize(&mut self.cells, board.len(), 0)?;
            transpose(board, rows, cols, &mut self.cells);
            (self.rows, self.cols) = (cols, rows);
        } else {
            crate::error::try_extend(&mut self.cells, board)?;
            (self.rows, self.cols) = (rows, cols);
        }
        self.unproven = self.cells.iter().filter(|&&b| b == MINE).count();
        self.hidden_safe = self.cells.iter().filter(|&&b| b == EMPTY).count();
        Ok(())
    }

    /// Loads a layout (`true` = mine) with nothing revealed.
    pub(crate) fn load_layout(&mut self, mine: &[bool], rows: usize, cols: usize) -> Result<()> {
        self.cells.clear();
        crate::error::try_extend_exact(
            &mut self.cells,
            mine.iter().map(|&m| if m { MINE } else { EMPTY }),
        )?;
        self.rows = rows;
        self.cols = cols;
        self.transposed = false;
        self.unproven = mine.iter().filter(|&&m| m).count();
        self.hidden_safe = mine.len() - self.unproven;
        Ok(())
    }

    /// Where cell `(row, col)` of the board given to [`CertainPlay::load`] is in [`Self::cells`].
    pub(crate) fn index(&self, row: usize, col: usize) -> usize {
        if self.transposed {
            col * self.cols + row
        } else {
            row * self.cols + col
        }
    }

    /// The board as played so far: the LeetCode alphabet, with 'K' for mines proven so far.
    pub(crate) fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Whether cell `i` is hidden and not proven to be a mine: where play may be stuck.
    pub(crate) fn is_open(&self, i: usize) -> bool {
        matches!(self.cells[i], MINE | EMPTY)
    }

    /// Whether cell `i` is hidden and holds a mine, proven or not.
    pub(crate) fn is_hidden_mine(&self, i: usize) -> bool {
        matches!(self.cells[i], MINE | PROVEN_MINE)
    }

    /// Moves the hidden mine at `from` to the hidden safe cell `to`, mid-game: the revealed
    /// numbers around both are counted again, and a number that becomes a zero opens its
    /// neighbours as a zero would have. Proofs stay (every proven cell is still a mine), so a
    /// won game must be replayed from the first click to be trusted.
    pub(crate) fn move_mine(&mut self, from: usize, to: usize) -> Result<()> {
        debug_assert!(self.is_hidden_mine(from) && self.cells[to] == EMPTY);
        if self.cells[from] == MINE {
            self.unproven -= 1;
        }
        self.cells[from] = EMPTY;
        self.cells[to] = MINE;
        self.unproven += 1;
        let (rows, cols) = (self.rows, self.cols);
        let mut zeros = [0usize; 18];
        let mut n = 0;
        for centre in [from, to] {
            for j in crate::mines::board::block::block_cells(centre, rows, cols) {
                let shown = match self.cells[j] {
                    BLANK => 0,
                    d @ b'1'..=b'8' => d - b'0',
                    _ => continue,
                };
                let mut k = 0u8;
                crate::mines::board::block::for_block(j, rows, cols, |x| {
                    k += PLAY_MINES[usize::from(self.cells[x])]
                });
                if k != shown {
                    self.cells[j] = digit(k);
                    if k == 0 {
                        zeros[n] = j;
                        n += 1;
                    }
                }
            }
        }
        for &z in &zeros[..n] {
            for j in crate::mines::board::block::block_cells(z, rows, cols) {
                self.open(j)?;
            }
        }
        Ok(())
    }

    /// Work done by this player's own row rules (see `constraints::RowRules::work`).
    pub(crate) fn work(&self) -> u64 {
        self.rules.work()
    }

    /// Safe cells still hidden.
    pub(crate) fn hidden_safe(&self) -> usize {
        self.hidden_safe
    }

    /// Reveals cell `i` if it is a hidden safe cell, flooding a zero; returns a rectangle
    /// holding the cells changed.
    pub(crate) fn open(&mut self, i: usize) -> Result<Option<Touched>> {
        if self.cells[i] != EMPTY {
            return Ok(None);
        }
        let (r, c) = (i / self.cols, i % self.cols);
        // Certain moves open many regions, mostly small: the span fill alone is quicker there.
        let (n, touched) = reveal_empty_rows(
            &mut self.cells,
            self.rows,
            self.cols,
            r,
            c,
            &PLAY_MINES,
            Regions::Small,
        )?;
        self.hidden_safe -= n;
        Ok(Some(touched))
    }

    /// Marks the hidden mine `i` as proven.
    fn prove(&mut self, i: u32) -> Result<()> {
        let cell = &mut self.cells[i as usize];
        debug_assert_eq!(*cell, MINE, "only a mine can be proven one");
        if *cell == MINE {
            *cell = PROVEN_MINE;
            self.unproven -= 1;
            try_push(&mut self.proven, i)?;
        }
        Ok(())
    }

    /// Reveals every cell in `todo` and tells the row rules what changed; returns how many
    /// were still hidden.
    fn reveal_todo(&mut self) -> Result<usize> {
        let mut opened = 0;
        self.flooded.clear();
        for k in 0..self.todo.len() {
            let i = self.todo[k] as usize;
            debug_assert_ne!(self.cells[i], MINE, "a certain cell held a mine");
            let Some(touched) = self.open(i)? else {
                continue;
            };
            opened += 1;
            let (r, c) = (i / self.cols, i % self.cols);
            if self.cells[i] != BLANK {
                self.rules.revealed(r, c, self.cells[i] - b'0');
            } else {
                try_push(&mut self.flooded, touched)?;
            }
        }
        self.todo.clear();
        // What floods changed is read again: only their rectangles, so a small flood on a wide
        // board costs what it changed.
        for k in 0..self.flooded.len() {
            let grid = DecodedGrid::of_play(&self.cells, self.rows, self.cols);
            self.rules.reload(grid, self.flooded[k]);
        }
        for k in 0..self.proven.len() {
            let i = self.proven[k] as usize;
            self.rules.mine(i / self.cols, i % self.cols);
        }
        self.proven.clear();
        Ok(opened)
    }

    /// Plays certain moves until none is left, or until the work of `counter` and this player
    /// has grown by more than `budget` (then it stops early, as if stuck); returns the safe cells
    /// still hidden.
    pub(crate) fn play(
        &mut self,
        counter: &mut Counter,
        logic: Logic,
        budget: u64,
    ) -> Result<usize> {
        let grid = DecodedGrid::of_play(&self.cells, self.rows, self.cols);
        let start = counter.work() + self.work();
        self.rules.load(grid)?;
        loop {
            self.cascade()?;
            if self.hidden_safe == 0 {
                return Ok(0);
            }
            if counter.work() + self.work() - start > budget {
                return Ok(self.hidden_safe);
            }
            // The single-number rule is stuck: the pair rule next (a build of the deduction core
            // on this player's rules, whose fixpoint it shares), then the exact count.
            let grid = DecodedGrid::of_play(&self.cells, self.rows, self.cols);
            counter.settle_on(grid, &self.rules)?;
            let cons = counter.constraints();
            self.todo.clear();
            crate::error::try_extend(&mut self.todo, cons.safe())?;
            self.proven_now.clear();
            crate::error::try_extend(&mut self.proven_now, cons.mines())?;
            for k in 0..self.proven_now.len() {
                self.prove(self.proven_now[k])?;
            }
            if self.reveal_todo()? > 0 {
                continue;
            }
            if self.exact_step(counter, logic)? == 0 {
                return Ok(self.hidden_safe);
            }
        }
    }

    /// The single-number rule with every reveal it allows, until it settles nothing new.
    fn cascade(&mut self) -> Result<()> {
        loop {
            self.rules.settle()?;
            self.rules.take_grown(&mut self.grown)?;
            if self.grown.is_empty() {
                return Ok(());
            }
            self.todo.clear();
            for k in 0..self.grown.len() {
                let (r, lo, hi) = self.grown[k];
                let r = r as usize;
                for w in lo as usize..hi as usize {
                    let hidden = self.rules.hidden(r, w);
                    let mut safe = self.rules.safe(r, w) & hidden;
                    while safe != 0 {
                        let c = w * 64 + safe.trailing_zeros() as usize;
                        safe &= safe - 1;
                        try_push(&mut self.todo, (r * self.cols + c) as u32)?;
                    }
                    let mut mines = self.rules.mines(r, w) & hidden;
                    while mines != 0 {
                        let c = w * 64 + mines.trailing_zeros() as usize;
                        mines &= mines - 1;
                        let i = r * self.cols + c;
                        if self.cells[i] == MINE {
                            self.cells[i] = PROVEN_MINE;
                            self.unproven -= 1;
                        }
                    }
                }
            }
            self.reveal_todo()?;
        }
    }

    /// One exact step: reveals every cell no counted layout puts a mine on and proves every
    /// cell every layout does; returns how many cells were revealed.
    fn exact_step(&mut self, counter: &mut Counter, logic: Logic) -> Result<usize> {
        let grid = DecodedGrid::of_play(&self.cells, self.rows, self.cols);
        let (todo, proven) = (&mut self.todo, &mut self.proven_now);
        todo.clear();
        proven.clear();
        let mut failed = Ok(());
        let mut collect = |group: &[u32], mines: super::wide::Wide, safe: super::wide::Wide| {
            let list = if mines.is_zero() {
                &mut *todo
            } else if safe.is_zero() {
                &mut *proven
            } else {
                return;
            };
            if let Err(e) = crate::error::try_extend(list, group) {
                failed = Err(e);
            }
        };
        let mut floating = None;
        match logic {
            Logic::NumbersOnly => {
                counter.read_on(grid, &self.rules)?;
                counter.component_chances(&mut collect)?;
            }
            Logic::WithCount => {
                counter.analyse_on(grid, self.unproven, &self.rules)?;
                counter.chances(&mut collect)?;
                let (m, s) = counter.floating_chances();
                if counter.constraints().floating() > 0 && (m.is_zero() || s.is_zero()) {
                    floating = Some(m.is_zero());
                }
            }
        }
        failed?;
        let cons = counter.constraints();
        crate::error::try_extend(&mut self.todo, cons.safe())?;
        crate::error::try_extend(&mut self.proven_now, cons.mines())?;
        for k in 0..self.proven_now.len() {
            self.prove(self.proven_now[k])?;
        }
        if let Some(safe) = floating {
            self.floating_cells(safe)?;
        }
        self.reveal_todo()
    }

    /// Settles every floating cell (hidden, no revealed neighbour): all safe (queued to reveal)
    /// or all mines.
    fn floating_cells(&mut self, safe: bool) -> Result<()> {
        let (rows, cols) = (self.rows, self.cols);
        for i in 0..self.cells.len() {
            if PLAY_DECODE[usize::from(self.cells[i])] != HIDDEN {
                continue;
            }
            let mut lonely = true;
            crate::mines::board::block::for_block(i, rows, cols, |j| {
                lonely &= PLAY_DECODE[usize::from(self.cells[j])] > 8;
            });
            if lonely {
                if safe {
                    try_push(&mut self.todo, i as u32)?;
                } else {
                    self.prove(i as u32)?;
                }
            }
        }
        Ok(())
    }
}

/// Writes the `rows x cols` board `from` into `to` as a `cols x rows` board, in tiles that stay
/// in cache on both sides.
fn transpose(from: &[u8], rows: usize, cols: usize, to: &mut [u8]) {
    const TILE: usize = 64;
    for r0 in (0..rows).step_by(TILE) {
        for c0 in (0..cols).step_by(TILE) {
            for r in r0..(r0 + TILE).min(rows) {
                for c in c0..(c0 + TILE).min(cols) {
                    to[c * rows + r] = from[r * cols + c];
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose_moves_every_cell_across_tile_edges() {
        for (rows, cols) in [(1, 1), (1, 130), (130, 1), (65, 129), (200, 3)] {
            let from: Vec<u8> = (0..rows * cols).map(|i| (i * 7 % 251) as u8).collect();
            let mut to = vec![0; rows * cols];
            transpose(&from, rows, cols, &mut to);
            for r in 0..rows {
                for c in 0..cols {
                    assert_eq!(
                        to[c * rows + r],
                        from[r * cols + c],
                        "{rows}x{cols} ({r}, {c})"
                    );
                }
            }
        }
    }
}
