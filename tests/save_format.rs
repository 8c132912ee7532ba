//! Records written by version 1 of the save format, kept forever: every later release must load
//! them as the same games (docs/save-format.md). While version 1 is the newest, saving the loaded
//! games must give back the same bytes, which pins the format itself.

use gridgames::mines::{Game, GameState, Move, MoveKind, MINES_RECORD_VERSION};
use gridgames::snakes::{Session, SNAKES_RECORD_VERSION};

fn bytes(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect()
}

/// 9 x 9, 10 mines, seed 2024, first click opening: reveal (4, 4), flag (3, 6), chord (2, 5).
const MINES_GENERATED: &str =
    "47474d5301000009090ae807000000000000020001c00a080002a800000100000300\
                               04040103060202056e76795a";
/// Given as the 4 x 4 board MEEE/EEEE/EEEE/BBEE: flag (0, 0), reveal (3, 3).
const MINES_GIVEN: &str = "47474d5301000104040100003002010000000303ab8f88d6";
/// The Milton Bradley board, 2 players, seed 2024: a face of 1 played, then five rolls.
const SNAKES: &str = "4747534c0100642700000f000000002000000000000007000000002b000000000000550000\
                      00000000002d000000000000000000001b000c00440000000036000000000014003d00000000\
                      00005c0000000000000000650000000000001900000000004a004c00004f000006000002e807\
                      0000000000000602090305030bbeef59e8";

fn compact(s: &str) -> String {
    s.split_whitespace().collect()
}

#[test]
fn version_1_minesweeper_records_load_as_the_games_they_saved() {
    let record = bytes(&compact(MINES_GENERATED));
    let g = Game::load(&record).unwrap();
    assert_eq!((g.rows(), g.cols(), g.mines()), (9, 9, 10));
    assert_eq!(g.state(), GameState::Playing);
    let moves = [
        (MoveKind::Reveal, 4, 4),
        (MoveKind::Flag, 3, 6),
        (MoveKind::Chord, 2, 5),
    ]
    .map(|(kind, row, col)| Move { kind, row, col });
    assert_eq!(g.moves(), moves);
    // The golden layout of seed 2024 (docs/reproducibility.md), row 0: mines at 6 and 7.
    let mines: Vec<bool> = g.board().unwrap()[..9].iter().map(|&b| b == b'M').collect();
    assert_eq!(
        mines,
        [false, false, false, false, false, false, true, true, false]
    );
    assert_eq!(g.view().unwrap()[3 * 9 + 6], b'F');
    if MINES_RECORD_VERSION == 1 {
        assert_eq!(g.save().unwrap(), record);
    }

    let record = bytes(MINES_GIVEN);
    let g = Game::load(&record).unwrap();
    // Revealing (3, 3) opened every blank and the counts around the flagged mine.
    assert_eq!(g.board().unwrap(), b"M1BB11BBBBBBBBBB");
    assert_eq!(g.view().unwrap(), b"F1BB11BBBBBBBBBB");
    if MINES_RECORD_VERSION == 1 {
        assert_eq!(g.save().unwrap(), record);
    }
}

#[test]
fn version_1_snakes_records_load_as_the_games_they_saved() {
    let record = bytes(&compact(SNAKES));
    let s = Session::load(&record).unwrap();
    assert_eq!((s.players(), s.turns(), s.seed()), (2, 6, 2024));
    let first = s.history().next().unwrap();
    assert_eq!(
        (first.player, first.face, first.from, first.to),
        (0, 1, 0, 38)
    );
    if SNAKES_RECORD_VERSION == 1 {
        assert_eq!(s.save().unwrap(), record);
    }
}
