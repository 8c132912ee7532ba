//! The move list: every reveal, flag toggle and chord a game accepted, and what each changed, so
//! that `undo.rs` can take it back at the cost of the move and `save.rs` can write the game
//! (`move_recording.rs` records each move and takes it back).
//!
//! What a move changed is logged compactly: the cells it revealed as row-major runs, the mines
//! it hit, the flag it toggled, whether it placed the mines, and the counters before it. The
//! cells a move revealed are found by a pass over the rows its floods wrote, against a bitmap of
//! the cells already revealed (one bit a cell).

use super::state::{Clicks, GameState};
use crate::error::{try_filled, try_push, try_reserve, Result};
use crate::mines::board::alphabet::{BLANK, EMPTY};

/// What kind of move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// [`Game::reveal`](crate::mines::Game::reveal).
    Reveal,
    /// [`Game::toggle_flag`](crate::mines::Game::toggle_flag).
    Flag,
    /// [`Game::chord`](crate::mines::Game::chord).
    Chord,
}

/// One accepted move: a call of [`Game::reveal`](crate::mines::Game::reveal), [`Game::toggle_flag`](crate::mines::Game::toggle_flag) or [`Game::chord`](crate::mines::Game::chord) that
/// returned `Ok`, even one that changed nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The kind of move.
    pub kind: MoveKind,
    /// Its row.
    pub row: usize,
    /// Its column.
    pub col: usize,
}

/// What undo restores of one move.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Step {
    pub(crate) state: GameState,
    pub(crate) hidden_safe: usize,
    pub(crate) flags: usize,
    pub(crate) clicks: Clicks,
    /// Where the move's revealed runs and hit mines start in the logs.
    pub(crate) runs_from: usize,
    pub(crate) exploded_from: usize,
    /// The cell a flag toggle changed, and its byte before.
    pub(crate) flag: Option<(usize, u8)>,
    /// Whether the move placed the mines (the first reveal of a SAFE or OPENING game).
    pub(crate) placed: bool,
}

/// The move list and the logs behind undo.
#[derive(Debug, Clone, Default)]
pub(crate) struct History {
    pub(crate) moves: Vec<Move>,
    pub(crate) steps: Vec<Step>,
    /// Revealed cells, as `(first index, length)` runs in row-major order.
    pub(crate) runs: Vec<(usize, usize)>,
    /// Mines hit ('M' that became 'X').
    pub(crate) exploded: Vec<usize>,
    /// One bit a cell: revealed safe cells, as of the last recorded move.
    pub(crate) shown: Vec<u64>,
    /// The move being made: the rows its floods wrote, and the step so far.
    pub(crate) touched: Option<(usize, usize)>,
    pub(crate) current: Option<Step>,
}

/// Whether a game byte is a revealed safe cell.
fn revealed_safe(b: u8) -> bool {
    b == BLANK || b.wrapping_sub(b'1') < 8
}

/// Bit `k` set when cell `base + k` is a revealed safe cell, for the 64 cells from `base` (those
/// past the end of `cells` are not).
fn revealed_word(cells: &[u8], base: usize) -> u64 {
    match cells.get(base..base + 64) {
        Some(chunk) => chunk
            .chunks_exact(8)
            .enumerate()
            .fold(0, |m, (k, eight)| m | revealed_byte_bits(eight) << (8 * k)),
        None => cells[base.min(cells.len())..]
            .iter()
            .enumerate()
            .fold(0, |m, (k, &b)| m | u64::from(revealed_safe(b)) << k),
    }
}

