//! Every byte a Minesweeper cell can hold, in one place. Nothing else defines a cell byte.
//!
//! Three encodings, one per reader:
//!
//! 1. **The LeetCode 529 board**, what callers pass to `gg_mines_click` and `gg_mines_from_board`
//!    and read from `gg_mines_board`: [`MINE`] 'M' hidden mine, [`EMPTY`] 'E' hidden safe cell,
//!    [`BLANK`] 'B' revealed cell with no neighbouring mine, '1'-'8' a revealed count
//!    ([`digit`]), [`EXPLODED`] 'X' revealed mine.
//! 2. **The player's view**, what `gg_mines_view` writes and the solver reads: 'E' hidden,
//!    [`FLAG`] 'F' flagged (only the player's claim: the solver treats it as hidden), 'B' and
//!    '1'-'8' revealed; after a loss, 'M' for every unflagged mine and 'X' for the one that blew.
//! 3. **Internal marks**, never seen by a caller:
//!    - a game's grid is the LeetCode board plus [`FLAGGED_EMPTY`] 'e' and [`FLAGGED_MINE`] 'm',
//!      so hidden unflagged safe cells stay exactly the 'E' bytes the flood fill opens;
//!    - the certain-move player's grid is the LeetCode board plus [`PROVEN_MINE`] 'K';
//!    - the solver reads any grid decoded to counts 0..=8, [`HIDDEN`] and [`KNOWN_MINE`]
//!      ([`VIEW_DECODE`], [`PLAY_DECODE`]); a parsed `View` holds counts and [`HIDDEN`];
//!    - region labelling holds counts 0..=8 and [`MINE_COUNT`].

/// Hidden mine ('M').
pub const MINE: u8 = b'M';
/// Hidden safe cell ('E'); in the player's view, any hidden unflagged cell.
pub const EMPTY: u8 = b'E';
/// Revealed cell with no neighbouring mine ('B').
pub const BLANK: u8 = b'B';
/// Revealed mine ('X').
pub const EXPLODED: u8 = b'X';
/// A flagged hidden cell in the player's view ('F').
pub const FLAG: u8 = b'F';

/// The byte of a revealed count: `b'0' + count` for 1..=8, [`BLANK`] for 0.
pub const fn digit(count: u8) -> u8 {
    if count == 0 {
        BLANK
    } else {
        b'0' + count
    }
}

/// A game's grid: a flagged hidden safe cell ('e').
pub(crate) const FLAGGED_EMPTY: u8 = b'e';
/// A game's grid: a flagged hidden mine ('m').
pub(crate) const FLAGGED_MINE: u8 = b'm';
/// The certain-move player's grid: a hidden mine it has proven to be one ('K').
pub(crate) const PROVEN_MINE: u8 = b'K';

/// Decoded for the solver, and in a parsed `View`: a hidden cell.
pub const HIDDEN: u8 = 0xFF;
/// Decoded for the solver: a hidden cell already known to hold a mine.
pub(crate) const KNOWN_MINE: u8 = 0xFE;
/// Region labelling: the count byte of a mine.
pub(crate) const MINE_COUNT: u8 = 9;

/// A 256-entry table: which byte values count as mines for neighbour counts.
pub type MineTable = [u8; 256];

const fn mines_of(bytes: &[u8]) -> MineTable {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < bytes.len() {
        t[bytes[i] as usize] = 1;
        i += 1;
    }
    t
}

/// The LeetCode board's mines: 'M' and 'X' (a revealed mine is still a mine).
pub const LEETCODE_MINES: MineTable = mines_of(&[MINE, EXPLODED]);
/// A game's grid's mines: hidden, flagged or exploded.
pub(crate) const SESSION_MINES: MineTable = mines_of(&[MINE, FLAGGED_MINE, EXPLODED]);
/// The certain-move player's mines: hidden, proven or exploded.
pub(crate) const PLAY_MINES: MineTable = mines_of(&[MINE, PROVEN_MINE, EXPLODED]);

