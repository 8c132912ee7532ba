//! Save a game to a record and load it back (the format: docs/save-format.md).
//!
//! A record holds how the board was made and every accepted move. Loading makes the board again
//! and replays the moves, so a loaded game cannot be told from the saved one. The mine layout is
//! in the record too, one bit a cell: a later release loads the same board even where its
//! no-guess generator would make another, and a record's length bounds what loading allocates.

use super::config::{Config, FirstClick};
use super::generation::Preset;
use super::moves::MoveKind;
use super::session::Game;
use crate::error::{try_filled, ErrorKind, Result};
use crate::mines::board::alphabet::{digit, EMPTY, EXPLODED, FLAGGED_MINE, MINE};
use crate::mines::board::block::for_block;
use crate::mines::solver::certain_moves::Logic;
use crate::record::{bad, RecordReader, RecordWriter};

/// The magic that starts a Minesweeper record.
pub const MINES_MAGIC: &[u8; 4] = b"GGMS";
/// The version `save` writes; `load` reads every version up to it.
pub const MINES_RECORD_VERSION: u16 = 1;

const GENERATED: u8 = 0;
const GIVEN: u8 = 1;

fn rule_code(rule: FirstClick) -> u8 {
    match rule {
        FirstClick::Any => 0,
        FirstClick::Safe => 1,
        FirstClick::Opening => 2,
    }
}

fn logic_code(logic: Option<Logic>) -> u8 {
    match logic {
        None => 0,
        Some(Logic::WithCount) => 1,
        Some(Logic::NumbersOnly) => 2,
    }
}

fn kind_code(kind: MoveKind) -> u8 {
    match kind {
        MoveKind::Reveal => 0,
        MoveKind::Flag => 1,
        MoveKind::Chord => 2,
    }
}

/// A bitmap of `len` cells, one bit each, least significant bit first in each byte.
fn bitmap_bytes(len: usize, set: impl Fn(usize) -> bool) -> Result<Vec<u8>> {
    let mut out = try_filled(len.div_ceil(8), 0u8)?;
    for i in 0..len {
        if set(i) {
            out[i / 8] |= 1 << (i % 8);
        }
    }
    Ok(out)
}

fn bit(bytes: &[u8], i: usize) -> bool {
    bytes[i / 8] >> (i % 8) & 1 == 1
}

impl Game {
    /// The game as a self-contained record: how the board was made, the mine layout, and every
    /// accepted move in order. [`Game::load`] turns it back into the same game.
    pub fn save(&self) -> Result<Vec<u8>> {
        let cells = self.rows * self.cols;
        let bitmap = cells.div_ceil(8);
        let moves = self.history.moves.len();
        let mut w = RecordWriter::new(
            MINES_MAGIC,
            MINES_RECORD_VERSION,
            2 * bitmap + 3 * moves + 40,
        )?;
        let is_mine = |i: usize| matches!(self.cells[i], MINE | FLAGGED_MINE | EXPLODED);
        match &self.origin {
            Some(config) => {
                w.u8(GENERATED)?;
                w.varint(self.rows as u64)?;
                w.varint(self.cols as u64)?;
                w.varint(config.mines as u64)?;
                w.u64(config.seed)?;
                w.u8(rule_code(config.first_click))?;
                w.u8(logic_code(config.no_guess))?;
                w.u8(u8::from(self.mines_placed()))?;
                w.bytes(&bitmap_bytes(cells, is_mine)?)?;
            }
            None => {
                w.u8(GIVEN)?;
                w.varint(self.rows as u64)?;
                w.varint(self.cols as u64)?;
                w.bytes(&bitmap_bytes(cells, is_mine)?)?;
                // What the board showed when it was given: what is shown now, less what the
                // moves revealed and the mines they hit.
                let mut shown = bitmap_bytes(cells, |i| {
                    self.history.shown[i / 64] >> (i % 64) & 1 == 1 || self.cells[i] == EXPLODED
                })?;
                for &(start, len) in &self.history.runs {
                    for i in start..start + len {
                        shown[i / 8] &= !(1 << (i % 8));
                    }
                }
                for &i in &self.history.exploded {
                    shown[i / 8] &= !(1 << (i % 8));
                }
                w.bytes(&shown)?;
            }
        }
        w.varint(moves as u64)?;
        for mv in &self.history.moves {
            w.u8(kind_code(mv.kind))?;
            w.varint(mv.row as u64)?;
            w.varint(mv.col as u64)?;
        }
        w.finish()
    }

