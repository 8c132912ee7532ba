//! Minesweeper save, load and undo, as properties of random games: a game saved and loaded at
//! every step is the same game and plays on alike; every move undone gives back the game before
//! it; and undoing every move gives back a new game.

mod support;

use gridgames::mines::{Config, FirstClick, Game, Logic, Move, MoveKind};
use proptest::prelude::*;
use support::miri;

/// Everything a caller can read of a game.
#[derive(Debug, PartialEq)]
struct Seen {
    view: Vec<u8>,
    board: Vec<u8>,
    state: gridgames::mines::GameState,
    stats: gridgames::mines::PlayStats,
    moves: Vec<Move>,
    placed: bool,
}

fn seen(g: &Game) -> Seen {
    Seen {
        view: g.view().unwrap(),
        board: g.board().unwrap(),
        state: g.state(),
        stats: g.stats().unwrap(),
        moves: g.moves().to_vec(),
        placed: g.mines_placed(),
    }
}

fn make(g: &mut Game, m: Move) -> Result<String, String> {
    let r = match m.kind {
        MoveKind::Reveal => g.reveal(m.row, m.col).map(|c| format!("{c:?}")),
        MoveKind::Flag => g.toggle_flag(m.row, m.col).map(|f| format!("{f}")),
        MoveKind::Chord => g.chord(m.row, m.col).map(|c| format!("{c:?}")),
    };
    r.map_err(|e| format!("{:?}: {}", e.kind(), e.detail()))
}

fn config() -> impl Strategy<Value = Config> {
    (
        1usize..9,
        1usize..9,
        0u32..3,
        0u32..3,
        any::<u64>(),
        0usize..30,
    )
        .prop_map(|(rows, cols, rule, ng, seed, mines)| {
            let first_click =
                [FirstClick::Any, FirstClick::Safe, FirstClick::Opening][rule as usize];
            let no_guess = match (ng, first_click) {
                (_, FirstClick::Any) | (0, _) => None,
                (1, _) => Some(Logic::WithCount),
                _ => Some(Logic::NumbersOnly),
            };
            // No-guess boards stay sparse: dense ones spend the generator's whole budget.
            let cap = if no_guess.is_some() {
                rows * cols / 6
            } else {
                rows * cols
            };
            Config {
                rows,
                cols,
                mines: mines.min(first_click.max_mines(rows, cols)).min(cap),
                seed,
                first_click,
                no_guess,
            }
        })
}

fn moves(n: usize) -> impl Strategy<Value = Vec<(u8, usize, usize)>> {
    proptest::collection::vec((0u8..4, 0usize..10, 0usize..10), 0..n)
}

proptest! {
    #![proptest_config(miri::config(120))]

    #[test]
    #[cfg_attr(miri, ignore = "through the safe core only; the C API's records run in c_tests")]
    fn saved_and_loaded_games_are_the_same_game(cfg in config(), script in moves(40)) {
        let Ok(mut g) = Game::new(&cfg) else { return Ok(()); };
        for (k, r, c) in script {
            let mut loaded = Game::load(&g.save().unwrap()).unwrap();
            prop_assert_eq!(seen(&loaded), seen(&g));
            prop_assert_eq!(loaded.save().unwrap(), g.save().unwrap());
            let kind = [MoveKind::Reveal, MoveKind::Flag, MoveKind::Chord, MoveKind::Reveal][k as usize];
            let m = Move { kind, row: r % (cfg.rows + 1), col: c % (cfg.cols + 1) };
            let before = seen(&g);
            let result = make(&mut g, m);
            prop_assert_eq!(&make(&mut loaded, m), &result);
            prop_assert_eq!(seen(&loaded), seen(&g));
            if result.is_ok() {
                // Undo gives back the game before the move; making it again gives the same game.
                let after = seen(&g);
                prop_assert_eq!(g.undo().unwrap(), m);
                prop_assert_eq!(seen(&g), before);
                prop_assert_eq!(make(&mut g, m), result);
                prop_assert_eq!(seen(&g), after);
            } else {
                prop_assert_eq!(seen(&g), before);
            }
        }
        let fresh = Game::new(&cfg).unwrap();
        while g.undo().is_ok() {}
        prop_assert_eq!(seen(&g), seen(&fresh));
        prop_assert_eq!(g.save().unwrap(), fresh.save().unwrap());
    }

    #[test]
    #[cfg_attr(miri, ignore = "through the safe core only")]
    fn given_boards_save_and_undo_alike(
        (rows, cols, board, _, _) in support::strategies::leetcode_board(1usize..=7, 1usize..=7, 0u32..300),
        script in moves(25),
    ) {
        let Ok(mut g) = Game::from_board(&board, rows, cols) else { return Ok(()); };
        let fresh = seen(&g);
        for (k, r, c) in script {
            let kind = [MoveKind::Reveal, MoveKind::Flag, MoveKind::Chord, MoveKind::Flag][k as usize];
            let m = Move { kind, row: r % rows, col: c % cols };
            let _ = make(&mut g, m);
            let loaded = Game::load(&g.save().unwrap()).unwrap();
            prop_assert_eq!(seen(&loaded), seen(&g));
        }
        while g.undo().is_ok() {}
        prop_assert_eq!(seen(&g), fresh);
    }
}

/// CRC-32 (IEEE), written again from its definition.
fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 == 1 {
                (c >> 1) ^ 0xEDB8_8320
            } else {
                c >> 1
            };
        }
    }
    !c
}

#[test]
#[cfg_attr(miri, ignore = "a million-cell game")]
fn a_record_cannot_make_the_library_build_a_huge_board() {
    // A record that claims 10^6 x 10^6 cells in 30 bytes: refused before anything is allocated.
    let mut g = Game::new(&Config {
        rows: 1_000_000,
        cols: 1,
        mines: 1,
        seed: 1,
        first_click: FirstClick::Safe,
        no_guess: None,
    })
    .unwrap();
    g.toggle_flag(0, 0).unwrap();
    let rec = g.save().unwrap();
    assert!(rec.len() > 125_000, "a bit a cell: {}", rec.len());
    // The header and the configuration, then the checksum: the layout is missing.
    let mut cut = rec[..26].to_vec();
    let sum = crc32(&cut);
    cut.extend_from_slice(&sum.to_le_bytes());
    let e = Game::load(&cut).unwrap_err();
    assert_eq!(e.kind(), gridgames::ErrorKind::BadRecord);
    assert!(e.detail().contains("the mine layout"), "{}", e.detail());
}
