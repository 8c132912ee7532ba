//! The one place a game's board is generated: a uniform layout, or a no-guess one built by the
//! solver, with the first-click rule's cells kept clear.

use super::config::Config;
use crate::error::Result;
use crate::mines::board::alphabet::{EMPTY, FLAGGED_EMPTY, FLAGGED_MINE, MINE};
use crate::mines::generate::mine_placement::{Exclusion, Layout, MineSink};
use crate::mines::generate::no_guess::no_guess_layout;

/// The session grid as a layout sink: a hidden cell, flagged or not, becomes a mine.
struct MineWriter<'a>(&'a mut [u8]);

impl MineSink for MineWriter<'_> {
    fn place(&mut self, index: usize) -> bool {
        let cell = &mut self.0[index];
        match *cell {
            EMPTY => *cell = MINE,
            FLAGGED_EMPTY => *cell = FLAGGED_MINE,
            _ => return false,
        }
        true
    }
}

/// The one place boards are generated: a uniform layout, or a no-guess one built by the solver.
pub(crate) fn generate(
    config: &Config,
    first: Option<(usize, usize)>,
    cells: &mut [u8],
) -> Result<()> {
    let exclusion = match first {
        Some((r, c)) => config.first_click.exclusion(r, c),
        None => Exclusion::None,
    };
    let layout = Layout {
        rows: config.rows,
        cols: config.cols,
        mines: config.mines,
        exclusion,
    };
    if let (Some(logic), Some(_)) = (config.no_guess, first) {
        let mines = no_guess_layout(&layout, config.seed, logic)?;
        let mut grid = MineWriter(cells);
        for (i, _) in mines.iter().enumerate().filter(|(_, &mine)| mine) {
            grid.place(i);
        }
        return Ok(());
    }
    layout.place(config.seed, &mut MineWriter(cells))
}