    /// The game a record of [`Game::save`] holds, with its moves replayed.
    ///
    /// Errors: `BadRecord` for anything `save` did not write (a wrong magic or version, a
    /// truncated record or trailing bytes, a bad checksum, a configuration or board that is not
    /// a legal game, a layout the configuration does not allow, a move off the board or after the
    /// game ended), with a message that says which; `OutOfMemory`. What loading allocates is
    /// bounded by the record: the layout takes one bit a cell.
    pub fn load(record: &[u8]) -> Result<Game> {
        let mut r = RecordReader::open(record, MINES_MAGIC, MINES_RECORD_VERSION, "Minesweeper")?;
        let origin = r.u8("the origin")?;
        let rows = r.size("the rows")?;
        let cols = r.size("the columns")?;
        let cells = rows
            .checked_mul(cols)
            .filter(|&n| n > 0 && n <= isize::MAX as usize)
            .ok_or_else(|| bad(format_args!("a {rows} x {cols} board is not a legal size")))?;
        let bitmap = cells.div_ceil(8);
        let mut game = match origin {
            GENERATED => {
                let mines = r.size("the mine count")?;
                let seed = r.u64("the seed")?;
                let first_click = match r.u8("the first-click rule")? {
                    0 => FirstClick::Any,
                    1 => FirstClick::Safe,
                    2 => FirstClick::Opening,
                    x => return Err(bad(format_args!("first-click rule {x} is not 0, 1 or 2"))),
                };
                let no_guess = match r.u8("the no-guess setting")? {
                    0 => None,
                    1 => Some(Logic::WithCount),
                    2 => Some(Logic::NumbersOnly),
                    x => return Err(bad(format_args!("no-guess setting {x} is not 0, 1 or 2"))),
                };
                let placed = match r.u8("the placed flag")? {
                    0 => false,
                    1 => true,
                    x => return Err(bad(format_args!("the placed flag is {x}, not 0 or 1"))),
                };
                // Checked before the board is allocated: the layout holds a bit for every cell.
                let layout = r.bytes(bitmap, "the mine layout")?;
                let config = Config {
                    rows,
                    cols,
                    mines,
                    seed,
                    first_click,
                    no_guess,
                };
                config.check().map_err(|e| {
                    bad(format_args!(
                        "the configuration is not a legal game: {}",
                        e.detail()
                    ))
                })?;
                if !placed && layout.iter().any(|&b| b != 0) {
                    return Err(bad(
                        "mines are recorded for a board whose mines are not placed",
                    ));
                }
                let preset = if placed {
                    let mut words = try_filled(cells.div_ceil(64), 0u64)?;
                    for i in (0..cells).filter(|&i| bit(layout, i)) {
                        words[i / 64] |= 1 << (i % 64);
                    }
                    Some(Preset {
                        mines: words,
                        click: None,
                    })
                } else {
                    None
                };
                let game = Game::generated(&config, preset).map_err(as_bad)?;
                (game, Some(placed))
            }
            GIVEN => {
                let mine = r.bytes(bitmap, "the mine layout")?;
                let shown = r.bytes(bitmap, "the revealed cells")?;
                let mut board = try_filled(cells, EMPTY)?;
                for (i, b) in board.iter_mut().enumerate() {
                    *b = match (bit(mine, i), bit(shown, i)) {
                        (true, false) => MINE,
                        (true, true) => EXPLODED,
                        (false, false) => EMPTY,
                        (false, true) => {
                            let mut k = 0;
                            for_block(i, rows, cols, |j| k += u8::from(bit(mine, j)));
                            digit(k)
                        }
                    };
                }
                let game = Game::from_board(&board, rows, cols).map_err(as_bad)?;
                (game, None)
            }
            x => {
                return Err(bad(format_args!(
                    "origin {x} is neither 0 (generated) nor 1 (given)"
                )))
            }
        };
        let (ref mut g, placed) = game;
        let count = r.size("the move count")?;
        if count > r.left() / 3 {
            return Err(bad(format_args!(
                "{count} moves cannot fit in the {} bytes left",
                r.left()
            )));
        }
        for k in 0..count {
            let kind = match r.u8("a move's kind")? {
                0 => MoveKind::Reveal,
                1 => MoveKind::Flag,
                2 => MoveKind::Chord,
                x => return Err(bad(format_args!("move {k} has kind {x}, not 0, 1 or 2"))),
            };
            let row = r.size("a move's row")?;
            let col = r.size("a move's column")?;
            let made = match kind {
                MoveKind::Reveal => g.reveal(row, col).map(drop),
                MoveKind::Flag => g.toggle_flag(row, col).map(drop),
                MoveKind::Chord => g.chord(row, col).map(drop),
            };
            made.map_err(|e| {
                if e.kind() == ErrorKind::OutOfMemory {
                    return e;
                }
                bad(format_args!(
                    "move {k} ({kind:?} at ({row}, {col})) is not legal: {}",
                    e.detail()
                ))
            })?;
        }
        r.finish()?;
        if let Some(placed) = placed {
            if placed != g.mines_placed() {
                return Err(bad(if placed {
                    "the mines are recorded as placed, but no recorded reveal placed them"
                } else {
                    "a recorded reveal places the mines, but no layout is recorded"
                }));
            }
        }
        Ok(game.0)
    }
}

