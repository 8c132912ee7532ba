//! What the player sees (the view alphabet) and the true board (the LeetCode alphabet).

use super::session::Game;
use super::state::GameState;
use crate::error::{Error, Result};
use crate::mines::board::alphabet::{TRUE_BOARD, VIEW_LOST, VIEW_PLAYING};

impl Game {
    /// What the player sees, row-major: 'E' hidden, 'F' flagged, 'B' and '1'-'8' revealed; after
    /// a loss 'X' for every mine that was hit and 'M' for the other mines, flagged or not.
    pub fn view_bytes(&self) -> impl ExactSizeIterator<Item = u8> + '_ {
        let table = if self.state == GameState::Lost {
            &VIEW_LOST
        } else {
            &VIEW_PLAYING
        };
        self.cells.iter().map(move |&b| table[usize::from(b)])
    }

    /// The true board in the LeetCode alphabet, row-major: 'M' and 'E' hidden, 'B' and '1'-'8'
    /// revealed, 'X' a mine that was hit; flags are not shown. Before the first reveal of a SAFE
    /// or OPENING game no mine is placed yet, so every cell is 'E'.
    pub fn board_bytes(&self) -> impl ExactSizeIterator<Item = u8> + '_ {
        self.cells.iter().map(|&b| TRUE_BOARD[usize::from(b)])
    }

    /// [`view_bytes`](Game::view_bytes), collected.
    pub fn view(&self) -> Result<Vec<u8>> {
        collect(self.view_bytes())
    }

    /// [`board_bytes`](Game::board_bytes), collected.
    pub fn board(&self) -> Result<Vec<u8>> {
        collect(self.board_bytes())
    }
}

fn collect(bytes: impl ExactSizeIterator<Item = u8>) -> Result<Vec<u8>> {
    let mut v = Vec::new();
    v.try_reserve_exact(bytes.len())
        .map_err(|_| Error::alloc::<u8>(bytes.len(), None))?;
    crate::error::try_extend_exact(&mut v, bytes)?;
    Ok(v)
}
