//! The fewest rolls to the last square when the player picks every face: LeetCode 909 on a grid,
//! and the real game's shortest line of play with its faces. One search answers both.
//!
//! One pass over the board, 16 cells at a time, lists the jumps in square order with their
//! destinations. The jump count then picks the method:
//! - **Waves** (sparse boards, and always when the faces are wanted). A wave is the frontier of
//!   one stretch of plain squares reached at the same level; it is enough to know its furthest
//!   position `hi`, because every square it reached below `hi` lies in a window already landed
//!   on. In open country a wave moves exactly `faces` squares a level, so it is stored as an
//!   event: the level at which its window first meets a jump, a square already landed on, or the
//!   last square. Events are handled in level order (the furthest wave first within a level),
//!   which is breadth-first order; the plain squares a wave crossed are marked landed only when
//!   its event comes, so no one sees them early. At an event the wave takes one ordinary level:
//!   its new furthest plain landing goes on, and each jump landed on starts a wave at its
//!   destination unless that destination was landed on already.
//! - **Window walk** (dense boards). A breadth-first search by levels whose frontier is a sorted
//!   list of intervals; each level walks its merged landing windows square by square. Its memory
//!   is bounded whatever the board: a level with too many intervals spills into a bit set.
//!
//! Overshoots never matter: a roll can pass `N` only from within `faces` of it, and from there the
//! exact face finishes at once. So every rule has the same answer.
//!
//! Memory: the search adds at most 1/8 of an `int32_t` board (the faces need 4 more bytes per
//! square). Waves take one bit per square, 8 bytes per jump (listed only while there is at most one
//! per `SQUARES_PER_JUMP` squares) and 12 bytes per pending wave; when the pending waves would pass
//! what is left of the budget, or many jumps lead far away, the window walk answers instead.

use super::board::{check_dimensions, Board};
use super::jumps::Track;
use super::rules::Game;
use crate::bitset::BitSet;
use crate::error::{try_filled, Error, ErrorKind, Result};
use crate::radix_heap::{Popped, RadixHeap};

