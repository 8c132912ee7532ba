//! A game's configuration: size, mines, seed, the first-click rule and no-guess generation.

use crate::error::{checked_area, Error, ErrorKind, Result};
use crate::mines::board::block::block_len;
use crate::mines::generate::mine_placement::Exclusion;
use crate::mines::solver::certain_moves::Logic;

/// Where the first reveal may land, and so when the mines are placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FirstClick {
    /// Mines are placed when the game is created; the first reveal may hit one.
    Any,
    /// Mines are placed at the first reveal, never on the revealed cell.
    Safe,
    /// Mines are placed at the first reveal, none in its 3x3 block, so it opens a zero.
    Opening,
}

impl FirstClick {
    /// The most mines a `rows x cols` board can hold under this rule, whatever the first click:
    /// all cells, all but one, or all but the largest 3x3 block the board has room for
    /// (a block is clipped at the edges, so a 2 x 2 board has no room for any mine).
    pub fn max_mines(self, rows: usize, cols: usize) -> usize {
        let cells = rows.saturating_mul(cols);
        match self {
            FirstClick::Any => cells,
            FirstClick::Safe => cells.saturating_sub(1),
            // The block around (1, 1) is as large as any on the board.
            FirstClick::Opening => cells.saturating_sub(block_len(1, 1, rows, cols)),
        }
    }

    /// The cells the layout keeps clear when the first reveal is at `(row, col)`.
    pub fn exclusion(self, row: usize, col: usize) -> Exclusion {
        match self {
            FirstClick::Any => Exclusion::None,
            FirstClick::Safe => Exclusion::Cell(row, col),
            FirstClick::Opening => Exclusion::Block(row, col),
        }
    }

    fn describe(self) -> &'static str {
        match self {
            FirstClick::Any => "",
            FirstClick::Safe => " with a safe first click",
            FirstClick::Opening => " with an opening first click (its 3x3 block stays clear)",
        }
    }
}

/// How to generate a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Config {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Mines on the board.
    pub mines: usize,
    /// The seed: the same seed, rule and first click give the same board everywhere.
    pub seed: u64,
    /// The first-click rule.
    pub first_click: FirstClick,
    /// A board won from the first click by certain moves alone, proven with this logic: with
    /// the mine count, or from the numbers alone. Needs [`FirstClick::Safe`] or
    /// [`FirstClick::Opening`]. Generation is bounded: it may fail with `GenerationFailed`, at
    /// the first reveal.
    pub no_guess: Option<Logic>,
}

impl Config {
    /// Checks the dimensions, the options and the mine count; returns the number of cells.
    pub fn check(&self) -> Result<usize> {
        let cells = checked_area(self.rows, self.cols, 1)?;
        if self.no_guess.is_some() && self.first_click == FirstClick::Any {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "no_guess needs a first click to start from: the SAFE or OPENING first-click \
                 rule (GG_FIRST_CLICK_SAFE, GG_FIRST_CLICK_OPENING), not ANY",
            ));
        }
        let most = self.first_click.max_mines(self.rows, self.cols);
        if self.mines > most {
            return Err(Error::new(
                ErrorKind::TooManyMines,
                format_args!(
                    "{} mines do not fit on a {} x {} board{}; at most {most} are allowed",
                    self.mines,
                    self.rows,
                    self.cols,
                    self.first_click.describe()
                ),
            ));
        }
        Ok(cells)
    }
}
