//! The rules of a real game of Snakes and Ladders: die size, what happens past the last square,
//! where players start, and one turn of play.
//!
//! A position is 0 (off the board) or a square `1..=N`; square `N` ends the game. From position
//! `p` a roll of `f` aims at `t = p + f`. Past `N`, [`Overshoot`] decides: stay put (the turn is
//! used), bounce back to `2N - t`, or finish on `N`. If the square reached holds a jump, the player
//! follows it once.

use super::jumps::Track;
use crate::error::{Error, ErrorKind, Result};

/// What a roll that passes the last square does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Overshoot {
    /// The player does not move and the turn is used: the last square must be hit exactly.
    Stay,
    /// The player counts back from the last square: aiming at `t > N` lands on `2N - t`. Needs
    /// `faces <= N`, so that every bounce lands on the board.
    Bounce,
    /// The player finishes on the last square.
    Finish,
}

/// How a game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Die faces, at least 1; each face is equally likely. 6 for a standard die.
    pub faces: u32,
    /// What a roll past the last square does.
    pub overshoot: Overshoot,
    /// Where every player begins: 0 is off the board (a first roll of `k` lands on square `k`),
    /// `s` in `1..N` is standing on square `s` (its jump, if any, is not taken).
    pub start: usize,
}

impl Rules {
    /// Rules from their three parts (validated when a [`Game`] is built).
    pub const fn new(faces: u32, overshoot: Overshoot, start: usize) -> Self {
        Rules {
            faces,
            overshoot,
            start,
        }
    }

    /// The usual game: a six-faced die, exact landing on the last square, start off the board.
    pub const STANDARD: Rules = Rules {
        faces: 6,
        overshoot: Overshoot::Stay,
        start: 0,
    };
}

/// A validated jump table together with validated rules: everything needed to play.
///
/// ```
/// use gridgames::snakes::{Game, Overshoot, Rules};
/// let jumps = [-1, -1, 1, -1, -1, -1, -1, -1, -1, -1];
/// let rules = Rules { faces: 6, overshoot: Overshoot::Bounce, start: 0 };
/// let game = Game::new(&jumps, rules).unwrap();
/// assert_eq!(game.step(0, 3).unwrap(), 1); // lands on 3, slides to 1
/// assert_eq!(game.step(8, 4).unwrap(), 8); // aims at 12, bounces back to 8
/// assert!(game.step(8, 7).is_err());       // a six-faced die has no 7
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Game<'a> {
    track: Track<'a>,
    rules: Rules,
}

impl<'a> Game<'a> {
    /// Validates the table and the rules against each other.
    ///
    /// Errors: those of [`Track::new`]; `InvalidArgument` for 0 faces, a start that is not below
    /// the last square, or the bounce rule with more faces than squares.
    pub fn new(jumps: &'a [i32], rules: Rules) -> Result<Self> {
        let squares = super::jumps::check_squares(jumps.len())?;
        check_rules(&rules, squares)?;
        Ok(Game {
            track: Track::new(jumps)?,
            rules,
        })
    }

    /// A table and rules that [`Game::new`] accepted before (a session's own copy), taken
    /// without checking them again.
    pub(crate) fn validated(jumps: &'a [i32], rules: Rules) -> Self {
        Game {
            track: Track::validated(jumps),
            rules,
        }
    }

    /// The number of squares `N`.
    #[inline]
    pub fn squares(&self) -> usize {
        self.track.squares()
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The jump table.
    pub fn track(&self) -> Track<'a> {
        self.track
    }

    /// Die faces as a `usize`.
    #[inline]
    pub(crate) fn faces(&self) -> usize {
        self.rules.faces as usize
    }

    /// Where a move that lands on square `t` ends.
    #[inline]
    pub(crate) fn dest(&self, t: usize) -> usize {
        self.track.dest(t)
    }

