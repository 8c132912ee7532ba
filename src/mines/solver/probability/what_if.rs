//! The what-if positions the hint asks about: the view with a hidden cell shown with a number
//! (the look-ahead; with the way into and out of such a position, to look deeper from it), or
//! with hidden cells taken as mines (the 50/50 checks, the long-term risk). A number shown
//! restarts the cheap rules from the fixpoint the counter keeps of the view; cells taken as
//! mines are read from nothing.

use super::{inconsistent, Base, Counter, Probabilities, Start};
use crate::error::{try_assign, try_push, ErrorKind, Result};
use crate::mines::board::alphabet::KNOWN_MINE;
use crate::mines::solver::decoded_grid::DecodedGrid;
use crate::mines::solver::view::View;
use crate::mines::solver::wide::Wide;

impl Counter {
    /// [`Counter::probabilities_into`] for `view` with hidden cell `cell` revealed showing
    /// `value`, the question a look-ahead asks; `Ok(false)` when no layout fits that number.
    /// `view` is left as it was. The single-number rule restarts from the fixpoint of `view`,
    /// kept when the counter analysed it last in full (as the hint has before it looks ahead);
    /// any other view is analysed in full first.
    pub(crate) fn probabilities_if_shown(
        &mut self,
        view: &mut View,
        cell: usize,
        value: u8,
        out: &mut Probabilities,
    ) -> Result<bool> {
        let r = self.analyse_shown(view, cell, value);
        let r = r.and_then(|_| self.fill(view, out));
        view.hide(cell);
        shown(r)
    }

    /// [`Counter::probabilities_into`] over the layouts of `view` with a mine on every hidden
    /// cell of `mines`; `Ok(false)` when no layout has them all. `grid` is scratch. The
    /// counter's last analysis is no longer `view`'s afterwards, so a look-ahead that follows
    /// reads `view` afresh.
    pub(crate) fn probabilities_with_mines(
        &mut self,
        view: &View,
        mines: impl IntoIterator<Item = usize>,
        grid: &mut Vec<u8>,
        out: &mut Probabilities,
    ) -> Result<bool> {
        let r = self.analyse_with_mines(view, mines, grid);
        shown(r.and_then(|_| self.fill_cells(grid, out)))
    }

    /// [`Counter::analyse`] of `view` with the hidden cells `mines` known to be mines, read from
    /// a copy of its cells in `grid`: the number of layouts with a mine on each of them. The
    /// counter's last analysis is no longer `view`'s afterwards.
    ///
    /// Errors: as [`Counter::analyse`]; `Inconsistent` also when they outnumber the view's mines.
    pub(crate) fn analyse_with_mines(
        &mut self,
        view: &View,
        mines: impl IntoIterator<Item = usize>,
        grid: &mut Vec<u8>,
    ) -> Result<Wide> {
        try_assign(grid, view.cells())?;
        let mut known = 0;
        for m in mines {
            known += usize::from(grid[m] != KNOWN_MINE);
            grid[m] = KNOWN_MINE;
        }
        let Some(left) = view.mines().checked_sub(known) else {
            return Err(inconsistent(format_args!(
                "{known} cells taken as mines, but the view has only {} mines",
                view.mines()
            )));
        };
        self.analyse(DecodedGrid::of_counts(grid, view.rows(), view.cols()), left)
    }

    /// [`Counter::probabilities_if_shown`], but `view` keeps `cell` revealed and the counter
    /// keeps that position's fixpoint, so that a look-ahead can go on from it; the fixpoint of
    /// `view` as it was waits until [`Counter::leave_shown`]. On `Ok(false)` or an error `view`
    /// is left as it was and there is nothing to leave.
    pub(crate) fn enter_shown(
        &mut self,
        view: &mut View,
        cell: usize,
        value: u8,
        out: &mut Probabilities,
    ) -> Result<bool> {
        if let Err(e) = self.analyse_shown(view, cell, value) {
            view.hide(cell);
            return shown(Err(e));
        }
        if self.outer.len() == self.depth {
            if let Err(e) = try_push(&mut self.outer, Base::default()) {
                view.hide(cell);
                return Err(e);
            }
        }
        std::mem::swap(&mut self.base, &mut self.outer[self.depth]);
        self.depth += 1;
        // A base is always marked ready only with its own cells, so one an error leaves
        // half-kept costs only speed: a view it does not match is read from nothing.
        let r = self
            .keep_base(DecodedGrid::of_view(view))
            .and_then(|_| self.fill(view, out));
        if let Err(e) = r {
            self.leave_shown(view, cell);
            return shown(Err(e));
        }
        Ok(true)
    }

    /// Back from [`Counter::enter_shown`]: hides `cell` again and restores the fixpoint of the
    /// view before it.
    pub(crate) fn leave_shown(&mut self, view: &mut View, cell: usize) {
        view.hide(cell);
        self.depth -= 1;
        std::mem::swap(&mut self.base, &mut self.outer[self.depth]);
    }

    /// Reads `view` with hidden `cell` revealed showing `value`, restarting the single-number
    /// rule from the fixpoint of `view` as it is; `view` is left with the cell revealed.
    fn analyse_shown(&mut self, view: &mut View, cell: usize, value: u8) -> Result<()> {
        if !self.base.is_of(DecodedGrid::of_view(view)) {
            // Not the position analysed last (or not kept): analyse it, and keep that.
            self.analyse(DecodedGrid::of_view(view), view.mines())?;
        }
        self.reveals.clear();
        try_push(&mut self.reveals, (cell as u32, value))?;
        view.reveal(cell, value);
        let grid = DecodedGrid::of_view(view);
        self.analyse_once(grid, view.mines(), Start::Revealed)
            .map(|_| ())
    }
}

/// A what-if answer: `Ok(false)` when no layout fits the number shown, or has the mines.
fn shown(r: Result<()>) -> Result<bool> {
    match r {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == ErrorKind::Inconsistent => Ok(false),
        Err(e) => Err(e),
    }
}
