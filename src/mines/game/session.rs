//! A whole Minesweeper game: the game itself, how it starts (generated or given), its state and
//! what every move shares. The moves are in `reveal.rs`, `flag.rs` and `chord.rs`, what the
//! player sees in `views.rs`, the statistics in `play_stats.rs`.
//!
//! The game keeps one byte per cell (and, for undo, one bit: see `moves.rs`): the LeetCode
//! alphabet plus two flag marks (see `board/alphabet.rs`). Hidden unflagged safe cells are exactly
//! the 'E' bytes, so the core flood fill (`reveal_empty_rows`) opens regions on the grid directly
//! and walks around flags, and a counter of hidden safe cells makes the win check O(1).

use super::config::{Config, FirstClick};
use super::generation::{generate, Preset};
use super::moves::History;
use super::state::{Clicks, GameState};
use crate::error::{try_filled, Error, ErrorKind, Result};
use crate::mines::board::alphabet::{EMPTY, EXPLODED, FLAGGED_EMPTY, MINE, SESSION_MINES};
use crate::mines::board::leetcode_board::{
    check_coordinate, check_revealed_counts, check_shape, Board,
};
use crate::mines::click::flood::Regions;
use crate::mines::click::leetcode_click::reveal_empty_rows;

/// One game of Minesweeper.
///
/// ```
/// use gridgames::mines::{Click, Config, FirstClick, Game, GameState};
/// let config = Config {
///     rows: 9, cols: 9, mines: 10, seed: 2024,
///     first_click: FirstClick::Opening, no_guess: None,
/// };
/// let mut game = Game::new(&config).unwrap();
/// assert!(matches!(game.reveal(4, 4).unwrap(), Click::Revealed(n) if n >= 9));
/// assert_eq!(game.view().unwrap()[4 * 9 + 4], b'B');
/// assert_eq!(game.state(), GameState::Playing);
///
/// // A 2 x 2 LeetCode board: a hidden mine, a hidden safe cell and two revealed '1's.
/// let mut game = Game::from_board(b"M1E1", 2, 2).unwrap();
/// assert!(game.toggle_flag(0, 0).unwrap());
/// game.chord(0, 1).unwrap(); // one flag next to the '1': reveals (1, 0)
/// assert_eq!(game.state(), GameState::Won);
/// assert_eq!(game.view().unwrap(), b"F111");
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) cells: Vec<u8>,
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) mines: usize,
    pub(crate) flags: usize,
    /// Safe cells not yet revealed; the game is won when it reaches 0.
    pub(crate) hidden_safe: usize,
    pub(crate) state: GameState,
    /// The config whose mines wait for the first reveal (SAFE and OPENING).
    pub(crate) pending: Option<Config>,
    pub(crate) clicks: Clicks,
    /// The config a generated game was made from; `None` for a game given as a board.
    pub(crate) origin: Option<Config>,
    /// A layout to place at the first reveal instead of generating one (a loaded game's).
    pub(crate) preset: Option<Preset>,
    /// The first click no-guess generation gave up at, and why: it is deterministic, so a second
    /// reveal there is refused at once, with the same error, instead of spending the work budget
    /// again.
    pub(crate) gave_up: Option<((usize, usize), Error)>,
    pub(crate) history: History,
}

impl Game {
    /// A new game. With [`FirstClick::Any`] the mines are placed now; otherwise at the first
    /// reveal, which is then what the seed's layout keeps clear.
    ///
    /// A board whose every cell is a mine has no safe cell to reveal: it starts won.
    pub fn new(config: &Config) -> Result<Self> {
        Self::generated(config, None)
    }

    /// A new game whose layout, when it is placed, is `preset` rather than the generator's.
    pub(crate) fn generated(config: &Config, preset: Option<Preset>) -> Result<Self> {
        let cells = config.check()?;
        let mut grid = try_filled(cells, EMPTY)?;
        let history = History::new(&grid, false)?;
        let pending = match config.first_click {
            FirstClick::Any => {
                match &preset {
                    Some(p) => p.place(config, None, &mut grid)?,
                    None => generate(config, None, &mut grid)?,
                }
                None
            }
            FirstClick::Safe | FirstClick::Opening => Some(*config),
        };
        let hidden_safe = cells - config.mines;
        Ok(Game {
            cells: grid,
            rows: config.rows,
            cols: config.cols,
            mines: config.mines,
            flags: 0,
            hidden_safe,
            state: if hidden_safe == 0 {
                GameState::Won
            } else {
                GameState::Playing
            },
            pending,
            clicks: Clicks::default(),
            origin: Some(*config),
            preset,
            gave_up: None,
            history,
        })
    }

