//! The chord: on a revealed number with exactly that many flags around it, reveal every other
//! hidden neighbour at once. A game move, like `reveal.rs` and `flag.rs`.

use super::moves::{Move, MoveKind};
use super::session::Game;
use super::state::GameState;
use crate::error::Result;
use crate::mines::board::alphabet::{EMPTY, EXPLODED, MINE};
use crate::mines::board::alphabet::{FLAGGED_EMPTY, FLAGGED_MINE};
use crate::mines::board::block::{block_cells, for_block};
use crate::mines::click::leetcode_click::Click;

impl Game {
    /// Chords on `(row, col)`: when it is a revealed digit with exactly that many flagged
    /// neighbours, reveals every unflagged hidden neighbour, in row-major order, as [`reveal`]
    /// would. A wrongly placed flag means a mine is among them: every mine the chord uncovers
    /// shows 'X' and the game is lost (`Exploded`). Otherwise nothing happens (`Unchanged`).
    /// After the game has ended: `GameOver`, nothing changes.
    ///
    /// [`reveal`]: Game::reveal
    pub fn chord(&mut self, row: usize, col: usize) -> Result<Click> {
        let mv = Move {
            kind: MoveKind::Chord,
            row,
            col,
        };
        self.record(mv, |game| {
            let click = game.chord_cell(row, col)?;
            game.clicks.chords += 1;
            game.clicks.effective += usize::from(click != Click::Unchanged);
            Ok(click)
        })
    }

    fn chord_cell(&mut self, row: usize, col: usize) -> Result<Click> {
        let i = self.check_move(row, col)?;
        let digit = self.cells[i];
        if !(b'1'..=b'8').contains(&digit) {
            return Ok(Click::Unchanged);
        }
        let mut flagged = 0;
        for_block(i, self.rows, self.cols, |j| {
            flagged += u8::from(matches!(self.cells[j], FLAGGED_EMPTY | FLAGGED_MINE));
        });
        if flagged != digit - b'0' {
            return Ok(Click::Unchanged);
        }
        let (mut revealed, mut exploded) = (0, false);
        for j in block_cells(i, self.rows, self.cols) {
            match self.cells[j] {
                MINE => {
                    self.history.exploding(j)?;
                    self.cells[j] = EXPLODED;
                    exploded = true;
                }
                // An earlier neighbour's flood may already have opened this one.
                EMPTY => match self.open(j / self.cols, j % self.cols) {
                    Ok(n) => revealed += n,
                    Err(e) => {
                        if exploded {
                            self.state = GameState::Lost;
                        }
                        return Err(e);
                    }
                },
                _ => {}
            }
        }
        Ok(if exploded {
            self.state = GameState::Lost;
            Click::Exploded
        } else if revealed == 0 {
            Click::Unchanged
        } else {
            Click::Revealed(revealed)
        })
    }
}
