//! A grid as the solver reads it: one byte per cell that a table decodes into a revealed count
//! 0..=8, `HIDDEN` or `KNOWN_MINE` (see `board/alphabet.rs`). The solver reads two kinds: a
//! parsed `View`, already decoded, and the certain-move player's LeetCode grid.

use super::view::View;
use crate::mines::board::alphabet::{PLAY_DECODE, VIEW_DECODE};

/// A grid as the solver reads it: one byte per cell, row-major, that `decode` turns into a
/// revealed count 0..=8, `HIDDEN` or `KNOWN_MINE`.
#[derive(Clone, Copy)]
pub(crate) struct DecodedGrid<'a> {
    pub cells: &'a [u8],
    pub rows: usize,
    pub cols: usize,
    pub decode: &'a [u8; 256],
    /// Whether every byte already is its own decoding, so that rows can be read as they are.
    pub pre_decoded: bool,
}

impl<'a> DecodedGrid<'a> {
    /// A grid whose bytes are counts 0..=8 or `HIDDEN`, like a parsed [`View`]'s.
    pub(crate) fn of_counts(cells: &'a [u8], rows: usize, cols: usize) -> Self {
        DecodedGrid {
            cells,
            rows,
            cols,
            decode: &VIEW_DECODE,
            pre_decoded: true,
        }
    }

    /// `view` as the solver reads it.
    pub(crate) fn of_view(view: &'a View) -> Self {
        Self::of_counts(view.cells(), view.rows(), view.cols())
    }

    /// The certain-move player's grid: a LeetCode board with proven mines marked.
    pub(crate) fn of_play(cells: &'a [u8], rows: usize, cols: usize) -> Self {
        DecodedGrid {
            cells,
            rows,
            cols,
            decode: &PLAY_DECODE,
            pre_decoded: false,
        }
    }

    #[inline]
    pub(crate) fn at(&self, i: usize) -> u8 {
        self.decode[usize::from(self.cells[i])]
    }
}