    /// A game in progress from a LeetCode board (`rows * cols` bytes, row-major): 'M' and 'E'
    /// are hidden, 'B' and '1'-'8' revealed, 'X' a revealed mine (the game is then lost).
    ///
    /// Every revealed blank or digit must match its count of neighbouring mines ('M' or 'X'),
    /// otherwise the board is `Inconsistent`. A board with no hidden safe cell left is won.
    pub fn from_board(board: &[u8], rows: usize, cols: usize) -> Result<Self> {
        let len = check_shape(board.len(), rows, cols)?;
        let mut cells = Vec::new();
        cells
            .try_reserve_exact(len)
            .map_err(|_| Error::alloc::<u8>(len, None))?;
        crate::error::try_extend(&mut cells, board)?;
        Board::new(&mut cells, rows, cols)?;
        check_revealed_counts(&cells, rows, cols)?;
        let (mut mines, mut hidden_safe, mut exploded) = (0, 0, false);
        for &b in &cells {
            mines += usize::from(b == MINE || b == EXPLODED);
            hidden_safe += usize::from(b == EMPTY);
            exploded |= b == EXPLODED;
        }
        let history = History::new(&cells, true)?;
        let state = if exploded {
            GameState::Lost
        } else if hidden_safe == 0 {
            GameState::Won
        } else {
            GameState::Playing
        };
        Ok(Game {
            cells,
            rows,
            cols,
            mines,
            flags: 0,
            hidden_safe,
            state,
            pending: None,
            clicks: Clicks::default(),
            origin: None,
            preset: None,
            gave_up: None,
            history,
        })
    }

