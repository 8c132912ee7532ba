//! The analysis of the real game of Snakes and Ladders through its C ABI against independent
//! references (`support/snakes_model.rs`):
//! exact rationals and dense solves for the expected length, the joint process of all players for
//! the length distribution and win chances, textbook BFS for optimal play, and simulation for
//! the published board. Also: bad input is refused with every output left untouched.

mod support;

use support::{miri, snakes_model};

use gridgames::ffi::*;
use gridgames::rng::SplitMix64;
use proptest::prelude::*;
use snakes_model::{milton_bradley, Spec, BOUNCE, FINISH, STAY};

fn rules(spec: &Spec) -> gg_snakes_rules {
    gg_snakes_rules {
        faces: spec.faces,
        overshoot: spec.overshoot,
        start: spec.start,
    }
}

fn core_rules(spec: &Spec) -> gridgames::snakes::Rules {
    use gridgames::snakes::Overshoot;
    gridgames::snakes::Rules {
        faces: spec.faces,
        overshoot: [Overshoot::Stay, Overshoot::Bounce, Overshoot::Finish][spec.overshoot as usize],
        start: spec.start,
    }
}

fn ffi_expected(spec: &Spec) -> (i32, f64) {
    let mut e = f64::NAN;
    let r = rules(spec);
    // SAFETY: the table and the out-pointer are live locals of the right sizes.
    let status = unsafe { gg_snakes_expected_turns(spec.jumps.as_ptr(), spec.n(), &r, &mut e) };
    (status, e)
}

fn ffi_shortest(spec: &Spec) -> (i32, i64, Vec<u32>) {
    let mut faces = vec![0u32; spec.n()];
    let mut turns = i64::MIN;
    let r = rules(spec);
    // SAFETY: `faces` holds n elements and `turns` is a live local.
    let status = unsafe {
        gg_snakes_shortest(
            spec.jumps.as_ptr(),
            spec.n(),
            &r,
            faces.as_mut_ptr(),
            faces.len(),
            &mut turns,
        )
    };
    faces.truncate(turns.max(0) as usize);
    (status, turns, faces)
}

fn ffi_move(spec: &Spec, from: usize, face: u32) -> (i32, usize) {
    let mut to = usize::MAX;
    let r = rules(spec);
    // SAFETY: live locals.
    let status = unsafe { gg_snakes_move(spec.jumps.as_ptr(), spec.n(), &r, from, face, &mut to) };
    (status, to)
}

fn ffi_distribution(spec: &Spec, players: u32, rounds: usize) -> (i32, Vec<f64>, f64) {
    let mut probs = vec![f64::NAN; rounds];
    let mut tail = f64::NAN;
    let r = rules(spec);
    // SAFETY: `probs` holds `rounds` elements.
    let status = unsafe {
        gg_snakes_length_distribution(
            spec.jumps.as_ptr(),
            spec.n(),
            &r,
            players,
            probs.as_mut_ptr(),
            rounds,
            &mut tail,
        )
    };
    (status, probs, tail)
}

fn ffi_wins(spec: &Spec, players: u32) -> (i32, Vec<f64>) {
    let mut chances = vec![f64::NAN; players as usize];
    let r = rules(spec);
    // SAFETY: `chances` holds `players` elements.
    let status = unsafe {
        gg_snakes_win_chances(
            spec.jumps.as_ptr(),
            spec.n(),
            &r,
            players,
            chances.as_mut_ptr(),
        )
    };
    (status, chances)
}

/// A valid board of up to `max_n` squares with jumps anywhere, and valid rules.
fn spec(max_n: usize, max_faces: u32) -> impl Strategy<Value = Spec> {
    (1..=max_n, 0u32..=60, 0u32..3).prop_flat_map(move |(n, density, overshoot)| {
        let cell = prop_oneof![
            (100 - density).max(1) => Just(-1),
            density.max(1) => 1..=n as i32,
        ];
        let faces_max = if overshoot == BOUNCE {
            max_faces.min(n as u32)
        } else {
            max_faces
        };
        (
            proptest::collection::vec(cell, n),
            1..=faces_max,
            0..n,
            any::<bool>(),
        )
            .prop_map(move |(mut jumps, faces, start, self_last)| {
                jumps[n - 1] = if self_last { n as i32 } else { -1 };
                Spec {
                    jumps,
                    faces,
                    overshoot,
                    start,
                }
            })
    })
}