    /// One roll: the position after rolling `face` from position `from`.
    ///
    /// Errors: `OutOfBounds` for `from > N`, `GameOver` for `from == N`, `InvalidArgument` for a
    /// face outside `1..=faces`.
    pub fn step(&self, from: usize, face: u32) -> Result<usize> {
        let n = self.squares();
        if from > n {
            return Err(Error::new(
                ErrorKind::OutOfBounds,
                format_args!("from is {from}; a position is 0 (off the board) to {n}"),
            ));
        }
        if from == n {
            return Err(Error::new(
                ErrorKind::GameOver,
                format_args!("from is {n}, the last square: the game is over"),
            ));
        }
        if face == 0 || face > self.rules.faces {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                format_args!("face is {face}; the die has faces 1..{}", self.rules.faces),
            ));
        }
        Ok(self.next(from, face as usize))
    }

    /// [`Game::step`] without the checks: `from < N`, `face` in `1..=faces`.
    #[inline]
    pub(crate) fn next(&self, from: usize, face: usize) -> usize {
        let n = self.squares();
        // Saturating for 32-bit targets; bounce dice have at most N faces, so never saturate.
        let t = from.saturating_add(face);
        if t <= n {
            return self.dest(t);
        }
        match self.rules.overshoot {
            Overshoot::Stay => from,
            Overshoot::Bounce => self.dest(2 * n - t),
            Overshoot::Finish => n,
        }
    }

    /// The faces of position `p < N` that pass the last square.
    #[inline]
    pub(crate) fn overshoot_faces(&self, p: usize) -> usize {
        self.faces().saturating_sub(self.squares() - p)
    }

    /// The lowest position some of whose faces pass the last square: `N + 1 - faces`, or 0.
    #[inline]
    pub(crate) fn overshoot_from(&self) -> usize {
        (self.squares() + 1).saturating_sub(self.faces())
    }

    /// The reverse of [`Game::landing_ranges`]: the positions from which one roll lands on square
    /// `t` (before its jump), as up to two inclusive ranges, `[t - faces, t - 1]` and, under the
    /// bounce rule, `[2N - t - faces, N - 1]` for `t < N`. Empty ranges have `lo > hi`.
    #[inline]
    pub(crate) fn landing_sources(&self, t: usize) -> [(usize, usize); 2] {
        let n = self.squares();
        let fwd = (t.saturating_sub(self.faces()), t.saturating_sub(1));
        let back = if self.rules.overshoot == Overshoot::Bounce && t < n {
            ((2 * n - t).saturating_sub(self.faces()), n - 1)
        } else {
            (1, 0)
        };
        [if t == 0 { (1, 0) } else { fwd }, back]
    }

    /// The squares a roll from `p < N` can land on before any jump, as up to two inclusive
    /// ranges: the forward one `[p+1, min(p+faces, N)]` and, under the bounce rule, the squares
    /// counted back from `N`. Each square in a range is reached by exactly one face.
    #[inline]
    pub(crate) fn landing_ranges(&self, p: usize) -> [(usize, usize); 2] {
        let n = self.squares();
        // Saturating: a die may have 2^32 - 1 faces where usize has 32 bits.
        let fwd = (p + 1, p.saturating_add(self.faces()).min(n));
        let over = self.overshoot_faces(p);
        let back = if over > 0 && self.rules.overshoot == Overshoot::Bounce {
            // Faces N-p+1..faces aim at N+1..p+faces and land on N-1 down to 2N-p-faces.
            (n - over, n - 1)
        } else {
            (1, 0)
        };
        [fwd, back]
    }

    /// The faces of a roll from `p < N` that pass the last square without landing on any square,
    /// and the position they leave the player on: `p` under the exact-landing rule, `N` under the
    /// finish rule. None (count 0) under the bounce rule, whose overshooting faces land on the
    /// second range of [`Game::landing_ranges`].
    #[inline]
    pub(crate) fn past_end(&self, p: usize) -> (usize, usize) {
        match self.rules.overshoot {
            Overshoot::Stay => (self.overshoot_faces(p), p),
            Overshoot::Finish => (self.overshoot_faces(p), self.squares()),
            Overshoot::Bounce => (0, p),
        }
    }

    /// Calls `f(position, count)` for every outcome of one roll from `p < N`: `count` faces lead to
    /// `position` (after its jump). Stays under the exact-landing rule come as `(p, count)`,
    /// finishes under the finish rule as `(N, count)`; every other outcome has count 1.
    #[inline]
    pub(crate) fn for_each_move(&self, p: usize, mut f: impl FnMut(usize, usize)) {
        for (lo, hi) in self.landing_ranges(p) {
            for t in lo..=hi {
                f(self.dest(t), 1);
            }
        }
        let (past, to) = self.past_end(p);
        if past > 0 {
            f(to, past);
        }
    }
}

