//! The no-guess generator: boards won from the first click without a guess, distributed like
//! boards drawn uniformly among such boards.
//!
//! 1. **Rejection.** Draw uniform layouts with the one sampler (`mine_placement.rs`, the first-click rule's
//!    cells kept clear) and keep the first one the certain-move player (`certain_moves.rs`) wins.
//!    This is exactly a uniform draw among no-guess boards, and it is fast because the player is:
//!    on expert, about one board in six (one in ten from the numbers alone) needs no guess and a
//!    check takes well under a millisecond.
//!    Boards with few layouts (at most `MAX_ENUMERATED`, 8,192) are instead tried in a random
//!    order, which is as uniform and also proves at once that no such board exists.
//! 2. **Repair**, only when [`MAX_DRAWS`] draws have failed, or an eighth of the work allowed is
//!    spent on draws (dense or large boards, where rejection almost never succeeds): the last
//!    draw is played until stuck, then one mine next to where play is stuck moves to a random
//!    hidden cell at most two steps away, the revealed numbers are counted
//!    again and play goes on. A move keeps the mines where they were, give or take two cells, so
//!    the density stays even and the board keeps the look of a real one (openings do not grow out
//!    of proportion, as they do when mines are pushed away from the revealed area). A board the
//!    player wins this way is replayed from the first click before it is trusted.
//!
//! Every choice comes from one SplitMix64 stream seeded with the seed, so the board is a pure
//! function of the configuration and the first click. The work is bounded by [`MAX_WORK`] words
//! of the player's row rules, which bounds the time too (about a second at worst); past it the
//! generator gives up with `GenerationFailed`.

use super::mine_placement::{Exclusion, Layout};
use crate::error::{try_filled, try_push, Error, ErrorKind, Result};
use crate::mines::solver::certain_moves::{CertainPlay, Logic};
use crate::mines::solver::probability::{with_counter, Counter};
use crate::rng::SplitMix64;

/// Uniform draws tried before repairing the last one.
pub const MAX_DRAWS: usize = 64;
/// The work the generator may do, in words of the certain-move player's row rules (see
/// `constraints::RowRules`) and entries of its counting tables, before it gives up: about a
/// second (50 to 80 ns a unit).
pub const MAX_WORK: u64 = 15_000_000;
/// The share of [`MAX_WORK`] uniform draws may use: on large boards, where a draw is slow and
/// almost never needs no guess, repairing starts early.
const DRAW_WORK: u64 = MAX_WORK / 8;
/// Boards with at most this many layouts are searched exhaustively: small boards, where
/// rejection could otherwise spend the whole budget on a board that does not exist.
const MAX_ENUMERATED: u64 = 1 << 13;
/// Moves tried around one stuck state before play is looked at again.
const MOVES_PER_LOOK: usize = 8;

/// A layout (`true` = mine, row-major) of `layout.mines` mines that the certain-move player wins
/// with `logic` from the first click the exclusion names (`Exclusion::Cell(row, col)` for a safe
/// first click, `Exclusion::Block(row, col)` for an opening one), keeping those cells clear.
///
/// Errors: what [`Layout::check`] refuses, `InvalidArgument` for `Exclusion::None` (no first
/// click), `GenerationFailed` when the bounded search gives up (try another seed or fewer
/// mines), `OutOfMemory`.
///
/// ```
/// use gridgames::mines::{no_guess_layout, unsolved_after, Exclusion, Layout, Logic};
/// let layout = Layout { rows: 9, cols: 9, mines: 10, exclusion: Exclusion::Block(4, 4) };
/// let mines = no_guess_layout(&layout, 42, Logic::WithCount).unwrap();
/// assert_eq!(mines.iter().filter(|&&m| m).count(), 10);
/// assert_eq!(mines, no_guess_layout(&layout, 42, Logic::WithCount).unwrap()); // deterministic
/// let board: Vec<u8> = mines.iter().map(|&m| if m { b'M' } else { b'E' }).collect();
/// assert_eq!(unsolved_after(&board, 9, 9, 4, 4, Logic::WithCount).unwrap(), 0);
/// ```
pub fn no_guess_layout(layout: &Layout, seed: u64, logic: Logic) -> Result<Vec<bool>> {
    let cells = layout.check()?;
    let first = match layout.exclusion {
        Exclusion::Cell(r, c) | Exclusion::Block(r, c) => r * layout.cols + c,
        Exclusion::None => {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "a no-guess board needs a first click: its exclusion must name one",
            ))
        }
    };
    with_counter(|counter| {
        // The work bound is made in the counter's work, which what it remembers would cut: the
        // board must not depend on what the thread counted before.
        counter.forget();
        let mut gen = Generator {
            layout,
            first,
            logic,
            // A stream of its own, apart from the plain layout of the same seed.
            rng: SplitMix64::new(seed ^ 0x6E6F_2D67_7565_7373),
            play: CertainPlay::default(),
            mine: try_filled(cells, false)?,
            work: 0,
            stuck: Vec::new(),
        };
        gen.run(counter)
    })
}

