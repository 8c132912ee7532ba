//! A whole Minesweeper game: a generated (or given) board, reveals, flags, chords, win and loss.
//!
//! The game keeps one byte per cell: the LeetCode alphabet plus two flag marks (see
//! `board/alphabet.rs`). Hidden unflagged safe cells
//! are exactly the 'E' bytes, so the core flood fill ([`reveal_empty`]) opens regions on the grid
//! directly and walks around flags, and a counter of hidden safe cells makes the win check O(1).

use crate::error::{checked_area, try_filled, Error, ErrorKind, Result};
use crate::mines::board::alphabet::{
    is_revealed, EMPTY, EXPLODED, FLAGGED_EMPTY, FLAGGED_MINE, MINE, SESSION_MINES, TRUE_BOARD,
    VIEW_LOST, VIEW_PLAYING,
};
use crate::mines::board::block::block_len;
use crate::mines::board::leetcode_board::{
    check_coordinate, check_revealed_counts, check_shape, Board,
};
use crate::mines::click::leetcode_click::{reveal_empty, Click};
use crate::mines::generate::mine_placement::{Exclusion, Layout, MineSink};
use crate::mines::generate::no_guess::no_guess_layout;
use crate::mines::solver::certain_moves::Logic;
use crate::mines::stats::regions::Regions;

/// Where the first reveal may land, and so when the mines are placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FirstClick {
    /// Mines are placed when the game is created; the first reveal may hit one.
    Any,
    /// Mines are placed at the first reveal, never on the revealed cell.
    Safe,
    /// Mines are placed at the first reveal, none in its 3x3 block, so it opens a zero.
    Opening,
}

impl FirstClick {
    /// The most mines a `rows x cols` board can hold under this rule, whatever the first click:
    /// all cells, all but one, or all but the largest 3x3 block the board has room for
    /// (a block is clipped at the edges, so a 2 x 2 board has no room for any mine).
    pub fn max_mines(self, rows: usize, cols: usize) -> usize {
        let cells = rows.saturating_mul(cols);
        match self {
            FirstClick::Any => cells,
            FirstClick::Safe => cells.saturating_sub(1),
            // The block around (1, 1) is as large as any on the board.
            FirstClick::Opening => cells.saturating_sub(block_len(1, 1, rows, cols)),
        }
    }

    /// The cells the layout keeps clear when the first reveal is at `(row, col)`.
    pub fn exclusion(self, row: usize, col: usize) -> Exclusion {
        match self {
            FirstClick::Any => Exclusion::None,
            FirstClick::Safe => Exclusion::Cell(row, col),
            FirstClick::Opening => Exclusion::Block(row, col),
        }
    }

    fn describe(self) -> &'static str {
        match self {
            FirstClick::Any => "",
            FirstClick::Safe => " with a safe first click",
            FirstClick::Opening => " with an opening first click (its 3x3 block stays clear)",
        }
    }
}

/// How to generate a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Config {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Mines on the board.
    pub mines: usize,
    /// The seed: the same seed, rule and first click give the same board everywhere.
    pub seed: u64,
    /// The first-click rule.
    pub first_click: FirstClick,
    /// A board won from the first click by certain moves alone, proven with this logic: with
    /// the mine count, or from the numbers alone. Needs [`FirstClick::Safe`] or
    /// [`FirstClick::Opening`]. Generation is bounded: it may fail with `GenerationFailed`, at
    /// the first reveal.
    pub no_guess: Option<Logic>,
}

impl Config {
    /// Checks the dimensions, the options and the mine count; returns the number of cells.
    pub fn check(&self) -> Result<usize> {
        let cells = checked_area(self.rows, self.cols, 1)?;
        if self.no_guess.is_some() && self.first_click == FirstClick::Any {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "no_guess needs a first click to start from: the SAFE or OPENING first-click \
                 rule (GG_FIRST_CLICK_SAFE, GG_FIRST_CLICK_OPENING), not ANY",
            ));
        }
        let most = self.first_click.max_mines(self.rows, self.cols);
        if self.mines > most {
            return Err(Error::new(
                ErrorKind::TooManyMines,
                format!(
                    "{} mines do not fit on a {} x {} board{}; at most {most} are allowed",
                    self.mines,
                    self.rows,
                    self.cols,
                    self.first_click.describe()
                ),
            ));
        }
        Ok(cells)
    }
}

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
    mines: usize,
    flags: usize,
    /// Safe cells not yet revealed; the game is won when it reaches 0.
    hidden_safe: usize,
    pub(crate) state: GameState,
    /// The config whose mines wait for the first reveal (SAFE and OPENING).
    pending: Option<Config>,
    pub(crate) clicks: Clicks,
}