/// A board the search can read: a grid in boustrophedon order or a linear [`Track`].
pub trait Jumps {
    /// The number of squares `N`; square `N` ends the game.
    fn squares(&self) -> usize;
    /// Where a roll that lands on square `t` ends: its jump's destination, or `t`.
    fn dest(&self, t: usize) -> usize;
    /// Calls `f(square, destination)` for every square whose jump leads elsewhere, in increasing
    /// square order and one pass over the board, until `f` returns `false`.
    fn each_jump(&self, f: impl FnMut(usize, usize) -> bool);
    /// Calls `f(square, raw)` for each square in `from..=to` in order; `raw` is -1 or a destination.
    fn walk(&self, from: usize, to: usize, f: impl FnMut(usize, i32));
    /// The first square of `from..=to` that holds a jump.
    fn first_jump(&self, from: usize, to: usize) -> Option<usize>;
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
    #[inline]
    fn walk(&self, from: usize, to: usize, f: impl FnMut(usize, i32)) {
        self.numbering().walk(self.cells(), from, to, f)
    }
    fn first_jump(&self, from: usize, to: usize) -> Option<usize> {
        self.numbering()
            .find(self.cells(), from, to, |raw| raw >= 0)
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
    #[inline]
    fn walk(&self, from: usize, to: usize, mut f: impl FnMut(usize, i32)) {
        if from <= to {
            for (k, &v) in self.raw()[from - 1..to].iter().enumerate() {
                f(from + k, v);
            }
        }
    }
    fn first_jump(&self, from: usize, to: usize) -> Option<usize> {
        if from > to {
            return None;
        }
        let hit = self.raw()[from - 1..to].iter().position(|&raw| raw >= 0)?;
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

/// The fewest rolls from square `start` to square `N` with a die of `faces` faces (the player picks
/// each face, aims never past `N`, and a landing square's jump is followed once). `None` when `N`
/// cannot be reached.
///
/// Errors: `InvalidArgument` for a `start` outside `1..=N` or 0 faces; `OutOfMemory`.
///
/// ```
/// use gridgames::snakes::{fewest_rolls, Track};
/// // Square 3 has a ladder to 9, the last square: a two-faced die lands on it at once, a
/// // one-faced die on the second roll, and from square 4 on only walking is left.
/// let track = Track::new(&[-1, -1, 9, -1, -1, -1, -1, -1, -1]).unwrap();
/// assert_eq!(fewest_rolls(&track, 1, 2).unwrap(), Some(1));
/// assert_eq!(fewest_rolls(&track, 1, 1).unwrap(), Some(2));
/// assert_eq!(fewest_rolls(&track, 4, 2).unwrap(), Some(3));
/// ```
pub fn fewest_rolls(jumps: &impl Jumps, start: usize, faces: usize) -> Result<Option<u64>> {
    let last = jumps.squares();
    if !(1..=last).contains(&start) || faces == 0 {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            format!("start is {start} and faces {faces}; start must be in 1..={last} and faces at least 1"),
        ));
    }
    fewest(jumps, start, faces, Method::ByDensity)
}

/// The faces of one game with the fewest turns from the start to square `N`, or `None` when `N`
/// cannot be reached. The overshoot rule never matters here (see the module notes).
///
/// ```
/// use gridgames::snakes::{shortest, Game, Overshoot, Rules};
/// // 10 squares; square 4 climbs to 9.
/// let jumps = [-1, -1, -1, 9, -1, -1, -1, -1, -1, -1];
/// let game = Game::new(&jumps, Rules::STANDARD).unwrap();
/// assert_eq!(shortest(&game).unwrap(), Some(vec![4, 1]));
/// ```
pub fn shortest(game: &Game) -> Result<Option<Vec<u32>>> {
    let track = game.track();
    let (start, faces) = (game.rules().start, game.faces());
    let list =
        JumpList::read(track.squares(), usize::MAX, |f| track.each_jump(f))?.expect("no cap");
    let mut from = try_filled(track.squares() + 1, UNSET)?;
    from[start] = start as u32;
    let Waves::Done(end) = waves(&track, &list, start, faces, usize::MAX, Some(&mut from))? else {
        unreachable!("no cap on the waves");
    };
    let Some(end) = end else {
        return Ok(None);
    };
    let turns = usize::try_from(end.rolls).unwrap_or(usize::MAX);
    let mut out = Vec::new();
    out.try_reserve_exact(turns)
        .map_err(|_| Error::alloc::<u32>(turns, None))?;
    out.push((end.landing - end.position) as u32);
    let mut p = end.position;
    while p != start {
        let q = from[p] as usize;
        // Some face from q lands on a square leading to p; the search recorded q for it.
        let t = (q + 1..=(q + faces).min(track.squares()))
            .find(|&t| track.dest(t) == p)
            .expect("the search reached p from q");
        out.push((t - q) as u32);
        p = q;
    }
    out.reverse();
    Ok(Some(out))
}

/// Waves are tried when the board holds at most one jump per this many squares (8 bytes each).
/// Their pending events (12 bytes each) may then use what is left of 1/8 of an `int32_t` board
/// after the jumps and the landed bits; a board that needs more is walked instead.
pub(crate) const SQUARES_PER_JUMP: usize = 32;

/// How many pending events (12 bytes each) fit in the memory budget beside a jump list of
/// `list_bytes` and the landed bits. Half the room is kept for the queue moving events between
/// its buckets, which briefly holds them twice.
fn event_budget(squares: usize, list_bytes: usize) -> usize {
    let budget = squares / 2;
    let used = squares / 8 + list_bytes;
    (budget.saturating_sub(used) / 24).max(1024)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Method {
    ByDensity,
    #[cfg(test)]
    Waves {
        max_events: usize,
    },
    #[cfg(test)]
    Walk {
        max_runs: usize,
    },
}

/// The search with a chosen method; `start` and `faces` are valid.
fn fewest(jumps: &impl Jumps, start: usize, faces: usize, method: Method) -> Result<Option<u64>> {
    let last = jumps.squares();
    let runs = runs_cap(last);
    let (max_jumps, max_events, max_runs) = match method {
        Method::ByDensity => (last / SQUARES_PER_JUMP, usize::MAX, runs),
        #[cfg(test)]
        Method::Waves { max_events } => (usize::MAX, max_events, runs),
        #[cfg(test)]
        Method::Walk { max_runs } => (0, 0, max_runs),
    };
    let list = match max_events {
        0 => None,
        _ => JumpList::read(last, max_jumps, |f| jumps.each_jump(f))?,
    };
    search(jumps, list, start, faces, max_events, max_runs)
}

/// Waves over `list` when there is one and their queue fits `max_events`, else the window walk.
fn search(
    jumps: &impl Jumps,
    list: Option<JumpList>,
    start: usize,
    faces: usize,
    max_events: usize,
    max_runs: usize,
) -> Result<Option<u64>> {
    let last = jumps.squares();
    if start == last {
        return Ok(Some(0));
    }
    if let Some(list) = list {
        let max_events = max_events.min(event_budget(last, list.bytes()));
        // Each jump far from its square may start a wave that lives long: with more of them
        // than the queue holds, the waves would most likely run out of room half way.
        let far = faces.saturating_mul(64);
        let far_jumps = list
            .jumps
            .iter()
            .filter(|&&(s, d)| s.abs_diff(d) as usize > far);
        if far_jumps.count() <= max_events {
            if let Waves::Done(end) = waves(jumps, &list, start, faces, max_events, None)? {
                return Ok(end.map(|end| end.rolls));
            }
        }
    }
    walk_windows(jumps, start, faces, max_runs)
}

/// [`min_rolls`] on a LeetCode grid that has not been validated yet: the pass that lists the
/// jumps checks them too, so a sparse board is read once. The errors are those of
/// [`Board::new`], which also names the cell whenever something is wrong.
///
/// ```
/// use gridgames::snakes::min_rolls_of_grid;
/// assert_eq!(min_rolls_of_grid(&[-1, -1, -1, 3], 2, 2).unwrap(), Some(1));
/// assert!(min_rolls_of_grid(&[-1, -1, 5, -1], 2, 2).is_err()); // 5 > 4
/// ```
pub fn min_rolls_of_grid(cells: &[i32], rows: usize, cols: usize) -> Result<Option<u64>> {
    let squares = check_dimensions(rows, cols)?;
    let mut board = None;
    let list = JumpList::read(squares, squares / SQUARES_PER_JUMP, |f| {
        board = Some(Board::new_with_jumps(cells, rows, cols, f));
    })?;
    let board = board.expect("read visits the board")?;
    search(&board, list, 1, 6, usize::MAX, runs_cap(squares))
}

// ---------------------------------------------------------------------------------------------
// Waves

/// The jumps of a board in square order, `(source, destination)`, then a sentinel whose source is
/// past the last square; and an index of where each block of `BLOCK` squares starts in the list.
struct JumpList {
    jumps: Vec<(u32, u32)>,
    blocks: Vec<u32>,
}

/// Squares per index block: the index costs 1/64 byte a square, a lookup scans one block.
const BLOCK_BITS: u32 = 8;

impl JumpList {
    /// The jumps of a board of `last` squares, which `visit` hands in square order to the
    /// callback it is given (stopping when that returns `false`); `None` when there are more
    /// than `cap`.
    fn read(
        last: usize,
        cap: usize,
        visit: impl FnOnce(&mut dyn FnMut(usize, usize) -> bool),
    ) -> Result<Option<JumpList>> {
        let oom = |what: &str, n: usize| {
            Error::new(
                ErrorKind::OutOfMemory,
                format!("could not allocate {what} of {n} jumps"),
            )
        };
        let mut list: Vec<(u32, u32)> = Vec::new();
        let (mut over, mut failed) = (false, false);
        visit(&mut |s, d| {
            if list.len() == list.capacity() {
                if list.len() >= cap {
                    over = true;
                    return false;
                }
                // Growing by a quarter keeps the slack, which the memory budget counts, small.
                let more = (list.len() / 4).max(1024).min(cap - list.len());
                if list.try_reserve_exact(more).is_err() {
                    failed = true;
                    return false;
                }
            }
            // Squares fit in `u32`: a board has at most `i32::MAX` of them.
            list.push((s as u32, d as u32));
            true
        });
        if failed || list.try_reserve_exact(1).is_err() {
            return Err(oom("a list", list.len()));
        }
        if over {
            return Ok(None);
        }
        list.push((last as u32 + 1, 0));
        let mut blocks =
            try_filled((last >> BLOCK_BITS) + 2, 0u32).map_err(|_| oom("an index", list.len()))?;
        let mut i = 0;
        for (b, start) in blocks.iter_mut().enumerate() {
            // The sentinel ends every block past the board.
            while i + 1 < list.len() && ((list[i].0 as usize) >> BLOCK_BITS) < b {
                i += 1;
            }
            *start = i as u32;
        }
        Ok(Some(JumpList {
            jumps: list,
            blocks,
        }))
    }

    /// Heap bytes held.
    fn bytes(&self) -> usize {
        8 * self.jumps.capacity() + 4 * self.blocks.capacity()
    }

    /// `(source, destination)` of jump `i`.
    #[inline]
    fn get(&self, i: usize) -> (usize, usize) {
        let (s, d) = self.jumps[i];
        (s as usize, d as usize)
    }

    /// Whether square `s` holds a jump, given `after = self.after(s)`.
    fn holds_jump(&self, s: usize, after: usize) -> bool {
        after > 0 && self.get(after - 1).0 == s
    }

    /// The index of the first jump whose source is above square `s` (at most `N`).
    fn after(&self, s: usize) -> usize {
        let mut i = self.blocks[(s + 1) >> BLOCK_BITS] as usize;
        while self.jumps[i].0 as usize <= s {
            i += 1;
        }
        i
    }
}

/// `from` entries of positions not stood on yet.
const UNSET: u32 = u32::MAX;

/// How the last square was reached: the last roll went from `position` and landed on `landing`.
struct End {
    rolls: u64,
    position: usize,
    landing: usize,
}

enum Waves {
    Done(Option<End>),
    /// More than the allowed number of waves were pending at once.
    TooMany,
}

/// A wave's event: at `level` it stands on `hi`, having crossed the plain squares after `crossed`
/// in bulk. The queue pops the lowest level first and, within a level, the furthest wave: one
/// `u64` key orders both.
#[derive(Clone, Copy)]
struct Event {
    key: u64,
    crossed: u32,
}

impl Event {
    fn new(level: usize, hi: usize, crossed: usize) -> Event {
        // Levels and squares fit in `u32`: a board has at most `i32::MAX` squares.
        Event {
            key: (level as u64) << 32 | !(hi as u32) as u64,
            crossed: crossed as u32,
        }
    }
    fn level(&self) -> usize {
        (self.key >> 32) as usize
    }
    fn hi(&self) -> usize {
        !(self.key as u32) as usize
    }
}

/// The wave search over the board's `list` of jumps, with at most `max_events` waves pending.
/// With `from`, every level is taken one at a time (so each position is first recorded at its
/// true distance) and `from[p]` receives the position that first reached position `p`.
fn waves(
    jumps: &impl Jumps,
    list: &JumpList,
    start: usize,
    faces: usize,
    max_events: usize,
    mut from: Option<&mut [u32]>,
) -> Result<Waves> {
    let last = jumps.squares();
    debug_assert!(
        start < last,
        "the callers answer a start on the last square"
    );
    let bulk = from.is_none();
    // More faces than squares reach no further, and this keeps every count below 2^31.
    let faces = faces.min(last);
    // x / faces for x < 2^32 as one multiplication: exact, since the error is below 2^-32.
    let inverse = (1u128 << 64).div_ceil(faces as u128);
    let per_face = |x: usize| ((x as u128 * inverse) >> 64) as usize;
    let mut landed = BitSet::new(last + 1)?;
    let mut events: RadixHeap<u32> = RadixHeap::new(max_events);
    // The next event of a wave standing on `h` at `level`: whole levels through open country.
    let event = |landed: &BitSet, h: usize, level: usize, cursor: usize| -> Event {
        let mut levels = 0;
        if bulk {
            let next_jump = list.get(cursor).0.min(last);
            let stop = landed.first_set(h + 1, next_jump - 1).unwrap_or(next_jump);
            levels = per_face(stop - 1 - h);
        }
        Event::new(level + levels, h + levels * faces, h)
    };
    let push =
        |events: &mut RadixHeap<u32>, e: Event| -> Result<bool> { events.push(e.key, e.crossed) };
    let first = list.after(start);
    if !list.holds_jump(start, first) {
        landed.insert(start);
    }
    let mut current = Some(event(&landed, start, 0, first));
    loop {
        let e = match current.take() {
            Some(e) => e,
            None => match events.pop()? {
                Popped::Item(key, crossed) => Event { key, crossed },
                Popped::Empty => break,
                Popped::OutOfRoom => return Ok(Waves::TooMany),
            },
        };
        let (level, hi, crossed) = (e.level(), e.hi(), e.crossed as usize);
        let mut c = list.after(hi);
        landed.insert_range(crossed + 1, hi);
        // One ordinary level from `hi`.
        let end = hi.saturating_add(faces).min(last);
        let mut next = None;
        let mut t = hi + 1;
        while let Some(u) = landed.first_clear(t, end) {
            t = u + 1;
            landed.insert(u);
            let finish = End {
                rolls: level as u64 + 1,
                position: hi,
                landing: u,
            };
            if u == last {
                return Ok(Waves::Done(Some(finish)));
            }
            while list.get(c).0 < u {
                c += 1;
            }
            if list.get(c).0 != u {
                next = Some((u, c));
                if let Some(from) = from.as_deref_mut() {
                    from[u] = hi as u32;
                }
                continue;
            }
            let q = list.get(c).1;
            if q == last {
                return Ok(Waves::Done(Some(finish)));
            }
            let qc = list.after(q);
            // A plain destination landed on already is a position of some wave at this level or
            // earlier; a jump square stood on already has had its wave.
            let new = if list.holds_jump(q, qc) {
                from.as_deref().is_none_or(|from| from[q] == UNSET)
            } else {
                landed.insert(q)
            };
            if new {
                if let Some(from) = from.as_deref_mut() {
                    from[q] = hi as u32;
                }
                if !push(&mut events, event(&landed, q, level + 1, qc))? {
                    return Ok(Waves::TooMany);
                }
            }
        }
        if let Some((h, hc)) = next {
            let e = event(&landed, h, level + 1, hc);
            // The wave goes on at once when it would be popped next anyway.
            if events.is_below_all(e.key) {
                current = Some(e);
            } else if !push(&mut events, e)? {
                return Ok(Waves::TooMany);
            }
        }
    }
    Ok(Waves::Done(None))
}

// ---------------------------------------------------------------------------------------------
// Window walk (dense boards)

/// The interval list may hold one entry per this many squares before a level spills to bits.
pub(crate) const RUNS_PER_SQUARE: usize = 512;
const MIN_RUNS: usize = 64;

/// The window walk's interval cap on a board of `squares` squares.
fn runs_cap(squares: usize) -> usize {
    (squares / RUNS_PER_SQUARE).max(MIN_RUNS)
}

/// The window walk with at most `max_runs` intervals per level before it spills to bits.
///
/// One bit per square records "landed on" (its jump, if any, has been followed); the squares
/// landed on for the first time give the next frontier. A square can enter the frontier again at
/// a later level, but every square of its window was landed on already, so the repeat costs one
/// word test.
fn walk_windows(
    jumps: &impl Jumps,
    start: usize,
    faces: usize,
    max_runs: usize,
) -> Result<Option<u64>> {
    let last = jumps.squares();
    debug_assert!((1..last).contains(&start) && faces >= 1);
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
            let had = Some(self.runs.len());
            self.runs
                .try_reserve_exact(more)
                .map_err(|_| Error::alloc::<(usize, usize)>(more, had))?;
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
    use crate::snakes::rules::{Overshoot, Rules};
    use proptest::prelude::*;
    use std::collections::VecDeque;

    fn rolls(cells: &[i32], n: usize) -> Option<u64> {
        min_rolls(&Board::square(cells, n).unwrap()).unwrap()
    }

    /// Every method on one table: waves, the window walk with several interval caps, and the
    /// choice by density.
    fn every_method(table: &[i32], start: usize, faces: usize) -> Vec<Option<u64>> {
        let track = Track::new(table).unwrap();
        [
            Method::ByDensity,
            Method::Waves {
                max_events: usize::MAX,
            },
            Method::Waves { max_events: 2 },
            Method::Walk { max_runs: 1 },
            Method::Walk { max_runs: 3 },
            Method::Walk { max_runs: 64 },
        ]
        .into_iter()
        .map(|m| fewest(&track, start, faces, m).unwrap())
        .collect()
    }

    /// The seed's BFS over a linear table, with any start and number of faces.
    fn plain_bfs(table: &[i32], start: usize, faces: usize) -> Option<u64> {
        let last = table.len();
        let mut dist = vec![u64::MAX; last + 1];
        dist[start] = 0;
        let mut queue = VecDeque::from([start]);
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
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn unchecked_grids_give_the_answers_and_errors_of_checked_ones() {
        let mut seed = 3u64;
        let mut rnd = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) * m) >> 31
        };
        for case in 0..3000 {
            let (rows, cols) = (1 + rnd(12) as usize, 1 + rnd(12) as usize);
            let n = rows * cols;
            // Sparse to dense (past the jump list's cap), sometimes one bad cell.
            let per_mille = [5, 50, 300][case % 3];
            let mut cells: Vec<i32> = (0..n)
                .map(|_| {
                    if rnd(1000) < per_mille {
                        1 + rnd(n as u64) as i32
                    } else {
                        -1
                    }
                })
                .collect();
            if case % 7 == 0 {
                let bad = [0, -2, n as i32 + 1, i32::MIN][case % 4];
                cells[rnd(n as u64) as usize] = bad;
            }
            let want = Board::new(&cells, rows, cols).and_then(|b| min_rolls(&b));
            let got = min_rolls_of_grid(&cells, rows, cols);
            match (got, want) {
                (Ok(g), Ok(w)) => assert_eq!(g, w, "{cells:?}"),
                (Err(g), Err(w)) => {
                    assert_eq!((g.kind(), g.detail()), (w.kind(), w.detail()), "{cells:?}")
                }
                (g, w) => panic!("{cells:?}: {g:?} against {w:?}"),
            }
        }
        let e = min_rolls_of_grid(&[-1; 3], 2, 2).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
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

    #[test]
    fn other_faces_and_starts() {
        let table = [-1; 20];
        let track = Track::new(&table).unwrap();
        assert_eq!(fewest_rolls(&track, 1, 1).unwrap(), Some(19));
        assert_eq!(fewest_rolls(&track, 15, 8).unwrap(), Some(1));
        assert_eq!(fewest_rolls(&track, 20, 8).unwrap(), Some(0));
        assert_eq!(fewest_rolls(&track, 1, usize::MAX).unwrap(), Some(1));
        for (start, faces) in [(0, 6), (21, 6), (1, 0)] {
            let e = fewest_rolls(&track, start, faces).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn density_picks_the_method() {
        // One jump per 10 squares is dense (the walk), one per 100 sparse (waves): every method
        // agrees with the plain BFS on both.
        for gap in [10, 100] {
            let table: Vec<i32> = (1..=5000)
                .map(|s| if s % gap == 0 && s < 5000 { s / 2 } else { -1 })
                .collect();
            let want = plain_bfs(&table, 1, 6);
            for got in every_method(&table, 1, 6) {
                assert_eq!(got, want, "gap {gap}");
            }
        }
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
                                    if roll >= pct || s == last {
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
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Every method, with any interval cap down to one, gives the plain BFS's answer: levels
        /// spill to bits and come back, fast-forwards and waves cross plain stretches.
        #[test]
        #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
        fn every_method_matches_plain_bfs((table, start, faces) in any_table()) {
            let want = plain_bfs(&table, start, faces);
            for got in every_method(&table, start, faces) {
                prop_assert_eq!(got, want);
            }
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn spilled_levels_and_many_waves_still_find_the_end() {
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
        for got in every_method(&table, 1, 6) {
            assert_eq!(got, want);
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn the_six_benchmark_families_agree_with_plain_bfs() {
        // (jumps per thousand squares, reach; 0 = anywhere), as in `benches/seeds.rs`.
        let families = [(20, 50), (20, 0), (2, 50), (2, 0), (100, 50), (200, 0)];
        let mut seed = 5u64;
        let mut rnd = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) * m) >> 31
        };
        for (per_mille, reach) in families {
            for n in [7, 40, 150] {
                for _ in 0..4 {
                    let last = n * n;
                    let table: Vec<i32> = (1..=last)
                        .map(|s| {
                            if s == 1 || s == last || rnd(1000) >= per_mille {
                                return -1;
                            }
                            let d = if reach == 0 {
                                1 + rnd(last as u64) as i64
                            } else {
                                (s as i64 + rnd(2 * reach + 1) as i64 - reach as i64)
                                    .clamp(1, last as i64)
                            };
                            d as i32
                        })
                        .collect();
                    let want = plain_bfs(&table, 1, 6);
                    for got in every_method(&table, 1, 6) {
                        assert_eq!(got, want, "{per_mille}/1000 within {reach}, n = {n}");
                    }
                }
            }
        }
    }

    /// Textbook BFS over `Game::step`.
    fn brute(g: &Game) -> Option<usize> {
        let n = g.squares();
        let mut dist = vec![usize::MAX; n + 1];
        dist[g.rules().start] = 0;
        let mut q = VecDeque::from([g.rules().start]);
        while let Some(p) = q.pop_front() {
            if p == n {
                return Some(dist[p]);
            }
            for f in 1..=g.rules().faces {
                let r = g.step(p, f).unwrap();
                if dist[r] == usize::MAX {
                    dist[r] = dist[p] + 1;
                    q.push_back(r);
                }
            }
        }
        None
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn replayed_faces_reach_the_end_in_the_fewest_turns() {
        let mut seed = 11u64;
        let mut rnd = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        for _ in 0..4000 {
            let n = 1 + rnd(40) as usize;
            let mut jumps = vec![-1i32; n];
            let density = 1 + rnd(4);
            for j in jumps.iter_mut().take(n - 1) {
                if rnd(density + 1) == 0 {
                    *j = 1 + rnd(n as u64) as i32;
                }
            }
            let overshoot =
                [Overshoot::Stay, Overshoot::Bounce, Overshoot::Finish][rnd(3) as usize];
            let max_faces = if overshoot == Overshoot::Bounce {
                n.min(8)
            } else {
                9
            };
            let faces = 1 + rnd(max_faces as u64) as u32;
            let start = rnd(n as u64) as usize;
            let g = Game::new(&jumps, Rules::new(faces, overshoot, start)).unwrap();
            let got = shortest(&g).unwrap();
            let want = brute(&g);
            assert_eq!(got.as_ref().map(Vec::len), want, "{jumps:?} {g:?}");
            if start >= 1 {
                let count = fewest_rolls(&g.track(), start, faces as usize).unwrap();
                assert_eq!(count, want.map(|w| w as u64), "{jumps:?} {g:?}");
            }
            if let Some(path) = got {
                let mut p = start;
                for &f in &path {
                    assert_ne!(p, n);
                    p = g.step(p, f).unwrap();
                }
                assert_eq!(p, n, "{jumps:?} {g:?} {path:?}");
            }
        }
    }

    #[test]
    fn milton_bradley_board_takes_seven_turns() {
        let jumps = crate::snakes::milton_bradley_jumps();
        let g = Game::new(&jumps, Rules::STANDARD).unwrap();
        let faces = shortest(&g).unwrap().unwrap();
        assert_eq!(faces.len(), 7);
        // Off the board, a 1 lands on square 1 and climbs to 38.
        let g1 = Game::new(&jumps, Rules::new(6, Overshoot::Stay, 0)).unwrap();
        assert_eq!(g1.step(0, 1).unwrap(), 38);
    }

    #[test]
    fn off_board_start_and_bounces() {
        // 5 squares and a 3-faced die: two turns.
        let jumps = [-1; 5];
        let g = Game::new(&jumps, Rules::new(3, Overshoot::Bounce, 0)).unwrap();
        let path = shortest(&g).unwrap().unwrap();
        assert_eq!(path.len(), 2);
        assert_eq!(path.iter().sum::<u32>(), 5);
        let g = Game::new(&jumps, Rules::new(6, Overshoot::Stay, 0)).unwrap();
        assert_eq!(shortest(&g).unwrap(), Some(vec![5]));
        let g = Game::new(&jumps, Rules::new(6, Overshoot::Finish, 4)).unwrap();
        assert_eq!(shortest(&g).unwrap(), Some(vec![1]));
    }
}