/// Boards with long overlapping snakes and ladders: many symbols per segment.
fn long_jump_spec(max_n: usize) -> impl Strategy<Value = Spec> {
    (20..=max_n, 0u32..3, 1u32..=8, 5u32..=25).prop_flat_map(|(n, overshoot, faces, density)| {
        let cell = prop_oneof![
            100 - density => Just(-1),
            density => 1..=n as i32,
        ];
        (proptest::collection::vec(cell, n), 0..n / 4).prop_map(move |(mut jumps, start)| {
            jumps[n - 1] = -1;
            Spec {
                jumps,
                faces,
                overshoot,
                start,
            }
        })
    })
}

fn rel(a: f64, b: f64) -> f64 {
    if a == b {
        0.0
    } else {
        (a - b).abs() / b.abs().max(1e-300)
    }
}

proptest! {
    #![proptest_config(miri::config(1500))]

    #[test]
    fn expected_turns_equal_the_exact_fraction(spec in spec(10, 8)) {
        let (status, e) = ffi_expected(&spec);
        prop_assert_eq!(status, GG_OK);
        if spec.infinite() {
            prop_assert!(e == f64::INFINITY, "{:?} gave {}", spec, e);
        } else {
            let exact = spec.expected_exact();
            prop_assume!(exact.is_some());
            let (num, den) = exact.unwrap();
            let want = num as f64 / den as f64;
            prop_assert!(rel(e, want) < 1e-12, "{:?}: {} vs {}/{}", spec, e, num, den);
        }
    }

    #[test]
    fn shortest_is_a_fewest_turn_game(spec in spec(miri::size(30, 10), 9)) {
        let (status, turns, faces) = ffi_shortest(&spec);
        prop_assert_eq!(status, GG_OK);
        prop_assert_eq!(turns, spec.shortest().map_or(-1, |t| t as i64));
        let mut p = spec.start;
        for &f in &faces {
            prop_assert!(f >= 1 && f <= spec.faces);
            let (s, to) = ffi_move(&spec, p, f);
            prop_assert_eq!(s, GG_OK);
            prop_assert_eq!(to, spec.next(p, f));
            p = to;
        }
        if turns >= 0 {
            prop_assert_eq!(p, spec.n());
        }
    }

    #[test]
    fn move_follows_the_rules(spec in spec(12, 14), from in 0usize..12, face in 1u32..=14) {
        let (status, to) = ffi_move(&spec, from, face);
        let n = spec.n();
        if from > n {
            prop_assert_eq!(status, GG_ERR_OUT_OF_BOUNDS);
        } else if from == n {
            prop_assert_eq!(status, GG_ERR_GAME_OVER);
        } else if face > spec.faces {
            prop_assert_eq!(status, GG_ERR_INVALID_ARGUMENT);
        } else {
            prop_assert_eq!((status, to), (GG_OK, spec.next(from, face)));
            return Ok(());
        }
        prop_assert_eq!(to, usize::MAX);
    }

}

proptest! {
    #![proptest_config(miri::config(400))]

    #[test]
    fn distribution_and_wins_match_the_joint_process(spec in spec(7, 20), players in 1u32..=3) {
        let rounds = miri::size(60, 8);
        let joint = spec.joint(players as usize, rounds);
        let (status, probs, tail) = ffi_distribution(&spec, players, rounds);
        prop_assert_eq!(status, GG_OK);
        for (t, (&got, &want)) in probs.iter().zip(&joint.ends).enumerate() {
            prop_assert!(got >= 0.0);
            prop_assert!((got - want).abs() < 1e-12, "{:?} round {}: {} vs {}", spec, t + 1, got, want);
        }
        prop_assert!((tail - joint.left).abs() < 1e-12, "{} vs {}", tail, joint.left);
        prop_assert!((probs.iter().sum::<f64>() + tail - 1.0).abs() < 1e-12);

        // Win chances are sums over all rounds: compare when 60 rounds leave nothing to decide.
        let (status, wins) = ffi_wins(&spec, players);
        prop_assert_eq!(status, GG_OK);
        if joint.live < 1e-13 {
            for (i, (&got, &want)) in wins.iter().zip(&joint.wins).enumerate() {
                prop_assert!((got - want).abs() < 1e-9, "{:?} player {}: {} vs {}", spec, i, got, want);
            }
        } else {
            for (&got, &want) in wins.iter().zip(&joint.wins) {
                prop_assert!(got >= want - 1e-12 && got <= want + joint.live + 1e-12);
            }
        }
    }

    #[test]
    fn bad_entries_are_refused_and_nothing_is_written(
        spec in spec(10, 6),
        pick in any::<prop::sample::Index>(),
        bad in prop_oneof![Just(0), Just(-2), i32::MIN..-1, Just(i32::MAX), 11i32..1000],
    ) {
        let mut spec = spec;
        let n = spec.n() as i32;
        let i = pick.index(spec.jumps.len());
        spec.jumps[i] = if bad >= 11 { n + 1 + (bad - 11) } else { bad };
        let e = ffi_expected(&spec);
        prop_assert_eq!(e.0, GG_ERR_INVALID_CELL);
        prop_assert!(e.1.is_nan());
        let s = ffi_shortest(&spec);
        prop_assert_eq!((s.0, s.1), (GG_ERR_INVALID_CELL, i64::MIN));
        let m = ffi_move(&spec, 0, 1);
        prop_assert_eq!(m, (GG_ERR_INVALID_CELL, usize::MAX));
        let d = ffi_distribution(&spec, 2, 4);
        prop_assert_eq!(d.0, GG_ERR_INVALID_CELL);
        prop_assert!(d.1.iter().all(|x| x.is_nan()) && d.2.is_nan());
        let w = ffi_wins(&spec, 3);
        prop_assert_eq!(w.0, GG_ERR_INVALID_CELL);
        prop_assert!(w.1.iter().all(|x| x.is_nan()));
    }
}

