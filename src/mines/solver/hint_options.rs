//! What the caller lets the hint use: the game's first-click rule and the effort, time against
//! strength.

/// How much the hint looks ahead: time against strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Effort {
    /// The safest cell (ties: the fewest hidden neighbours), with no look-ahead, no 50/50
    /// search and no endgame search: the fastest.
    Fast,
    /// What [`hint`](super::hint::hint) does: the two-move look-ahead over the near-safest candidates, forced and
    /// pseudo-50/50s first, and the exact endgame search; on boards of at least 18% mines, the
    /// leading guesses scored three moves ahead in an opening (at least 90% of cells hidden)
    /// and, when the first click opens, in the middle game (5/16 to 5/8 of cells hidden).
    #[default]
    Standard,
    /// The standard effort with four times its look-ahead room on large boards and sixteen
    /// times its counting work, and the four best guesses scored three moves ahead in full where
    /// that wins more: in the early middle game of a board at least 18% mines (5/8 to 9/10 of
    /// cells hidden) and anywhere on a sparser board. On the same expert games as the standard
    /// effort it wins 0.026 (± 0.014) points more classic and 0.024 (± 0.016) more modern,
    /// 1,000,000 games each, at 0.75-0.81 times the speed. On beginner and intermediate, where it
    /// looks three moves ahead at every guess, it runs at 0.2-0.3 times the standard effort's
    /// speed under the classic rule and about 0.6 under the modern one.
    Deep,
}

/// What the game's rules and the caller's patience let the hint use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HintOptions {
    /// Whether the game's first click is guaranteed an opening (its 3 x 3 block holds no mine).
    /// It decides the hint on an all-hidden view: then (2, 2) (three in along a much longer
    /// side), whose whole block lies on the board; otherwise a corner, the likeliest zero.
    pub first_click_opens: bool,
    /// How much to look ahead.
    pub effort: Effort,
}

impl Default for HintOptions {
    /// What [`hint`](super::hint::hint) assumes: the first click opens, standard effort.
    fn default() -> Self {
        HintOptions {
            first_click_opens: true,
            effort: Effort::Standard,
        }
    }
}