/// Whether `b` is a revealed cell of the LeetCode board ('B', '1'-'8' or 'X').
pub fn is_revealed(b: u8) -> bool {
    matches!(b, BLANK | EXPLODED | b'1'..=b'8')
}

/// The player's view alphabet, as a table for validation.
pub(crate) const VIEW_VALID: [bool; 256] = {
    let mut t = [false; 256];
    t[EMPTY as usize] = true;
    t[FLAG as usize] = true;
    t[BLANK as usize] = true;
    let mut d = b'1';
    while d <= b'8' {
        t[d as usize] = true;
        d += 1;
    }
    t
};

const fn identity() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = i as u8;
        i += 1;
    }
    t
}

const fn view_table(lost: bool) -> [u8; 256] {
    let mut t = identity();
    t[MINE as usize] = if lost { MINE } else { EMPTY };
    t[FLAGGED_EMPTY as usize] = FLAG;
    t[FLAGGED_MINE as usize] = if lost { MINE } else { FLAG };
    t
}

/// A game's grid byte -> what the player sees while playing (or after a win).
pub(crate) const VIEW_PLAYING: [u8; 256] = view_table(false);
/// A game's grid byte -> what the player sees after a loss: every mine shown.
pub(crate) const VIEW_LOST: [u8; 256] = view_table(true);
/// A game's grid byte -> the true LeetCode board.
pub(crate) const TRUE_BOARD: [u8; 256] = {
    let mut t = identity();
    t[FLAGGED_EMPTY as usize] = EMPTY;
    t[FLAGGED_MINE as usize] = MINE;
    t
};

/// Solver decoding of grids whose bytes already are counts 0..=8 or [`HIDDEN`] (a `View`).
pub(crate) const VIEW_DECODE: [u8; 256] = {
    let mut t = [HIDDEN; 256];
    let mut d = 0;
    while d <= 8 {
        t[d as usize] = d;
        d += 1;
    }
    t[KNOWN_MINE as usize] = KNOWN_MINE;
    t
};

/// Solver decoding of the certain-move player's grid (a LeetCode board with [`PROVEN_MINE`]).
pub(crate) const PLAY_DECODE: [u8; 256] = {
    let mut t = [HIDDEN; 256];
    t[PROVEN_MINE as usize] = KNOWN_MINE;
    t[EXPLODED as usize] = KNOWN_MINE;
    t[BLANK as usize] = 0;
    let mut d = 1;
    while d <= 8 {
        t[digit(d) as usize] = d;
        d += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_encodings_do_not_collide() {
        let leetcode = [MINE, EMPTY, BLANK, EXPLODED];
        let marks = [FLAG, FLAGGED_EMPTY, FLAGGED_MINE, PROVEN_MINE];
        for m in marks {
            assert!(!leetcode.contains(&m) && !(b'1'..=b'8').contains(&m));
        }
        for d in 0..=8 {
            assert!(d != HIDDEN && d != KNOWN_MINE && d != MINE_COUNT);
        }
        assert_eq!((digit(0), digit(3)), (BLANK, b'3'));
    }

    #[test]
    fn the_views_hide_mines_until_a_loss() {
        assert_eq!(VIEW_PLAYING[usize::from(MINE)], EMPTY);
        assert_eq!(VIEW_LOST[usize::from(MINE)], MINE);
        assert_eq!(VIEW_PLAYING[usize::from(FLAGGED_MINE)], FLAG);
        assert_eq!(VIEW_LOST[usize::from(FLAGGED_EMPTY)], FLAG);
        assert_eq!(TRUE_BOARD[usize::from(FLAGGED_MINE)], MINE);
        assert_eq!(PLAY_DECODE[usize::from(b'7')], 7);
        assert_eq!(PLAY_DECODE[usize::from(EMPTY)], HIDDEN);
        assert_eq!(VIEW_DECODE[usize::from(KNOWN_MINE)], KNOWN_MINE);
    }
}
