//! Fewest rolls from the start to the last square when the player picks every face (LeetCode 909).
//!
//! A breadth-first search whose frontier is a list of square intervals rather than a queue of
//! squares. Each level turns its intervals into landing windows `[a+1, b+faces]`, merges them, and
//! walks each window once along the board's memory. A bit per square records "landed on" (its
//! jump has been followed) and another records "stood on" (it has been a position), so every square
//! is read about once and extra memory is two bits per square.

use super::board::Board;
use crate::bitset::BitSet;
use crate::error::{try_reserve, Result};

/// A source of jump destinations by square: a grid in boustrophedon order or a linear table.
pub trait Jumps {
    /// The number of squares `N`; square `N` ends the game.
    fn squares(&self) -> usize;
    /// Calls `f(square, raw)` for each square in `from..=to` in order; `raw` is -1 or a destination.
    fn walk(&self, from: usize, to: usize, f: impl FnMut(usize, i32));
}

impl Jumps for Board<'_> {
    fn squares(&self) -> usize {
        Board::squares(self)
    }
    #[inline]
    fn walk(&self, from: usize, to: usize, f: impl FnMut(usize, i32)) {
        self.numbering().walk(self.cells(), from, to, f)
    }
}

/// A linear jump table: `table[s - 1]` is -1 or the destination of square `s`.
#[derive(Debug, Clone, Copy)]
pub struct JumpTable<'a>(pub &'a [i32]);

impl Jumps for JumpTable<'_> {
    fn squares(&self) -> usize {
        self.0.len()
    }
    #[inline]
    fn walk(&self, from: usize, to: usize, mut f: impl FnMut(usize, i32)) {
        if from <= to {
            for (k, &v) in self.0[from - 1..to].iter().enumerate() {
                f(from + k, v);
            }
        }
    }
}

/// The fewest rolls of a six-faced die from square 1 to the last square, or `None` when it cannot
/// be reached.
///
/// ```
/// use gridgames::snakes::{min_rolls, Board};
/// let cells = [
///     -1, -1, -1, -1, -1, -1,
///     -1, -1, -1, -1, -1, -1,
///     -1, -1, -1, -1, -1, -1,
///     -1, 35, -1, -1, 13, -1,
///     -1, -1, -1, -1, -1, -1,
///     -1, 15, -1, -1, -1, -1,
/// ];
/// let board = Board::square(&cells, 6).unwrap();
/// assert_eq!(min_rolls(&board).unwrap(), Some(4));
/// ```
pub fn min_rolls(board: &Board) -> Result<Option<u64>> {
    fewest_rolls(board, 1, 6)
}

/// The fewest rolls from square `start` to square `N` with a die of `faces` faces (the player picks
/// each face, aims never past `N`, and a landing square's jump is followed once). `None` when `N`
/// cannot be reached.
///
/// `start` must be in `1..=N` and `faces` at least 1; the caller has checked both.
pub fn fewest_rolls(jumps: &impl Jumps, start: usize, faces: usize) -> Result<Option<u64>> {
    let last = jumps.squares();
    debug_assert!((1..=last).contains(&start) && faces >= 1);
    if start == last {
        return Ok(Some(0));
    }
    let mut landed = BitSet::new(last + 1)?;
    let mut stood = BitSet::new(last + 1)?;
    stood.insert(start);
    let mut frontier: Vec<(usize, usize)> = vec![(start, start)];
    let mut windows: Vec<(usize, usize)> = Vec::new();
    let mut next: Vec<(usize, usize)> = Vec::new();
    let mut level = 0u64;
    while !frontier.is_empty() {
        level += 1;
        windows.clear();
        try_reserve(&mut windows, frontier.len())?;
        windows.extend(
            frontier
                .iter()
                .map(|&(a, b)| (a + 1, b.saturating_add(faces).min(last))),
        );
        windows.sort_unstable();
        next.clear();
        let mut done = false;
        let mut oom = None;
        let mut i = 0;
        while i < windows.len() && !done {
            let (mut lo, mut hi) = windows[i];
            i += 1;
            while i < windows.len() && windows[i].0 <= hi + 1 {
                hi = hi.max(windows[i].1);
                i += 1;
            }
            // Earlier levels usually landed on a prefix of the window already.
            while lo <= hi && landed.get(lo) {
                lo += 1;
            }
            jumps.walk(lo, hi, |t, raw| {
                if done || oom.is_some() || !landed.insert(t) {
                    return;
                }
                let dest = if raw < 0 { t } else { raw as usize };
                if dest == last {
                    done = true;
                } else if stood.insert(dest) {
                    match next.last_mut() {
                        Some(run) if run.1 + 1 == dest => run.1 = dest,
                        _ => match try_reserve(&mut next, 1) {
                            Ok(()) => next.push((dest, dest)),
                            Err(e) => oom = Some(e),
                        },
                    }
                }
            });
            if let Some(e) = oom {
                return Err(e);
            }
        }
        if done {
            return Ok(Some(level));
        }
        std::mem::swap(&mut frontier, &mut next);
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rolls(cells: &[i32], n: usize) -> Option<u64> {
        min_rolls(&Board::square(cells, n).unwrap()).unwrap()
    }

    #[test]
    fn seed_examples() {
        #[rustfmt::skip]
        let ex1 = [
            -1, -1, -1, -1, -1, -1,
            -1, -1, -1, -1, -1, -1,
            -1, -1, -1, -1, -1, -1,
            -1, 35, -1, -1, 13, -1,
            -1, -1, -1, -1, -1, -1,
            -1, 15, -1, -1, -1, -1,
        ];
        assert_eq!(rolls(&ex1, 6), Some(4));
        assert_eq!(rolls(&[-1, -1, -1, 3], 2), Some(1));
        // A jump is taken once: landing on 2 leads to 3, not on to 4.
        assert_eq!(rolls(&[-1, 4, -1, 3], 2), Some(1));
        assert_eq!(rolls(&[-1], 1), Some(0));
    }

    #[test]
    fn jump_chains_are_not_followed() {
        // 3x3: square 2 (cell (2,1)) leads to 8, and square 8 (cell (0,1)) leads to 9. Following
        // the chain would finish in one roll; the rules stop at 8, so it takes two.
        let cells = [-1, 9, -1, -1, -1, -1, -1, 8, -1];
        assert_eq!(rolls(&cells, 3), Some(2));
    }

    #[test]
    fn unreachable_when_six_snakes_in_a_row() {
        // 3x3: squares 2..7 all snake back to 1, so 8 and 9 are out of reach.
        let mut cells = vec![-1; 9];
        let num = crate::snakes::Numbering::new(3, 3);
        for s in 2..=7 {
            cells[num.index_of(s)] = 1;
        }
        assert_eq!(rolls(&cells, 3), None);
    }

    #[test]
    fn plain_board_takes_ceil_of_distance_over_six() {
        for n in 1..30 {
            let cells = vec![-1; n * n];
            let want = ((n * n - 1) as u64).div_ceil(6);
            assert_eq!(rolls(&cells, n), Some(want), "n = {n}");
        }
    }

    #[test]
    fn linear_table_with_other_faces_and_starts() {
        let table = [-1; 20];
        assert_eq!(fewest_rolls(&JumpTable(&table), 1, 1).unwrap(), Some(19));
        assert_eq!(fewest_rolls(&JumpTable(&table), 15, 8).unwrap(), Some(1));
        assert_eq!(fewest_rolls(&JumpTable(&table), 20, 8).unwrap(), Some(0));
    }
}
