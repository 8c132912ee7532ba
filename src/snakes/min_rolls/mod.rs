//! The fewest rolls to the last square when the player picks every face: LeetCode 909 on a grid,
//! and the real game's shortest line of play with its faces. One search answers both.
//!
//! One pass over the board, in memory order and 16 cells at a time, lists the jumps with their
//! destinations, sorted by square. The jumps then pick the method:
//! - **The staircase** (sparse boards whose jumps are all short, with a die of at most 8 faces, when
//!   the faces are not wanted). Squares are taken in order, each at the fewest rolls from the
//!   `faces` squares before it and from the jumps landing on it. Open country is a staircase
//!   known from the window before it, so the work is per jump; a snake that improves a square
//!   already climbed has its stretch climbed again.
//! - **Waves** (other sparse boards, and always when the faces are wanted). A wave is the frontier
//!   of one stretch of plain squares reached at the same level; it is enough to know its furthest
//!   position `hi`, because every square it reached below `hi` lies in a window already landed on.
//!   In open country a wave moves exactly `faces` squares a level, so it is stored as an event: the
//!   level at which its window first meets a jump, a square already landed on, or the last square.
//!   Events are handled in level order (the furthest wave first within a level), which is
//!   breadth-first order; the plain squares a wave crossed are marked landed only when its event
//!   comes, so no one sees them early. At an event the wave takes one ordinary level: its new
//!   furthest plain landing goes on, and each jump landed on starts a wave at its destination
//!   unless that destination was landed on already.
//! - **Both ends** (other sparse boards with a die of fewer than 64 faces, many of whose jumps lead
//!   far away). Levels forward from the start and back from `N`, each turn taken by the smaller
//!   frontier, until a new frontier meets the other side; the frontiers are lists of words. From
//!   one end, a search on such a board spends most of its time in its last levels, spread over
//!   the whole board; two that meet half way stop while theirs are narrow. When a frontier
//!   outgrows its room, level bits start again.
//! - **Level bits** (dense boards, and boards whose jumps lead far away). A breadth-first search
//!   by levels on bit sets, 64 squares a word: a level lands on `dilate(positions) & !landed`,
//!   with the jump squares among them sending their destinations.
//!
//! Overshoots never matter: a roll can pass `N` only from within `faces` of it, and from there the
//! exact face finishes at once. So every rule has the same answer.
//!
//! Memory: the search adds at most 1/8 of an `int32_t` board (the faces need 4 more bytes per
//! square). The staircase takes the jump list and at most 113 KiB. Waves take one bit per square, 8
//! bytes per jump (listed only while there is at most one per `SQUARES_PER_JUMP` squares) and 12
//! bytes per pending wave; when the pending waves would pass what is left of the budget, or many
//! jumps lead far away, the search from both ends answers instead with three bits per square, 5
//! bytes per jump (indexed by destination, with 1/64 byte per square) and its frontiers in what is
//! left; past that, level bits with four bits per square (and, on a board sparse enough for a
//! jump list, two summaries of at most 4 KiB each).
//!
//! Files: `jump_list.rs`, `staircase.rs`, `waves.rs`, `both_ends.rs`, `level_bits.rs`.

mod board_source; // the Jumps trait: a grid or a jump table, as the search reads it
mod both_ends; // the search from both ends, for sparse far-reaching jumps
mod jump_list; // the jumps in square order, listed as the board is read
mod level_bits; // levels on bit sets, for dense boards
mod staircase; // squares in order, for sparse short jumps
mod waves; // the wave search over a radix heap

