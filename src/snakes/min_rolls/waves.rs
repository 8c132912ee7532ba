//! The wave search for sparse boards (see the module above): a wave crosses open country in one
//! event, and events are taken in level order from a radix heap.

use super::board_source::Jumps;
use super::jump_list::Indexed;
use crate::bitset::BitSet;
use crate::error::Result;
use crate::radix_heap::{Popped, RadixHeap};

/// `from` entries of positions not stood on yet.
pub(super) const UNSET: u32 = u32::MAX;

/// How the last square was reached: the last roll went from `position` and landed on `landing`.
pub(super) struct End {
    pub(super) rolls: u64,
    pub(super) position: usize,
    pub(super) landing: usize,
}

pub(super) enum Waves {
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
pub(super) fn waves(
    jumps: &impl Jumps,
    list: &Indexed,
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
