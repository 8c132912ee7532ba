//! Where a game stands, and the moves it has counted: what the statistics, undo and the views
//! read.

/// Whether the game goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameState {
    /// Moves are accepted.
    Playing,
    /// Every safe cell is revealed.
    Won,
    /// A mine was revealed.
    Lost,
}

/// The moves accepted so far, for the play statistics.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Clicks {
    pub(crate) left: usize,
    pub(crate) right: usize,
    pub(crate) chords: usize,
    pub(crate) effective: usize,
}
