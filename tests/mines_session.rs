//! Property tests for Minesweeper sessions: the C API played move by move against the naive game
//! in `support/mines_game_model.rs`, plus the promises that hold whatever the moves.

mod support;

use support::{leetcode_reference, mines_game_model as model, miri};

use gridgames::ffi::*;
use gridgames::mines::{Exclusion, FirstClick, Layout};
use proptest::prelude::*;

/// An owned C game handle.
struct Handle(*mut gg_mines);

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: the handle came from gg_mines_new / gg_mines_from_board and is freed once.
        unsafe { gg_mines_free(self.0) }
    }
}

impl Handle {
    fn new(cfg: &gg_mines_config) -> Result<Handle, i32> {
        let mut g = std::ptr::null_mut();
        // SAFETY: both pointers are live locals.
        match unsafe { gg_mines_new(cfg, &mut g) } {
            GG_OK => Ok(Handle(g)),
            e => Err(e),
        }
    }

    fn from_board(board: &[u8], rows: usize, cols: usize) -> Result<Handle, i32> {
        let mut g = std::ptr::null_mut();
        // SAFETY: `board` holds rows * cols bytes; `g` is a live local.
        match unsafe { gg_mines_from_board(board.as_ptr().cast(), rows, cols, &mut g) } {
            GG_OK => Ok(Handle(g)),
            e => Err(e),
        }
    }

    fn play(&mut self, m: Move) -> i32 {
        // SAFETY: a live handle used by this thread only.
        unsafe {
            match m.kind {
                Kind::Reveal => gg_mines_reveal(self.0, m.r, m.c),
                Kind::Flag => gg_mines_toggle_flag(self.0, m.r, m.c),
                Kind::Chord => gg_mines_chord(self.0, m.r, m.c),
            }
        }
    }

    fn view(&self, cells: usize) -> Vec<u8> {
        let mut v = vec![0u8; cells];
        // SAFETY: `v` holds `cells` bytes.
        assert_eq!(
            unsafe { gg_mines_view(self.0, v.as_mut_ptr().cast(), cells) },
            GG_OK
        );
        v
    }

    fn board(&self, cells: usize) -> Vec<u8> {
        let mut v = vec![0u8; cells];
        // SAFETY: `v` holds `cells` bytes.
        assert_eq!(
            unsafe { gg_mines_board(self.0, v.as_mut_ptr().cast(), cells) },
            GG_OK
        );
        v
    }

    fn state(&self) -> model::State {
        let mut s = u32::MAX;
        // SAFETY: live handle and local.
        assert_eq!(unsafe { gg_mines_state(self.0, &mut s) }, GG_OK);
        match s {
            GG_MINES_PLAYING => model::State::Playing,
            GG_MINES_WON => model::State::Won,
            GG_MINES_LOST => model::State::Lost,
            other => panic!("unknown state {other}"),
        }
    }
}

#[derive(Debug, Clone, Copy)]
enum Kind {
    Reveal,
    Flag,
    Chord,
}

#[derive(Debug, Clone, Copy)]
struct Move {
    kind: Kind,
    r: usize,
    c: usize,
}

impl model::Game {
    fn play(&mut self, m: Move) -> i32 {
        match m.kind {
            Kind::Reveal => self.reveal(m.r, m.c),
            Kind::Flag => self.toggle_flag(m.r, m.c),
            Kind::Chord => self.chord(m.r, m.c),
        }
    }
}

/// Moves mostly on the board, sometimes one row or column past it.
fn moves(rows: usize, cols: usize, n: usize) -> impl Strategy<Value = Vec<Move>> {
    let kind = prop_oneof![4 => Just(Kind::Reveal), 3 => Just(Kind::Flag), 3 => Just(Kind::Chord)];
    let one = (kind, 0..rows * 20 + 1, 0..cols * 20 + 1).prop_map(move |(kind, r, c)| Move {
        kind,
        // 1 in 20 lands just outside.
        r: r / 20,
        c: c / 20,
    });
    proptest::collection::vec(one, 1..n)
}