/// A record's contents that are not a legal game: `BadRecord`, unless memory ran out.
fn as_bad(e: crate::error::Error) -> crate::error::Error {
    if e.kind() == ErrorKind::OutOfMemory {
        e
    } else {
        bad(format_args!(
            "the record's board is not a legal game: {}",
            e.detail()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mines::GameState;

    fn expert(seed: u64, rule: FirstClick) -> Config {
        Config {
            rows: 16,
            cols: 30,
            mines: 99,
            seed,
            first_click: rule,
            no_guess: None,
        }
    }

    fn same(a: &Game, b: &Game) {
        assert_eq!(a.view().unwrap(), b.view().unwrap());
        assert_eq!(a.board().unwrap(), b.board().unwrap());
        assert_eq!(a.state(), b.state());
        assert_eq!(a.stats().unwrap(), b.stats().unwrap());
        assert_eq!(a.moves(), b.moves());
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn an_expert_game_of_two_hundred_moves_takes_under_two_kilobytes() {
        let mut g = Game::new(&expert(7, FirstClick::Opening)).unwrap();
        g.reveal(8, 15).unwrap();
        let mut k = 0;
        while g.moves().len() < 200 {
            let (r, c) = (k % 16, (k * 7) % 30);
            k += 1;
            if g.state() != GameState::Playing {
                g.undo().unwrap();
            }
            let _ = g.toggle_flag(r, c).unwrap();
        }
        let record = g.save().unwrap();
        assert!(record.len() < 2048, "{} bytes", record.len());
        same(&g, &Game::load(&record).unwrap());
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn loaded_games_equal_saved_ones_and_play_on_alike() {
        for rule in [FirstClick::Any, FirstClick::Safe, FirstClick::Opening] {
            let mut g = Game::new(&expert(3, rule)).unwrap();
            let mut l = Game::load(&g.save().unwrap()).unwrap();
            same(&g, &l);
            for (r, c) in [(8, 15), (0, 0), (15, 29), (3, 20), (8, 16)] {
                assert_eq!(g.toggle_flag(r, c).is_ok(), l.toggle_flag(r, c).is_ok());
                assert_eq!(g.reveal(r, c).ok(), l.reveal(r, c).ok());
                assert_eq!(g.chord(r, c).ok(), l.chord(r, c).ok());
                same(&g, &l);
                l = Game::load(&g.save().unwrap()).unwrap();
                same(&g, &l);
                assert_eq!(l.save().unwrap(), g.save().unwrap());
            }
        }
    }

    #[test]
    fn given_boards_come_back_with_what_they_showed() {
        let mut g = Game::from_board(b"MEEEEEEEEEEEBBEE", 4, 4).unwrap();
        g.toggle_flag(0, 0).unwrap();
        g.reveal(3, 3).unwrap();
        let l = Game::load(&g.save().unwrap()).unwrap();
        same(&g, &l);
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn records_that_save_did_not_write_are_refused() {
        let mut g = Game::new(&expert(5, FirstClick::Safe)).unwrap();
        g.reveal(0, 0).unwrap();
        let rec = g.save().unwrap();
        let kind = |rec: &[u8]| Game::load(rec).err().map(|e| e.kind());
        assert_eq!(kind(&rec[..rec.len() - 5]), Some(ErrorKind::BadRecord));
        let mut longer = rec.clone();
        longer.push(0);
        assert_eq!(kind(&longer), Some(ErrorKind::BadRecord));
        // A record whose checksum is right but whose board is huge and whose layout is missing.
        let mut w = RecordWriter::new(MINES_MAGIC, 1, 0).unwrap();
        w.u8(GENERATED).unwrap();
        w.varint(1_000_000).unwrap();
        w.varint(1_000_000).unwrap();
        let e = Game::load(&w.finish().unwrap()).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::BadRecord, "{}", e.detail());
    }
}