struct Generator<'a> {
    layout: &'a Layout,
    first: usize,
    logic: Logic,
    rng: SplitMix64,
    play: CertainPlay,
    mine: Vec<bool>,
    /// Work spent so far (player and core).
    work: u64,
    /// Cells where play is stuck: hidden, undecided, next to a revealed cell.
    stuck: Vec<u32>,
}

impl Generator<'_> {
    fn run(&mut self, counter: &mut Counter) -> Result<Vec<bool>> {
        let (rows, cols) = (self.layout.rows, self.layout.cols);
        if let Some(count) = self.layout.count_up_to(MAX_ENUMERATED)? {
            return self.enumerate(count, counter);
        }
        for _ in 0..MAX_DRAWS {
            let seed = self.rng.next_u64();
            if self.won_with(counter, |layout, mine| layout.place(seed, mine))? {
                return Ok(std::mem::take(&mut self.mine));
            }
            if self.work > DRAW_WORK {
                break;
            }
        }
        // Rejection keeps failing: repair the last draw, where play is stuck now.
        loop {
            if self.play.hidden_safe() == 0 {
                // Won, but with proofs from before some moves: replay from the first click.
                if self.won_from_scratch(counter)? {
                    return Ok(std::mem::take(&mut self.mine));
                }
                continue;
            }
            if self.work > MAX_WORK {
                return Err(self.gave_up());
            }
            self.find_stuck()?;
            if self.stuck.is_empty() {
                return Err(self.gave_up());
            }
            let mut moved = false;
            for _ in 0..MOVES_PER_LOOK {
                moved |= self.move_one()?;
            }
            if moved {
                let before = counter.work() + self.play.work();
                let played = self.play.play(counter, self.logic, self.budget_left());
                self.work += counter.work() + self.play.work() - before;
                if let Err(e) = played {
                    if !too_entangled(&e) {
                        return Err(e);
                    }
                }
            } else {
                self.work += (rows * cols / 64 + 1) as u64;
            }
        }
    }

    /// Tries every layout in a random order: the first one won is a uniform draw among the
    /// boards that need no guess, and when none is won, none exists.
    fn enumerate(&mut self, count: u64, counter: &mut Counter) -> Result<Vec<bool>> {
        // `count` is at most MAX_ENUMERATED, so it fits.
        let mut order = try_filled(count as usize, 0u64)?;
        for (i, rank) in order.iter_mut().enumerate() {
            *rank = i as u64;
        }
        for i in (1..order.len()).rev() {
            let j = self.rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        for &rank in &order {
            if self.won_with(counter, |layout, mine| layout.place_nth(rank, mine))? {
                return Ok(std::mem::take(&mut self.mine));
            }
            if self.work > MAX_WORK {
                return Err(self.gave_up());
            }
        }
        let l = self.layout;
        Err(Error::new(
            ErrorKind::GenerationFailed,
            format_args!(
                "no board of {} mines on a {} x {} board can be won from this first click \
                 without a guess: all {count} layouts were tried; try fewer mines",
                l.mines, l.rows, l.cols
            ),
        ))
    }

    /// The work a play may still do: a play stops at the budget, so the generator never
    /// overshoots it by more than one step.
    fn budget_left(&self) -> u64 {
        MAX_WORK.saturating_sub(self.work)
    }

    /// Sets the board to the layout `place` writes, then plays it from the first click; whether
    /// the player wins it.
    fn won_with(
        &mut self,
        counter: &mut Counter,
        place: impl FnOnce(&Layout, &mut Vec<bool>) -> Result<()>,
    ) -> Result<bool> {
        self.mine.fill(false);
        place(self.layout, &mut self.mine)?;
        self.won_from_scratch(counter)
    }

    /// Plays the current layout from the first click; whether the player wins it.
    fn won_from_scratch(&mut self, counter: &mut Counter) -> Result<bool> {
        let (rows, cols) = (self.layout.rows, self.layout.cols);
        let before = counter.work();
        self.play.load_layout(&self.mine, rows, cols)?;
        let played_before = self.play.work();
        self.play.open(self.first)?;
        let left = self.play.play(counter, self.logic, self.budget_left());
        self.work += counter.work() - before + self.play.work() - played_before;
        match left {
            Ok(left) => Ok(left == 0),
            Err(e) if too_entangled(&e) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Lists the cells where play is stuck.
    fn find_stuck(&mut self) -> Result<()> {
        let (rows, cols) = (self.layout.rows, self.layout.cols);
        self.stuck.clear();
        for i in 0..rows * cols {
            if !self.play.is_open(i) {
                continue;
            }
            let mut near = false;
            crate::mines::board::block::for_block(i, rows, cols, |j| {
                near |= crate::mines::board::alphabet::is_revealed(self.play.cells()[j]);
            });
            if near {
                try_push(&mut self.stuck, i as u32)?;
            }
        }
        if self.stuck.is_empty() {
            // Every undecided cell is walled in by proven mines: move the walls.
            for i in 0..rows * cols {
                if self.play.is_open(i) {
                    try_push(&mut self.stuck, i as u32)?;
                }
            }
        }
        self.work += (rows * cols / 8 + 64) as u64;
        Ok(())
    }

    /// Moves one mine within two cells of a random stuck cell; whether a move was possible.
    fn move_one(&mut self) -> Result<bool> {
        let (rows, cols) = (self.layout.rows, self.layout.cols);
        let x = self.stuck[self.rng.below(self.stuck.len() as u64) as usize] as usize;
        let (r, c) = (x / cols, x % cols);
        let (r0, r1) = (r.saturating_sub(2), (r + 3).min(rows));
        let (c0, c1) = (c.saturating_sub(2), (c + 3).min(cols));
        let mut from = [0usize; 25];
        let mut to = [0usize; 25];
        let (mut nf, mut nt) = (0, 0);
        for rr in r0..r1 {
            for cc in c0..c1 {
                let i = rr * cols + cc;
                if self.play.is_hidden_mine(i) {
                    from[nf] = i;
                    nf += 1;
                } else if self.play.cells()[i] == crate::mines::board::alphabet::EMPTY
                    && !self.excluded(i)
                {
                    to[nt] = i;
                    nt += 1;
                }
            }
        }
        if nf == 0 || nt == 0 {
            return Ok(false);
        }
        let a = from[self.rng.below(nf as u64) as usize];
        let b = to[self.rng.below(nt as u64) as usize];
        self.mine[a] = false;
        self.mine[b] = true;
        self.play.move_mine(a, b)?;
        self.work += 1;
        Ok(true)
    }

    /// Whether cell `i` must stay clear under the first-click rule.
    fn excluded(&self, i: usize) -> bool {
        let (rows, cols) = (self.layout.rows, self.layout.cols);
        self.layout
            .exclusion
            .keeps_clear(rows, cols, i / cols, i % cols)
    }

    fn gave_up(&self) -> Error {
        let l = self.layout;
        Error::new(
            ErrorKind::GenerationFailed,
            format_args!(
                "no board of {} mines on a {} x {} board that needs no guess was found within \
                 the work limit ({MAX_WORK} steps); try another seed or fewer mines",
                l.mines, l.rows, l.cols
            ),
        )
    }
}

/// Whether the player stopped because some frontier was too entangled to count exactly: such a
/// board is not proven to need no guess, so the generator treats it as stuck.
fn too_entangled(e: &Error) -> bool {
    e.kind() == ErrorKind::TooComplex
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitset::BitSet;
    use crate::mines::unsolved_after;

    fn board(mine: &[bool]) -> Vec<u8> {
        mine.iter().map(|&m| if m { b'M' } else { b'E' }).collect()
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn boards_need_no_guess_under_both_rules_and_logics() {
        for seed in 0..10 {
            for &(rows, cols, mines, r, c) in &[
                (9, 9, 10, 4, 4),
                (16, 16, 40, 0, 0),
                (16, 30, 99, 8, 15),
                (16, 30, 130, 2, 2),
            ] {
                for exclusion in [Exclusion::Block(r, c), Exclusion::Cell(r, c)] {
                    for logic in [Logic::WithCount, Logic::NumbersOnly] {
                        let layout = Layout {
                            rows,
                            cols,
                            mines,
                            exclusion,
                        };
                        let m = no_guess_layout(&layout, seed, logic).unwrap();
                        assert_eq!(m.iter().filter(|&&x| x).count(), mines);
                        let clear = |i: usize| match exclusion {
                            Exclusion::Block(..) => {
                                (i / cols).abs_diff(r) <= 1 && (i % cols).abs_diff(c) <= 1
                            }
                            _ => i == r * cols + c,
                        };
                        assert!((0..rows * cols).all(|i| !(clear(i) && m[i])));
                        let left = unsolved_after(&board(&m), rows, cols, r, c, logic).unwrap();
                        assert_eq!(left, 0, "seed {seed} {rows}x{cols}/{mines} {logic:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn errors() {
        let layout = |mines, exclusion| Layout {
            rows: 3,
            cols: 3,
            mines,
            exclusion,
        };
        let e = no_guess_layout(&layout(1, Exclusion::Block(1, 1)), 0, Logic::WithCount);
        assert_eq!(e.unwrap_err().kind(), ErrorKind::TooManyMines);
        let e = no_guess_layout(&layout(0, Exclusion::Block(3, 1)), 0, Logic::WithCount);
        assert_eq!(e.unwrap_err().kind(), ErrorKind::OutOfBounds);
        let e = no_guess_layout(&layout(1, Exclusion::None), 0, Logic::WithCount);
        assert_eq!(e.unwrap_err().kind(), ErrorKind::InvalidArgument);
    }

    #[test]
    fn a_board_that_does_not_exist_is_refused_at_once() {
        // A 2 x 2 board with one mine and a safe first click: the '1' can never tell.
        let two = Layout {
            rows: 2,
            cols: 2,
            mines: 1,
            exclusion: Exclusion::Cell(0, 0),
        };
        let e = no_guess_layout(&two, 0, Logic::NumbersOnly).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::GenerationFailed);
        assert!(e.to_string().contains("all 3 layouts were tried"), "{e}");
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn small_boards_are_searched_exhaustively_and_won() {
        // Few enough layouts to try them all: whatever the seed, a board that exists is found.
        for seed in 0..20 {
            for &(rows, cols, mines) in &[(3, 4, 2), (4, 4, 5), (2, 7, 3), (1, 9, 4)] {
                let layout = Layout {
                    rows,
                    cols,
                    mines,
                    exclusion: Exclusion::Cell(0, 0),
                };
                assert!(layout.count_up_to(MAX_ENUMERATED).unwrap().is_some());
                match no_guess_layout(&layout, seed, Logic::WithCount) {
                    Ok(m) => {
                        let left = unsolved_after(&board(&m), rows, cols, 0, 0, Logic::WithCount);
                        assert_eq!(left.unwrap(), 0);
                    }
                    Err(e) => {
                        // Then brute force agrees that no layout is won.
                        assert_eq!(e.kind(), ErrorKind::GenerationFailed);
                        let count = layout.count_up_to(MAX_ENUMERATED).unwrap().unwrap();
                        for rank in 0..count {
                            let mut bits = BitSet::new(rows * cols).unwrap();
                            layout.place_nth(rank, &mut bits).unwrap();
                            let m: Vec<bool> = (0..rows * cols).map(|i| bits.get(i)).collect();
                            let left =
                                unsolved_after(&board(&m), rows, cols, 0, 0, Logic::WithCount);
                            assert_ne!(left.unwrap(), 0);
                        }
                    }
                }
            }
        }
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "spends the whole work budget; safe core code, run natively"
    )]
    fn an_impossible_large_board_gives_up_within_the_budget() {
        // One safe cell besides the first click, which can never be told from the mines around
        // it; more layouts (9,999) than are tried one by one.
        let dense = Layout {
            rows: 100,
            cols: 100,
            mines: 9998,
            exclusion: Exclusion::Cell(0, 0),
        };
        assert!(dense.count_up_to(MAX_ENUMERATED).unwrap().is_none());
        let e = no_guess_layout(&dense, 0, Logic::NumbersOnly).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::GenerationFailed);
        assert!(e.to_string().contains("work limit"), "{e}");
    }
}