fn rule_strategy() -> impl Strategy<Value = (u32, model::Rule, FirstClick)> {
    prop_oneof![
        Just((GG_FIRST_CLICK_ANY, model::Rule::Any, FirstClick::Any)),
        Just((GG_FIRST_CLICK_SAFE, model::Rule::Safe, FirstClick::Safe)),
        Just((
            GG_FIRST_CLICK_OPENING,
            model::Rule::Opening,
            FirstClick::Opening
        )),
    ]
}

/// A generated game: size, rule, a mine count within the rule's limit, seed, and moves.
#[allow(clippy::type_complexity)]
fn generated(
    max: usize,
) -> impl Strategy<Value = (gg_mines_config, model::Rule, FirstClick, Vec<Move>)> {
    (1..=max, 1..=max, rule_strategy(), any::<u64>()).prop_flat_map(
        |(rows, cols, (code, rule, first), seed)| {
            let most = first.max_mines(rows, cols);
            (0..=most, moves(rows, cols, 3 * rows * cols + 4)).prop_map(move |(mines, mv)| {
                let cfg = gg_mines_config {
                    rows,
                    cols,
                    mines,
                    seed,
                    first_click: code,
                    no_guess: 0,
                };
                (cfg, rule, first, mv)
            })
        },
    )
}

/// A LeetCode board in mid-game: mines, hidden cells, revealed cells showing their true counts,
/// a few 'X', and sometimes one wrong digit.
fn midgame_board(max: usize) -> impl Strategy<Value = (usize, usize, Vec<u8>)> {
    (1..=max, 1..=max, 0u32..35, 0u32..90, any::<bool>()).prop_flat_map(
        |(rows, cols, mine_pct, open_pct, lie)| {
            let cells = rows * cols;
            (
                proptest::collection::vec((0u32..100, 0u32..100, 0u32..100), cells),
                0..cells,
                b'1'..=b'8',
            )
                .prop_map(move |(rolls, liar, wrong)| {
                    let mine: Vec<bool> = rolls.iter().map(|t| t.0 < mine_pct).collect();
                    let mut board = vec![0u8; cells];
                    for i in 0..cells {
                        let (r, c) = (i / cols, i % cols);
                        let mut k = 0u8;
                        for rr in r.saturating_sub(1)..=(r + 1).min(rows - 1) {
                            for cc in c.saturating_sub(1)..=(c + 1).min(cols - 1) {
                                k += u8::from((rr, cc) != (r, c) && mine[rr * cols + cc]);
                            }
                        }
                        board[i] = if mine[i] {
                            if rolls[i].2 < 2 {
                                b'X'
                            } else {
                                b'M'
                            }
                        } else if rolls[i].1 < open_pct {
                            if k == 0 {
                                b'B'
                            } else {
                                b'0' + k
                            }
                        } else {
                            b'E'
                        };
                    }
                    if lie && board[liar] != b'M' && board[liar] != b'X' {
                        board[liar] = wrong;
                    }
                    (rows, cols, board)
                })
        },
    )
}

fn rows_of(flat: &[u8], cols: usize) -> Vec<Vec<u8>> {
    leetcode_reference::to_rows(flat, cols)
}

