//! The reveal: a left click on a cell. The first reveal of a SAFE or OPENING game places the mines.

use super::generation::generate;
use super::moves::{Move, MoveKind};
use super::session::Game;
use super::state::GameState;
use crate::error::{ErrorKind, Result};
use crate::mines::board::alphabet::{EMPTY, EXPLODED, MINE};
use crate::mines::click::leetcode_click::Click;

impl Game {
    /// Reveals `(row, col)`.
    ///
    /// A hidden unflagged mine loses the game (`Exploded`); a hidden unflagged safe cell shows
    /// its count and, when that is zero, floods its opening (`Revealed(cells)`); a flagged or
    /// revealed cell is left alone (`Unchanged`). The first reveal of a SAFE or OPENING game
    /// places the mines first. After the game has ended: `GameOver`, nothing changes.
    pub fn reveal(&mut self, row: usize, col: usize) -> Result<Click> {
        let mv = Move {
            kind: MoveKind::Reveal,
            row,
            col,
        };
        self.record(mv, |game| {
            let click = game.reveal_cell(row, col)?;
            game.clicks.left += 1;
            game.clicks.effective += usize::from(click != Click::Unchanged);
            Ok(click)
        })
    }

    fn reveal_cell(&mut self, row: usize, col: usize) -> Result<Click> {
        let i = self.check_move(row, col)?;
        match self.cells[i] {
            EMPTY => {
                if let Some(config) = self.pending {
                    let first = Some((row, col));
                    match &mut self.preset {
                        Some(p) if p.fits(first) => {
                            p.place(&config, first, &mut self.cells)?;
                            p.click = first;
                        }
                        _ => match &self.gave_up {
                            Some((at, e)) if Some(*at) == first => return Err(e.try_clone()),
                            _ => {
                                if let Err(e) = generate(&config, first, &mut self.cells) {
                                    if e.kind() == ErrorKind::GenerationFailed {
                                        self.gave_up = Some(((row, col), e.try_clone()));
                                    }
                                    return Err(e);
                                }
                            }
                        },
                    }
                    self.pending = None;
                    self.history.placed();
                }
                let n = self.open(row, col)?;
                Ok(Click::Revealed(n))
            }
            MINE => {
                self.history.exploding(i)?;
                self.cells[i] = EXPLODED;
                self.state = GameState::Lost;
                Ok(Click::Exploded)
            }
            _ => Ok(Click::Unchanged),
        }
    }
}