    /// Whether the game goes on, is won or is lost.
    pub fn state(&self) -> GameState {
        self.state
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Mines on the board (placed now or at the first reveal).
    pub fn mines(&self) -> usize {
        self.mines
    }

    /// Cells flagged now.
    pub fn flags(&self) -> usize {
        self.flags
    }

    /// Safe cells still hidden; the game is won when none is left.
    pub fn hidden_safe(&self) -> usize {
        self.hidden_safe
    }

    /// Whether the mines are on the board yet (SAFE and OPENING games place them at the first
    /// reveal).
    pub fn mines_placed(&self) -> bool {
        self.pending.is_none()
    }

    /// The cell index of a move, or why the move is refused.
    pub(crate) fn check_move(&self, row: usize, col: usize) -> Result<usize> {
        let over = match self.state {
            GameState::Playing => None,
            GameState::Won => Some("won"),
            GameState::Lost => Some("lost"),
        };
        if let Some(how) = over {
            return Err(Error::new(
                ErrorKind::GameOver,
                format_args!("the move at ({row}, {col}) is refused: the game is already {how}"),
            ));
        }
        check_coordinate(row, col, self.rows, self.cols)?;
        Ok(row * self.cols + col)
    }

    /// Reveals the hidden unflagged safe cell `(row, col)` with the core flood fill.
    pub(crate) fn open(&mut self, row: usize, col: usize) -> Result<usize> {
        let result = reveal_empty_rows(
            &mut self.cells,
            self.rows,
            self.cols,
            row,
            col,
            &SESSION_MINES,
            Regions::MayBeLarge,
        );
        // A flood that fails part-way may have written anywhere: the undo log reads every row.
        let (first, last) = result
            .as_ref()
            .map_or((0, self.rows - 1), |&(_, touched)| touched.rows);
        self.history.touch(first, last);
        match result.map(|(n, _)| n) {
            Ok(n) => {
                self.hidden_safe -= n;
                if self.hidden_safe == 0 {
                    self.state = GameState::Won;
                }
                Ok(n)
            }
            Err(e) => {
                // The flood stopped part-way (out of memory): keep the counter true to the grid.
                self.hidden_safe = self
                    .cells
                    .iter()
                    .filter(|&&b| b == EMPTY || b == FLAGGED_EMPTY)
                    .count();
                Err(e)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mines::{Click, Logic, BLANK};

    fn config(rows: usize, cols: usize, mines: usize, rule: FirstClick) -> Config {
        Config {
            rows,
            cols,
            mines,
            seed: 7,
            first_click: rule,
            no_guess: None,
        }
    }

    fn text(v: Vec<u8>) -> String {
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn mine_limits_per_rule() {
        let too_many = |c: Config| Game::new(&c).unwrap_err();
        assert!(Game::new(&config(3, 3, 9, FirstClick::Any)).is_ok());
        assert_eq!(
            too_many(config(3, 3, 10, FirstClick::Any)).detail(),
            "10 mines do not fit on a 3 x 3 board; at most 9 are allowed"
        );
        assert!(Game::new(&config(3, 3, 8, FirstClick::Safe)).is_ok());
        assert_eq!(
            too_many(config(3, 3, 9, FirstClick::Safe)).kind(),
            ErrorKind::TooManyMines
        );
        assert!(Game::new(&config(4, 4, 7, FirstClick::Opening)).is_ok());
        assert_eq!(
            too_many(config(4, 4, 8, FirstClick::Opening)).detail(),
            "8 mines do not fit on a 4 x 4 board with an opening first click (its 3x3 block \
             stays clear); at most 7 are allowed"
        );
        // Clipped blocks: a 2-row board's block covers 2 x 3 cells, a 1 x 1 board's only itself.
        assert_eq!(FirstClick::Opening.max_mines(2, 10), 14);
        assert_eq!(FirstClick::Opening.max_mines(2, 2), 0);
        assert_eq!(FirstClick::Opening.max_mines(1, 1), 0);
        assert_eq!(FirstClick::Safe.max_mines(1, 1), 0);
        assert_eq!(
            Game::new(&config(0, 3, 0, FirstClick::Any))
                .unwrap_err()
                .kind(),
            ErrorKind::ZeroSize
        );
        assert_eq!(
            Game::new(&config(usize::MAX, 3, 0, FirstClick::Any))
                .unwrap_err()
                .kind(),
            ErrorKind::SizeOverflow
        );
        let mut c = config(9, 9, 10, FirstClick::Any);
        c.no_guess = Some(Logic::WithCount);
        let e = Game::new(&c).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert!(e.detail().contains("SAFE or OPENING"), "{}", e.detail());
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn no_guess_games_are_won_by_certain_moves_and_reproducible() {
        for seed in 0..5 {
            for rule in [FirstClick::Opening, FirstClick::Safe] {
                for logic in [Logic::WithCount, Logic::NumbersOnly] {
                    let mut c = config(16, 30, 99, rule);
                    c.no_guess = Some(logic);
                    c.seed = seed;
                    let mut g = Game::new(&c).unwrap();
                    g.reveal(8, 15).unwrap();
                    let mut board = g.board().unwrap();
                    assert_eq!(board.iter().filter(|&&b| b == b'M').count(), 99);
                    for b in board.iter_mut().filter(|b| **b != b'M') {
                        *b = b'E';
                    }
                    let left = crate::mines::unsolved_after(&board, 16, 30, 8, 15, logic);
                    assert_eq!(left.unwrap(), 0, "seed {seed}, {rule:?}, {logic:?}");
                    let mut again = Game::new(&c).unwrap();
                    again.reveal(8, 15).unwrap();
                    assert_eq!(again.board().unwrap(), g.board().unwrap(), "seed {seed}");
                }
            }
        }
    }

    #[test]
    fn a_no_guess_board_that_gave_up_is_refused_again_at_once() {
        // The '1' at (0, 0) can never tell where its one mine is.
        let mut c = config(2, 2, 1, FirstClick::Safe);
        c.no_guess = Some(Logic::NumbersOnly);
        let mut g = Game::new(&c).unwrap();
        let first = g.reveal(0, 0).unwrap_err();
        assert_eq!(first.kind(), ErrorKind::GenerationFailed);
        assert!(first.to_string().contains("layouts were tried"), "{first}");
        assert_eq!(g.reveal(0, 0).unwrap_err(), first);
        assert!(g.gave_up.is_some());
        // Another first click is another board: the generator runs again.
        let other = g.reveal(1, 1).unwrap_err();
        assert!(other.to_string().contains("layouts were tried"), "{other}");
        assert_eq!(g.view().unwrap(), b"EEEE");
        assert_eq!(g.state(), GameState::Playing);
    }

    #[test]
    fn all_mines_starts_won() {
        let g = Game::new(&config(2, 2, 4, FirstClick::Any)).unwrap();
        assert_eq!(g.state(), GameState::Won);
        assert_eq!(text(g.board().unwrap()), "MMMM");
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn opening_first_click_opens_a_zero_even_in_corners() {
        for seed in 0..50 {
            for (r, c) in [(0, 0), (0, 7), (3, 4), (7, 7)] {
                let mut cfg = config(8, 8, 40, FirstClick::Opening);
                cfg.seed = seed;
                let mut g = Game::new(&cfg).unwrap();
                assert!(!g.mines_placed());
                assert_eq!(text(g.board().unwrap()), "E".repeat(64));
                assert!(matches!(g.reveal(r, c).unwrap(), Click::Revealed(_)));
                assert!(g.mines_placed());
                assert_eq!(g.view().unwrap()[r * 8 + c], BLANK);
                assert_eq!(
                    g.board().unwrap().iter().filter(|&&b| b == MINE).count(),
                    40
                );
            }
        }
    }

    #[test]
    fn safe_first_click_is_never_a_mine_even_when_almost_full() {
        for seed in 0..50 {
            let mut cfg = config(3, 3, 8, FirstClick::Safe);
            cfg.seed = seed;
            let mut g = Game::new(&cfg).unwrap();
            assert_eq!(g.reveal(1, 2).unwrap(), Click::Revealed(1));
            assert_eq!(g.state(), GameState::Won);
            assert_eq!(text(g.view().unwrap()), "EEEEE5EEE");
            assert_eq!(text(g.board().unwrap()), "MMMMM5MMM");
        }
    }

    #[test]
    fn flags_block_reveal_and_flood_then_chord_wins() {
        #[rustfmt::skip]
        let board = b"\
EEEEE\
EEEEE\
EEEEM";
        let mut g = Game::from_board(board, 3, 5).unwrap();
        assert!(g.toggle_flag(0, 4).unwrap()); // a wrong (safe) flag
        assert_eq!(g.reveal(0, 4).unwrap(), Click::Unchanged);
        assert_eq!(g.reveal(0, 0).unwrap(), Click::Revealed(13));
        assert_eq!(text(g.view().unwrap()), "BBBBFBBB11BBB1E");
        assert_eq!(text(g.board().unwrap()), "BBBBEBBB11BBB1M");
        assert_eq!(g.state(), GameState::Playing);
        assert_eq!(g.hidden_safe(), 1);
        assert!(!g.toggle_flag(0, 4).unwrap());
        assert!(!g.toggle_flag(0, 0).unwrap()); // revealed: nothing
        assert_eq!(g.flags(), 0);
        assert!(g.toggle_flag(2, 4).unwrap());
        assert_eq!(g.chord(1, 4).unwrap(), Click::Revealed(1));
        assert_eq!(g.state(), GameState::Won);
        assert_eq!(text(g.view().unwrap()), "BBBBBBBB11BBB1F");
        let e = g.reveal(0, 0).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::GameOver);
        assert_eq!(
            e.detail(),
            "the move at (0, 0) is refused: the game is already won"
        );
        assert_eq!(g.toggle_flag(2, 4).unwrap_err().kind(), ErrorKind::GameOver);
        assert_eq!(g.chord(1, 4).unwrap_err().kind(), ErrorKind::GameOver);
    }

    #[test]
    fn wrong_flag_chord_loses_and_shows_mines() {
        #[rustfmt::skip]
        let board = b"\
MEM\
E2E\
EEE";
        let mut g = Game::from_board(board, 3, 3).unwrap();
        // Digits need exactly their count of flags.
        assert_eq!(g.chord(1, 1).unwrap(), Click::Unchanged);
        g.toggle_flag(0, 0).unwrap();
        assert_eq!(g.chord(1, 1).unwrap(), Click::Unchanged);
        g.toggle_flag(0, 1).unwrap(); // wrong
        assert_eq!(g.chord(1, 1).unwrap(), Click::Exploded);
        assert_eq!(g.state(), GameState::Lost);
        assert_eq!(text(g.view().unwrap()), "MFX121BBB");
        assert_eq!(text(g.board().unwrap()), "MEX121BBB");
        assert_eq!(g.chord(1, 1).unwrap_err().kind(), ErrorKind::GameOver);
    }

    #[test]
    fn from_board_states_and_consistency() {
        assert_eq!(
            Game::from_board(b"B1E1BB1M1BB111BBBBBB", 4, 5)
                .unwrap()
                .state(),
            GameState::Playing
        );
        let g = Game::from_board(b"B1E1BB1X1BB111BBBBBB", 4, 5).unwrap();
        assert_eq!(g.state(), GameState::Lost);
        assert_eq!(text(g.view().unwrap()), "B1E1BB1X1BB111BBBBBB");
        assert_eq!(
            Game::from_board(b"M1", 1, 2).unwrap().state(),
            GameState::Won
        );
        let e = Game::from_board(b"M2E", 1, 3).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Inconsistent);
        assert_eq!(
            e.detail(),
            "cell (0, 1) shows '2' (0x32) but 1 of its neighbours are mines ('M' or 'X')"
        );
        let e = Game::from_board(b"EBM", 1, 3).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Inconsistent);
        assert_eq!(
            Game::from_board(b"EF", 1, 2).unwrap_err().kind(),
            ErrorKind::InvalidCell
        );
        assert_eq!(
            Game::from_board(b"EEE", 1, 2).unwrap_err().kind(),
            ErrorKind::InvalidArgument
        );
    }

    #[test]
    fn reveal_errors_change_nothing() {
        let mut g = Game::new(&config(4, 4, 3, FirstClick::Safe)).unwrap();
        assert_eq!(g.reveal(4, 0).unwrap_err().kind(), ErrorKind::OutOfBounds);
        assert_eq!(g.chord(0, 4).unwrap_err().kind(), ErrorKind::OutOfBounds);
        assert_eq!(
            g.toggle_flag(usize::MAX, 0).unwrap_err().kind(),
            ErrorKind::OutOfBounds
        );
        assert!(!g.mines_placed());
        assert_eq!(g.flags(), 0);
    }
}