proptest! {
    #![proptest_config(miri::config(600))]

    /// Every move's status, and the view, board and state after it, match the naive game.
    #[test]
    fn generated_games_match_reference((cfg, rule, _, mv) in generated(miri::size(9, 4))) {
        let cells = cfg.rows * cfg.cols;
        let mut lib = Handle::new(&cfg).unwrap();
        let mut want = model::Game::new(cfg.rows, cfg.cols, cfg.mines, cfg.seed, rule);
        prop_assert_eq!(lib.state(), want.state);
        prop_assert_eq!(lib.board(cells), want.board());
        for m in mv {
            prop_assert_eq!(lib.play(m), want.play(m), "{:?}", m);
            prop_assert_eq!(lib.view(cells), want.view(), "{:?}", m);
            prop_assert_eq!(lib.board(cells), want.board(), "{:?}", m);
            prop_assert_eq!(lib.state(), want.state, "{:?}", m);
        }
    }

    /// Boards given by the caller: accepted or refused as the naive game says, then played.
    #[test]
    fn given_boards_match_reference(
        (rows, cols, board) in midgame_board(miri::size(9, 4)),
        mv in moves(9, 9, miri::size(60, 8)),
    ) {
        let cells = rows * cols;
        match (Handle::from_board(&board, rows, cols), model::Game::from_board(&rows_of(&board, cols))) {
            (Err(got), Err(want)) => prop_assert_eq!(got, want),
            (Ok(mut lib), Ok(mut want)) => {
                prop_assert_eq!(lib.board(cells), board.clone());
                prop_assert_eq!(lib.state(), want.state);
                for m in mv {
                    prop_assert_eq!(lib.play(m), want.play(m), "{:?}", m);
                    prop_assert_eq!(lib.view(cells), want.view(), "{:?}", m);
                    prop_assert_eq!(lib.state(), want.state, "{:?}", m);
                }
                prop_assert_eq!(lib.board(cells), want.board());
            }
            (got, want) => prop_assert!(false, "library {:?}, reference {:?}", got.err(), want.err()),
        }
    }

    /// A reveal through the session does to the true board what the seed's click does.
    #[test]
    fn session_reveal_is_the_seed_click(
        (rows, cols, board) in midgame_board(miri::size(14, 5)),
        r in 0usize..14, c in 0usize..14,
    ) {
        let (r, c) = (r % rows, c % cols);
        let board: Vec<u8> = board.iter().map(|&b| if b == b'X' { b'M' } else { b }).collect();
        if let Ok(mut lib) = Handle::from_board(&board, rows, cols) {
            let mut want = rows_of(&board, cols);
            leetcode_reference::mines_click(&mut want, (r, c));
            let status = lib.play(Move { kind: Kind::Reveal, r, c });
            if lib.state() == model::State::Won && board.iter().all(|&b| b != b'E') {
                prop_assert_eq!(status, GG_ERR_GAME_OVER); // nothing left to reveal
            } else {
                prop_assert_eq!(status, GG_OK);
                prop_assert_eq!(rows_of(&lib.board(rows * cols), cols), want);
            }
        }
    }

    /// Flags survive any flood or chord: a flagged cell stays 'F' until the player unflags it
    /// (or the game is lost and it turns out to be a mine).
    #[test]
    fn floods_never_open_flags((cfg, _, _, mv) in generated(miri::size(12, 4))) {
        let cells = cfg.rows * cfg.cols;
        let mut lib = Handle::new(&cfg).unwrap();
        let mut flagged = vec![false; cells];
        for m in mv {
            let before = lib.view(cells);
            let status = lib.play(m);
            let after = lib.view(cells);
            if matches!(m.kind, Kind::Flag) && status == GG_OK {
                let i = m.r * cfg.cols + m.c;
                flagged[i] = after[i] == b'F';
                prop_assert!(before[i] == b'E' || before[i] == b'F' || after[i] == before[i]);
            }
            for i in 0..cells {
                if flagged[i] {
                    let lost_mine = lib.state() == model::State::Lost && after[i] == b'M';
                    prop_assert!(after[i] == b'F' || lost_mine, "cell {} is {}", i, after[i] as char);
                }
            }
        }
    }

    /// Revealing the safe cells one by one wins exactly when the last one opens, and the first
    /// reveal honours the rule.
    #[test]
    fn win_exactly_when_every_safe_cell_is_open(
        (cfg, _, first, _) in generated(miri::size(10, 4)),
        order in any::<prop::sample::Index>(),
        start in any::<prop::sample::Index>(),
    ) {
        let cells = cfg.rows * cfg.cols;
        let mut lib = Handle::new(&cfg).unwrap();
        if lib.state() == model::State::Won {
            prop_assert_eq!(cfg.mines, cells);
            return Ok(());
        }
        let s = start.index(cells);
        let (r0, c0) = (s / cfg.cols, s % cfg.cols);
        let truth = lib.board(cells);
        if first == FirstClick::Any && truth[s] == b'M' {
            lib.play(Move { kind: Kind::Reveal, r: r0, c: c0 });
            prop_assert_eq!(lib.state(), model::State::Lost);
            return Ok(());
        }
        prop_assert_eq!(lib.play(Move { kind: Kind::Reveal, r: r0, c: c0 }), GG_OK);
        let truth = lib.board(cells);
        let mines = truth.iter().filter(|&&b| b == b'M').count();
        prop_assert_eq!(mines, cfg.mines);
        if first == FirstClick::Opening {
            prop_assert_eq!(truth[s], b'B');
        }
        // Walk the safe cells from a rotating start, skipping ones floods already opened.
        let k = order.index(cells);
        for step in 0..cells {
            let i = (k + step) % cells;
            let view = lib.view(cells);
            let hidden_safe = (0..cells).filter(|&j| truth[j] != b'M' && view[j] == b'E').count();
            if hidden_safe == 0 {
                prop_assert_eq!(lib.state(), model::State::Won);
                break;
            }
            prop_assert_eq!(lib.state(), model::State::Playing);
            if truth[i] != b'M' && view[i] == b'E' {
                prop_assert_eq!(lib.play(Move { kind: Kind::Reveal, r: i / cfg.cols, c: i % cfg.cols }), GG_OK);
            }
        }
        prop_assert_eq!(lib.state(), model::State::Won);
    }

    /// The layout follows the README's spec to the letter.
    #[test]
    fn layout_is_the_documented_algorithm(
        rows in 1usize..15, cols in 1usize..15, seed in any::<u64>(),
        r in 0usize..15, c in 0usize..15, ex in 0u8..3, fill in 0.0f64..=1.0,
    ) {
        let (r, c) = (r % rows, c % cols);
        let (exclusion, excluded) = match ex {
            0 => (Exclusion::None, vec![]),
            1 => (Exclusion::Cell(r, c), vec![(r, c)]),
            _ => {
                let mut v = vec![];
                for rr in r.saturating_sub(1)..=(r + 1).min(rows - 1) {
                    for cc in c.saturating_sub(1)..=(c + 1).min(cols - 1) {
                        v.push((rr, cc));
                    }
                }
                (Exclusion::Block(r, c), v)
            }
        };
        let mines = ((rows * cols - excluded.len()) as f64 * fill) as usize;
        let got = Layout { rows, cols, mines, exclusion }.to_board(seed).unwrap();
        let want: Vec<u8> = model::layout(rows, cols, mines, seed, &excluded)
            .concat()
            .into_iter()
            .map(|m| if m { b'M' } else { b'E' })
            .collect();
        prop_assert_eq!(got, want);
    }
}

#[test]
fn same_seed_same_click_same_board() {
    for rule in [
        GG_FIRST_CLICK_ANY,
        GG_FIRST_CLICK_SAFE,
        GG_FIRST_CLICK_OPENING,
    ] {
        let cfg = gg_mines_config {
            rows: 30,
            cols: 16,
            mines: 99,
            seed: 0xDEAD_BEEF,
            first_click: rule,
            no_guess: 0,
        };
        let boards: Vec<Vec<u8>> = (0..2)
            .map(|_| {
                let mut g = Handle::new(&cfg).unwrap();
                g.play(Move {
                    kind: Kind::Reveal,
                    r: 10,
                    c: 7,
                });
                g.board(480)
            })
            .collect();
        assert_eq!(boards[0], boards[1]);
        assert_eq!(
            boards[0]
                .iter()
                .filter(|&&b| b == b'M' || b == b'X')
                .count(),
            99
        );
    }
}