/// The moves accepted so far, for [`PlayStats`].
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Clicks {
    pub(crate) left: usize,
    pub(crate) right: usize,
    pub(crate) chords: usize,
    pub(crate) effective: usize,
}

/// How a game has been played so far; with a clock of its own, a front end shows 3BV/s
/// (`bbbv_solved` per second) and efficiency (`bbbv_solved` per click).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayStats {
    /// The board's 3BV; 0 while the layout does not exist yet.
    pub bbbv: usize,
    /// Openings with a revealed blank plus revealed numbers that border no opening.
    pub bbbv_solved: usize,
    /// Reveals accepted ([`Game::reveal`] returned `Ok`).
    pub left_clicks: usize,
    /// Flag toggles accepted ([`Game::toggle_flag`] returned `Ok`).
    pub right_clicks: usize,
    /// Chords accepted ([`Game::chord`] returned `Ok`).
    pub chords: usize,
    /// Of those moves, the ones that changed the view.
    pub effective_clicks: usize,
    /// Flags on the board now.
    pub flags: usize,
    /// Safe cells revealed.
    pub revealed: usize,
}

/// The session grid as a layout sink: a hidden cell, flagged or not, becomes a mine.
struct MineWriter<'a>(&'a mut [u8]);

impl MineSink for MineWriter<'_> {
    fn place(&mut self, index: usize) -> bool {
        let cell = &mut self.0[index];
        match *cell {
            EMPTY => *cell = MINE,
            FLAGGED_EMPTY => *cell = FLAGGED_MINE,
            _ => return false,
        }
        true
    }
}

/// The one place boards are generated: a uniform layout, or a no-guess one built by the solver.
fn generate(config: &Config, first: Option<(usize, usize)>, cells: &mut [u8]) -> Result<()> {
    let exclusion = match first {
        Some((r, c)) => config.first_click.exclusion(r, c),
        None => Exclusion::None,
    };
    let layout = Layout {
        rows: config.rows,
        cols: config.cols,
        mines: config.mines,
        exclusion,
    };
    if let (Some(logic), Some(_)) = (config.no_guess, first) {
        let mines = no_guess_layout(&layout, config.seed, logic)?;
        let mut grid = MineWriter(cells);
        for (i, _) in mines.iter().enumerate().filter(|(_, &mine)| mine) {
            grid.place(i);
        }
        return Ok(());
    }
    layout.place(config.seed, &mut MineWriter(cells))
}

impl Game {
    /// A new game. With [`FirstClick::Any`] the mines are placed now; otherwise at the first
    /// reveal, which is then what the seed's layout keeps clear.
    ///
    /// A board whose every cell is a mine has no safe cell to reveal: it starts won.
    pub fn new(config: &Config) -> Result<Self> {
        let cells = config.check()?;
        let mut grid = try_filled(cells, EMPTY)?;
        let pending = match config.first_click {
            FirstClick::Any => {
                generate(config, None, &mut grid)?;
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
        cells.extend_from_slice(board);
        Board::new(&mut cells, rows, cols)?;
        check_revealed_counts(&cells, rows, cols)?;
        let (mut mines, mut hidden_safe, mut exploded) = (0, 0, false);
        for &b in &cells {
            mines += usize::from(b == MINE || b == EXPLODED);
            hidden_safe += usize::from(b == EMPTY);
            exploded |= b == EXPLODED;
        }
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
        })
    }