fn check_rules(rules: &Rules, squares: usize) -> Result<()> {
    if rules.faces == 0 {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            "rules.faces is 0; a die needs at least 1 face",
        ));
    }
    if rules.start >= squares {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            format_args!(
                "rules.start is {}; it must be 0 (off the board) or a square 1..{} below the last square {squares}",
                rules.start,
                squares - 1
            ),
        ));
    }
    if rules.overshoot == Overshoot::Bounce && rules.faces as usize > squares {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            format_args!(
                "rules.faces is {} with the bounce rule on a {squares}-square board; bouncing needs faces <= {squares}",
                rules.faces
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overshoot_rules() {
        let jumps = [-1; 10];
        let stay = Game::new(&jumps, Rules::new(6, Overshoot::Stay, 0)).unwrap();
        let bounce = Game::new(&jumps, Rules::new(6, Overshoot::Bounce, 0)).unwrap();
        let finish = Game::new(&jumps, Rules::new(6, Overshoot::Finish, 0)).unwrap();
        assert_eq!(stay.step(8, 3).unwrap(), 8);
        assert_eq!(bounce.step(8, 3).unwrap(), 9);
        assert_eq!(bounce.step(9, 6).unwrap(), 5);
        assert_eq!(finish.step(8, 3).unwrap(), 10);
        for g in [stay, bounce, finish] {
            assert_eq!(g.step(8, 2).unwrap(), 10);
            assert_eq!(g.step(0, 4).unwrap(), 4);
        }
    }

    #[test]
    fn the_largest_die_does_not_wrap_a_32_bit_square() {
        let jumps = [-1; 10];
        let stay = Game::new(&jumps, Rules::new(u32::MAX, Overshoot::Stay, 0)).unwrap();
        let finish = Game::new(&jumps, Rules::new(u32::MAX, Overshoot::Finish, 0)).unwrap();
        assert_eq!(stay.step(8, u32::MAX).unwrap(), 8);
        assert_eq!(finish.step(8, u32::MAX).unwrap(), 10);
        assert_eq!(stay.landing_ranges(9)[0], (10, 10));
    }

    #[test]
    fn a_jump_is_followed_once_and_bounces_take_jumps() {
        // 1 -> 5, 5 -> 9, 8 -> 2.
        let jumps = [5, -1, -1, -1, 9, -1, -1, 2, -1, -1];
        let g = Game::new(&jumps, Rules::new(6, Overshoot::Bounce, 0)).unwrap();
        assert_eq!(g.step(0, 1).unwrap(), 5); // not on to 9
        assert_eq!(g.step(9, 3).unwrap(), 2); // 12 bounces to 8, which slides to 2
    }

    #[test]
    fn rejects_bad_rules_and_moves() {
        let jumps = [-1; 6];
        let kind = |r| Game::new(&jumps, r).unwrap_err().kind();
        assert_eq!(
            kind(Rules::new(0, Overshoot::Stay, 0)),
            ErrorKind::InvalidArgument
        );
        assert_eq!(
            kind(Rules::new(6, Overshoot::Stay, 6)),
            ErrorKind::InvalidArgument
        );
        assert_eq!(
            kind(Rules::new(7, Overshoot::Bounce, 0)),
            ErrorKind::InvalidArgument
        );
        assert!(Game::new(&jumps, Rules::new(7, Overshoot::Stay, 5)).is_ok());
        let g = Game::new(&jumps, Rules::new(6, Overshoot::Stay, 0)).unwrap();
        assert_eq!(g.step(7, 1).unwrap_err().kind(), ErrorKind::OutOfBounds);
        assert_eq!(g.step(6, 1).unwrap_err().kind(), ErrorKind::GameOver);
        assert_eq!(g.step(0, 0).unwrap_err().kind(), ErrorKind::InvalidArgument);
        assert_eq!(g.step(0, 7).unwrap_err().kind(), ErrorKind::InvalidArgument);
    }

    #[test]
    fn landing_sources_reverse_landing_ranges() {
        let jumps = [-1; 9];
        for overshoot in [Overshoot::Stay, Overshoot::Bounce, Overshoot::Finish] {
            for faces in 1..=9 {
                let g = Game::new(&jumps, Rules::new(faces, overshoot, 0)).unwrap();
                for t in 0..=9 {
                    let mut want = vec![];
                    for p in 0..9 {
                        for (lo, hi) in g.landing_ranges(p) {
                            if (lo..=hi).contains(&t) {
                                want.push(p);
                            }
                        }
                    }
                    let mut got = vec![];
                    for (lo, hi) in g.landing_sources(t) {
                        got.extend(lo..=hi);
                    }
                    got.sort_unstable();
                    assert_eq!(got, want, "{overshoot:?} faces {faces} onto {t}");
                }
                let first = (0..9).find(|&p| g.overshoot_faces(p) > 0).unwrap_or(9);
                assert_eq!(g.overshoot_from(), first);
            }
        }
    }

    #[test]
    fn moves_agree_with_step() {
        let jumps = [3, -1, -1, 1, -1, -1, 8, -1, -1];
        for overshoot in [Overshoot::Stay, Overshoot::Bounce, Overshoot::Finish] {
            for faces in 1..=9 {
                let g = Game::new(&jumps, Rules::new(faces, overshoot, 0)).unwrap();
                for p in 0..9 {
                    let mut want = vec![0usize; 10];
                    for f in 1..=faces {
                        want[g.step(p, f).unwrap()] += 1;
                    }
                    let mut got = vec![0usize; 10];
                    g.for_each_move(p, |q, c| got[q] += c);
                    assert_eq!(got, want, "{overshoot:?} faces {faces} from {p}");
                }
            }
        }
    }
}
