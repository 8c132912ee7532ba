//! The one place a game's board is generated: a uniform layout, or a no-guess one built by the
//! solver, with the first-click rule's cells kept clear.

use super::config::Config;
use crate::error::Result;
use crate::mines::board::alphabet::{EMPTY, FLAGGED_EMPTY, FLAGGED_MINE, MINE};
use crate::mines::board::block::for_block_at;
use crate::mines::generate::mine_placement::{Exclusion, Layout, MineSink};
use crate::mines::generate::no_guess::no_guess_layout;
use crate::record::bad;

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

/// A layout to place instead of generating one: what a saved game recorded, so that a loaded game
/// has the same board whatever a later release's generator would make. It is used at the first
/// click it was recorded with (any first click, until one is known).
#[derive(Debug, Clone)]
pub(crate) struct Preset {
    /// One bit a cell, row-major.
    pub(crate) mines: Vec<u64>,
    pub(crate) click: Option<(usize, usize)>,
}

impl Preset {
    /// Whether the preset applies to a first click at `at`.
    pub(crate) fn fits(&self, at: Option<(usize, usize)>) -> bool {
        self.click.is_none() || self.click == at
    }

    /// Places the preset's mines on `cells` for a first click at `first`, after checking that it
    /// is a layout the configuration allows there: the mine count, and the first-click rule's
    /// cells kept clear. Anything else is `BadRecord`.
    pub(crate) fn place(
        &self,
        config: &Config,
        first: Option<(usize, usize)>,
        cells: &mut [u8],
    ) -> Result<()> {
        let bit = |i: usize| self.mines[i / 64] >> (i % 64) & 1 == 1;
        let count: usize = self.mines.iter().map(|w| w.count_ones() as usize).sum();
        if count != config.mines {
            return Err(bad(format_args!(
                "the recorded layout has {count} mines; the configuration says {}",
                config.mines
            )));
        }
        let mut clear = true;
        match first.map(|(r, c)| config.first_click.exclusion(r, c)) {
            None | Some(Exclusion::None) => {}
            Some(Exclusion::Cell(r, c)) => clear = !bit(r * config.cols + c),
            Some(Exclusion::Block(r, c)) => {
                for_block_at(r, c, config.rows, config.cols, |i| clear &= !bit(i))
            }
        }
        if !clear {
            return Err(bad(
                "the recorded layout has a mine where the first-click rule keeps cells clear",
            ));
        }
        let mut sink = MineWriter(cells);
        for i in 0..config.rows * config.cols {
            if bit(i) {
                sink.place(i);
            }
        }
        Ok(())
    }
}