    /// Reveals `(row, col)`.
    ///
    /// A hidden unflagged mine loses the game (`Exploded`); a hidden unflagged safe cell shows
    /// its count and, when that is zero, floods its opening (`Revealed(cells)`); a flagged or
    /// revealed cell is left alone (`Unchanged`). The first reveal of a SAFE or OPENING game
    /// places the mines first. After the game has ended: `GameOver`, nothing changes.
    pub fn reveal(&mut self, row: usize, col: usize) -> Result<Click> {
        let click = self.reveal_cell(row, col)?;
        self.clicks.left += 1;
        self.clicks.effective += usize::from(click != Click::Unchanged);
        Ok(click)
    }

    fn reveal_cell(&mut self, row: usize, col: usize) -> Result<Click> {
        let i = self.check_move(row, col)?;
        match self.cells[i] {
            EMPTY => {
                if let Some(config) = self.pending {
                    generate(&config, Some((row, col)), &mut self.cells)?;
                    self.pending = None;
                }
                let n = self.open(row, col)?;
                Ok(Click::Revealed(n))
            }
            MINE => {
                self.cells[i] = EXPLODED;
                self.state = GameState::Lost;
                Ok(Click::Exploded)
            }
            _ => Ok(Click::Unchanged),
        }
    }

    /// Flags a hidden unflagged cell or unflags a flagged one; returns whether the cell is flagged
    /// now. A revealed cell is left alone (and is not flagged). After the game has ended:
    /// `GameOver`, nothing changes.
    pub fn toggle_flag(&mut self, row: usize, col: usize) -> Result<bool> {
        let i = self.check_move(row, col)?;
        self.clicks.right += 1;
        let cell = &mut self.cells[i];
        let (now, flagged) = match *cell {
            EMPTY => (FLAGGED_EMPTY, true),
            MINE => (FLAGGED_MINE, true),
            FLAGGED_EMPTY => (EMPTY, false),
            FLAGGED_MINE => (MINE, false),
            _ => return Ok(false),
        };
        *cell = now;
        self.clicks.effective += 1;
        if flagged {
            self.flags += 1;
        } else {
            self.flags -= 1;
        }
        Ok(flagged)
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

    /// The play statistics so far. Finding the solved 3BV takes a pass over the board.
    pub fn stats(&self) -> Result<PlayStats> {
        let (bbbv, bbbv_solved) = if self.mines_placed() {
            let cells = &self.cells;
            let regions = Regions::new(self.rows, self.cols, |i| {
                SESSION_MINES[usize::from(cells[i])] != 0
            })?;
            let solved = regions.bbbv_solved(|i| is_revealed(cells[i]))?;
            (regions.bbbv(), solved)
        } else {
            (0, 0)
        };
        Ok(PlayStats {
            bbbv,
            bbbv_solved,
            left_clicks: self.clicks.left,
            right_clicks: self.clicks.right,
            chords: self.clicks.chords,
            effective_clicks: self.clicks.effective,
            flags: self.flags,
            revealed: self.rows * self.cols - self.mines - self.hidden_safe,
        })
    }

    /// [`view_bytes`](Game::view_bytes), collected.
    pub fn view(&self) -> Result<Vec<u8>> {
        collect(self.view_bytes())
    }

    /// [`board_bytes`](Game::board_bytes), collected.
    pub fn board(&self) -> Result<Vec<u8>> {
        collect(self.board_bytes())
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
                format!("the move at ({row}, {col}) is refused: the game is already {how}"),
            ));
        }
        check_coordinate(row, col, self.rows, self.cols)?;
        Ok(row * self.cols + col)
    }

    /// Reveals the hidden unflagged safe cell `(row, col)` with the core flood fill.
    pub(crate) fn open(&mut self, row: usize, col: usize) -> Result<usize> {
        match reveal_empty(
            &mut self.cells,
            self.rows,
            self.cols,
            row,
            col,
            &SESSION_MINES,
        ) {
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

fn collect(bytes: impl ExactSizeIterator<Item = u8>) -> Result<Vec<u8>> {
    let mut v = Vec::new();
    v.try_reserve_exact(bytes.len())
        .map_err(|_| Error::alloc::<u8>(bytes.len(), None))?;
    v.extend(bytes);
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mines::BLANK;

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
