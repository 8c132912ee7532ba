//! The field's statistics of a board and of a game: 3BV, openings, islands, ZiNi.

pub(crate) mod board_stats; // 3BV, openings, islands, ZiNi and number counts: gg_mines_measure
pub(crate) mod regions; // openings and isolated numbers, which 3BV and ZiNi count
pub(crate) mod zini; // greedy ZiNi
