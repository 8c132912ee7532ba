//! The boards the fewest-rolls search reads: a LeetCode grid in boustrophedon order or a linear
//! jump table, behind one trait.

use crate::snakes::board::Board;
use crate::snakes::jumps::Track;

/// A board the search can read: a grid in boustrophedon order or a linear [`Track`].
pub trait Jumps {
    /// The number of squares `N`; square `N` ends the game.
    fn squares(&self) -> usize;
    /// Where a roll that lands on square `t` ends: its jump's destination, or `t`.
    fn dest(&self, t: usize) -> usize;
    /// Calls `f(square, destination)` for every square whose jump leads elsewhere, in one pass
    /// over the board and in square order, increasing or decreasing throughout (a grid is read
    /// fastest top row first), until `f` returns `false`.
    fn each_jump(&self, f: impl FnMut(usize, usize) -> bool);
}

impl Jumps for Board<'_> {
    fn squares(&self) -> usize {
        Board::squares(self)
    }
    fn dest(&self, t: usize) -> usize {
        self.destination(t)
    }
    fn each_jump(&self, f: impl FnMut(usize, usize) -> bool) {
        Board::each_jump(self, f)
    }
}

impl Jumps for Track<'_> {
    fn squares(&self) -> usize {
        Track::squares(self)
    }
    fn dest(&self, t: usize) -> usize {
        Track::dest(self, t)
    }
    fn each_jump(&self, mut f: impl FnMut(usize, usize) -> bool) {
        for (i, &raw) in self.raw().iter().enumerate() {
            if raw >= 0 && raw as usize != i + 1 && !f(i + 1, raw as usize) {
                return;
            }
        }
    }
}