use super::board::{check_dimensions, Board};
use super::rules::Game;
use crate::error::{try_filled, Error, ErrorKind, Result};
pub use board_source::Jumps;
use both_ends::{both_ends, BothEnds, ByDest};
use jump_list::{block_starts_bytes, Gather, Gathered, Indexed};
#[cfg(test)]
use level_bits::Bulk;
use level_bits::{level_bits, Summary};
use staircase::{max_span, staircase, Climb, MAX_FACES, RING_BITS};
use waves::{waves, Waves, UNSET};

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
            format_args!("start is {start} and faces {faces}; start must be in 1..={last} and faces at least 1"),
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
    // More faces than squares reach no further; the clamp keeps `q + faces` below usize::MAX.
    let (start, faces) = (game.rules().start, game.faces().min(game.squares()));
    let Gathered::List(list) = gather(&track, usize::MAX)? else {
        unreachable!("no cap on the list");
    };
    let mut from = try_filled(track.squares() + 1, UNSET)?;
    from[start] = start as u32;
    let indexed = Indexed::new(&list, track.squares())?;
    let Waves::Done(end) = waves(&track, &indexed, start, faces, usize::MAX, Some(&mut from))?
    else {
        unreachable!("no cap on the waves");
    };
    let Some(end) = end else {
        return Ok(None);
    };
    let turns = usize::try_from(end.rolls).unwrap_or(usize::MAX);
    let mut out = Vec::new();
    out.try_reserve_exact(turns)
        .map_err(|_| Error::alloc::<u32>(turns, None))?;
    crate::error::try_push(&mut out, (end.landing - end.position) as u32)?;
    let mut p = end.position;
    while p != start {
        let q = from[p] as usize;
        // Some face from q lands on a square leading to p; the search recorded q for it.
        let t = (q + 1..=(q + faces).min(track.squares()))
            .find(|&t| track.dest(t) == p)
            .expect("the search reached p from q");
        crate::error::try_push(&mut out, (t - q) as u32)?;
        p = q;
    }
    out.reverse();
    Ok(Some(out))
}

/// Waves are tried when the board holds at most one jump per this many squares (8 bytes each).
/// Their pending events (12 bytes each) may then use what is left of 1/8 of an `int32_t` board
/// after the jumps and the landed bits; a board that needs more is searched by level bits.
pub(crate) const SQUARES_PER_JUMP: usize = 32;

/// The room below which the search from both ends is not tried: frontiers outgrow it before
/// they meet (2% anywhere at n = 500 and 700, with rooms of 34 and 70 entries, handed over), and
/// level bits are quick on a board that small.
const MIN_ROOM: usize = 128;

/// How many frontier entries the search from both ends may take on a board of `squares` squares
/// and `jumps` jumps: what is left of 1/8 of an `int32_t` board beside three bit sets and the
/// jumps indexed by destination, for three lists and the set of jump squares stood on, at 16
/// bytes an entry.
fn both_ends_room(squares: usize, jumps: usize) -> usize {
    let budget = squares / 2;
    let used = 3 * squares.div_ceil(64) * 8 + ByDest::bytes_for(squares, jumps);
    budget.saturating_sub(used) / 64
}

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
    /// The staircase with a ring of `2^ring_bits` squares, when the board allows it.
    #[cfg(test)]
    Staircase {
        ring_bits: u32,
    },
    /// Level bits with the summaries given.
    #[cfg(test)]
    Bits(Summary),
    /// The search from both ends with frontiers of at most `room` entries, then level bits.
    #[cfg(test)]
    BothEnds {
        room: usize,
    },
}

/// One pass over the board gathering its jumps: listed while at most `cap`, else marked.
fn gather(jumps: &impl Jumps, cap: usize) -> Result<Gathered> {
    let mut gather = Gather::new(jumps.squares(), cap);
    jumps.each_jump(|s, d| gather.push(s, d));
    gather.finish()
}

/// The search with a chosen method; `start` and `faces` are valid.
fn fewest(jumps: &impl Jumps, start: usize, faces: usize, method: Method) -> Result<Option<u64>> {
    let last = jumps.squares();
    let (cap, tries) = match method {
        Method::ByDensity => (last / SQUARES_PER_JUMP, Tries::BY_DENSITY),
        #[cfg(test)]
        Method::Waves { max_events } => (
            usize::MAX,
            Tries {
                ring_bits: None,
                max_events,
                summary: None,
                room: None,
            },
        ),
        #[cfg(test)]
        Method::Staircase { ring_bits } => (
            usize::MAX,
            Tries {
                ring_bits: Some(ring_bits),
                ..Tries::BY_DENSITY
            },
        ),
        #[cfg(test)]
        Method::Bits(summary) => (
            0,
            Tries {
                ring_bits: None,
                max_events: 0,
                summary: Some(summary),
                room: None,
            },
        ),
        #[cfg(test)]
        Method::BothEnds { room } => (
            usize::MAX,
            Tries {
                ring_bits: None,
                max_events: 0,
                summary: None,
                room: Some(room),
            },
        ),
    };
    search(jumps, gather(jumps, cap)?, start, faces, tries)
}

impl Tries {
    const BY_DENSITY: Tries = Tries {
        ring_bits: Some(RING_BITS),
        max_events: usize::MAX,
        summary: None,
        room: None,
    };
}

