//! Fewest rolls from the start to the last square when the player picks every face (LeetCode 909).
//!
//! A breadth-first search by levels whose frontier is a sorted list of square intervals rather
//! than a queue of squares. Each level turns its intervals into landing windows `[a+1, b+faces]`,
//! merges them, and walks each window once along the board's memory. One bit per square records
//! "landed on" (its jump, if any, has been followed); the squares landed on for the first time
//! give the next frontier.
//!
//! There is no "stood on" set: a square can enter the frontier again at a later level (reached
//! once by a jump, later by a plain landing), but every square of its window was landed on in the
//! level after it first stood there, so the repeat costs one word test and finds nothing. The
//! frontier is still exactly right where it matters: every square whose distance is `L` is in
//! level `L`'s frontier, and everything in it is reachable in `L` rolls.
//!
//! Memory is bounded whatever the board: the interval list holds at most one entry per
//! `RUNS_PER_SQUARE` squares, and a level that would need more spills into a bit set of its
//! own. So at most 3 bits per square plus the lists: under 1/8 of an `int32_t` board.

use super::board::Board;
use crate::bitset::BitSet;
use crate::error::{Error, ErrorKind, Result};

/// A source of jump destinations by square: a grid in boustrophedon order or a linear table.
pub trait Jumps {
    /// The number of squares `N`; square `N` ends the game.
    fn squares(&self) -> usize;
    /// Calls `f(square, raw)` for each square in `from..=to` in order; `raw` is -1 or a destination.
    fn walk(&self, from: usize, to: usize, f: impl FnMut(usize, i32));

    /// The first square of `from..=to` that holds a jump. The default walks every square;
    /// implementations stop early.
    fn first_jump(&self, from: usize, to: usize) -> Option<usize> {
        let mut first = None;
        self.walk(from, to, |s, raw| {
            if first.is_none() && raw >= 0 {
                first = Some(s);
            }
        });
        first
    }
}