proptest! {
    #![proptest_config(miri::config(300))]

    #[test]
    fn one_player_distribution_on_larger_boards_and_dice(spec in spec(miri::size(40, 12), 45)) {
        let rounds = miri::size(200, 10);
        let joint = spec.joint(1, rounds);
        let (status, probs, tail) = ffi_distribution(&spec, 1, rounds);
        prop_assert_eq!(status, GG_OK);
        for (t, (&got, &want)) in probs.iter().zip(&joint.ends).enumerate() {
            prop_assert!(got >= 0.0 && (got - want).abs() < 1e-12, "{:?} turn {}: {} vs {}", spec, t + 1, got, want);
        }
        prop_assert!((tail - joint.left).abs() < 1e-12);
        let (status, wins) = ffi_wins(&spec, 1);
        prop_assert_eq!(status, GG_OK);
        prop_assert!(wins[0] >= joint.wins[0] - 1e-12 && wins[0] <= joint.wins[0] + joint.live + 1e-12);
    }
}

proptest! {
    #![proptest_config(miri::config(150))]

    #[test]
    fn expected_turns_match_a_dense_solve_with_long_jumps(spec in long_jump_spec(miri::size(160, 24))) {
        let (status, e) = ffi_expected(&spec);
        prop_assert_eq!(status, GG_OK);
        let want = spec.expected_dense();
        if want.is_infinite() {
            prop_assert!(e == f64::INFINITY);
        } else {
            // The dense solve itself is only good to about cond * n * 1e-16, cond ~ E.
            let tol = 1e-9 + 4e-16 * want * spec.n() as f64;
            prop_assert!(rel(e, want) < tol, "{:?}: {} vs {}", spec, e, want);
            // The library's own certificate.
            let game = gridgames::snakes::Game::new(&spec.jumps, core_rules(&spec)).unwrap();
            let bounded = gridgames::snakes::expected_turns_bounded(&game).unwrap();
            prop_assert_eq!(bounded.turns, e);
            prop_assert!(bounded.relative_error < 1e-12, "{:?}", bounded);
        }
    }
}

proptest! {
    #![proptest_config(miri::config(200))]

    /// Dice past the sweep's running-sum (16 faces) and single-segment (64 faces) thresholds.
    #[test]
    fn expected_turns_match_a_dense_solve_with_big_dice(
        spec in spec(miri::size(150, 20), 200),
        faces in 1u32..=220,
    ) {
        let mut spec = spec;
        spec.faces = if spec.overshoot == BOUNCE { faces.min(spec.n() as u32) } else { faces };
        let (status, e) = ffi_expected(&spec);
        let want = spec.expected_dense();
        if want.is_infinite() {
            prop_assert_eq!((status, e), (GG_OK, f64::INFINITY));
        } else if status == GG_OK {
            let tol = 1e-9 + 4e-16 * want * spec.n() as f64;
            prop_assert!(rel(e, want) < tol, "{:?}: {} vs {}", spec, e, want);
        } else {
            // Only a chain too ill-conditioned to certify may be refused.
            prop_assert_eq!(status, GG_ERR_INVALID_ARGUMENT);
            prop_assert!(want > 1e6, "{:?}: refused with mean {}", spec, want);
        }
    }
}