/// Which methods a search may try, in order: the staircase with a ring of `2^ring_bits` squares,
/// waves with at most `max_events` pending (0: none), the search from both ends with frontiers
/// of `room` entries (`None`: what the memory budget leaves), then level bits with the summaries
/// given (`None`: only for a board sparse enough for a jump list, where far jumps scatter the
/// early levels' waves; dense boards fill their levels soon).
struct Tries {
    ring_bits: Option<u32>,
    max_events: usize,
    summary: Option<Summary>,
    room: Option<usize>,
}

/// The staircase when the jump list's jumps are short enough for its ring and the die small enough,
/// else (or when it reaches back past its ring) waves when their queue fits, else the search
/// from both ends when the budget leaves it room, else (or when it outgrows that) level bits.
fn search(
    jumps: &impl Jumps,
    gathered: Gathered,
    start: usize,
    faces: usize,
    tries: Tries,
) -> Result<Option<u64>> {
    let Tries {
        ring_bits,
        max_events,
        summary,
        room,
    } = tries;
    let last = jumps.squares();
    if start == last {
        return Ok(Some(0));
    }
    let (is_jump, by_density) = match gathered {
        Gathered::Marks(marks) => (marks, Summary::NONE),
        Gathered::List(list) => {
            let longest = list.longest();
            let faces = faces.min(last);
            // No larger a ring than the board and its longest jump need: a small board then
            // pays little to set it up.
            let need = (last + 1 + 10 * faces).max(4 * longest);
            let fits = need.next_power_of_two().trailing_zeros().max(8);
            if let Some(bits) = ring_bits
                .map(|b| b.min(fits))
                .filter(|&b| faces <= MAX_FACES && longest <= max_span(b))
            {
                if let Climb::Done(rolls) = staircase(&list, last, start, faces, bits)? {
                    return Ok(rolls);
                }
            }
            let index_bytes = block_starts_bytes(last);
            let max_events = max_events.min(event_budget(last, list.bytes() + index_bytes));
            // Each jump far from its square may start a wave that lives long: with more of them
            // than the queue holds, the waves would most likely run out of room half way.
            let far = faces.saturating_mul(64);
            let far_jumps = list
                .jumps
                .iter()
                .filter(|&&(s, d)| s.abs_diff(d) as usize > far);
            if max_events > 0 && far_jumps.count() <= max_events {
                let indexed = Indexed::new(&list, last)?;
                if let Waves::Done(end) = waves(jumps, &indexed, start, faces, max_events, None)? {
                    return Ok(end.map(|end| end.rolls));
                }
            }
            let is_jump = list.marks(last)?;
            let room = room.unwrap_or_else(|| {
                Some(both_ends_room(last, list.jumps.len() - 1))
                    .filter(|&room| room >= MIN_ROOM)
                    .unwrap_or(0)
            });
            if faces < 64 && room > 0 {
                let by_dest = ByDest::new(&list, last)?;
                drop(list);
                if let BothEnds::Done(rolls) =
                    both_ends(jumps, &is_jump, &by_dest, start, faces, room)?
                {
                    return Ok(rolls);
                }
            }
            (is_jump, Summary::for_words(last.div_ceil(64)))
        }
    };
    level_bits(jumps, is_jump, start, faces, summary.unwrap_or(by_density))
}

