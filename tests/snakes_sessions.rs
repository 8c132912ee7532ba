//! Snakes and Ladders game sessions: save and load at every step of random games, undo back to
//! a new game, and seeded games played out against the exact analysis (the expected length, the
//! length distribution, the win chances), within sampling error.

mod support;

use gridgames::snakes::{milton_bradley_jumps, Overshoot, Rules, Session};
use gridgames::snakes::{win_chances, Game, RoundDistribution};
use proptest::prelude::*;
use support::miri;

#[derive(Debug, PartialEq)]
struct Seen {
    positions: Vec<usize>,
    next: u32,
    winner: Option<u32>,
    turns: u64,
    history: Vec<gridgames::snakes::Turn>,
}

fn seen(s: &Session) -> Seen {
    Seen {
        positions: s.positions().to_vec(),
        next: s.next_player(),
        winner: s.winner(),
        turns: s.turns(),
        history: s.history().collect(),
    }
}

/// A valid jump table of `n` squares: a few jumps, none on the last square.
fn table() -> impl Strategy<Value = Vec<i32>> {
    (2usize..40).prop_flat_map(|n| {
        proptest::collection::vec(prop_oneof![4 => Just(-1), 1 => 1..=n as i32], n).prop_map(
            move |mut t| {
                t[n - 1] = -1;
                t
            },
        )
    })
}

proptest! {
    #![proptest_config(miri::config(300))]

    #[test]
    #[cfg_attr(miri, ignore = "through the safe core only; c_tests run the C API")]
    fn saved_sessions_load_as_the_same_game_and_undo_to_a_new_one(
        jumps in table(),
        faces in 1u32..8,
        rule in 0usize..3,
        players in 1u32..5,
        seed in any::<u64>(),
        script in proptest::collection::vec(0u32..10, 0..60),
    ) {
        let overshoot = [Overshoot::Stay, Overshoot::Bounce, Overshoot::Finish][rule];
        let rules = Rules { faces, overshoot, start: 0 };
        let Ok(mut g) = Session::new(&jumps, rules, players, seed) else { return Ok(()); };
        let fresh = seen(&g);
        for step in script {
            let mut l = Session::load(&g.save().unwrap()).unwrap();
            prop_assert_eq!(seen(&l), seen(&g));
            let (a, b) = match step {
                0 => (g.undo().ok(), l.undo().ok()),
                1..=3 => (g.play(step).ok(), l.play(step).ok()),
                _ => (g.roll().ok(), l.roll().ok()),
            };
            prop_assert_eq!(a, b);
            prop_assert_eq!(seen(&l), seen(&g));
            prop_assert_eq!(l.save().unwrap(), g.save().unwrap());
        }
        // A roll after an undo repeats the undone roll.
        if g.winner().is_none() {
            if let Ok(t) = g.roll() {
                g.undo().unwrap();
                prop_assert_eq!(g.roll().unwrap(), t);
            }
        }
        while g.undo().is_ok() {}
        prop_assert_eq!(seen(&g), fresh);
    }
}

/// Plays `games` seeded games of `players` on the Milton Bradley board to the end, and returns
/// each game's length in rounds and its winner.
fn play_out(players: u32, games: u64, seed: u64) -> Vec<(u64, u32)> {
    let jumps = milton_bradley_jumps();
    (0..games)
        .map(|k| {
            let mut s = Session::new(&jumps, Rules::STANDARD, players, seed + k).unwrap();
            loop {
                let t = s.roll().unwrap();
                if t.won {
                    return (s.turns().div_ceil(u64::from(players)), t.player);
                }
            }
        })
        .collect()
}

#[test]
#[cfg_attr(miri, ignore = "a hundred thousand games")]
fn seeded_solo_games_agree_with_the_expected_length_and_the_distribution() {
    let games = 100_000u64;
    let lengths = play_out(1, games, 1);
    let jumps = milton_bradley_jumps();
    let game = Game::new(&jumps, Rules::STANDARD).unwrap();
    let mean = lengths.iter().map(|&(t, _)| t as f64).sum::<f64>() / games as f64;
    let var = lengths
        .iter()
        .map(|&(t, _)| (t as f64 - mean).powi(2))
        .sum::<f64>()
        / (games - 1) as f64;
    let want = gridgames::snakes::expected_turns(&game).unwrap();
    let se = (var / games as f64).sqrt();
    assert!(
        (mean - want).abs() < 5.0 * se,
        "mean {mean}, expected {want}, se {se}"
    );
    // The distribution: P(done by round t) for several t, within 5 binomial standard errors.
    let mut probs = vec![0.0; 300];
    RoundDistribution::new(game, 1).unwrap().fill(&mut probs);
    let mut done = 0.0;
    for (t, p) in probs.iter().enumerate() {
        done += p;
        let round = t as u64 + 1;
        if [10, 20, 32, 50, 72, 128].contains(&round) {
            let seen = lengths.iter().filter(|&&(l, _)| l <= round).count() as f64 / games as f64;
            let se = (done * (1.0 - done) / games as f64).sqrt();
            assert!(
                (seen - done).abs() < 5.0 * se + 1e-12,
                "round {round}: {seen} vs {done}"
            );
        }
    }
}

#[test]
#[cfg_attr(miri, ignore = "tens of thousands of games")]
fn seeded_games_of_two_to_four_agree_with_the_win_chances() {
    let jumps = milton_bradley_jumps();
    let game = Game::new(&jumps, Rules::STANDARD).unwrap();
    for players in 2..=4u32 {
        let games = 40_000u64;
        let results = play_out(players, games, 1000 * u64::from(players));
        let chances = win_chances(game, players).unwrap();
        for (p, &want) in chances.iter().enumerate() {
            let seen =
                results.iter().filter(|&&(_, w)| w == p as u32).count() as f64 / games as f64;
            let se = (want * (1.0 - want) / games as f64).sqrt();
            assert!(
                (seen - want).abs() < 5.0 * se,
                "{players} players, player {p}: {seen} vs {want}"
            );
        }
    }
}
