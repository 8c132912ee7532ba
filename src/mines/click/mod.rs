//! One click (LeetCode 529) and the flood fill that opens blank regions.

pub(crate) mod flood; // the scanline flood fill with a fixed memory ceiling
pub(crate) mod flood_few_mines; // fast path: an unplayed board with few mines, in one pass
pub(crate) mod flood_rows; // fast path: large regions swept as row bit masks
pub(crate) mod leetcode_click; // the click itself: click, click_cells, reveal_empty