#[test]
#[cfg_attr(miri, ignore = "400 000 simulated games")]
fn milton_bradley_published_value_and_simulation() {
    let spec = Spec {
        jumps: milton_bradley(),
        faces: 6,
        overshoot: STAY,
        start: 0,
    };
    let (status, e) = ffi_expected(&spec);
    assert_eq!(status, GG_OK);
    // Althoen, King & Schilling (1993).
    assert!(rel(e, 39.225_122_308_234_9) < 1e-13, "{e}");
    // A dense solve (the board is too big for exact i128 fractions).
    assert!(rel(e, spec.expected_dense()) < 1e-13);

    // Simulation: 200 000 games; the mean's standard error is about 0.06 turns.
    let mut rng = SplitMix64::new(2024);
    let games = 200_000;
    let mut total = 0u64;
    let mut wins = [0u64; 3];
    for _ in 0..games {
        let mut p = 0;
        let mut turns = 0;
        while p != 100 {
            p = spec.next(p, 1 + rng.below(6) as u32);
            turns += 1;
        }
        total += turns;
    }
    let mean = total as f64 / games as f64;
    assert!((mean - e).abs() < 0.3, "simulated {mean} vs {e}");

    // Three players, simulated rounds.
    for _ in 0..games {
        let mut pos = [0usize; 3];
        'game: loop {
            for (i, p) in pos.iter_mut().enumerate() {
                *p = spec.next(*p, 1 + rng.below(6) as u32);
                if *p == 100 {
                    wins[i] += 1;
                    break 'game;
                }
            }
        }
    }
    let (status, chances) = ffi_wins(&spec, 3);
    assert_eq!(status, GG_OK);
    for i in 0..3 {
        let sim = wins[i] as f64 / games as f64;
        // Binomial standard error is about 0.001.
        assert!(
            (sim - chances[i]).abs() < 0.006,
            "player {i}: {sim} vs {}",
            chances[i]
        );
    }
    assert!((chances.iter().sum::<f64>() - 1.0).abs() < 1e-12);
}

#[test]
#[cfg_attr(miri, ignore = "twelve dense 100-square solves")]
fn rules_change_the_milton_bradley_figures_consistently() {
    let mut spec = Spec {
        jumps: milton_bradley(),
        faces: 6,
        overshoot: STAY,
        start: 0,
    };
    for overshoot in [STAY, BOUNCE, FINISH] {
        for faces in [4, 6, 8, 12] {
            spec.overshoot = overshoot;
            spec.faces = faces;
            let (status, e) = ffi_expected(&spec);
            assert_eq!(status, GG_OK);
            let want = spec.expected_dense();
            assert!(rel(e, want) < 1e-12, "{overshoot} {faces}: {e} vs {want}");
        }
    }
}

/// Squares 6k+1 plain, every other square a snake to square 1, standing on square 1: only a six
/// keeps the player going, so the mean is (6^(m+1) - 6) / 5 with N = 6m + 1.
fn stage_board(m: usize) -> Vec<i32> {
    (1..=6 * m + 1)
        .map(|s| if s % 6 == 1 { -1 } else { 1 })
        .collect()
}

#[test]
#[cfg_attr(miri, ignore = "numerical solves; safe core code, run natively")]
fn astronomically_long_games_are_exact_or_refused_never_wrong() {
    use gridgames::snakes::{expected_turns, Game, Overshoot, Rules};
    use gridgames::ErrorKind;
    let mut answered = 0;
    for m in 1..=60 {
        let jumps = stage_board(m);
        let game = Game::new(&jumps, Rules::new(6, Overshoot::Stay, 1)).unwrap();
        let truth = (6f64.powi(m as i32 + 1) - 6.0) / 5.0;
        match expected_turns(&game) {
            Ok(e) => {
                answered += 1;
                assert!(rel(e, truth) <= 1e-9, "m = {m}: {e} vs {truth}");
            }
            Err(err) => {
                assert_eq!(err.kind(), ErrorKind::TooComplex, "m = {m}");
                assert!(err.detail().contains("1e-9"), "{}", err.detail());
                assert!(m >= 15, "m = {m} (mean {truth:e}) should be within reach");
            }
        }
    }
    assert!(answered >= 15);
    // Finite, however large, is never reported as +INFINITY.
    let jumps = stage_board(390);
    let game = Game::new(&jumps, Rules::new(6, Overshoot::Stay, 1)).unwrap();
    assert_eq!(
        expected_turns(&game).unwrap_err().kind(),
        ErrorKind::TooComplex
    );
    // Every even square a snake to its half: exact on small boards, refused (quickly) beyond.
    for n in [50usize, 100, 500, 5000] {
        let jumps: Vec<i32> = (1..=n)
            .map(|s| {
                if s % 2 == 0 && s != n {
                    (s / 2) as i32
                } else {
                    -1
                }
            })
            .collect();
        let game = Game::new(&jumps, Rules::STANDARD).unwrap();
        match expected_turns(&game) {
            Ok(e) => assert!(e.is_finite() && e > 0.0, "n = {n}: {e}"),
            Err(err) => assert_eq!(err.kind(), ErrorKind::TooComplex, "n = {n}"),
        }
    }
}