/// [`min_rolls`] on a LeetCode grid that has not been validated yet: the pass that gathers the
/// jumps checks them too, so the board is read once before the search. The errors are those of
/// [`Board::new`], which also names the cell whenever something is wrong.
///
/// ```
/// use gridgames::snakes::min_rolls_of_grid;
/// assert_eq!(min_rolls_of_grid(&[-1, -1, -1, 3], 2, 2).unwrap(), Some(1));
/// assert!(min_rolls_of_grid(&[-1, -1, 5, -1], 2, 2).is_err()); // 5 > 4
/// ```
pub fn min_rolls_of_grid(cells: &[i32], rows: usize, cols: usize) -> Result<Option<u64>> {
    let squares = check_dimensions(rows, cols)?;
    let mut gather = Gather::new(squares, squares / SQUARES_PER_JUMP);
    let board = Board::new_with_jumps(cells, rows, cols, |s, d| gather.push(s, d))?;
    search(&board, gather.finish()?, 1, 6, Tries::BY_DENSITY)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snakes::jumps::Track;
    use crate::snakes::rules::{Overshoot, Rules};
    use crate::test_support::linear_reference::linear_min_rolls as plain_bfs;
    use proptest::prelude::*;
    use std::collections::VecDeque;

    fn rolls(cells: &[i32], n: usize) -> Option<u64> {
        min_rolls(&Board::square(cells, n).unwrap()).unwrap()
    }

    /// Every method on one table: waves (with room for every event, and with room for two, which
    /// hands over to level bits), the staircase with two rings, level bits without summaries and
    /// with a summary bit per word, per two and per four words (with and without the narrow
    /// levels' walk), with busy levels taken in bulk never, always or early, and the choice by
    /// density.
    fn every_method(table: &[i32], start: usize, faces: usize) -> Vec<Option<u64>> {
        let track = Track::new(table).unwrap();
        [
            Method::ByDensity,
            Method::Waves {
                max_events: usize::MAX,
            },
            Method::Waves { max_events: 2 },
            Method::Staircase {
                ring_bits: RING_BITS,
            },
            Method::Staircase { ring_bits: 8 },
            Method::BothEnds { room: usize::MAX },
            Method::BothEnds { room: 3 },
            Method::Bits(Summary::NONE),
            Method::Bits(Summary {
                bulk: Bulk::ALWAYS,
                ..Summary::NONE
            }),
            Method::Bits(Summary {
                shift: 0,
                narrow: 0,
                bulk: Bulk::NEVER,
            }),
            Method::Bits(Summary {
                shift: 2,
                narrow: 0,
                bulk: Bulk::NEVER,
            }),
            Method::Bits(Summary {
                shift: 1,
                narrow: 64,
                bulk: Bulk::NEVER,
            }),
            Method::Bits(Summary {
                shift: 1,
                narrow: 64,
                bulk: Bulk::ALWAYS,
            }),
            Method::Bits(Summary {
                shift: 0,
                narrow: 0,
                bulk: Bulk { span: 3, ratio: 2 },
            }),
        ]
        .into_iter()
        .map(|m| fewest(&track, start, faces, m).unwrap())
        .collect()
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
        let mut rng = crate::rng::SplitMix64::new(3);
        let mut rnd = |m: u64| rng.below(m);
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

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// Dice of up to 300 faces: level bits cover a word's squares above its lowest position
        /// once the die reaches 64 faces, and shift within two words below that.
        #[test]
        #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
        fn level_bits_with_any_die((table, start, _) in any_table(), faces in 1usize..300) {
            let want = plain_bfs(&table, start, faces);
            let track = Track::new(&table).unwrap();
            prop_assert_eq!(fewest(&track, start, faces, Method::Bits(Summary::NONE)).unwrap(), want);
            for shift in 0..4 {
                for bulk in [Bulk::NEVER, Bulk::ALWAYS] {
                    let bits = Method::Bits(Summary { shift, narrow: 0, bulk });
                    prop_assert_eq!(fewest(&track, start, faces, bits).unwrap(), want);
                }
            }
            prop_assert_eq!(fewest(&track, start, faces, Method::ByDensity).unwrap(), want);
        }
    }

    /// A table from raw draws, one per square: square `s` jumps when its roll (per mille) is
    /// under `per_mille`, to a square drawn from `pick`: anywhere when `reach` is 0, else within
    /// `reach` of `s`. The last square never jumps.
    fn table_of(raw: &[(u32, u32)], per_mille: u32, reach: i64) -> Vec<i32> {
        let last = raw.len() as i64;
        raw.iter()
            .enumerate()
            .map(|(i, &(roll, pick))| {
                let s = i as i64 + 1;
                let pick = i64::from(pick);
                if roll >= per_mille || s == last {
                    -1
                } else if reach == 0 {
                    (pick % last + 1) as i32
                } else {
                    (s + pick % (2 * reach + 1) - reach).clamp(1, last) as i32
                }
            })
            .collect()
    }

    /// Tables of `len` squares, `per_mille` of them jumps within `reach` (0: anywhere), from a
    /// start in the first `1 / start_share` of the table, with `faces`.
    pub(super) fn drawn_table(
        len: usize,
        per_mille: u32,
        reach: i64,
        start_share: usize,
        faces: usize,
    ) -> impl Strategy<Value = (Vec<i32>, usize, usize)> {
        let cells = proptest::collection::vec((0u32..1000, any::<u32>()), len)
            .prop_map(move |raw| table_of(&raw, per_mille, reach));
        (cells, 1..len / start_share, Just(faces))
    }

    /// Long tables sparse enough for the staircase, with short jumps, where the ring wraps many
    /// times; and tables dense with short jumps, where snakes often land on squares a ladder
    /// passed by, deep in stretches whose rolls the ring does not hold.
    fn staircase_table() -> impl Strategy<Value = (Vec<i32>, usize, usize)> {
        prop_oneof![
            (300usize..6000, 1u32..40, 1i64..200, 1usize..=8),
            (300usize..3000, 30u32..400, 1i64..40, 1usize..=8),
        ]
        .prop_flat_map(|(len, per_mille, reach, faces)| {
            drawn_table(len, per_mille, reach, 2, faces)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(800))]

        /// The staircase, with its own ring and with one of 256 squares (which hands more boards
        /// over and wraps many times), gives the plain BFS's answer.
        #[test]
        #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
        fn the_staircase_matches_plain_bfs((table, start, faces) in staircase_table()) {
            let want = plain_bfs(&table, start, faces);
            let track = Track::new(&table).unwrap();
            for ring_bits in [RING_BITS, 8] {
                let got = fewest(&track, start, faces, Method::Staircase { ring_bits }).unwrap();
                prop_assert_eq!(got, want);
            }
        }
    }

    /// Tables large enough for level bits' summaries and busy levels (a span of 64 words or
    /// more): jumps far or near, sparse or dense, any start and die.
    fn wide_table() -> impl Strategy<Value = (Vec<i32>, usize, usize)> {
        (
            4096usize..40_000,
            1u32..250,
            prop_oneof![Just(0i64), 1i64..300],
            1usize..=12,
        )
            .prop_flat_map(|(len, per_mille, reach, faces)| {
                drawn_table(len, per_mille, reach, 4, faces)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]

        /// Level bits as the search picks them, with summaries and busy levels as tuned, and
        /// with busy levels never taken, and the search from both ends, whole or handing over
        /// to level bits, agree with the plain BFS on large tables.
        #[test]
        #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
        fn level_bits_on_wide_tables_match_plain_bfs((table, start, faces) in wide_table()) {
            let want = plain_bfs(&table, start, faces);
            let track = Track::new(&table).unwrap();
            let tuned = Summary::for_words(table.len().div_ceil(64));
            for summary in [tuned, Summary { bulk: Bulk::NEVER, ..tuned }, Summary::NONE] {
                let got = fewest(&track, start, faces, Method::Bits(summary)).unwrap();
                prop_assert_eq!(got, want);
            }
            for room in [usize::MAX, 64] {
                let got = fewest(&track, start, faces, Method::BothEnds { room }).unwrap();
                prop_assert_eq!(got, want);
            }
            prop_assert_eq!(fewest(&track, start, faces, Method::ByDensity).unwrap(), want);
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
    fn improvements_reaching_back_past_the_ring_hand_over() {
        // Below the start only snakes lead: each lands on the window of the next one down, so
        // one improvement staircase passes 50 squares further back each time, past a ring of 256.
        let (last, start) = (400, 300);
        let mut table = vec![-1i32; last];
        for (s, d) in [
            (305, 255),
            (260, 210),
            (215, 165),
            (170, 120),
            (125, 75),
            (80, 30),
        ] {
            table[s - 1] = d;
        }
        let track = Track::new(&table).unwrap();
        let Gathered::List(list) = gather(&track, usize::MAX).unwrap() else {
            panic!("no cap on the list");
        };
        assert!(matches!(
            staircase(&list, last, start, 6, 8).unwrap(),
            Climb::TooFarBack
        ));
        let want = plain_bfs(&table, start, 6);
        assert_eq!(want, Some(17));
        assert!(matches!(
            staircase(&list, last, start, 6, RING_BITS).unwrap(),
            Climb::Done(got) if got == want
        ));
        for got in every_method(&table, start, 6) {
            assert_eq!(got, want);
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn the_six_benchmark_families_agree_with_plain_bfs() {
        // (jumps per thousand squares, reach; 0 = anywhere), as in `benches/leetcode.rs`.
        let families = [(20, 50), (20, 0), (2, 50), (2, 0), (100, 50), (200, 0)];
        let mut rng = crate::rng::SplitMix64::new(5);
        let mut rnd = |m: u64| rng.below(m);
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
        let mut rng = crate::rng::SplitMix64::new(11);
        let mut rnd = |m: u64| rng.below(m);
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