/// Bit `k` set when byte `k` of `eight` is 'B' or '1'-'8': SWAR on one word. Every game byte is
/// ASCII (below 0x80), so the per-byte sums and differences below never carry into a neighbour.
fn revealed_byte_bits(eight: &[u8]) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let x = u64::from_le_bytes(eight.try_into().expect("8 bytes"));
    debug_assert_eq!(x & HIGH, 0, "game bytes are ASCII");
    // '1'..='8': at least 0x31 and at most 0x38.
    let at_least = x + ONES * (0x80 - 0x31);
    let at_most = ONES * (0x80 + 0x38) - x;
    let digit = at_least & at_most;
    // 'B': the byte XOR 'B' is zero.
    let diff = x ^ (ONES * u64::from(BLANK));
    let blank = !(((diff & !HIGH) + !HIGH) | diff);
    let hits = (digit | blank) & HIGH;
    // Gather the eight high bits into the low byte, byte k to bit k.
    ((hits >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

impl History {
    /// A history for a game of `cells`, marking the cells it already shows as revealed (none,
    /// for a new game: `revealed` false skips the pass over them).
    pub(crate) fn new(cells: &[u8], revealed: bool) -> Result<History> {
        let mut shown = try_filled(cells.len().div_ceil(64), 0u64)?;
        if revealed {
            for (w, word) in shown.iter_mut().enumerate() {
                *word = revealed_word(cells, w * 64);
            }
        }
        Ok(History {
            shown,
            ..History::default()
        })
    }

    /// Notes that the move being made wrote rows `first..=last`.
    pub(crate) fn touch(&mut self, first: usize, last: usize) {
        self.touched = Some(match self.touched {
            Some((a, b)) => (a.min(first), b.max(last)),
            None => (first, last),
        });
    }

    /// Notes that the move being made placed the mines.
    pub(crate) fn placed(&mut self) {
        if let Some(step) = &mut self.current {
            step.placed = true;
        }
    }

    /// Logs a mine the move being made is about to hit.
    pub(crate) fn exploding(&mut self, i: usize) -> Result<()> {
        try_push(&mut self.exploded, i)
    }

    /// Notes the flag toggle of the move being made: the cell and its byte before.
    pub(crate) fn flagging(&mut self, i: usize, before: u8) {
        if let Some(step) = &mut self.current {
            step.flag = Some((i, before));
        }
    }

    /// The cells the move being made wrote to: its rows, as a range of cell indices.
    fn touched_cells(&self, cols: usize) -> std::ops::Range<usize> {
        self.touched
            .map_or(0..0, |(first, last)| first * cols..(last + 1) * cols)
    }

    /// The cells of bitmap word `w` inside `range` that are revealed now and not in the bitmap.
    fn new_bits(&self, cells: &[u8], w: usize, range: &std::ops::Range<usize>) -> u64 {
        let base = w * 64;
        let low = range.start.saturating_sub(base).min(64);
        let high = (range.end - base).min(64);
        let keep = (u64::MAX >> (64 - high)) & (u64::MAX << low);
        revealed_word(cells, base) & !self.shown[w] & keep
    }

    /// Logs the cells the move being made revealed, as runs, a bitmap word at a time: two
    /// passes, the first to count the runs, so that nothing can fail once the bitmap starts to
    /// change.
    pub(crate) fn log_revealed(&mut self, cells: &[u8], cols: usize) -> Result<()> {
        let range = self.touched_cells(cols);
        let words = range.start / 64..range.end.div_ceil(64);
        let mut runs = 0;
        let mut carry = 0u64;
        for w in words.clone() {
            let new = self.new_bits(cells, w, &range);
            runs += (new & !(new << 1 | carry)).count_ones() as usize;
            carry = new >> 63;
        }
        if runs == 0 {
            return Ok(());
        }
        try_reserve(&mut self.runs, runs)?;
        let (mut open, mut carry) = (0usize, 0u64);
        for w in words {
            let new = self.new_bits(cells, w, &range);
            self.shown[w] |= new;
            // Runs start where a new cell follows an old one, and end where an old one follows
            // a new one; the two alternate, so they are taken in order.
            let base = w * 64;
            let (mut starts, mut ends) = (new & !(new << 1 | carry), !new & (new << 1 | carry));
            while starts | ends != 0 {
                let (s, e) = (starts.trailing_zeros(), ends.trailing_zeros());
                if s < e {
                    open = base + s as usize;
                    starts &= starts - 1;
                } else {
                    crate::error::try_push(&mut self.runs, (open, base + e as usize - open))?;
                    ends &= ends - 1;
                }
            }
            carry = new >> 63;
        }
        if carry == 1 {
            crate::error::try_push(&mut self.runs, (open, range.end - open))?;
        }
        Ok(())
    }

    /// Hides again the cells of the touched rows that are revealed but not in the bitmap: what a
    /// move that failed part-way (out of memory in a flood) revealed. Returns how many.
    pub(crate) fn hide_unlogged(&self, cells: &mut [u8], cols: usize) -> usize {
        let Some((first, last)) = self.touched else {
            return 0;
        };
        let mut n = 0;
        let start = first * cols;
        for (i, b) in cells[start..(last + 1) * cols].iter_mut().enumerate() {
            let i = start + i;
            if revealed_safe(*b) && self.shown[i / 64] >> (i % 64) & 1 == 0 {
                *b = EMPTY;
                n += 1;
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn revealed_words_match_one_cell_at_a_time() {
        let bytes: Vec<u8> = (0u8..0x80).chain(*b"B12345678EemMX").collect();
        let mut rng = crate::rng::SplitMix64::new(4);
        for _ in 0..500 {
            let len = 1 + rng.below(200) as usize;
            let cells: Vec<u8> = (0..len)
                .map(|_| bytes[rng.below(bytes.len() as u64) as usize])
                .collect();
            for base in (0..len).step_by(64) {
                let want = (0..64)
                    .filter(|&k| cells.get(base + k).is_some_and(|&b| revealed_safe(b)))
                    .fold(0u64, |m, k| m | 1 << k);
                assert_eq!(revealed_word(&cells, base), want, "{cells:?} at {base}");
            }
        }
    }
}
