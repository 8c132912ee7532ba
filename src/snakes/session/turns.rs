//! A game of Snakes and Ladders played turn by turn: players in order, each turn one roll of the
//! game's seeded die (or a face the caller rolled), the first to reach the last square wins.

use super::die::Die;
use crate::error::{try_filled, Error, ErrorKind, Result};
use crate::snakes::rules::{Game, Rules};

/// The most players a session takes.
pub const MAX_PLAYERS: u32 = 1 << 16;

/// One turn that was played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Turn {
    /// Who rolled, 0-based.
    pub player: u32,
    /// The face rolled, `1..=faces`.
    pub face: u32,
    /// Where the player stood before the roll (0 is off the board).
    pub from: usize,
    /// Where the player stands after the roll and any jump.
    pub to: usize,
    /// Whether this turn reached the last square and won the game.
    pub won: bool,
}

/// A turn as the session keeps it: the turn, whether the game's die rolled it, and the die
/// before the roll (so that undo can put it back).
#[derive(Debug, Clone)]
pub(crate) struct Played {
    pub(crate) turn: Turn,
    pub(crate) rolled: bool,
    pub(crate) die_before: Die,
}

/// A game session of Snakes and Ladders.
///
/// A board where some player can fall into a loop that never reaches the last square still plays
/// turn by turn: such a game may never end, and it is up to the caller to stop it.
///
/// ```
/// use gridgames::snakes::{milton_bradley_jumps, Rules, Session};
/// let jumps = milton_bradley_jumps();
/// let mut game = Session::new(&jumps, Rules::STANDARD, 2, 42).unwrap();
/// let first = game.roll().unwrap();
/// assert_eq!((first.player, first.from), (0, 0));
/// assert_eq!(game.next_player(), 1);
/// game.undo().unwrap();
/// assert_eq!(game.roll().unwrap(), first); // the die was put back too
/// ```
#[derive(Debug, Clone)]
pub struct Session {
    pub(crate) jumps: Vec<i32>,
    pub(crate) rules: Rules,
    pub(crate) players: u32,
    pub(crate) seed: u64,
    pub(crate) die: Die,
    pub(crate) positions: Vec<usize>,
    pub(crate) played: Vec<Played>,
    pub(crate) winner: Option<u32>,
}

impl Session {
    /// A new game on the jump table `jumps` (copied) with `rules`, `players` players (1 to
    /// [`MAX_PLAYERS`]) all at `rules.start`, and a die seeded with `seed`.
    ///
    /// Errors: those of [`Game::new`] for the table and the rules; `InvalidArgument` for the
    /// players; `OutOfMemory`.
    pub fn new(jumps: &[i32], rules: Rules, players: u32, seed: u64) -> Result<Session> {
        Game::new(jumps, rules)?;
        if players == 0 || players > MAX_PLAYERS {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                format_args!("players is {players}; a game takes 1 to {MAX_PLAYERS}"),
            ));
        }
        let mut table = Vec::new();
        table
            .try_reserve_exact(jumps.len())
            .map_err(|_| Error::alloc::<i32>(jumps.len(), None))?;
        crate::error::try_extend(&mut table, jumps)?;
        Ok(Session {
            jumps: table,
            rules,
            players,
            seed,
            die: Die::new(seed),
            positions: try_filled(players as usize, rules.start)?,
            played: Vec::new(),
            winner: None,
        })
    }

    fn game(&self) -> Game<'_> {
        Game::validated(&self.jumps, self.rules)
    }

    /// Plays the next player's turn with the game's own die.
    ///
    /// Errors: `GameOver` once someone has won (the die is not rolled); `OutOfMemory`.
    pub fn roll(&mut self) -> Result<Turn> {
        self.check_on()?;
        let before = self.die.clone();
        let face = self.die.roll(self.rules.faces);
        self.take_turn(face, true, before)
    }

    /// Plays the next player's turn with `face`, rolled by the caller's own dice.
    ///
    /// Errors: `GameOver` once someone has won; `InvalidArgument` for a face outside
    /// `1..=faces`; `OutOfMemory`.
    pub fn play(&mut self, face: u32) -> Result<Turn> {
        self.check_on()?;
        if face == 0 || face > self.rules.faces {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                format_args!("face is {face}; the die has faces 1..{}", self.rules.faces),
            ));
        }
        let die = self.die.clone();
        self.take_turn(face, false, die)
    }

    fn check_on(&self) -> Result<()> {
        match self.winner {
            Some(w) => Err(Error::new(
                ErrorKind::GameOver,
                format_args!("player {w} has won: the game is over"),
            )),
            None => Ok(()),
        }
    }

    /// Plays `face` for the next player. On failure nothing changes, the die included.
    fn take_turn(&mut self, face: u32, rolled: bool, die_before: Die) -> Result<Turn> {
        if self.played.try_reserve(1).is_err() {
            self.die = die_before;
            return Err(Error::alloc::<Played>(1, Some(self.played.len())));
        }
        let player = self.next_player();
        let from = self.positions[player as usize];
        let to = self.game().next(from, face as usize);
        let won = to == self.jumps.len();
        let turn = Turn {
            player,
            face,
            from,
            to,
            won,
        };
        #[allow(clippy::disallowed_methods)] // room reserved on entry
        self.played.push(Played {
            turn,
            rolled,
            die_before,
        });
        self.positions[player as usize] = to;
        if won {
            self.winner = Some(player);
        }
        Ok(turn)
    }

    /// Whose turn it is, 0-based (after a win, the player after the winner).
    pub fn next_player(&self) -> u32 {
        (self.played.len() as u64 % u64::from(self.players)) as u32
    }

    /// The winner, once someone has reached the last square.
    pub fn winner(&self) -> Option<u32> {
        self.winner
    }

    /// Turns played so far, by all players.
    pub fn turns(&self) -> u64 {
        self.played.len() as u64
    }

    /// Every player's position, player 0 first (0 is off the board).
    pub fn positions(&self) -> &[usize] {
        &self.positions
    }

    /// Every turn played so far, in order.
    pub fn history(&self) -> impl ExactSizeIterator<Item = Turn> + '_ {
        self.played.iter().map(|p| p.turn)
    }

    /// The number of players.
    pub fn players(&self) -> u32 {
        self.players
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The jump table.
    pub fn jumps(&self) -> &[i32] {
        &self.jumps
    }

    /// The die's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }
}
