//! Save a game session to a record and load it back (the format: docs/save-format.md): the
//! configuration and the turns. Loading replays the turns, rolling the seeded die again, so a
//! loaded game rolls the same future as the saved one.

use super::turns::Session;
use crate::error::{try_filled, ErrorKind, Result};
use crate::record::{bad, RecordReader, RecordWriter};
use crate::snakes::rules::{Overshoot, Rules};

/// The magic that starts a Snakes and Ladders record.
pub const SNAKES_MAGIC: &[u8; 4] = b"GGSL";
/// The version `save` writes; `load` reads every version up to it.
pub const SNAKES_RECORD_VERSION: u16 = 1;

impl Session {
    /// The game as a self-contained record: the jump table, the rules, the players, the seed and
    /// every turn (its face, and whether the game's die rolled it).
    pub fn save(&self) -> Result<Vec<u8>> {
        let mut w = RecordWriter::new(
            SNAKES_MAGIC,
            SNAKES_RECORD_VERSION,
            2 * self.jumps.len() + 2 * self.played.len() + 40,
        )?;
        w.varint(self.jumps.len() as u64)?;
        for &j in &self.jumps {
            // -1 (no jump) is 0, a destination d is d + 1.
            w.varint((i64::from(j) + 1) as u64)?;
        }
        w.varint(u64::from(self.rules.faces))?;
        w.u8(match self.rules.overshoot {
            Overshoot::Stay => 0,
            Overshoot::Bounce => 1,
            Overshoot::Finish => 2,
        })?;
        w.varint(self.rules.start as u64)?;
        w.varint(u64::from(self.players))?;
        w.u64(self.seed)?;
        w.varint(self.played.len() as u64)?;
        for p in &self.played {
            w.varint(u64::from(p.turn.face) << 1 | u64::from(p.rolled))?;
        }
        w.finish()
    }

    /// The game a record of [`Session::save`] holds, with its turns replayed.
    ///
    /// Errors: `BadRecord` for anything `save` did not write (a wrong magic or version, a
    /// truncated record or trailing bytes, a bad checksum, a table or rules that are not a legal
    /// game, a turn after the game ended, a rolled turn whose face is not what the seeded die
    /// rolls), with a message that says which; `OutOfMemory`. What loading allocates is bounded
    /// by the record: the table takes at least a byte a square.
    pub fn load(record: &[u8]) -> Result<Session> {
        let mut r = RecordReader::open(
            record,
            SNAKES_MAGIC,
            SNAKES_RECORD_VERSION,
            "Snakes and Ladders",
        )?;
        let squares = r.size("the square count")?;
        if squares > r.left() {
            return Err(bad(format_args!(
                "{squares} squares cannot fit in the {} bytes left",
                r.left()
            )));
        }
        let mut jumps = try_filled(squares, -1i32)?;
        for (s, j) in jumps.iter_mut().enumerate() {
            let v = r.varint("a jump")?;
            *j = i32::try_from(v as i64 - 1)
                .ok()
                .filter(|&d| v <= i32::MAX as u64 + 1 && d >= -1)
                .ok_or_else(|| bad(format_args!("square {} holds {v}, not a jump", s + 1)))?;
        }
        let faces = u32::try_from(r.varint("the faces")?)
            .map_err(|_| bad("the die has more than 2^32 - 1 faces"))?;
        let overshoot = match r.u8("the overshoot rule")? {
            0 => Overshoot::Stay,
            1 => Overshoot::Bounce,
            2 => Overshoot::Finish,
            x => return Err(bad(format_args!("overshoot rule {x} is not 0, 1 or 2"))),
        };
        let start = r.size("the start")?;
        let players = u32::try_from(r.varint("the players")?)
            .map_err(|_| bad("more than 2^32 - 1 players"))?;
        let seed = r.u64("the seed")?;
        let rules = Rules {
            faces,
            overshoot,
            start,
        };
        let mut game = Session::new(&jumps, rules, players, seed).map_err(|e| {
            if e.kind() == ErrorKind::OutOfMemory {
                return e;
            }
            bad(format_args!(
                "the record's game is not legal: {}",
                e.detail()
            ))
        })?;
        let turns = r.size("the turn count")?;
        if turns > r.left() {
            return Err(bad(format_args!(
                "{turns} turns cannot fit in the {} bytes left",
                r.left()
            )));
        }
        for k in 0..turns {
            let v = r.varint("a turn")?;
            let (face, rolled) = (v >> 1, v & 1 == 1);
            let face = u32::try_from(face)
                .map_err(|_| bad(format_args!("turn {k} has face {face}, beyond 2^32 - 1")))?;
            let turn = if rolled { game.roll() } else { game.play(face) };
            let turn = turn.map_err(|e| {
                if e.kind() == ErrorKind::OutOfMemory {
                    return e;
                }
                bad(format_args!("turn {k} is not legal: {}", e.detail()))
            })?;
            if turn.face != face {
                return Err(bad(format_args!(
                    "turn {k} records a roll of {face}, but the seeded die rolls {}",
                    turn.face
                )));
            }
        }
        r.finish()?;
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snakes::milton_bradley_jumps;

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn a_loaded_game_rolls_the_same_future() {
        let jumps = milton_bradley_jumps();
        let mut g = Session::new(&jumps, Rules::STANDARD, 3, 77).unwrap();
        for k in 0..40 {
            if k % 5 == 0 {
                g.play(1 + k % 6).unwrap();
            } else {
                g.roll().unwrap();
            }
        }
        let mut l = Session::load(&g.save().unwrap()).unwrap();
        assert_eq!(l.save().unwrap(), g.save().unwrap());
        assert_eq!(l.positions(), g.positions());
        for _ in 0..200 {
            assert_eq!(g.roll().ok(), l.roll().ok());
        }
    }

    #[test]
    fn a_rolled_face_the_die_would_not_roll_is_refused() {
        let jumps = milton_bradley_jumps();
        let mut g = Session::new(&jumps, Rules::STANDARD, 1, 5).unwrap();
        let face = g.roll().unwrap().face;
        let mut rec = g.save().unwrap();
        let n = rec.len();
        // The last turn's byte, just before the checksum: another face, still "rolled".
        rec[n - 5] = ((face % 6 + 1) << 1 | 1) as u8;
        let body = rec[..n - 4].to_vec();
        rec[n - 4..].copy_from_slice(&crate::record::crc32(&body).to_le_bytes());
        let e = Session::load(&rec).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::BadRecord);
        assert!(e.detail().contains("seeded die"), "{}", e.detail());
    }
}
