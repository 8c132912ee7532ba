//! How a game has been played so far: clicks, effective clicks and 3BV solved, for 3BV/s and
//! efficiency.

use super::session::Game;
use crate::error::Result;
use crate::mines::board::alphabet::{is_revealed, SESSION_MINES};
use crate::mines::stats::regions::Regions;

/// How a game has been played so far; with a clock of its own, a front end shows 3BV/s
/// (`bbbv_solved` per second) and efficiency (`bbbv_solved` per click).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayStats {
    /// The board's 3BV; 0 while the layout does not exist yet.
    pub bbbv: usize,
    /// Openings with a revealed blank plus revealed numbers that border no opening.
    pub bbbv_solved: usize,
    /// Reveals accepted ([`Game::reveal`] returned `Ok`).
    pub left_clicks: usize,
    /// Flag toggles accepted ([`Game::toggle_flag`] returned `Ok`).
    pub right_clicks: usize,
    /// Chords accepted ([`Game::chord`] returned `Ok`).
    pub chords: usize,
    /// Of those moves, the ones that changed the view.
    pub effective_clicks: usize,
    /// Flags on the board now.
    pub flags: usize,
    /// Safe cells revealed.
    pub revealed: usize,
}

impl Game {
    /// The play statistics so far. Finding the solved 3BV takes a pass over the board.
    pub fn stats(&self) -> Result<PlayStats> {
        let (bbbv, bbbv_solved) = if self.mines_placed() {
            let cells = &self.cells;
            let regions = Regions::new(self.rows, self.cols, |i| {
                SESSION_MINES[usize::from(cells[i])] != 0
            })?;
            let solved = regions.bbbv_solved(|i| is_revealed(cells[i]))?;
            (regions.bbbv(), solved)
        } else {
            (0, 0)
        };
        Ok(PlayStats {
            bbbv,
            bbbv_solved,
            left_clicks: self.clicks.left,
            right_clicks: self.clicks.right,
            chords: self.clicks.chords,
            effective_clicks: self.clicks.effective,
            flags: self.flags,
            revealed: self.rows * self.cols - self.mines - self.hidden_safe,
        })
    }
}