impl Jumps for Board<'_> {
    fn squares(&self) -> usize {
        Board::squares(self)
    }
    #[inline]
    fn walk(&self, from: usize, to: usize, f: impl FnMut(usize, i32)) {
        self.numbering().walk(self.cells(), from, to, f)
    }
    fn first_jump(&self, from: usize, to: usize) -> Option<usize> {
        self.numbering()
            .find(self.cells(), from, to, |raw| raw >= 0)
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
    fn first_jump(&self, from: usize, to: usize) -> Option<usize> {
        if from > to {
            return None;
        }
        let hit = self.0[from - 1..to].iter().position(|&raw| raw >= 0)?;
        Some(from + hit)
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

/// The interval list may hold one entry per this many squares before a level spills to bits.
pub(crate) const RUNS_PER_SQUARE: usize = 512;
const MIN_RUNS: usize = 64;

/// The fewest rolls from square `start` to square `N` with a die of `faces` faces (the player picks
/// each face, aims never past `N`, and a landing square's jump is followed once). `None` when `N`
/// cannot be reached.
///
/// `start` must be in `1..=N`, `faces` at least 1, and every jump destination in `1..=N`; the
/// caller has checked them.
///
/// ```
/// use gridgames::snakes::{fewest_rolls, JumpTable};
/// // Square 3 has a ladder to 9, the last square: a two-faced die lands on it at once, a
/// // one-faced die on the second roll, and from square 4 on only walking is left.
/// let table = [-1, -1, 9, -1, -1, -1, -1, -1, -1];
/// assert_eq!(fewest_rolls(&JumpTable(&table), 1, 2).unwrap(), Some(1));
/// assert_eq!(fewest_rolls(&JumpTable(&table), 1, 1).unwrap(), Some(2));
/// assert_eq!(fewest_rolls(&JumpTable(&table), 4, 2).unwrap(), Some(3));
/// ```
pub fn fewest_rolls(jumps: &impl Jumps, start: usize, faces: usize) -> Result<Option<u64>> {
    let max_runs = (jumps.squares() / RUNS_PER_SQUARE).max(MIN_RUNS);
    search(jumps, start, faces, max_runs)
}

/// [`fewest_rolls`] with at most `max_runs` intervals per level before it spills to bits.
fn search(jumps: &impl Jumps, start: usize, faces: usize, max_runs: usize) -> Result<Option<u64>> {
    let last = jumps.squares();
    debug_assert!((1..=last).contains(&start) && faces >= 1);
    if start == last {
        return Ok(Some(0));
    }
    let mut landed = BitSet::new(last + 1)?;
    let mut cur = Frontier::default();
    let mut next = Frontier::default();
    cur.add(start, last, max_runs)?;
    let mut level = 0u64;
    while !cur.is_empty() {
        if let Some((a, b)) = cur.single_run() {
            if let Some((levels, run)) = fast_forward(jumps, &mut landed, a, b, faces, last) {
                level += levels;
                cur.set_single_run(run);
                continue;
            }
        }
        level += 1;
        let mut done = false;
        let mut failed = None;
        // Walks one merged window: every square not landed on yet is landed on now.
        let mut walk = |lo: usize, hi: usize| {
            if done {
                return;
            }
            // Earlier levels usually landed on a prefix of the window already.
            let Some(lo) = landed.first_clear(lo, hi) else {
                return;
            };
            jumps.walk(lo, hi, |t, raw| {
                if done || !landed.insert(t) {
                    return;
                }
                let dest = if raw < 0 { t } else { raw as usize };
                if dest == last {
                    done = true;
                } else if let Err(e) = next.add(dest, last, max_runs) {
                    failed = Some(e);
                    done = true;
                }
            });
        };
        let mut window: Option<(usize, usize)> = None;
        cur.drain_windows(faces, last, |lo, hi| match &mut window {
            Some(w) if lo <= w.1 + 1 => w.1 = w.1.max(hi),
            _ => {
                if let Some((a, b)) = window.replace((lo, hi)) {
                    walk(a, b);
                }
            }
        });
        if let Some((a, b)) = window {
            walk(a, b);
        }
        if let Some(e) = failed {
            return Err(e);
        }
        if done {
            return Ok(Some(level));
        }
        next.finish();
        std::mem::swap(&mut cur, &mut next);
        next.clear();
    }
    Ok(None)
}

/// Several levels at once, for a frontier that is one interval `a..=b` with nothing but plain,
/// unvisited squares ahead: each level then lands exactly on the next `faces` squares, so `k`
/// levels land on `u..=b + k*faces` (from the first unvisited square `u`) and leave the last
/// `faces` of them as the frontier. Returns `k` and that frontier, or `None` when not even one
/// whole level fits (a jump, a visited square or the last square is within reach).
fn fast_forward(
    jumps: &impl Jumps,
    landed: &mut BitSet,
    a: usize,
    b: usize,
    faces: usize,
    last: usize,
) -> Option<(u64, (usize, usize))> {
    let reach = b.checked_add(faces).filter(|&r| r < last)?;
    let u = landed.first_clear(a + 1, reach)?;
    // How far to look: far enough for many levels, not so far that a walk is wasted.
    let limit = (last - 1).min(reach.saturating_add(faces.saturating_mul(32).max(1024)));
    let free_end = landed.first_set(u, limit).map_or(limit, |s| s - 1);
    let free_end = jumps.first_jump(u, free_end).map_or(free_end, |s| s - 1);
    if free_end < reach {
        return None;
    }
    let k = (free_end - b) / faces;
    let end = b + k * faces;
    landed.insert_range(u, end);
    Some((k as u64, (u.max(end + 1 - faces), end)))
}

/// The squares of one level: sorted, disjoint intervals, or a bit set once there are too many.
#[derive(Default)]
struct Frontier {
    runs: Vec<(usize, usize)>,
    /// Whether `runs` may be out of order (the walk adds in increasing order, except jumps).
    unsorted: bool,
    /// Allocated the first time a level spills, then kept (all clear) for later ones.
    bits: Option<BitSet>,
    spilled: bool,
    /// The range holding the set bits, when spilled.
    lo: usize,
    hi: usize,
}

impl Frontier {
    fn is_empty(&self) -> bool {
        !self.spilled && self.runs.is_empty()
    }

    /// The one interval, when the level is exactly that.
    fn single_run(&self) -> Option<(usize, usize)> {
        match self.runs[..] {
            [run] if !self.spilled => Some(run),
            _ => None,
        }
    }

    fn set_single_run(&mut self, run: (usize, usize)) {
        self.runs.clear();
        self.runs.push(run);
    }

    /// Adds square `s` of `1..=last`.
    #[inline]
    fn add(&mut self, s: usize, last: usize, max_runs: usize) -> Result<()> {
        if self.spilled {
            self.set_bit(s);
            return Ok(());
        }
        if let Some(run) = self.runs.last_mut() {
            if s == run.1 + 1 {
                run.1 = s;
                return Ok(());
            }
            if (run.0..=run.1).contains(&s) {
                return Ok(());
            }
            self.unsorted |= s < run.0;
        }
        if self.runs.len() == self.runs.capacity() {
            if self.runs.len() >= max_runs {
                return self.spill(s, last);
            }
            let more = self.runs.len().max(8).min(max_runs - self.runs.len());
            self.runs.try_reserve_exact(more).map_err(|_| {
                Error::new(
                    ErrorKind::OutOfMemory,
                    format!("could not grow a frontier of {} intervals", self.runs.len()),
                )
            })?;
        }
        self.runs.push((s, s));
        Ok(())
    }

    #[inline]
    fn set_bit(&mut self, s: usize) {
        if let Some(bits) = &mut self.bits {
            bits.insert(s);
            self.lo = self.lo.min(s);
            self.hi = self.hi.max(s);
        }
    }

    /// Moves the list into the bit set, which holds the level from now on.
    #[cold]
    fn spill(&mut self, s: usize, last: usize) -> Result<()> {
        if self.bits.is_none() {
            self.bits = Some(BitSet::new(last + 1)?);
        }
        let bits = self.bits.as_mut().expect("just allocated");
        let (mut lo, mut hi) = (s, s);
        bits.insert(s);
        for &(a, b) in &self.runs {
            bits.insert_range(a, b);
            lo = lo.min(a);
            hi = hi.max(b);
        }
        (self.lo, self.hi) = (lo, hi);
        self.runs.clear();
        self.spilled = true;
        Ok(())
    }

    /// Sorts and merges the list at the end of its level.
    fn finish(&mut self) {
        if self.spilled || !self.unsorted {
            return;
        }
        self.runs.sort_unstable();
        let mut kept = 0;
        for i in 1..self.runs.len() {
            let (a, b) = self.runs[i];
            if a <= self.runs[kept].1 + 1 {
                self.runs[kept].1 = self.runs[kept].1.max(b);
            } else {
                kept += 1;
                self.runs[kept] = (a, b);
            }
        }
        self.runs.truncate(kept + 1);
        self.unsorted = false;
    }

    /// Empties the level (a drained bit set is already clear).
    fn clear(&mut self) {
        self.runs.clear();
        self.unsorted = false;
        self.spilled = false;
    }

    /// Calls `f(lo, hi)` with the landing window of each interval or square, in increasing
    /// order, emptying a spilled bit set as it goes.
    fn drain_windows(&mut self, faces: usize, last: usize, mut f: impl FnMut(usize, usize)) {
        let window = |a: usize, b: usize| (a + 1, b.saturating_add(faces).min(last));
        if self.spilled {
            if let Some(bits) = &mut self.bits {
                bits.drain_range(self.lo, self.hi, |s| {
                    let (lo, hi) = window(s, s);
                    f(lo, hi)
                });
            }
        } else {
            for &(a, b) in &self.runs {
                let (lo, hi) = window(a, b);
                f(lo, hi);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn plain_board_takes_ceil_of_distance_over_six() {
        for n in 1..30 {
            let cells = vec![-1; n * n];
            let want = ((n * n - 1) as u64).div_ceil(6);
            assert_eq!(rolls(&cells, n), Some(want), "n = {n}");
        }
    }

    /// The seed's BFS over a linear table, with any start and number of faces.
    fn plain_bfs(table: &[i32], start: usize, faces: usize) -> Option<u64> {
        let last = table.len();
        let mut dist = vec![u64::MAX; last + 1];
        dist[start] = 0;
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(s) = queue.pop_front() {
            if s == last {
                return Some(dist[s]);
            }
            for t in s + 1..=(s + faces).min(last) {
                let d = if table[t - 1] < 0 {
                    t
                } else {
                    table[t - 1] as usize
                };
                if dist[d] == u64::MAX {
                    dist[d] = dist[s] + 1;
                    queue.push_back(d);
                }
            }
        }
        None
    }

    /// Tables with long plain stretches, clusters of jumps and jumps anywhere.
    fn any_table() -> impl Strategy<Value = (Vec<i32>, usize, usize)> {
        (2usize..400, 0u32..60, 1usize..6, 1usize..12).prop_flat_map(
            |(len, pct, reach_k, faces)| {
                let reach = (reach_k * reach_k * 8) as i64;
                let cells =
                    proptest::collection::vec((0u32..100, -reach..=reach, any::<bool>()), len)
                        .prop_map(move |raw| {
                            let last = raw.len() as i64;
                            raw.iter()
                                .enumerate()
                                .map(|(i, &(roll, delta, far))| {
                                    let s = i as i64 + 1;
                                    if roll >= pct || s == 1 || s == last {
                                        -1
                                    } else if far {
                                        (delta.rem_euclid(last) + 1) as i32
                                    } else {
                                        (s + delta).clamp(1, last) as i32
                                    }
                                })
                                .collect::<Vec<i32>>()
                        });
                (cells, 1..=len, Just(faces))
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]

        /// Any interval cap, down to one, gives the plain BFS's answer: levels spill to bits and
        /// come back, fast-forwards run over plain stretches.
        #[test]
        #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
        fn any_cap_any_faces_matches_plain_bfs(
            (table, start, faces) in any_table(),
            max_runs in prop_oneof![1usize..4, Just(64)],
        ) {
            let want = plain_bfs(&table, start, faces);
            prop_assert_eq!(search(&JumpTable(&table), start, faces, max_runs).unwrap(), want);
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn spilled_levels_still_find_the_end() {
        // Every other square jumps far ahead to a distinct square: wide levels.
        let last: usize = 2000;
        let table: Vec<i32> = (1..=last)
            .map(|s| {
                if s % 2 == 0 && s < last {
                    (((s * 7919) % (last - 1)) + 1) as i32
                } else {
                    -1
                }
            })
            .collect();
        let want = plain_bfs(&table, 1, 6);
        for max_runs in [1, 2, 5, 64, 1 << 20] {
            assert_eq!(search(&JumpTable(&table), 1, 6, max_runs).unwrap(), want);
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
